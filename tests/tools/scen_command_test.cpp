#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/test_support.hpp"

namespace catacomb {
namespace {

using test::run_cli;
using test::run_exe;

// A 6x4 map with a wall in the middle: (1,1) to (4,1) goes around it.
const char* kMap =
    "type octile\n"
    "height 4\n"
    "width 6\n"
    "map\n"
    "@@@@@@\n"
    "@.@..@\n"
    "@....@\n"
    "@@@@@@\n";

// Lengths as the hog2 edition prints them (6 significant digits).
const char* kScen =
    "version 1\n"
    "0\tmaps/rooms/tiny.map\t6\t4\t1\t1\t4\t1\t4.41421\n"
    "0\tmaps/rooms/tiny.map\t6\t4\t1\t2\t4\t2\t3\n"
    "0\tmaps/rooms/tiny.map\t6\t4\t3\t1\t3\t1\t0\n";

void write(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// The shared layout: <dir>/scen/tiny.map.scen and <dir>/maps/tiny.map.
struct Layout {
  test::TempDir dir;
  std::string scen = dir.file("scen/tiny.map.scen");
  std::string map = dir.file("maps/tiny.map");
  explicit Layout(const std::string& scen_text = kScen) {
    write(scen, scen_text);
    write(map, kMap);
  }
};

TEST(ScenCommandTest, MatchesEveryProblemAndFindsTheMapInTheSiblingMapsFolder) {
  Layout l;
  for (const char* algorithm : {"astar", "dijkstra", "jps"}) {
    auto r = run_cli({"scen", l.scen, "--algorithm", algorithm});
    ASSERT_EQ(r.code, 0) << algorithm << ": " << r.err << r.out;
    EXPECT_NE(r.out.find("matched:   3 of 3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("maps/tiny.map"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(std::string("algorithm: ") + algorithm), std::string::npos) << r.out;
  }
}

TEST(ScenCommandTest, FindsTheMapNextToTheScenarioFileFirst) {
  test::TempDir dir;
  write(dir.file("tiny.map.scen"), kScen);
  write(dir.file("tiny.map"), kMap);
  auto r = run_cli({"scen", dir.file("tiny.map.scen"), "--algorithm", "jps"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find(dir.file("tiny.map")), std::string::npos) << r.out;
}

TEST(ScenCommandTest, PrintsOneJsonObjectWithTheReportKeysInOrder) {
  Layout l;
  auto r = run_cli({"scen", l.scen, "--map", l.map, "--algorithm", "jps", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::ordered_json::parse(r.out);
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"problems", "matched", "mismatched", "mean_us", "median_us",
                                            "mean_expanded", "algorithm", "map", "mismatches"}));
  EXPECT_EQ(j["problems"], 3);
  EXPECT_EQ(j["matched"], 3);
  EXPECT_EQ(j["mismatched"], 0);
  EXPECT_EQ(j["algorithm"], "jps");
  EXPECT_EQ(j["map"], l.map);
  EXPECT_GE(j["mean_us"].get<double>(), 0.0);
  EXPECT_GT(j["mean_expanded"].get<double>(), 0.0);
  EXPECT_TRUE(j["mismatches"].empty());
}

TEST(ScenCommandTest, ExitsWithOneAndListsTheProblemsThatDoNotMatch) {
  Layout l(
      "version 1\n"
      "0\ttiny.map\t6\t4\t1\t1\t4\t1\t4.41421\n"
      "0\ttiny.map\t6\t4\t1\t2\t4\t2\t3.5\n");  // wrong: the true length is 3
  auto r = run_cli({"scen", l.scen, "--algorithm", "jps"});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.out.find("matched:   1 of 2 (relative tolerance 1e-5), 1 mismatched"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("mismatch:  problem 2 1,2 -> 4,2: optimal 3.50000000, got 3.00000000"), std::string::npos)
      << r.out;
  auto j = run_cli({"scen", l.scen, "--json"});
  EXPECT_EQ(j.code, 1);
  const auto json = nlohmann::ordered_json::parse(j.out);
  EXPECT_EQ(json["mismatched"], 1);
  ASSERT_EQ(json["mismatches"].size(), 1u);
  EXPECT_EQ(json["mismatches"][0]["problem"], 2);
  EXPECT_EQ(json["mismatches"][0]["start"], nlohmann::ordered_json::array({1, 2}));
  EXPECT_EQ(json["mismatches"][0]["status"], "found");
}

TEST(ScenCommandTest, GreedyIsReportedAsNotOptimal) {
  // Greedy is not optimal in general: the report says how it fared and the exit code agrees.
  Layout l(
      "version 1\n"
      "0\ttiny.map\t6\t4\t1\t1\t4\t1\t4.41421\n");
  auto r = run_cli({"scen", l.scen, "--algorithm", "greedy", "--json"});
  const auto j = nlohmann::ordered_json::parse(r.out);
  EXPECT_EQ(r.code, j["mismatched"] == 0 ? 0 : 1);
  EXPECT_EQ(j["algorithm"], "greedy");
}

TEST(ScenCommandTest, AnImpassableEndpointIsAMismatch) {
  Layout l(
      "version 1\n"
      "0\ttiny.map\t6\t4\t2\t1\t4\t1\t1\n");  // (2,1) is a wall
  auto r = run_cli({"scen", l.scen, "--algorithm", "jps"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("got start-blocked"), std::string::npos) << r.out;
}

TEST(ScenCommandTest, AnEmptyScenarioFileHasNothingToCheck) {
  Layout l("version 1\n");
  auto r = run_cli({"scen", l.scen, "--json"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::ordered_json::parse(r.out)["problems"], 0);
}

TEST(ScenCommandTest, BadInputExitsWithTwoAndUnreadableFilesWithThree) {
  Layout l;
  test::TempDir other;
  // Missing scenario file, missing map: I/O.
  auto r = run_exe({"scen", other.file("none.map.scen")});
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("none.map.scen"), std::string::npos) << r.err;
  write(other.file("lonely.map.scen"), kScen);
  r = run_exe({"scen", other.file("lonely.map.scen")});
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("--map"), std::string::npos) << r.err;
  r = run_exe({"scen", l.scen, "--map", other.file("none.map")});
  EXPECT_EQ(r.code, 3) << r.err;
  // Malformed scenario file, malformed map, map of the wrong size, bad flags: usage.
  write(other.file("bad.map.scen"), "version 1\n0\ttiny.map\t6\t4\t1\t1\t4\n");
  r = run_exe({"scen", other.file("bad.map.scen"), "--map", l.map});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("movingai scenario line 2 fields = 7"), std::string::npos) << r.err;
  write(other.file("bad.map"), "type octile\nheight 4\nwidth 6\nmap\n@@@@@@\n");
  r = run_exe({"scen", l.scen, "--map", other.file("bad.map")});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("movingai map line 6 = end of file"), std::string::npos) << r.err;
  write(other.file("small.map"), "type octile\nheight 1\nwidth 2\nmap\n..\n");
  r = run_exe({"scen", l.scen, "--map", other.file("small.map")});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("size = 2x1 (expected 6x4"), std::string::npos) << r.err;
  EXPECT_EQ(run_exe({"scen", l.scen, "--algorithm", "teleport"}).code, 2);
  EXPECT_EQ(run_exe({"scen"}).code, 2);
  EXPECT_EQ(run_exe({"scen", l.scen, "--bogus"}).code, 2);
  for (const auto& e : {run_exe({"scen", l.scen, "--algorithm", "teleport"}), run_exe({"scen"})})
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;  // one line
}

TEST(ScenCommandTest, HelpShowsAnExample) {
  auto r = run_cli({"scen", "--help"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Example:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("catacomb scen "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--algorithm"), std::string::npos) << r.out;
}

// The shared benchmark files, run as the real executable.

nlohmann::json run_shared(const std::string& scen, const std::string& algorithm) {
  auto r = run_exe({"scen", scen, "--algorithm", algorithm, "--json"});
  EXPECT_EQ(r.code, 0) << scen << ": " << r.err << r.out;
  return r.out.empty() ? nlohmann::json{} : nlohmann::json::parse(r.out);
}

// The whole hog2 edition (34,356 problems; the web edition is checked by `catacomb scen` by hand).
// The files run as separate processes, one per core, the largest first, so that the check takes
// about as long as the largest file (maze512-1-0, 11,960 long maze problems).
TEST(ScenCommandTest, JpsMatchesEveryProblemOfEverySharedScenarioFile) {
  const std::string dir = test::movingai_dir();
  if (dir.empty()) GTEST_SKIP() << "no Moving AI data";
  const std::vector<std::string> names = {"maze512-1-0", "random512-25-0", "maze512-4-0", "random512-10-0",
                                          "16room_000",  "brc202d",        "32room_000",  "lak303d",
                                          "arena2",      "den520d"};
  std::vector<nlohmann::json> results(names.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    while (true) {
      const size_t i = next++;
      if (i >= names.size()) return;
      results[i] = run_shared(dir + "/scen/" + names[i] + ".map.scen", "jps");
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::max(1u, std::thread::hardware_concurrency()); ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  int64_t problems = 0;
  for (size_t i = 0; i < names.size(); ++i) {
    const auto& j = results[i];
    ASSERT_FALSE(j.is_null()) << names[i];
    EXPECT_EQ(j["mismatched"], 0) << names[i] << ": " << j["mismatches"].dump();
    EXPECT_EQ(j["matched"], j["problems"]) << names[i];
    problems += j["problems"].get<int64_t>();
  }
  EXPECT_EQ(problems, 34356);  // 929 + 888 + 2519 + 1060 + 1860 + 1900 + 11960 + 9730 + 1670 + 1840
}

// The Navigator (landmarks and jump point search) on all 49,166 problems: both editions of every
// shared scenario file, one process per file as above.
TEST(ScenCommandTest, TheNavigatorMatchesEveryProblemOfBothEditions) {
  const std::string dir = test::movingai_dir();
  if (dir.empty()) GTEST_SKIP() << "no Moving AI data";
  const std::vector<std::string> files = {"scen/maze512-1-0",
                                          "scen/random512-25-0",
                                          "scen/maze512-4-0",
                                          "scen/random512-10-0",
                                          "scen-web/maze512-1-0",
                                          "scen-web/arena2",
                                          "scen-web/random512-10-0",
                                          "scen/16room_000",
                                          "scen/brc202d",
                                          "scen/32room_000",
                                          "scen/lak303d",
                                          "scen/arena2",
                                          "scen/den520d"};
  std::vector<nlohmann::json> results(files.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    while (true) {
      const size_t i = next++;
      if (i >= files.size()) return;
      results[i] = run_shared(dir + "/" + files[i] + ".map.scen", "navigator");
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::max(1u, std::thread::hardware_concurrency()); ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  int64_t problems = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    const auto& j = results[i];
    ASSERT_FALSE(j.is_null()) << files[i];
    EXPECT_EQ(j["mismatched"], 0) << files[i] << ": " << j["mismatches"].dump();
    EXPECT_EQ(j["matched"], j["problems"]) << files[i];
    problems += j["problems"].get<int64_t>();
  }
  EXPECT_EQ(problems, 49166);
}

TEST(ScenCommandTest, AStarMatchesEveryProblemOfTheArena2WebEdition) {
  const std::string dir = test::movingai_dir();
  if (dir.empty()) GTEST_SKIP() << "no Moving AI data";
  const auto j = run_shared(dir + "/scen-web/arena2.map.scen", "astar");
  EXPECT_EQ(j["problems"], 910);
  EXPECT_EQ(j["matched"], 910);
}

}  // namespace
}  // namespace catacomb
