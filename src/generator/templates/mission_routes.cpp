// The claims of a mission layout in progress (mission_routes.hpp): grids the size of the map,
// written once per room and per lane (O(area) each, each change journalled so that a layout can
// take rooms back in O(changes)), so that a cell's test is O(1) plus the few
// rectangles of the room being tried. A route is one A* of the socket router, bounded by a box
// round the rooms it joins (a failed search costs the box, not the map); a flood is depth first
// and stops at the box's edge. Deterministic: no
// randomness here; the same claims give the same route.
#include "mission_routes.hpp"

#include <algorithm>
#include <cstdlib>

namespace catacomb::detail {
namespace {

bool near(Point p, const Rect& r) {  // within a cell of r (or in it)
  return p.x >= r.x - 1 && p.x <= r.right() && p.y >= r.y - 1 && p.y <= r.bottom();
}

bool inside(Point p, const Rect& r) { return p.x >= r.x && p.x < r.right() && p.y >= r.y && p.y < r.bottom(); }

}  // namespace

ClaimMap::ClaimMap(int width, int height)
    : closed_(width, height, 0), ring_(width, height, kNobody), fronts_(width, height, 0), seen_(width, height, 0) {}

void ClaimMap::set(Layer layer, int x, int y, int32_t value) {
  const uint32_t at = static_cast<uint32_t>(y) * static_cast<uint32_t>(closed_.width()) + static_cast<uint32_t>(x);
  int32_t old = 0;
  switch (layer) {
    case Layer::Closed: old = closed_(x, y), closed_(x, y) = static_cast<uint8_t>(value); break;
    case Layer::Ring: old = ring_(x, y), ring_(x, y) = value; break;
    case Layer::Fronts: old = fronts_(x, y), fronts_(x, y) = static_cast<uint8_t>(value); break;
  }
  if (old != value) journal_.push_back({layer, at, old});
}

void ClaimMap::undo(size_t mark) {
  const int w = closed_.width();
  for (; journal_.size() > mark; journal_.pop_back()) {
    const Change& c = journal_.back();
    const int x = static_cast<int>(c.at % static_cast<uint32_t>(w)),
              y = static_cast<int>(c.at / static_cast<uint32_t>(w));
    switch (c.layer) {
      case Layer::Closed: closed_(x, y) = static_cast<uint8_t>(c.old); break;
      case Layer::Ring: ring_(x, y) = c.old; break;
      case Layer::Fronts: fronts_(x, y) = static_cast<uint8_t>(c.old); break;
    }
  }
}

void ClaimMap::add_front(Point outside, int delta) {
  for (int y = outside.y - 1; y <= outside.y + 1; ++y)
    for (int x = outside.x - 1; x <= outside.x + 1; ++x)
      if (fronts_.in_bounds(x, y)) set(Layer::Fronts, x, y, static_cast<uint8_t>(fronts_(x, y) + delta));
}

void ClaimMap::add_room(int id, const Rect& r) {
  for (int y = r.y - 1; y <= r.bottom(); ++y)
    for (int x = r.x - 1; x <= r.right(); ++x) {
      if (!closed_.in_bounds(x, y)) continue;
      if (inside({x, y}, r)) {
        set(Layer::Closed, x, y, 1);
        continue;
      }
      const int32_t owner = ring_(x, y);
      set(Layer::Ring, x, y, owner == kNobody || owner == id ? id : kMany);
    }
}

void ClaimMap::add_lane(const Rect& r) {
  for (int y = r.y - 1; y <= r.bottom(); ++y)
    for (int x = r.x - 1; x <= r.right(); ++x)
      if (closed_.in_bounds(x, y)) set(Layer::Closed, x, y, 1);
}

bool ClaimMap::open(Point p, int a, int b, const Rect& candidate, const std::vector<Rect>& extra) const {
  if (!closed_.in_bounds(p) || closed_[p] || inside(p, candidate)) return false;
  const int32_t owner = ring_[p];
  if (owner == kMany || (owner != kNobody && owner != a && owner != b)) return false;
  return std::none_of(extra.begin(), extra.end(), [&](const Rect& r) { return near(p, r); });
}

std::vector<Point> ClaimMap::route(const Grid<Terrain>& tiles, int a, int b, Point from, Point to, const Rect& box,
                                   const Rect& candidate, const std::vector<Rect>& extra,
                                   const std::vector<Point>& fronts, const DigCosts& dig) {
  if (!inside(from, box) || !inside(to, box)) return {};
  if (!open(from, a, b, candidate, extra) || !open(to, a, b, candidate, extra)) return {};
  const uint32_t w = static_cast<uint32_t>(tiles.width());
  auto blocked = [&](uint32_t c) {
    const Point p{static_cast<int>(c % w), static_cast<int>(c / w)};
    if (!inside(p, box) || !open(p, a, b, candidate, extra)) return true;
    auto beside = [&](Point q) { return std::abs(p.x - q.x) <= 1 && std::abs(p.y - q.y) <= 1; };
    if (beside(from) || beside(to)) return false;
    return fronts_[p] > 0 || std::any_of(fronts.begin(), fronts.end(), beside);
  };
  return route_socket_corridor(tiles, blocked, from, to, dig, scratch_);
}

bool ClaimMap::escapes(Point from, int room, const Rect& box, const Rect& candidate, const std::vector<Rect>& extra) {
  if (!open(from, room, room, candidate, extra)) return false;
  if (!inside(from, box)) return true;
  ++stamp_;
  queue_.assign(1, from);
  seen_[from] = stamp_;
  constexpr int kDx[4] = {1, 0, -1, 0}, kDy[4] = {0, 1, 0, -1};
  while (!queue_.empty()) {  // depth first: in the open it runs straight to the box's edge
    const Point c = queue_.back();
    queue_.pop_back();
    for (int d = 0; d < 4; ++d) {
      const Point n{c.x + kDx[d], c.y + kDy[d]};
      if (!seen_.in_bounds(n) || seen_[n] == stamp_ || !open(n, room, room, candidate, extra)) continue;
      if (!inside(n, box)) return true;
      seen_[n] = stamp_;
      queue_.push_back(n);
    }
  }
  return false;
}

std::vector<Rect> route_segments(const std::vector<Point>& route) {
  std::vector<Rect> out;
  size_t i = 0;
  while (i < route.size()) {
    size_t j = i + 1;
    const bool row = j < route.size() && route[j].y == route[i].y;
    while (j < route.size() && (row ? route[j].y == route[i].y : route[j].x == route[i].x)) ++j;
    const Point p = route[i], q = route[j - 1];
    out.push_back({std::min(p.x, q.x), std::min(p.y, q.y), std::abs(p.x - q.x) + 1, std::abs(p.y - q.y) + 1});
    i = j;
  }
  return out;
}

}  // namespace catacomb::detail
