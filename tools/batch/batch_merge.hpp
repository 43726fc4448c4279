#pragma once
/// `catacomb batch --merge DIR... --out DIR`: the summary of shards run anywhere (--shard K/N on
/// other machines, Slurm job arrays, Kubernetes Indexed Jobs, catacomb.dask), the same files,
/// timings aside, as one unsharded batch of the same seeds writes (summary.csv, seeds.jsonl,
/// summary.json with exact percentiles and means, contact sheets). The seeds' own files stay
/// where their shards wrote them (the rows name them relative to their shard's directory).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "tools/batch/batch_report.hpp"

namespace catacomb::cli {

/// The rows file a batch run with --shard writes beside seeds.jsonl: each row as a journal line
/// (batch_journal_row: the values measured in full), in the run's order, which --merge reads so
/// that its means are the unsharded run's to the last digit.
inline constexpr const char* kExactRowsFile = "seeds.exact.jsonl";

/// What a shard's summary.json says of its run.
struct ShardRun {
  std::string dir;              ///< the shard's directory
  int index = 0;                ///< K of --shard K/N
  int count = 0;                ///< N
  nlohmann::ordered_json same;  ///< what every shard of one batch shares: generator, range, parameters, columns
  uint64_t seeds = 0;           ///< rows in the shard
  int threads = 1;              ///< its --threads
  double elapsed_s = 0;         ///< its run time
  bool contact_sheets = false;  ///< it wrote contact sheets
  /// Its "commands" (BatchRunInfo::generate_command, picks_command), or empty.
  std::string generate_command, picks_command;
};

/// Reads a shard's summary.json text (`dir` names it in messages). Throws InvalidArgument
/// "--merge = <dir> (expected ...)" for anything a batch does not write.
ShardRun parse_shard_summary(std::string_view text, const std::string& dir);

/// Merges the shard directories `dirs` into `out`: every shard K/N of one batch, each once, in any
/// order; or of several batches (shards with the same range, shard count, parameters and columns
/// are one batch) that differ only in their --theme and in their seeds, whose ranges must not
/// overlap (a seed is one row, one card, one pick). The batches' rows follow each other in the
/// order of their first seed. Checks everything before writing: each directory's summary.json
/// and rows, every shard of each batch present once, and `out` (writable, not one of the shards).
/// With `html`, also writes index.html, the review page of every row, its links going to the
/// seeds' files in their shards; a merge of batches with different themes has a theme filter.
/// Returns the exit code of a batch: 0 every seed valid, 1 some seed failed. Throws
/// InvalidArgument naming --merge and the directory, IoError.
int run_merge(const std::vector<std::string>& dirs, const std::string& out, bool html, std::ostream& os,
              std::ostream& err);

}  // namespace catacomb::cli
