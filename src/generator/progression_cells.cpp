// The cell grids the progression stages share (see progression_cells.hpp).
#include "generator/progression_cells.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

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

}  // namespace catacomb::detail
