#include <catacomb/pathing/graph_search.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>

namespace catacomb {
namespace {

// A waypoint graph: rooms of a small dungeon with their centres, corridors as edges costing
// their length (a corridor can be longer than the straight line).
struct Waypoints {
  std::map<std::string, std::pair<double, double>> at;
  std::map<std::string, std::vector<std::pair<std::string, double>>> edges;

  void add(const std::string& a, const std::string& b, double cost) {
    edges[a].push_back({b, cost});
    edges[b].push_back({a, cost});
  }
  double straight(const std::string& a, const std::string& b) const {
    const auto& p = at.at(a);
    const auto& q = at.at(b);
    return std::hypot(p.first - q.first, p.second - q.second);
  }
};

Waypoints dungeon_waypoints() {
  Waypoints w;
  w.at = {{"entrance", {0, 0}}, {"hall", {10, 0}},  {"armory", {10, 10}},  {"crypt", {20, 0}},
          {"shrine", {20, 10}}, {"vault", {30, 5}}, {"cellar", {-10, -10}}};
  w.add("entrance", "hall", 10);
  w.add("hall", "crypt", 10);
  w.add("hall", "armory", 10);
  w.add("armory", "shrine", 10);
  w.add("crypt", "vault", 25);  // a winding corridor
  w.add("shrine", "vault", 12);
  w.add("crypt", "shrine", 10);
  return w;  // the cellar has no corridor
}

TEST(GraphSearchTest, FindsTheCheapestRouteThroughAWaypointGraph) {
  const Waypoints w = dungeon_waypoints();
  auto neighbors = [&](const std::string& n, auto&& emit) {
    auto it = w.edges.find(n);
    if (it == w.edges.end()) return;
    for (const auto& [next, cost] : it->second) emit(next, cost);
  };
  auto h = [&](const std::string& n) { return w.straight(n, "vault"); };
  const GraphPathResult<std::string> r = find_graph_path(std::string("entrance"), std::string("vault"), neighbors, h);
  ASSERT_TRUE(r.found());
  // hall -> crypt -> vault costs 45; hall -> crypt -> shrine -> vault and hall -> armory ->
  // shrine -> vault both cost 42.
  EXPECT_DOUBLE_EQ(r.cost, 42.0);
  ASSERT_EQ(r.path.size(), 5u);
  EXPECT_EQ(r.path.front(), "entrance");
  EXPECT_EQ(r.path[3], "shrine");
  EXPECT_EQ(r.path.back(), "vault");
  double sum = 0;
  for (size_t k = 1; k < r.path.size(); ++k) {
    double c = -1;
    for (const auto& [next, cost] : w.edges.at(r.path[k - 1]))
      if (next == r.path[k]) c = cost;
    ASSERT_GE(c, 0) << r.path[k - 1] << " -> " << r.path[k] << " is not an edge";
    sum += c;
  }
  EXPECT_DOUBLE_EQ(sum, r.cost);
  // Dijkstra agrees on the cost and expands at least as much.
  const GraphPathResult<std::string> d = find_graph_path(std::string("entrance"), std::string("vault"), neighbors);
  EXPECT_DOUBLE_EQ(d.cost, r.cost);
  EXPECT_GE(d.expanded, r.expanded);
  // The same query gives the same path.
  EXPECT_EQ(find_graph_path(std::string("entrance"), std::string("vault"), neighbors, h).path, r.path);
}

TEST(GraphSearchTest, UnreachableGoalsBudgetsAndTrivialQueries) {
  const Waypoints w = dungeon_waypoints();
  auto neighbors = [&](const std::string& n, auto&& emit) {
    auto it = w.edges.find(n);
    if (it == w.edges.end()) return;
    for (const auto& [next, cost] : it->second) emit(next, cost);
  };
  const auto none = find_graph_path(std::string("entrance"), std::string("cellar"), neighbors);
  EXPECT_EQ(none.status, PathStatus::NoPath);
  EXPECT_TRUE(none.path.empty());
  EXPECT_EQ(none.expanded, 6);  // every room reachable from the entrance
  GraphSearchOptions o;
  o.budget = 2;
  const auto cut = find_graph_path(std::string("entrance"), std::string("vault"), neighbors, o);
  EXPECT_EQ(cut.status, PathStatus::BudgetExhausted);
  EXPECT_EQ(cut.expanded, 2);
  const auto self = find_graph_path(std::string("hall"), std::string("hall"), neighbors);
  ASSERT_TRUE(self.found());
  EXPECT_EQ(self.path, std::vector<std::string>{"hall"});
  EXPECT_EQ(self.cost, 0.0);
}

TEST(GraphSearchTest, RejectsBadOptionsEdgeCostsAndHeuristics) {
  auto line = [](const int& n, auto&& emit) { emit(n + 1, 1.0); };
  GraphSearchOptions o;
  o.weight = -1;
  o.budget = -3;
  try {
    find_graph_path(0, 5, line, o);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "weight = -1 (expected 0 to 1e6); budget = -3 (expected >= 0)");
  }
  auto negative = [](const int& n, auto&& emit) { emit(n + 1, -1.0); };
  EXPECT_THROW(find_graph_path(0, 5, negative), InvalidArgument);
  EXPECT_THROW(find_graph_path(0, 5, line, [](const int&) { return -1.0; }), InvalidArgument);
  // An infinite cost is no edge at all.
  auto walled = [](const int& n, auto&& emit) { emit(n + 1, n == 2 ? HUGE_VAL : 1.0); };
  EXPECT_EQ(find_graph_path(0, 5, walled).status, PathStatus::NoPath);
}

// --- hex grids --------------------------------------------------------------------------------

TEST(GraphSearchTest, HexNeighboursAndDistances) {
  const HexAxial o{0, 0};
  const auto n = hex_neighbors(o);
  std::set<HexAxial> distinct(n.begin(), n.end());
  EXPECT_EQ(distinct.size(), 6u);
  for (HexAxial h : n) {
    EXPECT_EQ(hex_distance(o, h), 1) << to_string(h);
    EXPECT_EQ(hex_distance(h, o), 1);
  }
  EXPECT_EQ(n[0], (HexAxial{1, 0}));
  EXPECT_EQ(hex_distance({0, 0}, {3, -1}), 3);
  EXPECT_EQ(hex_distance({-2, 3}, {2, -1}), 4);
  EXPECT_EQ(hex_distance({0, 0}, {2, 2}), 4);
  EXPECT_LT((HexAxial{5, 0}), (HexAxial{0, 1}));  // row first
}

// Hexes within `radius` of the origin, minus the blocked ones; steps cost 1, or 3 into a marsh.
struct HexMap {
  int radius = 0;
  std::set<HexAxial> blocked;
  std::set<HexAxial> marsh;
  bool inside(HexAxial h) const { return hex_distance(h, {0, 0}) <= radius && !blocked.count(h); }
  template <typename Emit>
  void neighbors(HexAxial h, Emit&& emit) const {
    for (HexAxial n : hex_neighbors(h))
      if (inside(n)) emit(n, marsh.count(n) ? 3.0 : 1.0);
  }
};

// Steps from `from` to every reachable hex, by breadth-first search (the reference).
std::map<HexAxial, int> hex_steps(const HexMap& m, HexAxial from) {
  std::map<HexAxial, int> dist{{from, 0}};
  std::deque<HexAxial> queue{from};
  while (!queue.empty()) {
    const HexAxial h = queue.front();
    queue.pop_front();
    m.neighbors(h, [&](HexAxial n, double) {
      if (dist.emplace(n, dist[h] + 1).second) queue.push_back(n);
    });
  }
  return dist;
}

TEST(GraphSearchTest, HexGridPathGoesAroundAWall) {
  HexMap m;
  m.radius = 6;
  for (int r = -4; r <= 5; ++r) m.blocked.insert({0, r});  // a wall with a gap at the top
  const HexAxial start{-3, 1}, goal{3, 0};
  auto nb = [&](HexAxial h, auto&& emit) { m.neighbors(h, emit); };
  auto h = [&](HexAxial x) { return static_cast<double>(hex_distance(x, goal)); };
  const GraphPathResult<HexAxial> r = find_graph_path(start, goal, nb, h);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.path.front(), start);
  EXPECT_EQ(r.path.back(), goal);
  for (size_t k = 1; k < r.path.size(); ++k) {
    EXPECT_EQ(hex_distance(r.path[k - 1], r.path[k]), 1);
    EXPECT_TRUE(m.inside(r.path[k])) << to_string(r.path[k]);
  }
  EXPECT_DOUBLE_EQ(r.cost, static_cast<double>(r.path.size() - 1));
  EXPECT_DOUBLE_EQ(r.cost, static_cast<double>(hex_steps(m, start).at(goal)));
  EXPECT_GT(r.cost, static_cast<double>(hex_distance(start, goal)));  // the wall forces a detour
  EXPECT_EQ(find_graph_path(start, goal, nb, h).path, r.path);
}

TEST(GraphSearchTest, HexAStarMatchesBreadthFirstStepsOnRandomMaps) {
  for (uint64_t seed = 1; seed <= 25; ++seed) {
    Rng rng = Rng::stream(seed, "hex-test");
    HexMap m;
    m.radius = 7;
    for (int q = -7; q <= 7; ++q)
      for (int r = -7; r <= 7; ++r)
        if (rng.chance(0.3)) m.blocked.insert({q, r});
    const HexAxial a{static_cast<int>(rng.uniform_int(-3, 3)), static_cast<int>(rng.uniform_int(-3, 3))};
    const HexAxial b{static_cast<int>(rng.uniform_int(-3, 3)), static_cast<int>(rng.uniform_int(-3, 3))};
    m.blocked.erase(a);
    m.blocked.erase(b);
    auto nb = [&](HexAxial h, auto&& emit) { m.neighbors(h, emit); };
    auto h = [&](HexAxial x) { return static_cast<double>(hex_distance(x, b)); };
    const auto steps = hex_steps(m, a);
    const GraphPathResult<HexAxial> r = find_graph_path(a, b, nb, h);
    ASSERT_EQ(r.found(), steps.count(b) == 1) << "seed " << seed;
    if (!r.found()) continue;
    EXPECT_DOUBLE_EQ(r.cost, static_cast<double>(steps.at(b))) << "seed " << seed;
    GraphSearchOptions w;
    w.weight = 2;
    const GraphPathResult<HexAxial> wr = find_graph_path(a, b, nb, h, w);
    ASSERT_TRUE(wr.found());
    EXPECT_LE(wr.cost, 2 * r.cost);
  }
}

TEST(GraphSearchTest, HexCostsSteerAroundAMarsh) {
  HexMap m;
  m.radius = 5;
  for (int r = -2; r <= 2; ++r) m.marsh.insert({0, r});
  const HexAxial start{-2, 0}, goal{2, 0};
  auto nb = [&](HexAxial h, auto&& emit) { m.neighbors(h, emit); };
  auto h = [&](HexAxial x) { return static_cast<double>(hex_distance(x, goal)); };
  const auto r = find_graph_path(start, goal, nb, h);
  ASSERT_TRUE(r.found());
  const auto d = find_graph_path(start, goal, nb);
  EXPECT_DOUBLE_EQ(r.cost, d.cost);
  // Straight through: 1 + 3 (the marsh) + 1 + 1; round either end of the marsh: 8 steps.
  EXPECT_DOUBLE_EQ(r.cost, 6.0);
}

}  // namespace
}  // namespace catacomb
