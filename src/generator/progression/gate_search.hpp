#pragma once
// The gate test of lock placement (internal to the library): whether the start and the exit stay
// connected with a few cells closed, without labelling the map.
//
// Closing a cell changes only the steps with an end within one cell of it (a diagonal step's
// corner cells are next to both of its ends). So when the closed cells lie within `r` of a cell p
// (Chebyshev), no step of a route from the start to the exit with both ends outside the box B of
// side 2r + 3 round p changes: the start still reaches the last route cell before B (or is in
// B), the exit the first route cell after it (or is in B), and the start and the exit are
// connected exactly when those two are. One best-first search from the one to the other under
// the router's rule (step_allowed_at), which is what label_regions joins (regions.hpp): as cheap
// as the way round is short. It gives up after `budget` cells, and the caller labels instead.
// Before any search, one look round the box's border: when its open cells are one run, the way
// round goes along it (most cells of an open cave).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

#include <catacomb/core/grid.hpp>
#include <catacomb/pathing/moves.hpp>

namespace catacomb::detail {

class GateSearch {
 public:
  /// `open`: 1 for a passable cell, else 0 (cells are closed in it during a test, then opened
  /// again). `route`: a route of the router (legal steps under `moves`) from the start to the
  /// exit, both ends included, no cell twice. Both are kept by reference. `cuts_only`: the
  /// caller takes "gave up" as "yes" (it looks for cuts only), so a search that gave up is kept
  /// as a proof too (see way_round).
  GateSearch(Grid<uint8_t>& open, const Moves& moves, const std::vector<Point>& route, size_t budget,
             bool cuts_only = false)
      : open_(open), moves_(moves), route_(route), budget_(budget), cuts_only_(cuts_only) {}

  /// With `cells` (open cells within `r` of `p`, neither the route's start nor its exit) closed:
  /// true when the start and the exit are still connected, false when not, nullopt when the
  /// search gave up after `budget` cells.
  std::optional<bool> way_round(const std::vector<Point>& cells, Point p, int r) {
    if (ring_goes_round(p, r)) return true;
    auto in_box = [&](Point q) { return std::abs(q.x - p.x) <= r + 1 && std::abs(q.y - p.y) <= r + 1; };
    size_t a = 0;
    while (a < route_.size() && !in_box(route_[a])) ++a;
    if (a == route_.size()) return true;  // the route itself goes round
    size_t b = route_.size() - 1;
    while (!in_box(route_[b])) --b;
    for (size_t k = 0; k < proofs_.size(); ++k)
      if (holds(proofs_[k], p, r + 1, a, b)) {
        std::rotate(proofs_.begin(), proofs_.begin() + static_cast<std::ptrdiff_t>(k),
                    proofs_.begin() + static_cast<std::ptrdiff_t>(k) + 1);
        return proofs_.front().gave_up ? std::nullopt : std::optional<bool>(true);
      }
    if (seen_.size() == 0) {  // the grids, made at the first search
      seen_ = Grid<uint32_t>(open_.width(), open_.height(), 0);
      route_index_ = Grid<int32_t>(open_.width(), open_.height(), -1);
      for (size_t j = 0; j < route_.size(); ++j)
        if (route_index_[route_[j]] < 0) route_index_[route_[j]] = static_cast<int32_t>(j);
    }
    const size_t lo = a == 0 ? 0 : a - 1;
    const Point from = route_[lo];
    const Point to = b + 1 == route_.size() ? route_.back() : route_[b + 1];
    auto is_open = [&](Point q) { return open_.in_bounds(q) && open_[q] != 0; };
    for (Point q : cells) open_[q] = 0;
    // Best first toward `to` (the Chebyshev distance, ties in the order seen), ending at `to` or
    // any later route cell (all outside the box, so the route joins it to the exit): a short way
    // round is found after a few cells, where breadth first took every cell as near as it. The
    // answer does not depend on the order: "no" only when every cell reached from `from` was
    // taken and they are fewer than the budget, and "gave up" or "yes" otherwise, both of which
    // the callers take as "not a cut".
    ++stamp_;
    auto h = [&](Point q) { return std::max(std::abs(q.x - to.x), std::abs(q.y - to.y)); };
    auto later = [](const Entry& e, const Entry& f) { return e.h != f.h ? e.h > f.h : e.node > f.node; };
    nodes_.assign(1, Node{from, 0});
    heap_.assign(1, Entry{h(from), 0});
    seen_[from] = stamp_;
    bool found = from == to;
    while (!heap_.empty() && !found && nodes_.size() < budget_) {
      std::pop_heap(heap_.begin(), heap_.end(), later);
      const uint32_t ui = heap_.back().node;
      const Point u = nodes_[ui].p;
      heap_.pop_back();
      for (int dir = 0; dir < moves_.neighbors && !found; ++dir) {
        const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
        if (!is_open(v) || seen_[v] == stamp_ || !step_allowed_at(moves_, u, dir, is_open)) continue;
        seen_[v] = stamp_;
        found = v == to || route_index_[v] > static_cast<int32_t>(b);  // the route's rest is untouched
        heap_.push_back(Entry{h(v), static_cast<uint32_t>(nodes_.size())});
        nodes_.push_back(Node{v, ui});
        std::push_heap(heap_.begin(), heap_.end(), later);
      }
    }
    for (Point q : cells) open_[q] = 1;
    if (found) {
      Proof pr;
      pr.lo = lo;
      pr.hi = static_cast<size_t>(route_index_[nodes_.back().p]);
      for (uint32_t i = static_cast<uint32_t>(nodes_.size() - 1);; i = nodes_[i].parent) {
        pr.add(nodes_[i].p);
        if (i == 0) break;
      }
      keep(std::move(pr));
      return true;
    }
    if (nodes_.size() < budget_) return false;
    if (cuts_only_) {
      Proof pr;
      pr.lo = lo;
      pr.gave_up = true;
      for (const Node& n : nodes_) pr.add(n.p);
      keep(std::move(pr));
    }
    return std::nullopt;
  }

 private:
  // Whether the open cells of the ring of cells at Chebyshev distance r + 1 from p (the cells next
  // to the square of radius r round p) form one run round it: then closing any cells of the
  // square cuts nothing, since a way that crosses the square enters and leaves it from cells of
  // that run, which straight steps along the ring join. Cells off the map count as closed. O(r).
  bool ring_goes_round(Point p, int r) const {
    const int d = r + 1;
    auto is_open = [&](int x, int y) { return open_.in_bounds({x, y}) && open_[{x, y}] != 0; };
    int runs = 0, cells = 0;
    bool first = false, last = false;
    // The ring's cells in order round it, from the top-left corner clockwise.
    auto visit = [&](int x, int y) {
      const bool o = is_open(x, y);
      if (cells == 0) first = o;
      if (o && (cells == 0 || !last)) ++runs;
      last = o;
      ++cells;
    };
    for (int x = p.x - d; x < p.x + d; ++x) visit(x, p.y - d);
    for (int y = p.y - d; y < p.y + d; ++y) visit(p.x + d, y);
    for (int x = p.x + d; x > p.x - d; --x) visit(x, p.y + d);
    for (int y = p.y + d; y > p.y - d; --y) visit(p.x - d, y);
    if (runs > 1 && first && last) --runs;  // the run that goes on past the start
    return runs == 1;
  }

  // What an earlier search showed, kept for the tests after it (nearby squares along the same
  // route): a way round, the cells of a path from route cell `lo` to route cell `hi`; or, when
  // it gave up, `budget` cells joined to route cell `lo`. With the cells closed now inside the
  // d-box and both route cells outside the route's stretch through it (lo before its first
  // index there, hi after its last), a path or cell set wholly outside the box still joins
  // route cell lo (so the start) to the exit, or to `budget` cells: the steps between cells
  // outside the box have their corners outside the closed square.
  struct Proof {
    size_t lo = 0, hi = 0;
    bool gave_up = false;
    std::vector<Point> cells;
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // the cells' bounding box
    void add(Point q) {
      if (cells.empty()) x0 = x1 = q.x, y0 = y1 = q.y;
      x0 = std::min(x0, q.x), x1 = std::max(x1, q.x), y0 = std::min(y0, q.y), y1 = std::max(y1, q.y);
      cells.push_back(q);
    }
  };
  static constexpr size_t kProofs = 8;

  static bool holds(const Proof& pr, Point p, int d, size_t a, size_t b) {
    if (pr.lo >= a || (!pr.gave_up && pr.hi <= b)) return false;
    if (pr.x1 < p.x - d || pr.x0 > p.x + d || pr.y1 < p.y - d || pr.y0 > p.y + d) return true;
    return std::none_of(pr.cells.begin(), pr.cells.end(),
                        [&](Point q) { return std::abs(q.x - p.x) <= d && std::abs(q.y - p.y) <= d; });
  }
  void keep(Proof pr) {
    if (proofs_.size() == kProofs) proofs_.pop_back();
    proofs_.insert(proofs_.begin(), std::move(pr));
  }

  struct Node {
    Point p;
    uint32_t parent;
  };
  struct Entry {
    int h;          // the Chebyshev distance to the search's goal
    uint32_t node;  // into nodes_: the order seen
  };

  Grid<uint8_t>& open_;
  Moves moves_;
  const std::vector<Point>& route_;
  size_t budget_;
  bool cuts_only_;
  Grid<uint32_t> seen_;  // cells reached by search number stamp_ (empty before the first search)
  uint32_t stamp_ = 0;
  Grid<int32_t> route_index_;  // a cell's index on the route, or -1
  std::vector<Node> nodes_;    // the cells of the last search, each with its parent
  std::vector<Entry> heap_;
  std::vector<Proof> proofs_;  // the latest first
};

/// The one open corner of the diagonal step `from` -> `to` (`open`: 1 for a passable cell, off
/// the map closed), or nullopt for a straight step or a diagonal with both corners open or both
/// closed: the corner that alone joins the step's ends across their sides.
inline std::optional<Point> lone_corner(const Grid<uint8_t>& open, Point from, Point to) {
  const Point a{to.x, from.y}, b{from.x, to.y};
  if (a == from || b == from) return std::nullopt;
  auto is_open = [&](Point q) { return open.in_bounds(q) && open[q] != 0; };
  if (is_open(a) == is_open(b)) return std::nullopt;
  return is_open(a) ? a : b;
}

/// Which cells of a route from the start to the exit are cuts between them (closing the one
/// cell leaves no way from the start to the exit), each with the start's side (the cells it
/// reaches with the cut closed), for the whole route in one pass over the start's region.
///
/// Connectivity under a move rule is plain adjacency: a diagonal step that needs a corner cell
/// open (no corner cut, one free) can go through that corner instead, so the cells joined are
/// those joined across the four sides, or across all eight neighbours when diagonals are always
/// allowed: what label_regions joins (regions.hpp).
///
/// Let E_i be the cells the start reaches without entering route cells i, i + 1, ... When E_i is
/// next to no route cell after i, its only neighbour outside it can be route cell i: E_i is the
/// start's side of cell i, which does not hold the exit, and cell i is a cut. When E_i is next
/// to route cell j > i, the start reaches j round cell i, and the route's cells after i join j to
/// the exit with cell i closed (consecutive ones are neighbours, or a diagonal step's open
/// corner joins them), unless that corner is cell i itself: a diagonal step whose other corner
/// is closed (possible under "one free"). Such a cell i is `fragile`: the caller asks the
/// labelling when it is not found a cut. E_(i+1) is E_i, route cell i when E_i is next to it,
/// and the cells reached from there without entering cells i + 1, ...: every cell of the start's
/// region is added once over the whole route.
class RouteCuts {
 public:
  /// `open`: 1 for a passable cell, else 0. `route`: a route of the router from the start to
  /// the exit, no cell twice. Both are kept by reference.
  RouteCuts(const Grid<uint8_t>& open, const Moves& moves, const std::vector<Point>& route)
      : open_(open),
        route_(route),
        eight_(moves.neighbors == 8 && effective_diagonal(moves) == DiagonalPolicy::Always),
        side_((open.size() + 63) / 64, 0),
        on_route_((open.size() + 63) / 64, 0),
        next_to_(route.size(), 0),
        fragile_(route.size(), 0) {
    order_.reserve(route.size());
    for (size_t j = 0; j < route.size(); ++j) {
      const size_t c = open.index(route[j]);
      on_route_[c / 64] |= uint64_t{1} << (c % 64);
      order_.push_back({c, j});
    }
    std::sort(order_.begin(), order_.end());
    for (size_t k = 0; k + 1 < route.size() && !eight_; ++k) {
      const std::optional<Point> corner = lone_corner(open, route[k], route[k + 1]);
      if (!corner) continue;
      if (const size_t c = open.index(*corner); has(on_route_, c) && index_of(c) < k) fragile_[index_of(c)] = 1;
    }
    add(route.front());
  }

  /// Whether route cell i (0 < i < the route's last index) is a cut; i must not go down from one
  /// call to the next. side() and size() are then E_i: the start's side when it is a cut.
  bool cuts(size_t i) {
    for (; stage_ < i; ++stage_)
      if (next_to_[stage_]) add(route_[stage_]);
    flood();
    return furthest_ <= i;
  }
  /// Whether a "no" of cuts(i) needs the labelling to be sure (see the class comment).
  bool fragile(size_t i) const { return fragile_[i] != 0; }

  /// E_i of the last call, one bit per cell (row-major, 64 to a word), and its size.
  const std::vector<uint64_t>& side() const { return side_; }
  int64_t size() const { return size_; }
  /// Whether cell p (on the map) is in E_i.
  bool on_side(Point p) const { return has(side_, open_.index(p)); }

 private:
  static bool has(const std::vector<uint64_t>& bits, size_t i) { return (bits[i / 64] >> (i % 64)) & 1u; }
  size_t index_of(size_t cell) const {
    return std::lower_bound(order_.begin(), order_.end(), std::pair<size_t, size_t>{cell, 0})->second;
  }

  void add(Point q) {
    const size_t i = open_.index(q);
    side_[i / 64] |= uint64_t{1} << (i % 64);
    ++size_;
    queue_.push_back(q);
  }

  // Grows E from the queue, up to the route cells from stage_ on (noted as next to E). On cell
  // indices: a neighbour is the cell's index plus its direction's offset, once the point is
  // known to be on the map.
  void flood() {
    const int w = open_.width(), h = open_.height();
    const uint8_t* open = open_.cells().data();
    uint64_t* side = side_.data();
    const uint64_t* on_route = on_route_.data();
    const int dirs = eight_ ? 8 : 4;
    std::ptrdiff_t offset[8];
    for (int dir = 0; dir < 8; ++dir)
      offset[dir] = static_cast<std::ptrdiff_t>(kDirections[dir].y) * w + kDirections[dir].x;
    for (; head_ < queue_.size(); ++head_) {
      const Point u = queue_[head_];
      const std::ptrdiff_t ui = static_cast<std::ptrdiff_t>(u.y) * w + u.x;
      for (int dir = 0; dir < dirs; ++dir) {
        const int vx = u.x + kDirections[dir].x, vy = u.y + kDirections[dir].y;
        if (static_cast<unsigned>(vx) >= static_cast<unsigned>(w) ||
            static_cast<unsigned>(vy) >= static_cast<unsigned>(h))
          continue;
        const auto c = static_cast<size_t>(ui + offset[dir]);
        if (!open[c]) continue;
        const uint64_t bit = uint64_t{1} << (c % 64);
        if (side[c / 64] & bit) continue;
        if (on_route[c / 64] & bit) {
          if (const size_t j = index_of(c); j >= stage_) {
            next_to_[j] = 1;
            furthest_ = std::max(furthest_, j);
            continue;
          }
        }
        side[c / 64] |= bit;
        ++size_;
        queue_.push_back({vx, vy});
      }
    }
  }

  const Grid<uint8_t>& open_;
  const std::vector<Point>& route_;
  bool eight_;
  std::vector<uint64_t> side_, on_route_;
  std::vector<uint8_t> next_to_, fragile_;        // by route index
  std::vector<std::pair<size_t, size_t>> order_;  // (cell, route index), by cell
  std::vector<Point> queue_;
  size_t head_ = 0, stage_ = 1, furthest_ = 0;
  int64_t size_ = 0;
};

/// Whether RouteCuts may miss a cut of `route` (a fragile cell, see RouteCuts): a diagonal step
/// with one corner open only. On any other route, route_cuts (progression_cells.hpp) answers
/// for every cell.
inline bool fragile_route(const Grid<uint8_t>& open, const Moves& moves, const std::vector<Point>& route) {
  if (moves.neighbors == 8 && effective_diagonal(moves) == DiagonalPolicy::Always) return false;
  for (size_t k = 0; k + 1 < route.size(); ++k)
    if (lone_corner(open, route[k], route[k + 1])) return true;
  return false;
}

}  // namespace catacomb::detail
