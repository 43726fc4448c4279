// `path` and `validate` with --movement platformer: the hand-made levels of issue 13 judged by
// the CLI with the flags stated, the pit under "softlocks", a route with a jump across a gap.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <catacomb/core/atomic_file.hpp>
#include "platformer/levels.hpp"
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using test::run_cli;
namespace lv = test::levels;

struct Case {
  const char* name;
  const char* map;
  std::vector<std::string> flags;
  int code;  // 0 valid, 1 invalid
};

TEST(PlatformerCliTest, HandMadeLevelsAreJudgedRight) {
  test::TempDir dir;
  const Case cases[] = {
      {"step of H", lv::kStep3, {"--jump-height", "3"}, 0},
      {"step of H+1", lv::kStep3, {"--jump-height", "2"}, 1},
      {"step 4, H 3", lv::kStep4, {"--jump-height", "3"}, 1},
      {"gap of D", lv::kGap4, {"--jump-distance", "4", "--allow-softlocks"}, 0},
      {"gap of D, a fall into it loses", lv::kGap4, {"--jump-distance", "4"}, 1},
      {"gap of D+1", lv::kGap5, {"--jump-distance", "4"}, 1},
      {"tunnel, body 1", lv::kTunnel, {"--body-height", "1"}, 0},
      {"tunnel, body 2", lv::kTunnel, {"--body-height", "2"}, 1},
      {"ledge by ladder", lv::kLadderLedge, {}, 0},
      {"ledge without ladder", lv::kNoLadderLedge, {}, 1},
      {"one-way platform", lv::kPlatform, {}, 0},
      {"solid shelf", lv::kSolidShelf, {}, 1},
      {"pit 4 deep, softlocks allowed", lv::kPit4, {"--allow-softlocks"}, 0},
      {"pit 4 deep", lv::kPit4, {}, 1},
      {"pit 4 deep, strict", lv::kPit4, {"--strict", "--allow-softlocks"}, 1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    write_file_atomic(dir.file("m.txt"), c.map);
    std::vector<std::string> args{"validate", dir.file("m.txt"), "--movement", "platformer", "--json"};
    args.insert(args.end(), c.flags.begin(), c.flags.end());
    const test::CliResult r = run_cli(args);
    EXPECT_EQ(r.code, c.code) << r.out << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["valid"], c.code == 0);
    EXPECT_EQ(j["movement"], "platformer");
  }
}

TEST(PlatformerCliTest, PitIsListedUnderSoftlocks) {
  test::TempDir dir;
  write_file_atomic(dir.file("pit.txt"), lv::kPit4);
  const test::CliResult r = run_cli({"validate", dir.file("pit.txt"), "--movement", "platformer", "--json"});
  ASSERT_EQ(r.code, 1) << r.err;  // a level a player can lose is invalid (#48)
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["unlosable"], false);
  EXPECT_EQ(j["loss"], "losable");
  EXPECT_GT(j["softlock_states"].get<int>(), 0);
  EXPECT_NE(j["softlock"]["message"].get<std::string>().find("the level can no longer be finished"), std::string::npos);
  EXPECT_EQ(j["softlock"]["moves"].back()["to"][1], 6);
  EXPECT_EQ(j["problems"][0]["kind"], "softlock");
  EXPECT_EQ(run_cli({"validate", dir.file("pit.txt"), "--movement", "platformer", "--allow-softlocks"}).code, 0);
  ASSERT_EQ(j["softlocks"].size(), 1u);
  EXPECT_EQ(j["softlocks"][0]["size"], 4);
  EXPECT_EQ(j["softlocks"][0]["bounds"], (nlohmann::json{{"x", 6}, {"y", 6}, {"width", 4}, {"height", 1}}));
  EXPECT_EQ(j["softlocks"][0]["cells"][0], nlohmann::json::array({6, 6}));
  EXPECT_EQ(j["softlocks"][0]["entry"]["to"][1], 6);
  const test::CliResult text = run_cli({"validate", dir.file("pit.txt"), "--movement", "platformer"});
  EXPECT_NE(text.out.find("softlock: 4 cells in 4x1 at 6,6"), std::string::npos) << text.out;
}

TEST(PlatformerCliTest, PathJsonListsMovesWithAJumpAcrossTheGap) {
  test::TempDir dir;
  write_file_atomic(dir.file("gap.txt"), lv::kGap4);
  const test::CliResult r = run_cli({"path", dir.file("gap.txt"), "--movement", "platformer", "--from", "1,3", "--to",
                                     "12,3", "--json", "--png", dir.file("route.png"), "--scale", "8"});
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["found"], true);
  bool crossed = false;
  for (const auto& m : j["moves"]) {
    ASSERT_TRUE(m.contains("kind") && m.contains("from") && m.contains("to"));
    if (m["kind"] == "jump" && m["from"][0].get<int>() <= 3 && m["to"][0].get<int>() >= 8) crossed = true;
  }
  EXPECT_TRUE(crossed) << r.out;
  EXPECT_EQ(j["moves"].front()["from"], nlohmann::json::array({1, 3}));
  EXPECT_EQ(j["moves"].back()["to"], nlohmann::json::array({12, 3}));
  const test::DecodedPng png = test::decode_png(test::slurp(dir.file("route.png")));
  EXPECT_EQ(png.width, 14 * 8);
  EXPECT_EQ(png.height, 10 * 8);

  // With jump distance 3 there is no route: exit 1.
  const test::CliResult none = run_cli({"path", dir.file("gap.txt"), "--movement", "platformer", "--jump-distance", "3",
                                        "--from", "1,3", "--to", "12,3", "--json"});
  EXPECT_EQ(none.code, 1);
  EXPECT_EQ(nlohmann::json::parse(none.out)["found"], false);
}

TEST(PlatformerCliTest, RecordedModelIsUsedByDefaultAndFlagsOverrideIt) {
  test::TempDir dir;
  write_file_atomic(dir.file("step.txt"), std::string("!movement=platformer jump_height=2\n") + lv::kStep3);
  EXPECT_EQ(run_cli({"validate", dir.file("step.txt")}).code, 1);  // the recorded jump height 2
  EXPECT_EQ(run_cli({"validate", dir.file("step.txt"), "--jump-height", "3"}).code, 0);
  // --movement grid: the top-down validator, which walks anywhere that is not wall.
  const test::CliResult grid = run_cli({"validate", dir.file("step.txt"), "--movement", "grid", "--json"});
  EXPECT_EQ(grid.code, 0) << grid.err;
  EXPECT_FALSE(nlohmann::json::parse(grid.out).contains("softlocks"));
}

TEST(PlatformerCliTest, ValidatePngDrawsTheGraph) {
  test::TempDir dir;
  write_file_atomic(dir.file("pit.txt"), lv::kPit4);
  const test::CliResult r = run_cli({"validate", dir.file("pit.txt"), "--movement", "platformer", "--allow-softlocks",
                                     "--png", dir.file("g.png"), "--scale", "8"});
  ASSERT_EQ(r.code, 0) << r.err;
  const test::DecodedPng png = test::decode_png(test::slurp(dir.file("g.png")));
  ASSERT_EQ(png.width, 12 * 8);
  // The pit's floor cells (6..9, 6) are shaded red: red dominates at a cell's corner pixel.
  const size_t i = 3 *
                   (static_cast<size_t>(6 * 8 + 1) * static_cast<size_t>(png.width) + static_cast<size_t>(7 * 8 + 1));
  EXPECT_GT(png.rgb[i], png.rgb[i + 1] + 60);
  // A cell outside any softlock keeps the air colour.
  const size_t k = 3 *
                   (static_cast<size_t>(1 * 8 + 1) * static_cast<size_t>(png.width) + static_cast<size_t>(1 * 8 + 1));
  EXPECT_LT(png.rgb[k], png.rgb[k + 1] + 30);
}

TEST(PlatformerCliTest, BadMovementInputIsRefused) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), lv::kStep3);
  const test::CliResult bad = run_cli(
      {"validate", dir.file("m.txt"), "--movement", "platformer", "--body-height", "3"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--body-height = 3 (expected 1 or 2)"), std::string::npos) << bad.err;
  const test::CliResult kind = run_cli({"validate", dir.file("m.txt"), "--movement", "flying"});
  EXPECT_EQ(kind.code, 2);
  EXPECT_NE(kind.err.find("--movement = flying (expected grid, platformer or recorded)"), std::string::npos);
  const test::CliResult air = run_cli(
      {"path", dir.file("m.txt"), "--movement", "platformer", "--from", "1,1", "--to", "7,2"});
  EXPECT_EQ(air.code, 2);
  EXPECT_NE(air.err.find("--from = 1,1 (expected a cell of the map where the body can stand"), std::string::npos)
      << air.err;
  write_file_atomic(dir.file("h.txt"), std::string("!movement=platformer jump_height=99\n") + lv::kStep3);
  const test::CliResult header = run_cli({"validate", dir.file("h.txt")});
  EXPECT_EQ(header.code, 2);
  EXPECT_NE(header.err.find("params.jump_height = 99 (expected 1 to 64)"), std::string::npos) << header.err;
}

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

TEST(PlatformerCliTest, GeneratedLevelsValidateUnderTheirRecordedModel) {
  test::TempDir dir;
  for (const char* seed : {"1", "7", "300"}) {
    SCOPED_TRACE(seed);
    const test::CliResult g = run_cli({"generate", "--generator", "platformer", "--seed", seed, "--jump-height", "4",
                                       "--txt", dir.file("l.txt"), "--json", dir.file("l.json"), "--png",
                                       dir.file("l.png")});
    ASSERT_EQ(g.code, 0) << g.err;
    EXPECT_NE(g.out.find("platformer 80x50 seed "), std::string::npos) << g.out;
    EXPECT_TRUE(test::slurp(dir.file("l.txt")).starts_with("!movement=platformer jump_height=4 "));
    for (const char* file : {"l.txt", "l.json"}) {
      // The recorded model by default, strictly: no softlocks either.
      const test::CliResult v = run_cli({"validate", dir.file(file), "--strict", "--json"});
      EXPECT_EQ(v.code, 0) << v.out << v.err;
      const nlohmann::json j = nlohmann::json::parse(v.out);
      EXPECT_EQ(j["model"]["jump_height"], 4);
      EXPECT_TRUE(j["softlocks"].empty());
    }
  }
  const test::CliResult bad = run_cli({"generate", "--generator", "platformer", "--room-height", "3"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--room-height = 3 (expected 6 to 64)"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace catacomb
