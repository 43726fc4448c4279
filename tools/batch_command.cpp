// catacomb batch: generate, validate and analyse a range of seeds on a pool of threads, writing
// each seed's files, a summary (CSV, JSON Lines, JSON aggregates), a contact sheet and, with
// --html, a review page. Every input is checked before any work; every file is written
// atomically; a seed that fails is a row, not a stop.
#if defined(_WIN32)
#include <io.h>
#else
#include <unistd.h>
#endif

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <ostream>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/io/atomic_file.hpp>
#include "src/io/file_access.hpp"
#include "tools/generator_flags.hpp"
#include "tools/batch_report.hpp"
#include "tools/batch_run.hpp"
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "tools/outputs.hpp"
#include "tools/review_page.hpp"

namespace catacomb::cli {
namespace {

namespace fs = std::filesystem;

// Whether stderr is a terminal (the progress line is drawn only there).
bool stderr_is_terminal() {
#if defined(_WIN32)
  return ::_isatty(::_fileno(stderr)) != 0;
#else
  return ::isatty(STDERR_FILENO) == 1;
#endif
}

std::string clock_text(double seconds) {
  const auto s = static_cast<int64_t>(std::llround(std::max(0.0, seconds)));
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(s / 3600),
                  static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60));
  else
    std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
  return buf;
}

// "[#######.............]  37/100  37.0%  12.3 maps/s  ETA 0:05", for a terminal.
std::string progress_line(uint64_t done, uint64_t total, double elapsed) {
  constexpr int kBar = 24;
  const double frac = total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total);
  const int filled = static_cast<int>(frac * kBar);
  std::string bar = "[" + std::string(static_cast<size_t>(filled), '#') + std::string(static_cast<size_t>(kBar - filled), '.') + "]";
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  std::string percent = format_fixed(frac * 100.0, 1);
  if (percent.size() < 5) percent.insert(0, 5 - percent.size(), ' ');  // right-aligned in 5 columns
  const std::string eta = rate > 0 ? clock_text(static_cast<double>(total - done) / rate) : "-";
  return bar + " " + std::to_string(done) + "/" + std::to_string(total) + " " + percent + "%  " +
         format_fixed(rate, 1) + " maps/s  ETA " + eta;
}

// The directory `dir` would be created in ("out/" -> ".", "a/b" -> "a").
std::string parent_dir(const std::string& dir) {
  fs::path p = fs::path(dir).lexically_normal();
  if (!p.has_filename()) p = p.parent_path();  // "a/b/" -> "a/b"
  const fs::path parent = p.parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// Checks --out: an existing writable directory, or a new one whose parent exists and is
// writable. Returns whether it has to be created.
bool check_out_dir(const std::string& dir) {
  auto bad = [&](const std::string& why) {
    throw InvalidArgument(FieldProblem{
        "--out", dir, "a writable directory, or a new one inside an existing directory; " + why});
  };
  if (dir.empty()) bad("the path is empty");
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (fs::exists(st)) {
    if (!fs::is_directory(st)) bad("it is a file");
    if (!detail::is_writable(dir, true)) bad("it is not writable");
    return false;
  }
  const std::string parent = parent_dir(dir);
  if (!fs::is_directory(parent, ec)) bad("its parent '" + parent + "' does not exist");
  if (!detail::is_writable(parent, true)) bad("its parent '" + parent + "' is not writable");
  return true;
}

class BatchCommand : public Command {
 public:
  explicit BatchCommand(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("batch", "Generate, validate and analyse a range of seeds, with a summary");
    sub->footer(
        "Examples:\n"
        "  catacomb batch --seeds 1..100 --out review --html\n"
        "  catacomb batch --generator caves --width 80 --height 50 --seeds 0..9999 --threads 8 --out caves\n"
        "  catacomb batch --config recipe.json --seeds 1..1000000 --shard 2/8 --threads 4 --out shard2\n"
        "    (run shards 1/8 .. 8/8 anywhere, then: cat shard*/summary.csv > all.csv; cat shard*/seeds.jsonl)\n"
        "Files in DIR: seed-<seed>.png, .json, .txt per valid seed (and .tmj with its tileset, .map with\n"
        "--tmj, --map), exactly what 'catacomb generate' writes for that seed; summary.csv (header only in\n"
        "shard 1), seeds.jsonl, summary.json (aggregates), contact-sheet.png (contact-sheet-1.png, -2, ...\n"
        "beyond 100 seeds) and, with --html, index.html. A seed without a valid dungeon within\n"
        "--max-attempts is a row with valid=false and its error, and no files; the batch goes on.\n"
        "Each seed's files and row are the same for any --threads and --shard (but for generate_ms).\n"
        "A \"seed\" key in the --config file is ignored: --seeds gives the seeds.\n"
        "Exit codes: 0 every seed valid, 1 some seed failed, 2 bad input (nothing written), 3 I/O error.\n");
    flags_ = std::make_unique<GeneratorFlags>(*sub);
    sub->add_option("--seeds", seeds_, "seeds A..B (inclusive) or A, unsigned 64-bit")->type_name("A..B")->required();
    sub->add_option("--threads", threads_, "worker threads (1 to 256)")->capture_default_str();
    sub->add_option("--out", dir_, "output directory (created when missing, if its parent exists)")
        ->type_name("DIR")
        ->capture_default_str();
    sub->add_option("--shard", shard_, "run only block K of N of the seed range (1 <= K <= N)")->type_name("K/N");
    sub->add_flag("--html", html_, "also write index.html, a review page of every seed");
    sub->add_option("--scale", scale_, "PNG pixels per tile (1 to 64)")->capture_default_str();
    sub->add_flag("--tmj", tmj_, "also write seed-<seed>.tmj, a Tiled map, and its tileset PNG");
    sub->add_flag("--map", map_, "also write seed-<seed>.map, a Moving AI map");
    sub->add_option("--overlay", overlay_,
                    "overlays on the PNG previews: regions,routes,heatmap,dead-ends,chokepoints,unreachable or all")
        ->type_name("LIST");
  }

  int run(std::ostream& out, std::ostream& err) override {
    // Every check first: nothing is created or written before all inputs are known good.
    const SeedSpan all = parse_seed_range(seeds_);
    if (threads_ < 1 || threads_ > kMaxBatchThreads)
      throw InvalidArgument(
          FieldProblem{"--threads", std::to_string(threads_), "1 to " + std::to_string(kMaxBatchThreads)});
    const Shard shard = shard_.empty() ? Shard{} : parse_shard(shard_);
    GenerateConfig cfg = flags_->resolve();
    cfg.check();
    const bool create = check_out_dir(dir_);
    BatchJob job;
    job.config = cfg;
    job.seeds = shard_span(all, shard);
    job.threads = threads_;
    job.dir = dir_;
    job.tmj = tmj_;
    job.map = map_;
    job.scale = scale_;
    job.overlay = overlay_;
    {
      // The output flags (scale for this map size, overlays) as generate checks them, on the
      // files of the first seed placed in a directory that exists already.
      BatchJob probe = job;
      probe.dir = create ? parent_dir(dir_) : dir_;
      check_outputs(seed_outputs(probe, all.first), cfg.width, cfg.height);
    }
    if (create) {
      std::error_code ec;
      fs::create_directory(dir_, ec);
      if (ec) throw IoError("create the directory", dir_, ec.message());
    }

    const bool tty = err.rdbuf() == std::cerr.rdbuf() && stderr_is_terminal();
    BatchProgress progress;
    if (tty)
      progress = [&err](uint64_t done, uint64_t total, double elapsed) {
        err << "\r" << progress_line(done, total, elapsed) << std::flush;
      };
    BatchResult result;
    try {
      result = run_batch(job, progress);
    } catch (...) {
      if (tty) err << "\n";  // the error message goes on its own line, under the bar
      throw;
    }
    if (tty) err << "\n";

    const BatchColumns columns{tmj_, map_, cfg.locks > 0};
    std::string csv = shard.index == 1 ? batch_csv_header(columns) : std::string();
    std::string jsonl;
    size_t valid = 0;
    const SeedRow* first_failure = nullptr;
    for (const SeedRow& row : result.rows) {
      csv += batch_csv_row(row, columns);
      jsonl += batch_jsonl_row(row, columns);
      if (row.valid)
        ++valid;
      else if (!first_failure)
        first_failure = &row;
    }
    BatchRunInfo info;
    info.generator = generator_kind_name(cfg.generator);
    info.first_seed = all.first;
    info.last_seed = all.last();
    info.shard_index = shard.index;
    info.shard_count = shard.count;
    info.threads = threads_;
    info.parameters = cfg.params();
    info.scale = scale_;
    info.overlay = overlay_;
    info.columns = columns;
    info.contact_sheets = result.contact_sheets;
    info.html = html_ ? "index.html" : "";
    info.elapsed_s = result.elapsed_s;

    OutputBatch batch;
    batch.stage(in_dir("summary.csv"), csv);
    batch.stage(in_dir("seeds.jsonl"), jsonl);
    batch.stage(in_dir("summary.json"), batch_summary_json(result.rows, info));
    if (html_) {
      ReviewPageInfo page;
      page.generator = generator_kind_name(cfg.generator);
      page.seeds = job.seeds.count == 0 ? std::string()
                                        : std::to_string(job.seeds.first) + ".." + std::to_string(job.seeds.last());
      page.title = "catacomb batch: " + std::string(generator_kind_name(cfg.generator)) + ", seeds " + page.seeds;
      if (shard.count > 1)
        page.title += " (shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count) + ")";
      page.contact_sheet = result.contact_sheets.empty() ? std::string() : result.contact_sheets.front();
      batch.stage(in_dir("index.html"), review_page_html(result.rows, page));
    }
    batch.commit();

    const size_t n = result.rows.size();
    const double valid_percent = n == 0 ? 100.0 : 100.0 * static_cast<double>(valid) / static_cast<double>(n);
    const double maps_per_s = result.elapsed_s > 0 ? static_cast<double>(n) / result.elapsed_s : 0.0;
    out << n << " seeds, " << valid << " valid (" << format_fixed(valid_percent, 1) << "%), "
        << format_fixed(maps_per_s, 1) << " maps/s, files in " << dir_ << "\n";
    if (first_failure) {
      err << "catacomb batch: " << (n - valid) << (n - valid == 1 ? " seed" : " seeds")
          << " without a valid dungeon (first: seed " << first_failure->seed << ": " << first_failure->error
          << "); see summary.csv\n";
      return kExitFailed;
    }
    return kExitOk;
  }

 private:
  std::string in_dir(const std::string& name) const { return (fs::path(dir_) / name).generic_string(); }

  std::unique_ptr<GeneratorFlags> flags_;
  std::string seeds_;
  int threads_ = 1;
  std::string dir_ = ".";
  std::string shard_;
  bool html_ = false;
  int scale_ = 4;
  bool tmj_ = false;
  bool map_ = false;
  std::string overlay_;
};

}  // namespace

std::unique_ptr<Command> add_batch_command(CLI::App& app) { return std::make_unique<BatchCommand>(app); }

}  // namespace catacomb::cli
