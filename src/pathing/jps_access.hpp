#pragma once
// Internal to pathing/: what the Navigator (navigator.cpp) reaches inside a JumpPointSearch: the
// landmark heuristic to steer by, and an unchecked query. Not public API.
#include <catacomb/pathing/jps.hpp>

#include "pathing/landmarks.hpp"

namespace catacomb::detail {

struct CATACOMB_HIDDEN JpsAccess {
  // Steers `jps` by `table` (kept by reference; nullptr: octile alone). The table must hold the
  // bound map's cells.
  static void set_landmarks(JumpPointSearch& jps, const LandmarkTable* table);
  // JumpPointSearch::find_path without its argument checks (the caller made them).
  static PathResult find_path(JumpPointSearch& jps, Point start, Point goal);
};

}  // namespace catacomb::detail
