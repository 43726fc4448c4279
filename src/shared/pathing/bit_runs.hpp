#pragma once
// Runs of set bits in a row of bits (internal to the library), for the run-based labellers
// (pathing/flood/regions.cpp, the analysis's wall areas).
#include <bit>
#include <cstddef>
#include <cstdint>

namespace catacomb::detail {

// Calls run(start, end) for each run [start, end) of set bits in the `width` bits of `words`
// (bit x of the row is bit x % 64 of words[x / 64]), left to right. Transition bits (a bit that
// differs from its left neighbour, with a clear bit before bit 0) alternate between run starts
// and ends; a run still open at the end of the row ends at `width`.
template <typename Run>
void for_each_run(const uint64_t* words, size_t width, Run&& run) {
  const size_t nwords = (width + 63) / 64;
  uint64_t carry = 0;
  bool open = false;
  size_t start = 0;
  for (size_t k = 0; k < nwords; ++k) {
    const uint64_t w = words[k];
    uint64_t t = w ^ ((w << 1) | carry);
    carry = w >> 63;
    while (t != 0) {
      const size_t x = k * 64 + static_cast<size_t>(std::countr_zero(t));
      t &= t - 1;
      if (open) run(start, x);
      else start = x;
      open = !open;
    }
  }
  if (open) run(start, width);
}

}  // namespace catacomb::detail
