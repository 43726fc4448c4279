// Nearest-rank percentiles for the batch summaries: the value at rank ceil(p * n / 100) (at
// least 1) of the sorted values, in integers, so the same values give the same figures
// everywhere; min, p50, p90, p99 and max at once.
#include "tools/batch/percentiles.hpp"

#include <algorithm>
#include <cassert>
#include <cstddef>

namespace catacomb::cli {

double nearest_rank(const std::vector<double>& sorted, int p) {
  assert(!sorted.empty() && p >= 0 && p <= 100);
  // ceil(p * n / 100) in integers, at least 1.
  const size_t rank = std::max<size_t>(1, (static_cast<size_t>(p) * sorted.size() + 99) / 100);
  return sorted[rank - 1];
}

Percentiles nearest_rank_percentiles(std::vector<double> values) {
  assert(!values.empty());
  std::sort(values.begin(), values.end());
  return {values.front(), nearest_rank(values, 50), nearest_rank(values, 90), nearest_rank(values, 99), values.back()};
}

}  // namespace catacomb::cli
