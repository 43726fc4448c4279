// layout_rooms as its definition states it (all_pairs_layout.hpp): no grid of buckets, every
// pair of rooms tested in every iteration and in the drop phase. O(iterations * rooms^2).
#include "support/reference/all_pairs_layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace catacomb::test {

// The layout as its definition states it, every pair of rooms looked at in every iteration
// (O(n^2) each): the reference the grid-based layout_rooms must match room for room.
RoomLayout all_pairs_layout(int width, int height, const RoomLayoutConfig& c, Rng& rng) {
  struct Body {
    double x, y;
    int w, h;
  };
  const auto n = static_cast<size_t>(c.room_count);
  const int md = c.min_distance;
  // The start box: the middle half, or twice the rooms' footprint (each room with its gap, at
  // the mean side) when that is larger, up to the whole map; centred, the map's shape.
  const double side = (c.min_side + c.max_side) / 2.0 + md;
  const double footprint = static_cast<double>(n) * side * side, area = static_cast<double>(width) * height;
  const double f = 2 * footprint <= area / 4 ? 0.5 : std::min(1.0, std::sqrt(2 * footprint / area));
  std::vector<Body> bodies(n);
  for (Body& b : bodies) {
    b.w = static_cast<int>(rng.uniform_int(c.min_side, c.max_side));
    b.h = static_cast<int>(rng.uniform_int(c.min_side, c.max_side));
    const double x0 = width * ((1 - f) / 2), x1 = std::max(x0, width * ((1 + f) / 2) - b.w);
    const double y0 = height * ((1 - f) / 2), y1 = std::max(y0, height * ((1 + f) / 2) - b.h);
    b.x = rng.uniform_real(x0, x1);
    b.y = rng.uniform_real(y0, y1);
  }
  auto settle = [&](const Body& b) {
    return Rect{std::clamp(static_cast<int>(std::lround(b.x)), 1, width - 1 - b.w),
                std::clamp(static_cast<int>(std::lround(b.y)), 1, height - 1 - b.h), b.w, b.h};
  };
  std::vector<Rect> rects(n);
  for (size_t i = 0; i < n; ++i) rects[i] = settle(bodies[i]);
  RoomLayout out;
  for (int it = 0; it < c.max_iterations; ++it) {
    std::vector<int> push_x(n, 0), push_y(n, 0);  // half cells
    bool close = false;
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) {
        const Rect& a = rects[i];
        const Rect& b = rects[j];
        const int gx = std::max(b.x - a.right(), a.x - b.right());
        const int gy = std::max(b.y - a.bottom(), a.y - b.bottom());
        if (gx >= md || gy >= md) continue;
        close = true;
        const int need_x = md - gx, need_y = md - gy;
        const int cx = (b.x * 2 + b.width) - (a.x * 2 + a.width), cy = (b.y * 2 + b.height) - (a.y * 2 + a.height);
        const bool odd = (i + j + static_cast<size_t>(it)) % 2 != 0;
        if (need_x < need_y || (need_x == need_y && std::abs(cx) >= std::abs(cy))) {
          const int s = cx > 0 || (cx == 0 && !odd) ? need_x : -need_x;
          push_x[i] -= s;
          push_x[j] += s;
        } else {
          const int s = cy > 0 || (cy == 0 && !odd) ? need_y : -need_y;
          push_y[i] -= s;
          push_y[j] += s;
        }
      }
    if (!close) break;
    out.iterations = it + 1;
    for (size_t i = 0; i < n; ++i) {
      Body& b = bodies[i];
      b.x = std::clamp(b.x + push_x[i] * 0.5, 1.0, static_cast<double>(width - 1 - b.w));
      b.y = std::clamp(b.y + push_y[i] * 0.5, 1.0, static_cast<double>(height - 1 - b.h));
      rects[i] = settle(b);
    }
  }
  // Drop the room with the most violations (the highest index among equals) until none is left.
  std::vector<bool> alive(n, true);
  for (;;) {
    int worst = -1, most = 0;
    for (size_t i = 0; i < n; ++i) {
      if (!alive[i]) continue;
      int bad = 0;
      for (size_t j = 0; j < n; ++j) bad += j != i && alive[j] && room_gap(rects[i], rects[j]) < md;
      if (bad > 0 && bad >= most) {
        most = bad;
        worst = static_cast<int>(i);
      }
    }
    if (worst < 0) break;
    alive[static_cast<size_t>(worst)] = false;
    ++out.dropped;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!alive[i]) continue;
    const Rect& r = rects[i];
    out.rooms.push_back(r);
    out.connection_points.push_back({r.x + static_cast<int>(rng.uniform_int(2, r.width - 3)),
                                     r.y + static_cast<int>(rng.uniform_int(2, r.height - 3))});
  }
  return out;
}

}  // namespace catacomb::test
