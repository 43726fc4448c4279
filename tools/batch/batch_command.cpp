// catacomb batch: generate, validate and analyse a range of seeds on a pool of threads, writing
// each seed's files, a summary (CSV, JSON Lines, JSON aggregates), a contact sheet and, with
// --html, a review page. Every input is checked before any work; every file is written
// atomically; a seed that fails is a row, not a stop.
#if defined(_WIN32)
#include <io.h>
#else
#include <unistd.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <ostream>
#include <tuple>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/core/atomic_file.hpp>
#include "shared/core/file_access.hpp"
#include "tools/generator_flags.hpp"
#include "tools/out_dir.hpp"
#include "tools/batch/batch_guard.hpp"
#include "tools/batch/batch_merge.hpp"
#include "tools/batch/batch_report.hpp"
#include "tools/batch/batch_run.hpp"
#include "tools/batch/batch_stream.hpp"
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "tools/memory_budget.hpp"
#include "tools/number_flags.hpp"
#include "tools/outputs.hpp"
#include "tools/batch/review_page.hpp"
#include "tools/batch/seeds_file.hpp"

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
  else std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
  return buf;
}

// "[#######.............]  37/100  37.0%  12.3 maps/s  ETA 0:05", for a terminal.
std::string progress_line(uint64_t done, uint64_t total, double elapsed) {
  constexpr int kBar = 24;
  const double frac = total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total);
  const int filled = static_cast<int>(frac * kBar);
  std::string bar = "[" + std::string(static_cast<size_t>(filled), '#') +
                    std::string(static_cast<size_t>(kBar - filled), '.') + "]";
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  std::string percent = format_fixed(frac * 100.0, 1);
  if (percent.size() < 5) percent.insert(0, 5 - percent.size(), ' ');  // right-aligned in 5 columns
  const std::string eta = rate > 0 ? clock_text(static_cast<double>(total - done) / rate) : "-";
  return bar + " " + std::to_string(done) + "/" + std::to_string(total) + " " + percent + "%  " +
         format_fixed(rate, 1) + " maps/s  ETA " + eta;
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
        "    (run shards 1/8 .. 8/8 anywhere, then: catacomb batch --merge shard1 ... shard8 --out all)\n"
        "  catacomb batch --seeds-file picks.txt --out picks --html   (the same files as in the range run)\n"
        "  catacomb batch --seeds 1..100000 --width 64 --height 64 --no-files --out stats   (summaries only)\n"
        "Files in DIR: seed-<seed>.png, .json, .txt per valid seed (--outputs chooses among png, json, txt,\n"
        "tmj, map; --tmj and --map add theirs; --no-files writes none, only the summaries),\n"
        "exactly what 'catacomb generate' writes for that seed, but that every .tmj shares one tileset,\n"
        "catacomb-tileset.tsj and catacomb-tileset.png; summary.csv (header only in\n"
        "shard 1), seeds.jsonl, summary.json (aggregates), contact-sheet.png (contact-sheet-1.png, -2, ...\n"
        "beyond 100 seeds; only with png among the outputs) and, with --html, index.html. A seed without a\n"
        "valid dungeon within\n"
        "--max-attempts is a row with valid=false and its error, and no files; the batch goes on.\n"
        "Each seed's files and row are the same for any --threads and --shard (but for generate_ms).\n"
        "A \"seed\" key in the --config file is ignored: --seeds gives the seeds.\n"
        "One batch at a time writes into DIR (a lock file, .catacomb-batch.lock, names its process).\n"
        "Each finished seed is recorded in DIR/.catacomb-batch.journal; Ctrl-C (SIGINT) or SIGTERM stops the\n"
        "workers after their current seed and writes the summary of the seeds finished; then the same\n"
        "command with --resume runs only the rest, ending with the files of an uninterrupted run.\n"
        "Exit codes: 0 every seed valid, 1 some seed failed, 2 bad input (nothing written), 3 I/O error,\n"
        "130 interrupted.\n");
    flags_ = std::make_unique<GeneratorFlags>(*sub);
    CLI::Option* seeds =
        sub->add_option("--seeds", seeds_, "seeds A..B (inclusive) or A, unsigned 64-bit")->type_name("A..B");
    CLI::Option* seeds_file =
        sub->add_option("--seeds-file", seeds_file_,
                        "the seeds listed in FILE, one per line, '#' comments (e.g. the review page's picks)")
            ->type_name("FILE");
    seeds->excludes(seeds_file);
    seeds_file->excludes(seeds);
    add_number_option(*sub, "--threads", threads_,
                      "worker threads (" + threads_range_text() + "; default " + std::to_string(default_threads()) +
                          ", as generate and validate)");
    sub->add_option("--out", dir_, "output directory (created when missing, if its parent exists)")
        ->type_name("DIR")
        ->capture_default_str();
    sub->add_option("--shard", shard_, "run only block K of N of the seed range (1 <= K <= N)")->type_name("K/N");
    sub->add_flag("--html", html_, "also write index.html, a review page of every seed");
    sub->add_option("--merge", merge_,
                    "merge the summaries of shard directories (every --shard K/N of one batch, or of batches that "
                    "differ only in --theme and in seeds that do not overlap) into --out, as one unsharded batch "
                    "writes them; the seeds' files stay in their shards (--html: a review page linking them)")
        ->type_name("DIR...")
        ->excludes(seeds)
        ->excludes(seeds_file);
    memory_.add_option(*sub);
    sub->add_flag("--resume", resume_,
                  "continue a batch that was killed or interrupted: seeds its journal records, with their files, are "
                  "not run again");
    add_number_option(*sub, "--scale", scale_, "PNG pixels per tile (1 to 64)");
    CLI::Option* outputs = sub->add_option("--outputs", outputs_,
                                           "the files written per seed, of png,json,txt,tmj,map (default png,json,txt)")
                               ->type_name("LIST");
    CLI::Option* tmj = sub->add_flag(
        "--tmj", tmj_, "also write seed-<seed>.tmj, a Tiled map (all sharing catacomb-tileset.tsj and .png)");
    CLI::Option* map = sub->add_flag("--map", map_, "also write seed-<seed>.map, a Moving AI map");
    CLI::Option* no_files = sub->add_flag(
        "--no-files", no_files_, "write no file per seed and no contact sheet: only the summaries (and --html's page)");
    no_files->excludes(outputs)->excludes(tmj)->excludes(map);
    sub->add_option("--overlay", overlay_, "overlays on the PNG previews: " + overlay_names(",") + " or all")
        ->type_name("LIST");
  }

  int run(std::ostream& out, std::ostream& err) override {
    if (!merge_.empty()) return run_merge(merge_, dir_, html_, out, err);  // tools/batch/batch_merge.cpp
    // Every check first: nothing is created or written before all inputs are known good.
    if (seeds_.empty() && seeds_file_.empty())
      throw InvalidArgument(FieldProblem{"--seeds", "missing", "--seeds A..B or --seeds-file FILE"});
    // A seeds file's seeds are run by index: the span is over their positions in the file.
    std::vector<uint64_t> listed;
    if (!seeds_file_.empty()) listed = parse_seeds_file(read_file(seeds_file_), seeds_file_, kMaxBatchSeeds);
    const SeedSpan all = listed.empty() ? parse_seed_range(seeds_) : SeedSpan{0, listed.size()};
    if (threads_ < 1 || threads_ > kMaxBatchThreads)
      throw InvalidArgument(
          FieldProblem{"--threads", std::to_string(threads_), "1 to " + std::to_string(kMaxBatchThreads)});
    const BatchShard shard = shard_.empty() ? BatchShard{} : parse_shard(shard_);
    parse_outputs();
    GenerateConfig cfg = flags_->resolve();
    cfg.check();
    std::tie(cfg.width, cfg.height) = cfg.map_size();  // a size chosen from the mission, when left out
    const bool create = check_out_dir(dir_);
    BatchJob job = make_job(cfg, all, shard, listed);
    check_job(job, cfg, all, listed, create);
    if (create) create_out_dir(dir_);
    const BatchLock lock(dir_);
    remove_stale_temporaries(dir_);

    BatchRunInfo info = run_info(cfg, all, shard, listed);
    job.columns = info.columns;
    job.journal = in_dir(kJournalFile);
    job.journal_header = batch_journal_header(info);
    const SeedIndex index(job);
    const uint64_t resume_from = resume_ ? read_journal(job, index) : 0;
    const BatchResult result = run_seeds(job, err);

    info.contact_sheets = result.contact_sheets;
    info.html = html_ ? "index.html" : "";
    info.elapsed_s = result.elapsed_s;
    const ReviewPageInfo page = review_page_info(cfg, job, shard, result);
    if (!shard_.empty()) info.generate_command = page.generate_command, info.picks_command = page.picks_command;
    const SummaryTotals totals = write_summary(job, index, resume_from, shard.index == 1, info,
                                               html_ ? &page : nullptr);
    return report(job, result, totals, out, err);
  }

 private:
  static constexpr const char* kJournalFile = ".catacomb-batch.journal";

  struct SummaryTotals {
    uint64_t seeds = 0, valid = 0;
    SeedRow first_failure;  ///< the first failed seed in the run's order, when valid < seeds
  };

  // The job of this run from the checked inputs: its shard of `all` (or of the listed seeds).
  BatchJob make_job(const GenerateConfig& cfg, const SeedSpan& all, const BatchShard& shard,
                    const std::vector<uint64_t>& listed) const {
    BatchJob job;
    job.config = cfg;
    job.seeds = shard_span(all, shard);
    if (!listed.empty())
      job.listed.assign(listed.begin() + static_cast<ptrdiff_t>(job.seeds.first),
                        listed.begin() + static_cast<ptrdiff_t>(job.seeds.first + job.seeds.count));
    job.threads = threads_;
    job.dir = dir_;
    job.png = png_;
    job.json = json_;
    job.txt = txt_;
    job.tmj = tmj_;
    job.map = map_;
    job.contact_sheet = png_;  // the previews' overview: only beside the previews
    job.scale = scale_;
    job.overlay = overlay_;
    job.config.keep_maps = !overlay_.empty();  // the overlays draw validation's maps: kept, not made again
    return job;
  }

  // The checks of the job before anything is written: the output flags, the review page's size,
  // the memory budget and every seed's paths. `create` tells that dir_ is still to be made.
  void check_job(const BatchJob& job, const GenerateConfig& cfg, const SeedSpan& all,
                 const std::vector<uint64_t>& listed, bool create) const {
    {
      // The output flags (scale for this map size, overlays) as generate checks them, on the
      // files of the first seed placed in a directory that exists already.
      BatchJob probe = job;
      probe.dir = create ? parent_dir(dir_) : dir_;
      check_outputs(seed_outputs(probe, listed.empty() ? all.first : listed.front()), cfg.width, cfg.height);
    }
    if (html_ && job.seed_count() > kMaxReviewPageSeeds)
      throw InvalidArgument(FieldProblem{
          "--html", std::to_string(job.seed_count()) + " seeds",
          "at most " + std::to_string(kMaxReviewPageSeeds) +
              " seeds in one run for the review page; split the run with --shard K/N, or leave out --html"});
    memory_.check("generate", uint64_t(cfg.width) * uint64_t(cfg.height), generate_bytes_per_cell(cfg.generator),
                  static_cast<uint64_t>(threads_));
    check_seed_paths(job);  // every seed's, not only the first's: nothing is written otherwise
  }

  // What summary.json (and the journal's header) records of this run, before it runs.
  BatchRunInfo run_info(const GenerateConfig& cfg, const SeedSpan& all, const BatchShard& shard,
                        const std::vector<uint64_t>& listed) const {
    BatchRunInfo info;
    info.generator = generator_kind_name(cfg.generator);
    info.first_seed = listed.empty() ? all.first : *std::min_element(listed.begin(), listed.end());
    info.last_seed = listed.empty() ? all.last() : *std::max_element(listed.begin(), listed.end());
    info.shard_index = shard.index;
    info.shard_count = shard.count;
    info.threads = threads_;
    info.parameters = cfg.params();
    info.scale = scale_;
    info.overlay = overlay_;
    if (!(png_ && json_ && txt_)) info.outputs = no_files_ ? "none" : outputs_text(false);
    const bool design = cfg.templates || (cfg.mission && !cfg.mission->empty());
    info.columns = BatchColumns{tmj_, map_, cfg.locks > 0, design, cfg.locks > 0};
    return info;
  }

  // Runs the job's seeds with Ctrl-C and SIGTERM caught (they stop it after the seeds in flight),
  // drawing the progress line on stderr when it is a terminal.
  static BatchResult run_seeds(BatchJob& job, std::ostream& err) {
    const bool tty = err.rdbuf() == std::cerr.rdbuf() && stderr_is_terminal();
    BatchProgress progress;
    if (tty)
      progress = [&err](uint64_t done, uint64_t total, double elapsed) {
        err << "\r" << progress_line(done, total, elapsed) << std::flush;
      };
    BatchResult result;
    {
      const InterruptGuard interrupt;
      job.cancel = &InterruptGuard::requested();
      try {
        result = run_batch(job, progress);
      } catch (...) {
        if (tty) err << "\n";  // the error message goes on its own line, under the bar
        throw;
      }
    }
    if (tty) err << "\n";
    return result;
  }

  // The review page's title, seeds and the commands that give its files again (--html).
  ReviewPageInfo review_page_info(const GenerateConfig& cfg, const BatchJob& job, const BatchShard& shard,
                                  const BatchResult& result) const {
    ReviewPageInfo page;
    page.generator = generator_kind_name(cfg.generator);
    page.seeds = job.seeds.count == 0 ? std::string()
                 : job.listed.empty() ? std::to_string(job.seeds.first) + ".." + std::to_string(job.seeds.last())
                                      : std::to_string(job.listed.size()) + " from " + seeds_file_;
    page.title = "catacomb batch: " + std::string(generator_kind_name(cfg.generator)) + ", seeds " + page.seeds;
    if (shard.count > 1)
      page.title += " (shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count) + ")";
    page.contact_sheet = result.contact_sheets.empty() ? std::string() : result.contact_sheets.front();
    // The commands that give the same files again: the recipe's flags, then the preview's.
    std::string preview_flags = scale_ != 4 ? " --scale " + std::to_string(scale_) : std::string();
    if (!overlay_.empty()) preview_flags += " --overlay " + overlay_;
    const std::string recipe = generator_flags_text(cfg) + flags_->file_flags_text();
    page.generate_command = "catacomb generate" + recipe + preview_flags;
    page.picks_command = "catacomb batch --seeds-file picks.txt" + recipe + preview_flags + outputs_flags() +
                         " --out picks --html";
    page.batch_key = page.seeds + recipe;
    page.progression = job.columns.progression;
    return page;
  }

  // The closing report once the summary is written, and the exit code: interrupted (the journal
  // stays for --resume), or complete (the journal goes) with every seed valid or not.
  int report(const BatchJob& job, const BatchResult& result, const SummaryTotals& totals, std::ostream& out,
             std::ostream& err) const {
    const uint64_t n = totals.seeds, valid = totals.valid;
    if (result.interrupted) {
      err << "catacomb batch: interrupted: " << n << " of " << job.seed_count()
          << " seeds finished, their summary is in " << dir_ << "; the same command with --resume runs the rest\n";
      return kExitInterrupted;
    }
    std::error_code ec;
    fs::remove(job.journal, ec);  // complete: the summary holds every row
    const double valid_percent = n == 0 ? 100.0 : 100.0 * static_cast<double>(valid) / static_cast<double>(n);
    const double maps_per_s = result.elapsed_s > 0 ? static_cast<double>(n) / result.elapsed_s : 0.0;
    out << n << " seeds, " << valid << " valid (" << format_fixed(valid_percent, 1) << "%), "
        << format_fixed(maps_per_s, 1) << " maps/s, " << (png_ || json_ || txt_ || tmj_ || map_ ? "files" : "summaries")
        << " in " << dir_ << "\n";
    if (n > valid) {
      err << "catacomb batch: " << (n - valid) << (n - valid == 1 ? " seed" : " seeds")
          << " without a valid dungeon (first: seed " << totals.first_failure.seed << ": " << totals.first_failure.error
          << "); see summary.csv\n";
      return kExitFailed;
    }
    return kExitOk;
  }

  std::string in_dir(const std::string& name) const { return (fs::path(dir_) / name).generic_string(); }

  // --outputs and --no-files into the five output switches (--tmj and --map add theirs).
  void parse_outputs() {
    if (no_files_) {
      png_ = json_ = txt_ = false;
      return;
    }
    if (outputs_.empty()) return;  // png, json, txt
    png_ = json_ = txt_ = false;
    size_t start = 0;
    for (;;) {
      const size_t comma = outputs_.find(',', start);
      const std::string name = outputs_.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      bool* which = name == "png"    ? &png_
                    : name == "json" ? &json_
                    : name == "txt"  ? &txt_
                    : name == "tmj"  ? &tmj_
                    : name == "map"  ? &map_
                                     : nullptr;
      if (!which)
        throw InvalidArgument(FieldProblem{
            "--outputs", "'" + outputs_ + "'",
            "a comma-separated list of png, json, txt, tmj and map (or --no-files for the summaries only)"});
      *which = true;
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }

  // The per-seed files asked for, in the order of --outputs' help ("png,json,txt,tmj,map");
  // with `all` false, tmj and map (which have their own keys and flags) are left out.
  std::string outputs_text(bool all) const {
    std::string text;
    const std::pair<bool, const char*> names[] = {
        {png_, "png"}, {json_, "json"}, {txt_, "txt"}, {all && tmj_, "tmj"}, {all && map_, "map"}};
    for (const auto& [on, name] : names)
      if (on) text += (text.empty() ? "" : ",") + std::string(name);
    return text;
  }

  // The output flags that give this batch's files again (for the review page's picks command).
  std::string outputs_flags() const {
    if (png_ && json_ && txt_) return std::string(tmj_ ? " --tmj" : "") + (map_ ? " --map" : "");
    const std::string all = outputs_text(true);
    return all.empty() ? " --no-files" : " --outputs " + all;
  }

  // Marks in job.resumed the seeds an earlier run of this batch journaled whose files are all
  // there (the last line of a seed wins; a torn line is skipped), reading the journal line by line.
  // Returns the journal's size: its lines before that are the earlier runs'. Throws
  // InvalidArgument when the journal is of another batch.
  uint64_t read_journal(BatchJob& job, const SeedIndex& index) const {
    std::error_code ec;
    if (!fs::exists(job.journal, ec)) return 0;
    std::ifstream in(job.journal, std::ios::binary);
    if (!in) throw IoError("read", job.journal, std::strerror(errno));
    std::string line;
    if (!std::getline(in, line) || in.eof() || line != job.journal_header)
      throw InvalidArgument(
          FieldProblem{"--resume", job.journal,
                       "the journal of the same batch (the same --seeds, --shard, generator flags and output flags)"});
    uint64_t size = line.size() + 1;
    job.resumed.assign(static_cast<size_t>(job.seed_count()), 0);
    while (std::getline(in, line)) {
      size += line.size() + (in.eof() ? 0 : 1);
      SeedRow row;
      uint64_t i = 0;
      if (in.eof() || !batch_row_from_jsonl(line, row) || !index.find(row.seed, i)) continue;  // torn, or not ours
      bool files = true;
      for (const std::string* f : {&row.png, &row.json, &row.txt, &row.tmj, &row.map})
        if (!f->empty() && !fs::is_regular_file(in_dir(*f), ec)) files = false;
      job.resumed[static_cast<size_t>(i)] = files ? (row.valid ? 1 : 2) : 0;
    }
    if (in.bad()) throw IoError("read", job.journal, std::strerror(errno));
    return size;
  }

  // Writes summary.csv, seeds.jsonl, summary.json and (with `page`) index.html from the journal,
  // all together (staged, then committed). The journal's rows are put in the run's order by a
  // KeyedLineSorter (the last line of a seed wins), and streamed to the files: memory does not
  // grow with the rows (but for the page's, at most kMaxReviewPageSeeds). A line before
  // `resume_from` (an earlier run's) counts only for a seed job.resumed marks.
  SummaryTotals write_summary(const BatchJob& job, const SeedIndex& index, uint64_t resume_from, bool header,
                              BatchRunInfo& info, const ReviewPageInfo* page) const {
    KeyedLineSorter sorter(job.journal);
    {
      std::ifstream in(job.journal, std::ios::binary);
      if (!in) throw IoError("read", job.journal, std::strerror(errno));
      std::string line;
      std::getline(in, line);  // the header
      uint64_t at = line.size() + 1;
      while (std::getline(in, line)) {
        const uint64_t start = at;
        at += line.size() + 1;
        SeedRow row;
        uint64_t i = 0;
        if (in.eof() || !batch_row_from_jsonl(line, row) || !index.find(row.seed, i)) continue;
        if (start < resume_from && (job.resumed.empty() || job.resumed[static_cast<size_t>(i)] == 0)) continue;
        sorter.add(i, line);
      }
      if (in.bad()) throw IoError("read", job.journal, std::strerror(errno));
    }
    OutputBatch files;
    const std::string csv_path = in_dir("summary.csv"), jsonl_path = in_dir("seeds.jsonl");
    LineFile csv(files.stage_empty(csv_path), csv_path), jsonl(files.stage_empty(jsonl_path), jsonl_path);
    if (header) csv.write(batch_csv_header(info.columns));
    std::unique_ptr<LineFile> exact;  // --shard: the rows in full, for --merge (batch_merge.hpp)
    if (!shard_.empty())
      exact = std::make_unique<LineFile>(files.stage_empty(in_dir(kExactRowsFile)), in_dir(kExactRowsFile));
    BatchSummary summary(job.journal);
    SummaryTotals totals;
    std::vector<SeedRow> page_rows;
    sorter.drain([&](uint64_t, std::string_view line) {
      SeedRow row;
      if (!batch_row_from_jsonl(line, row)) throw IoError("read back", job.journal, "a row is not as written");
      csv.write(batch_csv_row(row, info.columns));
      jsonl.write(batch_jsonl_row(row, info.columns));
      if (exact) exact->write(batch_journal_row(row, info.columns));
      summary.add(row);
      if (!row.valid && totals.seeds == totals.valid) totals.first_failure = row;
      totals.seeds = summary.seeds();
      totals.valid = summary.valid();
      if (page) page_rows.push_back(std::move(row));
    });
    csv.close();
    jsonl.close();
    if (exact) exact->close();
    files.stage(in_dir("summary.json"), summary.json(info));
    if (page) files.stage(in_dir("index.html"), review_page_html(page_rows, *page));
    files.commit();
    return totals;
  }

  std::unique_ptr<GeneratorFlags> flags_;
  std::string seeds_, seeds_file_;
  int threads_ = default_threads();
  std::string dir_ = ".";
  std::string shard_;
  std::vector<std::string> merge_;
  bool html_ = false;
  bool resume_ = false;
  MemoryBudget memory_;
  int scale_ = 4;
  std::string outputs_;
  bool no_files_ = false;
  bool png_ = true, json_ = true, txt_ = true;
  bool tmj_ = false;
  bool map_ = false;
  std::string overlay_;
};

}  // namespace

std::unique_ptr<Command> add_batch_command(CLI::App& app) { return std::make_unique<BatchCommand>(app); }

}  // namespace catacomb::cli
