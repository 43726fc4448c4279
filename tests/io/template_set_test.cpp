// Template sets and missions as files: the starter set reads the same from .tmj and .tmx, and
// after the real Tiled re-saves it (the same dungeons, byte for byte); a designer's mistakes come
// back as problems, not crashes; missions' fields are checked and named.
#include <gtest/gtest.h>

#include <filesystem>

#include <catacomb/core/error.hpp>
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

std::string example(const std::string& rel) { return std::string(CATACOMB_SOURCE_DIR) + "/examples/" + rel; }

TEST(TemplateSetTest, TheStarterSetReadsTheSameFromTmjAndTmx) {
  const TemplateSetReading a = load_template_set(example("templates/crypt.tmj"));
  const TemplateSetReading b = load_template_set(example("templates/crypt.tmx"));
  EXPECT_TRUE(a.problems.empty());
  EXPECT_TRUE(b.problems.empty());
  EXPECT_EQ(a.set.name, "crypt");
  EXPECT_EQ(a.set.templates, b.set.templates);
  EXPECT_EQ(a.set.hash(), b.set.hash());
}

// Re-saves `from` with the real Tiled as `to` (its format by extension).
void tiled_export(const test::TempDir& dir, const std::string& from, const std::string& to) {
  const std::string runtime = dir.file("xdg-runtime");
  std::filesystem::create_directories(runtime);
  std::filesystem::permissions(runtime, std::filesystem::perms::owner_all, std::filesystem::perm_options::replace);
  const test::CliResult r = test::run_program("tiled", {"--export-map", from, to},
                                              {"QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR=" + runtime,
                                               "HOME=" + dir.path(), "XDG_CONFIG_HOME=" + dir.path()});
  ASSERT_NE(r.code, 127) << "Tiled is not installed: this test needs Debian's tiled package (scripts/setup.sh)";
  ASSERT_EQ(r.code, 0) << r.err;
}

TEST(TemplateSetTest, ASetReSavedByTiledGivesTheSameDungeonsByteForByte) {
  test::TempDir dir;
  // Tiled needs the tileset's .tsj (which the repository keeps), not its image (which it does not).
  for (const char* f : {"crypt.tmj", "catacomb-tileset.tsj"})
    std::filesystem::copy_file(example(std::string("templates/") + f), dir.file(f));
  tiled_export(dir, dir.file("crypt.tmj"), dir.file("resaved.tmx"));
  tiled_export(dir, dir.file("resaved.tmx"), dir.file("resaved.tmj"));
  const std::string mission = example("missions/two-cycles.json");
  std::string first;
  for (const char* set : {"crypt.tmj", "resaved.tmx", "resaved.tmj"}) {
    SCOPED_TRACE(set);
    const std::string out = dir.file(std::string(set) + ".json");
    const test::CliResult r = test::run_exe(
        {"generate", "--templates", dir.file(set), "--mission", mission, "--seed", "11", "--json", out});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string json = test::slurp(out);
    if (first.empty()) first = json;
    EXPECT_EQ(json, first);
  }
}

TEST(TemplateSetTest, TheExamplesTilesetIsTheOneCatacombWrites) {
  test::TempDir dir;
  ASSERT_EQ(test::run_exe({"tileset", "--out", dir.path()}).code, 0);
  EXPECT_EQ(test::slurp(dir.file("catacomb-tileset.tsj")), test::slurp(example("templates/catacomb-tileset.tsj")))
      << "examples/templates/catacomb-tileset.tsj is out of date: catacomb tileset --out examples/templates";
}

TEST(TemplateSetTest, ADesignersMistakesComeBackAsProblems) {
  std::string text = test::slurp(example("templates/crypt.tmj"));
  // The first template's max count as text.
  // (Tiled writes "name":"max" with no space after the colon.)
  const size_t weight = text.find("\"name\":\"max\"");
  ASSERT_NE(weight, std::string::npos);
  text.replace(text.find("\"type\":\"int\"", weight), 12, "\"type\":\"string\"");
  text.replace(text.find("\"value\":1", weight), 9, "\"value\":\"one\"");
  const std::string tileset = test::slurp(example("templates/catacomb-tileset.tsj"));
  const TemplateSetReading r = read_template_set(
      text, TiledSyntax::Json, [&](const std::string&) { return tileset; }, "broken");
  ASSERT_FALSE(r.problems.empty());
  EXPECT_EQ(r.problems.front().template_name, "entry");
  EXPECT_NE(r.problems.front().message.find("property max is not a whole number"), std::string::npos)
      << r.problems.front().text();
  EXPECT_THROW(read_template_set("{\"not\": \"a map\"}", TiledSyntax::Json), InvalidArgument);
  EXPECT_THROW(read_template_set("<map", TiledSyntax::Xml), InvalidArgument);
}

// Tags are separated by commas: "crypt garden" is two tags written without one, refused naming
// the template, never read as one tag (a theme would then drop the room).
TEST(TemplateSetTest, TagsWithASpaceInsteadOfACommaAreRefusedNamingTheTemplate) {
  std::string text = test::slurp(example("templates/crypt.tmj"));
  const size_t tags = text.find("\"name\":\"tags\"");
  ASSERT_NE(tags, std::string::npos);
  const size_t value = text.find("\"value\":\"crypt\"", tags);
  ASSERT_NE(value, std::string::npos);
  text.replace(value, 15, "\"value\":\"crypt garden\"");
  const std::string tileset = test::slurp(example("templates/catacomb-tileset.tsj"));
  const TemplateSetReading r = read_template_set(
      text, TiledSyntax::Json, [&](const std::string&) { return tileset; }, "spaced");
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_FALSE(r.problems.front().template_name.empty());
  EXPECT_EQ(r.problems.front().message,
            "property tags = \"crypt garden\" has a tag with a space, \"crypt garden\" (expected tags separated by "
            "commas, each without spaces: \"crypt, garden\")");
  // Spaces round the commas are fine.
  text.replace(text.find("crypt garden"), 12, "crypt , garden");
  const TemplateSetReading ok = read_template_set(
      text, TiledSyntax::Json, [&](const std::string&) { return tileset; }, "spaced");
  EXPECT_TRUE(ok.problems.empty());
}

TEST(MissionJsonTest, ReadsWritesAndReadsBackTheSame) {
  const Mission m = load_mission(example("missions/two-cycles.json"));
  EXPECT_EQ(m.name, "two-cycles");
  EXPECT_EQ(m.nodes.size(), 9u);
  EXPECT_EQ(m.edges.size(), 10u);
  EXPECT_EQ(m.edges[7].door, DoorKind::Locked);
  EXPECT_EQ(m.edges[7].lock, 1);
  EXPECT_EQ(read_mission(mission_to_json(m)), m);
}

void expect_refused(const std::string& text, const std::string& words) {
  try {
    read_mission(text);
    ADD_FAILURE() << "accepted " << text;
  } catch (const InvalidArgument& e) { EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what(); }
}

TEST(MissionJsonTest, BadMissionsAreRefusedNamingTheField) {
  const std::string nodes = R"("nodes": [{"id": "a", "objectives": ["start"]}, {"id": "b", "objectives": ["exit"]}])";
  EXPECT_NO_THROW(read_mission("{" + nodes + R"(, "edges": [{"a": "a", "b": "b"}]})"));
  expect_refused("{" + nodes + R"(, "edges": [{"a": "a", "b": "c"}]})", "mission edges[0].b = \"c\"");
  expect_refused("{" + nodes + R"(, "edges": [{"a": "a", "b": "b", "lock": 12}]})", "mission edges[0].lock = 12");
  expect_refused("{" + nodes + R"(, "edges": [{"a": "a", "b": "b", "lock": 1}]})", "mission lock 1 = 0 keys");
  expect_refused("{" + nodes + R"(, "edges": [{"a": "a", "b": "b", "door": "sliding"}]})", "mission edges[0].door");
  expect_refused("{" + nodes + R"(, "edges": [], "colour": 1})", "mission.colour = an unknown field");
  expect_refused("{" + nodes + R"(, "edges": []})", "mission nodes[1] = b (expected a node joined to the start");
  expect_refused(R"({"nodes": [{"id": "a", "objectives": ["start", "dragon"]}]})", "mission nodes[0].objectives[1]");
  expect_refused(R"({"nodes": []})", "mission nodes");
  expect_refused("[1, 2", "mission");
}

// A gate edge and the switch objective that opens it: read, written and read back the same;
// each missing half, a bad id or a plain "switch" refused, named.
TEST(MissionJsonTest, GateEdgesAndSwitchObjectivesGoTogether) {
  const std::string gate = R"({"a": "a", "b": "b", "door": "gate", "switch": 2})";
  const std::string good = R"({"nodes": [{"id": "a", "objectives": ["start", {"kind": "switch", "switch": 2}]},
                                          {"id": "b", "objectives": ["exit"]}], "edges": [)" +
                           gate + "]}";
  const Mission m = read_mission(good);
  ASSERT_EQ(m.nodes[0].objectives.size(), 2u);
  EXPECT_EQ(m.nodes[0].objectives[1].kind, ObjectiveKind::Switch);
  EXPECT_EQ(m.nodes[0].objectives[1].switch_id, 2);
  EXPECT_EQ(m.edges[0].door, DoorKind::Gate);
  EXPECT_EQ(read_mission(mission_to_json(m)), m);
  const std::string two = R"({"nodes": [{"id": "a", "objectives": ["start", )";
  const std::string rest = R"(]}, {"id": "b", "objectives": ["exit"]}], "edges": [)";
  expect_refused(two + R"("switch")" + rest + gate + "]}", "a switch without its id");
  expect_refused(two + R"({"kind": "switch", "switch": 10})" + rest + gate + "]}", "objectives[1].switch = 10");
  expect_refused(two + R"({"kind": "treasure", "switch": 2})" + rest + gate + "]}", "a switch id only on a switch");
  expect_refused(two + R"("treasure")" + rest + gate + "]}", "mission switch 2 = a gate edge but no switch objective");
  expect_refused(two + R"({"kind": "switch", "switch": 2})" + rest + R"({"a": "a", "b": "b"}]})",
                 "mission switch 2 = a switch but no gate edge");
}

}  // namespace
}  // namespace catacomb
