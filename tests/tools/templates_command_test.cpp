// catacomb templates check and generate --templates/--mission from the command line: exit codes,
// one problem per line naming the template and cell, and a mission dungeon that validate reports
// completable and satisfied and whose certificate verify accepts.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "support/test_support.hpp"

namespace catacomb {
namespace {

std::string example(const std::string& rel) { return std::string(CATACOMB_SOURCE_DIR) + "/examples/" + rel; }

TEST(TemplatesCommandTest, CheckPassesTheStarterSetAndListsEachProblemOfABrokenOne) {
  for (const char* f : {"templates/crypt.tmj", "templates/crypt.tmx"}) {
    const test::CliResult r = test::run_exe(
        {"templates", "check", example(f), "--mission", example("missions/two-cycles.json")});
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("ok, 10 templates"), std::string::npos) << r.out;
  }
  test::TempDir dir;
  std::string text = test::slurp(example("templates/crypt.tmj"));
  // The entry's name made the stairs' (Tiled writes "name":"entry", no space).
  const size_t entry = text.find("\"name\":\"entry\"");
  ASSERT_NE(entry, std::string::npos);
  text.replace(entry, 14, "\"name\":\"stairs\"");
  test::write_text(dir.file("broken.tmj"), text);
  test::write_text(dir.file("catacomb-tileset.tsj"), test::slurp(example("templates/catacomb-tileset.tsj")));
  const test::CliResult r = test::run_exe({"templates", "check", dir.file("broken.tmj")});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("template stairs: name used twice"), std::string::npos) << r.out;
  const test::CliResult bad = test::run_exe({"templates", "check", example("missions/linear.json")});
  EXPECT_EQ(bad.code, 2) << bad.out << bad.err;
  EXPECT_EQ(test::run_exe({"templates", "check", dir.file("missing.tmj")}).code, 3);
  // A set with problems is bad input for generate: exit 2, the problem named.
  const test::CliResult g = test::run_exe({"generate", "--templates", dir.file("broken.tmj")});
  EXPECT_EQ(g.code, 2);
  EXPECT_NE(g.err.find("name used twice"), std::string::npos) << g.err;
}

TEST(TemplatesCommandTest, AMissionDungeonIsCompletableSatisfiedAndCertified) {
  test::TempDir dir;
  const test::CliResult g = test::run_exe({"generate", "--templates", example("templates/crypt.tmj"), "--mission",
                                           example("missions/two-cycles.json"), "--seed", "5", "--json",
                                           dir.file("d.json")});
  ASSERT_EQ(g.code, 0) << g.err;
  const nlohmann::json d = nlohmann::json::parse(test::slurp(dir.file("d.json")));
  ASSERT_EQ(d["rooms"].size(), 9u);
  for (const auto& room : d["rooms"]) {
    EXPECT_TRUE(room.contains("node"));
    EXPECT_TRUE(room.contains("template"));
  }
  const test::CliResult v = test::run_exe(
      {"validate", dir.file("d.json"), "--json", "--certificate", dir.file("d.cert")});
  ASSERT_EQ(v.code, 0) << v.out << v.err;
  const nlohmann::json rep = nlohmann::json::parse(v.out);
  EXPECT_TRUE(rep["valid"].get<bool>());
  EXPECT_TRUE(rep["solution"]["completable"].get<bool>());
  EXPECT_TRUE(rep["mission"]["satisfied"].get<bool>());
  EXPECT_TRUE(rep["mission"]["problems"].empty());
  const test::CliResult ver = test::run_exe({"verify", dir.file("d.json"), dir.file("d.cert")});
  EXPECT_EQ(ver.code, 0) << ver.out << ver.err;
  // A mission node whose type the set lacks: bad input, exit 2 before any attempt, the node named.
  std::string m = test::slurp(example("missions/linear.json"));
  m.replace(m.find("\"boss\""), 6, "\"dragon\"");
  test::write_text(dir.file("dragon.json"), m);
  const test::CliResult no = test::run_exe({"generate", "--templates", example("templates/crypt.tmj"), "--mission",
                                            dir.file("dragon.json"), "--json", dir.file("x.json")});
  EXPECT_EQ(no.code, 2) << no.err;
  EXPECT_NE(no.err.find("--mission = node throne (type dragon) (expected a template of type dragon in set crypt "
                        "(none has))"),
            std::string::npos)
      << no.err;
  EXPECT_EQ(no.err.find("attempt"), std::string::npos) << no.err;
}

// --theme is checked before any attempt: a theme whose templates cannot hold the mission's start
// is bad input (exit 2), and templates check --theme TAG checks the set as that theme leaves it.
TEST(TemplatesCommandTest, TheThemeIsCheckedUpFrontByGenerateAndByTemplatesCheck) {
  // crypt.tmj with its start template (entry) tagged crypt only: the flooded theme has no start.
  test::TempDir dir;
  std::string text = test::slurp(example("templates/crypt.tmj"));
  const size_t tags = text.find("crypt,flooded", text.find("\"name\":\"entry\""));
  ASSERT_NE(tags, std::string::npos);
  text.replace(tags, 13, "crypt");
  test::write_text(dir.file("crypt.tmj"), text);
  test::write_text(dir.file("catacomb-tileset.tsj"), test::slurp(example("templates/catacomb-tileset.tsj")));
  const std::string crypt = dir.file("crypt.tmj"), linear = example("missions/linear.json");
  const test::CliResult g = test::run_exe(
      {"generate", "--templates", crypt, "--mission", linear, "--theme", "flooded"});
  EXPECT_EQ(g.code, 2) << g.err;
  EXPECT_NE(g.err.find("--mission = node entry (type start) (expected a template of type start tagged flooded "
                       "(--theme) in set crypt (none has))"),
            std::string::npos)
      << g.err;
  EXPECT_EQ(g.err.find("attempt"), std::string::npos) << g.err;
  const test::CliResult checked = test::run_exe(
      {"templates", "check", crypt, "--theme", "flooded", "--mission", linear});
  EXPECT_EQ(checked.code, 1) << checked.out << checked.err;
  EXPECT_NE(checked.out.find("template set: no template of type start tagged flooded (mission linear needs one)"),
            std::string::npos)
      << checked.out;
  EXPECT_NE(checked.out.find("mission linear: node entry (type start): expected a template of type start tagged "
                             "flooded (--theme) in set crypt (none has)"),
            std::string::npos)
      << checked.out;
  const test::CliResult themed = test::run_exe({"templates", "check", crypt, "--theme", "flooded"});
  EXPECT_EQ(themed.code, 0) << themed.out << themed.err;
  EXPECT_TRUE(std::regex_search(themed.out, std::regex(R"(ok, [0-9]+ templates tagged flooded \()"))) << themed.out;
  const test::CliResult none = test::run_exe({"templates", "check", crypt, "--theme", "garden"});
  EXPECT_EQ(none.code, 2) << none.out << none.err;
  EXPECT_NE(none.err.find("--theme = garden (expected a tag of at least one template of set crypt)"), std::string::npos)
      << none.err;
}

// With --mission and no --width/--height, the size is chosen from the mission and the templates
// (the 30-room example fails at the old default of 80x50) and recorded in the recipe; a size given
// too small for the rooms' area is bad input naming the least size.
TEST(TemplatesCommandTest, AMissionWithoutASizeGetsOneChosenAndATooSmallSizeIsRefused) {
  test::TempDir dir;
  const std::string crypt = example("templates/crypt.tmj"), thirty = example("missions/thirty.json");
  const test::CliResult g = test::run_exe(
      {"generate", "--templates", crypt, "--mission", thirty, "--seed", "1", "--json", dir.file("d.json")});
  ASSERT_EQ(g.code, 0) << g.out << g.err;
  const nlohmann::json d = nlohmann::json::parse(test::slurp(dir.file("d.json")));
  const int w = d["width"].get<int>(), h = d["height"].get<int>();
  EXPECT_GT(w, 80);
  EXPECT_EQ(w, h);
  EXPECT_EQ(d["params"]["width"].get<int>(), w);
  EXPECT_EQ(d["params"]["height"].get<int>(), h);
  EXPECT_NE(g.out.find("rooms " + std::to_string(w) + "x" + std::to_string(h) + " seed 1"), std::string::npos) << g.out;
  // The recipe's size regenerates the same map.
  const test::CliResult again = test::run_exe({"generate", "--templates", crypt, "--mission", thirty, "--seed", "1",
                                               "--width", std::to_string(w), "--height", std::to_string(h), "--json",
                                               dir.file("e.json")});
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(test::slurp(dir.file("d.json")), test::slurp(dir.file("e.json")));
  const test::CliResult small = test::run_exe(
      {"generate", "--templates", crypt, "--mission", thirty, "--width", "40", "--height", "40"});
  EXPECT_EQ(small.code, 2) << small.err;
  EXPECT_TRUE(std::regex_search(small.err, std::regex(R"(map size = 40x40 \(expected at least [0-9]+x[0-9]+ or as )"
                                                      R"(many cells: the rooms of mission thirty take [0-9]+ cells)")))
      << small.err;
  EXPECT_EQ(small.err.find("attempt"), std::string::npos) << small.err;
}

}  // namespace
}  // namespace catacomb
