#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <catacomb/core/atomic_file.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using test::run_cli;

const char* kMap =
    "#######\n"
    "#.....#\n"
    "#.###.#\n"
    "#.....#\n"
    "#######\n";

TEST(PathCommandTest, JsonHasFoundCostLengthExpandedAndPath) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), kMap);
  auto r = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "5,1", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["found"], true);
  EXPECT_EQ(j["cost"], 4.0);
  EXPECT_EQ(j["length"], 4);
  EXPECT_GT(j["expanded"].get<int>(), 0);
  ASSERT_EQ(j["path"].size(), 5u);
  EXPECT_EQ(j["path"][0], nlohmann::json::array({1, 1}));
  EXPECT_EQ(j["path"][4], nlohmann::json::array({5, 1}));
}

// --keys: a player without key 2 cannot pass door 2; with it (or --all-keys) the route lists the
// door it opens. Without either flag the locked door is walked as a door tile, as before.
TEST(PathCommandTest, KeysDecideWhichLockedDoorsARoutePasses) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), "#########\n#<.bB..>#\n#########\n\nkey-rule: reusable\n");
  auto no_key = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "7,1", "--keys", "1,3", "--json"});
  EXPECT_EQ(no_key.code, 1) << no_key.err;
  EXPECT_EQ(nlohmann::json::parse(no_key.out)["found"], false);
  auto with_key = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "7,1", "--keys", "2", "--json"});
  ASSERT_EQ(with_key.code, 0) << with_key.err;
  const auto j = nlohmann::json::parse(with_key.out);
  ASSERT_EQ(j["doors_opened"].size(), 1u);
  EXPECT_EQ(j["doors_opened"][0], nlohmann::json::parse(R"({"x":4,"y":1,"lock":2})"));
  auto all = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "7,1", "--all-keys"});
  ASSERT_EQ(all.code, 0) << all.err;
  EXPECT_NE(all.out.find("opens door 2 at 4,1"), std::string::npos) << all.out;
  auto plain = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "7,1", "--json"});
  EXPECT_EQ(plain.code, 0);
  EXPECT_FALSE(nlohmann::json::parse(plain.out).contains("doors_opened"));
  auto bad = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "7,1", "--keys", "0"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--keys = 0 (expected lock ids 1 to 9"), std::string::npos) << bad.err;
}

// --switches: a gate of switch 2 is shut until switch 2 is on; with --keys both count; a bad id
// is refused naming the flag.
TEST(PathCommandTest, SwitchesDecideWhichGatesARoutePasses) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), "#########\n#<..K.>1#\n#########\n\n1: switch 2\n");
  auto shut = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "6,1", "--switches", "1,3", "--json"});
  EXPECT_EQ(shut.code, 1) << shut.err;
  EXPECT_EQ(nlohmann::json::parse(shut.out)["found"], false);
  auto open = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "6,1", "--switches", "2"});
  EXPECT_EQ(open.code, 0) << open.err;
  auto none = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "6,1", "--switches", "none", "--keys", "2"});
  EXPECT_EQ(none.code, 1) << none.err;
  auto bad = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "6,1", "--switches", "10"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--switches = 10 (expected switch ids 1 to 9"), std::string::npos) << bad.err;
}

TEST(PathCommandTest, NoRouteExitsOne) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), "#####\n#.#.#\n#####\n");
  auto r = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "3,1", "--json"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(nlohmann::json::parse(r.out)["found"], false);
}

TEST(PathCommandTest, BadCoordinatesAreRefused) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), kMap);
  auto off = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "50,1"});
  EXPECT_EQ(off.code, 2);
  EXPECT_NE(off.err.find("--to = 50,1 (expected inside the 7x5 map)"), std::string::npos) << off.err;
  auto junk = run_cli({"path", dir.file("m.txt"), "--from", "1;1", "--to", "5,1"});
  EXPECT_EQ(junk.code, 2);
  EXPECT_NE(junk.err.find("--from = 1;1 (expected X,Y"), std::string::npos) << junk.err;
  auto alg = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "5,1", "--algorithm", "magic"});
  EXPECT_EQ(alg.code, 2);
}

TEST(PathCommandTest, PngShowsTheSearch) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), kMap);
  auto r = run_cli({"path", dir.file("m.txt"), "--from", "1,1", "--to", "5,3", "--png", dir.file("s.png"),
                    "--algorithm", "dijkstra"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto png = test::decode_png(test::slurp(dir.file("s.png")));
  EXPECT_EQ(png.width, 28);
  EXPECT_EQ(png.height, 20);
}

TEST(PathCommandTest, EveryAlgorithmFindsARouteOnAMovingAiMap) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.map"), "type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n");
  for (const char* a : {"astar", "dijkstra", "bfs", "greedy", "jps"}) {
    auto r = run_cli({"path", dir.file("m.map"), "--from", "0,1", "--to", "4,1", "--algorithm", a, "--json"});
    ASSERT_EQ(r.code, 0) << a << ": " << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["found"], true) << a;
  }
}

}  // namespace
}  // namespace catacomb
