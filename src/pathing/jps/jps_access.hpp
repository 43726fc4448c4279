#pragma once
// Internal to pathing/: what the Navigator (navigator.cpp) reaches inside a JumpPointSearch: the
// landmark heuristic to steer by, and an unchecked query. Not public API.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <catacomb/pathing/jps.hpp>

#include "pathing/navigator/landmarks.hpp"

namespace catacomb::detail {

struct CATACOMB_HIDDEN JpsAccess {
  // Binds a weighted map: `passable` as set_map's, `codes` each cell's cost index (row-major),
  // entering a cell costs palette[code] (times kSqrt2 diagonally); `min_cost`, the smallest cost
  // of a passable cell (the octile heuristic's factor). Every passable cell's cost must be finite
  // and positive. The cost edges' steps are worked out once when they take at most `edge_budget`
  // bytes (edge_steps_bytes says how many they took), else at every expansion.
  static void set_weighted_map(JumpPointSearch& jps, const Grid<uint8_t>& passable, std::vector<uint8_t> codes,
                               const std::array<double, 256>& palette, double min_cost, size_t edge_budget);
  // The bytes the cost edges' steps hold (0 where they are worked out per expansion).
  static size_t edge_steps_bytes(const JumpPointSearch& jps);
  // Steers `jps` by `table` (kept by reference; nullptr: octile alone). The table must hold the
  // bound map's cells.
  static void set_landmarks(JumpPointSearch& jps, const LandmarkTable* table);
  // JumpPointSearch::find_path without its argument checks (the caller made them).
  static PathResult find_path(JumpPointSearch& jps, Point start, Point goal);
};

}  // namespace catacomb::detail
