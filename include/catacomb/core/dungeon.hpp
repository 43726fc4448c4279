#pragma once
/// Dungeon: a terrain grid with its objectives, rooms and the recipe that made it.
/// This is the value that generators return, validate checks and io reads and writes.
#include <catacomb/export.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What an objective is for.
enum class ObjectiveKind : uint8_t {
  Start,      ///< where the player enters; every other objective must be reachable from it
  Exit,       ///< the way out
  Key,        ///< a key to collect
  Treasure,   ///< treasure to collect
  Objective,  ///< any other point of interest (what ASCII digits read back as)
};

/// "start", "exit", "key", "treasure", "objective".
std::string_view objective_kind_name(ObjectiveKind k);
/// The kind called `name`, if any.
std::optional<ObjectiveKind> objective_kind_from_name(std::string_view name);

/// One objective: a kind at a cell.
struct Objective {
  ObjectiveKind kind = ObjectiveKind::Objective;
  Point pos;
  friend bool operator==(const Objective&, const Objective&) = default;
};

/// A generator parameter value as recorded in a dungeon's recipe.
using ParamValue = std::variant<int64_t, double, bool, std::string>;
/// Named parameters in the order the generator lists them (never reordered: outputs are
/// byte-identical for the same recipe).
using Params = std::vector<std::pair<std::string, ParamValue>>;

struct Dungeon {
  Grid<Terrain> tiles;
  std::vector<Objective> objectives;  ///< start first when there is one, then exit, then the rest
  std::vector<Rect> rooms;            ///< rooms of a room generator; empty for caves
  uint64_t seed = 0;
  std::string generator;  ///< "caves", "rooms", or "" for a map of unknown origin
  Params params;
  /// Attempts the generator needed to produce a valid dungeon (1 = the first try); 0 when
  /// unknown (a map read from a file that does not say).
  int attempts = 0;

  /// The first objective of kind `k`, if any.
  std::optional<Point> find(ObjectiveKind k) const {
    for (const Objective& o : objectives)
      if (o.kind == k) return o.pos;
    return std::nullopt;
  }
  friend bool operator==(const Dungeon&, const Dungeon&) = default;
};

/// 64-bit FNV-1a hash of the terrain grid (width, height, then one byte per cell): the golden
/// hash tests pin per seed.
uint64_t grid_hash(const Grid<Terrain>& g);

}  // namespace catacomb
CATACOMB_PUBLIC_END
