// catacomb batch --merge: the summary of a batch's shards, as the unsharded batch writes it.
//
// Each shard directory gives its summary.json (what the run was: range, shard K/N, parameters,
// columns, threads, timing) and seeds.exact.jsonl (its rows with the values measured in full).
// The rows are read shard by shard in K order, which is the unsharded run's order (shard K holds
// the K-th contiguous block), and go through the batch's own writers: batch_csv_row,
// batch_jsonl_row, BatchSummary (exact nearest-rank percentiles, means summed in the same order,
// so the same bytes) and the contact sheet pages (thumbnails drawn again from each valid seed's
// JSON file, the same picture as from the generated dungeon). Memory: one contact sheet page of
// thumbnails and the percentiles' chunk, whatever the number of rows (with --html, the page's
// rows too, at most kMaxReviewPageSeeds). Only elapsed_s (the sum of the shards') and maps_per_s
// differ from an unsharded run, as timings do from run to run.
//
// Several batches: the shards are grouped by what summary.json says of their batch (range,
// parameters, columns); the batches may differ only in their theme and seeds (ranges that do not
// overlap), and their rows follow each other in the order of their first seed, so the result does
// not depend on the order of the directories on the command line.
#include "tools/batch/batch_merge.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/render/contact_sheet.hpp>
#include <catacomb/render/image.hpp>
#include "tools/batch/batch_guard.hpp"
#include "tools/batch/batch_stream.hpp"
#include "tools/batch/json_numbers.hpp"
#include "tools/batch/review_page.hpp"
#include "tools/out_dir.hpp"

namespace catacomb::cli {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

[[noreturn]] void bad_shard(const std::string& dir, const std::string& expected) {
  throw InvalidArgument(FieldProblem{"--merge", dir, expected});
}

std::string in(const std::string& dir, const std::string& name) { return (fs::path(dir) / name).generic_string(); }

ShardRun read_shard(const std::string& dir) {
  ShardRun s = parse_shard_summary(
      read_file(in(dir, "summary.json"), {uint64_t{64} << 20, 0, "a batch's summary.json"}), dir);
  std::error_code ec;
  if (!fs::is_regular_file(in(dir, kExactRowsFile), ec))
    bad_shard(dir, std::string("a shard run with --shard K/N (it writes ") + kExactRowsFile + ")");
  return s;
}

// The seeds of a shard's batch, from its "range" A..B (checked by parse_shard_summary).
std::pair<uint64_t, uint64_t> range_of(const ShardRun& s) {
  const std::string range = s.same.at("range").get<std::string>();
  const size_t dots = range.find("..");
  uint64_t first = 0, last = 0;
  std::from_chars(range.data(), range.data() + dots, first);
  std::from_chars(range.data() + dots + 2, range.data() + range.size(), last);
  return {first, last};
}

// What the batches of one merge share: all but the seed range and the theme.
Json merge_key(const Json& same) {
  Json key = same;
  key.erase("range");
  key["parameters"].erase("theme");
  return key;
}

std::string theme_of(const ShardRun& s) {
  const Json& params = s.same.at("parameters");
  return params.contains("theme") ? params.at("theme").get<std::string>() : std::string();
}

// Refuses a shard whose columns differ from `first`'s while the rest of the batch agrees: shards
// written by different versions of catacomb (a version that adds columns, such as the progression
// metrics, to batches with locks); naming both sets so the mismatch is plain.
void check_columns(const ShardRun& s, const ShardRun& first) {
  Json a = merge_key(s.same), b = merge_key(first.same);
  if (a.at("columns") == b.at("columns")) return;
  a.erase("columns");
  b.erase("columns");
  if (a != b) return;  // the batches differ in more than the columns: the general message
  auto names = [](const ShardRun& r) {
    std::string out;
    for (const Json& c : r.same.at("columns")) out += (out.empty() ? "" : ",") + c.get<std::string>();
    return out;
  };
  bad_shard(s.dir, "a shard with the columns of " + first.dir + " (" + names(first) + "), not " + names(s) +
                       ": the two were written by different versions of catacomb; run them again with one");
}

// One batch's shards put in K order, checked to be every shard of it exactly once.
void check_batch(std::vector<ShardRun>& shards) {
  std::sort(shards.begin(), shards.end(), [](const ShardRun& a, const ShardRun& b) { return a.index < b.index; });
  const int n = shards.front().count;
  for (size_t i = 0; i < shards.size(); ++i) {
    const ShardRun& s = shards[i];
    if (s.count != n)
      bad_shard(s.dir, "a shard of the same batch as " + shards.front().dir +
                           " (the same --seeds, shard count, parameters and output flags)");
    if (i > 0 && s.index == shards[i - 1].index)
      bad_shard(s.dir, "each shard once (shard " + std::to_string(s.index) + " is also " + shards[i - 1].dir + ")");
  }
  if (shards.size() != static_cast<size_t>(n)) {
    int missing = 1;
    for (const ShardRun& s : shards)
      if (s.index == missing) ++missing;
    bad_shard(shards.front().dir, "every shard of " + std::to_string(n) + " (shard " + std::to_string(missing) + "/" +
                                      std::to_string(n) + " is missing)");
  }
}

// The batches of `dirs` (shards sharing range, parameters and columns are one), each its shards
// in K order, the batches in the order of their first seed; checked to differ only in --theme and
// in seeds that do not overlap, each batch complete.
std::vector<std::vector<ShardRun>> read_batches(const std::vector<std::string>& dirs) {
  std::vector<std::vector<ShardRun>> batches;
  for (const std::string& dir : dirs) {
    ShardRun s = read_shard(dir);
    if (!batches.empty()) check_columns(s, batches.front().front());
    if (!batches.empty() && merge_key(s.same) != merge_key(batches.front().front().same))
      bad_shard(s.dir, "a shard of the same batch as " + batches.front().front().dir +
                           " (the same --seeds, shard count, parameters and output flags), or of a batch that "
                           "differs from it only in --theme and in its seeds");
    auto batch = std::find_if(batches.begin(), batches.end(),
                              [&s](const std::vector<ShardRun>& b) { return b.front().same == s.same; });
    if (batch == batches.end()) batch = batches.insert(batches.end(), std::vector<ShardRun>{});
    batch->push_back(std::move(s));
  }
  for (std::vector<ShardRun>& b : batches) check_batch(b);
  std::sort(batches.begin(), batches.end(), [](const std::vector<ShardRun>& a, const std::vector<ShardRun>& b) {
    return range_of(a.front()) < range_of(b.front());
  });
  for (size_t i = 1; i < batches.size(); ++i) {
    const auto [first, last] = range_of(batches[i].front());
    const auto [before_first, before_last] = range_of(batches[i - 1].front());
    if (first <= before_last)
      bad_shard(batches[i].front().dir, "a batch whose seeds no other batch of the merge has (its range " +
                                            std::to_string(first) + ".." + std::to_string(last) + " overlaps " +
                                            std::to_string(before_first) + ".." + std::to_string(before_last) + " of " +
                                            batches[i - 1].front().dir + ")");
  }
  return batches;
}

// The run as one batch: the first shard's summary with the whole range, shard 1/1, and the rows'
// columns; the batches' themes when they differ (the parameters then without "theme").
BatchRunInfo merged_info(const std::vector<std::vector<ShardRun>>& batches) {
  const Json& same = batches.front().front().same;
  BatchRunInfo info;
  info.generator = same.at("generator").get<std::string>();
  info.first_seed = range_of(batches.front().front()).first;
  info.last_seed = range_of(batches.back().front()).second;
  info.threads = batches.front().front().threads;
  for (const std::vector<ShardRun>& b : batches)
    for (const ShardRun& s : b) info.elapsed_s += s.elapsed_s;
  for (const std::vector<ShardRun>& b : batches) info.themes.push_back(theme_of(b.front()));
  const bool one_theme = std::all_of(info.themes.begin(), info.themes.end(),
                                     [&info](const std::string& t) { return t == info.themes.front(); });
  if (one_theme) info.themes.clear();
  for (const auto& [name, value] : same.at("parameters").items()) {
    if (name == "generator" || name == "tmj" || name == "map" || (name == "theme" && !one_theme)) continue;
    if (name == "scale") info.scale = whole<int>(value);  // checked by parse_shard_summary
    else if (name == "overlay") info.overlay = value.get<std::string>();
    else if (value.is_boolean()) info.parameters.emplace_back(name, value.get<bool>());
    else if (value.is_number_integer()) info.parameters.emplace_back(name, whole<int64_t>(value));
    else if (value.is_number()) info.parameters.emplace_back(name, value.get<double>());
    else info.parameters.emplace_back(name, value.get<std::string>());
  }
  const std::vector<std::string> columns = same.at("columns").get<std::vector<std::string>>();
  auto has = [&columns](const char* c) { return std::find(columns.begin(), columns.end(), c) != columns.end(); };
  info.columns = BatchColumns{has("tmj"), has("map"), has("critical_path_length"), has("templates"), has("cycles")};
  return info;
}

// The review page of a merge: the run's title and seeds, and the commands of its batches (each
// theme's own when they differ). Throws InvalidArgument for a shard that does not record them.
ReviewPageInfo merged_page_info(const std::vector<std::vector<ShardRun>>& batches, const BatchRunInfo& info) {
  ReviewPageInfo page;
  page.generator = info.generator;
  page.seeds = std::to_string(info.first_seed) + ".." + std::to_string(info.last_seed);
  page.title = "catacomb batch: " + info.generator + ", seeds " + page.seeds;
  if (batches.size() > 1) page.title += " (" + std::to_string(batches.size()) + " batches)";
  if (!info.contact_sheets.empty()) page.contact_sheet = info.contact_sheets.front();
  std::vector<std::string> themes;  // each theme's once: one picks command each
  for (const std::vector<ShardRun>& b : batches) {
    const ShardRun& s = b.front();
    if (s.generate_command.empty())
      bad_shard(s.dir, "a shard whose summary.json records its \"commands\" (for --html; run it again)");
    if (page.generate_command.empty()) page.generate_command = s.generate_command;
    const std::string theme = theme_of(s);
    if (std::find(themes.begin(), themes.end(), theme) != themes.end()) continue;
    themes.push_back(theme);
    std::string picks = s.picks_command;
    const std::string_view tail = " --out picks --html";
    if (!info.themes.empty()) {  // several themes: each theme's picks command, into its own directory
      page.theme_commands.emplace(theme, s.generate_command);
      if (picks.ends_with(tail))
        picks = picks.substr(0, picks.size() - tail.size()) + " --out picks-" + std::to_string(themes.size()) +
                " --html";
    }
    page.picks_command += (page.picks_command.empty() ? "" : "\n") + picks;
  }
  page.batch_key = page.seeds + " " + page.picks_command;
  page.progression = info.columns.progression;
  return page;
}

// `dir` as a path from `out`, for the page's links ("." for the same directory); the absolute
// path when there is none (another drive).
std::string dir_from(const std::string& dir, const std::string& out) {
  std::error_code ec;
  fs::path a = fs::absolute(dir, ec).lexically_normal(), b = fs::absolute(out, ec).lexically_normal();
  if (!a.has_filename()) a = a.parent_path();
  if (!b.has_filename()) b = b.parent_path();
  const fs::path rel = a.lexically_relative(b);
  return (rel.empty() ? a : rel).generic_string();
}

// `row` with its files named from `out` (the shard's files are in `dir`).
SeedRow rebased(SeedRow row, const std::string& dir) {
  if (dir == ".") return row;
  for (std::string* f : {&row.png, &row.json, &row.txt, &row.tmj, &row.map})
    if (!f->empty()) *f = dir + "/" + *f;
  return row;
}

// Contact sheet pages filled in row order, each written when full.
class SheetWriter {
 public:
  SheetWriter(std::string out, uint64_t total) : out_(std::move(out)), total_(total) {
    pages_ = contact_sheet_pages(static_cast<size_t>(total));
  }
  void add(const std::string& shard_dir, const SeedRow& row) {
    ContactEntry e{row.seed, row.valid, {}};
    if (row.valid) {
      if (row.json.empty()) bad_shard(shard_dir, "each valid seed's JSON file, for the contact sheets");
      const std::string path = in(shard_dir, row.json);
      e.thumbnail = render_thumbnail(load_map(path));  // bounded, as every map file is read
    }
    entries_.push_back(std::move(e));
    if (entries_.size() < static_cast<size_t>(kContactSheetPageSize) && done_ + entries_.size() < total_) return;
    write_file_atomic(in(out_, contact_sheet_file(page_++, pages_)), encode_png(render_contact_sheet(entries_)));
    done_ += entries_.size();
    entries_.clear();
  }
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (size_t p = 0; p < pages_; ++p) names.push_back(contact_sheet_file(p, pages_));
    return names;
  }

 private:
  std::string out_;
  uint64_t total_, done_ = 0;
  size_t pages_ = 0, page_ = 0;
  std::vector<ContactEntry> entries_;
};

void check_out(const std::vector<ShardRun>& shards, const std::string& out) {
  const bool create = check_out_dir(out);
  std::error_code ec;
  for (const ShardRun& s : shards)
    if (!create && fs::equivalent(s.dir, out, ec))
      throw InvalidArgument(FieldProblem{"--out", out, "a directory other than the shards' (" + s.dir + ")"});
  if (create) create_out_dir(out);
}

}  // namespace

ShardRun parse_shard_summary(std::string_view text, const std::string& dir) {
  ShardRun s;
  s.dir = dir;
  try {
    const Json j = Json::parse(text);
    const std::string shard = j.at("shard").get<std::string>();
    const size_t slash = shard.find('/');
    if (slash == std::string::npos) bad_shard(dir, "a shard K/N in summary.json");
    std::from_chars(shard.data(), shard.data() + slash, s.index);
    std::from_chars(shard.data() + slash + 1, shard.data() + shard.size(), s.count);
    for (const char* key : {"generator", "range", "parameters", "columns"}) s.same[key] = j.at(key);
    s.seeds = whole<uint64_t>(j.at("seeds"));
    s.threads = whole<int>(j.at("threads"));
    s.elapsed_s = j.at("elapsed_s").get<double>();
    s.contact_sheets = !j.at("files").at("contact_sheets").empty();
    if (j.contains("commands")) {
      s.generate_command = j.at("commands").at("generate").get<std::string>();
      s.picks_command = j.at("commands").at("picks").get<std::string>();
    }
    // What merged_info reads: checked here, so that a merge refuses it before writing.
    const std::string range = s.same.at("range").get<std::string>();
    if (range.find("..") == std::string::npos) bad_shard(dir, "a range A..B in summary.json");
    if (!s.same.at("parameters").is_object()) bad_shard(dir, "parameters as an object of names and values");
    for (const auto& item : s.same.at("parameters").items()) {
      if (!item.value().is_primitive() || item.value().is_null())
        bad_shard(dir, "parameters of numbers, flags and names");
      if (item.value().is_number_integer()) whole<int64_t>(item.value());
    }
    if (s.same.at("parameters").contains("scale")) whole<int>(s.same.at("parameters").at("scale"));
    s.same.at("columns").get<std::vector<std::string>>();
    s.same.at("generator").get<std::string>();
  } catch (const nlohmann::json::exception& e) {
    bad_shard(dir, std::string("a batch directory whose summary.json is a batch's (") + e.what() + ")");
  } catch (const BadNumber&) { bad_shard(dir, "seeds, threads and scale as whole numbers in range in summary.json"); }
  if (s.index < 1 || s.index > s.count) bad_shard(dir, "a shard K/N with 1 <= K <= N in summary.json");
  return s;
}

int run_merge(const std::vector<std::string>& dirs, const std::string& out, bool html, std::ostream& os,
              std::ostream& err) {
  const std::vector<std::vector<ShardRun>> batches = read_batches(dirs);
  std::vector<ShardRun> shards;  // every batch's, in the rows' order
  for (const std::vector<ShardRun>& b : batches) shards.insert(shards.end(), b.begin(), b.end());
  BatchRunInfo info = merged_info(batches);
  uint64_t total = 0;
  bool sheets = true;
  for (const ShardRun& s : shards) total += s.seeds, sheets = sheets && s.contact_sheets;
  if (html && total > kMaxReviewPageSeeds)
    throw InvalidArgument(FieldProblem{
        "--html", std::to_string(total) + " seeds",
        "at most " + std::to_string(kMaxReviewPageSeeds) + " seeds for the review page; leave out --html"});
  if (sheets) info.contact_sheets = SheetWriter(out, total).files();
  ReviewPageInfo page;
  if (html) page = merged_page_info(batches, info), info.html = "index.html";
  check_out(shards, out);
  const BatchLock lock(out);
  remove_stale_temporaries(out);

  OutputBatch files;
  const std::string csv_path = in(out, "summary.csv"), jsonl_path = in(out, "seeds.jsonl");
  LineFile csv(files.stage_empty(csv_path), csv_path), jsonl(files.stage_empty(jsonl_path), jsonl_path);
  csv.write(batch_csv_header(info.columns));
  BatchSummary summary(in(out, ".catacomb-batch.journal"));
  SheetWriter sheet(out, total);
  SeedRow first_failure;
  std::vector<SeedRow> page_rows;
  for (const ShardRun& s : shards) {
    const std::string path = in(s.dir, kExactRowsFile), from_out = html ? dir_from(s.dir, out) : std::string();
    std::ifstream rows(path, std::ios::binary);
    if (!rows) throw IoError("read", path, std::strerror(errno));
    std::string line;
    while (std::getline(rows, line)) {
      SeedRow row;
      if (!batch_row_from_jsonl(line, row))
        bad_shard(s.dir, std::string("rows as a batch writes them in ") + kExactRowsFile);
      csv.write(batch_csv_row(row, info.columns));
      jsonl.write(batch_jsonl_row(row, info.columns));
      if (!row.valid && summary.seeds() == summary.valid()) first_failure = row;
      summary.add(row);
      if (sheets) sheet.add(s.dir, row);
      if (html && summary.seeds() <= total) page_rows.push_back(rebased(std::move(row), from_out));
    }
    if (rows.bad()) throw IoError("read", path, std::strerror(errno));
  }
  if (summary.seeds() != total)
    bad_shard(shards.front().dir, "rows as many as the shards' summaries count (" + std::to_string(total) + ", read " +
                                      std::to_string(summary.seeds()) + ")");
  csv.close();
  jsonl.close();
  files.stage(in(out, "summary.json"), summary.json(info));
  if (html) files.stage(in(out, "index.html"), review_page_html(page_rows, page));
  files.commit();

  const uint64_t n = summary.seeds(), valid = summary.valid();
  const double percent = n == 0 ? 100.0 : 100.0 * static_cast<double>(valid) / static_cast<double>(n);
  os << n << " seeds, " << valid << " valid (" << format_fixed(percent, 1) << "%), merged from " << shards.size()
     << (shards.size() == 1 ? " shard" : " shards");
  if (batches.size() > 1) os << " of " << batches.size() << " batches";
  os << " into " << out << "\n";
  if (n == valid) return 0;
  err << "catacomb batch: " << (n - valid) << (n - valid == 1 ? " seed" : " seeds")
      << " without a valid dungeon (first: seed " << first_failure.seed << ": " << first_failure.error
      << "); see summary.csv\n";
  return 1;
}

}  // namespace catacomb::cli
