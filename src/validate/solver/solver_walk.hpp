#pragma once
// The walkthrough (internal to validate/): the steps of a door plan with their routes on the
// grid. Each step's distances go only as far as the step needs (TerrainFlood::toward: an A*
// toward the nearest candidate, or a door's side cells) and read the terrain through the cost
// table, 1 byte per cell, the doors of the moment open. One grid of distances serves every step:
// the cells a step wrote are cleared for the next.
#include <array>
#include <optional>
#include <vector>

#include <catacomb/pathing/distance_map.hpp>
#include "shared/pathing/terrain_flood.hpp"
#include "validate/solver/solver_model.hpp"

namespace catacomb::solving {

// Walks the plan: the steps of the walkthrough with their routes.
class Walker {
 public:
  explicit Walker(const Model& m);

  // The distances from where the player stands toward the nearest of `targets`: exact on the
  // cheapest routes to the targets within the nearest's distance plus `slack` (see
  // TerrainFlood::toward). Valid until the next call.
  const DistanceMap& from_here(const std::vector<Point>& targets, double slack = 0);

  // Full mode: take everything reachable (but the exit), nearest first.
  void take_all();

  // Critical mode: a key for door j unless one is held.
  void fetch_key_for(int j);

  // Opens door j from its cheapest side cell.
  void open(int j);
  // Goes to the exit.
  void reach_exit();

  bool done() const { return m_.goal(comp_); }
  const State& state() const { return state_; }
  const std::vector<uint8_t>& comp() const { return comp_; }
  Point pos() const { return pos_; }
  std::vector<WalkStep>& steps() { return steps_; }
  const std::vector<WalkStep>& steps() const { return steps_; }
  std::vector<int>& reachable_after() { return reachable_after_; }
  const std::vector<uint8_t>& taken() const { return taken_; }

 private:
  std::vector<Point> route_to(const DistanceMap& dm, Point target) const;

  // Takes objective i at the end of `route` (from where the player stands).
  void take(int i, std::vector<Point> route);

  // Validation's routes from the start while the walker still stands there (no step taken, no
  // door: see StartRoutes), else null.
  const std::vector<ObjectiveReport>* at_start_routes() const;

  void push(WalkStep s, std::vector<Point> route);

  void note_reachable();

  const Grid<Terrain>& terrain() const { return own_ ? *own_ : m_.d.tiles; }

  const Model& m_;
  // The terrain, the doors not yet opened closed (kClosedDoor): the distance maps read it
  // through the cost table, 1 byte per cell where a cost grid would take 8.
  std::optional<Grid<Terrain>> own_;
  // Floods of terrain() (its legal moves worked out once, then brought up to date round each
  // door opened), and the grid they were made for.
  std::optional<detail::TerrainFlood> flood_;
  const Grid<Terrain>* flood_on_ = nullptr;
  detail::TerrainFlood::Leg leg_;
  State state_;
  Point pos_;
  std::vector<uint8_t> comp_;
  std::vector<uint8_t> taken_;
  std::vector<int> reachable_after_;
  std::array<int, kMaxLock + 1> spent_{};
  std::vector<WalkStep> steps_;
};

// Runs a fixed door plan in critical mode: the keys each door needs, the door; then the exit.
Walker walk_critical(const Model& m, const std::vector<int>& plan, bool to_exit);

// Full walkthrough: everything in reach, then the next door (of `plan`, or under reusable keys
// the nearest openable one), and the exit last.
Walker walk_full(const Model& m, const std::vector<int>* plan);

}  // namespace catacomb::solving
