// The batch engine. Work distribution: one atomic counter hands out seed indices to the workers;
// each worker writes its seed's own files and journals its row, and shares
// nothing else mutable but the contact sheet pager and the journal (each behind a mutex). Since generation is deterministic per seed, rows and
// files are independent of the thread count and of the order seeds finish in.
// Memory: no row is kept (each goes to the journal as its seed finishes); one byte per seed of
// the range when resuming; the thumbnails of the contact sheet pages still filling (about
// threads + 1 pages of 100 thumbnails of at most 160 x 160 pixels).
#include "tools/batch/batch_run.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include <catacomb/core/error.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/render/contact_sheet.hpp>
#include <catacomb/io/tiled.hpp>
#include <catacomb/validate/analysis.hpp>
#include <catacomb/validate/room_graph.hpp>

namespace catacomb::cli {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

bool parse_u64(std::string_view s, uint64_t& v) {
  if (s.empty()) return false;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size();
}

std::string in_dir(const std::string& dir, const std::string& name) {
  return (std::filesystem::path(dir) / name).generic_string();
}

// Collects thumbnails by index and writes each contact sheet page once all its entries are in.
class ContactPager {
 public:
  ContactPager(std::string dir, uint64_t count) : dir_(std::move(dir)), count_(count) {
    pages_ = contact_sheet_pages(static_cast<size_t>(count));
  }

  // Thread-safe. Renders and writes the entry's page, outside the lock, when it completes.
  void add(uint64_t index, ContactEntry entry) {
    const auto per = static_cast<uint64_t>(kContactSheetPageSize);
    const uint64_t page = index / per;
    std::vector<ContactEntry> full;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      Page& p = pending_[page];
      if (p.entries.empty()) p.entries.resize(static_cast<size_t>(std::min(per, count_ - page * per)));
      p.entries[static_cast<size_t>(index % per)] = std::move(entry);
      if (++p.filled < p.entries.size()) return;
      full = std::move(p.entries);
      pending_.erase(page);
    }
    write_file_atomic(in_dir(dir_, contact_sheet_file(static_cast<size_t>(page), pages_)),
                      encode_png(render_contact_sheet(full)));
  }

  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (size_t p = 0; p < pages_; ++p) names.push_back(contact_sheet_file(p, pages_));
    return names;
  }

 private:
  struct Page {
    std::vector<ContactEntry> entries;
    size_t filled = 0;
  };
  std::string dir_;
  uint64_t count_;
  size_t pages_ = 0;
  std::mutex mutex_;
  std::map<uint64_t, Page> pending_;
};

}  // namespace

SeedIndex::SeedIndex(const BatchJob& job) : span_(job.seeds), listed_(!job.listed.empty()) {
  if (!listed_) return;
  sorted_.reserve(job.listed.size());
  for (size_t i = 0; i < job.listed.size(); ++i) sorted_.emplace_back(job.listed[i], i);
  std::sort(sorted_.begin(), sorted_.end());
}

bool SeedIndex::find(uint64_t seed, uint64_t& index) const {
  if (!listed_) {
    if (span_.count == 0 || seed < span_.first || seed > span_.last()) return false;
    index = seed - span_.first;
    return true;
  }
  const auto it = std::lower_bound(sorted_.begin(), sorted_.end(), std::make_pair(seed, uint64_t{0}));
  if (it == sorted_.end() || it->first != seed) return false;
  index = it->second;
  return true;
}

SeedSpan parse_seed_range(const std::string& text) {
  auto bad = [&](const std::string& expected) { throw InvalidArgument(FieldProblem{"--seeds", text, expected}); };
  const std::string form = "A..B or A: unsigned 64-bit decimal integers, e.g. 1..100";
  uint64_t a = 0, b = 0;
  const size_t dots = text.find("..");
  if (dots == std::string::npos) {
    if (!parse_u64(text, a)) bad(form);
    b = a;
  } else {
    const std::string_view s(text);
    if (!parse_u64(s.substr(0, dots), a) || !parse_u64(s.substr(dots + 2), b)) bad(form);
    if (a > b) bad("A..B with A <= B");
  }
  // b - a cannot overflow; b - a + 1 can (0..2^64-1), so compare before adding.
  if (b - a >= kMaxBatchSeeds)
    bad("at most " + std::to_string(kMaxBatchSeeds) + " seeds in one range; split it into several runs");
  return {a, b - a + 1};
}

BatchShard parse_shard(const std::string& text) { return parse_batch_shard(text, "--shard"); }

SeedSpan shard_span(const SeedSpan& all, const BatchShard& shard) {
  const ShardRange r = shard_range(all.count, shard);
  return {all.first + r.first, r.count};
}

OutputOptions seed_outputs(const BatchJob& job, uint64_t seed) {
  const std::string stem = "seed-" + std::to_string(seed);
  OutputOptions o;
  if (job.png) o.png = in_dir(job.dir, stem + ".png");
  if (job.json) o.json = in_dir(job.dir, stem + ".json");
  if (job.txt) o.txt = in_dir(job.dir, stem + ".txt");
  if (job.tmj) {
    o.tmj = in_dir(job.dir, stem + ".tmj");
    o.tmj_tileset = kBatchTileset;
  }
  if (job.map) o.map = in_dir(job.dir, stem + ".map");
  o.scale = job.scale;
  o.overlay = job.overlay;
  return o;
}

SeedRow run_seed(const BatchJob& job, uint64_t seed, Image* thumbnail) {
  SeedRow row;
  row.seed = seed;
  if (job.config.templates) row.templates = job.config.templates->name;
  row.theme = job.config.theme;
  if (job.config.mission && !job.config.mission->empty()) row.mission = job.config.mission->name;
  const auto t0 = Clock::now();
  GenerateResult r;
  try {
    r = generate_dungeon(job.config, seed);
  } catch (const GenerationError& e) {
    row.generate_ms = seconds_since(t0) * 1000.0;
    row.attempts = job.config.max_attempts;
    row.error = e.what();
    return row;
  }
  row.generate_ms = seconds_since(t0) * 1000.0;

  const Dungeon& d = r.dungeon;
  const ValidateOptions vopt = validate_options_for(job.config);
  row.valid = true;
  row.attempts = d.attempts;
  row.open_fraction = static_cast<double>(r.report.passable_cells) /
                      static_cast<double>(int64_t{d.tiles.width()} * d.tiles.height());
  row.rooms = static_cast<int>(d.rooms.size());
  row.objectives = static_cast<int>(d.objectives.size());
  for (size_t i = 0; i < d.objectives.size() && i < r.report.objectives.size(); ++i)
    if (d.objectives[i].kind == ObjectiveKind::Exit && r.report.objectives[i].reachable) {
      row.route_cost = r.report.objectives[i].cost;
      row.route_length = r.report.objectives[i].length;
      break;
    }
  const MapAnalysis a = analyse_map(d, r.report, vopt);
  row.loops = a.loops;
  // Where a player has to turn back: passage tips, and rooms with a single doorway (a rooms
  // dungeon's corridors join rooms, so its dead ends are rooms).
  row.dead_ends = static_cast<int>(a.dead_ends.size()) + a.dead_end_rooms;
  row.chokepoints = static_cast<int>(a.chokepoints.size());
  if (r.report.solution) {
    const WalkMetrics& m = r.report.solution->metrics;
    row.critical_length = m.critical_length;
    row.critical_cost = m.critical_cost;
    row.keys_on_critical_path = m.keys_on_critical_path;
    row.backtracking = m.backtracking;
    row.optional_objectives = m.optional_objectives;
    // The progression's shape: the room graph (one labelling pass) with the solution in hand.
    const RoomGraph g = room_graph(d, MapRules{vopt.costs, vopt.moves, d.key_rule}, *r.report.solution);
    const ProgressionMetrics p = progression_metrics(g, *r.report.solution);
    row.branchiness = p.branchiness();
    row.cycles = p.cycles;
    row.critical_share = r.report.passable_cells > 0
                             ? static_cast<double>(p.critical_cells) / static_cast<double>(r.report.passable_cells)
                             : 0.0;
  }

  // Render everything first, then stage and commit together: a seed's files appear together.
  const OutputOptions o = seed_outputs(job, seed);
  const auto files = render_outputs(d, o, vopt, &r.report, &a);
  OutputBatch batch;
  for (const auto& file : files) batch.stage(file.first, file.second);
  batch.commit();
  // Name only the files actually written (relative to the directory).
  auto name = [&files](const std::string& path) {
    for (const auto& file : files)
      if (!path.empty() && file.first == path) return std::filesystem::path(path).filename().string();
    return std::string();
  };
  row.png = name(o.png);
  row.json = name(o.json);
  row.txt = name(o.txt);
  row.tmj = name(o.tmj);
  row.map = name(o.map);
  if (thumbnail) *thumbnail = render_thumbnail(d);
  return row;
}

namespace {

// The journal: one line per finished seed, appended and flushed under a lock, in finishing order.
class Journal {
 public:
  Journal(const BatchJob& job) : columns_(job.columns) {
    if (job.journal.empty()) return;
    path_ = job.journal;
    // A resumed run appends to the journal it read (after a line break, when a kill tore its last
    // line, so that the torn line stays apart); a new run starts it afresh.
    const bool resume = !job.resumed.empty();
    file_ = std::fopen(path_.c_str(), resume ? "a+b" : "wb");
    if (!file_) throw IoError("open the journal", path_, std::strerror(errno));
    if (!resume) {
      write(job.journal_header + "\n");
    } else if (std::fseek(file_, -1, SEEK_END) == 0 && std::fgetc(file_) != '\n') {
      write("\n");
    }
  }
  ~Journal() {
    if (file_) std::fclose(file_);
  }
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  void add(const SeedRow& row) {
    if (file_) write(batch_journal_row(row, columns_));
  }

 private:
  void write(const std::string& line) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0)
      throw IoError("write", path_, std::strerror(errno));
  }
  BatchColumns columns_;
  std::string path_;
  std::FILE* file_ = nullptr;
  std::mutex mutex_;
};

// A valid seed's contact sheet thumbnail, generated again (for a resumed seed whose page is
// still to be written; generation is deterministic, so it is the same picture).
Image regenerate_thumbnail(const BatchJob& job, uint64_t seed) {
  return render_thumbnail(generate_dungeon(job.config, seed).dungeon);
}

// Whether an earlier run finished seed `i` of the job: 1 valid, 2 failed, 0 not (or not resuming).
uint8_t resumed_at(const BatchJob& job, uint64_t i) {
  return job.resumed.empty() ? 0 : job.resumed[static_cast<size_t>(i)];
}

// For each contact sheet page, whether it is to be written.
std::vector<char> contact_pages_needed(const BatchJob& job) {
  const uint64_t total = job.seed_count();
  // A page needs writing unless it exists and every one of its seeds was finished before.
  const auto per = static_cast<uint64_t>(kContactSheetPageSize);
  std::vector<char> page_needed(contact_sheet_pages(static_cast<size_t>(total)), 1);
  for (size_t p = 0; p < page_needed.size(); ++p) {
    std::error_code ec;
    if (!std::filesystem::exists(in_dir(job.dir, contact_sheet_file(p, page_needed.size())), ec)) continue;
    bool all = true;
    for (uint64_t i = p * per; i < std::min(total, (p + 1) * per); ++i) all = all && resumed_at(job, i) != 0;
    page_needed[p] = !all;
  }
  return page_needed;
}

// The tileset every seed's .tmj shares, written once into job.dir (its .tsj and its image together).
void write_shared_tileset(const BatchJob& job) {
  const TiledTileset tileset = make_tiled_tileset(kBatchTileset, kTiledTileSize, job.config.cost_table());
  OutputBatch files;
  files.stage(in_dir(job.dir, kBatchTileset), tileset.tsj);
  files.stage(in_dir(job.dir, tileset.image_file), tileset.png);
  files.commit();
}

// What the workers share: the next seed index to take and the seeds finished (atomics), and,
// behind `mutex`, the first error and how many workers still run (finished_cv is notified as
// each one exits). `stop` is set on an error: the workers take no new seed.
struct WorkerState {
  std::atomic<uint64_t> next{0}, done{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable finished_cv;
  std::exception_ptr error;
  int running = 0;
};

// One worker: takes seeds from the shared counter until none is left, an error stopped the
// run, or job.cancel asks to stop; a resumed seed only adds its thumbnail to a page still to be
// written. Journals each row as its seed finishes.
void work_seeds(const BatchJob& job, const std::vector<char>& page_needed, ContactPager& pager, Journal& journal,
                WorkerState& state) {
  const uint64_t total = job.seed_count();
  const auto per = static_cast<uint64_t>(kContactSheetPageSize);
  auto cancelled = [&] { return job.cancel && job.cancel->load(); };
  while (!state.stop.load(std::memory_order_relaxed) && !cancelled()) {
    const uint64_t i = state.next.fetch_add(1);
    if (i >= total) break;
    const uint64_t seed = job.seed_at(i);
    const bool sheet = job.contact_sheet && page_needed[static_cast<size_t>(i / per)];
    try {
      if (resumed_at(job, i) != 0) {
        if (sheet) {
          const bool valid = resumed_at(job, i) == 1;
          pager.add(i, ContactEntry{seed, valid, valid ? regenerate_thumbnail(job, seed) : Image{}});
        }
        continue;
      }
      Image thumb;
      SeedRow row = run_seed(job, seed, sheet ? &thumb : nullptr);
      journal.add(row);
      if (sheet) pager.add(i, ContactEntry{seed, row.valid, std::move(thumb)});
    } catch (...) {
      std::lock_guard<std::mutex> lock(state.mutex);
      if (!state.error) state.error = std::current_exception();
      state.stop = true;
    }
    state.done.fetch_add(1);
  }
  std::lock_guard<std::mutex> lock(state.mutex);
  --state.running;
  state.finished_cv.notify_all();
}

// Starts `n` threads running `work`, each counted in state.running before it starts. When one
// cannot be started, stops and joins those that were, and rethrows.
template <class Work>
void start_workers(int n, const Work& work, WorkerState& state, std::vector<std::thread>& workers) {
  try {
    for (int t = 0; t < n; ++t) {
      {
        std::lock_guard<std::mutex> lock(state.mutex);
        ++state.running;
      }
      try {
        workers.emplace_back(work);
      } catch (...) {
        std::lock_guard<std::mutex> lock(state.mutex);
        --state.running;
        throw;
      }
    }
  } catch (...) {
    state.stop = true;
    for (std::thread& w : workers) w.join();
    throw;
  }
}

// Waits until no worker runs, reporting progress on this thread about ten times a second.
void wait_for_workers(WorkerState& state, uint64_t total, const BatchProgress& progress, Clock::time_point t0) {
  std::unique_lock<std::mutex> lock(state.mutex);
  while (state.running > 0) {
    state.finished_cv.wait_for(lock, std::chrono::milliseconds(100));
    if (progress && state.running > 0) {
      lock.unlock();
      progress(state.done.load(), total, seconds_since(t0));
      lock.lock();
    }
  }
}

}  // namespace

BatchResult run_batch(const BatchJob& job, const BatchProgress& progress) {
  const auto t0 = Clock::now();
  const uint64_t total = job.seed_count();
  // A resumed seed is marked by one byte: 1 valid, 2 failed (none when not resuming).
  assert(job.resumed.empty() || job.resumed.size() == total);
  ContactPager pager(job.dir, total);
  const std::vector<char> page_needed = contact_pages_needed(job);
  if (job.tmj) write_shared_tileset(job);
  Journal journal(job);

  WorkerState state;
  for (uint8_t r : job.resumed) state.done += r != 0 ? 1 : 0;
  const int n = static_cast<int>(std::min<uint64_t>(static_cast<uint64_t>(std::max(job.threads, 1)), total));
  std::vector<std::thread> workers;
  start_workers(
      n, [&] { work_seeds(job, page_needed, pager, journal, state); }, state, workers);
  wait_for_workers(state, total, progress, t0);
  for (std::thread& w : workers) w.join();
  if (state.error) std::rethrow_exception(state.error);
  BatchResult result;
  result.elapsed_s = seconds_since(t0);
  result.finished = state.done.load();
  result.interrupted = result.finished < total;
  if (progress) progress(state.done.load(), total, result.elapsed_s);
  if (job.contact_sheet && !result.interrupted) result.contact_sheets = pager.files();
  return result;
}

}  // namespace catacomb::cli
