// One best-first engine for A*, Dijkstra, BFS and greedy best-first on grids.
//
// Layout: the bound cost grid is copied into a padded grid (one impassable cell on every side),
// so a neighbour is `index + offset[d]` with no bounds check. For each Moves a per-cell byte
// holds the legal moves out of the cell (bit d = direction d of kDirections; the move rule's
// table kLegalMoves of moves.hpp, indexed by the cell's passable neighbours), and a
// connected-component labeling answers "no path" without expanding anything; both are built
// lazily, once per map and Moves, and cached until the map changes.
//
// Search state is a structure of arrays, because memory latency, not arithmetic, bounds a grid
// search: per cell one double that is its whole state, kUnseen, the best g so far (open) or
// kClosed (expanded; walls and the border hold it for good), so that "closed, or reached at
// least as cheaply" is the one comparison ng < g, done for all eight neighbours without a
// branch; and two bytes, the cell's legal moves and the direction that reached it. The cells a
// query reaches are listed and reset at the start of the next one, so nothing is cleared in
// full. On a map whose passable cells all cost the same the search counts moves,
// g = a + b * dc for a straight and b diagonal moves (in units of that cost), so equal real
// costs compare equal and the larger-g tie-break works as meant instead of on rounding noise;
// otherwise g is kept as go + gd * dc, the summed entry costs of the straight and of the
// diagonal moves (exact for integer costs). A cell is expanded once (closed cells are never
// reopened: the heuristics, scaled by the smallest step cost, are consistent for the
// neighbourhoods they suit, and weighted A* without reopening stays within w x optimal).
//
// Open list (BucketQueue, open_list.hpp): a ring of narrow buckets over f; only the current
// bucket is ordered (sorted into a stack when it becomes current, plus a heap for the rare
// later entry that does not go on top), later ones are unordered arrays, so the many
// entries whose f lies past the goal's are never ordered at all, and stale entries are dropped
// before a bucket is ordered. The loops live in search_loop.cpp (every mode, a template per
// uniform cost, heuristic and greedy) and astar_octile.cpp (weight-1 octile A* on uniform
// costs, the common case, specialised); this file binds maps, builds the cached tables and
// answers queries. Time O(E log B) per query for the E edges it relaxes and buckets of B
// entries; memory about 11 bytes per cell, plus 4 per cell a query reaches and 5 per cell for
// each Moves used, and the open lists' bucket arrays (384 KiB for uniform costs, 2.5 MiB for
// per-cell costs, reserved on first use and touched only where f values fall). Queries on a
// map of the same size allocate nothing but the returned path once the buffers have grown to
// their high-water mark.
//
// Determinism: the open list pops in a total order (lower f, then larger g, then lower cell
// index; the padded index has the same order as the row-major one), and every cost is IEEE
// double arithmetic done in one fixed order (the build sets -ffp-contract=off), so every
// platform expands the same cells and returns the same path.
#include <catacomb/pathing/search.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include <catacomb/core/error.hpp>
#include "shared/core/portable.hpp"
#include "shared/core/problems.hpp"
#include "pathing/search/search_engine.hpp"
#include "pathing/search/search_internal.hpp"

namespace catacomb {

using detail::kClosed;
using detail::kNoParent;
using detail::kUnseen;
using detail::LoopResult;
using detail::moves_slot;
using detail::scaled_cost;

// --- the bound map and its cached tables ------------------------------------------------------

void GridSearch::Impl::bind() {
  w = costs.width();
  h = costs.height();
  pw = w + 2;
  const size_t n = static_cast<size_t>(pw) * static_cast<size_t>(h + 2);
  if (n != padded) {
    padded = n;
    touched = detail::make_array_for_overwrite<uint32_t>(n);  // unwritten: only the first touched_n are read
    moves_dir.assign(2 * n, static_cast<uint8_t>(kNoParent));
    // Granlund-Montgomery: with m = ceil(2^(N + l) / pw), l = ceil(log2 pw) and every index
    // below 2^N, (i * m) >> (N + l) = i / pw exactly; i * m < 2^(2N + 1) fits (N <= 29).
    const int nbits = static_cast<int>(std::bit_width(n));
    const int l = static_cast<int>(std::bit_width(static_cast<uint64_t>(pw) - 1));
    div_s = nbits + l;
    div_m = ((uint64_t{1} << div_s) + static_cast<uint64_t>(pw) - 1) / static_cast<uint64_t>(pw);
  }
  touched_n = 0;
  passable.assign(n, 0);
  gs.assign(n, kClosed);
  for (int y = 0; y < h; ++y) {
    const double* row = costs.row(y);
    uint8_t* out = passable.data() + pidx(0, y);
    double* g = gs.data() + pidx(0, y);
    for (int x = 0; x < w; ++x) {
      out[x] = row[x] != CostTable::kImpassable ? 1 : 0;
      g[x] = out[x] ? kUnseen : kClosed;
    }
  }
  pcost_valid = false;
  moves_dir_policy.reset();
  for (size_t k = 0; k < kDiagonalPolicyCount; ++k) {
    masks[k].clear();
    masks[k].shrink_to_fit();
    labels[k] = RegionMap{};
  }
  last_valid = false;
  jps_bound = false;
  const int dirs[8] = {1, pw, -1, -pw, pw + 1, pw - 1, -pw - 1, -pw + 1};
  for (int d = 0; d < 8; ++d) offset[d] = static_cast<uint32_t>(dirs[d]);
}

void GridSearch::Impl::ensure_costs(double scale) {
  if (pcost_valid && pcost_scale == scale) return;
  pcost.assign(padded, CostTable::kImpassable);
  double lo = CostTable::kImpassable, hi = 0;
  for (int y = 0; y < h; ++y) {
    const double* row = costs.row(y);
    double* out = pcost.data() + pidx(0, y);
    for (int x = 0; x < w; ++x) {
      const double c = scaled_cost(row[x], scale);
      out[x] = c;
      if (c != CostTable::kImpassable) {
        lo = std::min(lo, c);
        hi = std::max(hi, c);
      }
    }
  }
  min_cost = lo == CostTable::kImpassable ? 1.0 : lo;
  max_cost = lo == CostTable::kImpassable ? 1.0 : hi;
  uniform = lo == CostTable::kImpassable || lo == hi;
  pcost_scale = scale;
  pcost_valid = true;
}

const std::vector<uint8_t>& GridSearch::Impl::ensure_masks(const Moves& m) {
  std::vector<uint8_t>& mk = masks[moves_slot(m)];
  if (!mk.empty() || padded == 0) return mk;
  mk.assign(padded, 0);
  const uint8_t* p = passable.data();
  const std::array<uint8_t, 256>& legal = kLegalMoves[moves_slot(m)];  // the move rule's table
  const int ndirs = m.diagonals() ? 8 : 4;                             // the diagonal neighbours matter only then
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const auto i = static_cast<uint32_t>(pidx(x, y));
      if (!p[i]) continue;
      unsigned open = 0;  // bit d: the neighbour in direction d is passable (passable holds 0 or 1)
      for (int d = 0; d < ndirs; ++d) open |= unsigned{p[static_cast<uint32_t>(i + offset[d])]} << d;
      mk[i] = legal[open];
    }
  }
  return mk;
}

const Grid<int32_t>& GridSearch::Impl::ensure_labels(const Moves& m) {
  RegionMap& lab = labels[moves_slot(m)];
  if (lab.labels.size() != 0 || padded == 0) return lab.labels;
  label_regions(unpadded_passable(), m, lab);
  return lab.labels;
}

Grid<uint8_t> GridSearch::Impl::unpadded_passable() const {
  Grid<uint8_t> open(w, h, 0);
  for (int y = 0; y < h; ++y) {
    const uint8_t* in = passable.data() + pidx(0, y);
    std::copy(in, in + w, open.row(y));
  }
  return open;
}

void GridSearch::Impl::next_generation() {
  double* g = gs.data();
  for (size_t k = 0; k < touched_n; ++k) g[touched[k]] = kUnseen;
  touched_n = 0;
}

void GridSearch::Impl::trace(uint32_t end, std::vector<Point>& path) const {
  path.clear();
  uint32_t i = end;
  for (;;) {
    path.push_back(point_of(i));
    const uint32_t d = moves_dir[2 * size_t{i} + 1];
    if (d == kNoParent) break;
    i -= offset[d];
  }
  std::reverse(path.begin(), path.end());
}

double GridSearch::Impl::walk_cost(const std::vector<Point>& path, double dc) const {
  double total = 0;
  for (size_t k = 1; k < path.size(); ++k) {
    const bool diag = path[k].x != path[k - 1].x && path[k].y != path[k - 1].y;
    const double c = pcost[pidx(path[k].x, path[k].y)];
    total += diag ? c * dc : c * 1.0;
  }
  return total;
}

// --- queries -----------------------------------------------------------------------------------

PathResult GridSearch::Impl::query(Point start, Point goal, const SearchOptions& o) {
  {
    std::vector<FieldProblem> p = o.problems();
    // The map's shape is spelt out only for a message (a corridor router asks thousands of times).
    auto inside = [&] { return "inside the " + std::to_string(w) + "x" + std::to_string(h) + " map"; };
    if (!costs.in_bounds(start)) p.push_back({"start", to_string(start), inside()});
    if (!costs.in_bounds(goal)) p.push_back({"goal", to_string(goal), inside()});
    throw_if_problems(p);
  }
  last_valid = false;
  PathResult res;
  ensure_costs(o.cost_scale);
  if (o.algorithm == Algorithm::Jps) check_jps(o);
  const size_t si = pidx(start.x, start.y), gi = pidx(goal.x, goal.y);
  if (!passable[si]) {
    res.status = PathStatus::StartBlocked;
    return res;
  }
  const bool goal_blocked = !passable[gi];
  if (goal_blocked && !o.fallback_to_closest) {
    res.status = PathStatus::GoalBlocked;
    return res;
  }
  if (o.algorithm == Algorithm::Jps) return query_jps(start, goal, o);
  if (!o.fallback_to_closest) {
    const Grid<int32_t>& lab = ensure_labels(o.moves);
    if (lab[start] != lab[goal]) {
      res.status = PathStatus::NoPath;
      return res;
    }
  }
  const std::vector<uint8_t>& mk = ensure_masks(o.moves);

  const double dc = o.moves.diagonal_cost;
  // Uniform maps search in units of their one cell cost (steps of 1, see loop()).
  const bool bfs = o.algorithm == Algorithm::Bfs;
  const bool uniform_steps = uniform || bfs;
  const double unit = uniform_steps ? 1.0 : min_cost;
  Heuristic hk = o.heuristic;
  double hs = 0;
  bool greedy = false;
  switch (o.algorithm) {
    case Algorithm::AStar:
      hs = o.heuristic_scale * unit;
      if (hs == 0) hk = Heuristic::Zero;
      break;
    case Algorithm::Dijkstra:
    case Algorithm::Bfs: hk = Heuristic::Zero; break;
    case Algorithm::Greedy:
      hs = unit;
      greedy = true;
      break;
    case Algorithm::Jps: break;  // handled above
  }
  // Bucket width: a 64th of the smallest step, so a bucket mostly holds one f value.
  const double delta = unit / 64;
  const double sdc = bfs ? 1.0 : dc;  // BFS counts every move as 1
  const Heuristic track_h = o.heuristic == Heuristic::Zero ? Heuristic::Octile : o.heuristic;
  const bool track = o.fallback_to_closest;
  next_generation();
  last_valid = true;
  const auto s32 = static_cast<uint32_t>(si), g32 = static_cast<uint32_t>(gi);
  const uint8_t* m = mk.data();
  if (moves_dir_policy != effective_diagonal(o.moves)) {  // this Moves' legal moves beside the directions
    for (size_t i = 0; i < padded; ++i) moves_dir[2 * i] = m[i];
    moves_dir_policy = effective_diagonal(o.moves);
  }
  LoopResult r;
  if (hk == Heuristic::Octile && o.algorithm == Algorithm::AStar && uniform_steps && hs == 1.0)
    r = loop_octile(s32, g32, sdc, delta, o.budget, track, track_h, dc);
  else r = run(hk, uniform_steps, greedy, s32, g32, hs, sdc, delta, o.budget, track, track_h, dc);
  res.expanded = r.expanded;
  res.status = goal_blocked ? PathStatus::GoalBlocked : r.status;
  if (r.status == PathStatus::Found) {
    trace(r.end, res.path);
  } else if (track && r.have_best) {
    trace(r.best, res.path);
    res.partial = true;
  }
  res.cost = walk_cost(res.path, dc);
  return res;
}

void GridSearch::Impl::check_jps(const SearchOptions& o) const {
  std::vector<FieldProblem> p;
  if (o.moves.neighbors != 8) p.push_back({"neighbors", std::to_string(o.moves.neighbors), "8 for algorithm = jps"});
  if (o.moves.diagonal != DiagonalPolicy::NoCornerCut)
    p.push_back({"diagonal", std::string(diagonal_policy_name(o.moves.diagonal)), "no-corner-cut for algorithm = jps"});
  if (o.moves.diagonal_cost != kSqrt2)
    p.push_back({"diagonal_cost", format_number(o.moves.diagonal_cost), "sqrt(2) for algorithm = jps"});
  if (!uniform)
    p.push_back({"cell costs", format_number(min_cost) + " to " + format_number(max_cost),
                 "one cost for every passable cell for algorithm = jps"});
  throw_if_problems(p);
}

PathResult GridSearch::Impl::query_jps(Point start, Point goal, const SearchOptions& o) {
  PathResult res;
  const size_t gi = pidx(goal.x, goal.y);
  if (!passable[gi]) {  // with fallback_to_closest, which JPS does not do
    res.status = PathStatus::GoalBlocked;
    return res;
  }
  const Grid<int32_t>& lab = ensure_labels(o.moves);
  if (lab[start] != lab[goal]) {
    res.status = PathStatus::NoPath;
    return res;
  }
  if (!jps_bound) {
    jps.set_map(unpadded_passable());
    jps_bound = true;
  }
  res = jps.find_path(start, goal, o.budget);
  res.partial = false;
  res.cost = walk_cost(res.path, o.moves.diagonal_cost);
  return res;
}

// --- GridSearch --------------------------------------------------------------------------------

GridSearch::GridSearch() : impl_(std::make_unique<Impl>()) {}
GridSearch::~GridSearch() = default;
GridSearch::GridSearch(GridSearch&&) noexcept = default;
GridSearch& GridSearch::operator=(GridSearch&&) noexcept = default;

void GridSearch::set_map(const Grid<Terrain>& tiles, const CostTable& costs) {
  impl_->costs = make_cost_grid(tiles, costs);
  impl_->bind();
}

namespace {

// Throws InvalidArgument naming up to 10 cells whose cost is neither finite and > 0 nor
// impassable.
void check_costs(const CostGrid& costs) {
  std::vector<FieldProblem> p;
  for (int y = 0; y < costs.height(); ++y) {
    for (int x = 0; x < costs.width(); ++x) {
      const double c = costs(x, y);
      if (c == CostTable::kImpassable || (std::isfinite(c) && c > 0)) continue;
      p.push_back({"cost at " + to_string(Point{x, y}), format_number(c), "a finite number > 0, or impassable"});
      if (p.size() >= 10) break;
    }
    if (p.size() >= 10) break;
  }
  throw_if_problems(p);
}

}  // namespace

void GridSearch::set_costs(const CostGrid& costs) {
  check_costs(costs);
  impl_->costs = costs;
  impl_->bind();
}

void GridSearch::set_costs(CostGrid&& costs) {
  check_costs(costs);
  impl_->costs = std::move(costs);
  impl_->bind();
}

const CostGrid& GridSearch::costs() const { return impl_->costs; }

int GridSearch::width() const { return impl_->w; }
int GridSearch::height() const { return impl_->h; }

PathResult GridSearch::find_path(Point start, Point goal, const SearchOptions& options) {
  return impl_->query(start, goal, options);
}

void GridSearch::set_cost(Point p, double cost) {
  Impl& s = *impl_;
  if (!s.costs.in_bounds(p))
    throw InvalidArgument(
        FieldProblem{"cell", to_string(p), "inside the " + std::to_string(s.w) + "x" + std::to_string(s.h) + " map"});
  if (!(cost == CostTable::kImpassable || (std::isfinite(cost) && cost > 0)))
    throw InvalidArgument(FieldProblem{"cost", format_number(cost), "a finite number > 0, or impassable"});
  const double old = s.costs[p];
  s.costs[p] = cost;
  s.last_valid = false;
  const bool was = old != CostTable::kImpassable, now = cost != CostTable::kImpassable;
  if (was != now) {
    // Passability changed: rebuild everything derived from the map on the next query.
    s.bind();
    return;
  }
  if (!now || !s.pcost_valid) return;
  const double c = scaled_cost(cost, s.pcost_scale);
  if (c < s.min_cost || c > s.max_cost || (s.uniform && c != s.min_cost)) {
    s.pcost_valid = false;  // the range (heuristic unit, queue layout) changes: recompute
    return;
  }
  s.pcost[s.pidx(p.x, p.y)] = c;
}

void GridSearch::set_area_cost(const Rect& area, double cost) {
  Impl& s = *impl_;
  if (area.width < 0 || area.height < 0 || area.x < 0 || area.y < 0 || area.right() > s.w || area.bottom() > s.h)
    throw InvalidArgument(FieldProblem{
        "area", to_string(Point{area.x, area.y}) + " " + std::to_string(area.width) + "x" + std::to_string(area.height),
        "inside the " + std::to_string(s.w) + "x" + std::to_string(s.h) + " map"});
  if (!(cost == CostTable::kImpassable || (std::isfinite(cost) && cost > 0)))
    throw InvalidArgument(FieldProblem{"cost", format_number(cost), "a finite number > 0, or impassable"});
  if (area.width == 0 || area.height == 0) return;
  // What set_cost does cell by cell, gathered: a change of passability anywhere rebuilds once
  // from the final costs (one cell at a time, the last rebuild would see the same passability);
  // otherwise the scaled costs are written, unless the cost leaves their range.
  const bool now = cost != CostTable::kImpassable;
  bool rebuild = false;
  for (int y = area.y; y < area.bottom(); ++y) {
    double* row = s.costs.row(y);
    for (int x = area.x; x < area.right(); ++x) {
      rebuild |= (row[x] != CostTable::kImpassable) != now;
      row[x] = cost;
    }
  }
  s.last_valid = false;
  if (rebuild) {
    s.bind();
    return;
  }
  if (!now || !s.pcost_valid) return;
  const double c = scaled_cost(cost, s.pcost_scale);
  if (c < s.min_cost || c > s.max_cost || (s.uniform && c != s.min_cost)) {
    s.pcost_valid = false;
    return;
  }
  for (int y = area.y; y < area.bottom(); ++y) std::fill_n(s.pcost.data() + s.pidx(area.x, y), area.width, c);
}

void GridSearch::last_search_cells(std::vector<Point>& visited, std::vector<Point>& frontier) const {
  visited.clear();
  frontier.clear();
  const Impl& s = *impl_;
  if (!s.last_valid) return;
  for (int y = 0; y < s.h; ++y) {
    for (int x = 0; x < s.w; ++x) {
      const size_t i = s.pidx(x, y);
      const double g = s.gs[i];
      if (!s.passable[i] || g == kUnseen) continue;
      (g == kClosed ? visited : frontier).push_back({x, y});
    }
  }
}

PathResult find_path(const Grid<Terrain>& tiles, const CostTable& costs, Point start, Point goal,
                     const SearchOptions& options) {
  GridSearch s;
  s.set_map(tiles, costs);
  return s.find_path(start, goal, options);
}

}  // namespace catacomb
