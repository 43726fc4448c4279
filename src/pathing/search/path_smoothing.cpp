// Path post-processing: waypoints and line-of-sight smoothing.
//
// waypoints: one pass, O(n); a middle cell is dropped when the steps before and after it point
// the same way (parallel and same orientation, so it also works on lists of waypoints).
// line_of_sight: walks the supercover of the segment between the two cell centres with integer
// arithmetic only (Red Blob Games' "walk_grid" with the corner case): at each step compare where
// the segment next crosses a vertical and a horizontal cell edge, (1 + 2 ix) dy against
// (1 + 2 iy) dx; on a tie it passes exactly through a corner, so both cells beside the corner
// must be passable before stepping diagonally. O(|dx| + |dy|), stops at the first blocked cell.
// smooth_line_of_sight: from each kept cell, tries the later cells of the path from the goal
// backwards and keeps the first one in sight (the farthest); a step the path itself takes is
// always accepted, so the result never does worse than the input. O(n * m * L) worst case for
// n cells, m waypoints and segment length L; a failing check usually stops after a few cells.
// Determinism: integers only.
#include <catacomb/pathing/path_smoothing.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>

#include <catacomb/core/error.hpp>

namespace catacomb {
namespace {

bool open_cell(const CostGrid& costs, int x, int y) {
  return costs.in_bounds(x, y) && costs(x, y) != CostTable::kImpassable;
}

void check_point(const CostGrid& costs, Point p, const char* field) {
  if (!costs.in_bounds(p))
    throw InvalidArgument(
        FieldProblem{field, to_string(p),
                     "inside the " + std::to_string(costs.width()) + "x" + std::to_string(costs.height()) + " grid"});
}

bool sight_unchecked(const CostGrid& costs, Point a, Point b) {
  const int64_t dx = std::abs(int64_t{b.x} - a.x), dy = std::abs(int64_t{b.y} - a.y);
  const int sx = b.x > a.x ? 1 : -1, sy = b.y > a.y ? 1 : -1;
  int x = a.x, y = a.y;
  if (!open_cell(costs, x, y)) return false;
  for (int64_t ix = 0, iy = 0; ix < dx || iy < dy;) {
    const int64_t decision = (1 + 2 * ix) * dy - (1 + 2 * iy) * dx;
    if (decision == 0) {
      if (!open_cell(costs, x + sx, y) || !open_cell(costs, x, y + sy)) return false;
      x += sx;
      y += sy;
      ++ix;
      ++iy;
    } else if (decision < 0) {
      x += sx;
      ++ix;
    } else {
      y += sy;
      ++iy;
    }
    if (!open_cell(costs, x, y)) return false;
  }
  return true;
}

}  // namespace

std::vector<Point> waypoints(const std::vector<Point>& path) {
  if (path.size() <= 2) return path;
  std::vector<Point> out{path.front()};
  for (size_t i = 1; i + 1 < path.size(); ++i) {
    const int64_t ax = int64_t{path[i].x} - path[i - 1].x, ay = int64_t{path[i].y} - path[i - 1].y;
    const int64_t bx = int64_t{path[i + 1].x} - path[i].x, by = int64_t{path[i + 1].y} - path[i].y;
    const bool straight = ax * by == ay * bx && ax * bx + ay * by > 0;
    if (!straight) out.push_back(path[i]);
  }
  out.push_back(path.back());
  return out;
}

bool line_of_sight(const CostGrid& costs, Point a, Point b) {
  check_point(costs, a, "a");
  check_point(costs, b, "b");
  return sight_unchecked(costs, a, b);
}

std::vector<Point> smooth_line_of_sight(const CostGrid& costs, const std::vector<Point>& path) {
  for (size_t i = 0; i < path.size(); ++i)
    if (!costs.in_bounds(path[i])) check_point(costs, path[i], ("path[" + std::to_string(i) + "]").c_str());
  if (path.size() <= 2) return path;
  std::vector<Point> out{path.front()};
  size_t i = 0;
  while (i + 1 < path.size()) {
    size_t next = i + 1;  // the path's own step, kept even when it has no line of sight
    for (size_t j = path.size() - 1; j > i + 1; --j) {
      if (sight_unchecked(costs, path[i], path[j])) {
        next = j;
        break;
      }
    }
    out.push_back(path[next]);
    i = next;
  }
  return out;
}

}  // namespace catacomb
