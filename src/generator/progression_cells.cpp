// The cell grids the progression stages share (see progression_cells.hpp).
#include "generator/progression_cells.hpp"

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
  auto index = [w](int x, int y) { return static_cast<size_t>(y) * static_cast<size_t>(w) + static_cast<size_t>(x); };
  std::vector<Point> queue{start};
  at[index(start.x, start.y)] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const Point u = queue[head];
    const int32_t next = at[index(u.x, u.y)] + 1;
    for (int dir = 0; dir < dirs; ++dir) {
      const int x = u.x + kDirections[dir].x, y = u.y + kDirections[dir].y;
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const size_t v = index(x, y);
      if (!o[v] || at[v] != kFar) continue;
      if (dir >= 4 && !diagonal_allowed(policy, o[index(x, u.y)] != 0, o[index(u.x, y)] != 0)) continue;
      at[v] = next;
      queue.push_back({x, y});
    }
  }
  return walk;
}

}  // namespace catacomb::detail
