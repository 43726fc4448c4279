// Field of view by symmetric shadowcasting (Albert Ford, https://www.albertford.com/shadowcasting/),
// computing the set libtcod's FOV_SYMMETRIC_SHADOWCAST computes (bench/fov_bench.cpp checks it cell
// for cell).
//
// Algorithm: each of the four quadrants (east, south, north, west) is scanned row by row away from
// the origin; a row is the cells at one depth between two slopes. A blocking cell after an open one
// starts a child row (the open span's shadow edge), an open cell after a blocking one narrows the
// row's low slope. A blocking cell is seen when scanned (light_walls), an open one only when its
// centre lies inside the row's slopes (the symmetry test). The arithmetic is libtcod's, operation
// for operation, in float: a slope (2 * column - 1) / (2 * depth), the test column >= depth * slope,
// a row's first and last column rounded as its round_half_up and round_half_down. Ford's exact
// fractions differ from it on a few cells where depth * slope falls on a whole number and float
// lands beside it (about 1 view in 2,000 on 48x48 random maps): libtcod's answer is kept, so that a
// game moving from libtcod sees the same cells. IEEE single precision without contraction gives
// the same bits on every platform (docs/determinism.md). The edge of the map is libtcod's too:
// cells off it are skipped (they do not change the previous cell's state), and a quadrant stops at
// the first row whose middle cell is off the map. The order rows are scanned in does not matter (marks only add), so the child rows
// wait on an explicit stack instead of the call stack: no recursion as deep as the map.
//
// Complexity: O(cells scanned), at most the map's cells plus one per row edge; a radius stops each
// quadrant at depth radius. Memory: the stack of pending rows.
#include <catacomb/pathing/fov.hpp>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <string>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"

namespace catacomb {
namespace {

// A row waiting to be scanned: its depth and its slopes.
struct Row {
  int depth;
  float low;
  float high;
};

// One quadrant on the map: cell index = origin + depth * depth_step + column * column_step, for
// depth 1 to max_depth and columns col_lo to col_hi (those on the map).
struct Quadrant {
  ptrdiff_t depth_step;
  ptrdiff_t column_step;
  int max_depth;
  int col_lo;
  int col_hi;
};

// The slope through the left edge of cell `column` at `depth`, in float as libtcod computes it.
float edge_slope(int depth, int column) {
  return (2.0f * static_cast<float>(column) - 1.0f) / (2.0f * static_cast<float>(depth));
}

// libtcod's round_half_up and round_half_down of depth * slope: the row's first and last column.
int first_column(float at) { return static_cast<int>(std::round(at * (1.0f + FLT_EPSILON))); }
int last_column(float at) { return static_cast<int>(std::round(at * (1.0f - FLT_EPSILON))); }

std::array<Quadrant, 4> quadrants(int w, int h, Point o, int radius) {
  const auto W = static_cast<ptrdiff_t>(w);
  // East (x grows with depth, y with column), south, north, west: libtcod's quadrant table.
  std::array<Quadrant, 4> q = {Quadrant{1, W, w - 1 - o.x, -o.y, h - 1 - o.y},
                               Quadrant{W, 1, h - 1 - o.y, -o.x, w - 1 - o.x},
                               Quadrant{-W, -1, o.y, o.x - (w - 1), o.x}, Quadrant{-1, -W, o.x, o.y - (h - 1), o.y}};
  // Every cell of a row at depth >= radius lies at distance >= radius: none is seen.
  if (radius > 0)
    for (Quadrant& x : q) x.max_depth = std::min(x.max_depth, radius - 1);
  return q;
}

// Scans one row; pushes its children (and its continuation) on `stack`.
void scan_row(const uint8_t* blocks, uint8_t* seen, ptrdiff_t origin, const Quadrant& q, Row row, int64_t r2,
              bool light_walls, std::vector<Row>& stack) {
  const auto depth = static_cast<float>(row.depth);
  float low_at = depth * row.low;  // the symmetry test's bounds on this row
  const float high_at = depth * row.high;
  const int first = first_column(low_at);
  const int lo = std::max(first, q.col_lo);
  const int hi = std::min(last_column(high_at), q.col_hi);
  const ptrdiff_t base = origin + row.depth * q.depth_step;
  const int64_t d2 = static_cast<int64_t>(row.depth) * row.depth;
  bool prev_blocks = false;
  for (int c = lo; c <= hi; ++c) {
    const ptrdiff_t i = base + static_cast<ptrdiff_t>(c) * q.column_step;
    const bool wall = blocks[i] != 0;
    const auto col = static_cast<float>(c);
    const bool lit = wall ? light_walls : col >= low_at && col <= high_at;
    if (lit && (r2 == 0 || d2 + static_cast<int64_t>(c) * c < r2)) seen[i] = 1;
    if (prev_blocks && !wall) {
      row.low = edge_slope(row.depth, c);
      low_at = depth * row.low;
    }
    if (c != first && !prev_blocks && wall) stack.push_back({row.depth + 1, row.low, edge_slope(row.depth, c)});
    prev_blocks = wall;
  }
  if (!prev_blocks) stack.push_back({row.depth + 1, row.low, row.high});
}

void fov_into(const uint8_t* blocks, int w, int h, Point o, const FovOptions& options, uint8_t* seen) {
  std::memset(seen, 0, static_cast<size_t>(w) * static_cast<size_t>(h));
  const ptrdiff_t origin = static_cast<ptrdiff_t>(o.y) * w + o.x;
  if (options.light_walls || blocks[origin] == 0) seen[origin] = 1;
  const int64_t r2 = static_cast<int64_t>(options.radius) * options.radius;
  std::vector<Row> stack;
  for (const Quadrant& q : quadrants(w, h, o, options.radius)) {
    stack.push_back({1, -1.0f, 1.0f});
    while (!stack.empty()) {
      const Row row = stack.back();
      stack.pop_back();
      if (row.depth > q.max_depth) continue;
      scan_row(blocks, seen, origin, q, row, r2, options.light_walls, stack);
    }
  }
}

}  // namespace

std::vector<FieldProblem> FovOptions::problems() const {
  std::vector<FieldProblem> p;
  if (radius < 0) p.push_back({"radius", std::to_string(radius), "0 or more"});
  return p;
}

void FovOptions::check() const { throw_if_problems(problems()); }

void field_of_view(const Grid<uint8_t>& blocks_sight, Point origin, const FovOptions& options, Grid<uint8_t>& visible) {
  options.check();
  if (!blocks_sight.in_bounds(origin))
    throw InvalidArgument(FieldProblem{
        "origin", to_string(origin),
        "inside the " + std::to_string(blocks_sight.width()) + "x" + std::to_string(blocks_sight.height()) + " map"});
  if (visible.width() != blocks_sight.width() || visible.height() != blocks_sight.height())
    visible = Grid<uint8_t>(blocks_sight.width(), blocks_sight.height());
  fov_into(blocks_sight.data(), blocks_sight.width(), blocks_sight.height(), origin, options, visible.data());
}

Grid<uint8_t> field_of_view(const Grid<uint8_t>& blocks_sight, Point origin, const FovOptions& options) {
  Grid<uint8_t> visible;
  field_of_view(blocks_sight, origin, options, visible);
  return visible;
}

}  // namespace catacomb
