// advise_large_pages (core/large_pages.hpp): a hint to the operating system, never a change of value.
#include "core/large_pages.hpp"

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

}  // namespace catacomb::detail
