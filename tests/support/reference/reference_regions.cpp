// Connected regions by breadth-first search (reference_regions.hpp), with the step rule written
// out plainly: no runs, no union-find. O(cells * 8).
#include "support/reference/reference_regions.hpp"

#include <algorithm>
#include <vector>

namespace catacomb::test {
namespace {

bool open(const Grid<uint8_t>& g, int x, int y) { return g.in_bounds(x, y) && g(x, y) != 0; }

// The router's step rule, written out plainly.
bool can_step(const Grid<uint8_t>& g, Point p, int d, const Moves& m) {
  const Point q{p.x + kDirections[d].x, p.y + kDirections[d].y};
  if (!open(g, q.x, q.y)) return false;
  if (d < 4) return true;
  if (m.neighbors != 8 || m.diagonal == DiagonalPolicy::Never) return false;
  const Point a = kDirections[kDiagonalParts[d - 4][0]], b = kDirections[kDiagonalParts[d - 4][1]];
  const bool oa = open(g, p.x + a.x, p.y + a.y), ob = open(g, p.x + b.x, p.y + b.y);
  switch (m.diagonal) {
    case DiagonalPolicy::NoCornerCut: return oa && ob;
    case DiagonalPolicy::OneFree: return oa || ob;
    default: return true;
  }
}

}  // namespace

// Breadth-first search from every unlabelled passable cell, in row-major order.
RegionMap reference_regions(const Grid<uint8_t>& g, const Moves& m) {
  RegionMap r;
  r.labels = Grid<int32_t>(g.width(), g.height(), kNoRegion);
  std::vector<Point> queue;
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      if (!open(g, x, y) || r.labels(x, y) != kNoRegion) continue;
      const int32_t label = r.count();
      Rect box{x, y, 1, 1};
      int64_t size = 0;
      queue.assign(1, Point{x, y});
      r.labels(x, y) = label;
      for (size_t head = 0; head < queue.size(); ++head) {
        const Point p = queue[head];
        ++size;
        const int right = std::max(box.right(), p.x + 1), bottom = std::max(box.bottom(), p.y + 1);
        box.x = std::min(box.x, p.x);
        box.y = std::min(box.y, p.y);
        box.width = right - box.x;
        box.height = bottom - box.y;
        for (int d = 0; d < 8; ++d) {
          if (!can_step(g, p, d, m)) continue;
          const Point q{p.x + kDirections[d].x, p.y + kDirections[d].y};
          if (r.labels[q] != kNoRegion) continue;
          r.labels[q] = label;
          queue.push_back(q);
        }
      }
      r.sizes.push_back(size);
      r.bounds.push_back(box);
    }
  }
  return r;
}

}  // namespace catacomb::test
