#pragma once
/// What lets a batch write its summary without holding its rows: a line file written through a
/// buffer, a sorter of keyed lines that spills sorted runs to a temporary file past a chunk, and
/// nearest-rank percentiles of a stream of values, exact, that spill the same way. Memory is
/// bounded by the chunk sizes, whatever the number of rows; the spill files are temporary files
/// of the batch directory's journal (".catacomb-batch.journal.tmp-XXXXXX"): removed when done,
/// and by the next batch in that directory when a kill leaves them.
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/atomic_file.hpp>
#include "tools/batch/percentiles.hpp"

namespace catacomb::cli {

/// A file written piece by piece (stdio-buffered). `name` is what messages call it (the target
/// the file becomes). Throws IoError on a failed open, write or close.
class LineFile {
 public:
  LineFile(const std::string& path, std::string name, const char* mode = "wb");
  ~LineFile();
  LineFile(const LineFile&) = delete;
  LineFile& operator=(const LineFile&) = delete;
  void write(std::string_view text);
  /// Flushes and closes; a failure (disk full) throws here rather than being lost.
  void close();
  std::FILE* handle() const { return file_; }

 private:
  std::string path_, name_;
  std::FILE* file_ = nullptr;
};

/// Lines ordered by a 64-bit key, keeping only the last line added for each key. Holds at most
/// about `chunk_bytes` of lines in memory: past that, each full chunk is sorted and appended to a spill file
/// beside `spill_beside` as a run, and drain() merges the runs reading each through a small
/// buffer. Lines must not hold '\n'.
class KeyedLineSorter {
 public:
  static constexpr size_t kDefaultChunkBytes = size_t{8} << 20;
  explicit KeyedLineSorter(std::string spill_beside, size_t chunk_bytes = kDefaultChunkBytes);
  ~KeyedLineSorter();
  KeyedLineSorter(const KeyedLineSorter&) = delete;
  KeyedLineSorter& operator=(const KeyedLineSorter&) = delete;

  void add(uint64_t key, std::string_view line);
  /// Calls f(key, line) once per key, in increasing key order, with the last line added for it.
  /// Once only.
  void drain(const std::function<void(uint64_t key, std::string_view line)>& f);
  /// How many runs were spilled (0 while everything fits in one chunk).
  size_t runs() const { return runs_.size(); }

 private:
  struct Entry {
    uint64_t key;
    uint64_t order;
    std::string line;
  };
  void sort_chunk();
  void spill();
  std::string spill_beside_;
  size_t chunk_bytes_;
  size_t held_bytes_ = 0;
  uint64_t added_ = 0;
  std::vector<Entry> entries_;
  OutputBatch spill_files_;  ///< never committed: its temporary file is removed on destruction
  std::unique_ptr<LineFile> spill_;
  std::string spill_path_;
  std::vector<std::pair<uint64_t, uint64_t>> runs_;  ///< byte ranges [begin, end) of the spill
  uint64_t spill_size_ = 0;
};

/// The nearest-rank percentiles of every value added: exactly nearest_rank_percentiles(all of
/// them), holding at most `chunk` values in memory; past that, the values go to a spill file
/// beside `spill_beside` and result() selects each percentile in four passes over it (radix
/// selection on 16 bits of the value's order-preserving 64-bit pattern per pass). NaN is not
/// allowed.
class StreamPercentiles {
 public:
  static constexpr size_t kDefaultChunk = 262144;
  explicit StreamPercentiles(std::string spill_beside, size_t chunk = kDefaultChunk);
  ~StreamPercentiles();
  StreamPercentiles(const StreamPercentiles&) = delete;
  StreamPercentiles& operator=(const StreamPercentiles&) = delete;

  void add(double v);
  uint64_t count() const { return count_; }
  bool spilled() const { return spill_ != nullptr; }
  /// Requires count() > 0.
  Percentiles result();

 private:
  void flush();
  std::string spill_beside_;
  size_t chunk_;
  uint64_t count_ = 0;
  std::vector<double> values_;
  OutputBatch spill_files_;
  std::unique_ptr<LineFile> spill_;
};

}  // namespace catacomb::cli
