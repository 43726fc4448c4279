// Room perturbation.
//
// Rooms start at uniformly random positions in the middle half of the map (so they overlap and
// must be pushed apart, as in the tutorial's avoidance behaviour). Each iteration looks at every
// pair (i < j, in index order) that is closer than min_distance and pushes the two apart along
// the axis that needs the smaller push, half each, in opposite directions; the pushes of one
// iteration are summed and applied together, then positions are rounded and clamped into the
// map with a 1-tile margin. Close pairs come from a uniform grid of cells of max_side +
// min_distance, so an iteration costs O(n + P) for P close pairs: near-linear while rooms are
// spread out, O(n^2) when many rooms are piled into a small map (1,000 rooms in 80x50: seconds).
// The rooms still too close after the last iteration are then dropped in O(P log n).
// Determinism: pairs in a fixed order, IEEE doubles without contraction, ties broken by index.
#include <catacomb/generator/rooms.hpp>

#include <algorithm>
#include <set>
#include <cmath>

#include "core/problems.hpp"

namespace catacomb {
namespace {

struct Body {
  double x, y;  // top-left, as reals
  int w, h;
};

Rect settle(const Body& b, int map_w, int map_h) {
  int x = static_cast<int>(std::lround(b.x));
  int y = static_cast<int>(std::lround(b.y));
  x = std::clamp(x, 1, map_w - 1 - b.w);
  y = std::clamp(y, 1, map_h - 1 - b.h);
  return {x, y, b.w, b.h};
}

// Calls f(i, j) once for every pair i < j of live rooms closer than `min_distance`, looking only
// at rooms that share a bucket of a coarse grid instead of at every pair. The order of the calls
// is not the plain double loop's: callers must not depend on it (they add half-integers, which
// doubles sum exactly in any order, and count).
template <typename F>
void for_each_close_pair(const std::vector<Rect>& rects, const std::vector<bool>& alive, int min_distance,
                         int cell, int map_w, int map_h, F&& f) {
  const int nx = map_w / cell + 1, ny = map_h / cell + 1;
  std::vector<std::vector<int>> buckets(static_cast<size_t>(nx) * static_cast<size_t>(ny));
  auto span = [&](const Rect& r, auto&& visit) {
    const int x0 = std::max(0, (r.x - min_distance) / cell), x1 = std::min(nx - 1, (r.right() + min_distance) / cell);
    const int y0 = std::max(0, (r.y - min_distance) / cell), y1 = std::min(ny - 1, (r.bottom() + min_distance) / cell);
    for (int by = y0; by <= y1; ++by)
      for (int bx = x0; bx <= x1; ++bx) visit(static_cast<size_t>(by) * static_cast<size_t>(nx) + static_cast<size_t>(bx));
  };
  for (size_t i = 0; i < rects.size(); ++i)
    if (alive[i]) span(rects[i], [&](size_t b) { buckets[b].push_back(static_cast<int>(i)); });
  // Each pair is visited once, in the first bucket both spans share (lowest row, then column):
  // no per-room gathering and sorting, so an iteration costs O(n + pairs sharing a bucket). The
  // callers do not depend on the order of the calls (exact sums of half-integers, counts).
  for (size_t i = 0; i < rects.size(); ++i) {
    if (!alive[i]) continue;
    const Rect& a = rects[i];
    const int ax0 = std::max(0, (a.x - min_distance) / cell), ay0 = std::max(0, (a.y - min_distance) / cell);
    span(a, [&](size_t b) {
      const int bx = static_cast<int>(b % static_cast<size_t>(nx)), by = static_cast<int>(b / static_cast<size_t>(nx));
      for (int j : buckets[b]) {
        if (static_cast<size_t>(j) <= i) continue;
        const Rect& r = rects[static_cast<size_t>(j)];
        const int rx0 = std::max(0, (r.x - min_distance) / cell), ry0 = std::max(0, (r.y - min_distance) / cell);
        if (bx != std::max(ax0, rx0) || by != std::max(ay0, ry0)) continue;  // seen in an earlier bucket
        if (room_gap(a, r) < min_distance) f(i, static_cast<size_t>(j));
      }
    });
  }
}

}  // namespace

std::vector<FieldProblem> RoomLayoutConfig::problems(int width, int height) const {
  std::vector<FieldProblem> p;
  auto range = [&](const char* name, int v, int lo, int hi) {
    if (v < lo || v > hi) p.push_back({name, std::to_string(v), std::to_string(lo) + " to " + std::to_string(hi)});
  };
  range("width", width, kMinRoomsSide, kMaxSide);
  range("height", height, kMinRoomsSide, kMaxSide);
  range("room_count", room_count, 2, 100000);
  range("min_side", min_side, 6, 256);
  range("max_side", max_side, std::max(min_side, 6), 256);
  range("min_distance", min_distance, 3, 64);
  range("max_iterations", max_iterations, 1, 100000);
  if (p.empty() && (max_side > width - 2 || max_side > height - 2))
    p.push_back({"max_side", std::to_string(max_side),
                 "at most " + std::to_string(std::min(width, height) - 2) + " so a room fits the " +
                     std::to_string(width) + "x" + std::to_string(height) + " map with its margin"});
  return p;
}

void RoomLayoutConfig::check(int width, int height) const { throw_if_problems(problems(width, height)); }

int room_gap(const Rect& a, const Rect& b) {
  const int gx = std::max(b.x - a.right(), a.x - b.right());
  const int gy = std::max(b.y - a.bottom(), a.y - b.bottom());
  return std::max(gx, gy);
}

RoomLayout layout_rooms(int width, int height, const RoomLayoutConfig& c, Rng& rng) {
  c.check(width, height);
  const int n = c.room_count;
  std::vector<Body> bodies(static_cast<size_t>(n));
  for (Body& b : bodies) {
    b.w = static_cast<int>(rng.uniform_int(c.min_side, c.max_side));
    b.h = static_cast<int>(rng.uniform_int(c.min_side, c.max_side));
    // Middle half of the map, clamped so the room fits.
    const double x0 = width * 0.25, x1 = std::max(x0, width * 0.75 - b.w);
    const double y0 = height * 0.25, y1 = std::max(y0, height * 0.75 - b.h);
    b.x = rng.uniform_real(x0, x1);
    b.y = rng.uniform_real(y0, y1);
  }
  std::vector<Rect> rects(static_cast<size_t>(n));
  auto settle_all = [&] {
    for (size_t i = 0; i < rects.size(); ++i) rects[i] = settle(bodies[i], width, height);
  };
  settle_all();

  RoomLayout out;
  std::vector<double> dx(static_cast<size_t>(n)), dy(static_cast<size_t>(n));
  const std::vector<bool> all_alive(static_cast<size_t>(n), true);
  const int cell = c.max_side + c.min_distance;
  for (int it = 0; it < c.max_iterations; ++it) {
    std::fill(dx.begin(), dx.end(), 0.0);
    std::fill(dy.begin(), dy.end(), 0.0);
    bool moved = false;
    for_each_close_pair(rects, all_alive, c.min_distance, cell, width, height, [&](size_t i, size_t j) {
      const Rect& a = rects[i];
      const Rect& b = rects[j];
      moved = true;
      // Push needed on each axis so that the gap on that axis reaches min_distance.
      const int gx = std::max(b.x - a.right(), a.x - b.right());
      const int gy = std::max(b.y - a.bottom(), a.y - b.bottom());
      const int need_x = c.min_distance - gx, need_y = c.min_distance - gy;
      // Direction: from a's centre to b's (twice the centre, to stay in integers).
      const int cx = (b.x * 2 + b.width) - (a.x * 2 + a.width), cy = (b.y * 2 + b.height) - (a.y * 2 + a.height);
      const bool along_x = need_x < need_y || (need_x == need_y && std::abs(cx) >= std::abs(cy));
      if (along_x) {
        const double s = cx > 0 || (cx == 0 && (i + j + static_cast<size_t>(it)) % 2 == 0) ? 1.0 : -1.0;
        dx[i] -= s * need_x * 0.5;
        dx[j] += s * need_x * 0.5;
      } else {
        const double s = cy > 0 || (cy == 0 && (i + j + static_cast<size_t>(it)) % 2 == 0) ? 1.0 : -1.0;
        dy[i] -= s * need_y * 0.5;
        dy[j] += s * need_y * 0.5;
      }
    });
    out.iterations = it + 1;
    if (!moved) {
      out.iterations = it;
      break;
    }
    for (size_t i = 0; i < bodies.size(); ++i) {
      bodies[i].x += dx[i];
      bodies[i].y += dy[i];
      // Keep the real position inside the clamp range so rooms pushed against a wall can come
      // back instead of accumulating an invisible overshoot.
      bodies[i].x = std::clamp(bodies[i].x, 1.0, static_cast<double>(width - 1 - bodies[i].w));
      bodies[i].y = std::clamp(bodies[i].y, 1.0, static_cast<double>(height - 1 - bodies[i].h));
    }
    settle_all();
  }

  // Drop rooms that still break the rule: repeatedly the one with the most violations among the
  // rooms left (the highest index among equals) until none is left. The rooms no longer move, so
  // the close pairs are found once and each drop only lowers its partners' counts: O(P log n) for
  // P close pairs, where recounting after every drop was O(drops x P) (minutes for 1,000 rooms
  // piled into a small map). Same choices, in the same order, as the recount.
  std::vector<bool> alive(rects.size(), true);
  {
    std::vector<std::vector<int>> partners(rects.size());
    for_each_close_pair(rects, alive, c.min_distance, cell, width, height, [&](size_t i, size_t j) {
      partners[i].push_back(static_cast<int>(j));
      partners[j].push_back(static_cast<int>(i));
    });
    std::vector<int> bad(rects.size(), 0);
    std::set<std::pair<int, int>> by_badness;  // (violations, index) of rooms with violations
    for (size_t i = 0; i < rects.size(); ++i) {
      bad[i] = static_cast<int>(partners[i].size());
      if (bad[i] > 0) by_badness.insert({bad[i], static_cast<int>(i)});
    }
    while (!by_badness.empty()) {
      const int worst = std::prev(by_badness.end())->second;  // most violations, highest index
      by_badness.erase(std::prev(by_badness.end()));
      alive[static_cast<size_t>(worst)] = false;
      ++out.dropped;
      for (int j : partners[static_cast<size_t>(worst)]) {
        const auto u = static_cast<size_t>(j);
        if (!alive[u]) continue;
        by_badness.erase({bad[u], j});
        if (--bad[u] > 0) by_badness.insert({bad[u], j});
      }
    }
  }

  for (size_t i = 0; i < rects.size(); ++i) {
    if (!alive[i]) continue;
    const Rect& r = rects[i];
    out.rooms.push_back(r);
    out.connection_points.push_back({r.x + static_cast<int>(rng.uniform_int(2, r.width - 3)),
                                     r.y + static_cast<int>(rng.uniform_int(2, r.height - 3))});
  }
  return out;
}

}  // namespace catacomb
