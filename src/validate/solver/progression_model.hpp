#pragma once
// The node graph of a map with progression (internal to validate/): areas and door nodes, their
// links, and the moves of a plan over them; shared by the search (solver_progression.cpp) and the
// walk on the grid (progression_walk.cpp). See solver_progression.cpp for the model.
#include <cstdint>
#include <utility>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/pathing/regions.hpp>
#include <catacomb/validate/solver.hpp>
#include "shared/pathing/terrain_flood.hpp"

namespace catacomb::solving {

enum class NodeKind : uint8_t { Area, Lock, Gate, OneWay };

struct PNode {
  NodeKind kind = NodeKind::Area;
  int index = -1;  // into Dungeon::locks (Lock) or Dungeon::doors (Gate, OneWay)
  Point pos{};
};

// The cells the areas are labelled on: the passable ones with every progression door and every
// door node closed; and the door nodes, usable locked doors first, then gates and one-way doors
// (a secret door is wall: no node).
std::pair<Grid<uint8_t>, std::vector<PNode>> area_cells(const Dungeon& d, const SolveOptions& o);

// The node graph of a progression map.
struct PModel {
  const Dungeon& d;
  SolveOptions o;
  KeyRule rule;
  Grid<int32_t> node;  // each cell's node while the model is built (-1: none); then empty
  int areas = 0;
  std::vector<PNode> nodes;
  std::vector<std::vector<int>> out;
  std::vector<int> lock_bit;      // per node: its bit among the locked doors, or -1
  std::vector<int> group;         // per node: its bit among the objective-holding nodes, or -1
  std::vector<uint32_t> toggles;  // per node: the switch ids standing in it (bit s - 1)
  std::vector<int> objective_node;
  int locks = 0, groups = 0;
  // A grid of distances the walks may take for their legs (validation's own, of the same map,
  // done with: see solving::StartRoutes), where a walk would make one (8 bytes per cell); none
  // when null.
  detail::TerrainFlood::Leg* lent_leg = nullptr;
  int start_node = -1, start_objective = -1, exit_node = -1, exit_objective = -1;
  bool unplaced = false;  // an objective stands on no node (a wall, a secret door)

  PModel(const Dungeon& dd, const SolveOptions& oo);
  // Each cell's area (kNoRegion for walls and door nodes), worked out again: `node` is dropped
  // once the model is built, so that the walk's grids do not come on top of it.
  Grid<int32_t> area_labels() const { return label_regions(area_cells(d, o).first, o.moves).labels; }
  bool is_key(size_t i) const {
    const Objective& ob = d.objectives[i];
    return ob.kind == ObjectiveKind::Key && ob.lock >= 1 && ob.lock <= kMaxLock;
  }
  const ProgressionDoor& door(int n) const { return d.doors[static_cast<size_t>(nodes[static_cast<size_t>(n)].index)]; }
  int lock_id(int n) const { return d.locks[static_cast<size_t>(nodes[static_cast<size_t>(n)].index)].lock; }

 private:
  void link(int a, int b) {
    if (a < 0 || b < 0 || a == b) return;
    out[static_cast<size_t>(a)].push_back(b);
  }
  void build_links(const Grid<uint8_t>& open0);
};

enum class MoveKind : uint8_t { Walk, Open, Toggle, OneWay };
struct Move {
  MoveKind kind = MoveKind::Walk;
  int node = -1;      // the node moved to (Walk, Open, OneWay) or toggled in
  int switch_id = 0;  // Toggle
};

// The name of node n in reports: "door 2 at 4,1", "gate at ... of switch 1 (open while it is on)",
// "one-way door at ... (passed going south only)" or "the area at ...".
std::string node_name(const PModel& m, int n);

}  // namespace catacomb::solving
