// catacomb batch --merge (#35): the summary of a batch's shards is the unsharded batch's, timings
// aside, in any order of the shard directories; anything that is not every shard of one batch
// exactly once is refused before --out is touched.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
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

// Without the timings (generate_ms, elapsed_s, maps_per_s) that differ between any two runs (in
// the CSV, generate_ms is the 20th column, after the lock and progression columns).
std::string without_timings(const std::string& text) {
  std::string s = std::regex_replace(
      text, std::regex(R"re("(generate_ms|elapsed_s|maps_per_s)": ?(\{[^}]*\}|[0-9.e+-]+|null))re"), "");
  return std::regex_replace(s, std::regex(R"(^((?:[^,\n]*,){19})[^,\n]*)", std::regex::multiline), "$1");
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

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string crypt() { return std::string(CATACOMB_SOURCE_DIR) + "/examples/templates/crypt.tmj"; }

// A small batch of the crypt set's rooms, run as shard 1/1 (so that --merge takes it).
std::vector<std::string> crypt_batch(const std::string& dir, const std::string& seeds,
                                     const std::vector<std::string>& more) {
  std::vector<std::string> args = {"batch", "--templates", crypt(), "--width",   "60", "--height", "40", "--seeds",
                                   seeds,   "--shard",     "1/1",   "--threads", "2",  "--out",    dir};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(BatchMergeTest, RowsCarryTheTemplateSetThemeAndMissionAndReadBack) {
  cli::SeedRow row;
  row.seed = 7;
  row.valid = true;
  row.templates = "crypt";
  row.theme = "flooded, \"deep\"";
  row.mission = "two-cycles";
  const cli::BatchColumns design{false, false, false, true};
  const std::vector<std::string> names = cli::batch_column_names(design);
  EXPECT_EQ(std::vector<std::string>(names.end() - 3, names.end()),
            (std::vector<std::string>{"templates", "theme", "mission"}));
  EXPECT_TRUE(cli::batch_csv_row(row, design).ends_with(",crypt,\"flooded, \"\"deep\"\"\",two-cycles\n"));
  cli::SeedRow back;
  ASSERT_TRUE(cli::batch_row_from_jsonl(cli::batch_jsonl_row(row, design), back));
  EXPECT_EQ(back.templates, "crypt");
  EXPECT_EQ(back.theme, row.theme);
  EXPECT_EQ(back.mission, "two-cycles");
  // A batch without a template set or a mission has none of these columns, as before.
  const std::vector<std::string> plain = cli::batch_column_names(cli::BatchColumns{});
  EXPECT_EQ(std::find(plain.begin(), plain.end(), "theme"), plain.end());
  EXPECT_EQ(cli::batch_jsonl_row(row, cli::BatchColumns{}).find("theme"), std::string::npos);
}

TEST(BatchMergeTest, BatchesOfDifferentThemesMergeIntoOneSummaryAndPage) {
  test::TempDir t;
  ASSERT_EQ(test::run_cli(crypt_batch(t.file("flooded"), "4..6", {"--theme", "flooded"})).code, 0);
  ASSERT_EQ(test::run_cli(crypt_batch(t.file("crypt"), "1..3", {"--theme", "crypt"})).code, 0);
  ASSERT_EQ(test::run_cli(crypt_batch(t.file("none"), "7..8", {})).code, 0);
  const test::CliResult r = test::run_cli(
      {"batch", "--merge", t.file("flooded"), t.file("none"), t.file("crypt"), "--out", t.file("m"), "--html"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "8 seeds, 8 valid (100.0%), merged from 3 shards of 3 batches into " + t.file("m") + "\n");
  const std::vector<std::string> csv = lines_of(test::slurp(t.file("m/summary.csv")));
  ASSERT_EQ(csv.size(), 9u);
  EXPECT_TRUE(csv[0].ends_with(",txt,templates,theme,mission")) << csv[0];
  const std::vector<std::string> themes = {"crypt", "crypt", "crypt", "flooded", "flooded", "flooded", "", ""};
  for (size_t i = 0; i < themes.size(); ++i) {
    EXPECT_TRUE(csv[i + 1].starts_with(std::to_string(i + 1) + ",")) << csv[i + 1];  // the batches in seed order
    EXPECT_TRUE(csv[i + 1].ends_with(",crypt," + themes[i] + ",")) << csv[i + 1];
  }
  size_t at = 0;
  for (const std::string& line : lines_of(test::slurp(t.file("m/seeds.jsonl"))))
    EXPECT_EQ(nlohmann::json::parse(line)["theme"], themes[at++]) << line;
  const auto summary = nlohmann::json::parse(test::slurp(t.file("m/summary.json")));
  EXPECT_EQ(summary["themes"], (std::vector<std::string>{"crypt", "flooded", ""}));
  EXPECT_FALSE(summary["parameters"].contains("theme"));
  EXPECT_EQ(summary["parameters"]["templates"], "crypt");
  EXPECT_EQ(summary["range"], "1..8");
  // The page: a button per theme, each card's theme, links into the batches' own directories and
  // each theme's own command.
  const std::string page = test::slurp(t.file("m/index.html"));
  for (const char* b : {"data-theme=\"crypt\" aria-pressed=\"false\">crypt (3)</button>",
                        "data-theme=\"flooded\" aria-pressed=\"false\">flooded (3)</button>",
                        "data-theme=\"\" aria-pressed=\"false\">no theme (2)</button>", "id=\"theme-all\""})
    EXPECT_NE(page.find(b), std::string::npos) << b;
  EXPECT_NE(page.find("data-seed=\"5\" data-valid=\"1\""), std::string::npos);
  EXPECT_NE(page.find("data-png=\"../flooded/seed-5.png\""), std::string::npos);
  EXPECT_NE(page.find("--theme flooded --seed 5 --png"), std::string::npos);
  EXPECT_NE(page.find("--theme crypt --seed 2 --png"), std::string::npos);
  EXPECT_NE(page.find(".tmj --seed 8 --png"), std::string::npos);  // no theme
  // One picks command per theme, each into its own directory, in the batches' order.
  EXPECT_NE(page.find("--theme crypt --out picks-1 --html\ncatacomb batch --seeds-file picks.txt"), std::string::npos);
  EXPECT_NE(page.find("--theme flooded --out picks-2 --html\n"), std::string::npos);
  EXPECT_NE(page.find(".tmj --out picks-3 --html</pre>"), std::string::npos);
}

TEST(BatchMergeTest, ReadsAShardsCommandsAndRefusesParametersThatAreNotAnObject) {
  const std::string shard = R"({"generator": "rooms", "seeds": 2, "threads": 1, "elapsed_s": 0.1, "shard": "1/1",
    "range": "1..2", "parameters": PARAMS, "columns": ["seed"], "files": {"contact_sheets": []}COMMANDS})";
  auto with = [&shard](const std::string& params, const std::string& commands) {
    return std::regex_replace(std::regex_replace(shard, std::regex("PARAMS"), params), std::regex("COMMANDS"),
                              commands);
  };
  const cli::ShardRun s = cli::parse_shard_summary(
      with(R"({"theme": "moss"})", R"(, "commands": {"generate": "catacomb generate --theme moss", "picks": "p"})"),
      "d");
  EXPECT_EQ(s.generate_command, "catacomb generate --theme moss");
  EXPECT_EQ(s.picks_command, "p");
  EXPECT_EQ(cli::parse_shard_summary(with("{}", ""), "d").generate_command, "");
  auto refusal = [](const std::string& text) {
    try {
      cli::parse_shard_summary(text, "d");
    } catch (const InvalidArgument& e) { return std::string(e.what()); }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal(with(R"(["theme"])", "")), "--merge = d (expected parameters as an object of names and values)");
  EXPECT_TRUE(refusal(with("{}", R"(, "commands": {"generate": 3, "picks": ""})"))
                  .starts_with("--merge = d (expected a batch directory whose summary.json is a batch's"));
  // Counts that are not whole numbers in range are refused, not converted.
  const std::string whole = "--merge = d (expected seeds, threads and scale as whole numbers in range in summary.json)";
  EXPECT_EQ(refusal(std::regex_replace(with("{}", ""), std::regex("\"threads\": 1"), "\"threads\": 1e30")), whole);
  EXPECT_EQ(refusal(std::regex_replace(with("{}", ""), std::regex("\"seeds\": 2"), "\"seeds\": -2")), whole);
  EXPECT_EQ(refusal(with(R"({"scale": 4294967296})", "")), whole);
  EXPECT_EQ(refusal(with(R"({"rooms": 18446744073709551615})", "")), whole);
}

TEST(BatchMergeTest, RefusesBatchesWhoseSeedsOverlapOrThatDifferInMoreThanTheTheme) {
  test::TempDir t;
  ASSERT_EQ(test::run_cli(crypt_batch(t.file("a"), "1..3", {"--theme", "crypt"})).code, 0);
  ASSERT_EQ(test::run_cli(crypt_batch(t.file("b"), "3..5", {"--theme", "flooded"})).code, 0);
  ASSERT_EQ(test::run_cli(crypt_batch(t.file("c"), "6..7", {"--theme", "flooded", "--room-count", "9"})).code, 0);
  const test::CliResult overlap = test::run_cli({"batch", "--merge", t.file("a"), t.file("b"), "--out", t.file("m")});
  EXPECT_EQ(overlap.code, 2);
  EXPECT_NE(overlap.err.find("--merge = " + t.file("b") +
                             " (expected a batch whose seeds no other batch of the merge "
                             "has (its range 3..5 overlaps 1..3 of " +
                             t.file("a") + "))"),
            std::string::npos)
      << overlap.err;
  const test::CliResult other = test::run_cli({"batch", "--merge", t.file("a"), t.file("c"), "--out", t.file("m")});
  EXPECT_EQ(other.code, 2);
  EXPECT_NE(other.err.find("--merge = " + t.file("c") + " (expected a shard of the same batch as " + t.file("a")),
            std::string::npos)
      << other.err;
  EXPECT_FALSE(fs::exists(t.file("m")));
}

// Makes a shard look written before the progression columns (branchiness, cycles,
// critical_path_share): its summary.json lists the columns without them.
void as_before_progression(const std::string& dir) {
  const std::string path = dir + "/summary.json";
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(test::slurp(path));  // its order kept
  std::vector<std::string> columns = j.at("columns").get<std::vector<std::string>>();
  std::erase_if(columns,
                [](const std::string& c) { return c == "branchiness" || c == "cycles" || c == "critical_path_share"; });
  j["columns"] = columns;
  test::write_text(path, j.dump(2) + "\n");
}

TEST(BatchMergeTest, ShardsFromBeforeTheProgressionColumnsMergeAsTheyWereAndNeverWithNewerOnes) {
  test::TempDir t;
  for (const char* k : {"1", "2"})
    ASSERT_EQ(
        test::run_cli(batch(t.file(std::string("s") + k), {"--seeds", "1..6", "--shard", std::string(k) + "/2"})).code,
        0);
  EXPECT_NE(test::slurp(t.file("s1/summary.csv")).find(",optional_objectives,branchiness,cycles,critical_path_share,"),
            std::string::npos);
  as_before_progression(t.file("s2"));
  const test::CliResult mixed = test::run_cli({"batch", "--merge", t.file("s1"), t.file("s2"), "--out", t.file("m")});
  EXPECT_EQ(mixed.code, 2);
  EXPECT_NE(mixed.err.find("--merge = " + t.file("s2") + " (expected a shard with the columns of " + t.file("s1") +
                           " (seed,"),
            std::string::npos)
      << mixed.err;
  EXPECT_NE(mixed.err.find(": the two were written by different versions of catacomb; run them again with one)"),
            std::string::npos)
      << mixed.err;
  EXPECT_FALSE(fs::exists(t.file("m")));
  // Both from before: merged with the columns they had.
  as_before_progression(t.file("s1"));
  const test::CliResult old = test::run_cli({"batch", "--merge", t.file("s1"), t.file("s2"), "--out", t.file("m")});
  ASSERT_EQ(old.code, 0) << old.err;
  const std::string csv = test::slurp(t.file("m/summary.csv"));
  EXPECT_NE(csv.find(",optional_objectives,generate_ms,"), std::string::npos) << csv.substr(0, 300);
  EXPECT_EQ(csv.find("cycles"), std::string::npos);
}

}  // namespace
}  // namespace catacomb
