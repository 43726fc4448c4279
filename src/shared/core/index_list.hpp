#pragma once
// Lists of cell indices (internal to the library): the indices i < n for which keep(i) holds, in
// increasing order, 4 bytes each. The list is sized once, from a bound on how many are kept, and
// written without a branch per index (each index is written at the end and kept when keep(i)
// holds): a list grown by push_back goes through some 20 reallocations at a million cells, each
// into fresh memory whose every page is faulted in.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace catacomb::detail {

/// The indices i in [0, n) with keep(i), in increasing order; at most `most` of them may hold.
template <typename Keep>
std::vector<uint32_t> indices_where(size_t n, size_t most, Keep&& keep) {
  std::vector<uint32_t> out(most + 1);  // one spare slot: the last index is written, then dropped
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) {
    out[kept] = static_cast<uint32_t>(i);
    kept += keep(i) ? size_t{1} : size_t{0};
  }
  out.resize(kept);
  return out;
}

}  // namespace catacomb::detail
