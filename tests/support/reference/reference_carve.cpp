// carve_corridors against a reference: a plain Dijkstra over every cell of the map, for each
// edge in turn, and the canonical trace back from the goal (reference_carve.hpp), with none of
// the router's shortcuts. O(edges * cells log cells).
#include "support/reference/reference_carve.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>

#include <catacomb/pathing/moves.hpp>

namespace catacomb::test {
namespace {

enum class Zone : uint8_t { Rock, NoDig, Ring, Interior };

// The zones as carve_corridors documents them: the border and the rings' corners never dug,
// a room's cells its interior (unless a corner of a ring was there first), its ring the cells
// 4-adjacent to its sides.
Grid<Zone> zones(int w, int h, const std::vector<Rect>& rooms) {
  Grid<Zone> zone(w, h, Zone::Rock);
  for (int x = 0; x < w; ++x) zone(x, 0) = zone(x, h - 1) = Zone::NoDig;
  for (int y = 0; y < h; ++y) zone(0, y) = zone(w - 1, y) = Zone::NoDig;
  for (const Rect& r : rooms)
    for (int y = r.y - 1; y <= r.bottom(); ++y)
      for (int x = r.x - 1; x <= r.right(); ++x) {
        if (!zone.in_bounds(x, y) || zone(x, y) == Zone::NoDig || zone(x, y) == Zone::Interior) continue;
        const bool in_x = x >= r.x && x < r.right(), in_y = y >= r.y && y < r.bottom();
        zone(x, y) = in_x && in_y ? Zone::Interior : (in_x || in_y ? Zone::Ring : Zone::NoDig);
      }
  return zone;
}

}  // namespace

CarveStats reference_carve(Grid<Terrain>& tiles, const std::vector<Rect>& rooms, const std::vector<Point>& points,
                           const std::vector<RoomEdge>& edges, const DigCosts& dig) {
  constexpr int64_t kInf = std::numeric_limits<int64_t>::max();
  const int w = tiles.width(), h = tiles.height();
  const Grid<Zone> zone = zones(w, h, rooms);
  const auto reuse = static_cast<int64_t>(dig.reuse), rock = static_cast<int64_t>(dig.rock),
             room = static_cast<int64_t>(dig.room);
  CarveStats stats;
  for (const RoomEdge& e : edges) {
    const Rect& ra = rooms[static_cast<size_t>(e.a)];
    const Rect& rb = rooms[static_cast<size_t>(e.b)];
    auto cost = [&](Point p) -> int64_t {  // of entering p; kInf: can not be dug
      if (ra.contains(p) || rb.contains(p)) return reuse;
      const bool wall = tiles[p] == Terrain::Wall;
      switch (zone[p]) {
        case Zone::NoDig: return kInf;
        case Zone::Interior: return room;
        case Zone::Ring: return wall ? room : reuse;
        case Zone::Rock: return wall ? rock : reuse;
      }
      return kInf;
    };
    const Point pa = points[static_cast<size_t>(e.a)], pb = points[static_cast<size_t>(e.b)];
    Grid<int64_t> d(w, h, kInf);
    using Item = std::pair<int64_t, int64_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
    d[pa] = 0;
    open.push({0, static_cast<int64_t>(d.index(pa))});
    while (!open.empty()) {
      const auto [g, i] = open.top();
      open.pop();
      const Point v{static_cast<int>(i % w), static_cast<int>(i / w)};
      if (g != d[v]) continue;
      for (int k = 0; k < 4; ++k) {
        const Point u{v.x + kDirections[k].x, v.y + kDirections[k].y};
        if (!d.in_bounds(u) || cost(u) == kInf || g + cost(u) >= d[u]) continue;
        d[u] = g + cost(u);
        open.push({d[u], static_cast<int64_t>(d.index(u))});
      }
    }
    std::vector<Point> route;
    if (d[pb] != kInf) {
      Point v = pb;
      route.push_back(v);
      while (v != pa) {
        int k = 0;
        for (; k < 4; ++k) {
          const Point u{v.x + kDirections[k].x, v.y + kDirections[k].y};
          if (d.in_bounds(u) && d[u] != kInf && d[u] + cost(v) == d[v]) break;
        }
        if (k == 4) ADD_FAILURE() << "reference trace stuck at " << to_string(v);
        if (k == 4) break;
        v = {v.x + kDirections[k].x, v.y + kDirections[k].y};
        route.push_back(v);
      }
    }
    for (const Point& p : route) {
      if (zone[p] == Zone::NoDig || zone[p] == Zone::Interior || tiles[p] != Terrain::Wall) continue;
      tiles[p] = zone[p] == Zone::Ring ? Terrain::Door : Terrain::Corridor;
      ++stats.carved;
    }
    ++stats.corridors;
  }
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      if (tiles(x, y) != Terrain::Door) continue;
      bool corridor = false;
      for (int k = 0; k < 4; ++k) corridor |= tiles(x + kDirections[k].x, y + kDirections[k].y) == Terrain::Corridor;
      if (corridor) {
        ++stats.doors;
      } else {
        tiles(x, y) = Terrain::Wall;
        --stats.carved;
      }
    }
  return stats;
}

}  // namespace catacomb::test
