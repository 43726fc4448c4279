#pragma once
// Internal to pathing/: the differential (landmark, ALT) heuristic the Navigator steers by, shared
// by its A* (navigator.cpp) and Jump Point Search (jps.cpp). Per cell, the distance from each of
// a few landmarks, built with every door open in a graph of integer weights (each step's
// symmetric lower-bound cost times a scale, rounded down: navigator.cpp), stored as uint16 in
// quanta of that distance (rounded down; kUnreachedLandmark where the landmark does not reach).
// The integer distances D obey the triangle inequality, and D / scale never exceeds the true cost,
// so |D(L, a) - D(L, g)| / scale <= d(a, g) on any map whose doors are a subset of those open at
// build time: the bound stays admissible whatever the doors do. From the stored quanta q = D / Q
// (rounded down), |D(a) - D(g)| >= Q |q(a) - q(g)| - (Q - 1), which is the bound taken, all in
// integers but the last product. Not public API.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace catacomb::detail {

// Most landmarks a table holds, and most a query reads (the ones that bound its start best).
inline constexpr int kMaxLandmarks = 8;
inline constexpr int kActiveLandmarks = 4;
inline constexpr uint16_t kUnreachedLandmark = 0xFFFF;

struct LandmarkTable {
  int count = 0;     // landmarks, 0 to kMaxLandmarks
  size_t cells = 0;  // the map's cells
  // dist[k * cells + cell], cell = y * width + x: D / quantum. One array per landmark: a query
  // reads only its active ones, 2 bytes a cell each (a row of every landmark per cell would
  // bring the others' bytes into the cache too).
  std::vector<uint16_t> dist;
  int64_t quantum = 1;       // Q: integer distance per stored step
  double cost_per_unit = 0;  // 1 / scale, rounded down: cost per unit of integer distance
};

// A query's view of the table: the goal's quanta from the (at most kActiveLandmarks) landmarks
// that reach both ends and bound the start the most.
struct LandmarkGoal {
  int active = 0;                               // landmarks read per cell
  const uint16_t* from[kActiveLandmarks] = {};  // the active landmarks' arrays
  int goal[kActiveLandmarks] = {};
  int64_t quantum = 1;
  double cost_per_unit = 0;

  // Sets up a query from `start` to `goal` (cell indices). Returns false when a landmark reaches
  // exactly one of them: they are then in different areas with every door open, so no route.
  // Picks the landmarks with the largest |q(start) - q(goal)| (lower index among equals).
  bool prepare(const LandmarkTable& t, uint32_t start, uint32_t goal_cell) {
    quantum = t.quantum;
    cost_per_unit = t.cost_per_unit;
    active = 0;
    int gap[kActiveLandmarks] = {};
    for (int i = 0; i < t.count; ++i) {
      const uint16_t* row = t.dist.data() + static_cast<size_t>(i) * t.cells;
      const int s = row[start];
      const int g = row[goal_cell];
      const bool sr = s != kUnreachedLandmark, gr = g != kUnreachedLandmark;
      if (sr != gr) return false;
      if (!sr) continue;
      const int v = s > g ? s - g : g - s;
      // Insertion into the kept list, largest gap first; a later landmark goes after equals.
      int at = active;
      while (at > 0 && gap[at - 1] < v) --at;
      if (at >= kActiveLandmarks) continue;
      const int last = active < kActiveLandmarks ? active : kActiveLandmarks - 1;
      for (int j = last; j > at; --j) {
        gap[j] = gap[j - 1];
        from[j] = from[j - 1];
        goal[j] = goal[j - 1];
      }
      gap[at] = v;
      from[at] = row;
      goal[at] = g;
      if (active < kActiveLandmarks) ++active;
    }
    return true;
  }

  // A lower bound on the cost from `cell` to the goal, at least `base` (the geometric bound).
  // Every cell a query reaches lies in the start's area, which the active landmarks reach.
  double bound(uint32_t cell, double base) const {
    int m = 0;
    for (int i = 0; i < active; ++i) {
      const int d = static_cast<int>(from[i][cell]) - goal[i];
      const int a = d < 0 ? -d : d;
      m = a > m ? a : m;
    }
    const double h = static_cast<double>(static_cast<int64_t>(m) * quantum - (quantum - 1)) * cost_per_unit;
    return h > base ? h : base;
  }
};

}  // namespace catacomb::detail
