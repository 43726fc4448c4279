// The cell grids the progression stages share (see progression_cells.hpp).
#include "generator/progression/progression_cells.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include <catacomb/pathing/regions.hpp>

namespace catacomb::detail {

Grid<uint8_t> passable_cells(const Dungeon& d, const CostTable& costs) {
  Grid<uint8_t> open(d.tiles.width(), d.tiles.height(), 0);
  for (size_t i = 0; i < open.size(); ++i) open.cells()[i] = costs.passable(d.tiles.cells()[i]) ? 1 : 0;
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Secret && open.in_bounds(g.pos)) open[g.pos] = 0;
  return open;
}

Grid<int32_t> moves_from(const Grid<uint8_t>& open, const Moves& moves, Point start) {
  Grid<int32_t> walk(open.width(), open.height(), kFar);
  const int w = open.width(), h = open.height();
  const uint8_t* o = open.cells().data();
  int32_t* at = walk.cells().data();
  const DiagonalPolicy policy = effective_diagonal(moves);
  const int dirs = moves.neighbors == 8 && policy != DiagonalPolicy::Never ? 8 : 4;
  // The corner rule by the two side cells' open flags, and each direction's index offset.
  std::array<std::array<uint8_t, 2>, 2> corner{};
  for (size_t a = 0; a < 2; ++a)
    for (size_t b = 0; b < 2; ++b) corner[a][b] = diagonal_allowed(policy, a != 0, b != 0) ? 1 : 0;
  std::array<std::ptrdiff_t, 8> offset{};
  std::array<std::ptrdiff_t, 8> side_x{}, side_y{};
  for (size_t dir = 0; dir < 8; ++dir) {
    side_x[dir] = kDirections[dir].x;
    side_y[dir] = static_cast<std::ptrdiff_t>(kDirections[dir].y) * w;
    offset[dir] = side_x[dir] + side_y[dir];
  }
  // The queue of cell indices, sized for every cell (and a direction's worth of slack): each
  // step writes its cell at the tail and moves the tail on only when the cell is new, so the
  // test costs no mispredicted branch.
  std::vector<uint32_t> queue(open.size() + 8);
  size_t tail = 0;
  const size_t first = open.index(start);
  at[first] = 0;
  queue[tail++] = static_cast<uint32_t>(first);
  for (size_t head = 0; head < tail; ++head) {
    const uint32_t u = queue[head];
    const int x = static_cast<int>(u % static_cast<uint32_t>(w)), y = static_cast<int>(u / static_cast<uint32_t>(w));
    const int32_t next = at[u] + 1;
    if (x > 0 && y > 0 && x < w - 1 && y < h - 1) {  // every neighbour on the grid
      for (int dir = 0; dir < dirs; ++dir) {
        const auto k = static_cast<size_t>(dir);
        const std::ptrdiff_t v = static_cast<std::ptrdiff_t>(u) + offset[k];
        // A diagonal's side cells: one step along its x, one along its y (inside the grid: u is
        // inside its border).
        const bool side_ok =
            dir < 4 ||
            corner[o[static_cast<std::ptrdiff_t>(u) + side_x[k]]][o[static_cast<std::ptrdiff_t>(u) + side_y[k]]] != 0;
        const bool fresh = (o[v] != 0) & (at[v] == kFar) & side_ok;
        at[v] = fresh ? next : at[v];
        queue[tail] = static_cast<uint32_t>(v);
        tail += fresh ? 1 : 0;
      }
      continue;
    }
    for (int dir = 0; dir < dirs; ++dir) {
      const int vx = x + kDirections[dir].x, vy = y + kDirections[dir].y;
      if (vx < 0 || vy < 0 || vx >= w || vy >= h) continue;
      const size_t v = open.index({vx, vy});
      if (!o[v] || at[v] != kFar) continue;
      if (dir >= 4 && !corner[o[open.index({vx, y})] != 0][o[open.index({x, vy})] != 0]) continue;
      at[v] = next;
      queue[tail++] = static_cast<uint32_t>(v);
    }
  }
  return walk;
}

std::vector<Point> route_from(const Grid<int32_t>& walk, const Grid<uint8_t>& open, const Moves& moves, Point target) {
  if (!walk.in_bounds(target) || walk[target] == kFar) return {};
  const DiagonalPolicy policy = effective_diagonal(moves);
  const int dirs = moves.neighbors == 8 && policy != DiagonalPolicy::Never ? 8 : 4;
  std::vector<Point> route{target};
  Point cur = target;
  int prev = -1;
  while (walk[cur] > 0) {
    int chosen = -1;
    for (int k = -1; k < dirs && chosen < 0; ++k) {
      const int d = k < 0 ? prev : k;
      if (d < 0 || (k >= 0 && d == prev)) continue;
      const Point n{cur.x + kDirections[d].x, cur.y + kDirections[d].y};
      if (!walk.in_bounds(n) || walk[n] != walk[cur] - 1) continue;
      // The flood's rule for the step n -> cur (it is the same both ways).
      if (d >= 4 && !diagonal_allowed(policy, open[{n.x, cur.y}] != 0, open[{cur.x, n.y}] != 0)) continue;
      chosen = d;
    }
    if (chosen < 0) return {};  // not moves_from's walk of `open`
    cur = Point{cur.x + kDirections[chosen].x, cur.y + kDirections[chosen].y};
    route.push_back(cur);
    prev = chosen;
  }
  std::reverse(route.begin(), route.end());
  return route;
}

std::vector<uint8_t> route_cuts(const Grid<uint8_t>& open, const Moves& moves, const std::vector<Point>& route) {
  std::vector<uint8_t> cuts(route.size(), 0);
  if (route.size() < 3) return cuts;
  // The cells off the route, labelled; each route cell's index by cell, sorted for lookup.
  Grid<uint8_t> off = open;
  std::vector<std::pair<size_t, size_t>> at;  // (cell, route index)
  at.reserve(route.size());
  for (size_t j = 0; j < route.size(); ++j) {
    off[route[j]] = 0;
    at.emplace_back(open.index(route[j]), j);
  }
  std::sort(at.begin(), at.end());
  const RegionMap areas = label_regions(off, moves);
  // The lowest and highest route index each area touches, and the pairs of route cells next to
  // each other; each a span (a, b) that joins the route's two sides of every cell between.
  std::vector<size_t> lo(areas.sizes.size(), route.size()), hi(areas.sizes.size(), 0);
  std::vector<int64_t> cover(route.size() + 1, 0);  // differences: spans over each index
  auto span = [&](size_t a, size_t b) {
    if (b > a + 1) ++cover[a + 1], --cover[b];
  };
  const int dirs = moves.neighbors == 8 && effective_diagonal(moves) == DiagonalPolicy::Always ? 8 : 4;
  for (size_t i = 0; i < route.size(); ++i)
    for (int dir = 0; dir < dirs; ++dir) {
      const Point v{route[i].x + kDirections[dir].x, route[i].y + kDirections[dir].y};
      if (!open.in_bounds(v) || !open[v]) continue;
      if (const int32_t l = areas.labels[v]; l != kNoRegion) {
        lo[static_cast<size_t>(l)] = std::min(lo[static_cast<size_t>(l)], i);
        hi[static_cast<size_t>(l)] = std::max(hi[static_cast<size_t>(l)], i);
        continue;
      }
      const auto it = std::lower_bound(at.begin(), at.end(), std::pair<size_t, size_t>{open.index(v), 0});
      if (it->second > i) span(i, it->second);  // each pair once, from its lower end
    }
  for (size_t l = 0; l < lo.size(); ++l)
    if (lo[l] < hi[l]) span(lo[l], hi[l]);
  int64_t over = 0;
  for (size_t i = 0; i + 1 < route.size(); ++i) {
    over += cover[i];
    cuts[i] = i > 0 && over == 0 ? 1 : 0;
  }
  return cuts;
}

}  // namespace catacomb::detail
