// Textbook Dijkstra (reference_dijkstra.hpp): no queue, no buckets, no threads; each round scans
// every cell for the unsettled one of least distance. O(n^2) for n cells: for small maps only.
#include "support/reference/reference_dijkstra.hpp"

#include <catacomb/pathing/distance_map.hpp>

namespace catacomb::test {

bool open(const CostGrid& c, Point p) { return c.in_bounds(p) && c[p] != CostTable::kImpassable; }

// The router's step rule, written out plainly.
bool can_step(const CostGrid& c, Point p, int d, const Moves& m) {
  const Point q{p.x + kDirections[d].x, p.y + kDirections[d].y};
  if (!open(c, q)) return false;
  if (d < 4) return true;
  if (!m.diagonals()) return false;
  const Point a = kDirections[kDiagonalParts[d - 4][0]], b = kDirections[kDiagonalParts[d - 4][1]];
  const bool oa = open(c, {p.x + a.x, p.y + a.y}), ob = open(c, {p.x + b.x, p.y + b.y});
  switch (m.diagonal) {
    case DiagonalPolicy::NoCornerCut: return oa && ob;
    case DiagonalPolicy::OneFree: return oa || ob;
    default: return true;
  }
}

double step_cost(const CostGrid& c, Point to, int d, const Moves& m) {
  return d >= 4 ? c[to] * m.diagonal_cost : c[to];
}

// Reference: textbook Dijkstra, O(n^2), picking the unsettled cell of least distance each round.
Grid<double> reference_dijkstra(const CostGrid& c, const std::vector<Point>& sources, const Moves& m) {
  Grid<double> dist(c.width(), c.height(), kUnreached);
  Grid<uint8_t> done(c.width(), c.height(), 0);
  for (Point s : sources)
    if (open(c, s)) dist[s] = 0;
  for (;;) {
    size_t best = dist.size();
    for (size_t i = 0; i < dist.size(); ++i)
      if (!done.cells()[i] && dist.cells()[i] != kUnreached &&
          (best == dist.size() || dist.cells()[i] < dist.cells()[best]))
        best = i;
    if (best == dist.size()) return dist;
    done.cells()[best] = 1;
    const Point p = dist.point(best);
    for (int d = 0; d < 8; ++d) {
      if (!can_step(c, p, d, m)) continue;
      const Point q{p.x + kDirections[d].x, p.y + kDirections[d].y};
      const double g = dist[p] + step_cost(c, q, d, m);
      if (g < dist[q]) dist[q] = g;
    }
  }
}

}  // namespace catacomb::test
