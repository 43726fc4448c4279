#pragma once
// Loops (internal to validate/; pass 3 of analysis.cpp): the wall areas a player can walk
// around.
//
// Wall areas (8-connected) of the padded flags grid (pw x ph, after pass 1) that touch neither
// the edge ring nor a passable cell the start does not reach: by runs and union-find, row by row.
// Each row's wall runs that touch an opening cell (in the row or the rows above and below, one
// column either side) open their area; each run is united with the runs of the row above that
// touch it diagonally or straight; a root's mark says its area is open. The rows come in bands
// (two threads take one each), joined along the seam. Memory: 4 bytes per wall run (at most
// half a row's cells are runs) and a few rows of bits.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "validate/analysis/analysis_grid.hpp"

namespace catacomb::detail::analysis {

struct WallBand {
  RunSets area;             // the band's runs, numbered from 0; marked: open
  std::vector<Span> first;  // the runs of the band's first row
  std::vector<Span> last;   // and of its last
};

// The wall runs of the band of interior padded rows [y0, y1) (1 <= y0 <= y1 <= ph - 1) of the
// padded flags (width pw, after pass 1), united row by row.
void wall_band(const uint8_t* flags, size_t pw, size_t y0, size_t y1, WallBand& band);

// The enclosed wall areas of two bands of consecutive rows (upper, then lower).
int join_wall_bands(WallBand& upper, const WallBand& lower);

}  // namespace catacomb::detail::analysis
