// Room perturbation.
//
// Rooms start at uniformly random positions in a centred box (so they overlap and must be pushed
// apart, as in the tutorial's avoidance behaviour): the middle half of the map, or twice the rooms'
// footprint when that is larger, up to the whole map (see layout_rooms). Each iteration looks at every
// pair (i < j) that is closer than min_distance and pushes the two apart along the axis that
// needs the smaller push, half each, in opposite directions; the pushes of one iteration are
// summed and applied together, then positions are rounded and clamped into the map with a 1-tile
// margin. Each iteration finds its close pairs afresh by sweeping strips of the pile sorted
// along x (CloseFinder), so it costs O(n + P) for P close pairs and allocates only when the pile
// outgrows the largest box so far: near-linear while rooms are spread out, O(n^2) when many rooms
// are piled into a small map, which is why room_count is limited by what fits the map
// (RoomLayoutConfig::problems). The rooms still too close after the last iteration are then
// dropped in O(P log n).
// Determinism: pushes are summed as integers (half cells), so the order in which the pairs are
// visited does not matter, only which pairs are close; the positions are IEEE doubles without
// contraction; ties are broken by index.
#include <catacomb/generator/rooms.hpp>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <set>

#include "core/problems.hpp"

namespace catacomb {
namespace {

struct Body {
  double x, y;  // top-left, as reals
  int w, h;
};

// lround for the non-negative positions bodies have (they start inside the map and are clamped
// to >= 1): truncation and the exact fraction x - t, halves away from zero, as lround does,
// without its library call.
int round_position(double x) {
  assert(x >= 0);
  const int t = static_cast<int>(x);
  return x - t >= 0.5 ? t + 1 : t;
}

Rect settle(const Body& b, int map_w, int map_h) {
  int x = round_position(b.x);
  int y = round_position(b.y);
  x = std::clamp(x, 1, map_w - 1 - b.w);
  y = std::clamp(y, 1, map_h - 1 - b.h);
  return {x, y, b.w, b.h};
}

// A room's top-left and its right and bottom edges moved out by min_distance: two rooms are
// close when each one's top-left is before the other's far edges on both axes.
struct Span {
  int x, y, x_far, y_far;
};

// The close pairs of the rooms' current rectangles (gap below min_distance), found afresh each
// time: at the default density nearly every room moves in every iteration (1024^2: 3,960 of
// 4,194 on average; 4096^2: 26,500 of 31,568), so a list kept between iterations, or one updated
// for the rooms that moved, has nothing to save. sort() cuts the rooms' bounding box into strips
// max_side + min_distance high and orders the rooms by strip, then by x (two counting sorts), into
// flat arrays of each room's top-left and far edges; two close rooms' top-left corners are then in
// the same strip or neighbouring ones. for_each_close() sweeps each strip along x: a room is
// compared with the rooms after it in its strip and with those of the strip below, each run cut
// to the x window a close partner can be in (a pointer into the strip below only moves forward).
// Sorting costs O(n + the box's width and height), the sweep O(n + rooms in those windows);
// nothing is allocated once the arrays have grown to the largest box.
class CloseFinder {
 public:
  CloseFinder(int max_side, int min_distance, size_t n)
      : reach_(max_side + min_distance), md_(min_distance), key_(n), by_x_(n), slot_(n), id_(n) {}

  // The rooms in strip and x order, for the rectangles `rects` (indexed by room).
  void sort(const std::vector<Rect>& rects) {
    int x0 = rects[0].x, y0 = rects[0].y, x1 = x0, y1 = y0;
    for (const Rect& r : rects) {
      x0 = std::min(x0, r.x);
      x1 = std::max(x1, r.x);
      y0 = std::min(y0, r.y);
      y1 = std::max(y1, r.y);
    }
    count_.assign(static_cast<size_t>(x1 - x0) + 2, 0);
    for (const Rect& r : rects) ++count_[static_cast<size_t>(r.x - x0) + 1];
    for (size_t k = 1; k < count_.size(); ++k) count_[k] += count_[k - 1];
    for (size_t i = 0; i < rects.size(); ++i) by_x_[count_[static_cast<size_t>(rects[i].x - x0)]++] = static_cast<int32_t>(i);
    // Strip k starts at strip_[k]; one empty strip at the end, below the last.
    strip_.assign(static_cast<size_t>((y1 - y0) / reach_) + 3, 0);
    for (size_t i = 0; i < rects.size(); ++i) {
      key_[i] = static_cast<uint32_t>((rects[i].y - y0) / reach_);
      ++strip_[key_[i] + 1];
    }
    for (size_t k = 1; k < strip_.size(); ++k) strip_[k] += strip_[k - 1];
    count_.assign(strip_.begin(), strip_.end());
    for (const int32_t i : by_x_) {
      const Rect& r = rects[static_cast<size_t>(i)];
      const uint32_t u = count_[key_[static_cast<size_t>(i)]]++;
      slot_[u] = {r.x, r.y, r.right() + md_, r.bottom() + md_};
      id_[u] = i;
    }
  }

  // Calls f(i, j, span of i, span of j) once for every pair of rooms i < j whose gap was below
  // min_distance at the last sort(), in an order that depends on the positions: callers must not
  // depend on it.
  template <typename F>
  void for_each_close(F&& f) const {
    auto close = [&](uint32_t u, uint32_t v) {
      const int32_t i = id_[u], j = id_[v];
      if (i < j) f(i, j, slot_[u], slot_[v]);
      else f(j, i, slot_[v], slot_[u]);
    };
    for (size_t k = 0; k + 2 < strip_.size(); ++k) {
      const uint32_t end = strip_[k + 1], below_end = strip_[k + 2];
      uint32_t below = end;  // the first room of the strip below that may be close to the next u
      for (uint32_t u = strip_[k]; u < end; ++u) {
        const Span a = slot_[u];
        // Rooms after u in its strip: b.x >= a.x, so only b.x < a.x_far is left to check on x.
        for (uint32_t v = u + 1; v < end && slot_[v].x < a.x_far; ++v)
          if (slot_[v].y < a.y_far && a.y < slot_[v].y_far) close(u, v);
        // The strip below: a partner's far edge is at most reach_ past its top-left.
        while (below < below_end && slot_[below].x <= a.x - reach_) ++below;
        for (uint32_t v = below; v < below_end && slot_[v].x < a.x_far; ++v) {
          const Span& b = slot_[v];
          if (a.x < b.x_far && b.y < a.y_far && a.y < b.y_far) close(u, v);
        }
      }
    }
  }

 private:
  int reach_, md_;
  std::vector<uint32_t> count_, strip_, key_;
  std::vector<int32_t> by_x_;
  std::vector<Span> slot_;
  std::vector<int32_t> id_;
};

}  // namespace

namespace {

// RoomLayoutConfig's problems on a width x height map, or (any_size) the fields on their own,
// the room count held to the largest map's limit.
std::vector<FieldProblem> layout_problems(const RoomLayoutConfig& c, int width, int height, bool any_size) {
  std::vector<FieldProblem> p;
  auto range = [&](const char* name, int v, int lo, int hi) {
    if (v < lo || v > hi) p.push_back({name, std::to_string(v), std::to_string(lo) + " to " + std::to_string(hi)});
  };
  range("width", width, kMinRoomsSide, kMaxSide);
  range("height", height, kMinRoomsSide, kMaxSide);
  range("room_count", c.room_count, 2, 100000);
  range("min_side", c.min_side, 6, 256);
  range("max_side", c.max_side, std::max(c.min_side, 6), 256);
  range("min_distance", c.min_distance, 3, 64);
  range("max_iterations", c.max_iterations, 1, 100000);
  if (p.empty() && (c.max_side > width - 2 || c.max_side > height - 2))
    p.push_back({"max_side", std::to_string(c.max_side),
                 "at most " + std::to_string(std::min(width, height) - 2) + " so a room fits the " +
                     std::to_string(width) + "x" + std::to_string(height) + " map with its margin"});
  if (p.empty()) {
    const int most = max_room_count(width, height, c);
    const std::string map = std::to_string(width) + "x" + std::to_string(height);
    const std::string where = any_size ? ", the limit of the largest map, " + map + "," : " for the " + map + " map";
    if (c.room_count > most)
      p.push_back({"room_count", std::to_string(c.room_count),
                   "2 to " + std::to_string(most) + where + " at " + std::to_string(c.max_iterations) +
                       " iterations: more rooms pile up in the middle of the map and their layout would not "
                       "finish in seconds"});
  }
  return p;
}

}  // namespace

std::vector<FieldProblem> RoomLayoutConfig::problems(int width, int height) const {
  return layout_problems(*this, width, height, false);
}

std::vector<FieldProblem> RoomLayoutConfig::problems() const { return layout_problems(*this, kMaxSide, kMaxSide, true); }

void RoomLayoutConfig::check(int width, int height) const { throw_if_problems(problems(width, height)); }

namespace {

// max_iterations x (rooms + expected close pairs when the rooms are piled into the middle half): a
// bound, since a start box larger than the middle half only spreads them more.
// Two rooms are close when their top-left corners are less than about a mean side plus a mean
// side plus twice the gap apart on both axes: that square, over the pile's area, is the chance.
double layout_work(int width, int height, const RoomLayoutConfig& c, int rooms) {
  const double reach = static_cast<double>(c.min_side + c.max_side + 2 * c.min_distance);
  const double pile = std::max(reach * reach, (width / 2.0) * (height / 2.0));
  const double n = rooms;
  const double pairs = std::min(n * (n - 1) / 2, n * n * reach * reach / (2 * pile));
  return static_cast<double>(c.max_iterations) * (n + pairs);
}

}  // namespace

int max_room_count(int width, int height, const RoomLayoutConfig& config) {
  constexpr int kMostRooms = 100000;
  if (layout_work(width, height, config, kMostRooms) <= kRoomLayoutWork) return kMostRooms;
  int lo = 2, hi = kMostRooms;  // the work grows with the rooms: the largest count within it
  while (lo < hi) {
    const int mid = lo + (hi - lo + 1) / 2;
    if (layout_work(width, height, config, mid) <= kRoomLayoutWork) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

int room_gap(const Rect& a, const Rect& b) {
  const int gx = std::max(b.x - a.right(), a.x - b.right());
  const int gy = std::max(b.y - a.bottom(), a.y - b.bottom());
  return std::max(gx, gy);
}

RoomLayout layout_rooms(int width, int height, const RoomLayoutConfig& c, Rng& rng) {
  c.check(width, height);
  const int n = c.room_count;
  const int md = c.min_distance;
  // The start box: centred, the map's shape, the middle half of the map or, when the rooms'
  // footprint (each with its gap, at the mean side) is more than an eighth of the map, twice the
  // footprint, up to the whole map. A pile denser than that cannot spread in max_iterations: at
  // 1024x1024 with the default map's density (4,194 rooms), rooms that all started in the middle
  // half were still pushing each other after 300 iterations and 2,565 of them were dropped (seed
  // 7); started in the box, 72 are.
  const double mean_side = (c.min_side + c.max_side) / 2.0 + md;
  const double area = static_cast<double>(width) * height;
  const double start_area = 2.0 * n * mean_side * mean_side;
  const double f = start_area <= area / 4 ? 0.5 : std::min(1.0, std::sqrt(start_area / area));
  const double lo = (1 - f) / 2, hi = (1 + f) / 2;
  std::vector<Body> bodies(static_cast<size_t>(n));
  for (Body& b : bodies) {
    b.w = static_cast<int>(rng.uniform_int(c.min_side, c.max_side));
    b.h = static_cast<int>(rng.uniform_int(c.min_side, c.max_side));
    // In the start box, clamped so the room fits.
    const double x0 = width * lo, x1 = std::max(x0, width * hi - b.w);
    const double y0 = height * lo, y1 = std::max(y0, height * hi - b.h);
    b.x = rng.uniform_real(x0, x1);
    b.y = rng.uniform_real(y0, y1);
  }
  std::vector<Rect> rects(static_cast<size_t>(n));
  for (size_t i = 0; i < rects.size(); ++i) rects[i] = settle(bodies[i], width, height);

  RoomLayout out;
  CloseFinder near(c.max_side, md, rects.size());
  // Pushes in half cells: every push is need/2 with an integer need, so these integer sums are
  // exactly the sums of halves the doubles would hold, in any order.
  std::vector<int32_t> push_x(static_cast<size_t>(n), 0), push_y(static_cast<size_t>(n), 0);
  for (int it = 0; it < c.max_iterations; ++it) {
    bool moved = false;
    near.sort(rects);
    near.for_each_close([&](int32_t pi, int32_t pj, const Span& a, const Span& b) {
      const auto i = static_cast<size_t>(pi), j = static_cast<size_t>(pj);
      moved = true;
      // Push needed on each axis so that the gap on that axis reaches min_distance: the overlap
      // of the rooms' spans widened by min_distance.
      const int need_x = std::min(a.x_far - b.x, b.x_far - a.x), need_y = std::min(a.y_far - b.y, b.y_far - a.y);
      // Direction: from a's centre to b's (twice the centre, to stay in integers).
      const int cx = (b.x + b.x_far) - (a.x + a.x_far), cy = (b.y + b.y_far) - (a.y + a.y_far);
      const bool along_x = need_x < need_y || (need_x == need_y && std::abs(cx) >= std::abs(cy));
      const bool odd = (i + j + static_cast<size_t>(it)) % 2 != 0;
      if (along_x) {
        const int s = cx > 0 || (cx == 0 && !odd) ? need_x : -need_x;
        push_x[i] -= s;
        push_x[j] += s;
      } else {
        const int s = cy > 0 || (cy == 0 && !odd) ? need_y : -need_y;
        push_y[i] -= s;
        push_y[j] += s;
      }
    });
    out.iterations = it + 1;
    if (!moved) {
      out.iterations = it;
      break;
    }
    // A body that is not pushed keeps its place: its position was clamped by an earlier
    // iteration (all are clamped in the first), so clamping again would change nothing.
    for (size_t i = 0; i < bodies.size(); ++i) {
      if (it > 0 && push_x[i] == 0 && push_y[i] == 0) continue;
      Body& b = bodies[i];
      b.x += push_x[i] * 0.5;
      b.y += push_y[i] * 0.5;
      push_x[i] = push_y[i] = 0;
      // Keep the real position inside the clamp range so rooms pushed against a wall can come
      // back instead of accumulating an invisible overshoot.
      b.x = std::clamp(b.x, 1.0, static_cast<double>(width - 1 - b.w));
      b.y = std::clamp(b.y, 1.0, static_cast<double>(height - 1 - b.h));
      rects[i] = settle(b, width, height);
    }
  }

  // Drop rooms that still break the rule: repeatedly the one with the most violations among the
  // rooms left (the highest index among equals) until none is left. The rooms no longer move, so
  // the close pairs are found once and each drop only lowers its partners' counts: O(P log n) for
  // P close pairs, where recounting after every drop was O(drops x P).
  std::vector<bool> alive(rects.size(), true);
  {
    std::vector<std::vector<int>> partners(rects.size());
    near.sort(rects);
    near.for_each_close([&](int32_t i, int32_t j, const Span&, const Span&) {
      partners[static_cast<size_t>(i)].push_back(j);
      partners[static_cast<size_t>(j)].push_back(i);
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
