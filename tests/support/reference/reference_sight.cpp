// Line of sight decided exactly (reference_sight.hpp): every cell of the bounding box of a and b
// is tested against the segment with integer fractions, no floating point and no stepping.
// O(box cells) per query.
#include "support/reference/reference_sight.hpp"

#include <algorithm>
#include <cstdint>

namespace catacomb::test {
namespace {

// A fraction num / den with den > 0.
struct Frac {
  int64_t num;
  int64_t den;
};
bool less(Frac a, Frac b) { return a.num * b.den < b.num * a.den; }

// Reference: the segment between the centres of a and b touches the closed square of cell c.
// Coordinates are doubled so that centres and cell edges are integers; the parameter range of
// the segment inside each slab is intersected exactly with fractions (Liang-Barsky).
bool touches(Point a, Point b, Point c) {
  Frac lo{0, 1}, hi{1, 1};
  const int64_t p[2] = {2 * int64_t{a.x}, 2 * int64_t{a.y}};
  const int64_t d[2] = {2 * (int64_t{b.x} - a.x), 2 * (int64_t{b.y} - a.y)};
  const int64_t cell[2] = {2 * int64_t{c.x}, 2 * int64_t{c.y}};
  for (int k = 0; k < 2; ++k) {
    const int64_t e0 = cell[k] - 1 - p[k], e1 = cell[k] + 1 - p[k];  // slab edges relative to a
    if (d[k] == 0) {
      if (e0 > 0 || e1 < 0) return false;
      continue;
    }
    Frac t0{e0, d[k]}, t1{e1, d[k]};
    if (d[k] < 0) {
      t0 = {-e1, -d[k]};
      t1 = {-e0, -d[k]};
    }
    if (less(lo, t0)) lo = t0;
    if (less(t1, hi)) hi = t1;
  }
  return !less(hi, lo);
}

}  // namespace

bool reference_sight(const CostGrid& c, Point a, Point b) {
  for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y)
    for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x)
      if (touches(a, b, {x, y}) && c(x, y) == CostTable::kImpassable) return false;
  return true;
}

}  // namespace catacomb::test
