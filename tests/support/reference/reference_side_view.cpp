// Side-view movement simulated step by step (reference_side_view.hpp): a body's foot cell and
// what it is doing (resting, rising, gliding, falling) as the state, one cell a step, and a
// textbook Dijkstra over those states with a map and a priority queue. For small maps only.
#include "support/reference/reference_side_view.hpp"

#include <queue>
#include <tuple>
#include <utility>

namespace catacomb::test {
namespace {

// The map as characters, with the rules restated: '#' solid (and everything off the map),
// 'H' ladder, '-' platform, anything else air.
struct Sim {
  const std::vector<std::string>& rows;
  const MovementModel& m;

  int w() const { return static_cast<int>(rows[0].size()); }
  int h() const { return static_cast<int>(rows.size()); }
  char at(int x, int y) const {
    return x < 0 || y < 0 || x >= w() || y >= h() ? '#' : rows[static_cast<size_t>(y)][static_cast<size_t>(x)];
  }
  bool body_ok(int x, int y) const {
    for (int k = 0; k < m.body_height; ++k)
      if (at(x, y - k) == '#') return false;
    return true;
  }
  bool on_ground(int x, int y) const {
    const char below = at(x, y + 1);
    return body_ok(x, y) && (below == '#' || below == '-' || below == 'H');
  }
  bool on_ladder(int x, int y) const { return at(x, y) == 'H' && body_ok(x, y); }
  bool rest(int x, int y) const { return on_ground(x, y) || on_ladder(x, y); }

  // Micro-states: the body's foot cell and what it is doing. Every step moves the foot one cell
  // and costs 1; leaving the ground in a jump costs jump_penalty more.
  enum Mode { Rest, Rise, Glide, Fall };
  struct State {
    int x, y, mode, count, dir;  // count: rows risen (Rise), columns glided (Glide), rows fallen (Fall)
    auto key() const { return std::tie(x, y, mode, count, dir); }
    bool operator<(const State& o) const { return key() < o.key(); }
  };

  template <typename F>
  void steps(const State& s, F&& go) const {
    const int x = s.x, y = s.y;
    switch (s.mode) {
      case Rest:
        for (int d : {-1, 1}) {
          if (rest(x + d, y)) go(State{x + d, y, Rest, 0, 0}, 1);
          else if (body_ok(x + d, y)) go(State{x + d, y, Fall, 0, 0}, 1);
        }
        if (at(x, y) == 'H' && rest(x, y - 1)) go(State{x, y - 1, Rest, 0, 0}, 1);
        if (at(x, y + 1) == 'H' && body_ok(x, y + 1)) go(State{x, y + 1, Rest, 0, 0}, 1);
        else if (at(x, y + 1) != '#' && body_ok(x, y + 1)) go(State{x, y + 1, Fall, 1, 0}, 1);
        if (on_ground(x, y) && body_ok(x, y - 1)) go(State{x, y - 1, Rise, 1, 0}, 1 + m.jump_penalty);
        break;
      case Rise:
        if (s.count < m.jump_height && body_ok(x, y - 1)) go(State{x, y - 1, Rise, s.count + 1, 0}, 1);
        for (int d : {-1, 1})
          if (body_ok(x + d, y)) go(State{x + d, y, Glide, 1, d}, 1);
        go(State{x, y, Fall, 0, 0}, 0);
        break;
      case Glide:
        if (s.count < m.jump_distance + 1 && body_ok(x + s.dir, y))
          go(State{x + s.dir, y, Glide, s.count + 1, s.dir}, 1);
        go(State{x, y, Fall, 0, 0}, 0);
        break;
      case Fall:
        if (rest(x, y)) go(State{x, y, Rest, 0, 0}, 0);
        else if ((m.max_fall == 0 || s.count + 1 <= m.max_fall) && body_ok(x, y + 1))
          go(State{x, y + 1, Fall, s.count + 1, 0}, 1);
        break;
    }
  }

  // Cheapest cost to every resting cell from `start` (Dijkstra over micro-states).
  std::map<Point, int64_t> rest_costs(Point start) const {
    std::map<State, int64_t> dist;
    using Item = std::pair<int64_t, State>;
    auto later = [](const Item& a, const Item& b) {
      return a.first != b.first ? a.first > b.first : b.second < a.second;
    };
    std::priority_queue<Item, std::vector<Item>, decltype(later)> open(later);
    const State s0{start.x, start.y, Rest, 0, 0};
    dist[s0] = 0;
    open.push({0, s0});
    while (!open.empty()) {
      auto [c, s] = open.top();
      open.pop();
      if (dist[s] != c) continue;
      steps(s, [&](const State& n, int64_t cost) {
        auto it = dist.find(n);
        if (it == dist.end() || c + cost < it->second) {
          dist[n] = c + cost;
          open.push({c + cost, n});
        }
      });
    }
    std::map<Point, int64_t> out;
    for (const auto& [s, c] : dist)
      if (s.mode == Rest) out[{s.x, s.y}] = c;
    return out;
  }
};

}  // namespace

bool reference_rests(const std::vector<std::string>& rows, const MovementModel& m, Point p) {
  return Sim{rows, m}.rest(p.x, p.y);
}

std::map<Point, int64_t> reference_rest_costs(const std::vector<std::string>& rows, const MovementModel& m,
                                              Point start) {
  return Sim{rows, m}.rest_costs(start);
}

}  // namespace catacomb::test
