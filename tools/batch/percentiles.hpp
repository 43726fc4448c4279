#pragma once
/// Nearest-rank percentiles, the one definition the CLI uses (batch summary.json): the p-th percentile of n sorted values is value[ceil(p/100 * n) - 1],
/// at least the first (so p50 of an odd count is the median, and every percentile is one of the
/// values; no interpolation, so the result does not depend on floating-point rounding).
#include <vector>

namespace catacomb::cli {

/// The p-th (0 to 100) nearest-rank percentile of `sorted` (ascending). Requires a value.
double nearest_rank(const std::vector<double>& sorted, int p);

struct Percentiles {
  double min = 0, p50 = 0, p90 = 0, p99 = 0, max = 0;
};
/// Percentiles of `values` (any order). Requires at least one value.
Percentiles nearest_rank_percentiles(std::vector<double> values);

}  // namespace catacomb::cli
