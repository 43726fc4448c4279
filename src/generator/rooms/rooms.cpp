// Room perturbation.
//
// Rooms start at uniformly random positions in a centred box (so they overlap and must be
// pushed apart, as in the tutorial's avoidance behaviour): the middle half of the map, or twice
// the rooms' footprint when that is larger, up to the whole map (see layout_rooms). Each
// iteration looks at every pair (i < j) that is closer than min_distance and pushes the two
// apart along the axis that needs the smaller push, half each, in opposite directions; the
// pushes of one iteration are summed and applied together, then positions are rounded and
// clamped into the map with a 1-tile margin. The close pairs are kept from one iteration to the
// next and looked for again only round the rooms whose rectangles moved (ClosePairs), so an
// iteration costs O(n + P + moved rooms) for P close pairs: near-linear while rooms are spread
// out, O(n^2) when many rooms are piled into a small map, which is why room_count is limited by
// what fits the map (RoomLayoutConfig::problems). The rooms still too close after the last
// iteration are then dropped in O(P log n).
// Determinism: pushes are summed as integers (half cells), so the order in which the pairs are
// visited does not matter, only which pairs are close; the positions are IEEE doubles without
// contraction; ties are broken by index.
#include <catacomb/generator/rooms.hpp>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <set>

#include "shared/core/problems.hpp"

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

// The close pairs of the rooms (gap below min_distance), kept from one iteration to the next:
// a pair whose rooms both kept their rectangles is as close as it was, so each iteration looks
// only round the rooms that moved. Two close rooms' top-left corners are less than reach =
// max_side + min_distance apart on both axes, so the rooms are kept in square buckets of that
// side, and a room's partners are in its bucket or the eight round it; when most rooms moved
// (the first iterations), one pass over the buckets finds every pair instead. At the bench's
// density most rooms stop moving long before the last iteration (1024x1024: about 122,000
// rectangles moved in 300 iterations of 4,194 rooms), where sorting and sweeping every room each
// time cost 80 us an iteration however few moved.
class ClosePairs {
 public:
  ClosePairs(const std::vector<Rect>& rects, int width, int height, int max_side, int min_distance)
      : rects_(rects),
        reach_(max_side + min_distance),
        md_(min_distance),
        bx_(width / reach_ + 1),
        by_(height / reach_ + 1),
        buckets_(static_cast<size_t>(bx_) * static_cast<size_t>(by_)),
        at_(rects.size()),
        slot_(rects.size()),
        moved_(rects.size(), 1) {
    for (size_t i = 0; i < rects.size(); ++i) {
      at_[i] = bucket_of(rects[i]);
      link(i);
      moved_list_.push_back(i);
    }
  }

  // Room i's rectangle (in `rects`, held by reference) has changed since the last update().
  void moved(size_t i) {
    if (!moved_[i]) moved_list_.push_back(i);
    moved_[i] = 1;
    const size_t b = bucket_of(rects_[i]);
    if (b == at_[i]) {
      buckets_[b][slot_[i]].r = rects_[i];
      return;
    }
    std::vector<Member>& old = buckets_[at_[i]];  // swap-remove i from its old bucket
    old[slot_[i]] = old.back();
    slot_[static_cast<size_t>(old[slot_[i]].i)] = slot_[i];
    old.pop_back();
    at_[i] = b;
    link(i);
  }

  // The close pairs (i < j) of the rectangles as they are now, in no particular order.
  const std::vector<std::pair<int32_t, int32_t>>& update() {
    next_.clear();
    if (2 * moved_list_.size() >= rects_.size()) {
      all_pairs();
    } else {
      for (const auto& [i, j] : pairs_)
        if (!moved_[static_cast<size_t>(i)] && !moved_[static_cast<size_t>(j)]) next_.push_back({i, j});
      round_moved();
    }
    for (size_t i : moved_list_) moved_[i] = 0;
    moved_list_.clear();
    pairs_.swap(next_);
    return pairs_;
  }

 private:
  // A bucket's rooms are kept with their rectangles, side by side: the searches below read a
  // bucket as one run of memory.
  struct Member {
    int32_t i;
    Rect r;
  };

  bool close(const Rect& a, const Rect& b) const { return room_gap(a, b) < md_; }
  void add_pair(size_t i, size_t u) {
    next_.push_back({static_cast<int32_t>(std::min(i, u)), static_cast<int32_t>(std::max(i, u))});
  }

  // Every close pair, when most rooms moved: each room against the rooms after it in its
  // bucket and in the four buckets after its own (right, and the three below), so each pair of
  // neighbouring buckets is looked at once.
  void all_pairs() {
    for (int by = 0; by < by_; ++by)
      for (int bx = 0; bx < bx_; ++bx) {
        const std::vector<Member>& own =
            buckets_[static_cast<size_t>(by) * static_cast<size_t>(bx_) + static_cast<size_t>(bx)];
        for (size_t k = 0; k < own.size(); ++k) {
          const Member& a = own[k];
          for (size_t l = k + 1; l < own.size(); ++l)
            if (close(a.r, own[l].r)) add_pair(static_cast<size_t>(a.i), static_cast<size_t>(own[l].i));
          const int after[4][2] = {{1, 0}, {-1, 1}, {0, 1}, {1, 1}};
          for (const auto& d : after) {
            const int x = bx + d[0], y = by + d[1];
            if (x < 0 || x >= bx_ || y >= by_) continue;
            for (const Member& b : buckets_[static_cast<size_t>(y) * static_cast<size_t>(bx_) + static_cast<size_t>(x)])
              if (close(a.r, b.r)) add_pair(static_cast<size_t>(a.i), static_cast<size_t>(b.i));
          }
        }
      }
  }

  // The close pairs with a room that moved, looked for round each such room.
  void round_moved() {
    for (size_t i : moved_list_) {
      const Rect& a = rects_[i];
      const int bx = static_cast<int>(at_[i] % static_cast<size_t>(bx_)),
                by = static_cast<int>(at_[i] / static_cast<size_t>(bx_));
      for (int y = std::max(by - 1, 0); y <= std::min(by + 1, by_ - 1); ++y)
        for (int x = std::max(bx - 1, 0); x <= std::min(bx + 1, bx_ - 1); ++x)
          for (const Member& b : buckets_[static_cast<size_t>(y) * static_cast<size_t>(bx_) + static_cast<size_t>(x)]) {
            if (!close(a, b.r)) continue;
            const auto u = static_cast<size_t>(b.i);
            if (u == i || (moved_[u] && u < i)) continue;  // a pair of two moved rooms once
            add_pair(i, u);
          }
    }
  }

  void link(size_t i) {
    std::vector<Member>& b = buckets_[at_[i]];
    slot_[i] = static_cast<uint32_t>(b.size());
    b.push_back({static_cast<int32_t>(i), rects_[i]});
  }
  size_t bucket_of(const Rect& r) const {
    return static_cast<size_t>(r.y / reach_) * static_cast<size_t>(bx_) + static_cast<size_t>(r.x / reach_);
  }

  const std::vector<Rect>& rects_;
  int reach_, md_, bx_, by_;
  std::vector<std::vector<Member>> buckets_;  // each bucket's rooms
  std::vector<size_t> at_;                    // each room's bucket
  std::vector<uint32_t> slot_;                // and its place in the bucket
  std::vector<uint8_t> moved_;
  std::vector<size_t> moved_list_;  // the rooms whose moved_ is set, in no particular order
  std::vector<std::pair<int32_t, int32_t>> pairs_, next_;
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

std::vector<FieldProblem> RoomLayoutConfig::problems() const {
  return layout_problems(*this, kMaxSide, kMaxSide, true);
}

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

namespace {

// The rooms' sizes and first positions, two sizes then two positions a room. The start box:
// centred, the map's shape, the middle half of the map or, when the rooms' footprint (each with
// its gap, at the mean side) is more than an eighth of the map, twice the footprint, up to the
// whole map. A pile denser than that cannot spread in max_iterations: at 1024x1024 with the
// default map's density (4,194 rooms), rooms that all started in the middle half were still
// pushing each other after 300 iterations and 2,565 of them were dropped (seed 7); started in
// the box, 72 are.
std::vector<Body> scatter_bodies(int width, int height, const RoomLayoutConfig& c, Rng& rng) {
  const int n = c.room_count;
  const double mean_side = (c.min_side + c.max_side) / 2.0 + c.min_distance;
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
  return bodies;
}

// The iterations: every close pair pushed apart, the pushes applied together, until no pair is
// close or max_iterations have run. Moves `bodies` and `rects` (their settled rectangles, kept
// in `near`); returns the iterations that pushed a pair (RoomLayout::iterations).
int push_apart(std::vector<Body>& bodies, std::vector<Rect>& rects, ClosePairs& near, int width, int height,
               const RoomLayoutConfig& c) {
  const int md = c.min_distance;
  const size_t n = bodies.size();
  int iterations = 0;
  // Pushes in half cells: every push is need/2 with an integer need, so these integer sums are
  // exactly the sums of halves the doubles would hold, in any order.
  std::vector<int32_t> push_x(n, 0), push_y(n, 0);
  std::vector<uint8_t> in_pair(n, 0);  // in a close pair this iteration
  std::vector<size_t> paired;          // those rooms
  for (int it = 0; it < c.max_iterations; ++it) {
    const std::vector<std::pair<int32_t, int32_t>>& close = near.update();
    for (const auto& [pi, pj] : close) {
      const auto i = static_cast<size_t>(pi), j = static_cast<size_t>(pj);
      const Rect& a = rects[i];
      const Rect& b = rects[j];
      // Push needed on each axis so that the gap on that axis reaches min_distance: the overlap
      // of the rooms' spans widened by min_distance.
      const int need_x = std::min(a.right() + md - b.x, b.right() + md - a.x);
      const int need_y = std::min(a.bottom() + md - b.y, b.bottom() + md - a.y);
      // Direction: from a's centre to b's (twice the centre, to stay in integers).
      const int cx = (2 * b.x + b.width) - (2 * a.x + a.width), cy = (2 * b.y + b.height) - (2 * a.y + a.height);
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
      for (const size_t k : {i, j})
        if (!in_pair[k]) {
          in_pair[k] = 1;
          paired.push_back(k);
        }
    }
    iterations = it + 1;
    if (close.empty()) {
      iterations = it;
      break;
    }
    // A body that is not pushed keeps its place: its position was clamped by an earlier
    // iteration (all are clamped in the first), so clamping again would change nothing. After
    // the first, only the rooms of a close pair can have been pushed; the order in which they
    // move does not matter (each moves by its own pushes).
    if (it == 0) {
      paired.resize(bodies.size());
      std::iota(paired.begin(), paired.end(), size_t{0});
    }
    for (const size_t i : paired) {
      in_pair[i] = 0;
      if (it > 0 && push_x[i] == 0 && push_y[i] == 0) continue;
      Body& b = bodies[i];
      b.x += push_x[i] * 0.5;
      b.y += push_y[i] * 0.5;
      push_x[i] = push_y[i] = 0;
      // Keep the real position inside the clamp range so rooms pushed against a wall can come
      // back instead of accumulating an invisible overshoot.
      b.x = std::clamp(b.x, 1.0, static_cast<double>(width - 1 - b.w));
      b.y = std::clamp(b.y, 1.0, static_cast<double>(height - 1 - b.h));
      const Rect r = settle(b, width, height);
      if (r == rects[i]) continue;
      rects[i] = r;
      near.moved(i);
    }
    paired.clear();
  }
  return iterations;
}

// Drop rooms that still break the rule: repeatedly the one with the most violations among the
// rooms left (the highest index among equals) until none is left. The rooms no longer move, so
// the close pairs are found once and each drop only lowers its partners' counts: O(P log n) for
// P close pairs, where recounting after every drop was O(drops x P). Returns which of the `n`
// rooms are kept; counts the drops in `dropped`.
std::vector<bool> drop_close_rooms(ClosePairs& near, size_t n, int& dropped) {
  std::vector<bool> alive(n, true);
  std::vector<std::vector<int>> partners(n);
  for (const auto& [i, j] : near.update()) {
    partners[static_cast<size_t>(i)].push_back(j);
    partners[static_cast<size_t>(j)].push_back(i);
  }
  std::vector<int> bad(n, 0);
  std::set<std::pair<int, int>> by_badness;  // (violations, index) of rooms with violations
  for (size_t i = 0; i < n; ++i) {
    bad[i] = static_cast<int>(partners[i].size());
    if (bad[i] > 0) by_badness.insert({bad[i], static_cast<int>(i)});
  }
  while (!by_badness.empty()) {
    const int worst = std::prev(by_badness.end())->second;  // most violations, highest index
    by_badness.erase(std::prev(by_badness.end()));
    alive[static_cast<size_t>(worst)] = false;
    ++dropped;
    for (int j : partners[static_cast<size_t>(worst)]) {
      const auto u = static_cast<size_t>(j);
      if (!alive[u]) continue;
      by_badness.erase({bad[u], j});
      if (--bad[u] > 0) by_badness.insert({bad[u], j});
    }
  }
  return alive;
}

}  // namespace

RoomLayout layout_rooms(int width, int height, const RoomLayoutConfig& c, Rng& rng) {
  c.check(width, height);
  std::vector<Body> bodies = scatter_bodies(width, height, c, rng);
  std::vector<Rect> rects(bodies.size());
  for (size_t i = 0; i < rects.size(); ++i) rects[i] = settle(bodies[i], width, height);

  RoomLayout out;
  ClosePairs near(rects, width, height, c.max_side, c.min_distance);
  out.iterations = push_apart(bodies, rects, near, width, height, c);
  const std::vector<bool> alive = drop_close_rooms(near, rects.size(), out.dropped);

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
