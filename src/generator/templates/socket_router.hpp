#pragma once
// Internal (not installed): the corridor router of the template layouts (template_layout.cpp).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <queue>
#include <tuple>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/generator/corridors.hpp>

namespace catacomb::detail {

// A cheap 4-connected route from `from` to `to` (both included) over the cells `blocked` leaves
// open (from and to are always open), under dig costs: a Wall cell costs dig.rock to enter, any
// other cell dig.reuse, and each change of direction dig.turn more. Empty when there is none.
// A* over cells (and headings, when turns cost) with the Manhattan distance x dig.rock as its
// heuristic: exact where every open cell is rock to dig (a mission's corridors, which never meet
// another), and otherwise a weighted A* that may pass up a longer detour along a corridor to
// reuse, and expands a narrow band instead of a disc. The open list is ordered by (f, g, cell,
// heading): the same inputs give the same route everywhere.
// `scratch` is reused between routes of one map (only the states a search touched are reset).
struct RouterScratch {
  std::vector<double> g;
  std::vector<uint32_t> parent;
  std::vector<uint32_t> touched;
};
// `blocked(cell index)` says which cells the route may not enter.

namespace router {

struct Entry {
  double f, g;
  uint32_t cell;
  uint8_t heading;
  bool operator>(const Entry& o) const { return std::tie(f, g, cell, heading) > std::tie(o.f, o.g, o.cell, o.heading); }
};

inline constexpr int kDx[4] = {1, 0, -1, 0};
inline constexpr int kDy[4] = {0, 1, 0, -1};
inline constexpr uint8_t kNoHeading = 4;

}  // namespace router

template <typename Blocked>
std::vector<Point> route_socket_corridor(const Grid<Terrain>& tiles, const Blocked& blocked, Point from, Point to,
                                         const DigCosts& dig, RouterScratch& scratch) {
  using namespace router;
  if (!tiles.in_bounds(from) || !tiles.in_bounds(to)) return {};
  const int w = tiles.width();
  const size_t n = tiles.size();
  // Headings are states only when turns cost: then s = cell * 5 + heading (4: the start, no
  // direction yet); otherwise s = cell.
  const uint32_t per_cell = dig.turn > 0 ? 5 : 1;
  auto state = [&](uint32_t cell, uint8_t heading) { return per_cell == 1 ? cell : cell * 5 + heading; };
  auto h = [&](int x, int y) { return dig.rock * (std::abs(x - to.x) + std::abs(y - to.y)); };
  if (scratch.g.size() != n * per_cell) {
    scratch.g.assign(n * per_cell, std::numeric_limits<double>::infinity());
    scratch.parent.assign(n * per_cell, UINT32_MAX);
    scratch.touched.clear();
  }
  for (uint32_t s : scratch.touched) {
    scratch.g[s] = std::numeric_limits<double>::infinity();
    scratch.parent[s] = UINT32_MAX;
  }
  scratch.touched.clear();
  std::vector<double>& g = scratch.g;
  std::vector<uint32_t>& parent = scratch.parent;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
  const uint32_t start_cell = static_cast<uint32_t>(from.y * w + from.x);
  g[state(start_cell, kNoHeading)] = 0;
  scratch.touched.push_back(state(start_cell, kNoHeading));
  open.push({h(from.x, from.y), 0, start_cell, kNoHeading});
  const uint32_t goal_cell = static_cast<uint32_t>(to.y * w + to.x);
  uint32_t goal_state = UINT32_MAX;
  while (!open.empty()) {
    const Entry e = open.top();
    open.pop();
    const uint32_t s = state(e.cell, e.heading);
    if (e.g > g[s]) continue;
    if (e.cell == goal_cell) {
      goal_state = s;
      break;
    }
    const int x = static_cast<int>(e.cell % static_cast<uint32_t>(w)),
              y = static_cast<int>(e.cell / static_cast<uint32_t>(w));
    for (uint8_t d = 0; d < 4; ++d) {
      const int nx = x + kDx[d], ny = y + kDy[d];
      if (!tiles.in_bounds(nx, ny)) continue;
      const uint32_t c = static_cast<uint32_t>(ny * w + nx);
      if (c != goal_cell && blocked(c)) continue;
      double step = tiles.data()[c] == Terrain::Wall ? dig.rock : dig.reuse;
      if (per_cell == 5 && e.heading != kNoHeading && e.heading != d) step += dig.turn;
      const double ng = e.g + step;
      const uint8_t heading = per_cell == 5 ? d : kNoHeading;
      const uint32_t ns = state(c, heading);
      if (ng < g[ns]) {
        if (g[ns] == std::numeric_limits<double>::infinity()) scratch.touched.push_back(ns);
        g[ns] = ng;
        parent[ns] = s;
        open.push({ng + h(nx, ny), ng, c, heading});
      }
    }
  }
  if (goal_state == UINT32_MAX) return {};
  std::vector<Point> route;
  for (uint32_t s = goal_state; s != UINT32_MAX; s = parent[s]) {
    const uint32_t c = s / per_cell;
    route.push_back({static_cast<int>(c % static_cast<uint32_t>(w)), static_cast<int>(c / static_cast<uint32_t>(w))});
  }
  std::reverse(route.begin(), route.end());
  return route;
}

}  // namespace catacomb::detail
