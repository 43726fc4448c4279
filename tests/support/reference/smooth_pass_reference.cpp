// The reference smoothing pass (smooth_pass_reference.hpp): for every cell, count the walls of
// its 3x3 (and 5x5) block one byte at a time. O(width * height * 25) per pass; no packing, no
// bit tricks, so that it shares nothing with the passes it checks.
#include "support/reference/smooth_pass_reference.hpp"

#include <string>

#include <catacomb/core/error.hpp>

namespace catacomb::test {
namespace {

int walls_in_block(const WallMask& m, int cx, int cy, int r) {
  int n = 0;
  for (int y = cy - r; y <= cy + r; ++y)
    for (int x = cx - r; x <= cx + r; ++x) n += m.in_bounds(x, y) ? m(x, y) : 1;
  return n;
}

}  // namespace

void smooth_pass_reference(const WallMask& src, WallMask& dst, int wall_threshold, int open_threshold) {
  if (src.width() != dst.width() || src.height() != dst.height())
    throw InvalidArgument(
        FieldProblem{"dst shape", std::to_string(dst.width()) + "x" + std::to_string(dst.height()),
                     std::to_string(src.width()) + "x" + std::to_string(src.height()) + ", src's shape"});
  for (int y = 0; y < src.height(); ++y)
    for (int x = 0; x < src.width(); ++x) {
      bool wall = walls_in_block(src, x, y, 1) >= wall_threshold;
      if (!wall && open_threshold >= 0) wall = walls_in_block(src, x, y, 2) <= open_threshold;
      dst(x, y) = wall ? 1 : 0;
    }
  // The border forced to wall.
  const int w = dst.width(), h = dst.height();
  for (int x = 0; x < w; ++x) dst(x, 0) = dst(x, h - 1) = 1;
  for (int y = 0; y < h; ++y) dst(0, y) = dst(w - 1, y) = 1;
}

}  // namespace catacomb::test
