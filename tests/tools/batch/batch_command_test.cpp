#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <regex>
#include <sstream>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/core/threads.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/room_graph.hpp>
#include <catacomb/render/contact_sheet.hpp>
#include "support/test_support.hpp"
#include "tools/batch/batch_report.hpp"
#include "tools/batch/batch_run.hpp"

namespace catacomb {
namespace {

using test::run_cli;
using test::run_exe;

// A small, quick batch: 48x32 caves.
std::vector<std::string> batch_args(const std::string& out, const std::string& seeds,
                                    const std::vector<std::string>& extra = {}) {
  std::vector<std::string> a = {"batch", "--generator", "caves", "--width", "48", "--height",
                                "32",    "--seeds",     seeds,   "--out",   out};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> split_csv(const std::string& line) {  // rows without quoted fields
  std::vector<std::string> f;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, ',')) f.push_back(cell);
  if (!line.empty() && line.back() == ',') f.emplace_back();
  return f;
}

constexpr size_t kGenerateMsColumn = 11;

// The CSV with the generate_ms column (the one field that varies between runs) blanked.
std::string mask_csv(const std::string& csv) {
  std::string out;
  for (const std::string& line : lines_of(csv)) {
    std::vector<std::string> f = split_csv(line);
    if (f.size() > kGenerateMsColumn && f[0] != "seed") f[kGenerateMsColumn] = "*";
    std::string joined;
    for (size_t i = 0; i < f.size(); ++i) joined += (i ? "," : "") + f[i];
    out += joined + "\n";
  }
  return out;
}

std::string mask_jsonl(const std::string& jsonl) {
  std::string out;
  for (const std::string& line : lines_of(jsonl)) {
    auto j = nlohmann::ordered_json::parse(line);
    j["generate_ms"] = 0;
    out += j.dump() + "\n";
  }
  return out;
}

std::vector<std::string> seed_files(uint64_t seed, bool map = false) {
  const std::string s = "seed-" + std::to_string(seed);
  std::vector<std::string> f = {s + ".json", s + ".png", s + ".txt"};
  if (map) f.push_back(s + ".map");
  return f;
}

TEST(BatchCommandTest, WritesEverySeedsFilesTheSummariesAndTheContactSheet) {
  test::TempDir dir;
  auto r = run_cli(batch_args(dir.path(), "10..13", {"--map", "--html"}));
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<std::string> want = {"contact-sheet.png", "index.html", "seeds.jsonl", "summary.csv", "summary.json"};
  for (uint64_t s = 10; s <= 13; ++s)
    for (const std::string& f : seed_files(s, true)) want.push_back(f);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(test::list_dir(dir.path()), want);
  EXPECT_TRUE(std::regex_match(
      r.out, std::regex(R"(4 seeds, 4 valid \(100\.0%\), [0-9.]+ maps/s, files in )" + dir.path() + "\n")))
      << r.out;
  EXPECT_EQ(r.err, "");  // no progress bar when stderr is not a terminal
  auto sheet = test::decode_png(test::slurp(dir.file("contact-sheet.png")));
  // 48 x 32 maps: 144 x 96 thumbnails, in boxes 96 pixels high (no blank band above them).
  EXPECT_EQ(sheet.width, contact_sheet_layout(4).width);
  EXPECT_EQ(sheet.height, contact_sheet_layout(4, {}, 96).height);
}

TEST(BatchCommandTest, OutputsChoosesTheFilesAndTheContactSheetFollowsThePreviews) {
  test::TempDir dir;
  auto r = run_cli(batch_args(dir.path(), "10..12", {"--outputs", "json,map", "--html"}));
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<std::string> want = {"index.html", "seeds.jsonl", "summary.csv", "summary.json"};
  for (uint64_t s = 10; s <= 12; ++s)
    for (const char* ext : {".json", ".map"}) want.push_back("seed-" + std::to_string(s) + ext);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(test::list_dir(dir.path()), want);  // no PNG: no contact sheet either
  const auto summary = nlohmann::json::parse(test::slurp(dir.file("summary.json")));
  EXPECT_EQ(summary["files"]["contact_sheets"], nlohmann::json::array());
  EXPECT_EQ(summary["parameters"]["outputs"], "json");
  EXPECT_EQ(summary["parameters"]["map"], true);
  const auto row = nlohmann::json::parse(lines_of(test::slurp(dir.file("seeds.jsonl")))[0]);
  EXPECT_EQ(row["png"], "");
  EXPECT_EQ(row["json"], "seed-10.json");
  EXPECT_EQ(row["txt"], "");
  // The page shows what exists: no preview, links to the JSON and the map, commands for them.
  const std::string page = test::slurp(dir.file("index.html"));
  EXPECT_EQ(page.find("seed-10.png"), std::string::npos);
  EXPECT_NE(page.find("no preview"), std::string::npos);
  EXPECT_NE(page.find("--seed 10 --json seed-10.json --map seed-10.map"), std::string::npos);
  EXPECT_NE(page.find("--outputs json,map --out picks --html"), std::string::npos);
  // The same seed's JSON as the default batch writes.
  test::TempDir all;
  ASSERT_EQ(run_cli(batch_args(all.path(), "10..10")).code, 0);
  EXPECT_EQ(test::slurp(dir.file("seed-10.json")), test::slurp(all.file("seed-10.json")));
}

TEST(BatchCommandTest, NoFilesWritesOnlyTheSummaries) {
  test::TempDir dir, all;
  auto r = run_cli(batch_args(dir.path(), "1..30", {"--no-files"}));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"seeds.jsonl", "summary.csv", "summary.json"}));
  EXPECT_TRUE(std::regex_match(
      r.out, std::regex(R"(30 seeds, 30 valid \(100\.0%\), [0-9.]+ maps/s, summaries in )" + dir.path() + "\n")))
      << r.out;
  const auto summary = nlohmann::json::parse(test::slurp(dir.file("summary.json")));
  EXPECT_EQ(summary["parameters"]["outputs"], "none");
  EXPECT_GT(summary["maps_per_s"].get<double>(), 0);
  // The rows are those of a batch that writes every file, but for the file names.
  ASSERT_EQ(run_cli(batch_args(all.path(), "1..30")).code, 0);
  std::string with_files = mask_csv(test::slurp(all.file("summary.csv")));
  for (const char* ext : {".png", ".json", ".txt"})
    with_files = std::regex_replace(with_files, std::regex("seed-[0-9]+\\" + std::string(ext)), "");
  EXPECT_EQ(mask_csv(test::slurp(dir.file("summary.csv"))), with_files);
}

TEST(BatchCommandTest, ThreadsDefaultsAsGenerateAndValidateDo) {
  test::TempDir dir;
  ASSERT_EQ(run_cli(batch_args(dir.path(), "1..2", {"--no-files"})).code, 0);
  const auto summary = nlohmann::json::parse(test::slurp(dir.file("summary.json")));
  EXPECT_EQ(summary["threads"], default_threads());
}

TEST(BatchCommandTest, EachSeedsFilesAreExactlyWhatGenerateWrites) {
  test::TempDir dir;
  ASSERT_EQ(run_cli(batch_args(dir.path(), "21..22", {"--map", "--scale", "2"})).code, 0);
  auto g = run_cli({"generate", "--generator", "caves", "--width", "48", "--height", "32", "--seed", "22", "--scale",
                    "2", "--png", dir.file("g.png"), "--json", dir.file("g.json"), "--txt", dir.file("g.txt"), "--map",
                    dir.file("g.map")});
  ASSERT_EQ(g.code, 0) << g.err;
  for (const char* ext : {"png", "json", "txt", "map"})
    EXPECT_EQ(test::slurp(dir.file(std::string("seed-22.") + ext)), test::slurp(dir.file(std::string("g.") + ext)))
        << ext;
}

TEST(BatchCommandTest, ABatchWithLocksHasTheWalkthroughMetricsInEveryRow) {
  test::TempDir dir;
  ASSERT_EQ(run_cli(batch_args(dir.path(), "1..3", {"--locks", "2"})).code, 0);
  std::vector<std::string> lines = lines_of(test::slurp(dir.file("summary.csv")));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0],
            "seed,valid,attempts,open_fraction,rooms,objectives,route_cost,route_length,loops,dead_ends,chokepoints,"
            "critical_path_length,critical_path_cost,keys_on_critical_path,backtracking,optional_objectives,"
            "branchiness,cycles,critical_path_share,generate_ms,error,png,json,txt");
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> f = split_csv(lines[i]);
    ASSERT_EQ(f.size(), 24u) << lines[i];
    EXPECT_GT(std::stoi(f[11]), 0);  // critical path length
    EXPECT_EQ(f[13], "2");           // both keys are on it
    // The progression metrics are those of the dungeon's room graph and critical path.
    GenerateConfig cfg;
    cfg.generator = GeneratorKind::Caves;
    cfg.width = 48;
    cfg.height = 32;
    cfg.locks = 2;
    const GenerateResult g = generate_dungeon(cfg, std::stoull(f[0]));
    ASSERT_TRUE(g.report.solution);
    const ProgressionMetrics p = progression_metrics(room_graph(g.dungeon), *g.report.solution);
    EXPECT_EQ(f[16], format_fixed(p.branchiness(), 6));
    EXPECT_EQ(std::stoi(f[17]), p.cycles);
    EXPECT_EQ(f[18], format_fixed(static_cast<double>(p.critical_cells) / double(g.report.passable_cells), 6));
    EXPECT_GT(std::stod(f[18]), 0.0);
    EXPECT_LE(std::stod(f[18]), 1.0);
  }
  const auto row = nlohmann::json::parse(lines_of(test::slurp(dir.file("seeds.jsonl")))[0]);
  EXPECT_EQ(row["keys_on_critical_path"], 2);
}

TEST(BatchCommandTest, CsvHasTheHeaderAndOneRowPerSeedInSeedOrder) {
  test::TempDir dir;
  ASSERT_EQ(run_cli(batch_args(dir.path(), "5..9", {"--threads", "2"})).code, 0);
  std::vector<std::string> lines = lines_of(test::slurp(dir.file("summary.csv")));
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0],
            "seed,valid,attempts,open_fraction,rooms,objectives,route_cost,route_length,loops,dead_ends,chokepoints,"
            "generate_ms,error,png,json,txt");
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> f = split_csv(lines[i]);
    ASSERT_EQ(f.size(), 16u) << lines[i];
    const std::string seed = std::to_string(4 + i);
    EXPECT_EQ(f[0], seed);
    EXPECT_EQ(f[1], "true");
    EXPECT_TRUE(std::regex_match(f[3], std::regex(R"(0\.\d{6})"))) << f[3];  // fixed precision
    EXPECT_TRUE(std::regex_match(f[6], std::regex(R"(\d+\.\d{3})"))) << f[6];
    EXPECT_EQ(f[5], "5");  // start, exit and 3 further objectives
    EXPECT_EQ(f[12], "");
    EXPECT_EQ(f[13], "seed-" + seed + ".png");
    EXPECT_EQ(f[15], "seed-" + seed + ".txt");
  }
}

TEST(BatchCommandTest, JsonLinesParseInColumnOrderAndAgreeWithTheCsv) {
  test::TempDir dir;
  ASSERT_EQ(run_cli(batch_args(dir.path(), "30..33", {"--map"})).code, 0);
  std::vector<std::string> jl = lines_of(test::slurp(dir.file("seeds.jsonl")));
  std::vector<std::string> csv = lines_of(test::slurp(dir.file("summary.csv")));
  ASSERT_EQ(jl.size(), 4u);
  ASSERT_EQ(csv.size(), 5u);
  const std::vector<std::string> names = split_csv(csv[0]);
  for (size_t i = 0; i < jl.size(); ++i) {
    auto j = nlohmann::ordered_json::parse(jl[i]);
    std::vector<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
    EXPECT_EQ(keys, names);
    const std::vector<std::string> f = split_csv(csv[i + 1]);
    EXPECT_EQ(j["seed"].get<uint64_t>(), 30 + i);
    EXPECT_TRUE(j["valid"].get<bool>());
    EXPECT_EQ(std::to_string(j["route_length"].get<int64_t>()), f[7]);
    EXPECT_DOUBLE_EQ(j["route_cost"].get<double>(), std::stod(f[6]));
    EXPECT_DOUBLE_EQ(j["open_fraction"].get<double>(), std::stod(f[3]));
    EXPECT_EQ(j["map"].get<std::string>(), "seed-" + std::to_string(30 + i) + ".map");
  }
}

TEST(BatchCommandTest, SummaryJsonAggregatesTheRows) {
  test::TempDir dir;
  ASSERT_EQ(run_cli(batch_args(dir.path(), "40..46", {"--threads", "2"})).code, 0);
  auto s = nlohmann::json::parse(test::slurp(dir.file("summary.json")));
  std::vector<double> lengths, costs;
  double loops = 0;
  for (const std::string& line : lines_of(test::slurp(dir.file("seeds.jsonl")))) {
    auto j = nlohmann::json::parse(line);
    lengths.push_back(j["route_length"].get<double>());
    costs.push_back(j["route_cost"].get<double>());
    loops += j["loops"].get<double>();
  }
  ASSERT_EQ(lengths.size(), 7u);
  std::sort(lengths.begin(), lengths.end());
  std::sort(costs.begin(), costs.end());
  EXPECT_EQ(s["seeds"], 7);
  EXPECT_EQ(s["valid"], 7);
  EXPECT_EQ(s["failed"], 0);
  EXPECT_DOUBLE_EQ(s["validity_rate"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(s["route_length"]["p50"].get<double>(), lengths[3]);  // the median of 7
  EXPECT_DOUBLE_EQ(s["route_length"]["min"].get<double>(), lengths.front());
  EXPECT_DOUBLE_EQ(s["route_length"]["max"].get<double>(), lengths.back());
  EXPECT_DOUBLE_EQ(s["route_length"]["p90"].get<double>(), lengths[6]);  // nearest rank: ceil(6.3) = 7
  EXPECT_DOUBLE_EQ(s["route_cost"]["p50"].get<double>(), costs[3]);
  EXPECT_NEAR(s["mean"]["loops"].get<double>(), loops / 7, 1e-6);
  EXPECT_EQ(s["threads"], 2);
  EXPECT_EQ(s["shard"], "1/1");
  EXPECT_EQ(s["range"], "40..46");
  EXPECT_EQ(s["parameters"]["width"], 48);
  EXPECT_EQ(s["parameters"]["generator"], "caves");
  EXPECT_EQ(s["files"]["contact_sheets"], nlohmann::json::array({"contact-sheet.png"}));
  EXPECT_TRUE(s["generate_ms"]["p99"].is_number());
}

TEST(BatchCommandTest, FilesAndSummariesDoNotDependOnThreadsOrShards) {
  test::TempDir a, b, c1, c2;
  ASSERT_EQ(run_cli(batch_args(a.path(), "50..56", {"--threads", "1", "--map"})).code, 0);
  ASSERT_EQ(run_cli(batch_args(b.path(), "50..56", {"--threads", "3", "--map"})).code, 0);
  ASSERT_EQ(run_cli(batch_args(c1.path(), "50..56", {"--shard", "1/2", "--threads", "2", "--map"})).code, 0);
  ASSERT_EQ(run_cli(batch_args(c2.path(), "50..56", {"--shard", "2/2", "--threads", "2", "--map"})).code, 0);
  for (uint64_t seed = 50; seed <= 56; ++seed) {
    const std::string& shard = seed < 53 ? c1.path() : c2.path();  // block 1 = floor(7 / 2) = 3 seeds
    for (const std::string& f : seed_files(seed, true)) {
      const std::string want = test::slurp(a.file(f));
      EXPECT_EQ(test::slurp(b.file(f)), want) << f;
      EXPECT_EQ(test::slurp(shard + "/" + f), want) << f;
    }
  }
  EXPECT_EQ(test::slurp(a.file("contact-sheet.png")), test::slurp(b.file("contact-sheet.png")));
  const std::string csv = mask_csv(test::slurp(a.file("summary.csv")));
  EXPECT_EQ(mask_csv(test::slurp(b.file("summary.csv"))), csv);
  EXPECT_EQ(mask_csv(test::slurp(c1.file("summary.csv")) + test::slurp(c2.file("summary.csv"))), csv);
  EXPECT_EQ(lines_of(test::slurp(c2.file("summary.csv"))).size(), 4u);  // no header in shard 2
  const std::string jsonl = mask_jsonl(test::slurp(a.file("seeds.jsonl")));
  EXPECT_EQ(mask_jsonl(test::slurp(b.file("seeds.jsonl"))), jsonl);
  EXPECT_EQ(mask_jsonl(test::slurp(c1.file("seeds.jsonl")) + test::slurp(c2.file("seeds.jsonl"))), jsonl);
  EXPECT_EQ(nlohmann::json::parse(test::slurp(c2.file("summary.json")))["shard"], "2/2");
}

TEST(BatchCommandTest, ASeedWithoutAValidDungeonIsAFailedRowAndTheExitCodeIsOne) {
  test::TempDir dir;
  // 70% initial walls and a single attempt: most 48x32 caves have too little floor.
  auto r = run_exe(batch_args(dir.path(), "1..8", {"--fill", "70", "--max-attempts", "1", "--threads", "2"}));
  ASSERT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos);
  EXPECT_NE(r.err.find("6 seeds without a valid dungeon (first: seed 1: no valid dungeon in 1 attempts"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("8 seeds, 2 valid (25.0%)"), std::string::npos) << r.out;
  std::vector<std::string> want = {"contact-sheet.png", "seeds.jsonl", "summary.csv", "summary.json"};
  for (uint64_t s : {uint64_t{4}, uint64_t{8}})
    for (const std::string& f : seed_files(s)) want.push_back(f);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(test::list_dir(dir.path()), want);  // failed seeds have no files
  std::vector<std::string> rows = lines_of(test::slurp(dir.file("summary.csv")));
  ASSERT_EQ(rows.size(), 9u);
  EXPECT_TRUE(rows[1].starts_with("1,false,1,0.000000,")) << rows[1];
  EXPECT_TRUE(rows[1].ends_with(",no valid dungeon in 1 attempts (attempt 1: the cave has too little floor),,,"))
      << rows[1];
  auto first = nlohmann::json::parse(lines_of(test::slurp(dir.file("seeds.jsonl")))[0]);
  EXPECT_FALSE(first["valid"].get<bool>());
  EXPECT_EQ(first["png"], "");
  auto s = nlohmann::json::parse(test::slurp(dir.file("summary.json")));
  EXPECT_EQ(s["valid"], 2);
  EXPECT_EQ(s["failed"], 6);
  EXPECT_DOUBLE_EQ(s["validity_rate"].get<double>(), 0.25);
  // Every seed failed: no route statistics at all, still exit 1 and the summaries.
  test::TempDir none;
  auto n = run_cli(batch_args(none.path(), "1..2", {"--fill", "100", "--max-attempts", "1"}));
  EXPECT_EQ(n.code, 1);
  auto ns = nlohmann::json::parse(test::slurp(none.file("summary.json")));
  EXPECT_TRUE(ns["route_length"].is_null());
  EXPECT_TRUE(ns["mean"]["loops"].is_null());
  EXPECT_DOUBLE_EQ(ns["validity_rate"].get<double>(), 0.0);
}

TEST(BatchCommandTest, MoreThanAHundredSeedsGiveNumberedContactSheetPages) {
  test::TempDir dir;
  auto r = run_cli({"batch", "--generator", "caves", "--width", "20", "--height", "12", "--objectives", "0", "--seeds",
                    "1000..1100", "--threads", "2", "--out", dir.path()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_FALSE(test::file_exists(dir.file("contact-sheet.png")));
  auto p1 = test::decode_png(test::slurp(dir.file("contact-sheet-1.png")));
  auto p2 = test::decode_png(test::slurp(dir.file("contact-sheet-2.png")));
  EXPECT_EQ(p1.width, contact_sheet_layout(100).width);
  EXPECT_EQ(p1.height, contact_sheet_layout(100, {}, 96).height);  // 20 x 12 maps: 160 x 96 thumbnails
  EXPECT_EQ(p2.width, contact_sheet_layout(1).width);
  EXPECT_FALSE(test::file_exists(dir.file("contact-sheet-3.png")));
  EXPECT_EQ(lines_of(test::slurp(dir.file("summary.csv"))).size(), 102u);
}

TEST(BatchCommandTest, ASingleSeedAndANewOutputDirectoryAreAccepted) {
  test::TempDir dir;
  auto r = run_cli(batch_args(dir.file("new/"), "18446744073709551615"));  // a trailing '/' too
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(test::file_exists(dir.file("new/seed-18446744073709551615.png")));
  EXPECT_EQ(lines_of(test::slurp(dir.file("new/summary.csv"))).size(), 2u);
}

TEST(BatchCommandTest, HelpHasExamplesAndExitCodes) {
  auto h = run_cli({"batch", "--help"});
  EXPECT_EQ(h.code, 0);
  EXPECT_NE(h.out.find("Examples:"), std::string::npos);
  EXPECT_NE(h.out.find("Exit codes: 0"), std::string::npos);
  EXPECT_NE(h.out.find("--shard"), std::string::npos);
  EXPECT_NE(h.out.find("--fill"), std::string::npos);  // every generator flag
  EXPECT_NE(h.out.find("--config"), std::string::npos);
}

TEST(BatchCommandTest, ConfigFileSetsTheParameters) {
  test::TempDir dir;
  test::write_text(dir.file("c.json"), R"({"generator": "caves", "width": 30, "height": 20, "seed": 4})");
  test::TempDir out;
  auto r = run_cli({"batch", "--config", dir.file("c.json"), "--height", "24", "--seeds", "3", "--out", out.path()});
  ASSERT_EQ(r.code, 0) << r.err;
  auto s = nlohmann::json::parse(test::slurp(out.file("summary.json")));
  EXPECT_EQ(s["parameters"]["width"], 30);
  EXPECT_EQ(s["parameters"]["height"], 24);
  EXPECT_EQ(s["range"], "3..3");
}

struct BadBatch {
  std::vector<std::string> args;  // "@DIR" is the scratch directory; defaults fill what is missing
  std::string pattern;            // regex the one-line error must match
};

void PrintTo(const BadBatch& b, std::ostream* os) {
  for (const auto& a : b.args) *os << a << ' ';
}

class BatchBadInputTest : public ::testing::TestWithParam<BadBatch> {};

TEST_P(BatchBadInputTest, IsRefusedWithExitCode2BeforeWritingAnything) {
  test::TempDir dir;
  test::write_placeholder(dir.file("file"));
  std::vector<std::string> args = {"batch"};
  auto given = [&](const std::string& flag) {
    return std::find(GetParam().args.begin(), GetParam().args.end(), flag) != GetParam().args.end();
  };
  for (const auto& a : GetParam().args) args.push_back(std::regex_replace(a, std::regex("@DIR"), dir.path()));
  const std::vector<std::pair<std::string, std::string>> defaults = {
      {"--generator", "caves"}, {"--width", "48"}, {"--height", "32"}, {"--seeds", "1..3"}, {"--out", dir.file("out")}};
  for (const auto& [flag, value] : defaults)
    if (!given(flag)) {
      args.push_back(flag);
      args.push_back(value);
    }
  auto r = run_cli(args);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex(GetParam().pattern))) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;  // one line
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"file"}));  // not even the --out directory
  EXPECT_EQ(test::slurp(dir.file("file")), "placeholder");
}

INSTANTIATE_TEST_SUITE_P(
    Cases, BatchBadInputTest,
    ::testing::Values(
        BadBatch{{"--seeds", "5..3"}, R"(^catacomb batch: error: --seeds = 5\.\.3 \(expected A\.\.B with A <= B\)\n$)"},
        BadBatch{{"--seeds", "abc"}, R"(--seeds = abc \(expected A\.\.B or A: unsigned 64-bit)"},
        BadBatch{{"--seeds", "1..x"}, R"(--seeds = 1\.\.x \(expected A\.\.B or A)"},
        BadBatch{{"--seeds", "1.."}, R"(--seeds = 1\.\. \(expected A\.\.B or A)"},
        BadBatch{{"--seeds", "-1..3"}, R"(--seeds = -1\.\.3 \(expected A\.\.B or A)"},
        BadBatch{{"--seeds", "18446744073709551616"}, R"(--seeds = 18446744073709551616 \(expected A\.\.B or A)"},
        BadBatch{{"--seeds", "0..18446744073709551615"},
                 R"(--seeds = 0\.\.18446744073709551615 \(expected at most 10000000 seeds)"},
        BadBatch{{"--seeds", "1..10000001"}, R"(expected at most 10000000 seeds)"},
        BadBatch{{"--threads", "0"}, R"(--threads = 0 \(expected 1 to 256\))"},
        BadBatch{{"--threads", "257"}, R"(--threads = 257 \(expected 1 to 256\))"},
        BadBatch{{"--threads", "two"}, R"(--threads = two \(expected an integer from)"},
        BadBatch{{"--shard", "3/2"}, R"(--shard = 3/2 \(expected K/N with 1 <= K <= N)"},
        BadBatch{{"--shard", "0/2"}, R"(--shard = 0/2 \(expected K/N)"},
        BadBatch{{"--shard", "1"}, R"(--shard = 1 \(expected K/N)"},
        BadBatch{{"--shard", "1/0"}, R"(--shard = 1/0 \(expected K/N)"},
        BadBatch{{"--shard", "a/b"}, R"(--shard = a/b \(expected K/N)"},
        BadBatch{{"--out", "@DIR/file"}, R"(--out = .*/file \(expected a writable directory.*; it is a file\))"},
        BadBatch{{"--out", "@DIR/missing/out"}, R"(--out = .*/missing/out \(expected .*/missing' does not exist\))"},
        BadBatch{{"--width", "0"}, R"(--width = 0 \(expected 3 to 16384\))"},
        BadBatch{{"--generator", "lava"}, R"(--generator = lava \(expected rooms, caves or platformer\))"},
        BadBatch{{"--fill", "150"}, R"(--fill = 150 \(expected 0 to 100\))"},
        BadBatch{{"--scale", "65"}, R"(--scale = 65 \(expected 1 to 64\))"},
        BadBatch{{"--width", "16384", "--height", "16384", "--scale", "2"},
                 R"(--scale = 2 \(expected at most 1 for a 16384x16384 map)"},
        BadBatch{{"--config", "@DIR/file"}, R"(--config = .*/file \(expected a JSON object)"},
        BadBatch{{"--outputs", "png,pdf"},
                 R"(--outputs = 'png,pdf' \(expected a comma-separated list of png, json, txt, tmj and map)"},
        BadBatch{{"--outputs", ""}, R"(--outputs = '' \(expected)"},
        BadBatch{{"--no-files", "--outputs", "json"}, "--outputs excludes --no-files"},
        BadBatch{{"--no-files", "--map"}, "--map excludes --no-files"}, BadBatch{{"--bogus", "1"}, "--bogus"}));

TEST(BatchCommandTest, MissingSeedsIsAUsageError) {
  test::TempDir dir;
  auto r = run_exe({"batch", "--out", dir.path()});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--seeds"), std::string::npos) << r.err;
  EXPECT_TRUE(test::list_dir(dir.path()).empty());
}

TEST(BatchRangeTest, SeedRangesAreParsedWithoutOverflow) {
  using cli::parse_seed_range;
  EXPECT_EQ(parse_seed_range("7").first, 7u);
  EXPECT_EQ(parse_seed_range("7").count, 1u);
  EXPECT_EQ(parse_seed_range("3..12").count, 10u);
  const cli::SeedSpan top = parse_seed_range("18446744073709551611..18446744073709551615");
  EXPECT_EQ(top.count, 5u);
  EXPECT_EQ(top.last(), 18446744073709551615u);
  EXPECT_EQ(parse_seed_range("0..9999999").count, 10000000u);
  EXPECT_THROW(parse_seed_range("0..10000000"), InvalidArgument);
  EXPECT_THROW(parse_seed_range(" 1..2"), InvalidArgument);
  EXPECT_THROW(parse_seed_range("+1"), InvalidArgument);
  EXPECT_THROW(parse_seed_range(""), InvalidArgument);
  EXPECT_THROW(parse_seed_range("1...2"), InvalidArgument);
}

TEST(BatchRangeTest, ShardsAreContiguousBlocksInSeedOrder) {
  const cli::SeedSpan all{100, 10};
  uint64_t next = 100;
  const uint64_t want_counts[] = {3, 3, 4};
  for (int k = 1; k <= 3; ++k) {
    const cli::SeedSpan s = cli::shard_span(all, {k, 3});
    EXPECT_EQ(s.first, next);
    EXPECT_EQ(s.count, want_counts[k - 1]);
    next += s.count;
  }
  EXPECT_EQ(next, 110u);
  // More shards than seeds: some shards are empty, together they still cover every seed once.
  uint64_t total = 0;
  for (int k = 1; k <= 5; ++k) total += cli::shard_span({7, 2}, {k, 5}).count;
  EXPECT_EQ(total, 2u);
  // The top of the 64-bit range.
  const cli::SeedSpan top = cli::shard_span({18446744073709551606u, 10}, {2, 2});
  EXPECT_EQ(top.first, 18446744073709551611u);
  EXPECT_EQ(top.last(), 18446744073709551615u);
  EXPECT_EQ(cli::parse_shard("2/7").index, 2);
  EXPECT_EQ(cli::parse_shard("2/7").count, 7);
  EXPECT_THROW(cli::parse_shard("2/1000001"), InvalidArgument);
}

TEST(BatchReportTest, ErrorTextIsQuotedPerRfc4180) {
  cli::SeedRow row;
  row.seed = 3;
  row.attempts = 2;
  row.error = "bad, \"very\" bad\nreally";
  EXPECT_EQ(cli::batch_csv_row(row, {}),
            "3,false,2,0.000000,0,0,0.000,0,0,0,0,0.000,\"bad, \"\"very\"\" bad\nreally\",,,\n");
  auto j = nlohmann::json::parse(cli::batch_jsonl_row(row, {true, true}));
  EXPECT_EQ(j["error"], row.error);
  EXPECT_TRUE(j.contains("tmj"));
  EXPECT_TRUE(j.contains("map"));
}

}  // namespace
}  // namespace catacomb
