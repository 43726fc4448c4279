// Distance maps (the floods of pathing/flood/flood.hpp behind the public functions, TerrainFlood and
// nearest_in_groups: their checks and what each one watches for), and path extraction by descent.
#include <catacomb/pathing/distance_map.hpp>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include "shared/core/large_pages.hpp"
#include "pathing/flood/flood.hpp"
#include "shared/pathing/terrain_flood.hpp"
#include "pathing/flood/toward.hpp"

namespace catacomb {

namespace {

using namespace detail::floods;

std::string shape(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

// Throws InvalidArgument naming every point of `points` off the grid ("sources[2]", ...).
template <typename Costs>
void check_points(const Costs& costs, const std::vector<Point>& points, const char* name) {
  std::vector<FieldProblem> problems;
  for (size_t k = 0; k < points.size(); ++k)
    if (points[k].x < 0 || points[k].y < 0 || points[k].x >= costs.width() || points[k].y >= costs.height())
      problems.push_back({std::string(name) + "[" + std::to_string(k) + "]", to_string(points[k]),
                          "inside the " + shape(costs.width(), costs.height()) + " grid"});
  if (!problems.empty()) throw InvalidArgument(problems);
}

// The distance map from `sources`; a watcher may stop the flood early, and the distances it left
// unfinished are cleared to kUnreached.
template <typename Costs, typename Watch = NoWatch>
DistanceMap make_distance_map(const Costs& costs, const std::vector<Point>& sources, const Moves& moves,
                              Watch&& watch = {}, const Neighbourhood* known = nullptr, int threads = 1) {
  moves.check();
  check_points(costs, sources, "sources");
  DistanceMap out;
  out.moves = moves;
  if (costs.size() == 0) return out;
  out.dist = detail::large_grid(costs.width(), costs.height(), kUnreached);
  clear_beyond(out.dist, flood(costs, sources, moves, out.dist, std::forward<Watch>(watch), known, threads));
  return out;
}

// Adds a source to a map made from `costs` (named `name` in errors).
template <typename Costs>
void add_source_on(DistanceMap& map, const Costs& costs, const char* name, Point source,
                   const Neighbourhood* known = nullptr, int threads = 1) {
  map.moves.check();
  if (costs.width() != map.dist.width() || costs.height() != map.dist.height())
    throw InvalidArgument(FieldProblem{name, shape(costs.width(), costs.height()),
                                       "the distance map's " + shape(map.dist.width(), map.dist.height())});
  if (source.x < 0 || source.y < 0 || source.x >= costs.width() || source.y >= costs.height())
    throw InvalidArgument(
        FieldProblem{"source", to_string(source), "inside the " + shape(costs.width(), costs.height()) + " grid"});
  flood(costs, {source}, map.moves, map.dist, NoWatch{}, known, threads);
}

template <typename Costs>
std::vector<Point> descend_on(const DistanceMap& map, const Costs& costs, Point from) {
  const Grid<double>& dist = map.dist;
  if (costs.width() != dist.width() || costs.height() != dist.height())
    throw InvalidArgument(FieldProblem{"costs", shape(costs.width(), costs.height()),
                                       "the distance map's " + shape(dist.width(), dist.height())});
  if (!dist.in_bounds(from))
    throw InvalidArgument(
        FieldProblem{"from", to_string(from), "inside the " + shape(dist.width(), dist.height()) + " grid"});
  if (dist[from] == kUnreached) return {};

  std::vector<Point> path{from};
  Point cur = from;
  int prev = -1;
  // Each step strictly lowers the distance, so the walk ends at a source (distance 0).
  while (dist[cur] > 0) {
    const double here = dist[cur];
    const double enter = costs[dist.index(cur)];
    int chosen = -1;
    // Candidate order: the previous direction, then E, S, W, N, then SE, SW, NW, NE.
    for (int k = -1; k < 8 && chosen < 0; ++k) {
      const int d = k < 0 ? prev : k;
      if (d < 0 || (k >= 0 && d == prev)) continue;
      const Point n{cur.x + kDirections[d].x, cur.y + kDirections[d].y};
      if (!dist.in_bounds(n)) continue;
      const double there = dist[n];
      if (!(there < here)) continue;  // also skips unreached cells
      // The move rule (step_allowed in moves.hpp) for the step from cur towards n, n reached.
      if (!step_allowed_at(map.moves, cur, d, [&](Point c) { return c == n || open_at(costs, c.x, c.y); })) continue;
      // The step from n into cur, summed as the map summed it.
      if (there + (d >= 4 ? enter * map.moves.diagonal_cost : enter) == here) chosen = d;
    }
    // Only possible when a step cost vanishes in rounding next to a huge distance, or when
    // `costs` is not the grid the map was made from.
    if (chosen < 0) return {};
    cur = Point{cur.x + kDirections[chosen].x, cur.y + kDirections[chosen].y};
    path.push_back(cur);
    prev = chosen;
  }
  return path;
}

}  // namespace

Point DistanceMap::farthest() const {
  size_t best = dist.size();
  double best_d = -1;
  for (size_t i = 0; i < dist.size(); ++i) {
    const double v = dist.cells()[i];
    if (v != kUnreached && v > best_d) {
      best_d = v;
      best = i;
    }
  }
  return best == dist.size() ? Point{-1, -1} : dist.point(best);
}

DistanceMap distance_map(const CostGrid& costs, const std::vector<Point>& sources, const Moves& moves) {
  return make_distance_map(GridCosts{costs}, sources, moves);
}

DistanceMap distance_map(const Grid<Terrain>& tiles, const CostTable& costs, const std::vector<Point>& sources,
                         const Moves& moves) {
  return make_distance_map(TerrainCosts(tiles, costs), sources, moves);
}

void add_source(DistanceMap& map, const CostGrid& costs, Point source) {
  add_source_on(map, GridCosts{costs}, "costs", source);
}

void add_source(DistanceMap& map, const Grid<Terrain>& tiles, const CostTable& costs, Point source) {
  add_source_on(map, TerrainCosts(tiles, costs), "tiles", source);
}

namespace {

// distance_map_near on terrain costs, with their Neighbourhood when known.
void check_slack(double slack) {
  if (!(slack >= 0) || slack == kUnreached)
    throw InvalidArgument(FieldProblem{"slack", format_number(slack), "a finite number, 0 or more"});
}

DistanceMap near_on(const TerrainCosts& terrain, const std::vector<Point>& sources, const Moves& moves,
                    const std::vector<Point>& targets, double slack, const Neighbourhood* known) {
  check_slack(slack);
  check_points(terrain, targets, "targets");
  // Once a bucket is done every distance below its bound is final: the nearest target is the
  // nearest of those below it, and the search goes on until the bound passes it plus the slack.
  struct Watch {
    const std::vector<Point>& targets;
    double slack;
    double limit = kUnreached;
    void settle(uint32_t, double) {}
    bool done(uint64_t bound, const Grid<double>& dist) {
      const auto b = static_cast<double>(bound);
      if (limit == kUnreached) {
        double nearest = kUnreached;
        for (Point t : targets)
          if (dist[t] < b) nearest = std::min(nearest, dist[t]);
        if (nearest != kUnreached) limit = nearest + slack;
      }
      return limit != kUnreached && b > limit;
    }
  };
  return make_distance_map(terrain, sources, moves, Watch{targets, slack}, known);
}

}  // namespace

DistanceMap distance_map_near(const Grid<Terrain>& tiles, const CostTable& costs, const std::vector<Point>& sources,
                              const Moves& moves, const std::vector<Point>& targets, double slack) {
  return near_on(TerrainCosts(tiles, costs), sources, moves, targets, slack, nullptr);
}

namespace detail {

struct TerrainFlood::Impl {
  TerrainCosts costs;
  Moves moves;
  Neighbourhood nb;
  Impl(const Grid<Terrain>& tiles, const CostTable& table, const Moves& m)
      : costs(tiles, table), moves((m.check(), m)), nb(costs, moves) {}
};

TerrainFlood::TerrainFlood(const Grid<Terrain>& tiles, const CostTable& costs, const Moves& moves)
    : impl_(std::make_unique<Impl>(tiles, costs, moves)) {}

TerrainFlood::~TerrainFlood() = default;
TerrainFlood::TerrainFlood(TerrainFlood&&) noexcept = default;
TerrainFlood& TerrainFlood::operator=(TerrainFlood&&) noexcept = default;

void TerrainFlood::opened(Point p) {
  check_points(impl_->costs, {p}, "opened");
  impl_->nb.changed(impl_->costs, impl_->moves, p.x, p.y);
}

void TerrainFlood::closed(Point p) {
  check_points(impl_->costs, {p}, "closed");
  impl_->nb.changed(impl_->costs, impl_->moves, p.x, p.y);
}

DistanceMap TerrainFlood::map(const std::vector<Point>& sources, int threads) const {
  return make_distance_map(impl_->costs, sources, impl_->moves, NoWatch{}, &impl_->nb,
                           flood_threads(impl_->costs.size(), threads));
}

void TerrainFlood::add_source(DistanceMap& map, Point source, int threads) const {
  const Moves& m = map.moves;
  const bool same = m.neighbors == impl_->moves.neighbors && m.diagonal == impl_->moves.diagonal &&
                    m.diagonal_cost == impl_->moves.diagonal_cost;
  add_source_on(map, impl_->costs, "tiles", source, same ? &impl_->nb : nullptr,
                flood_threads(impl_->costs.size(), threads));
}

DistanceMap TerrainFlood::near(const std::vector<Point>& sources, const std::vector<Point>& targets,
                               double slack) const {
  return near_on(impl_->costs, sources, impl_->moves, targets, slack, &impl_->nb);
}

void TerrainFlood::toward(Leg& leg, Point source, const std::vector<Point>& targets, double slack) const {
  const TerrainCosts& costs = impl_->costs;
  check_slack(slack);
  check_points(costs, {source}, "sources");
  check_points(costs, targets, "targets");
  // The targets that can be reached, each once: an impassable one never decides where a leg stops
  // (a door's side cells include walls and closed doors, and repeat from door to door), and
  // fewer targets keep a leg an A*. Their order does not matter.
  const auto w = static_cast<size_t>(costs.width());
  auto index = [w](Point p) { return static_cast<size_t>(p.y) * w + static_cast<size_t>(p.x); };
  std::vector<size_t> wanted;
  for (const Point t : targets)
    if (costs[index(t)] != kWall) wanted.push_back(index(t));
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  std::vector<Point> open;
  for (const size_t i : wanted) open.push_back({static_cast<int>(i % w), static_cast<int>(i / w)});
  const size_t ring = toward_ring_size(impl_->nb.range, impl_->moves);
  const size_t at = index(source);
  if (open.empty() || open.size() > kMaxTowardTargets || ring == 0 || costs[at] == kWall) {
    leg.map = DistanceMap{};  // the last leg's grid (8 bytes per cell) goes before the next is made
    leg.map = near({source}, open, slack);
    leg.touched.clear();
    leg.listed = false;
    return;
  }
  Grid<double>& dist = leg.map.dist;
  if (dist.width() != costs.width() || dist.height() != costs.height()) {
    dist = detail::large_grid(costs.width(), costs.height(), kUnreached);
  } else if (leg.listed) {
    for (const uint32_t i : leg.touched) dist.cells()[i] = kUnreached;
  } else {
    std::fill(dist.cells().begin(), dist.cells().end(), kUnreached);
  }
  leg.touched.clear();
  leg.map.moves = impl_->moves;
  // A list of up to an eighth of the cells (half a byte per cell): a leg that writes more clears
  // the whole grid after it, as cheaply as going down a list that long.
  leg.listed = floods::toward(costs, impl_->moves, impl_->nb, static_cast<uint32_t>(at), open, slack, ring, dist,
                              leg.touched, dist.size() / 8);
}

}  // namespace detail

namespace {

template <typename Costs>
NearestInGroups nearest_on(const Costs& costs, const std::vector<Point>& sources, const Moves& moves,
                           const Grid<int32_t>& groups, const std::vector<bool>& wanted) {
  if (groups.width() != costs.width() || groups.height() != costs.height())
    throw InvalidArgument(FieldProblem{"groups", shape(groups.width(), groups.height()),
                                       "the cost grid's " + shape(costs.width(), costs.height())});
  NearestInGroups out;
  out.cost.assign(wanted.size(), kUnreached);
  out.cell.assign(wanted.size(), Point{-1, -1});
  std::vector<size_t> best_index(wanted.size(), costs.size());
  // Each wanted group's cheapest cell, lowest index among equals, from the cells it is shown.
  // The bucket queue shows cells in cost order as they become final: once every wanted group
  // has one and the bucket of the last is done, every group's cheapest cells (ties included) are
  // final, and the flood stops. The other floods show nothing; the whole map is scanned instead.
  struct Watch {
    const Grid<int32_t>& groups;
    const std::vector<bool>& wanted;
    std::vector<double>& best;
    std::vector<size_t>& at;
    size_t want, found = 0;
    bool shown = false;
    void settle(uint32_t cell, double g) {
      shown = true;
      const int32_t r = groups.cells()[cell];
      if (r < 0 || static_cast<size_t>(r) >= wanted.size() || !wanted[static_cast<size_t>(r)]) return;
      const auto k = static_cast<size_t>(r);
      if (best[k] == kUnreached) ++found;
      if (g < best[k] || (g == best[k] && cell < at[k])) best[k] = g, at[k] = cell;
    }
    bool done(uint64_t, const Grid<double>&) const { return found == want; }
  };
  Watch watch{groups, wanted, out.cost, best_index,
              static_cast<size_t>(std::count(wanted.begin(), wanted.end(), true))};
  out.map = make_distance_map(costs, sources, moves, watch);
  const Grid<double>& dist = out.map.dist;
  if (!watch.shown)
    for (size_t i = 0; i < dist.size(); ++i)
      if (dist.cells()[i] != kUnreached) watch.settle(static_cast<uint32_t>(i), dist.cells()[i]);
  for (size_t r = 0; r < wanted.size(); ++r)
    if (out.cost[r] != kUnreached) out.cell[r] = dist.point(best_index[r]);
  return out;
}

}  // namespace

NearestInGroups nearest_in_groups(const CostGrid& costs, const std::vector<Point>& sources, const Moves& moves,
                                  const Grid<int32_t>& groups, const std::vector<bool>& wanted) {
  return nearest_on(GridCosts{costs}, sources, moves, groups, wanted);
}

NearestInGroups nearest_in_groups(const Grid<Terrain>& tiles, const CostTable& costs, const std::vector<Point>& sources,
                                  const Moves& moves, const Grid<int32_t>& groups, const std::vector<bool>& wanted) {
  return nearest_on(TerrainCosts(tiles, costs), sources, moves, groups, wanted);
}

std::vector<Point> descend(const DistanceMap& map, const CostGrid& costs, Point from) {
  return descend_on(map, GridCosts{costs}, from);
}

std::vector<Point> descend(const DistanceMap& map, const Grid<Terrain>& tiles, const CostTable& costs, Point from) {
  return descend_on(map, TerrainCosts(tiles, costs), from);
}

}  // namespace catacomb
