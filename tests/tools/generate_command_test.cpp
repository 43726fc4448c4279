#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include <catacomb/io/ascii.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/pathing/search.hpp>
#include <catacomb/validate/validate.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/analysis.hpp>
#include <catacomb/validate/room_graph.hpp>
#include "support/test_support.hpp"
#include "tools/outputs.hpp"

namespace catacomb {
namespace {

using test::run_cli;
using test::run_exe;

TEST(GenerateCommandTest, PrintsAsciiWithNoOutputFlag) {
  auto r = run_cli({"generate", "--generator", "caves", "--width", "30", "--height", "12", "--seed", "3"});
  ASSERT_EQ(r.code, 0) << r.err;
  Dungeon d = read_ascii(r.out);
  EXPECT_EQ(d.tiles.width(), 30);
  EXPECT_EQ(d.tiles.height(), 12);
}

TEST(GenerateCommandTest, TheDoneWhenCommandWritesA320x200PngAndAJsonMapTwiceIdentically) {
  test::TempDir dir;
  std::vector<std::string> args = {"generate",        "--generator", "caves",           "--seed", "7",
                                   "--width",         "80",          "--height",        "50",     "--png",
                                   dir.file("x.png"), "--json",      dir.file("x.json")};
  auto r = run_exe(args);
  ASSERT_EQ(r.code, 0) << r.err;
  std::string png = test::slurp(dir.file("x.png")), json = test::slurp(dir.file("x.json"));
  auto img = test::decode_png(png);
  EXPECT_EQ(img.width, 320);
  EXPECT_EQ(img.height, 200);
  Dungeon d = read_json_map(json);
  EXPECT_EQ(d.seed, 7u);
  EXPECT_EQ(d.generator, "caves");
  ASSERT_EQ(run_exe(args).code, 0);
  EXPECT_EQ(test::slurp(dir.file("x.png")), png);
  EXPECT_EQ(test::slurp(dir.file("x.json")), json);
  EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"x.json", "x.png"}));
}

TEST(GenerateCommandTest, TxtOutputMatchesStdout) {
  test::TempDir dir;
  auto a = run_cli({"generate", "--seed", "4", "--txt", dir.file("m.txt")});
  ASSERT_EQ(a.code, 0) << a.err;
  auto b = run_cli({"generate", "--seed", "4"});
  EXPECT_EQ(test::slurp(dir.file("m.txt")), b.out);
}

TEST(GenerateCommandTest, MovingAiMapExportKeepsPassabilityAndRoutes) {
  test::TempDir dir;
  auto r = run_cli({"generate", "--seed", "9", "--water", "0.1", "--deep-water", "--json", dir.file("d.json"), "--map",
                    dir.file("d.map")});
  ASSERT_EQ(r.code, 0) << r.err;
  Dungeon d = read_json_map(test::slurp(dir.file("d.json")));
  const std::string text = test::slurp(dir.file("d.map"));
  EXPECT_EQ(text.rfind("type octile\nheight " + std::to_string(d.tiles.height()) + "\nwidth " +
                           std::to_string(d.tiles.width()) + "\nmap\n",
                       0),
            0u);
  Grid<Terrain> m = read_movingai_map(text);
  ASSERT_EQ(m.width(), d.tiles.width());
  ASSERT_EQ(m.height(), d.tiles.height());
  // Deep water is impassable under the recipe's cost table, so it must be '@' in the export.
  CostTable costs = CostTable::dungeon();
  costs.set(Terrain::Water, CostTable::kImpassable);
  int64_t water = 0;
  for (int y = 0; y < m.height(); ++y)
    for (int x = 0; x < m.width(); ++x) {
      EXPECT_EQ(costs.passable(d.tiles.at({x, y})), m.at({x, y}) != Terrain::Wall) << x << "," << y;
      water += d.tiles.at({x, y}) == Terrain::Water;
    }
  EXPECT_GT(water, 0);
  // Every objective is reachable from the start on the exported map too (uniform costs).
  Dungeon exported = d;
  exported.tiles = m;
  ValidateOptions uniform;
  uniform.costs = CostTable::uniform();
  EXPECT_TRUE(validate_dungeon(exported, uniform).valid);
}

TEST(GenerateCommandTest, AGamesCostsAreUsedRecordedAndReadBackByValidate) {
  test::TempDir dir;
  auto r = run_cli({"generate", "--generator", "caves", "--seed", "5", "--water", "0.2", "--cost",
                    "vegetation=7.5,water=impassable", "--json", dir.file("d.json"), "--tmj", dir.file("d.tmj")});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string json = test::slurp(dir.file("d.json"));
  EXPECT_NE(json.find("\"cost\": \"water=impassable,vegetation=7.5\""), std::string::npos);
  const auto legend = nlohmann::json::parse(json)["legend"];
  EXPECT_EQ(legend["~"]["passable"], false);
  EXPECT_EQ(legend["\""]["cost"], 7.5);
  for (const char* file : {"d.json", "d.tmj"}) {
    auto v = run_cli({"validate", dir.file(file)});
    EXPECT_EQ(v.code, 0) << file << ": " << v.out << v.err;
  }
  // Without --cost the recipe has no such key.
  auto plain = run_cli({"generate", "--seed", "5", "--json", dir.file("p.json")});
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(test::slurp(dir.file("p.json")).find("\"cost\": \""), std::string::npos);
  auto bad = run_cli({"generate", "--cost", "lava=2"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--cost = lava=2 (expected a terrain name"), std::string::npos) << bad.err;
}

TEST(GenerateCommandTest, GraphWritesTheRoomGraphIntoTheJsonMapOnRequest) {
  test::TempDir dir;
  auto r = run_cli({"generate", "--seed", "7", "--locks", "2", "--json", dir.file("g.json"), "--graph"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto plain = run_cli({"generate", "--seed", "7", "--locks", "2", "--json", dir.file("p.json")});
  ASSERT_EQ(plain.code, 0) << plain.err;
  const std::string with = test::slurp(dir.file("g.json")), without = test::slurp(dir.file("p.json"));
  EXPECT_EQ(without.find("\"graph\""), std::string::npos);
  const auto j = nlohmann::json::parse(with);
  const Dungeon d = read_json_map(with);
  EXPECT_EQ(d, read_json_map(without));  // the key is ignored on read
  const RoomGraph g = room_graph(d);
  ASSERT_EQ(j["graph"]["nodes"].size(), g.nodes.size());
  ASSERT_EQ(j["graph"]["edges"].size(), g.edges.size());
  EXPECT_EQ(j["graph"]["nodes"][0]["kind"], "room");
  EXPECT_EQ(j["graph"]["nodes"][0]["room"], 0);
  int locked = 0;
  for (size_t i = 0; i < g.edges.size(); ++i) {
    EXPECT_EQ(j["graph"]["edges"][i]["a"], g.edges[i].a);
    EXPECT_EQ(j["graph"]["edges"][i]["lock"], g.edges[i].lock);
    EXPECT_EQ(j["graph"]["edges"][i]["doors"].size(), g.edges[i].doors.size());
    locked += g.edges[i].lock > 0;
  }
  EXPECT_EQ(locked, 2);
  EXPECT_EQ(with, write_json_map(d, room_graph(d)));
}

TEST(GenerateCommandTest, TiledExportWritesTheMapAndItsTilesetTogether) {
  test::TempDir dir;
  auto r = run_exe({"generate", "--seed", "5", "--width", "40", "--height", "30", "--tmj", dir.file("level.tmj")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"level-tileset.png", "level.tmj"}));
  auto j = nlohmann::json::parse(test::slurp(dir.file("level.tmj")));
  EXPECT_EQ(j["width"], 40);
  EXPECT_EQ(j["height"], 30);
  EXPECT_EQ(j["orientation"], "orthogonal");
  EXPECT_EQ(j["tilesets"][0]["image"], "level-tileset.png");
  EXPECT_EQ(j["layers"][0]["data"].size(), 40u * 30u);
  auto tiles = test::decode_png(test::slurp(dir.file("level-tileset.png")));
  EXPECT_EQ(tiles.width, j["tilesets"][0]["imagewidth"].get<int>());
  // The same path twice, or the tileset's name taken by another output, is refused before work.
  auto clash = run_cli({"generate", "--tmj", dir.file("b.tmj"), "--png", dir.file("b-tileset.png")});
  EXPECT_EQ(clash.code, 2);
  EXPECT_NE(clash.err.find("tileset"), std::string::npos) << clash.err;
  EXPECT_FALSE(test::file_exists(dir.file("b.tmj")));
}

TEST(GenerateCommandTest, OverlaysAnnotateThePreviewAndNeedAPng) {
  test::TempDir dir;
  auto plain = run_cli({"generate", "--seed", "3", "--png", dir.file("plain.png")});
  auto all = run_cli({"generate", "--seed", "3", "--png", dir.file("all.png"), "--overlay", "all", "--grid"});
  ASSERT_EQ(plain.code, 0) << plain.err;
  ASSERT_EQ(all.code, 0) << all.err;
  auto a = test::decode_png(test::slurp(dir.file("plain.png")));
  auto b = test::decode_png(test::slurp(dir.file("all.png")));
  EXPECT_EQ(a.width, 80 * 4);
  EXPECT_EQ(a.height, 50 * 4);
  EXPECT_EQ(b.width, a.width);
  EXPECT_GT(b.height, a.height);  // the legend strip
  auto alone = run_cli({"generate", "--overlay", "routes"});
  EXPECT_EQ(alone.code, 2);
  EXPECT_NE(alone.err.find("--overlay = routes (expected together with --png"), std::string::npos) << alone.err;
  auto bad = run_cli({"generate", "--png", dir.file("x.png"), "--overlay", "routes,fog"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--overlay = fog"), std::string::npos) << bad.err;
  auto grid = run_cli({"generate", "--png", dir.file("x.png"), "--grid", "--scale", "2"});
  EXPECT_EQ(grid.code, 2);
  EXPECT_NE(grid.err.find("--grid"), std::string::npos) << grid.err;
  EXPECT_FALSE(test::file_exists(dir.file("x.png")));
}

struct BadInput {
  std::vector<std::string> args;
  std::string pattern;  // regex the one-line error must match
};

void PrintTo(const BadInput& b, std::ostream* os) {
  for (const auto& a : b.args) *os << a << ' ';
}

class GenerateBadInputTest : public ::testing::TestWithParam<BadInput> {};

TEST_P(GenerateBadInputTest, IsRefusedWithExitCode2AndNoFile) {
  test::TempDir dir;
  test::write_placeholder(dir.file("keep.png"));
  std::vector<std::string> args = {"generate"};
  for (const auto& a : GetParam().args) args.push_back(a == "@KEEP" ? dir.file("keep.png") : a);
  args.push_back("--png");
  args.push_back(dir.file("keep.png"));
  auto r = run_exe(args);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex(GetParam().pattern))) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;  // one line
  EXPECT_TRUE(test::slurp(dir.file("keep.png")) == "placeholder");      // not clobbered
  EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"keep.png"}));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, GenerateBadInputTest,
    ::testing::Values(
        BadInput{{"--bogus", "1"}, "--bogus"}, BadInput{{"--width"}, "--width"},
        BadInput{{"--width", "0"}, R"(--width = 0 \(expected 16 to 16384\))"},
        BadInput{{"--generator", "caves", "--width", "0"}, R"(--width = 0 \(expected 3 to 16384\))"},
        BadInput{{"--width", "100000"}, R"(--width = 100000 \(expected 16 to 16384\))"},
        BadInput{{"--fill", "150"}, R"(--fill = 150 \(expected 0 to 100\))"},
        BadInput{{"--width", "abc"}, "--width.*abc|abc.*--width"},
        BadInput{{"--generator", "lava"}, "--generator.*lava|lava.*--generator"},
        BadInput{{"--json", "/nonexistent-dir/x.json"},
                 R"(--json = /nonexistent-dir/x.json \(expected a file path in an existing, writable directory)"},
        BadInput{{"--scale", "0"}, R"(--scale = 0 \(expected 1 to 64\))"},
        BadInput{{"--time-limit", "-5"}, R"(--time-limit = -5 \(expected 0 \(none\) or more ms\))"}));

// A mission that cannot be laid out: exit 1 naming the attempts; --partial writes the best
// partial layout to the outputs asked for and says what it holds.
TEST(GenerateCommandTest, AMissionThatDoesNotFitExitsOneAndPartialWritesTheBestLayout) {
  test::TempDir dir;
  const std::string root = CATACOMB_SOURCE_DIR;
  const std::vector<std::string> base = {"generate",
                                         "--templates",
                                         root + "/examples/templates/crypt.tmj",
                                         "--mission",
                                         root + "/examples/missions/two-cycles.json",
                                         "--width",
                                         "30",
                                         "--height",
                                         "30",
                                         "--max-attempts",
                                         "3"};
  auto args = base;
  for (const char* a : {"--json", "plain.json"}) args.push_back(a == std::string("plain.json") ? dir.file(a) : a);
  auto r = run_exe(args);
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("no valid dungeon in 3 attempts"), std::string::npos) << r.err;
  EXPECT_EQ(test::list_dir(dir.path()), std::vector<std::string>{});
  args = base;
  for (const std::string a : {"--partial", "--json", "@"}) args.push_back(a == "@" ? dir.file("partial.json") : a);
  r = run_exe(args);
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex(R"(wrote the best partial layout \(attempt [1-3]: [1-8] of 9 rooms, )")))
      << r.out;
  const Dungeon part = read_json_map(test::slurp(dir.file("partial.json")));
  EXPECT_GE(part.rooms.size(), 1u);
  EXPECT_LT(part.rooms.size(), 9u);
  // A time limit of 1 ms stops well before 1,000 attempts, naming the limit and the attempts spent.
  args = base;
  args.back() = "1000";
  for (const char* a : {"--time-limit", "1"}) args.push_back(a);
  r = run_exe(args);
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_TRUE(std::regex_search(
      r.err,
      std::regex(R"(time limit of 1 ms reached: stopped after [1-9][0-9]* of 1000 attempts \(attempt [0-9]+: node)")))
      << r.err;
}

TEST(GenerateCommandTest, UnwritableOutputPathIsRefusedBeforeWork) {
  auto r = run_cli({"generate", "--png", "/nonexistent-dir/x.png"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "catacomb generate: error: --png = /nonexistent-dir/x.png (expected a file path in an existing, "
            "writable directory; directory '/nonexistent-dir' does not exist)\n");
}

TEST(GenerateCommandTest, HelpHasAnExampleAndVersionPrints) {
  auto h = run_cli({"generate", "--help"});
  EXPECT_EQ(h.code, 0);
  EXPECT_NE(h.out.find("Example"), std::string::npos);
  EXPECT_NE(h.out.find("--fill"), std::string::npos);
  auto v = run_cli({"--version"});
  EXPECT_EQ(v.code, 0);
  EXPECT_TRUE(std::regex_search(v.out, std::regex(R"(^catacomb \d+\.\d+\.\d+)")));
  auto top = run_cli({"--help"});
  EXPECT_EQ(top.code, 0);
  EXPECT_NE(top.out.find("generate"), std::string::npos);
}

TEST(GenerateCommandTest, DefaultsGiveAValidRoomsDungeonWithObjectives) {
  auto r = run_cli({"generate"});
  ASSERT_EQ(r.code, 0) << r.err;
  Dungeon d = read_ascii(r.out);
  EXPECT_EQ(d.tiles.width(), 80);
  EXPECT_EQ(d.tiles.height(), 50);
  ASSERT_EQ(d.objectives.size(), 5u);  // start, exit and 3 further objectives
  EXPECT_EQ(d.objectives[0].kind, ObjectiveKind::Start);
  EXPECT_EQ(d.objectives[1].kind, ObjectiveKind::Exit);
}

TEST(GenerateCommandTest, ConfigFileSetsParametersAndFlagsOverrideIt) {
  test::TempDir dir;
  test::write_text(dir.file("c.json"), R"({"generator": "caves", "width": 60, "height": 40, "fill": 48, "seed": 9})");
  auto a = run_cli({"generate", "--config", dir.file("c.json"), "--json", dir.file("a.json")});
  ASSERT_EQ(a.code, 0) << a.err;
  Dungeon da = read_json_map(test::slurp(dir.file("a.json")));
  EXPECT_EQ(da.generator, "caves");
  EXPECT_EQ(da.tiles.width(), 60);
  EXPECT_EQ(da.seed, 9u);
  auto b = run_cli({"generate", "--config", dir.file("c.json"), "--width", "70", "--json", dir.file("b.json")});
  ASSERT_EQ(b.code, 0) << b.err;
  Dungeon db = read_json_map(test::slurp(dir.file("b.json")));
  EXPECT_EQ(db.tiles.width(), 70);
  EXPECT_EQ(db.tiles.height(), 40);
  // The same recipe as flags gives the same bytes.
  auto c = run_cli({"generate", "--generator", "caves", "--width", "60", "--height", "40", "--fill", "48", "--seed",
                    "9", "--json", dir.file("c2.json")});
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(test::slurp(dir.file("c2.json")), test::slurp(dir.file("a.json")));
}

TEST(GenerateCommandTest, BadConfigFileIsRefused) {
  test::TempDir dir;
  test::write_text(dir.file("c.json"), R"({"colour": "red"})");
  auto r = run_cli({"generate", "--config", dir.file("c.json")});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("config key \"colour\""), std::string::npos) << r.err;
  test::write_text(dir.file("d.json"), R"({"width": "wide"})");
  auto t = run_cli({"generate", "--config", dir.file("d.json")});
  EXPECT_EQ(t.code, 2);
  EXPECT_NE(t.err.find("config key \"width\" = \"wide\" (expected an integer)"), std::string::npos) << t.err;
  auto m = run_cli({"generate", "--config", dir.file("missing.json")});
  EXPECT_EQ(m.code, 3);
}

TEST(GenerateCommandTest, ImpossibleRecipeExitsOneAfterItsAttempts) {
  auto r = run_cli(
      {"generate", "--width", "20", "--height", "20", "--room-count", "2", "--objectives", "9", "--max-attempts", "2"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("no valid dungeon in 2 attempts"), std::string::npos) << r.err;
}

TEST(GenerateCommandTest, NoSubcommandIsAUsageError) {
  auto r = run_cli({});
  EXPECT_EQ(r.code, 2);
  EXPECT_FALSE(r.err.empty());
}

}  // namespace
TEST(GenerateCommandTest, LocksThreeGivesCompletableDungeonsWithTheExitBehindALock) {
  test::TempDir dir;
  for (const char* g : {"rooms", "caves"}) {
    const std::string map = dir.file(std::string(g) + ".json"), cert = dir.file(std::string(g) + ".cert");
    auto r = run_cli({"generate", "--generator", g, "--locks", "3", "--seed", "4", "--json", map});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(test::slurp(map));
    EXPECT_EQ(j["key_rule"], "reusable");
    EXPECT_EQ(j["params"]["locks"], 3);
    auto v = run_cli({"validate", map, "--json", "--certificate", cert});
    ASSERT_EQ(v.code, 0) << v.out;
    const auto report = nlohmann::json::parse(v.out);
    EXPECT_EQ(report["solution"]["completable"], true);
    EXPECT_EQ(report["solution"]["metrics"]["keys_on_critical_path"], 3);
    EXPECT_GT(report["solution"]["objectives"][1]["reachable_after_step"].get<int>(), 0) << "the exit is behind a lock";
    EXPECT_EQ(run_cli({"verify", map, cert}).code, 0);
  }
  EXPECT_EQ(run_cli({"generate", "--locks", "10"}).code, 2);
  EXPECT_EQ(run_cli({"generate", "--key-rule", "sticky"}).code, 2);
}

// Overlays drawn on the pipeline's report (maps kept, the walkthrough added where the pipeline
// skipped the solver) and its analysis are the ones drawn after validating again.
TEST(GenerateCommandTest, OverlaysOnThePipelinesReportAreTheOnesDrawnAfterValidatingAgain) {
  struct Case {
    GeneratorKind generator;
    int locks;
    const char* overlays;
  };
  for (const Case& c : {Case{GeneratorKind::Caves, 0, "all"}, Case{GeneratorKind::Rooms, 0, "walkthrough,heatmap"},
                        Case{GeneratorKind::Rooms, 2, "all"}, Case{GeneratorKind::Caves, 1, "routes,regions"},
                        Case{GeneratorKind::Platformer, 0, "all"}}) {
    const std::string overlays = c.overlays;
    SCOPED_TRACE(std::string(generator_kind_name(c.generator)) + " locks " + std::to_string(c.locks) + " " + overlays);
    GenerateConfig config;
    config.generator = c.generator;
    config.width = 72;
    config.height = 48;
    config.locks = c.locks;
    config.keep_maps = true;
    GenerateResult r = generate_dungeon(config, 11);
    ASSERT_TRUE(r.report.region_map.has_value());
    ASSERT_TRUE(r.report.distances.has_value());
    EXPECT_EQ(r.report.solution.has_value(), c.locks > 0 || c.generator == GeneratorKind::Platformer);
    cli::OutputOptions o;
    o.png = "level.png";
    o.overlay = overlays;
    const ValidateOptions vopt = validate_options_for(config);
    const MapAnalysis analysis = analyse_map(r.dungeon, r.report, vopt);
    const auto shared = cli::render_outputs(r.dungeon, o, vopt, &r.report, &analysis);
    const auto fresh = cli::render_outputs(r.dungeon, o, vopt);
    ASSERT_EQ(shared.size(), 1u);
    ASSERT_EQ(fresh.size(), 1u);
    EXPECT_TRUE(shared[0].second == fresh[0].second) << "the PNGs differ";
    // The walkthrough drawn is the one validate_dungeon finds with the solver on.
    if (overlays == "all" || overlays.find("walkthrough") != std::string::npos) {
      ASSERT_TRUE(r.report.solution.has_value());
      const ValidationReport full = validate_dungeon(r.dungeon, vopt);
      ASSERT_TRUE(full.solution.has_value());
      ASSERT_EQ(r.report.solution->walkthrough.size(), full.solution->walkthrough.size());
      for (size_t k = 0; k < full.solution->walkthrough.size(); ++k)
        EXPECT_EQ(r.report.solution->walkthrough[k].route, full.solution->walkthrough[k].route) << "step " << k;
    }
  }
}

}  // namespace catacomb
