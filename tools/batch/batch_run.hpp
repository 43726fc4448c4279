#pragma once
/// The engine of `catacomb batch`: a range of seeds, each generated, validated, analysed and
/// written to its own files by a pool of worker threads, with the contact sheet pages written as
/// they fill up. Rows, files and pages never depend on the thread count: each seed's files are
/// the same bytes for any --threads and any --shard.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <catacomb/pipeline/generate.hpp>
#include <catacomb/render/image.hpp>
#include "tools/batch/batch_report.hpp"
#include "tools/batch/batch_summary.hpp"
#include "tools/outputs.hpp"
#include <catacomb/core/threads.hpp>

namespace catacomb::cli {

/// Most seeds one --seeds range may hold. A run's memory does not grow with its seeds (rows go to
/// the journal, and the summary is built from it in bounded memory) but for one byte per seed
/// when resuming and the listed seeds of a --seeds-file.
inline constexpr uint64_t kMaxBatchSeeds = 10'000'000;
/// Most worker threads: the library's thread range (threads.hpp).
inline constexpr int kMaxBatchThreads = kMaxThreads;

/// Consecutive seeds first, first + 1, ..., first + count - 1 (count may be 0 for an empty
/// shard). Never wraps past 2^64 - 1.
struct SeedSpan {
  uint64_t first = 0;
  uint64_t count = 0;
  /// The last seed. Requires count > 0.
  uint64_t last() const { return first + (count - 1); }
};

/// Parses --seeds: "A..B" (A <= B, inclusive) or "A", decimal unsigned 64-bit integers, at most
/// kMaxBatchSeeds seeds. Throws InvalidArgument "--seeds = <text> (expected ...)".
SeedSpan parse_seed_range(const std::string& text);

/// Parses --shard "K/N" (1 <= K <= N <= kMaxBatchShards): the library's parse_batch_shard.
/// Throws InvalidArgument "--shard = <text> (expected ...)".
BatchShard parse_shard(const std::string& text);

/// The seeds of shard K/N of `all`: the library's shard_range of all.count, from all.first, so
/// shards 1..N in order cover `all` in seed order.
SeedSpan shard_span(const SeedSpan& all, const BatchShard& shard);

/// One batch run (already checked: the config, the directory, the scale).
struct BatchJob {
  GenerateConfig config;  ///< must pass config.check()
  SeedSpan seeds;         ///< the seeds of this run (one shard), when `listed` is empty
  /// The seeds of this run in order, when given by a seeds file (distinct); empty for `seeds`.
  std::vector<uint64_t> listed;
  /// Worker threads. [Limit: 1 to kMaxBatchThreads]
  int threads = 1;
  std::string dir = ".";      ///< existing, writable output directory
  bool png = true;            ///< write seed-<seed>.png (--outputs)
  bool json = true;           ///< write seed-<seed>.json
  bool txt = true;            ///< write seed-<seed>.txt
  bool tmj = false;           ///< also write seed-<seed>.tmj (and its tileset PNG)
  bool map = false;           ///< also write seed-<seed>.map
  int scale = 4;              ///< PNG preview pixels per tile
  std::string overlay;        ///< preview overlays (OutputOptions::overlay)
  bool contact_sheet = true;  ///< write contact-sheet.png (or its pages)
  /// When set, workers take no new seed once it is true (SIGINT/SIGTERM); the seeds in flight
  /// finish, and run_batch returns with interrupted = true.
  const std::atomic<bool>* cancel = nullptr;
  /// Journal file (appended one JSON Lines row per finished seed, flushed at once, so a kill
  /// loses at most the seeds in flight), or empty for none. Its first line is journal_header.
  /// The rows are kept nowhere else: the batch's summary is built from it.
  std::string journal;
  std::string journal_header;  ///< what identifies the batch (written when the journal is new)
  BatchColumns columns;        ///< the row format of the journal
  /// When resuming: for each seed of this run by index, 1 (valid) or 2 (failed) when an earlier
  /// run's journal records it finished with its files, else 0. Those seeds are not run again;
  /// their rows stay in the journal. Empty for a new run.
  std::vector<uint8_t> resumed;

  /// How many seeds this run has, and the i-th (i < seed_count()).
  uint64_t seed_count() const { return listed.empty() ? seeds.count : listed.size(); }
  uint64_t seed_at(uint64_t i) const { return listed.empty() ? seeds.first + i : listed[static_cast<size_t>(i)]; }
};

/// The Tiled tileset every seed's .tmj of a batch shares (with its image kBatchTilesetImage),
/// written once into the batch directory.
inline constexpr const char* kBatchTileset = "catacomb-tileset.tsj";
inline constexpr const char* kBatchTilesetImage = "catacomb-tileset.png";

/// The output options of one seed: the files the job asks for (png, json, txt, tmj referring to
/// kBatchTileset, map), every file named seed-<seed>.<ext> inside job.dir.
OutputOptions seed_outputs(const BatchJob& job, uint64_t seed);

/// Generates, validates and analyses one seed and writes its files (all of them or none: staged
/// through one OutputBatch). A seed without a valid dungeon within the attempt budget is a row
/// with valid = false and the error, and no files. When `thumbnail` is given and the seed is
/// valid, it receives the seed's contact sheet thumbnail. Throws IoError when a file cannot be
/// written.
SeedRow run_seed(const BatchJob& job, uint64_t seed, Image* thumbnail = nullptr);

/// The position of a seed in a job's seeds: seed - first for a range, its line in the seeds file
/// for a list (a sorted copy of the list).
class SeedIndex {
 public:
  explicit SeedIndex(const BatchJob& job);
  /// False when `seed` is not one of the job's.
  bool find(uint64_t seed, uint64_t& index) const;

 private:
  SeedSpan span_;
  std::vector<std::pair<uint64_t, uint64_t>> sorted_;  ///< (seed, index) of a list, by seed
  bool listed_ = false;
};

struct BatchResult {
  uint64_t finished = 0;                    ///< seeds finished, this run's and resumed ones
  std::vector<std::string> contact_sheets;  ///< file names of the pages written, in order
  double elapsed_s = 0;                     ///< wall-clock time of the run
  bool interrupted = false;                 ///< job.cancel stopped it before every seed finished
};

/// Called on the calling thread about ten times a second and once at the end with the seeds
/// finished so far and the seconds elapsed.
using BatchProgress = std::function<void(uint64_t done, uint64_t total, double elapsed_s)>;

/// With job.tmj, first writes the shared tileset (kBatchTileset and its image) into job.dir.
/// Runs every seed of job.seeds on job.threads worker threads pulling seeds from a shared
/// counter; each finished seed's row is appended to job.journal (the rows are not kept: the
/// summary is built from the journal). Contact sheet pages are written as soon as all their
/// seeds are done. On the first error other than a failed seed (an IoError, out of memory) the
/// workers stop taking seeds and the error is rethrown once all have stopped; files already
/// written stay (each one complete).
BatchResult run_batch(const BatchJob& job, const BatchProgress& progress = {});

}  // namespace catacomb::cli
