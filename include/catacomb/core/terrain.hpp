#pragma once
/// Terrain kinds, their ASCII characters and names, and cost tables.
#include <catacomb/export.hpp>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What a cell is made of. One byte per cell.
enum class Terrain : uint8_t {
  Wall = 0,    ///< impassable rock
  Floor,       ///< open ground inside rooms and caves
  Corridor,    ///< dug passage between rooms
  Door,        ///< where a corridor enters a room
  Water,       ///< shallow water: passable, slow
  Vegetation,  ///< trees and undergrowth: passable, slower
  Road,        ///< paved road: the cheapest ground
  // Side-view (platformer) terrains; in a side-view map '#' is solid and '.' is air.
  Ladder,    ///< side view: a ladder, climbed up and down (see platformer/side_view.hpp)
  Platform,  ///< side view: a one-way platform: stood on, jumped up through, dropped down through
};

/// Number of terrain kinds (the size of a cost table).
inline constexpr int kTerrainCount = 9;
/// The terrains of top-down maps, Wall to Road: the first kTopDownTerrainCount of the enum.
/// Legends and tilesets list these always and the side-view ones only for maps that use them,
/// so top-down maps are written as they were before side-view terrain existed.
inline constexpr int kTopDownTerrainCount = 7;

/// All terrain kinds, in enum order.
inline constexpr std::array<Terrain, kTerrainCount> kAllTerrains = {Terrain::Wall, Terrain::Floor,  Terrain::Corridor,
                                                                    Terrain::Door, Terrain::Water,  Terrain::Vegetation,
                                                                    Terrain::Road, Terrain::Ladder, Terrain::Platform};

/// True for the side-view terrains (ladder, platform).
constexpr bool is_side_view_terrain(Terrain t) { return static_cast<int>(t) >= kTopDownTerrainCount; }

/// ASCII legend: wall '#', floor '.', corridor ',', door '+', water '~', vegetation '"', road '=',
/// ladder 'H', platform '-'.
char terrain_char(Terrain t);
/// Lower-case name: "wall", "floor", "corridor", "door", "water", "vegetation", "road".
std::string_view terrain_name(Terrain t);
/// The terrain drawn with `c`, if any.
std::optional<Terrain> terrain_from_char(char c);
/// The terrain called `name`, if any.
std::optional<Terrain> terrain_from_name(std::string_view name);

/// The named cost tables (CostTable::dungeon(), tutorial(), uniform()).
enum class CostPreset : uint8_t { Dungeon, Tutorial, Uniform };
/// "dungeon", "tutorial", "uniform" (the names used in JSON configs and on the command line).
std::string_view cost_preset_name(CostPreset p);
/// Parses a preset name; throws InvalidArgument "<field> = <name> (expected dungeon, tutorial or
/// uniform)" otherwise.
CostPreset parse_cost_preset(std::string_view name, const std::string& field = "costs");

/// Cost of entering a cell of each terrain kind. A cost of kImpassable (infinity) means the
/// terrain is never entered; every passable cost is finite and > 0.
/// Indexed by terrain, no virtual call (after Detour's dtQueryFilter).
class CostTable {
 public:
  /// The cost of a terrain that is never entered (infinity).
  static constexpr double kImpassable = std::numeric_limits<double>::infinity();

  /// All terrains impassable.
  CostTable() { costs_.fill(kImpassable); }

  /// Dungeon default: wall impassable; floor, corridor, door, road, ladder, platform 1;
  /// vegetation 2; water 3.
  static CostTable dungeon();
  /// The tutorial's table ("A* Is Born"): road 1, open ground (floor, corridor, door) 3,
  /// water 5, trees (vegetation) 10, walls impassable (ladder and platform 3, as open ground).
  static CostTable tutorial();
  /// Every passable terrain costs 1 (for BFS and unit-cost grids).
  static CostTable uniform();
  /// A preset. Throws InvalidArgument for a value outside the enum.
  static CostTable preset(CostPreset p);
  /// A preset by name: "dungeon", "tutorial" or "uniform". Throws InvalidArgument otherwise.
  static CostTable preset(std::string_view name);

  /// The cost of entering a cell of terrain `t` (kImpassable when it cannot be entered).
  double operator[](Terrain t) const { return costs_[static_cast<size_t>(t)]; }
  /// True when terrain `t` can be entered (its cost is finite).
  bool passable(Terrain t) const { return costs_[static_cast<size_t>(t)] != kImpassable; }
  /// Sets one cost. Throws InvalidArgument unless cost > 0 (finite) or kImpassable.
  void set(Terrain t, double cost);
  /// The smallest passable cost (kImpassable when nothing is passable).
  double min_cost() const;
  /// True when every passable terrain has the same cost.
  bool uniform_costs() const;

  /// Equal when every terrain's cost is equal.
  friend bool operator==(const CostTable&, const CostTable&) = default;

 private:
  std::array<double, kTerrainCount> costs_{};
};

/// A game's own costs over a cost table: for each terrain, the cost that replaces the table's,
/// or none to keep it. What GenerateConfig::cost and the `--cost` flag hold
/// ("water=impassable,vegetation=7.5"); a dungeon records it in its recipe as that text.
class CostOverrides {
 public:
  /// Replaces the cost of `t`. Throws InvalidArgument unless cost > 0 (finite) or
  /// CostTable::kImpassable.
  void set(Terrain t, double cost);
  /// The cost that replaces terrain `t`'s, if any.
  std::optional<double> operator[](Terrain t) const { return costs_[static_cast<size_t>(t)]; }
  /// True when no terrain is replaced.
  bool empty() const;
  /// `base` with every replaced cost set.
  CostTable apply(CostTable base) const;
  /// Every terrain of `table` (a whole cost table of the game's own, whatever the preset).
  static CostOverrides all_of(const CostTable& table);
  /// Equal when the same terrains are replaced by the same costs.
  friend bool operator==(const CostOverrides&, const CostOverrides&) = default;

 private:
  std::array<std::optional<double>, kTerrainCount> costs_{};
};

/// The overrides as text: "name=cost" for each replaced terrain, in enum order, joined by ',';
/// a cost in its shortest round-trip form, or "impassable"; "" when none.
std::string cost_overrides_text(const CostOverrides& o);
/// Parses cost_overrides_text's form ("water=impassable,vegetation=7.5"; "" is none; a terrain
/// named twice keeps the last). Throws InvalidArgument "<field> = <item> (expected ...)" naming
/// the first bad item: an unknown terrain name, a cost that is not a finite number > 0 or
/// "impassable", an item without '='.
CostOverrides parse_cost_overrides(std::string_view text, const std::string& field = "cost");

}  // namespace catacomb
CATACOMB_PUBLIC_END
