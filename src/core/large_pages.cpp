// advise_large_pages (shared/core/large_pages.hpp): a hint to the operating system, never a change of value.
#include "shared/core/large_pages.hpp"

#include <algorithm>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace catacomb::detail {

void advise_large_pages(void* p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;  // x86-64's and aarch64's (4 KiB pages) huge page
  const auto begin = reinterpret_cast<uintptr_t>(p);
  const uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1), last = (begin + bytes) & ~(kHuge - 1);
  if (first >= last) return;
  // Refused (an old kernel, or huge pages switched off): the pages stay small, as without it.
  (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

PagePopulator::PagePopulator(void* p, size_t bytes) : begin_(static_cast<unsigned char*>(p)), bytes_(bytes) {}

void PagePopulator::run() {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  // madvise wants a page-aligned start: the chunks are laid from the first 4 KiB boundary (the
  // bytes before it, less than a page, are written in place as usual).
  constexpr uintptr_t kPage = 4096;
  const auto begin = reinterpret_cast<uintptr_t>(begin_);
  const uintptr_t first = (begin + kPage - 1) & ~(kPage - 1), end = begin + bytes_;
  if (first >= end) return;
  for (;;) {
    const size_t k = next_.fetch_add(1, std::memory_order_relaxed);
    const uintptr_t from = first + k * kChunk;
    if (from >= end || k > (end - first) / kChunk) return;
    const uintptr_t to = std::min<uintptr_t>(end, from + kChunk);
    // Refused (a kernel before 5.14, or memory it cannot populate): the first writes fault the
    // pages in instead, as without it.
    (void)madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);
  }
#else
  (void)begin_;
  (void)bytes_;
#endif
}

}  // namespace catacomb::detail
