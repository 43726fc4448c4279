#pragma once
/// The summary files of `catacomb batch`: summary.csv and seeds.jsonl (one row per seed, in
/// seed order, so shard outputs merge by concatenation) and summary.json (the run's aggregates).
///
/// Columns, in this order, in both the CSV and the JSON rows: seed, valid, attempts,
/// open_fraction, rooms, objectives, route_cost, route_length, loops, dead_ends, chokepoints,
/// generate_ms, error, png, json, txt, then tmj and map when those files were requested, then
/// templates, theme and mission for a batch with a template set or a mission (BatchColumns).
/// Numbers are printed with fixed precision (open_fraction 6 decimals, route_cost and
/// generate_ms 3), so that every field but generate_ms is the same on every run and machine.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include "tools/batch/batch_stream.hpp"
#include "tools/batch/batch_summary.hpp"
#include "tools/batch/percentiles.hpp"  // the percentiles of summary.json

namespace catacomb::cli {

/// Which optional file columns the rows carry.
struct BatchColumns {
  bool tmj = false;
  bool map = false;
  /// The design metrics of locked dungeons (after chokepoints): critical_path_length,
  /// critical_path_cost, keys_on_critical_path, backtracking, optional_objectives. Only for a
  /// batch with locks, so a batch without them writes the same files as before.
  bool locks = false;
  /// The template set's name, the theme and the mission's name (after tmj and map): templates,
  /// theme, mission, each "" when the batch had none. Only for a batch with a template set
  /// (--templates) or a mission (--mission), so a batch without either writes the same files as
  /// before.
  bool design = false;
  /// The progression metrics (after optional_objectives): branchiness, cycles,
  /// critical_path_share. Only for a batch with locks (where the batch solves each dungeon), so
  /// a batch without them writes the same files as before; batches written before these columns
  /// have locks without them, and merge as they were.
  bool progression = false;
};

/// Column names in order.
std::vector<std::string> batch_column_names(const BatchColumns& columns);

/// The CSV header line, with its newline.
std::string batch_csv_header(const BatchColumns& columns);
/// One CSV line (RFC 4180 quoting: a field holding a comma, quote or line break is quoted, its
/// quotes doubled), with its newline ("\n").
std::string batch_csv_row(const SeedRow& row, const BatchColumns& columns);
/// One JSON Lines object (keys in column order), with its newline.
std::string batch_jsonl_row(const SeedRow& row, const BatchColumns& columns);

/// A batch journal's line: the batch_jsonl_row object with three more keys at the end,
/// "open_fraction_exact", "route_cost_exact" and "generate_ms_exact" (the values in full, so that
/// the means and the review page built from the journal are those of the rows as measured), with
/// its newline.
std::string batch_journal_row(const SeedRow& row, const BatchColumns& columns);

/// Reads back a line written by batch_jsonl_row or batch_journal_row: false for anything else (a
/// line torn by a kill, another format), leaving `row` unspecified. Fields batch_jsonl_row wrote
/// rounded come back rounded (but those a journal line has in full).
bool batch_row_from_jsonl(std::string_view line, SeedRow& row);

/// What summary.json records besides the rows' aggregates.
struct BatchRunInfo {
  std::string generator;
  uint64_t first_seed = 0;  ///< the whole --seeds range, first
  uint64_t last_seed = 0;   ///< and last (inclusive)
  int shard_index = 1;      ///< K of --shard K/N (1/1 unsharded)
  int shard_count = 1;      ///< N
  int threads = 1;
  Params parameters;    ///< the generator recipe (GenerateConfig::params())
  int scale = 4;        ///< preview pixels per tile
  std::string overlay;  ///< preview overlays, or empty
  /// The per-seed files asked for ("json,txt"; "none" for --no-files) when they are not the
  /// default png, json and txt (with tmj and map as their own keys); empty for the default, so
  /// that a default batch records the same parameters as before --outputs.
  std::string outputs;
  BatchColumns columns;
  /// A merge of batches with different themes: each batch's theme ("" for none), in the order of
  /// their rows; written as "themes" (the parameters then leave out "theme"). Empty otherwise
  /// (nothing written).
  std::vector<std::string> themes;
  std::vector<std::string> contact_sheets;  ///< file names of the contact sheet pages
  std::string html;                         ///< file name of the review page, or empty
  /// A shard's commands that regenerate one seed's files (without --seed and the file flags) and
  /// the review page's picks; written as "commands": {"generate", "picks"} when not empty (by a
  /// run with --shard, for the page of batch --merge --html).
  std::string generate_command, picks_command;
  double elapsed_s = 0;  ///< wall-clock time of the whole run
};

/// The aggregates of summary.json, gathered one row at a time (in the run's order) in memory
/// that does not grow with the rows: counts and sums, and the values of the percentiles through
/// StreamPercentiles (spilled beside `spill_beside` past their chunk).
class BatchSummary {
 public:
  explicit BatchSummary(const std::string& spill_beside, size_t percentile_chunk = StreamPercentiles::kDefaultChunk);
  void add(const SeedRow& row);
  uint64_t seeds() const { return seeds_; }
  uint64_t valid() const { return valid_; }

  /// summary.json: seeds, first/last seed of this run, valid and failed counts, validity_rate;
  /// percentiles (min, p50, p90, p99, max) of route_length and route_cost over the valid seeds
  /// (null when none is valid) and of generate_ms over every seed; means of open_fraction, rooms,
  /// objectives, loops, dead_ends and chokepoints over the valid seeds; maps_per_s, elapsed_s,
  /// threads, shard, the --seeds range, the parameters (then "themes" when BatchRunInfo has them)
  /// and the file names, the columns (then "commands" when BatchRunInfo has them). Ends with a
  /// newline.
  std::string json(const BatchRunInfo& info);

 private:
  uint64_t seeds_ = 0, valid_ = 0, first_seed_ = 0, last_seed_ = 0;
  double open_ = 0, rooms_ = 0, objectives_ = 0, loops_ = 0, dead_ends_ = 0, chokepoints_ = 0;
  StreamPercentiles lengths_, costs_, ms_;
};

/// The first line of a batch journal: one line of JSON naming the --seeds range, the shard and
/// the parameters (generator recipe and output options), so that --resume continues only the
/// same batch.
std::string batch_journal_header(const BatchRunInfo& info);

}  // namespace catacomb::cli
