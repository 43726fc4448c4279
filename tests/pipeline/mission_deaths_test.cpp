// Where a mission's attempts died: counted per node and edge across attempts, the most named with
// its type, its edges and the shortest cycle through it.
#include <gtest/gtest.h>

#include "pipeline/mission_deaths.hpp"

namespace catacomb {
namespace {

// a-b-c-a (a triangle), c-d-e-f-c (a square), f-g (a dead end); a holds the start.
Mission two_cycles() {
  Mission m;
  for (const char* id : {"a", "b", "c", "d", "e", "f", "g"}) m.nodes.push_back({id, "room", {}, {}});
  m.nodes[5].type = "boss";
  for (auto [a, b] : {std::pair{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 5}, {5, 2}, {5, 6}})
    m.edges.push_back({a, b, DoorKind::Open, 0, 0});
  return m;
}

TEST(MissionDeathsTest, TheShortestCycleThroughANodeIsFoundAndATreeNodeHasNone) {
  const Mission m = two_cycles();
  EXPECT_EQ(shortest_cycle_through(m, 0), (std::vector<int>{0, 2, 1}));
  EXPECT_EQ(shortest_cycle_through(m, 2).size(), 3u);  // the triangle, not the square
  EXPECT_EQ(shortest_cycle_through(m, 4), (std::vector<int>{4, 5, 2, 3}));
  EXPECT_TRUE(shortest_cycle_through(m, 6).empty());
}

TEST(MissionDeathsTest, TheNodeMostAttemptsDiedAtIsNamedWithItsCycle) {
  const Mission m = two_cycles();
  MissionDeaths deaths(&m);
  EXPECT_EQ(deaths.most(20), "");
  deaths.count(5, -1);
  deaths.count(5, -1);
  deaths.count(6, -1);
  deaths.count(-1, 7);
  deaths.count(-1, -1);  // neither: not counted
  EXPECT_EQ(deaths.most(20), "; attempts died most at node f (type boss, 3 edges): 2 of 20, on the cycle f, c, d, e");
  for (int i = 0; i < 3; ++i) deaths.count(-1, 7);
  EXPECT_EQ(deaths.most(20), "; attempts died most at edge f-g: 4 of 20");
  EXPECT_EQ(MissionDeaths(nullptr).most(20), "");
}

}  // namespace
}  // namespace catacomb
