#pragma once
/// Room perturbation (the tutorial series' #7): many randomly sized rooms are scattered, then
/// pushed apart until every pair keeps a minimum distance; rooms that still break the rule
/// after the iteration cap are dropped. Each room gets a connection point.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/rng.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

struct RoomLayoutConfig {
  /// Map width. [Limit: 16 to kMaxSide] [Units: cells]
  int width = 80;
  /// Map height. [Limit: 16 to kMaxSide] [Units: cells]
  int height = 50;
  /// Rooms created before perturbation. [Limit: 2 to 100000]
  int room_count = 16;
  /// Smallest room side. [Limit: 6 to max_side] [Units: cells]
  int min_side = 6;
  /// Largest room side. [Limit: min_side to 256, and rooms must fit the map] [Units: cells]
  int max_side = 12;
  /// Wall cells that must separate any two rooms (Chebyshev gap between their rectangles).
  /// [Limit: 3 to 64] [Units: cells]
  int min_distance = 3;
  /// Most separation iterations before rooms that still break the rule are dropped.
  /// [Limit: 1 to 100000]
  int max_iterations = 300;

  std::vector<std::string> problems() const;
};

/// Rooms after perturbation, each with its connection point.
struct RoomLayout {
  std::vector<Rect> rooms;
  /// One per room: a random interior cell at least 3 tiles from every edge (counting the edge
  /// tile as 1, so offsets 2 .. side-3 from the room's top-left).
  std::vector<Point> connection_points;
  /// Rooms created but dropped because they still broke the distance rule.
  int dropped = 0;
  /// Separation iterations run.
  int iterations = 0;
};

/// Chebyshev gap between two rooms: wall cells between them along the axis where they are
/// farthest apart (negative when they overlap on both axes).
int room_gap(const Rect& a, const Rect& b);

/// Creates and perturbs rooms. Positions move as reals; after every step they are rounded and
/// clamped so every room keeps a 1-tile margin inside the map. Deterministic in (config, rng).
/// The config must be valid (RoomLayoutConfig::problems() empty).
RoomLayout layout_rooms(const RoomLayoutConfig& config, Rng& rng);

}  // namespace catacomb
CATACOMB_PUBLIC_END
