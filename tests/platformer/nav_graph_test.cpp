// The navigation graph: its moves on small fixtures, and an independent brute-force check on
// hundreds of random side-view maps against a step-by-step simulation of the same movement
// rules (support/reference/reference_side_view.hpp, written from the rule text without the
// library's SideView or for_each_move).
#include <catacomb/platformer/nav_graph.hpp>

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/platformer/level_check.hpp>
#include <catacomb/platformer/solver.hpp>
#include "support/reference/reference_side_view.hpp"

namespace catacomb {
namespace {

std::string random_map(Rng& rng, int w, int h) {
  std::string text;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int64_t r = rng.uniform_int(0, 99);
      text += r < 35 ? '#' : r < 80 ? '.' : r < 90 ? 'H' : '-';
    }
    text += '\n';
  }
  return text;
}

TEST(NavGraphBruteForceTest, ReachabilityAndCostsMatchAStepByStepSimulation) {
  Rng rng(20261124);
  int maps = 0, compared_nodes = 0, jumps_used = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int w = static_cast<int>(rng.uniform_int(4, 9)), h = static_cast<int>(rng.uniform_int(4, 8));
    const std::string text = random_map(rng, w, h);
    MovementModel m;
    m.jump_height = static_cast<int>(rng.uniform_int(1, 4));
    m.jump_distance = static_cast<int>(rng.uniform_int(0, 4));
    m.body_height = static_cast<int>(rng.uniform_int(1, 2));
    m.max_fall = rng.uniform_int(0, 2) == 0 ? static_cast<int>(rng.uniform_int(1, 4)) : 0;
    m.jump_penalty = static_cast<int>(rng.uniform_int(0, 2));
    SCOPED_TRACE("trial " + std::to_string(trial) + "\n" + text);
    const Dungeon d = read_ascii(text);
    const NavGraph g(d.tiles, m);
    std::vector<std::string> rows;
    for (size_t at = 0; at < text.size(); at = text.find('\n', at) + 1)
      rows.push_back(text.substr(at, text.find('\n', at) - at));

    // The same resting cells.
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        ASSERT_EQ(g.node_at({x, y}) >= 0, test::reference_rests(rows, m, {x, y})) << x << "," << y;
    if (g.node_count() == 0) continue;
    ++maps;
    // From two starts: the first node and a random one.
    for (int start : {0, static_cast<int>(rng.uniform_int(0, g.node_count() - 1))}) {
      const Point from = g.cell(start);
      const std::map<Point, int64_t> expected = test::reference_rest_costs(rows, m, from);
      const std::vector<uint8_t> reach = reachable_nodes(g, start);
      for (int n = 0; n < g.node_count(); ++n) {
        const Point p = g.cell(n);
        const bool sim_reaches = expected.count(p) != 0;
        ASSERT_EQ(reach[static_cast<size_t>(n)] != 0, sim_reaches)
            << "from " << to_string(from) << " to " << to_string(p);
        if (!sim_reaches) continue;
        const PlatformerRoute r = find_platformer_path(g, from, p);
        ASSERT_TRUE(r.found());
        ASSERT_EQ(r.cost, expected.at(p)) << "from " << to_string(from) << " to " << to_string(p);
        ++compared_nodes;
        for (const Move& mv : r.moves) jumps_used += mv.kind == MoveKind::Jump;
      }
    }
  }
  EXPECT_GE(maps, 300);
  EXPECT_GT(compared_nodes, 3000);
  EXPECT_GT(jumps_used, 100);  // the maps exercise jumps, not only walks
}

// ---- fixtures ----------------------------------------------------------------------------

std::vector<Move> moves_from(const NavGraph& g, Point p) {
  std::vector<Move> out;
  const int n = g.node_at(p);
  if (n < 0) return out;
  for (const NavEdge& e : g.edges(n)) out.push_back(g.move(n, e));
  return out;
}

const Move* find_move(const std::vector<Move>& ms, Point to) {
  for (const Move& m : ms)
    if (m.to == to) return &m;
  return nullptr;
}

TEST(NavGraphTest, NodesAreStandingAndLadderCells) {
  const Dungeon d = read_ascii(
      "#####\n"
      "#..H#\n"
      "#.-H#\n"
      "#..H#\n"
      "#####\n");
  const NavGraph g(d.tiles, MovementModel{});
  EXPECT_LT(g.node_at({1, 1}), 0);  // air over air
  EXPECT_GE(g.node_at({2, 1}), 0);  // on the platform
  EXPECT_GE(g.node_at({3, 1}), 0);  // on the ladder
  EXPECT_GE(g.node_at({1, 3}), 0);  // on the floor
  EXPECT_LT(g.node_at({0, 0}), 0);  // in the wall
  EXPECT_LT(g.node_at({9, 9}), 0);  // off the map
  EXPECT_EQ(g.node_count(), 6);     // (2,1) (3,1) (3,2) (1,3) (2,3) (3,3)
  EXPECT_GT(g.memory_bytes(), 0u);
}

TEST(NavGraphTest, MovesHaveKindsAndCosts) {
  const Dungeon d = read_ascii(
      "########\n"
      "#......#\n"
      "#.H....#\n"
      "#.H###.#\n"
      "#-H#...#\n"
      "#..#...#\n"
      "########\n");
  MovementModel m;
  m.jump_penalty = 2;
  const NavGraph g(d.tiles, m);
  // Ladder top (2,1) stands on the ladder; climbing down; walking off the top to a fall.
  const std::vector<Move> top = moves_from(g, {2, 1});
  ASSERT_NE(find_move(top, {2, 2}), nullptr);
  EXPECT_EQ(find_move(top, {2, 2})->kind, MoveKind::Climb);
  // From the ledge (3,2) walking right along the top of the wall; a fall off its end.
  const std::vector<Move> ledge = moves_from(g, {5, 2});
  ASSERT_NE(find_move(ledge, {6, 5}), nullptr);
  const Move& fall = *find_move(ledge, {6, 5});
  EXPECT_EQ(fall.kind, MoveKind::Fall);
  EXPECT_EQ(fall.cost, 4);  // one across, three down
  EXPECT_EQ(move_cells(fall), (std::vector<Point>{{6, 2}, {6, 3}, {6, 4}, {6, 5}}));
  // Dropping through the platform (1,4) from (1,3).
  const std::vector<Move> plat = moves_from(g, {1, 3});
  ASSERT_NE(find_move(plat, {1, 5}), nullptr);
  EXPECT_EQ(find_move(plat, {1, 5})->kind, MoveKind::Drop);
  EXPECT_EQ(find_move(plat, {1, 5})->cost, 2);
  // A jump back up: from (4,5) onto the ledge (4,2) is a step of 3: rise 3, glide 0? no: the
  // ledge is above (4,3), a wall, so the body cannot rise there; from (6,5) rise 3 and glide.
  const std::vector<Move> floor = moves_from(g, {6, 5});
  const Move* up = find_move(floor, {5, 2});
  ASSERT_NE(up, nullptr);
  EXPECT_EQ(up->kind, MoveKind::Jump);
  EXPECT_EQ(up->rise, 3);
  EXPECT_EQ(up->glide, 1);
  EXPECT_EQ(up->cost, 3 + 1 + 2);
  EXPECT_EQ(move_cells(*up), (std::vector<Point>{{6, 4}, {6, 3}, {6, 2}, {5, 2}}));
}

TEST(NavGraphTest, MaxFallRemovesLongFalls) {
  const char* text =
      "#####\n"
      "#<..#\n"
      "##..#\n"
      "##..#\n"
      "##..#\n"
      "#####\n";
  const Dungeon d = read_ascii(text);
  MovementModel m;
  m.max_fall = 2;
  const NavGraph limited(d.tiles, m);
  EXPECT_EQ(find_move(moves_from(limited, {1, 1}), {2, 4}), nullptr);
  m.max_fall = 3;
  const NavGraph enough(d.tiles, m);
  EXPECT_NE(find_move(moves_from(enough, {1, 1}), {2, 4}), nullptr);
}

TEST(NavGraphTest, BadModelIsRefused) {
  const Dungeon d = read_ascii("###\n#.#\n###\n");
  MovementModel m;
  m.body_height = 3;
  m.jump_height = 0;
  try {
    NavGraph g(d.tiles, m);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "jump_height = 0 (expected 1 to 64); body_height = 3 (expected 1 or 2)");
  }
}

TEST(NavGraphTest, SameMapGivesTheSameGraph) {
  Rng rng(5);
  const Dungeon d = read_ascii(random_map(rng, 30, 20));
  const NavGraph a(d.tiles, MovementModel{}), b(d.tiles, MovementModel{});
  ASSERT_EQ(a.node_count(), b.node_count());
  ASSERT_EQ(a.edge_count(), b.edge_count());
  for (int n = 0; n < a.node_count(); ++n) {
    ASSERT_EQ(a.edges(n).size(), b.edges(n).size());
    for (size_t k = 0; k < a.edges(n).size(); ++k) EXPECT_EQ(a.move(n, a.edges(n)[k]), b.move(n, b.edges(n)[k]));
  }
}

}  // namespace
}  // namespace catacomb
