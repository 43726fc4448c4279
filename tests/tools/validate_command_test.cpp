#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <catacomb/core/atomic_file.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using test::run_cli;

TEST(ValidateCommandTest, ValidMapExitsZeroAndReportsObjectives) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), "#####\n#<.>#\n#####\n");
  auto r = run_cli({"validate", dir.file("m.txt"), "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["valid"], true);
  EXPECT_EQ(j["regions"], 1);
  ASSERT_EQ(j["objectives"].size(), 2u);
  EXPECT_EQ(j["objectives"][1]["kind"], "exit");
  EXPECT_EQ(j["objectives"][1]["reachable"], true);
  EXPECT_EQ(j["objectives"][1]["cost"], 2.0);
  EXPECT_EQ(j["objectives"][1]["length"], 2);
  EXPECT_TRUE(j["problems"].empty());
}

TEST(ValidateCommandTest, BrokenMapExitsOneWithEveryReason) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), "#######\n#<.#.>#\n#######\n");
  auto r = run_cli({"validate", dir.file("m.txt")});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("INVALID"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exit at 5,1 cannot be reached from the start at 1,1"), std::string::npos) << r.out;
}

TEST(ValidateCommandTest, JsonMapWithObjectiveOffTheMapIsInvalid) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.json"), R"({"format": "catacomb-map", "version": 1, "width": 3, "height": 1,
    "tiles": ["..."], "objectives": [{"kind": "start", "x": 0, "y": 0}, {"kind": "exit", "x": 9, "y": 0}]})");
  auto r = run_cli({"validate", dir.file("m.json"), "--json"});
  EXPECT_EQ(r.code, 1);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["problems"][0]["kind"], "off-map");
}

TEST(ValidateCommandTest, PngShowsTheReport) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), "#######\n#<.#.>#\n#######\n");
  auto r = run_cli({"validate", dir.file("m.txt"), "--png", dir.file("v.png"), "--scale", "8"});
  EXPECT_EQ(r.code, 1);
  auto png = test::decode_png(test::slurp(dir.file("v.png")));
  EXPECT_GE(png.width, 56);
  EXPECT_GT(png.height, 24);  // the map, then the legend strip
  auto bad = run_cli({"validate", dir.file("m.txt"), "--png", dir.file("w.png"), "--overlay", "regions,lava"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--overlay = lava"), std::string::npos) << bad.err;
  EXPECT_FALSE(test::file_exists(dir.file("w.png")));
}

TEST(ValidateCommandTest, ReportsLoopsDeadEndsAndChokepoints) {
  test::TempDir dir;
  // A ring round a pillar (one loop) with a corridor to the exit: the corridor's cells are
  // chokepoints; the dead ends are the stub at the bottom and the exit at the corridor's end.
  write_file_atomic(dir.file("m.txt"),
                    "#########\n"
                    "#<..#####\n"
                    "#.#.....#\n"
                    "#...###>#\n"
                    "##.######\n"
                    "#########\n");
  auto r = run_cli({"validate", dir.file("m.txt"), "--json", "--neighbors", "4"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["loops"], 1);
  EXPECT_EQ(j["dead_ends"], nlohmann::json::parse("[[7, 3], [2, 4]]"));
  EXPECT_EQ(j["chokepoints"], nlohmann::json::parse("[[3, 2], [4, 2], [5, 2], [6, 2], [7, 2]]"));
}

TEST(ValidateCommandTest, BadInputExitsTwoAndMissingFileThree) {
  test::TempDir dir;
  write_file_atomic(dir.file("bad.txt"), "##\n#x\n");
  auto bad = run_cli({"validate", dir.file("bad.txt")});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("line 2 column 2: character 'x'"), std::string::npos) << bad.err;
  auto missing = run_cli({"validate", dir.file("nope.txt")});
  EXPECT_EQ(missing.code, 3);
  EXPECT_NE(missing.err.find("nope.txt"), std::string::npos);
}

// Two rooms joined by one doorway: each is a dead-end room (one way in and out), which the text
// report counts beside the dead-end cells and the JSON report states.
TEST(ValidateCommandTest, ReportsDeadEndRooms) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.json"), R"({"format": "catacomb-map", "version": 1, "width": 10, "height": 5,
    "tiles": ["##########", "#...#....#", "#........#", "#...#....#", "##########"],
    "objectives": [{"kind": "start", "x": 1, "y": 1}, {"kind": "exit", "x": 8, "y": 3}],
    "rooms": [{"x": 1, "y": 1, "width": 3, "height": 3}, {"x": 5, "y": 1, "width": 4, "height": 3}]})");
  auto r = run_cli({"validate", dir.file("m.json")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find(" dead ends, 2 dead-end rooms, "), std::string::npos) << r.out;
  auto j = run_cli({"validate", dir.file("m.json"), "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  EXPECT_EQ(nlohmann::json::parse(j.out)["dead_end_rooms"], 2);
  // A map without rooms says nothing of them.
  write_file_atomic(dir.file("m.txt"), "#####\n#<.>#\n#####\n");
  EXPECT_EQ(run_cli({"validate", dir.file("m.txt")}).out.find("dead-end room"), std::string::npos);
}

TEST(ValidateCommandTest, GeneratedDungeonsValidate) {
  test::TempDir dir;
  for (const char* g : {"rooms", "caves"}) {
    auto gen = run_cli({"generate", "--generator", g, "--seed", "11", "--json", dir.file("d.json")});
    ASSERT_EQ(gen.code, 0) << gen.err;
    auto r = run_cli({"validate", dir.file("d.json")});
    EXPECT_EQ(r.code, 0) << r.out << r.err;
  }
}

}  // namespace
}  // namespace catacomb
