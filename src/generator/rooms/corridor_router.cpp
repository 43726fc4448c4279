// The canonical corridor router: see corridor_router.hpp for the route it finds and why its
// search can leave out the two rooms.
#include "generator/rooms/corridor_router.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include <catacomb/pathing/moves.hpp>

namespace catacomb::detail {
namespace {

// The canonical cheapest route (see corridor_router.hpp) on whole-number costs. Cells are indexed
// on a grid padded by one impassable cell on every side, so neighbours need no bounds check.
// G holds the costs: int32_t when no route can cost 2^31 (a route enters each cell once at
// most), int64_t otherwise; both give the same routes, the first with half the memory traffic.
template <typename G>
class Router {
 public:
  // Cost classes: 0 can not be dug, then reuse, rock, room.
  enum : uint8_t { kNoDig = 0, kReuse = 1, kRock = 2, kRoom = 3 };

  // Whether Router takes these costs: whole numbers up to 65,535, width 1, no turn penalty.
  static bool takes(const DigCosts& dig) {
    auto whole = [](double v) { return v >= 1 && v <= 65535 && v == static_cast<double>(static_cast<int64_t>(v)); };
    return dig.width == 1 && dig.turn == 0 && whole(dig.reuse) && whole(dig.rock) && whole(dig.room);
  }

  static bool fits(int w, int h, const DigCosts& dig) {
    const double cells = (static_cast<double>(w) + 2) * (static_cast<double>(h) + 2) + w + h;
    return std::max({dig.reuse, dig.rock, dig.room}) * cells < static_cast<double>(INT32_MAX);
  }

  // `room_span`: the largest width + height of a room inside the map.
  Router(int w, int h, const DigCosts& dig, int room_span)
      : w_(w),
        h_(h),
        pw_(w + 2),
        cls_(static_cast<size_t>(w + 2) * static_cast<size_t>(h + 2), kPadding),
        g_(cls_.size(), kInf) {
    const G by_class[4] = {0, static_cast<G>(dig.reuse), static_cast<G>(dig.rock), static_cast<G>(dig.room)};
    for (size_t b = 0; b < 16; ++b) cost_[b] = by_class[b & 3];
    least_ = std::min({cost_[kReuse], cost_[kRock], cost_[kRoom]});
    // Every queued f lies within one span of the f being popped: a push adds at most the dearest
    // cost, one heuristic step and the goal room's wall bonus (stepping off its ring). The cells
    // round the start room are queued at once when their f lie within the ring's span of the
    // least (a spread of reuse x 2 x (width + height + 2) plus that step at most: the ring covers
    // it up to 4,096), the others when the search reaches their f (see search_rooms).
    const G dearest = std::max({cost_[kReuse], cost_[kRock], cost_[kRoom]});
    const G bonus = std::max(G{0}, cost_[kRoom] - cost_[kReuse]);
    step_ = dearest + least_ + bonus;
    const G spread = 2 * cost_[kReuse] * static_cast<G>(room_span + 2) + step_;
    size_t r = 64;
    while (r <= static_cast<size_t>(std::max(step_, std::min<G>(spread, 4096)))) r *= 2;
    ring_.resize(r);
    seeds_fit_ = static_cast<size_t>(spread) < r;
    jump_ = step_ > 64;
    occupied_.assign(r / 64, 0);
    mask_ = r - 1;
    const int32_t pw = pw_;
    off_[0] = 1;
    off_[1] = pw;
    off_[2] = -1;
    off_[3] = -pw;
  }

  // The cells' zones and classes for these tiles and rooms (see Zone): as carve_corridors'
  // other routers read them from the zone grid.
  void build(const Grid<Terrain>& tiles, const std::vector<Rect>& rooms) {
    for (int y = 0; y < h_; ++y) {
      const Terrain* t = &tiles(0, y);
      uint8_t* c = &cls_[at(0, y)];
      for (int x = 0; x < w_; ++x) c[x] = t[x] == Terrain::Wall ? byte(Zone::Rock, kRock) : byte(Zone::Rock, kReuse);
      c[0] = c[w_ - 1] = kPadding;
    }
    std::fill_n(&cls_[at(0, 0)], w_, kPadding);
    std::fill_n(&cls_[at(0, h_ - 1)], w_, kPadding);
    for (const Rect& r : rooms)
      for (int y = std::max(r.y - 1, 0); y <= std::min(r.bottom(), h_ - 1); ++y)
        for (int x = std::max(r.x - 1, 0); x <= std::min(r.right(), w_ - 1); ++x) {
          uint8_t& c = cls_[at(x, y)];
          const Zone before = zone(c), z = zone_after(before, r, x, y);
          if (z == before) continue;
          const bool wall = tiles(x, y) == Terrain::Wall;
          c = byte(z, z == Zone::NoDig ? kNoDig : (z == Zone::Ring && !wall ? kReuse : kRoom));
        }
  }
  Zone zone(int x, int y) const { return zone(cls_[at(x, y)]); }
  // A carved cell: a corridor or a door from now on.
  void carved(int x, int y) { set_class(cls_[at(x, y)], kReuse); }

  // The cells of the canonical cheapest route from `pa` (in room `ra`) to `pb` (in room `rb`)
  // that lie outside the two rooms, in `out`, from the goal's end; every cell of the route when
  // a point is outside its room (the plain search). Empty when there is no route. The rooms'
  // cells cost `reuse` meanwhile.
  void route(const Rect& ra, Point pa, const Rect& rb, Point pb, std::vector<Point>& out) {
    out.clear();
    const bool rooms = cost_[kReuse] == least_ && inside(ra) && inside(rb) && ra.contains(pa) && rb.contains(pb) &&
                       apart(ra, rb);
    // The rooms' interiors: skipped by the search (their d is worked out), or cheap.
    for (const Rect* r : {&ra, &rb}) fill(*r, rooms ? kNoDig : kReuse);
    pb_ = pb;
    const G best = rooms ? search_rooms(ra, pa, rb) : search_points(pa, pb);
    if (best != kInf) {
      if (rooms) trace_rooms(ra, pa, rb, best, out);
      else trace_points(pa, pb, out);
    }
    for (size_t i : touched_) g_[i] = kInf;
    touched_.clear();
    for (const Rect* r : {&ra, &rb})
      for (int y = std::max(r->y, 0); y < std::min(r->bottom(), h_); ++y) {
        const int x0 = std::max(r->x, 0), x1 = std::min(r->right(), w_);
        for (int x = x0; x < x1; ++x) {  // a room's cell is its interior or a ring's corner
          uint8_t& c = cls_[at(x, y)];
          set_class(c, zone(c) == Zone::Interior ? kRoom : kNoDig);
        }
      }
  }

 private:
  static constexpr G kInf = std::numeric_limits<G>::max();
  // A cell's byte: its zone (bits 2 and 3) and its class (bits 0 and 1, what it costs).
  static constexpr uint8_t byte(Zone z, uint8_t c) { return static_cast<uint8_t>(static_cast<uint8_t>(z) << 2 | c); }
  static constexpr uint8_t kPadding = byte(Zone::NoDig, kNoDig);
  static Zone zone(uint8_t b) { return static_cast<Zone>(b >> 2); }
  static uint8_t class_of(uint8_t b) { return b & 3; }
  static void set_class(uint8_t& b, uint8_t c) { b = static_cast<uint8_t>((b & ~3) | c); }
  struct Entry {
    uint32_t i;
    uint16_t x, y;
    G g;  // the cell's cost when queued: the entry is stale once that has dropped
  };
  struct Seed {  // a cell round the start room, with its f and cost
    G f, g;
    size_t i;
    int x, y;
  };

  size_t at(int x, int y) const {
    return static_cast<size_t>(y + 1) * static_cast<size_t>(pw_) + static_cast<size_t>(x + 1);
  }
  bool inside(const Rect& r) const {
    return r.width > 0 && r.height > 0 && r.x >= 0 && r.y >= 0 && r.right() <= w_ && r.bottom() <= h_;
  }
  // No cell of one room is in the other or in its ring.
  static bool apart(const Rect& a, const Rect& b) {
    return b.x > a.right() || b.right() < a.x || b.y > a.bottom() || b.bottom() < a.y;
  }
  void fill(const Rect& r, uint8_t c) {
    for (int y = std::max(r.y, 0); y < std::min(r.bottom(), h_); ++y)
      for (int x = std::max(r.x, 0); x < std::min(r.right(), w_); ++x) set_class(cls_[at(x, y)], c);
  }
  // A lower bound of the cost from (x, y) to the goal, consistent (it drops by at most a cell's
  // cost from a cell to the next). Searching for a point: least x the Manhattan distance.
  // Searching for the goal room (`room_h_`): a cell on its ring is that, exactly (`reuse` a step
  // once in, the least cost); a route from any other cell enters the room through a ring cell,
  // a wall (cost `room`: room - reuse more than the Manhattan bound) or a door (`reuse`, and
  // reuse x the Manhattan distance through that door), so the bound is the least of the wall
  // bound and the doors' (while the ring has up to kDoors doors; more, and the Manhattan bound).
  [[gnu::always_inline]] G heuristic(int x, int y) const {
    const G plain = least_ * static_cast<G>(std::abs(x - pb_.x) + std::abs(y - pb_.y));
    if (!room_h_ || on_goal_ring(x, y)) return plain;
    G h = plain + wall_bonus_;
    for (int k = 0; k < doors_; ++k)
      h = std::min(h, door_[k].rest + least_ * static_cast<G>(std::abs(x - door_[k].x) + std::abs(y - door_[k].y)));
    return h;
  }
  bool on_goal_ring(int x, int y) const {
    const bool in_x = x >= rb_.x && x < rb_.right(), in_y = y >= rb_.y && y < rb_.bottom();
    return (in_x && (y == rb_.y - 1 || y == rb_.bottom())) || (in_y && (x == rb_.x - 1 || x == rb_.right()));
  }
  // d(cell) = g if that is lower than what it had: the cell is queued.
  // Jump: the search keeps occupied_ (see jump_); a template parameter, as a test of the member
  // in the search's loop cost a tenth of its time.
  template <bool Jump>
  [[gnu::always_inline]] void offer(size_t i, int x, int y, G g) {
    if (g < g_[i]) queue<Jump>(i, x, y, g, g + heuristic(x, y));
  }
  // Queues the cell at cost g, with f = g + its heuristic (g is below its cost so far).
  template <bool Jump>
  [[gnu::always_inline]] void queue(size_t i, int x, int y, G g, G f) {
    if (g_[i] == kInf) touched_.push_back(i);
    g_[i] = g;
    const size_t b = static_cast<size_t>(f) & mask_;
    ring_[b].push_back({static_cast<uint32_t>(i), static_cast<uint16_t>(x), static_cast<uint16_t>(y), g});
    if constexpr (Jump) occupied_[b >> 6] |= uint64_t{1} << (b & 63);
    ++queued_;
  }
  template <bool Jump>
  void offer(const Seed& e) {
    if (e.g < g_[e.i]) queue<Jump>(e.i, e.x, e.y, e.g, e.f);
  }
  // The cells round a room, outside it and 4-adjacent to one of its cells, with that cell:
  // f(ring x, ring y, inner x, inner y).
  template <typename F>
  static void each_ring_cell(const Rect& r, F&& f) {
    for (int x = r.x; x < r.right(); ++x) {
      f(x, r.y - 1, x, r.y);
      f(x, r.bottom(), x, r.bottom() - 1);
    }
    for (int y = r.y; y < r.bottom(); ++y) {
      f(r.x - 1, y, r.x, y);
      f(r.right(), y, r.right() - 1, y);
    }
  }

  // Pops in f order until every cell with f <= the route's cost is expanded; `goal(x, y)` says
  // whether a popped cell ends the route (its f is then the route's cost). The route's cost.
  template <typename Goal>
  G run(G f, Goal&& goal) {
    return jump_ ? run<true>(f, goal) : run<false>(f, goal);
  }
  template <bool Jump, typename Goal>
  G run(G f, Goal&& goal) {
    G best = kInf;
    for (;;) {
      const size_t b = static_cast<size_t>(f) & mask_;
      std::vector<Entry>& bucket = ring_[b];
      if (bucket.empty()) {
        // On to the next f with an entry, or with a start room's cell to queue. With dear costs
        // the queued f lie far apart, and stepping through every f between would cost more than
        // the search: the search jumps by occupied_.
        G next = queued_ == 0 ? kInf : Jump ? next_queued(f) : f + 1;
        if (!seeds_.empty()) next = std::min(next, seeds_.back().f);
        if (next == kInf || next > best) break;
        f = next;
        while (!seeds_.empty() && seeds_.back().f == f) {
          offer<Jump>(seeds_.back());
          seeds_.pop_back();
        }
        continue;
      }
      const Entry e = bucket.back();
      bucket.pop_back();
      if (Jump && bucket.empty()) occupied_[b >> 6] &= ~(uint64_t{1} << (b & 63));
      --queued_;
      const G g = e.g;
      if (g_[e.i] != g) continue;  // queued again since, cheaper
      if (best == kInf && goal(e.x, e.y)) best = f;
      for (int d = 0; d < 4; ++d) {
        const size_t u = e.i + static_cast<size_t>(static_cast<int64_t>(off_[d]));
        const G c = cost_[cls_[u]];
        if (c == 0) continue;
        offer<Jump>(u, e.x + kDirections[d].x, e.y + kDirections[d].y, g + c);
      }
    }
    if (Jump) {  // what is left
      for (size_t w = 0; w < occupied_.size() && queued_ > 0; ++w)
        for (uint64_t bits = occupied_[w]; bits != 0; bits &= bits - 1) {
          std::vector<Entry>& bucket = ring_[w * 64 + static_cast<size_t>(std::countr_zero(bits))];
          queued_ -= bucket.size();
          bucket.clear();
        }
      std::fill(occupied_.begin(), occupied_.end(), uint64_t{0});
    }
    for (; queued_ > 0; ++f) {  // within one span of f
      std::vector<Entry>& bucket = ring_[static_cast<size_t>(f) & mask_];
      queued_ -= bucket.size();
      bucket.clear();
    }
    return best;
  }

  // The least f above f whose bucket holds an entry (every queued f lies within the ring's span
  // of f); kInf when none does.
  G next_queued(G f) const {
    if (queued_ == 0) return kInf;
    const size_t from = static_cast<size_t>(f) & mask_, words = occupied_.size();
    const size_t first = (from + 1) & mask_;
    size_t w = first >> 6;
    uint64_t bits = occupied_[w] & (~uint64_t{0} << (first & 63));
    for (size_t k = 0; bits == 0 && k < words; ++k) {
      w = (w + 1) % words;
      bits = occupied_[w];
    }
    if (bits == 0) return kInf;
    const size_t b = w * 64 + static_cast<size_t>(std::countr_zero(bits));
    return f + static_cast<G>(((b - from) & mask_) == 0 ? ring_.size() : (b - from) & mask_);
  }

  G search_points(Point pa, Point pb) {
    room_h_ = false;
    seeds_.clear();
    if (jump_) offer<true>(at(pa.x, pa.y), pa.x, pa.y, 0);
    else offer<false>(at(pa.x, pa.y), pa.x, pa.y, 0);
    return run(heuristic(pa.x, pa.y), [&](int x, int y) { return x == pb.x && y == pb.y; });
  }

  G search_rooms(const Rect& ra, Point pa, const Rect& rb) {
    const G reuse = cost_[kReuse];
    // The goal room's heuristic: its doors, or none when there are more than kDoors.
    rb_ = rb;
    room_h_ = true;
    wall_bonus_ = cost_[kRoom] - reuse;
    doors_ = 0;
    each_ring_cell(rb, [&](int x, int y, int, int) {
      if (class_of(cls_[at(x, y)]) != kReuse || doors_ > kDoors) return;
      if (doors_ < kDoors) door_[doors_] = {x, y, reuse * static_cast<G>(std::abs(x - pb_.x) + std::abs(y - pb_.y))};
      ++doors_;
    });
    if (doors_ > kDoors) {
      wall_bonus_ = 0;
      doors_ = 0;
    }
    // The cells round the start room with their costs and f. When their f can lie further apart
    // than the ring spans (dear costs, long rooms), those beyond the ring's span of the least are
    // queued when the search reaches their f.
    seeds_.clear();
    G f = kInf;
    each_ring_cell(ra, [&](int x, int y, int ix, int iy) {
      const size_t i = at(x, y);
      if (class_of(cls_[i]) == kNoDig) return;
      const G g = reuse * static_cast<G>(std::abs(ix - pa.x) + std::abs(iy - pa.y)) + cost_[cls_[i]];
      const G ef = g + heuristic(x, y);
      f = std::min(f, ef);
      if (!seeds_fit_) seeds_.push_back({ef, g, i, x, y});
      else if (g < g_[i] && jump_) queue<true>(i, x, y, g, ef);
      else if (g < g_[i]) queue<false>(i, x, y, g, ef);
    });
    if (f == kInf) return kInf;
    size_t later = 0;
    for (const Seed& e : seeds_) {
      if (static_cast<size_t>(e.f - f) + static_cast<size_t>(step_) >= ring_.size()) seeds_[later++] = e;
      else if (jump_) offer<true>(e);
      else offer<false>(e);
    }
    seeds_.resize(later);
    std::sort(seeds_.begin(), seeds_.end(),
              [](const Seed& a, const Seed& b) { return a.f > b.f || (a.f == b.f && a.i > b.i); });
    return run(f, [&](int x, int y) { return on_goal_ring(x, y); });
  }

  void trace_points(Point pa, Point pb, std::vector<Point>& out) {
    Point v = pb;
    out.push_back(v);
    while (v != pa) {
      const size_t i = at(v.x, v.y);
      const G c = cost_[cls_[i]];
      int d = 0;
      while (d < 4 && g_[i + static_cast<size_t>(static_cast<int64_t>(off_[d]))] != g_[i] - c) ++d;
      if (d == 4) throw std::logic_error("corridor route: no cell before " + to_string(v));
      v = {v.x + kDirections[d].x, v.y + kDirections[d].y};
      out.push_back(v);
    }
  }

  void trace_rooms(const Rect& ra, Point pa, const Rect& rb, G best, std::vector<Point>& out) {
    const G reuse = cost_[kReuse];
    // d inside the goal room, for the trace: the least over its ring cells r of d(r) + reuse x
    // (1 + the distance from r's inner cell). Only the ring cells a cheapest route enters by
    // (d(r) + the exact rest = the route's cost) count: a cell of a cheapest route has its d
    // through one of them, and a cell whose d through them fits the trace's equation is on a
    // cheapest route too. There are few: a distance transform of the whole room from its ring
    // took a fifth of the router's time.
    entrances_.clear();
    each_ring_cell(rb, [&](int x, int y, int ix, int iy) {
      const G g = g_[at(x, y)];
      if (g != kInf && g + reuse * static_cast<G>(1 + std::abs(ix - pb_.x) + std::abs(iy - pb_.y)) == best)
        entrances_.push_back({ix, iy, g + reuse});
    });
    auto d_in_room = [&](Point u) {
      G d = kInf;
      for (const Entrance& e : entrances_)
        d = std::min(d, e.d + reuse * static_cast<G>(std::abs(u.x - e.x) + std::abs(u.y - e.y)));
      return d;
    };
    // From the goal to the ring cell the route enters by: the canonical trace, inside the room.
    Point v = pb_;
    G dv = best;  // d(pb) is the route's cost
    while (rb.contains(v)) {
      const G want = dv - reuse;
      int d = 0;
      for (; d < 4; ++d) {
        const Point u{v.x + kDirections[d].x, v.y + kDirections[d].y};
        if ((rb.contains(u) ? d_in_room(u) : g_[at(u.x, u.y)]) == want) break;
      }
      if (d == 4) throw std::logic_error("corridor route: no cell before " + to_string(v));
      v = {v.x + kDirections[d].x, v.y + kDirections[d].y};
      dv = want;
    }
    // Outside both rooms, to the start room; its cells' d is reuse x the distance from the start.
    // A neighbour in the goal room is never on the route (d there comes from the ring).
    for (;;) {
      out.push_back(v);
      const size_t i = at(v.x, v.y);
      const G want = g_[i] - cost_[cls_[i]];
      Point next{};
      bool found = false;
      for (int d = 0; d < 4 && !found; ++d) {
        const Point u{v.x + kDirections[d].x, v.y + kDirections[d].y};
        if (ra.contains(u)) {
          if (reuse * static_cast<G>(std::abs(u.x - pa.x) + std::abs(u.y - pa.y)) == want) return;
        } else if (!rb.contains(u) && g_[i + static_cast<size_t>(static_cast<int64_t>(off_[d]))] == want) {
          next = u;
          found = true;
        }
      }
      if (!found) throw std::logic_error("corridor route: no cell before " + to_string(v));
      v = next;
    }
  }

  int w_, h_, pw_;
  std::vector<uint8_t> cls_;
  std::vector<G> g_;
  std::vector<size_t> touched_;
  std::vector<std::vector<Entry>> ring_;
  std::vector<uint64_t> occupied_;  // a bit per bucket of ring_: it holds an entry
  size_t mask_ = 0, queued_ = 0;
  G cost_[16] = {};  // by the whole byte of a cell
  G least_ = 1;
  int32_t off_[4] = {};
  Point pb_{};
  struct Entrance {
    int x, y;  // a goal room's cell next to a ring cell a cheapest route enters by
    G d;       // its d through that ring cell
  };
  std::vector<Entrance> entrances_;
  // The goal room's heuristic (see heuristic()).
  static constexpr int kDoors = 8;
  struct Door {
    int x, y;
    G rest;  // reuse x the Manhattan distance from the door to the goal
  };
  bool room_h_ = false;
  Rect rb_{};
  G wall_bonus_ = 0;
  int doors_ = 0;
  Door door_[kDoors] = {};
  G step_ = 0;              // the most a push adds to f
  bool seeds_fit_ = false;  // the cells round any start room fit the ring's span at once
  // Dear costs (a push can add more than 64 to f): the queued f lie far apart, and the search
  // jumps from one to the next by occupied_ instead of stepping through every f between.
  bool jump_ = false;
  std::vector<Seed> seeds_;  // start room cells not queued yet, the least f at the back
};

// Width 1, no turn penalty, whole-number costs: every corridor is the canonical cheapest route.
template <typename G>
void carve_with(Grid<Terrain>& tiles, const std::vector<Rect>& rooms, const std::vector<Point>& points,
                const std::vector<RoomEdge>& edges, const DigCosts& dig, CarveStats& stats) {
  const int w = tiles.width(), h = tiles.height();
  int span = 0;
  for (const Rect& r : rooms)
    if (r.x >= 0 && r.y >= 0 && r.right() <= w && r.bottom() <= h) span = std::max(span, r.width + r.height);
  Router<G> router(w, h, dig, span);
  router.build(tiles, rooms);
  std::vector<Point> route;
  for (const RoomEdge& e : edges) {
    const auto a = static_cast<size_t>(e.a), b = static_cast<size_t>(e.b);
    router.route(rooms[a], points[a], rooms[b], points[b], route);
    for (const Point& p : route) {
      const Zone z = router.zone(p.x, p.y);
      if (z == Zone::NoDig || z == Zone::Interior || tiles[p] != Terrain::Wall) continue;
      tiles[p] = z == Zone::Ring ? Terrain::Door : Terrain::Corridor;
      router.carved(p.x, p.y);
      ++stats.carved;
    }
    ++stats.corridors;
  }
}

}  // namespace

bool canonical_router_takes(const DigCosts& dig) { return Router<int32_t>::takes(dig); }

void carve_canonical(Grid<Terrain>& tiles, const std::vector<Rect>& rooms, const std::vector<Point>& points,
                     const std::vector<RoomEdge>& edges, const DigCosts& dig, CarveStats& stats) {
  if (Router<int32_t>::fits(tiles.width(), tiles.height(), dig))
    carve_with<int32_t>(tiles, rooms, points, edges, dig, stats);
  else carve_with<int64_t>(tiles, rooms, points, edges, dig, stats);
}

}  // namespace catacomb::detail
