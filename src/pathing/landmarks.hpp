#pragma once
// Internal to pathing/: the differential (landmark, ALT) heuristic the Navigator steers by, shared
// by its A* (navigator.cpp) and Jump Point Search (jps.cpp). Per cell, the cost from each of a
// few landmarks (float, kUnreachedLandmark where the landmark does not reach), built with every
// door open. By the triangle inequality |d(L, a) - d(L, g)| <= d(a, g) on any map whose doors are
// a subset of those open at build time, so the bound stays admissible whatever the doors do.
// Floats are rounded to nearest: each stored distance is within half an ulp of the exact one,
// so `margin` (an ulp of the largest finite distance) is taken off every difference to keep the
// bound below the true cost. Not public API.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace catacomb::detail {

// Most landmarks a table holds.
inline constexpr int kMaxLandmarks = 4;
inline constexpr float kUnreachedLandmark = std::numeric_limits<float>::infinity();

struct LandmarkTable {
  int count = 0;            // landmarks, 0 to kMaxLandmarks
  std::vector<float> dist;  // dist[cell * count + k], cell = y * width + x
  double margin = 0;        // taken off every difference (see above)
};

// A query's view of the table: the goal's distances from the landmarks that reach it.
struct LandmarkGoal {
  const float* dist = nullptr;  // the table's dist
  int count = 0;                // the table's count (the stride)
  int active = 0;               // landmarks reaching both ends
  int k[kMaxLandmarks] = {};
  double goal[kMaxLandmarks] = {};
  double margin = 0;

  // Sets up a query from `start` to `goal` (cell indices). Returns false when a landmark reaches
  // exactly one of them: they are then in different areas with every door open, so no route.
  bool prepare(const LandmarkTable& t, uint32_t start, uint32_t goal_cell) {
    dist = t.dist.data();
    count = t.count;
    margin = t.margin;
    active = 0;
    for (int i = 0; i < t.count; ++i) {
      const float s = dist[static_cast<size_t>(start) * static_cast<size_t>(count) + static_cast<size_t>(i)];
      const float g = dist[static_cast<size_t>(goal_cell) * static_cast<size_t>(count) + static_cast<size_t>(i)];
      const bool sr = s != kUnreachedLandmark, gr = g != kUnreachedLandmark;
      if (sr != gr) return false;
      if (sr) {
        k[active] = i;
        goal[active++] = static_cast<double>(g);
      }
    }
    return true;
  }

  // A lower bound on the cost from `cell` to the goal, at least `base` (the geometric bound).
  // Every cell a query reaches lies in the start's area, which the active landmarks reach.
  double bound(uint32_t cell, double base) const {
    const float* row = dist + static_cast<size_t>(cell) * static_cast<size_t>(count);
    double h = base;
    for (int i = 0; i < active; ++i) {
      const double d = std::fabs(static_cast<double>(row[k[i]]) - goal[i]) - margin;
      h = d > h ? d : h;
    }
    return h;
  }
};

}  // namespace catacomb::detail
