#pragma once
/// `catacomb batch --merge DIR... --out DIR`: the summary of shards run anywhere (--shard K/N on
/// other machines, Slurm job arrays, Kubernetes Indexed Jobs, catacomb.dask), the same files,
/// timings aside, as one unsharded batch of the same seeds writes (summary.csv, seeds.jsonl,
/// summary.json with exact percentiles and means, contact sheets). The seeds' own files stay
/// where their shards wrote them (the rows name them relative to their shard's directory).
#include <ostream>
#include <string>
#include <vector>

#include "tools/batch/batch_report.hpp"

namespace catacomb::cli {

/// The rows file a batch run with --shard writes beside seeds.jsonl: each row as a journal line
/// (batch_journal_row: the values measured in full), in the run's order, which --merge reads so
/// that its means are the unsharded run's to the last digit.
inline constexpr const char* kExactRowsFile = "seeds.exact.jsonl";

/// Merges the shard directories `dirs` (every shard K/N of one batch, each once, in any order)
/// into `out`. Checks everything before writing: each directory's summary.json and rows, the
/// same batch in each (range, shard count, parameters, columns), every shard present once, and
/// `out` (writable, not one of the shards). Returns the exit code of a batch: 0 every seed valid,
/// 1 some seed failed. Throws InvalidArgument naming --merge and the directory, IoError.
int run_merge(const std::vector<std::string>& dirs, const std::string& out, std::ostream& os, std::ostream& err);

}  // namespace catacomb::cli
