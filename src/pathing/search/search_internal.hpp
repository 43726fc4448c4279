#pragma once
// Internal to pathing/: the cost and heuristic formulas the engine (search.cpp) and the
// option and path helpers (search_options.cpp) must share exactly, so that a reported cost and
// a recomputed one agree to the bit.
#include <cmath>

#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/search.hpp>

namespace catacomb::detail {

/// The effective cost of a cell under cost_scale (s = 1 keeps the cost exactly).
inline double scaled_cost(double cost, double s) {
  if (s == 1.0 || cost == CostTable::kImpassable) return cost;
  return 1.0 + s * (cost - 1.0);
}

/// Heuristic distance for unit step cost between cells dx, dy apart (both >= 0), `dc` the
/// diagonal factor. One formula per heuristic, used by the engine and by heuristic_distance.
/// Octile is (max - min) + min * dc: straight then diagonal moves, summed as the engine sums g.
template <Heuristic H>
inline double distance_units(int dx, int dy, double dc) {
  if constexpr (H == Heuristic::Manhattan) {
    return static_cast<double>(dx + dy);
  } else if constexpr (H == Heuristic::Octile) {
    return dx > dy ? static_cast<double>(dx - dy) + static_cast<double>(dy) * dc
                   : static_cast<double>(dy - dx) + static_cast<double>(dx) * dc;
  } else if constexpr (H == Heuristic::Chebyshev) {
    return static_cast<double>(dx > dy ? dx : dy);
  } else if constexpr (H == Heuristic::Euclidean) {
    const double fx = dx, fy = dy;
    return std::sqrt(fx * fx + fy * fy);
  } else {
    (void)dx;
    (void)dy;
    (void)dc;
    return 0.0;
  }
}

inline double distance_units(Heuristic h, int dx, int dy, double dc) {
  switch (h) {
    case Heuristic::Manhattan: return distance_units<Heuristic::Manhattan>(dx, dy, dc);
    case Heuristic::Octile: return distance_units<Heuristic::Octile>(dx, dy, dc);
    case Heuristic::Chebyshev: return distance_units<Heuristic::Chebyshev>(dx, dy, dc);
    case Heuristic::Euclidean: return distance_units<Heuristic::Euclidean>(dx, dy, dc);
    case Heuristic::Zero: return 0.0;
  }
  return 0.0;
}

inline int abs_diff(int a, int b) { return a > b ? a - b : b - a; }

}  // namespace catacomb::detail
