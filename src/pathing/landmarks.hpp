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
  int count = 0;               // landmarks, 0 to kMaxLandmarks
  std::vector<uint16_t> dist;  // dist[cell * count + k], cell = y * width + x: D / quantum
  int64_t quantum = 1;         // Q: integer distance per stored step
  double cost_per_unit = 0;    // 1 / scale, rounded down: cost per unit of integer distance
};

// A query's view of the table: the goal's quanta from the (at most kActiveLandmarks) landmarks
// that reach both ends and bound the start the most.
struct LandmarkGoal {
  const uint16_t* dist = nullptr;  // the table's dist
  int count = 0;                   // the table's count (the stride)
  int active = 0;                  // landmarks read per cell
  int k[kActiveLandmarks] = {};
  int goal[kActiveLandmarks] = {};
  int64_t quantum = 1;
  double cost_per_unit = 0;

  // Sets up a query from `start` to `goal` (cell indices). Returns false when a landmark reaches
  // exactly one of them: they are then in different areas with every door open, so no route.
  // Picks the landmarks with the largest |q(start) - q(goal)| (lower index among equals).
  bool prepare(const LandmarkTable& t, uint32_t start, uint32_t goal_cell) {
    dist = t.dist.data();
    count = t.count;
    quantum = t.quantum;
    cost_per_unit = t.cost_per_unit;
    active = 0;
    int gap[kActiveLandmarks] = {};
    for (int i = 0; i < t.count; ++i) {
      const int s = dist[static_cast<size_t>(start) * static_cast<size_t>(count) + static_cast<size_t>(i)];
      const int g = dist[static_cast<size_t>(goal_cell) * static_cast<size_t>(count) + static_cast<size_t>(i)];
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
        k[j] = k[j - 1];
        goal[j] = goal[j - 1];
      }
      gap[at] = v;
      k[at] = i;
      goal[at] = g;
      if (active < kActiveLandmarks) ++active;
    }
    return true;
  }

  // A lower bound on the cost from `cell` to the goal, at least `base` (the geometric bound).
  // Every cell a query reaches lies in the start's area, which the active landmarks reach.
  double bound(uint32_t cell, double base) const {
    const uint16_t* row = dist + static_cast<size_t>(cell) * static_cast<size_t>(count);
    int m = 0;
    for (int i = 0; i < active; ++i) {
      const int d = static_cast<int>(row[k[i]]) - goal[i];
      const int a = d < 0 ? -d : d;
      m = a > m ? a : m;
    }
    const double h = static_cast<double>(static_cast<int64_t>(m) * quantum - (quantum - 1)) * cost_per_unit;
    return h > base ? h : base;
  }
};

}  // namespace catacomb::detail
