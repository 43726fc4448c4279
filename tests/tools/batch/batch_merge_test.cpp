// catacomb batch --merge (#35): the summary of a batch's shards is the unsharded batch's, timings
// aside, in any order of the shard directories; anything that is not every shard of one batch
// exactly once is refused before --out is touched.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "support/test_support.hpp"
#include "tools/batch/batch_merge.hpp"

namespace catacomb {
namespace {

namespace fs = std::filesystem;

// Small caves with a lock: a few hundred a second, and the lock columns in the rows.
std::vector<std::string> batch(const std::string& dir, const std::vector<std::string>& more = {}) {
  std::vector<std::string> args = {"batch",   "--generator", "caves",     "--width", "40",    "--height", "30",
                                   "--locks", "1",           "--threads", "2",       "--out", dir};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// Without the timings (generate_ms, elapsed_s, maps_per_s) that differ between any two runs.
std::string without_timings(const std::string& text) {
  std::string s = std::regex_replace(
      text, std::regex(R"re("(generate_ms|elapsed_s|maps_per_s)": ?(\{[^}]*\}|[0-9.e+-]+|null))re"), "");
  return std::regex_replace(s, std::regex(R"(^((?:[^,\n]*,){16})[^,\n]*)", std::regex::multiline), "$1");
}

TEST(BatchMergeTest, ThreeShardsMergeToTheUnshardedBatch) {
  test::TempDir t;
  ASSERT_EQ(test::run_cli(batch(t.file("all"), {"--seeds", "5..234"})).code, 0);
  for (const char* k : {"1", "2", "3"})
    ASSERT_EQ(
        test::run_cli(batch(t.file(std::string("s") + k), {"--seeds", "5..234", "--shard", std::string(k) + "/3"})).code,
        0);
  const test::CliResult r = test::run_cli(
      {"batch", "--merge", t.file("s2"), t.file("s3"), t.file("s1"), "--out", t.file("merged")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "230 seeds, 230 valid (100.0%), merged from 3 shards into " + t.file("merged") + "\n");
  const std::vector<std::string> names = {"contact-sheet-1.png", "contact-sheet-2.png", "contact-sheet-3.png",
                                          "seeds.jsonl",         "summary.csv",         "summary.json"};
  EXPECT_EQ(test::list_dir(t.file("merged")), names);
  for (const std::string& name : names) {
    const std::string a = test::slurp(t.file("all/" + name)), b = test::slurp(t.file("merged/" + name));
    if (name.starts_with("contact")) EXPECT_TRUE(a == b) << name;
    else EXPECT_EQ(without_timings(a), without_timings(b)) << name;
  }
  // The exact rows come only from a run with --shard.
  EXPECT_FALSE(test::file_exists(t.file("all/seeds.exact.jsonl")));
}

TEST(BatchMergeTest, ASeedsFileBatchMergesToo) {
  test::TempDir t;
  test::write_text(t.file("seeds.txt"), "40\n7\n99\n3\n12\n");
  ASSERT_EQ(test::run_cli(batch(t.file("all"), {"--seeds-file", t.file("seeds.txt")})).code, 0);
  for (const char* k : {"1", "2"})
    ASSERT_EQ(test::run_cli(batch(t.file(std::string("s") + k),
                                  {"--seeds-file", t.file("seeds.txt"), "--shard", std::string(k) + "/2"}))
                  .code,
              0);
  ASSERT_EQ(test::run_cli({"batch", "--merge", t.file("s1"), t.file("s2"), "--out", t.file("m")}).code, 0);
  for (const char* name : {"summary.csv", "seeds.jsonl", "summary.json"})
    EXPECT_EQ(without_timings(test::slurp(t.file(std::string("all/") + name))),
              without_timings(test::slurp(t.file(std::string("m/") + name))))
        << name;
}

TEST(BatchMergeTest, RefusesWhatIsNotEveryShardOfOneBatchOnce) {
  test::TempDir t;
  for (const char* k : {"1", "2", "3"})
    ASSERT_EQ(
        test::run_cli(batch(t.file(std::string("s") + k), {"--seeds", "1..9", "--shard", std::string(k) + "/3"})).code,
        0);
  ASSERT_EQ(test::run_cli(batch(t.file("wide"), {"--seeds", "1..9", "--shard", "3/3", "--fill", "44"})).code, 0);
  ASSERT_EQ(test::run_cli(batch(t.file("plain"), {"--seeds", "1..9"})).code, 0);
  const std::string out = t.file("out");
  struct Case {
    std::vector<std::string> dirs;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{t.file("s1"), t.file("s2")},
       "--merge = " + t.file("s1") + " (expected every shard of 3 (shard 3/3 is missing))"},
      {{t.file("s1"), t.file("s2"), t.file("s2")}, "(expected each shard once (shard 2 is also " + t.file("s2") + "))"},
      {{t.file("s1"), t.file("s2"), t.file("wide")},
       "--merge = " + t.file("wide") + " (expected a shard of the same batch"},
      {{t.file("plain")}, "--merge = " + t.file("plain") + " (expected a shard run with --shard K/N"},
      {{t.file("nowhere")}, "nowhere/summary.json"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"batch", "--merge"};
    args.insert(args.end(), c.dirs.begin(), c.dirs.end());
    args.insert(args.end(), {"--out", out});
    const test::CliResult r = test::run_cli(args);
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out)) << c.message;
  }
  const test::CliResult same = test::run_cli(
      {"batch", "--merge", t.file("s1"), t.file("s2"), t.file("s3"), "--out", t.file("s2")});
  EXPECT_EQ(same.code, 2);
  EXPECT_NE(same.err.find("--out = " + t.file("s2") + " (expected a directory other than the shards'"),
            std::string::npos)
      << same.err;
  const test::CliResult both = test::run_cli({"batch", "--merge", t.file("s1"), "--seeds", "1..3", "--out", out});
  EXPECT_EQ(both.code, 2);
}

}  // namespace
}  // namespace catacomb
