// batch --seeds-file: the parser, and the run that regenerates exactly the listed seeds with the
// same bytes as the range run that first made them.
#include "tools/batch/seeds_file.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/atomic_file.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using cli::parse_seeds_file;

void expect_refused(const std::string& text, const std::string& message) {
  try {
    parse_seeds_file(text, "picks.txt", 5);
    ADD_FAILURE() << "no error; expected " << message;
  } catch (const InvalidArgument& e) { EXPECT_EQ(std::string(e.what()), message); }
}

TEST(SeedsFileTest, ReadsOneSeedPerLineWithCommentsInTheFilesOrder) {
  EXPECT_EQ(parse_seeds_file(
                "# picks of batch rooms 1..100\n# catacomb batch --seeds-file picks.txt\n12\n  7\t# the long one\r\n"
                "\n18446744073709551615\n0",
                "picks.txt", 100),
            (std::vector<uint64_t>{12, 7, 18446744073709551615u, 0}));
}

TEST(SeedsFileTest, RefusesBadLinesWithTheirLineNumbers) {
  expect_refused("1\n2\n12a\n",
                 "picks.txt line 3 = \"12a\" (expected one seed per line, an unsigned 64-bit decimal integer; "
                 "'#' starts a comment)");
  expect_refused("-1\n",
                 "picks.txt line 1 = \"-1\" (expected one seed per line, an unsigned 64-bit decimal integer; "
                 "'#' starts a comment)");
  expect_refused("1 2\n",
                 "picks.txt line 1 = \"1 2\" (expected one seed per line, an unsigned 64-bit decimal integer; "
                 "'#' starts a comment)");
  expect_refused("18446744073709551616\n",
                 "picks.txt line 1 = \"18446744073709551616\" (expected one seed per line, an "
                 "unsigned 64-bit decimal integer; '#' starts a comment)");
  expect_refused("5\n# x\n7\n5\n", "picks.txt line 4 = 5 (expected each seed once (it is on line 1 too))");
  expect_refused("# nothing\n\n",
                 "picks.txt = no seed (expected at least one seed, one per line ('#' starts a comment))");
  expect_refused("1\n2\n3\n4\n5\n6\n",
                 "picks.txt = more than 5 seeds (expected at most 5 seeds; split it into several runs)");
  expect_refused("\x01\xff\n",
                 "picks.txt line 1 = \"??\" (expected one seed per line, an unsigned 64-bit decimal integer; "
                 "'#' starts a comment)");
}

TEST(SeedsFileTest, BatchRegeneratesExactlyTheListedSeedsByteForByte) {
  test::TempDir dir;
  const std::vector<std::string> recipe = {"--generator", "rooms", "--width", "48", "--height", "32", "--tmj", "--map"};
  std::vector<std::string> range = {"batch", "--seeds", "1..8", "--out", dir.file("range")};
  range.insert(range.end(), recipe.begin(), recipe.end());
  ASSERT_EQ(test::run_exe(range).code, 0);
  write_file_atomic(dir.file("picks.txt"), "# my picks\n7\n2 # nice loops\n5\n");
  std::vector<std::string> picked = {"batch", "--seeds-file",    dir.file("picks.txt"),
                                     "--out", dir.file("picks"), "--html"};
  picked.insert(picked.end(), recipe.begin(), recipe.end());
  const test::CliResult r = test::run_exe(picked);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("3 seeds, 3 valid"), std::string::npos) << r.out;
  size_t compared = 0;
  for (const std::string& name : test::list_dir(dir.file("picks"))) {
    if (!name.starts_with("seed-")) continue;
    const std::string seed = name.substr(5, name.find('.') - 5);
    EXPECT_TRUE(seed == "7" || seed == "2" || seed == "5") << name;
    EXPECT_EQ(test::slurp(dir.file("picks/" + name)), test::slurp(dir.file("range/" + name))) << name;
    ++compared;
  }
  EXPECT_EQ(compared, 3u * 5u);  // png, json, txt, tmj and map per seed
  EXPECT_EQ(test::slurp(dir.file("picks/catacomb-tileset.tsj")), test::slurp(dir.file("range/catacomb-tileset.tsj")));
  // The summary lists the seeds in the file's order.
  const std::string csv = test::slurp(dir.file("picks/summary.csv"));
  EXPECT_LT(csv.find("\n7,"), csv.find("\n2,"));
  EXPECT_LT(csv.find("\n2,"), csv.find("\n5,"));
}

TEST(SeedsFileTest, BatchRefusesBadSeedsFilesWithExitTwoBeforeAnyWork) {
  test::TempDir dir;
  write_file_atomic(dir.file("bad.txt"), "1\nten\n");
  test::CliResult r = test::run_exe({"batch", "--seeds-file", dir.file("bad.txt"), "--out", dir.file("out")});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bad.txt line 2 = \"ten\""), std::string::npos) << r.err;
  EXPECT_FALSE(test::file_exists(dir.file("out")));
  r = test::run_exe({"batch", "--seeds-file", dir.file("bad.txt"), "--seeds", "1..3", "--out", dir.file("out")});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("excludes"), std::string::npos) << r.err;
  r = test::run_exe({"batch", "--seeds-file", dir.file("missing.txt"), "--out", dir.file("out")});
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_FALSE(test::file_exists(dir.file("out")));
}

}  // namespace
}  // namespace catacomb
