#pragma once
// The solver's model of a map (internal to validate/): areas, doors and the graph that joins
// them, and the states (sets of opened doors) the search walks. See solver.cpp for the search,
// solver_walk.hpp for the walkthrough's routes.
//
// Areas: regions of passable cells with every locked door closed (label_regions under the move
// rule). Nodes: the areas, then the usable locked doors. A door is joined to an area or another
// door when one step between them is legal with only those doors open (step_allowed_at, the move
// rule); a legal step between cells of two different areas needs an open door as a side cell
// (else it would be legal with the doors closed, and the cells would share an area), and then two
// straight steps through that door join them too, so "connected in the node graph restricted to
// the open doors" is exactly "connected on the grid with those doors open".
// Memory: a node per cell (4 bytes) only when there are doors (without, the objectives' areas
// come from region_sizes, no label grid); the rest is per node and door.
#include <array>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/validate/solver.hpp>
#include "shared/pathing/region_sizes.hpp"
#include "shared/pathing/terrain_flood.hpp"
#include <catacomb/validate/validate.hpp>

namespace catacomb::solving {

using State = std::string;  // bit j of byte j / 8: door j is open

inline bool is_open(const State& s, int j) {
  const unsigned byte = static_cast<unsigned char>(s[static_cast<size_t>(j / 8)]);
  return ((byte >> static_cast<unsigned>(j % 8)) & 1u) != 0;
}
inline void set_open(State& s, int j) {
  s[static_cast<size_t>(j / 8)] = static_cast<char>(s[static_cast<size_t>(j / 8)] | (1 << (j % 8)));
}

// A closed locked door in the walkthrough's terrain: a byte that names no terrain, which the
// distance maps read as impassable under every cost table (a table may make even walls passable).
constexpr auto kClosedDoor = static_cast<Terrain>(0xFF);

struct DoorNode {
  Point pos;
  int lock = 0;
  int index = 0;  // into Dungeon::locks
};

struct Model {
  const Dungeon& d;
  SolveOptions o;
  KeyRule rule;
  // Node per cell, -1 for impassable cells; kept only when there are doors (without doors every
  // route stays in the start's area, and the objectives' nodes are all the solver needs).
  Grid<int32_t> node;
  int areas = 0;
  std::vector<DoorNode> doors;
  std::vector<std::vector<int>> adj;
  int start_node = -1;
  int start_objective = -1;
  int exit_objective = -1;
  std::vector<int> objective_node;  // per objective, -1 when not on a passable cell
  // Without doors: validation's routes from the start (see StartRoutes), or null.
  const std::vector<ObjectiveReport>* start_routes = nullptr;
  // Without doors: validation's flood of the terrain and its leg (see StartRoutes), or null.
  const detail::TerrainFlood* lent_flood = nullptr;
  detail::TerrainFlood::Leg* lent_leg = nullptr;
  int node_count() const { return static_cast<int>(adj.size()); }
  State empty_state() const { return State(doors.size() / 8 + 1, '\0'); }

  // `areas`, when given, is region_sizes of the map's tiles under the options' costs and moves
  // with the objectives' cells as probes, in order: a map without doors takes its areas from it
  // instead of labelling the regions again.
  Model(const Dungeon& dd, const SolveOptions& oo, const detail::RegionSizes* areas = nullptr);
  // The areas with every door closed (node), the doors' nodes and their links (adj).
  void build_door_graph(int w, int h);
  bool is_key(size_t i) const;
  // Nodes connected to the start with the doors of `s` open (the start's own node always).
  std::vector<uint8_t> component(const State& s) const;
  bool contains(const std::vector<uint8_t>& comp, size_t objective) const;
  // Keys held per lock in state `s` with component `comp`.
  std::array<int, kMaxLock + 1> held(const State& s, const std::vector<uint8_t>& comp) const;
  // Closed doors next to the component that a held key opens, in index order.
  std::vector<int> openable(const State& s, const std::vector<uint8_t>& comp) const;
  // The exit is in the component (the critical path's end; every objective when there is none).
  bool goal(const std::vector<uint8_t>& comp) const;
  // Every objective is in the component: a player there takes them all and ends at the exit.
  bool finished(const std::vector<uint8_t>& comp) const {
    return objectives_in(comp) == static_cast<int>(d.objectives.size());
  }
  int objectives_in(const std::vector<uint8_t>& comp) const;
};

// What validation found from the start over the map's own terrain under the same costs and
// moves: per objective, its cost and route (ObjectiveReport::reachable, cost, route). Without
// doors the walkthrough walks that same terrain, so a walker still at the start takes these
// instead of a distance map of its own: the same costs and the same routes (a route is the
// descent of the distance map from the start, and a map made only as far as a step needs holds
// the same distances below its bound).
// Validation may also lend its flood of the map's terrain (its legal moves, 1 byte per cell) and
// its leg, whose grid of distances (8 bytes per cell) the walkthrough's steps then reuse instead
// of making their own: the same answers (TerrainFlood::toward clears what the last leg wrote);
// and its regions (their sizes, and the labels at the objectives' cells), which a map without
// doors takes as its areas.
struct StartRoutes {
  int start_objective = -1;  // the objective validation started from
  const std::vector<ObjectiveReport>* objectives = nullptr;
  const detail::TerrainFlood* flood = nullptr;  // of Dungeon::tiles, under the solver's costs and moves
  detail::TerrainFlood::Leg* leg = nullptr;
  const detail::RegionSizes* regions = nullptr;  // the same, with the objectives' cells as probes in order
};

// solve_dungeon, taking `routes` where they apply (a map without usable doors, started from the
// same objective); the same Solution either way.
Solution solve_dungeon(const Dungeon& d, const SolveOptions& options, const StartRoutes& routes);

/// "key 2 at 3,4": an objective as messages name it.
std::string objective_name(const Objective& o);
/// "door 2 at 5,6".
std::string door_name(const DoorNode& dn);

}  // namespace catacomb::solving
