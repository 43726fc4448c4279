#pragma once
// Internal (not installed): large arrays on huge pages where the system gives them.
//
// A flood reaches its distance map along a front scattered across the map, and the analysis's
// depth-first search goes where the cave goes: on 4 KiB pages a 4096x4096 map's 128 MiB of
// distances misses the TLB at nearly every cell. These arrays ask Linux for transparent huge
// pages before they are first written. Arrays read in order, or only here and there (terrain,
// cost grids, the search engine's tables), do not: where a huge page the process has not used
// before is dear (a VM whose host takes back free memory), they would pay for it and gain
// nothing.
#include <atomic>
#include <cstddef>
#include <utility>
#include <vector>

#include <catacomb/core/grid.hpp>

namespace catacomb::detail {

/// Asks the operating system to back the whole 2 MiB blocks of [p, p + bytes) with huge pages:
/// Linux's transparent huge pages, where they are enabled for the asking (`madvise` or
/// `always`); nothing elsewhere, or for less than a block. A hint only: it changes no value.
/// Memory already written stays on small pages until the kernel merges them, so call it first.
void advise_large_pages(void* p, size_t bytes);

/// Reserves `n` elements of an empty `v` and asks for huge pages under them, before anything
/// writes them: for a vector about to be filled with one element per cell of a large map.
template <typename T>
void reserve_large(std::vector<T>& v, size_t n) {
  v.reserve(n);
  advise_large_pages(v.data(), n * sizeof(T));
}

/// Grid<T>(width, height, fill), on huge pages (see the file comment). Throws as Grid does.
template <typename T>
Grid<T> large_grid(int width, int height, const T& fill) {
  check_grid_size(width, height);
  std::vector<T> cells;
  const size_t n = static_cast<size_t>(width) * static_cast<size_t>(height);
  reserve_large(cells, n);
  cells.assign(n, fill);
  return Grid<T>(width, height, std::move(cells));
}

/// Brings in the pages of [p, p + bytes) ahead of their first write (Linux's
/// MADV_POPULATE_WRITE; nothing elsewhere, or where the kernel refuses it): in chunks of
/// kChunk bytes, each taken by whichever of the threads calling run() asks for it first, so two
/// threads share the work. On a virtual machine whose host takes back free memory, the first
/// write to a page it took back waits for the host (about 1.5 ms per huge page here): this is
/// where that wait goes, and with two threads half of it. A hint only: it writes no value (the
/// pages read as zero, as any fresh page), so the memory must still be written before it is
/// read.
class PagePopulator {
 public:
  static constexpr size_t kChunk = size_t{8} << 20;
  PagePopulator(void* p, size_t bytes);
  /// Populates chunks until none is left; returns at once after that (or where unsupported).
  void run();

 private:
  unsigned char* begin_;
  size_t bytes_;
  std::atomic<size_t> next_{0};
};

}  // namespace catacomb::detail
