// Bounded-memory building blocks of the batch summary. The sorter is an external merge sort with
// one spill file: chunks are sorted in memory (stable, by key, the later line of a key kept) and
// appended as runs of "<key> <line>\n"; drain() merges the runs through a heap, each run read in
// blocks of kBlock bytes from its own position (one file handle, whatever the number of runs).
// The percentiles select the k-th smallest value without sorting: each pass counts, for every
// wanted rank, the values that share the bits already fixed by the next 16 bits, and fixes those.
#include "tools/batch/batch_stream.hpp"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <queue>

#include <catacomb/core/error.hpp>

namespace catacomb::cli {
namespace {

constexpr size_t kBlock = 16384;

int seek(std::FILE* f, uint64_t pos) {
#if defined(_WIN32)
  return _fseeki64(f, static_cast<__int64>(pos), SEEK_SET);
#else
  return fseeko(f, static_cast<off_t>(pos), SEEK_SET);
#endif
}

// A temporary file beside `beside`, opened for writing then reading.
std::unique_ptr<LineFile> open_spill(OutputBatch& owner, const std::string& beside) {
  const std::string path = owner.stage_empty(beside);
  return std::make_unique<LineFile>(path, path, "w+b");
}

void read_at(std::FILE* f, const std::string& name, uint64_t pos, char* buf, size_t n) {
  if (seek(f, pos) != 0 || std::fread(buf, 1, n, f) != n)
    throw IoError("read back", name, std::ferror(f) ? std::strerror(errno) : "it is shorter than written");
}

}  // namespace

// --- LineFile ---------------------------------------------------------------------------------

LineFile::LineFile(const std::string& path, std::string name, const char* mode) : path_(path), name_(std::move(name)) {
  file_ = std::fopen(path.c_str(), mode);
  if (!file_) throw IoError("open", name_, std::strerror(errno));
  std::setvbuf(file_, nullptr, _IOFBF, 1 << 16);
}

LineFile::~LineFile() {
  if (file_) std::fclose(file_);
}

void LineFile::write(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size())
    throw IoError("write", name_, std::strerror(errno));
}

void LineFile::close() {
  if (!file_) return;
  const bool ok = std::fflush(file_) == 0;
  const int err = errno;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!ok || !closed) throw IoError("write", name_, std::strerror(ok ? errno : err));
}

// --- KeyedLineSorter --------------------------------------------------------------------------

KeyedLineSorter::KeyedLineSorter(std::string spill_beside, size_t chunk_bytes)
    : spill_beside_(std::move(spill_beside)), chunk_bytes_(chunk_bytes) {}

KeyedLineSorter::~KeyedLineSorter() = default;

void KeyedLineSorter::add(uint64_t key, std::string_view line) {
  entries_.push_back({key, added_++, std::string(line)});
  held_bytes_ += sizeof(Entry) + line.size();
  if (held_bytes_ >= chunk_bytes_) spill();
}

// Sorts by key, then by order added, and keeps the last entry of each key.
void KeyedLineSorter::sort_chunk() {
  std::sort(entries_.begin(), entries_.end(),
            [](const Entry& a, const Entry& b) { return a.key != b.key ? a.key < b.key : a.order < b.order; });
  size_t out = 0;
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (i + 1 < entries_.size() && entries_[i + 1].key == entries_[i].key) continue;
    if (out != i) entries_[out] = std::move(entries_[i]);
    ++out;
  }
  entries_.resize(out);
}

void KeyedLineSorter::spill() {
  sort_chunk();
  if (!spill_) { spill_ = open_spill(spill_files_, spill_beside_); }
  const uint64_t begin = spill_size_;
  for (const Entry& e : entries_) {
    const std::string head = std::to_string(e.key) + ' ';
    spill_->write(head);
    spill_->write(e.line);
    spill_->write("\n");
    spill_size_ += head.size() + e.line.size() + 1;
  }
  runs_.emplace_back(begin, spill_size_);
  entries_.clear();
  entries_.shrink_to_fit();
  held_bytes_ = 0;
}

void KeyedLineSorter::drain(const std::function<void(uint64_t, std::string_view)>& f) {
  if (runs_.empty()) {  // everything fits in one chunk
    sort_chunk();
    for (const Entry& e : entries_) f(e.key, e.line);
    entries_.clear();
    return;
  }
  if (!entries_.empty()) spill();
  std::FILE* file = spill_->handle();
  if (std::fflush(file) != 0) throw IoError("write", spill_beside_, std::strerror(errno));

  // One reader per run: its next line, parsed, and the bytes of its block not yet used.
  struct Reader {
    uint64_t pos, end;
    std::string buf;
    size_t at = 0;
    uint64_t key = 0;
    std::string_view line;
  };
  std::vector<Reader> readers;
  readers.reserve(runs_.size());
  for (const auto& [begin, end] : runs_) readers.push_back({begin, end, {}, 0, 0, {}});
  auto next = [&](Reader& r) -> bool {
    size_t eol = r.buf.find('\n', r.at);
    while (eol == std::string::npos) {
      if (r.pos >= r.end) return false;
      r.buf.erase(0, r.at);
      r.at = 0;
      const size_t n = static_cast<size_t>(std::min<uint64_t>(kBlock, r.end - r.pos));
      const size_t old = r.buf.size();
      r.buf.resize(old + n);
      read_at(file, spill_beside_, r.pos, r.buf.data() + old, n);
      r.pos += n;
      eol = r.buf.find('\n', old);
    }
    const std::string_view text(r.buf.data() + r.at, eol - r.at);
    const size_t space = text.find(' ');
    if (space == std::string_view::npos || std::from_chars(text.data(), text.data() + space, r.key).ec != std::errc())
      throw IoError("read back", spill_beside_, "a line is not as written");
    r.line = text.substr(space + 1);
    r.at = eol + 1;
    return true;
  };
  // Heap of (key, run): the smallest key first, and of equal keys the latest run last, so the
  // line kept for a key is the one added last.
  using Item = std::pair<uint64_t, size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
  for (size_t i = 0; i < readers.size(); ++i)
    if (next(readers[i])) heap.emplace(readers[i].key, i);
  while (!heap.empty()) {
    const auto [key, i] = heap.top();
    heap.pop();
    if (heap.empty() || heap.top().first != key) f(key, readers[i].line);  // later runs of this key win
    if (next(readers[i])) heap.emplace(readers[i].key, i);
  }
}

// --- StreamPercentiles ------------------------------------------------------------------------

namespace {

// An unsigned pattern with the order of the doubles (negative values reversed below the rest).
uint64_t order_key(double v) {
  const auto b = std::bit_cast<uint64_t>(v);
  return (b >> 63) != 0 ? ~b : b | (uint64_t{1} << 63);
}

double from_order_key(uint64_t k) { return std::bit_cast<double>((k >> 63) != 0 ? k & ~(uint64_t{1} << 63) : ~k); }

}  // namespace

StreamPercentiles::StreamPercentiles(std::string spill_beside, size_t chunk)
    : spill_beside_(std::move(spill_beside)), chunk_(std::max<size_t>(chunk, 1)) {}

StreamPercentiles::~StreamPercentiles() = default;

void StreamPercentiles::add(double v) {
  values_.push_back(v);
  ++count_;
  if (values_.size() >= chunk_) flush();
}

void StreamPercentiles::flush() {
  if (!spill_) spill_ = open_spill(spill_files_, spill_beside_);
  spill_->write(std::string_view(reinterpret_cast<const char*>(values_.data()), values_.size() * sizeof(double)));
  values_.clear();
}

Percentiles StreamPercentiles::result() {
  if (!spill_) return nearest_rank_percentiles(values_);
  if (!values_.empty()) flush();
  std::FILE* file = spill_->handle();
  if (std::fflush(file) != 0) throw IoError("write", spill_beside_, std::strerror(errno));

  // The 1-based ranks of min, p50, p90, p99 and max (as nearest_rank counts them).
  const uint64_t n = count_;
  auto rank = [n](uint64_t p) { return std::max<uint64_t>(1, (p * n + 99) / 100); };
  constexpr size_t kTargets = 5;
  uint64_t ranks[kTargets] = {1, rank(50), rank(90), rank(99), n};
  uint64_t prefix[kTargets] = {};
  std::vector<uint64_t> counts(kTargets << 16);
  std::vector<double> block(kBlock / sizeof(double));
  for (int pass = 0; pass < 4; ++pass) {
    const int fixed_bits = 16 * pass, shift = 48 - fixed_bits;
    std::fill(counts.begin(), counts.end(), 0);
    for (uint64_t done = 0; done < n;) {
      const size_t m = static_cast<size_t>(std::min<uint64_t>(block.size(), n - done));
      read_at(file, spill_beside_, done * sizeof(double), reinterpret_cast<char*>(block.data()), m * sizeof(double));
      for (size_t i = 0; i < m; ++i) {
        const uint64_t k = order_key(block[i]);
        const auto digit = static_cast<size_t>((k >> shift) & 0xFFFF);
        for (size_t t = 0; t < kTargets; ++t)
          if (fixed_bits == 0 || (k >> (64 - fixed_bits)) == prefix[t]) ++counts[(t << 16) | digit];
      }
      done += m;
    }
    for (size_t t = 0; t < kTargets; ++t) {
      uint64_t below = 0, digit = 0;
      while (below + counts[(t << 16) | digit] < ranks[t]) below += counts[(t << 16) | digit++];
      ranks[t] -= below;
      prefix[t] = (prefix[t] << 16) | digit;
    }
  }
  return {from_order_key(prefix[0]), from_order_key(prefix[1]), from_order_key(prefix[2]), from_order_key(prefix[3]),
          from_order_key(prefix[4])};
}

}  // namespace catacomb::cli
