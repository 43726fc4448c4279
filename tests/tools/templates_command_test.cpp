// catacomb templates check and generate --templates/--mission from the command line: exit codes,
// one problem per line naming the template and cell, and a mission dungeon that validate reports
// completable and satisfied and whose certificate verify accepts.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

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
  // A mission node whose type the set lacks: exit 1, the reason named.
  std::string m = test::slurp(example("missions/linear.json"));
  m.replace(m.find("\"boss\""), 6, "\"dragon\"");
  test::write_text(dir.file("dragon.json"), m);
  const test::CliResult no = test::run_exe({"generate", "--templates", example("templates/crypt.tmj"), "--mission",
                                            dir.file("dragon.json"), "--json", dir.file("x.json")});
  EXPECT_EQ(no.code, 1);
  EXPECT_NE(no.err.find("node throne: no template of type dragon"), std::string::npos) << no.err;
}

}  // namespace
}  // namespace catacomb
