// Tests of graph_intensity and progression_metrics (validate/mission/room_graph_progression.cpp): a cave of
// five areas whose ranks, scores and intensities are worked out by hand in the comments, a rooms
// map with a loop, a map that cannot be finished, and properties over generated maps (the start's
// node 0, the exit's 1, rising along the critical path, the same graph with a solution given).
#include <catacomb/validate/room_graph.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <catacomb/pipeline/generate.hpp>
#include "support/room_graph_maps.hpp"

namespace catacomb {
namespace {

using test::map_of;

// A cave: areas L (start), M (key 2) and R (exit) in a row behind doors locked 1 and 2, a pocket P
// below L behind an open door (key 1) and a pocket S below M behind an open door (nothing).
// Areas in row-major order of their first cells: L 0, M 1, R 2, P 3, S 4.
Dungeon cave() {
  Dungeon d = map_of({
      "#############",  //
      "#....A...B..#",  //
      "#+#####+#####",  //
      "#.#####.#####",  //
      "#######.#####",  //
      "#############",  //
  });
  d.objectives = {{ObjectiveKind::Start, {1, 1}, 0},
                  {ObjectiveKind::Key, {1, 3}, 1},
                  {ObjectiveKind::Key, {8, 1}, 2},
                  {ObjectiveKind::Exit, {11, 1}, 0}};
  return d;
}

TEST(RoomGraphProgressionTest, IntensityRisesAlongTheCriticalPathAndIntoSideBranches) {
  const Dungeon d = cave();
  const RoomGraph g = room_graph(d);
  ASSERT_EQ(g.nodes.size(), 5u);
  // The critical path: L (rank 0, score 0), P for key 1 (rank 1, score 1), door 1 opened, M for
  // key 2 (rank 2, score 2 + 1), door 2 opened, R the exit (rank 3). S is off it, one edge from M:
  // score 3 + 1. M = 4 (the exit's node aside): intensity = 99 * score / 400, the exit 1.
  EXPECT_EQ(g.nodes[0].critical, 0);
  EXPECT_EQ(g.nodes[3].critical, 1);
  EXPECT_EQ(g.nodes[1].critical, 2);
  EXPECT_EQ(g.nodes[2].critical, 3);
  EXPECT_EQ(g.nodes[4].critical, -1);
  EXPECT_EQ(g.nodes[0].intensity, 0.0);
  EXPECT_EQ(g.nodes[3].intensity, 99.0 / 400.0);
  EXPECT_EQ(g.nodes[1].intensity, 297.0 / 400.0);
  EXPECT_EQ(g.nodes[4].intensity, 0.99);
  EXPECT_EQ(g.nodes[2].intensity, 1.0);
  const ProgressionMetrics m = progression_metrics(g, solve_dungeon(d));
  EXPECT_EQ(m.nodes, 5);
  EXPECT_EQ(m.critical_nodes, 4);
  EXPECT_EQ(m.branchiness(), 0.2);
  EXPECT_EQ(m.cycles, 0);           // a tree: 4 edges, 5 nodes, 1 component
  EXPECT_EQ(m.critical_cells, 13);  // row 1 (11 cells) and the way down to key 1 (2)
}

TEST(RoomGraphProgressionTest, WithoutTheLockTheSameCellsRankTheSameAndTheScoresDrop) {
  // Door 1 open: L 0, P 1 (key 1 is no longer on the critical path, so P is a branch of L: 0 + 1),
  // M rank 1 score 1, R the exit after door 2; S 1 + 1. M = 2.
  Dungeon d = cave();
  d.locks.erase(d.locks.begin());
  d.objectives[1].lock = 0;  // a key without a lock is a plain objective, optional
  const RoomGraph g = room_graph(d);
  EXPECT_EQ(g.nodes[1].critical, 1);
  EXPECT_EQ(g.nodes[3].critical, -1);
  EXPECT_EQ(g.nodes[3].intensity, 99.0 / 200.0);
  EXPECT_EQ(g.nodes[1].intensity, 99.0 / 200.0);
  EXPECT_EQ(g.nodes[4].intensity, 0.99);
  EXPECT_EQ(g.nodes[2].intensity, 1.0);
}

TEST(RoomGraphProgressionTest, ALoopIsACycleAndAMapThatCannotBeFinishedHasNoIntensity) {
  // Two rooms joined by two corridors: 2 nodes, 2 edges, one cycle.
  Dungeon d = map_of({
      "###########",  //
      "#...+,,+..#",  //
      "#...#####.#",  //
      "#+#######+#",  //
      "#,,,,,,,,,#",  //
      "###########",  //
  });
  d.rooms = {Rect{1, 1, 3, 2}, Rect{8, 1, 2, 2}};
  d.objectives = {{ObjectiveKind::Start, {1, 1}, 0}, {ObjectiveKind::Exit, {9, 2}, 0}};
  RoomGraph g = room_graph(d);
  Solution s = solve_dungeon(d);
  ProgressionMetrics m = progression_metrics(g, s);
  EXPECT_EQ(m.nodes, 2);
  EXPECT_EQ(m.cycles, 1);
  EXPECT_EQ(m.branchiness(), 0.0);
  EXPECT_EQ(g, room_graph(d, recorded_rules(d), s));
  // Both ways locked with no key anywhere: not completable, so no node has a rank or an intensity.
  d.locks = {LockedDoor{{4, 1}, 1}, LockedDoor{{1, 3}, 1}};
  s = solve_dungeon(d);
  ASSERT_NE(s.status, SolveStatus::Completable);
  g = room_graph(d);
  for (const GraphNode& n : g.nodes) {
    EXPECT_EQ(n.critical, -1);
    EXPECT_EQ(n.intensity, -1.0);
  }
  m = progression_metrics(g, s);
  EXPECT_EQ(m.critical_nodes, 0);
  EXPECT_EQ(m.critical_cells, 0);
}

TEST(RoomGraphProgressionTest, OnGeneratedMapsTheStartIsZeroTheExitOneAndTheCurveRises) {
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    const GenerateConfig cfg = test::caves_or_rooms(seed);
    const Dungeon d = generate_dungeon(cfg, seed).dungeon;
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Solution s = solve_dungeon(d);
    ASSERT_EQ(s.status, SolveStatus::Completable);
    const RoomGraph g = room_graph(d);
    EXPECT_EQ(g, room_graph(d, recorded_rules(d), s));
    const int start = g.node_at[*d.find(ObjectiveKind::Start)];
    const int exit = g.node_at[*d.find(ObjectiveKind::Exit)];
    ASSERT_GE(start, 0);
    ASSERT_GE(exit, 0);
    EXPECT_EQ(g.nodes[size_t(exit)].intensity, 1.0);
    if (start != exit) { EXPECT_EQ(g.nodes[size_t(start)].intensity, 0.0); }
    EXPECT_EQ(g.nodes[size_t(start)].critical, 0);
    // Along the critical path (by rank), the intensity rises strictly, the exit's node aside.
    std::vector<double> by_rank(g.nodes.size(), -1);
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      const GraphNode& n = g.nodes[i];
      if (static_cast<int>(i) != exit) { EXPECT_LE(n.intensity, 0.99); }
      EXPECT_GE(n.intensity, n.critical >= 0 ? 0.0 : -1.0);
      if (n.critical >= 0 && static_cast<int>(i) != exit) by_rank[size_t(n.critical)] = n.intensity;
    }
    double last = -1;
    for (const double v : by_rank)
      if (v >= 0) {
        EXPECT_GT(v, last);
        last = v;
      }
    const ProgressionMetrics m = progression_metrics(g, s);
    EXPECT_GE(m.cycles, 0);
    EXPECT_GE(m.critical_cells, s.metrics.critical_length > 0 ? 2 : 1);
    EXPECT_LE(m.critical_cells, s.metrics.critical_length + 1);
    EXPECT_GE(m.branchiness(), 0.0);
    EXPECT_LT(m.branchiness(), 1.0);
  }
}

}  // namespace
}  // namespace catacomb
