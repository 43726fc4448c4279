#include <catacomb/io/movingai.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <catacomb/core/error.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

const char* kMap =
    "type octile\n"
    "height 4\n"
    "width 5\n"
    "map\n"
    "@@@@@\n"
    "@.GS@\n"
    "@TOW@\n"
    "@@@@@\n";

const char* kScen =
    "version 1\n"
    "0\tmaps/dao/tiny.map\t5\t4\t1\t1\t3\t1\t2\n"
    "1\ttiny.map\t5\t4\t3\t1\t1\t1\t2.00000000\n";

// The message of the InvalidArgument that `f` throws ("" if it does not throw one).
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const InvalidArgument& e) { return e.what(); }
  return "";
}

TEST(MovingAiTest, ReadsPassableAndBlockedCharacters) {
  Grid<Terrain> g = read_movingai_map(kMap);
  ASSERT_EQ(g.width(), 5);
  ASSERT_EQ(g.height(), 4);
  EXPECT_EQ(g(0, 0), Terrain::Wall);
  EXPECT_EQ(g(1, 1), Terrain::Floor);  // '.'
  EXPECT_EQ(g(2, 1), Terrain::Floor);  // 'G'
  EXPECT_EQ(g(3, 1), Terrain::Floor);  // 'S'
  EXPECT_EQ(g(1, 2), Terrain::Wall);   // 'T'
  EXPECT_EQ(g(2, 2), Terrain::Wall);   // 'O'
  EXPECT_EQ(g(3, 2), Terrain::Wall);   // 'W'
}

TEST(MovingAiTest, WritesDotsAndAtsThatReadBackTheSame) {
  Grid<Terrain> g = read_movingai_map(kMap);
  const std::string text = write_movingai_map(g, CostTable::uniform());
  EXPECT_EQ(text,
            "type octile\nheight 4\nwidth 5\nmap\n"
            "@@@@@\n@...@\n@@@@@\n@@@@@\n");
  EXPECT_EQ(read_movingai_map(text), g);
}

TEST(MovingAiTest, WriterUsesTheCostTableForPassability) {
  Grid<Terrain> g(3, 1, Terrain::Floor);
  g(1, 0) = Terrain::Water;
  g(2, 0) = Terrain::Wall;
  CostTable costs = CostTable::dungeon();
  EXPECT_EQ(write_movingai_map(g, costs), "type octile\nheight 1\nwidth 3\nmap\n..@\n");
  costs.set(Terrain::Water, CostTable::kImpassable);
  EXPECT_EQ(write_movingai_map(g, costs), "type octile\nheight 1\nwidth 3\nmap\n.@@\n");
}

TEST(MovingAiTest, AcceptsCrLfAndTrailingBlankLines) {
  Grid<Terrain> g = read_movingai_map("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n\r\n\n");
  EXPECT_EQ(g.width(), 2);
  EXPECT_EQ(g(0, 0), Terrain::Floor);
  EXPECT_EQ(g(1, 0), Terrain::Wall);
}

TEST(MovingAiTest, MapErrorsNameTheLineAndWhatWasExpected) {
  EXPECT_EQ(error_of([] { read_movingai_map("type hex\nheight 1\nwidth 1\nmap\n.\n"); }),
            "movingai map line 1 = 'type hex' (expected 'type octile')");
  EXPECT_EQ(error_of([] { read_movingai_map("type octile\nheight x\nwidth 1\nmap\n.\n"); }),
            "movingai map line 2 = 'height x' (expected 'height N' with N from 1 to 16384)");
  EXPECT_EQ(error_of([] { read_movingai_map("type octile\nheight 1\nwidth 0\nmap\n.\n"); }),
            "movingai map line 3 = 'width 0' (expected 'width N' with N from 1 to 16384)");
  EXPECT_EQ(error_of([] { read_movingai_map("type octile\nheight 1\nwidth 1\nmop\n.\n"); }),
            "movingai map line 4 = 'mop' (expected 'map')");
  EXPECT_EQ(error_of([] { read_movingai_map("type octile\nheight 2\nwidth 3\nmap\n...\n..\n"); }),
            "movingai map line 6 length = 2 (expected 3, the width)");
  EXPECT_EQ(error_of([] { read_movingai_map("type octile\nheight 3\nwidth 3\nmap\n...\n...\n"); }),
            "movingai map line 7 = end of file (expected 3 rows, found 2)");
  EXPECT_EQ(error_of([] { read_movingai_map("type octile\nheight 1\nwidth 3\nmap\n.#.\n"); }),
            "movingai map line 5 column 2 = '#' (expected one of . G S @ O T W)");
  EXPECT_EQ(error_of([] { read_movingai_map("type octile\nheight 1\nwidth 1\nmap\n.\n.\n"); }),
            "movingai map line 6 = '.' (expected the end of the file after 1 rows)");
  EXPECT_EQ(error_of([] { read_movingai_map(""); }), "movingai map line 1 = end of file (expected 'type octile')");
}

TEST(MovingAiTest, ReadsWidthBeforeHeightToo) {
  Grid<Terrain> g = read_movingai_map("type octile\nwidth 3\nheight 1\nmap\n..@\n");
  EXPECT_EQ(g.width(), 3);
  EXPECT_EQ(g.height(), 1);
}

TEST(MovingAiTest, ReadsEveryScenarioField) {
  auto s = read_scenarios(kScen);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].bucket, 0);
  EXPECT_EQ(s[0].map, "maps/dao/tiny.map");
  EXPECT_EQ(s[0].map_width, 5);
  EXPECT_EQ(s[0].map_height, 4);
  EXPECT_EQ(s[0].start, (Point{1, 1}));
  EXPECT_EQ(s[0].goal, (Point{3, 1}));
  EXPECT_EQ(s[0].optimal_length, 2.0);
  EXPECT_EQ(s[1].bucket, 1);
  EXPECT_EQ(s[1].map, "tiny.map");
  EXPECT_EQ(s[1].start, (Point{3, 1}));
}

TEST(MovingAiTest, ScenariosSkipBlankLinesAndAcceptSpacesAndVersionOnePointZero) {
  auto s = read_scenarios("version 1.0\r\n\r\n0 a.map 5 4 1 1 3 1 2\n\n\n");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].map, "a.map");
  EXPECT_EQ(read_scenarios("version 1\n").size(), 0u);
}

TEST(MovingAiTest, ScenarioErrorsNameTheLineNumber) {
  EXPECT_EQ(error_of([] { read_scenarios("version 2\n"); }),
            "movingai scenario line 1 = 'version 2' (expected 'version 1')");
  EXPECT_EQ(error_of([] { read_scenarios("version 1\n0\ta.map\t5\t4\t1\t1\t3\t1\n"); }),
            "movingai scenario line 2 fields = 8 (expected 9: bucket, map, width, height, start x, start y, "
            "goal x, goal y, optimal length)");
  EXPECT_EQ(error_of([] { read_scenarios("version 1\n\n0\ta.map\t5\t4\tx\t1\t3\t1\t2\n"); }),
            "movingai scenario line 3 start_x = 'x' (expected an integer from 0 to 4)");
  EXPECT_EQ(error_of([] { read_scenarios("version 1\n0\ta.map\t5\t4\t1\t4\t3\t1\t2\n"); }),
            "movingai scenario line 2 start_y = '4' (expected an integer from 0 to 3)");
  EXPECT_EQ(error_of([] { read_scenarios("version 1\n0\ta.map\t5\t4\t1\t1\t3\t1\tfar\n"); }),
            "movingai scenario line 2 optimal_length = 'far' (expected a finite number >= 0)");
  EXPECT_EQ(error_of([] { read_scenarios("version 1\n0\ta.map\t0\t4\t1\t1\t3\t1\t2\n"); }),
            "movingai scenario line 2 width = '0' (expected an integer from 1 to 16384)");
}

TEST(MovingAiTest, LoadersReportUnreadableFilesAsIoErrorsAndPrefixParseErrorsWithThePath) {
  test::TempDir dir;
  EXPECT_THROW(load_movingai_map(dir.file("missing.map")), IoError);
  EXPECT_THROW(load_scenarios(dir.file("missing.map.scen")), IoError);
  std::ofstream(dir.file("bad.map")) << "type octile\nheight 1\nwidth 1\nmap\nx\n";
  EXPECT_EQ(error_of([&] { load_movingai_map(dir.file("bad.map")); }),
            dir.file("bad.map") + ": movingai map line 5 column 1 = 'x' (expected one of . G S @ O T W)");
}

TEST(MovingAiTest, ReadsTheSharedBenchmarkFiles) {
  const std::string dir = test::movingai_dir();
  if (dir.empty()) GTEST_SKIP() << "no Moving AI data";
  Grid<Terrain> g = load_movingai_map(dir + "/maps/arena2.map");
  EXPECT_EQ(g.width(), 281);
  EXPECT_EQ(g.height(), 209);
  int passable = 0;
  for (Terrain t : g.cells()) passable += t == Terrain::Floor;
  EXPECT_EQ(passable, 24311);  // as the data's README counts
  auto hog2 = load_scenarios(dir + "/scen/arena2.map.scen");
  auto web = load_scenarios(dir + "/scen-web/arena2.map.scen");
  EXPECT_EQ(hog2.size(), 929u);
  EXPECT_EQ(web.size(), 910u);
  EXPECT_EQ(hog2.front().map, "maps/dao/arena2.map");
  EXPECT_EQ(web.front().map, "arena2.map");
  EXPECT_EQ(web.front().optimal_length, 3.82842712);
  for (const auto& s : hog2) {
    EXPECT_EQ(g[s.start], Terrain::Floor);
    EXPECT_EQ(g[s.goal], Terrain::Floor);
  }
}

}  // namespace
}  // namespace catacomb
