// Whether a side-view level can be lost (src/platformer/level_loss.cpp, issue #48) against a brute
// force written from the rules (support/reference/reference_platformer_loss.hpp): hand-made levels
// with one right answer, and thousands of random small levels.
#include "platformer/level_loss.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include "support/reference/reference_platformer_loss.hpp"

namespace catacomb {
namespace {

using platformer_loss::LevelLoss;
using platformer_loss::prove_level_unlosable;

MovementModel model(int jump_height, int jump_distance = 4) {
  MovementModel m;
  m.jump_height = jump_height;
  m.jump_distance = jump_distance;
  return m;
}

LevelLoss prove(const char* text, const MovementModel& m) {
  const Dungeon d = read_ascii(text);
  const NavGraph g(d.tiles, m);
  return prove_level_unlosable(d, g, 1000000);
}

// A ledge with a treasure above a pit the body cannot climb out of, the exit beside the pit's
// rim: whoever drops into the pit before taking the treasure... cannot get out at all; with the
// exit in the pit, whoever drops in before taking the treasure loses it.
TEST(PlatformerLossTest, ATreasureLeftAboveAPitIsLostByDroppingIn) {
  const char* exit_below =
      "##########\n"
      "#1.......#\n"
      "####.....#\n"
      "#<.......#\n"
      "######...#\n"
      "#######..#\n"
      "#######..#\n"
      "#######.>#\n"
      "##########\n";
  // Jump height 2: the start climbs to the treasure's ledge (2 rows up), the pit (4 deep) is a
  // drop with no way back.
  const LevelLoss a = prove(exit_below, model(2));
  EXPECT_TRUE(a.completable);
  EXPECT_EQ(a.status, LossStatus::Losable);
  EXPECT_GT(a.softlock_states, 0);
  EXPECT_FALSE(a.way_in.empty());
  EXPECT_NE(a.message.find("the level can no longer be finished"), std::string::npos) << a.message;
  // Jump height 5 climbs back out of the pit: nothing is lost.
  const LevelLoss b = prove(exit_below, model(5));
  EXPECT_TRUE(b.completable);
  EXPECT_EQ(b.status, LossStatus::Unlosable);
  EXPECT_EQ(b.softlock_states, 0);
}

// The brute force agrees on random small levels: walls, ladders and platforms at random, the
// start, exit and 0-3 treasures on random resting cells, jump height 1-4 and distance 0-4 (8,000 levels).
TEST(PlatformerLossTest, AgreesWithABruteForceOnRandomSmallLevels) {
  int compared = 0, losable = 0, unlosable = 0, not_completable = 0, mismatches = 0;
  std::vector<std::string> reports;
  for (int i = 0; i < 8000; ++i) {
    Rng rng(0x51DE5EEDu + static_cast<uint64_t>(i));
    const int w = static_cast<int>(rng.uniform_int(6, 11)), h = static_cast<int>(rng.uniform_int(5, 9));
    Dungeon d;
    d.tiles = Grid<Terrain>(w, h, Terrain::Floor);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
          d.tiles(x, y) = Terrain::Wall;
          continue;
        }
        const double r = rng.uniform_real();
        if (r < 0.22) d.tiles(x, y) = Terrain::Wall;
        else if (r < 0.27) d.tiles(x, y) = Terrain::Ladder;
        else if (r < 0.31) d.tiles(x, y) = Terrain::Platform;
      }
    const NavGraph g(d.tiles, model(static_cast<int>(rng.uniform_int(1, 4)), static_cast<int>(rng.uniform_int(0, 4))));
    if (g.node_count() < 3) continue;
    std::vector<int> used;
    auto node = [&] {
      for (;;) {
        const int n = static_cast<int>(rng.uniform_int(0, g.node_count() - 1));
        if (std::find(used.begin(), used.end(), n) == used.end() ||
            used.size() >= static_cast<size_t>(g.node_count())) {
          used.push_back(n);
          return g.cell(n);
        }
      }
    };
    d.objectives.push_back({ObjectiveKind::Start, node()});
    d.objectives.push_back({ObjectiveKind::Exit, node()});
    const int treasures = static_cast<int>(rng.uniform_int(0, std::min(3, g.node_count() - 2)));
    for (int t = 0; t < treasures; ++t) d.objectives.push_back({ObjectiveKind::Treasure, node()});
    const LevelLoss mine = prove_level_unlosable(d, g, 1000000);
    const test::BruteLevelLoss brute = test::brute_force_level_loss(d, g);
    ++compared;
    if (!brute.completable) ++not_completable;
    else if (brute.unlosable) ++unlosable;
    else ++losable;
    const bool mine_unlosable = mine.status == LossStatus::Unlosable;
    if (mine.completable != brute.completable || mine_unlosable != (brute.completable && brute.unlosable) ||
        mine.status == LossStatus::NotProven) {
      ++mismatches;
      if (reports.size() < 5)
        reports.push_back("level " + std::to_string(i) + ": proof completable " + std::to_string(mine.completable) +
                          " status " + std::to_string(static_cast<int>(mine.status)) + "; brute force completable " +
                          std::to_string(brute.completable) + " unlosable " + std::to_string(brute.unlosable));
    }
  }
  std::cout << "[platformer loss] " << compared << " levels: " << unlosable << " unlosable, " << losable << " losable, "
            << not_completable << " not completable; mismatches " << mismatches << "\n";
  for (const std::string& r : reports) ADD_FAILURE() << r;
  EXPECT_EQ(mismatches, 0);
  EXPECT_GE(compared, 7000);
  EXPECT_GE(losable, 150) << "the comparison needs levels that can be lost";
  EXPECT_GE(unlosable, 100);
}

}  // namespace
}  // namespace catacomb
