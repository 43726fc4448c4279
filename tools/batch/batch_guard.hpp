#pragma once
/// What keeps a batch's output directory whole: a lock so that only one batch writes into it, the
/// removal of temporary files a killed run left there, the check of every seed's output paths
/// before any work, and the SIGINT/SIGTERM handling that lets a batch stop cleanly.
#include <atomic>
#include <string>

#include "tools/batch/batch_run.hpp"

namespace catacomb::cli {

/// The lock file's name inside --out.
inline constexpr const char* kBatchLockFile = ".catacomb-batch.lock";

/// Holds DIR/.catacomb-batch.lock (the holder's process id) for its lifetime. A lock whose
/// process is gone (killed) is taken over.
class BatchLock {
 public:
  /// Throws InvalidArgument {"--out", dir, "... process <pid> holds <lock>"} when a live
  /// process holds the lock; IoError when the lock cannot be written.
  explicit BatchLock(const std::string& dir);
  ~BatchLock();
  BatchLock(const BatchLock&) = delete;
  BatchLock& operator=(const BatchLock&) = delete;

 private:
  std::string path_;
};

/// Whether `name` is a temporary file of catacomb's own naming in a batch directory:
/// "<output name>.tmp-XXXXXX" with <output name> one of the names a batch writes (seed-<n>.png,
/// .json, .txt, .tmj, .map, seed-<n>-tileset.png, summary.csv, seeds.jsonl, seeds.exact.jsonl, summary.json,
/// index.html, contact-sheet*.png, the journal) and XXXXXX six letters or digits.
bool is_batch_temporary(const std::string& name);

/// Removes every is_batch_temporary file of `dir` (left by a killed run; the caller holds the
/// lock, so no running batch owns them). Returns how many were removed.
int remove_stale_temporaries(const std::string& dir);

/// Refuses, before any work, a seed whose output path in job.dir exists and is not a writable
/// regular file (a directory named seed-2.json): InvalidArgument {"--out", path, ...}. Reads the
/// directory once, so its cost does not grow with the number of seeds.
void check_seed_paths(const BatchJob& job);

/// While alive, SIGINT and SIGTERM set requested() instead of ending the process (a second one
/// ends it at once, as the default would). The previous handlers are restored on destruction.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  /// Set by the handlers; what run_batch watches.
  static const std::atomic<bool>& requested();
};

/// Exit code of a batch stopped by SIGINT or SIGTERM (128 + SIGINT, as shells report Ctrl-C).
inline constexpr int kExitInterrupted = 130;

}  // namespace catacomb::cli
