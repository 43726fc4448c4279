#pragma once
// The gate test of lock placement (internal to the library): whether the start and the exit stay
// connected with a few cells closed, without labelling the map.
//
// Closing a cell changes only the steps with an end within one cell of it (a diagonal step's
// corner cells are next to both of its ends). So when the closed cells lie within `r` of a cell p
// (Chebyshev), no step of a route from the start to the exit with both ends outside the box B of
// side 2r + 3 round p changes: the start still reaches the last route cell before B (or is in
// B), the exit the first route cell after it (or is in B), and the start and the exit are
// connected exactly when those two are. One breadth-first search from the one to the other under
// the router's rule (step_allowed_at), which is what label_regions joins (regions.hpp): as cheap
// as the way round is short. It gives up after `budget` cells, and the caller labels instead.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <vector>

#include <catacomb/core/grid.hpp>
#include <catacomb/pathing/moves.hpp>

namespace catacomb::detail {

class GateSearch {
 public:
  /// `open`: 1 for a passable cell, else 0 (cells are closed in it during a test, then opened
  /// again). `route`: a route of the router (legal steps under `moves`) from the start to the
  /// exit, both ends included. Both are kept by reference.
  GateSearch(Grid<uint8_t>& open, const Moves& moves, const std::vector<Point>& route, size_t budget)
      : open_(open), moves_(moves), route_(route), budget_(budget), seen_(open.width(), open.height(), 0) {}

  /// With `cells` (open cells within `r` of `p`, neither the route's start nor its exit) closed:
  /// true when the start and the exit are still connected, false when not, nullopt when the
  /// search gave up after `budget` cells.
  std::optional<bool> way_round(const std::vector<Point>& cells, Point p, int r) {
    auto in_box = [&](Point q) { return std::abs(q.x - p.x) <= r + 1 && std::abs(q.y - p.y) <= r + 1; };
    size_t a = 0;
    while (a < route_.size() && !in_box(route_[a])) ++a;
    if (a == route_.size()) return true;  // the route itself goes round
    size_t b = route_.size() - 1;
    while (!in_box(route_[b])) --b;
    const Point from = a == 0 ? route_.front() : route_[a - 1];
    const Point to = b + 1 == route_.size() ? route_.back() : route_[b + 1];
    auto is_open = [&](Point q) { return open_.in_bounds(q) && open_[q] != 0; };
    for (Point q : cells) open_[q] = 0;
    ++stamp_;
    queue_.assign(1, from);
    seen_[from] = stamp_;
    bool found = from == to;
    for (size_t head = 0; head < queue_.size() && !found && queue_.size() < budget_; ++head) {
      const Point u = queue_[head];
      for (int dir = 0; dir < moves_.neighbors && !found; ++dir) {
        const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
        if (!is_open(v) || seen_[v] == stamp_ || !step_allowed_at(moves_, u, dir, is_open)) continue;
        seen_[v] = stamp_;
        found = v == to;
        queue_.push_back(v);
      }
    }
    for (Point q : cells) open_[q] = 1;
    if (found) return true;
    if (queue_.size() >= budget_) return std::nullopt;
    return false;
  }

 private:
  Grid<uint8_t>& open_;
  Moves moves_;
  const std::vector<Point>& route_;
  size_t budget_;
  Grid<uint32_t> seen_;  // cells reached by search number stamp_
  uint32_t stamp_ = 0;
  std::vector<Point> queue_;
};

}  // namespace catacomb::detail
