// The flags that give a config on a command line (the review page's regenerate commands).
#include "tools/generator_flags.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include <catacomb/pipeline/generate.hpp>
#include <catacomb/io/json_map.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

TEST(GeneratorFlagsTextTest, NamesOnlyWhatDiffersFromTheDefaults) {
  EXPECT_EQ(cli::generator_flags_text(GenerateConfig{}), "");
  GenerateConfig c;
  c.generator = GeneratorKind::Caves;
  c.width = 48;
  c.caves.fill = 47.5;
  c.deep_water = true;
  EXPECT_EQ(cli::generator_flags_text(c), " --generator caves --width 48 --fill 47.5 --deep-water");
}

TEST(GeneratorFlagsTextTest, TheFlagsRegenerateTheSameDungeon) {
  GenerateConfig c;
  c.generator = GeneratorKind::Caves;
  c.width = 50;
  c.height = 31;
  c.caves.fill = 46.25;
  c.decor.water = 0.1;
  c.moves.neighbors = 4;
  std::vector<std::string> args = {"generate", "--seed", "9"};
  std::istringstream words(cli::generator_flags_text(c));
  for (std::string w; words >> w;) args.push_back(w);
  const test::CliResult r = test::run_cli(args);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')).size(), 50u);
  test::TempDir dir;
  args.insert(args.end(), {"--json", dir.file("a.json")});
  ASSERT_EQ(test::run_cli(args).code, 0);
  EXPECT_EQ(read_json_map(test::slurp(dir.file("a.json"))).tiles, generate_dungeon(c, 9).dungeon.tiles);
}

}  // namespace
}  // namespace catacomb
