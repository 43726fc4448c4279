#pragma once
// Two threads for one job (internal to the library): the caller's and one more, each taking its
// half, as the floods, validation and the analysis split their work on a machine of two cores.
#include <cstddef>
#include <exception>

#include "shared/core/large_pages.hpp"

namespace catacomb::detail {

/// Where a caller allows two threads (threads >= 2), work over a map of this many cells or more
/// is split between two; smaller maps stay on one, where starting the thread costs more than it
/// gains. Used by the floods (flood.hpp's flood_threads: a flood without a watcher on two
/// threads, worth it from about 1M cells, 1024x1024, on a 2-core machine: a flood of a
/// decorated cave 1.7 times faster at 1024x1024, 1.8 at 2048x2048 and 4096x4096) and by the
/// analysis (analysis.cpp: each pass over the rows split by bands of rows).
inline constexpr size_t kTwoThreadCells = size_t{1} << 20;

/// Validation's split (validate.cpp), a different rule on purpose: a second thread works out the
/// legal moves while the caller labels the regions, then both bring in the pages of the distance
/// grid (PagePopulator), so the threshold is in bytes of that grid, not in cells: two of
/// PagePopulator's chunks, 16 MiB (2M cells of 8-byte distances), so each thread has one.
inline constexpr size_t kTwoThreadPopulateBytes = 2 * PagePopulator::kChunk;

/// Runs work(context, 1) on a new thread and work(context, 0) on this one, and waits for both.
/// A plain function (two_threads.cpp), so that no std::thread type is made from a caller's
/// lambda: a shared library would export that type's vtable and typeinfo. `work` must not throw.
void run_pair(void (*work)(void*, int), void* context);

/// work(0) on this thread and work(1) on another when `two` (through run_pair), else work(0)
/// then work(1) here; then throws what either threw (the first half's first).
template <typename Work>
void in_two(bool two, const Work& work) {
  if (!two) {
    work(0);
    work(1);
    return;
  }
  std::exception_ptr failed[2];
  auto guarded = [&](int half) {
    try {
      work(half);
    } catch (...) { failed[half] = std::current_exception(); }
  };
  run_pair([](void* g, int half) { (*static_cast<decltype(guarded)*>(g))(half); }, &guarded);
  for (const std::exception_ptr& f : failed)
    if (f) std::rethrow_exception(f);
}

}  // namespace catacomb::detail
