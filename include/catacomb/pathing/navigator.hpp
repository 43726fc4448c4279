#pragma once
/// The Navigator: exact shortest paths for many queries on one static map, with doors that open
/// and close. Built once (landmark distance tables, and on maps without doors the jump point
/// search map), it answers each query with A* steered by a differential (landmark, ALT)
/// heuristic, or, on a map without doors under 8 neighbours without corner cutting, with Jump
/// Point Search steered by the same heuristic (on a map of varied costs, its weighted form: it
/// jumps where a cell's neighbours all cost what it does and steps as A* elsewhere). Answers are optimal under the rules it
/// was built with: the same cost as find_path (A*) on the same map, doors as they stand.
#include <catacomb/export.hpp>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/player_state.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/map_rules.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/search.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What a Navigator holds and how it answers.
struct NavigatorStats {
  /// "jps" (8 neighbours without corner cutting, no doors; weighted when costs vary) or "astar".
  std::string_view engine;
  /// Landmarks of the differential heuristic (0 on a map without a passable cell).
  int landmarks = 0;
  /// Bytes built once and kept, per cell of the map (landmark tables, cell costs, the jump point
  /// search map): what the map costs to hold. [Units: bytes per cell]
  double bytes_per_cell = 0;
  /// Bytes of per-query scratch (the search's per-cell state: the A*'s g, a state byte with the
  /// step in and the list of touched cells; the jump point search's nodes), per cell, allocated
  /// at build time so that a query allocates nothing but its path. [Units: bytes per cell]
  double scratch_bytes_per_cell = 0;
  /// The declared doors (cells that set_door may open and close).
  size_t doors = 0;
};

/// Shortest paths on one static map, many queries. Doors are cells declared at build time that
/// may later be opened (entered at their terrain's cost) or closed (impassable); the landmark
/// tables are built with every door open, so they stay admissible whatever the doors do and a
/// door costs O(1) to open or close (no table is rebuilt). Not thread-safe: it owns its query
/// scratch, so use one per thread (find_path is non-const for that reason).
class Navigator {
 public:
  /// Builds for terrain under `rules` (costs and moves; the key rule is not used). `doors` are
  /// the cells set_door may change; each must be passable under rules.costs and starts open.
  /// Throws InvalidArgument for bad moves, a door off the map, impassable or listed twice.
  /// Cost: 1 + landmarks Dijkstra searches over the map (with the doors open) and one labelling.
  Navigator(const Grid<Terrain>& tiles, const MapRules& rules, const std::vector<Point>& doors = {});
  /// Builds for per-cell entry costs (CostTable::kImpassable: never entered) under `moves`, as
  /// GridSearch::set_costs binds them. At most 254 distinct passable costs (the cells hold an
  /// index into them, one byte a cell). Throws InvalidArgument as above, and for a cost grid with
  /// more distinct costs or a cost that is not > 0.
  Navigator(const CostGrid& costs, const Moves& moves, const std::vector<Point>& doors = {});
  /// Builds for a dungeon under the rules it records (recorded_rules), its locked doors
  /// (Dungeon::locks) and gates as the doors, set for a player in `state` (set_state). Throws
  /// InvalidArgument as above, for a bad state (PlayerState::check), and for a dungeon with
  /// one-way or secret doors (their steps are find_path's, player_path.hpp).
  Navigator(const Dungeon& d, const PlayerState& state);
  /// Navigator(d, state) under `rules` (costs and moves) instead of those `d` records: a game's
  /// own moves on the map (4 neighbours, another diagonal policy), or the costs of a JSON map's
  /// legend (recorded_rules(d, legend)). Throws InvalidArgument as above and for bad moves.
  Navigator(const Dungeon& d, const PlayerState& state, const MapRules& rules);
  ~Navigator();
  /// Moves the built map; the source is left empty (only destruction and assignment are valid).
  Navigator(Navigator&&) noexcept;
  /// Moves the built map; the source is left empty (only destruction and assignment are valid).
  Navigator& operator=(Navigator&&) noexcept;

  /// Opens (true) or closes (false) the declared door at `door`. O(1): one cell's cost changes;
  /// the landmark tables were built with every door open and stay valid. Throws InvalidArgument
  /// for a cell that is not a declared door.
  void set_door(Point door, bool open);
  /// True when the declared door at `door` is open. Throws InvalidArgument for a cell that is
  /// not a declared door.
  bool door_open(Point door) const;
  /// Sets every locked door and gate of `d` (built with Navigator(d, state)) as a player in
  /// `state` finds it: a locked door open when opened already or a key of its lock is held
  /// (door_open_for), a gate open under state.switches (gate_open). A held
  /// consumable key counts as opening every door of its lock: routes that must ration
  /// consumable keys are find_path's (player_path.hpp). O(doors). Throws InvalidArgument for a
  /// bad state or a navigator not built from `d`'s locks and gates.
  void set_state(const Dungeon& d, const PlayerState& state);

  /// The cheapest route from `start` to `goal` under the rules, doors as they stand: the same
  /// cost as A* (find_path) on the map with closed doors impassable (path ties may be broken
  /// differently). `expanded` counts nodes taken off the open list (jump points for "jps").
  /// doors_opened lists the locked doors on the route that the state had not opened already
  /// (Navigator(d, state) only). Throws InvalidArgument for a start or goal off the map; an
  /// impassable start or goal is a status (StartBlocked, GoalBlocked).
  PathResult find_path(Point start, Point goal);

  /// Columns of the map. [Units: cells]
  int width() const;
  /// Rows of the map. [Units: cells]
  int height() const;
  /// What it holds and how it answers.
  NavigatorStats stats() const;

 private:
  struct CATACOMB_HIDDEN Impl;  // library-internal (src/), not exported
  std::unique_ptr<Impl> impl_;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
