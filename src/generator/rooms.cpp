// Room perturbation.
//
// Rooms start at uniformly random positions in the middle half of the map (so they overlap and
// must be pushed apart, as in the tutorial's avoidance behaviour). Each iteration looks at every
// pair (i < j) that is closer than min_distance and pushes the two apart along the axis that
// needs the smaller push, half each, in opposite directions; the pushes of one iteration are
// summed and applied together, then positions are rounded and clamped into the map with a 1-tile
// margin. Close pairs come from a candidate list built on a uniform grid (CloseCandidates), so an
// iteration costs O(n + P) for P close pairs and allocates nothing: near-linear while rooms are
// spread out, O(n^2) when many rooms are piled into a small map, which is why room_count is
// limited by what fits the map (RoomLayoutConfig::problems). The rooms still too close after the
// last iteration are then dropped in O(P log n).
// Determinism: pushes are summed as integers (half cells), so their order does not matter; the
// positions are IEEE doubles without contraction; ties are broken by index.
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

// lround for the non-negative positions bodies have (they start in the middle half of the map
// and are clamped to >= 1): truncation and the exact fraction x - t, halves away from zero, as
// lround does, without its library call.
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

struct Pair {
  int32_t i, j;  // i < j
};

// Candidate pairs (a Verlet list, after molecular dynamics' neighbour lists): every pair of rooms
// whose gap was below min_distance + kSkin when the list was built. A pair outside the list was
// then at least min_distance + kSkin apart; the gap of two rooms shrinks by at most the sum of
// their moves, so the list holds every close pair until two rooms have together moved more than
// kSkin cells since the build. An iteration costs O(n + candidates) with no allocation, a build
// O(n + cells + pairs of rooms in neighbouring cells). kSkin = 0 (a build whenever a room moved)
// measured fastest: in the piles the default density makes (the bench's 4,194 rooms in 1024^2),
// some room moves several cells in every iteration, so a skin only adds candidates (1024^2: skin
// 0, 1, 2, 4, 8 took 200, 230, 250-330, 410-470, 560 ms).
class CloseCandidates {
 public:
  static constexpr int kSkin = 0;

  CloseCandidates(int map_w, int map_h, int max_side, int min_distance, size_t n)
      : min_distance_(min_distance), ref_x_(n), ref_y_(n) {
    // Cells at least as wide as the farthest a candidate's top-left can be: only the 3x3 block
    // of cells around a room can hold its candidates. Larger cells when the rooms are few, so
    // the table stays O(n) on big maps.
    const double per_room = static_cast<double>(map_w) * static_cast<double>(map_h) / static_cast<double>(n);
    cell_ = std::max(max_side + min_distance + kSkin, static_cast<int>(std::sqrt(per_room)));
    nx_ = map_w / cell_ + 1;
    ny_ = map_h / cell_ + 1;
    start_.assign(static_cast<size_t>(nx_) * static_cast<size_t>(ny_) + 1, 0);
    order_.resize(n);
    key_.resize(n);
  }

  const std::vector<Pair>& pairs() const { return pairs_; }

  // Builds the list for the rooms' current rectangles.
  void build(const std::vector<Rect>& rects) {
    std::fill(start_.begin(), start_.end(), 0);
    for (size_t i = 0; i < rects.size(); ++i) {
      key_[i] = static_cast<uint32_t>(rects[i].y / cell_ * nx_ + rects[i].x / cell_);
      ++start_[key_[i] + 1];
      ref_x_[i] = rects[i].x;
      ref_y_[i] = rects[i].y;
    }
    for (size_t k = 1; k < start_.size(); ++k) start_[k] += start_[k - 1];
    {
      std::vector<uint32_t> fill(start_.begin(), start_.end() - 1);
      for (size_t i = 0; i < rects.size(); ++i) order_[fill[key_[i]]++] = static_cast<int32_t>(i);
    }
    pairs_.clear();
    const int reach = min_distance_ + kSkin;
    auto consider = [&](int32_t a, int32_t b) {
      const Rect& ra = rects[static_cast<size_t>(a)];
      const Rect& rb = rects[static_cast<size_t>(b)];
      if (std::max(rb.x - ra.right(), ra.x - rb.right()) < reach && std::max(rb.y - ra.bottom(), ra.y - rb.bottom()) < reach)
        pairs_.push_back(a < b ? Pair{a, b} : Pair{b, a});
    };
    for (int cy = 0; cy < ny_; ++cy)
      for (int cx = 0; cx < nx_; ++cx) {
        const size_t c = static_cast<size_t>(cy) * static_cast<size_t>(nx_) + static_cast<size_t>(cx);
        for (uint32_t u = start_[c]; u < start_[c + 1]; ++u) {
          const int32_t a = order_[u];
          for (uint32_t v = u + 1; v < start_[c + 1]; ++v) consider(a, order_[v]);
          // The forward half of the neighbourhood, so each pair of cells is looked at once.
          static constexpr int kForward[4][2] = {{1, 0}, {-1, 1}, {0, 1}, {1, 1}};
          for (const auto& f : kForward) {
            const int ox = cx + f[0], oy = cy + f[1];
            if (ox < 0 || ox >= nx_ || oy >= ny_) continue;
            const size_t o = static_cast<size_t>(oy) * static_cast<size_t>(nx_) + static_cast<size_t>(ox);
            for (uint32_t v = start_[o]; v < start_[o + 1]; ++v) consider(a, order_[v]);
          }
        }
      }
    moved_most_ = moved_next_ = 0;
    most_room_ = -1;
  }

  // Records that room i now sits at r; true when the list may have stopped covering every close
  // pair (the two rooms that moved farthest since the build, together, beyond kSkin).
  bool note_move(size_t i, const Rect& r) {
    const int d = std::max(std::abs(r.x - ref_x_[i]), std::abs(r.y - ref_y_[i]));
    const auto room = static_cast<int64_t>(i);
    if (d > moved_most_) {
      if (room != most_room_) moved_next_ = moved_most_;
      moved_most_ = d;
      most_room_ = room;
    } else if (room != most_room_ && d > moved_next_) {
      moved_next_ = d;
    }
    return moved_most_ + moved_next_ > kSkin;
  }

 private:
  int min_distance_;
  int cell_ = 1, nx_ = 1, ny_ = 1;
  std::vector<uint32_t> start_, key_;
  std::vector<int32_t> order_;
  std::vector<int> ref_x_, ref_y_;
  std::vector<Pair> pairs_;
  // The farthest two rooms have moved from where the list was built (each room's farthest).
  int moved_most_ = 0, moved_next_ = 0;
  int64_t most_room_ = -1;
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
  if (p.empty()) {
    const int most = max_room_count(width, height, *this);
    if (room_count > most)
      p.push_back({"room_count", std::to_string(room_count),
                   "2 to " + std::to_string(most) + " for the " + std::to_string(width) + "x" + std::to_string(height) +
                       " map at " + std::to_string(max_iterations) +
                       " iterations: more rooms pile up in the middle of the map and their layout would not "
                       "finish in seconds"});
  }
  return p;
}

void RoomLayoutConfig::check(int width, int height) const { throw_if_problems(problems(width, height)); }

namespace {

// max_iterations x (rooms + expected close pairs when the rooms are piled into the middle half).
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
  for (size_t i = 0; i < rects.size(); ++i) rects[i] = settle(bodies[i], width, height);

  RoomLayout out;
  CloseCandidates near(width, height, c.max_side, md, rects.size());
  near.build(rects);
  // Pushes in half cells: every push is need/2 with an integer need, so these integer sums are
  // exactly the sums of halves the doubles would hold, in any order.
  std::vector<int32_t> push_x(static_cast<size_t>(n), 0), push_y(static_cast<size_t>(n), 0);
  for (int it = 0; it < c.max_iterations; ++it) {
    bool moved = false;
    for (const Pair& p : near.pairs()) {
      const auto i = static_cast<size_t>(p.i), j = static_cast<size_t>(p.j);
      const Rect& a = rects[i];
      const Rect& b = rects[j];
      // Push needed on each axis so that the gap on that axis reaches min_distance.
      const int gx = std::max(b.x - a.right(), a.x - b.right());
      const int gy = std::max(b.y - a.bottom(), a.y - b.bottom());
      if (gx >= md || gy >= md) continue;
      moved = true;
      const int need_x = md - gx, need_y = md - gy;
      // Direction: from a's centre to b's (twice the centre, to stay in integers).
      const int cx = (b.x * 2 + b.width) - (a.x * 2 + a.width), cy = (b.y * 2 + b.height) - (a.y * 2 + a.height);
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
    }
    out.iterations = it + 1;
    if (!moved) {
      out.iterations = it;
      break;
    }
    // A body that is not pushed keeps its place: its position was clamped by an earlier
    // iteration (all are clamped in the first), so clamping again would change nothing.
    bool stale = false;
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
      const Rect r = settle(b, width, height);
      if (r == rects[i]) continue;
      rects[i] = r;
      stale |= near.note_move(i, r);
    }
    if (stale) near.build(rects);
  }

  // Drop rooms that still break the rule: repeatedly the one with the most violations among the
  // rooms left (the highest index among equals) until none is left. The rooms no longer move, so
  // the close pairs are found once and each drop only lowers its partners' counts: O(P log n) for
  // P close pairs, where recounting after every drop was O(drops x P).
  std::vector<bool> alive(rects.size(), true);
  {
    std::vector<std::vector<int>> partners(rects.size());
    for (const Pair& p : near.pairs())
      if (room_gap(rects[static_cast<size_t>(p.i)], rects[static_cast<size_t>(p.j)]) < md) {
        partners[static_cast<size_t>(p.i)].push_back(p.j);
        partners[static_cast<size_t>(p.j)].push_back(p.i);
      }
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
