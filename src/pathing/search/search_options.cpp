// Names, option checks and cost helpers of the search engine (the engine itself is in
// search.cpp; the formulas both use are in search_internal.hpp).
#include <cmath>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"
#include <catacomb/pathing/search.hpp>

#include <array>
#include "shared/pathing/search_names.hpp"
#include "pathing/search/search_internal.hpp"

namespace catacomb {

using detail::abs_diff;
using detail::distance_units;
using detail::scaled_cost;

// --- names, options --------------------------------------------------------------------------

namespace {

using detail::EnumNames;
using detail::kAlgorithmNames;
using detail::kHeuristicNames;

constexpr EnumNames<PathStatus, 5> kPathStatusNames = {{{PathStatus::Found, "found"},
                                                        {PathStatus::NoPath, "no-path"},
                                                        {PathStatus::BudgetExhausted, "budget-exhausted"},
                                                        {PathStatus::StartBlocked, "start-blocked"},
                                                        {PathStatus::GoalBlocked, "goal-blocked"}}};

}  // namespace

std::string_view algorithm_name(Algorithm a) { return detail::enum_name(kAlgorithmNames, a); }

Algorithm parse_algorithm(std::string_view name, const std::string& field) {
  return detail::parse_enum(kAlgorithmNames, name, field);
}

std::string_view heuristic_name(Heuristic h) { return detail::enum_name(kHeuristicNames, h); }

Heuristic parse_heuristic(std::string_view name, const std::string& field) {
  return detail::parse_enum(kHeuristicNames, name, field);
}

double heuristic_distance(Heuristic h, Point a, Point b, double diagonal_cost) {
  return distance_units(h, abs_diff(a.x, b.x), abs_diff(a.y, b.y), diagonal_cost);
}

std::vector<FieldProblem> SearchOptions::problems() const {
  std::vector<FieldProblem> p;
  if (!detail::enum_known(kAlgorithmNames, algorithm))
    p.push_back({"algorithm", std::to_string(static_cast<int>(algorithm)), detail::enum_expected(kAlgorithmNames)});
  if (!detail::enum_known(kHeuristicNames, heuristic))
    p.push_back({"heuristic", std::to_string(static_cast<int>(heuristic)), detail::enum_expected(kHeuristicNames)});
  if (!detail::enum_known(detail::kDiagonalPolicyNames, moves.diagonal))
    p.push_back({"diagonal", std::to_string(static_cast<int>(moves.diagonal)),
                 detail::enum_expected(detail::kDiagonalPolicyNames)});
  append_problems(p, moves.problems());
  if (!(heuristic_scale >= 0 && heuristic_scale <= 1e6))
    p.push_back({"heuristic_scale", format_number(heuristic_scale), "0 to 1e6"});
  if (!(cost_scale >= 0 && cost_scale <= 1)) p.push_back({"cost_scale", format_number(cost_scale), "0 to 1"});
  if (budget < 0) p.push_back({"budget", std::to_string(budget), ">= 0"});
  return p;
}

void SearchOptions::check() const { throw_if_problems(problems()); }

std::string_view path_status_name(PathStatus s) { return detail::enum_name(kPathStatusNames, s); }

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
  return path_cost_on(
      costs.width(), costs.height(), [&](Point p) { return costs[p]; }, path, moves, cost_scale);
}

double path_cost(const Grid<Terrain>& tiles, const CostTable& costs, const std::vector<Point>& path, const Moves& moves,
                 double cost_scale) {
  // A byte that names no terrain is impassable, as in the distance maps.
  std::array<double, 256> table;
  table.fill(CostTable::kImpassable);
  for (Terrain t : kAllTerrains) table[static_cast<uint8_t>(t)] = costs[t];
  return path_cost_on(
      tiles.width(), tiles.height(), [&](Point p) { return table[static_cast<uint8_t>(tiles[p])]; }, path, moves,
      cost_scale);
}

}  // namespace catacomb
