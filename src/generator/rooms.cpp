// Room perturbation.
//
// Rooms start at uniformly random positions in the middle half of the map (so they overlap and
// must be pushed apart, as in the tutorial's avoidance behaviour). Each iteration looks at every
// pair (i < j, in index order) that is closer than min_distance and pushes the two apart along
// the axis that needs the smaller push, half each, in opposite directions; the pushes of one
// iteration are summed and applied together, then positions are rounded and clamped into the
// map with a 1-tile margin. Close pairs come from a coarse grid of buckets: about O(n) per
// iteration when rooms are spread, O(n^2) only while most of them overlap.
// Determinism: pairs in a fixed order, IEEE doubles without contraction, ties broken by index.
#include <catacomb/generator/rooms.hpp>

#include <algorithm>
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

// Finds the pairs i < j of live rooms closer than `min_distance`, in (i, j) order (the order of
// the plain double loop, so floating-point sums come out the same), looking only at rooms that
// share a bucket of a coarse grid instead of at every pair. Its buffers are kept from one call to
// the next (one call per perturbation iteration), so a call allocates nothing once warm.
class ClosePairs {
 public:
  ClosePairs(int min_distance, int cell, int map_w, int map_h)
      : min_distance_(min_distance), cell_(cell), nx_(map_w / cell + 1), ny_(map_h / cell + 1),
        start_(static_cast<size_t>(nx_) * static_cast<size_t>(ny_) + 1) {}

  template <typename F>
  void for_each(const std::vector<Rect>& rects, const std::vector<bool>& alive, F&& f) {
    // Buckets as one array (counting sort), each bucket's rooms in increasing index order.
    std::fill(start_.begin(), start_.end(), 0);
    for (size_t i = 0; i < rects.size(); ++i)
      if (alive[i]) span(rects[i], [&](size_t b) { ++start_[b + 1]; });
    for (size_t b = 1; b < start_.size(); ++b) start_[b] += start_[b - 1];
    items_.resize(static_cast<size_t>(start_.back()));
    fill_.assign(start_.begin(), start_.end() - 1);
    for (size_t i = 0; i < rects.size(); ++i)
      if (alive[i]) span(rects[i], [&](size_t b) { items_[static_cast<size_t>(fill_[b]++)] = static_cast<int>(i); });
    seen_.assign(rects.size(), -1);
    for (size_t i = 0; i < rects.size(); ++i) {
      if (!alive[i]) continue;
      near_.clear();
      span(rects[i], [&](size_t b) {
        const int* first = items_.data() + start_[b];
        const int* last = items_.data() + start_[b + 1];
        for (const int* it = std::upper_bound(first, last, static_cast<int>(i)); it != last; ++it)
          if (seen_[static_cast<size_t>(*it)] != static_cast<int>(i)) {
            seen_[static_cast<size_t>(*it)] = static_cast<int>(i);
            near_.push_back(*it);
          }
      });
      std::sort(near_.begin(), near_.end());
      for (int j : near_)
        if (room_gap(rects[i], rects[static_cast<size_t>(j)]) < min_distance_) f(i, static_cast<size_t>(j));
    }
  }

 private:
  template <typename V>
  void span(const Rect& r, V&& visit) const {
    const int x0 = std::max(0, (r.x - min_distance_) / cell_), x1 = std::min(nx_ - 1, (r.right() + min_distance_) / cell_);
    const int y0 = std::max(0, (r.y - min_distance_) / cell_), y1 = std::min(ny_ - 1, (r.bottom() + min_distance_) / cell_);
    for (int by = y0; by <= y1; ++by)
      for (int bx = x0; bx <= x1; ++bx) visit(static_cast<size_t>(by) * static_cast<size_t>(nx_) + static_cast<size_t>(bx));
  }

  int min_distance_, cell_, nx_, ny_;
  std::vector<int> start_, fill_, items_, seen_, near_;
};

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
  ClosePairs close(c.min_distance, c.max_side + c.min_distance, width, height);
  for (int it = 0; it < c.max_iterations; ++it) {
    std::fill(dx.begin(), dx.end(), 0.0);
    std::fill(dy.begin(), dy.end(), 0.0);
    bool moved = false;
    close.for_each(rects, all_alive, [&](size_t i, size_t j) {
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
  // rooms still kept (the highest index among equals) until none is left. The rooms no longer
  // move, so the violating pairs are found once; dropping a room takes its pairs off its
  // partners' counts.
  std::vector<bool> alive(rects.size(), true);
  std::vector<int> bad(rects.size(), 0);
  std::vector<std::vector<int>> partners(rects.size());
  close.for_each(rects, alive, [&](size_t i, size_t j) {
    ++bad[i];
    ++bad[j];
    partners[i].push_back(static_cast<int>(j));
    partners[j].push_back(static_cast<int>(i));
  });
  while (true) {
    int worst = -1;
    for (size_t i = 0; i < rects.size(); ++i)
      if (bad[i] > 0 && (worst < 0 || bad[i] >= bad[static_cast<size_t>(worst)])) worst = static_cast<int>(i);
    if (worst < 0) break;
    const auto w = static_cast<size_t>(worst);
    alive[w] = false;
    bad[w] = 0;
    for (int p : partners[w])
      if (alive[static_cast<size_t>(p)]) --bad[static_cast<size_t>(p)];
    ++out.dropped;
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
