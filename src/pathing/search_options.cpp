// Names, option checks and cost helpers of the search engine (the engine itself is in
// search.cpp; the formulas both use are in search_internal.hpp).
#include <cmath>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"
#include <catacomb/pathing/search.hpp>

#include <array>
#include "pathing/search_internal.hpp"

namespace catacomb {

using detail::abs_diff;
using detail::distance_units;
using detail::scaled_cost;

// --- names, options --------------------------------------------------------------------------

std::string_view algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::AStar: return "astar";
    case Algorithm::Dijkstra: return "dijkstra";
    case Algorithm::Bfs: return "bfs";
    case Algorithm::Greedy: return "greedy";
    case Algorithm::Jps: return "jps";
  }
  return "?";
}

Algorithm parse_algorithm(std::string_view name, const std::string& field) {
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bfs, Algorithm::Greedy, Algorithm::Jps})
    if (algorithm_name(a) == name) return a;
  throw InvalidArgument(FieldProblem{field, std::string(name), "astar, dijkstra, bfs, greedy or jps"});
}

std::string_view heuristic_name(Heuristic h) {
  switch (h) {
    case Heuristic::Manhattan: return "manhattan";
    case Heuristic::Octile: return "octile";
    case Heuristic::Chebyshev: return "chebyshev";
    case Heuristic::Euclidean: return "euclidean";
    case Heuristic::Zero: return "zero";
  }
  return "?";
}

Heuristic parse_heuristic(std::string_view name, const std::string& field) {
  for (Heuristic h : {Heuristic::Manhattan, Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean,
                      Heuristic::Zero})
    if (heuristic_name(h) == name) return h;
  throw InvalidArgument(FieldProblem{field, std::string(name), "manhattan, octile, chebyshev, euclidean or zero"});
}

double heuristic_distance(Heuristic h, Point a, Point b, double diagonal_cost) {
  return distance_units(h, abs_diff(a.x, b.x), abs_diff(a.y, b.y), diagonal_cost);
}

std::vector<FieldProblem> SearchOptions::problems() const {
  std::vector<FieldProblem> p;
  if (algorithm_name(algorithm) == "?")
    p.push_back({"algorithm", std::to_string(static_cast<int>(algorithm)), "astar, dijkstra, bfs, greedy or jps"});
  if (heuristic_name(heuristic) == "?")
    p.push_back({"heuristic", std::to_string(static_cast<int>(heuristic)),
                 "manhattan, octile, chebyshev, euclidean or zero"});
  if (diagonal_policy_name(moves.diagonal) == "?")
    p.push_back({"diagonal", std::to_string(static_cast<int>(moves.diagonal)),
                 "never, no-corner-cut, one-free or always"});
  append_problems(p, moves.problems());
  if (!(heuristic_scale >= 0 && heuristic_scale <= 1e6))
    p.push_back({"heuristic_scale", format_number(heuristic_scale), "0 to 1e6"});
  if (!(cost_scale >= 0 && cost_scale <= 1)) p.push_back({"cost_scale", format_number(cost_scale), "0 to 1"});
  if (budget < 0) p.push_back({"budget", std::to_string(budget), ">= 0"});
  return p;
}

void SearchOptions::check() const { throw_if_problems(problems()); }

std::string_view path_status_name(PathStatus s) {
  switch (s) {
    case PathStatus::Found: return "found";
    case PathStatus::NoPath: return "no-path";
    case PathStatus::BudgetExhausted: return "budget-exhausted";
    case PathStatus::StartBlocked: return "start-blocked";
    case PathStatus::GoalBlocked: return "goal-blocked";
  }
  return "?";
}

CostGrid make_cost_grid(const Grid<Terrain>& tiles, const CostTable& costs) {
  if (tiles.size() == 0) return CostGrid();
  CostGrid g(tiles.width(), tiles.height(), CostTable::kImpassable);
  const Terrain* t = tiles.data();
  double* c = g.data();
  for (size_t i = 0; i < tiles.size(); ++i) c[i] = costs[t[i]];
  return g;
}

namespace {

// path_cost over any grid of costs: `cost(p)` for a point inside the w x h map.
template <typename CostAt>
double path_cost_on(int w, int h, const CostAt& cost, const std::vector<Point>& path, const Moves& moves,
                    double cost_scale) {
  const std::string shape = std::to_string(w) + "x" + std::to_string(h);
  auto field = [](size_t k) { return "path[" + std::to_string(k) + "]"; };
  auto open = [&](Point c) { return c.x >= 0 && c.y >= 0 && c.x < w && c.y < h && cost(c) != CostTable::kImpassable; };
  double total = 0;
  for (size_t k = 0; k < path.size(); ++k) {
    const Point p = path[k];
    if (!open(p))
      throw InvalidArgument(FieldProblem{field(k), to_string(p), "a passable cell inside the " + shape + " map"});
    if (k == 0) continue;
    const Point q = path[k - 1];
    const int dir = direction_index(p.x - q.x, p.y - q.y);
    const bool diag = dir >= 4;
    if (!step_allowed_at(moves, q, dir, open))
      throw InvalidArgument(
          FieldProblem{field(k), to_string(p), "one legal move from " + field(k - 1) + " = " + to_string(q)});
    const double c = scaled_cost(cost(p), cost_scale);
    total += diag ? c * moves.diagonal_cost : c * 1.0;
  }
  return total;
}

}  // namespace

double path_cost(const CostGrid& costs, const std::vector<Point>& path, const Moves& moves, double cost_scale) {
  return path_cost_on(costs.width(), costs.height(), [&](Point p) { return costs[p]; }, path, moves, cost_scale);
}

double path_cost(const Grid<Terrain>& tiles, const CostTable& costs, const std::vector<Point>& path,
                 const Moves& moves, double cost_scale) {
  // A byte that names no terrain is impassable, as in the distance maps.
  std::array<double, 256> table;
  table.fill(CostTable::kImpassable);
  for (Terrain t : kAllTerrains) table[static_cast<uint8_t>(t)] = costs[t];
  return path_cost_on(tiles.width(), tiles.height(), [&](Point p) { return table[static_cast<uint8_t>(tiles[p])]; },
                      path, moves, cost_scale);
}

}  // namespace catacomb
