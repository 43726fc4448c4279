#include "tools/batch/percentiles.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include <catacomb/core/rng.hpp>

namespace catacomb {
namespace {

TEST(PercentilesTest, NearestRankOfSmallLists) {
  const cli::Percentiles p = cli::nearest_rank_percentiles({5, 1, 3, 2, 4});
  EXPECT_EQ(p.min, 1);
  EXPECT_EQ(p.p50, 3);
  EXPECT_EQ(p.p90, 5);
  EXPECT_EQ(p.p99, 5);
  EXPECT_EQ(p.max, 5);
  std::vector<double> hundred;
  for (int i = 1; i <= 100; ++i) hundred.push_back(i);
  const cli::Percentiles q = cli::nearest_rank_percentiles(hundred);
  EXPECT_EQ(q.p50, 50);
  EXPECT_EQ(q.p90, 90);
  EXPECT_EQ(q.p99, 99);
  EXPECT_EQ(cli::nearest_rank_percentiles({7}).p50, 7);
  EXPECT_EQ(cli::nearest_rank({1, 2, 3, 4}, 50), 2);  // an even count: the lower middle value
  EXPECT_EQ(cli::nearest_rank({1, 2, 3, 4}, 0), 1);
  EXPECT_EQ(cli::nearest_rank({1, 2, 3, 4}, 100), 4);
  EXPECT_EQ(cli::nearest_rank({1, 2, 3, 4}, 26), 2);
}

// The definition: the smallest value such that at least p% of the values are at most it.
TEST(PercentilesTest, NearestRankIsTheSmallestValueCoveringPPercent) {
  Rng rng(3);
  for (size_t n = 1; n <= 300; ++n) {
    std::vector<double> v(n);
    for (double& x : v) x = static_cast<double>(rng.uniform_int(0, 50));
    std::sort(v.begin(), v.end());
    for (int p = 0; p <= 100; ++p) {
      double want = v.back();
      for (size_t k = 0; k < n; ++k) {
        if (100 * (k + 1) >= static_cast<size_t>(p) * n) {  // k + 1 values of n cover p%
          want = v[k];
          break;
        }
      }
      ASSERT_EQ(cli::nearest_rank(v, p), want) << "n=" << n << " p=" << p;
    }
    // The review page's former formula for its 90th percentile: ceil(0.9 n).
    ASSERT_EQ(cli::nearest_rank(v, 90), v[(9 * n + 9) / 10 - 1]);
  }
}

}  // namespace
}  // namespace catacomb
