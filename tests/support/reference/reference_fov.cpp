// The oracle of the field of view: Ford's symmetric shadowcasting as his Python reference states
// it (rows in a queue, one quadrant at a time through a transform), with what libtcod, and so
// catacomb, settles where Ford leaves it open: slopes and the symmetry test in float, operation for
// operation as libtcod computes them; a row's first column depth * start rounded half away from
// zero and its last depth * end rounded half towards zero (libtcod's roundf with a nudge of
// FLT_EPSILON); cells off the map skipped without changing the previous tile; a quadrant ending at
// the first row whose middle cell is off the map. The radius and light_walls are applied
// afterwards over the whole map, as libtcod does.
#include "reference_fov.hpp"

#include <cfloat>
#include <cmath>
#include <deque>

namespace catacomb::test {
namespace {

struct Row {
  int depth;
  float start;
  float end;
};

// libtcod's round_half_up (away from zero at a half) and round_half_down (towards zero).
int round_up(float v) { return static_cast<int>(roundf(v * (1 + FLT_EPSILON))); }
int round_down(float v) { return static_cast<int>(roundf(v * (1 - FLT_EPSILON))); }

float tile_slope(int depth, int col) {
  return (2.0f * static_cast<float>(col) - 1.0f) / (2.0f * static_cast<float>(depth));
}

// A quadrant's cell (depth, col) on the map, by cardinal direction: 0 north, 1 east, 2 south, 3 west.
// Columns run the way libtcod's quadrant table runs them (north and west mirrored from Ford's):
// the order a row is scanned in decides which shadow edges a child row starts from.
void place(int cardinal, int ox, int oy, int depth, int col, int& x, int& y) {
  switch (cardinal) {
    case 0: x = ox - col, y = oy - depth; break;
    case 1: x = ox + depth, y = oy + col; break;
    case 2: x = ox + col, y = oy + depth; break;
    default: x = ox - depth, y = oy - col; break;
  }
}

}  // namespace

std::vector<uint8_t> reference_fov(const std::vector<uint8_t>& blocks, int w, int h, int ox, int oy, int radius,
                                   bool light_walls) {
  std::vector<uint8_t> seen(blocks.size(), 0);
  auto on_map = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h; };
  seen[static_cast<size_t>(oy * w + ox)] = 1;
  for (int cardinal = 0; cardinal < 4; ++cardinal) {
    std::deque<Row> rows{Row{1, -1.0f, 1.0f}};
    while (!rows.empty()) {
      Row row = rows.front();
      rows.pop_front();
      int mx = 0, my = 0;
      place(cardinal, ox, oy, row.depth, 0, mx, my);
      if (!on_map(mx, my)) continue;
      const int first = round_up(static_cast<float>(row.depth) * row.start);
      const int last = round_down(static_cast<float>(row.depth) * row.end);
      int prev = -1;  // -1 none yet, 0 floor, 1 wall
      for (int col = first; col <= last; ++col) {
        int x = 0, y = 0;
        place(cardinal, ox, oy, row.depth, col, x, y);
        if (!on_map(x, y)) continue;
        const bool wall = blocks[static_cast<size_t>(y * w + x)] != 0;
        const float c = static_cast<float>(col);
        const bool symmetric = c >= static_cast<float>(row.depth) * row.start &&
                               c <= static_cast<float>(row.depth) * row.end;
        if (wall || symmetric) seen[static_cast<size_t>(y * w + x)] = 1;
        if (prev == 1 && !wall) row.start = tile_slope(row.depth, col);
        if (col != first && prev != 1 && wall)
          rows.push_back(Row{row.depth + 1, row.start, tile_slope(row.depth, col)});
        prev = wall ? 1 : 0;
      }
      if (prev != 1) rows.push_back(Row{row.depth + 1, row.start, row.end});
    }
  }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const size_t i = static_cast<size_t>(y * w + x);
      const int dx = x - ox, dy = y - oy;
      if (!light_walls && blocks[i] != 0) seen[i] = 0;
      if (radius > 0 && dx * dx + dy * dy >= radius * radius) seen[i] = 0;
    }
  return seen;
}

}  // namespace catacomb::test
