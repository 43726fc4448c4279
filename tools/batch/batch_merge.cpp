// catacomb batch --merge: the summary of a batch's shards, as the unsharded batch writes it.
//
// Each shard directory gives its summary.json (what the run was: range, shard K/N, parameters,
// columns, threads, timing) and seeds.exact.jsonl (its rows with the values measured in full).
// The rows are read shard by shard in K order, which is the unsharded run's order (shard K holds
// the K-th contiguous block), and go through the batch's own writers: batch_csv_row,
// batch_jsonl_row, BatchSummary (exact nearest-rank percentiles, means summed in the same order,
// so the same bytes) and the contact sheet pages (thumbnails drawn again from each valid seed's
// JSON file, the same picture as from the generated dungeon). Memory: one contact sheet page of
// thumbnails and the percentiles' chunk, whatever the number of rows. Only elapsed_s (the sum of
// the shards') and maps_per_s differ from an unsharded run, as timings do from run to run.
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

// The shards in K order, checked to be every shard of one batch exactly once.
std::vector<ShardRun> read_shards(const std::vector<std::string>& dirs) {
  std::vector<ShardRun> shards;
  for (const std::string& dir : dirs) shards.push_back(read_shard(dir));
  std::sort(shards.begin(), shards.end(), [](const ShardRun& a, const ShardRun& b) { return a.index < b.index; });
  const int n = shards.front().count;
  for (size_t i = 0; i < shards.size(); ++i) {
    const ShardRun& s = shards[i];
    if (s.count != n || s.same != shards.front().same)
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
  return shards;
}

// The run as one batch: the first shard's summary with the whole range, shard 1/1, and the rows'
// columns.
BatchRunInfo merged_info(const std::vector<ShardRun>& shards) {
  const Json& same = shards.front().same;
  BatchRunInfo info;
  info.generator = same.at("generator").get<std::string>();
  const std::string range = same.at("range").get<std::string>();
  const size_t dots = range.find("..");
  std::from_chars(range.data(), range.data() + dots, info.first_seed);
  std::from_chars(range.data() + dots + 2, range.data() + range.size(), info.last_seed);
  info.threads = shards.front().threads;
  for (const ShardRun& s : shards) info.elapsed_s += s.elapsed_s;
  for (const auto& [name, value] : same.at("parameters").items()) {
    if (name == "generator" || name == "tmj" || name == "map") continue;
    if (name == "scale") info.scale = value.get<int>();
    else if (name == "overlay") info.overlay = value.get<std::string>();
    else if (value.is_boolean()) info.parameters.emplace_back(name, value.get<bool>());
    else if (value.is_number_integer()) info.parameters.emplace_back(name, value.get<int64_t>());
    else if (value.is_number()) info.parameters.emplace_back(name, value.get<double>());
    else info.parameters.emplace_back(name, value.get<std::string>());
  }
  const std::vector<std::string> columns = same.at("columns").get<std::vector<std::string>>();
  auto has = [&columns](const char* c) { return std::find(columns.begin(), columns.end(), c) != columns.end(); };
  info.columns = BatchColumns{has("tmj"), has("map"), has("critical_path_length")};
  return info;
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
    s.seeds = j.at("seeds").get<uint64_t>();
    s.threads = j.at("threads").get<int>();
    s.elapsed_s = j.at("elapsed_s").get<double>();
    s.contact_sheets = !j.at("files").at("contact_sheets").empty();
    // What merged_info reads: checked here, so that a merge refuses it before writing.
    const std::string range = s.same.at("range").get<std::string>();
    if (range.find("..") == std::string::npos) bad_shard(dir, "a range A..B in summary.json");
    for (const auto& item : s.same.at("parameters").items())
      if (!item.value().is_primitive() || item.value().is_null())
        bad_shard(dir, "parameters of numbers, flags and names");
    s.same.at("columns").get<std::vector<std::string>>();
    s.same.at("generator").get<std::string>();
  } catch (const nlohmann::json::exception& e) {
    bad_shard(dir, std::string("a batch directory whose summary.json is a batch's (") + e.what() + ")");
  }
  if (s.index < 1 || s.index > s.count) bad_shard(dir, "a shard K/N with 1 <= K <= N in summary.json");
  return s;
}

int run_merge(const std::vector<std::string>& dirs, const std::string& out, std::ostream& os, std::ostream& err) {
  const std::vector<ShardRun> shards = read_shards(dirs);
  BatchRunInfo info = merged_info(shards);
  check_out(shards, out);
  const BatchLock lock(out);
  remove_stale_temporaries(out);
  uint64_t total = 0;
  bool sheets = true;
  for (const ShardRun& s : shards) total += s.seeds, sheets = sheets && s.contact_sheets;

  OutputBatch files;
  const std::string csv_path = in(out, "summary.csv"), jsonl_path = in(out, "seeds.jsonl");
  LineFile csv(files.stage_empty(csv_path), csv_path), jsonl(files.stage_empty(jsonl_path), jsonl_path);
  csv.write(batch_csv_header(info.columns));
  BatchSummary summary(in(out, ".catacomb-batch.journal"));
  SheetWriter sheet(out, total);
  SeedRow first_failure;
  for (const ShardRun& s : shards) {
    const std::string path = in(s.dir, kExactRowsFile);
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
    }
    if (rows.bad()) throw IoError("read", path, std::strerror(errno));
  }
  if (summary.seeds() != total)
    bad_shard(shards.front().dir, "rows as many as the shards' summaries count (" + std::to_string(total) + ", read " +
                                      std::to_string(summary.seeds()) + ")");
  csv.close();
  jsonl.close();
  if (sheets) info.contact_sheets = sheet.files();
  files.stage(in(out, "summary.json"), summary.json(info));
  files.commit();

  const uint64_t n = summary.seeds(), valid = summary.valid();
  const double percent = n == 0 ? 100.0 : 100.0 * static_cast<double>(valid) / static_cast<double>(n);
  os << n << " seeds, " << valid << " valid (" << format_fixed(percent, 1) << "%), merged from " << shards.size()
     << (shards.size() == 1 ? " shard" : " shards") << " into " << out << "\n";
  if (n == valid) return 0;
  err << "catacomb batch: " << (n - valid) << (n - valid == 1 ? " seed" : " seeds")
      << " without a valid dungeon (first: seed " << first_failure.seed << ": " << first_failure.error
      << "); see summary.csv\n";
  return 1;
}

}  // namespace catacomb::cli
