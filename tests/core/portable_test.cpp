#include "shared/core/portable.hpp"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <catacomb/core/rng.hpp>

namespace catacomb {
namespace {

using detail::U128;

// The portable 128-bit product against values worked out by hand, then against the fast path
// (unsigned __int128 here) on edge values and a million random pairs.
TEST(PortableTest, Mul64x64PortableIsExactOnKnownProducts) {
  EXPECT_EQ(detail::mul64x64_128_portable(0, 0), (U128{0, 0}));
  EXPECT_EQ(detail::mul64x64_128_portable(1, 1), (U128{0, 1}));
  EXPECT_EQ(detail::mul64x64_128_portable(0xFFFFFFFFull, 0xFFFFFFFFull), (U128{0, 0xFFFFFFFE00000001ull}));
  EXPECT_EQ(detail::mul64x64_128_portable(1ull << 32, 1ull << 32), (U128{1, 0}));
  // (2^64 - 1)^2 = 2^128 - 2^65 + 1
  EXPECT_EQ(detail::mul64x64_128_portable(~0ull, ~0ull), (U128{0xFFFFFFFFFFFFFFFEull, 1}));
  EXPECT_EQ(detail::mul64x64_128_portable(~0ull, 2), (U128{1, 0xFFFFFFFFFFFFFFFEull}));
  static_assert(detail::mul64x64_128_portable(3, 5) == U128{0, 15});
}

TEST(PortableTest, Mul64x64PortableMatchesTheFastPath) {
  const std::array<uint64_t, 12> edges = {0,
                                          1,
                                          2,
                                          3,
                                          0xFFFFFFFFull,
                                          0x100000000ull,
                                          0x100000001ull,
                                          0x7FFFFFFFFFFFFFFFull,
                                          0x8000000000000000ull,
                                          ~0ull - 1,
                                          ~0ull,
                                          0xDEADBEEFCAFEBABEull};
  for (uint64_t a : edges)
    for (uint64_t b : edges)
      EXPECT_EQ(detail::mul64x64_128_portable(a, b), detail::mul64x64_128(a, b)) << a << " * " << b;
  Rng rng(11);
  int mismatches = 0;
  for (int i = 0; i < 1000000; ++i) {
    const uint64_t a = rng.next();
    // Small and mid-sized factors too: Rng::below multiplies by a bound, usually small.
    const uint64_t b = (i % 3 == 0) ? rng.next() : (i % 3 == 1) ? rng.next() >> 40 : rng.next() >> 10;
    mismatches += detail::mul64x64_128_portable(a, b) == detail::mul64x64_128(a, b) ? 0 : 1;
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(PortableTest, PrefetchIsOnlyAHint) {
  std::vector<int> v(64, 7);
  detail::prefetch(v.data() + 32);
  detail::prefetch(nullptr);  // a hint never faults
  EXPECT_EQ(v[32], 7);
}

TEST(PortableTest, ArrayForOverwriteHoldsItsElements) {
  auto a = detail::make_array_for_overwrite<uint64_t>(1000);
  for (size_t i = 0; i < 1000; ++i) a[i] = i * i;
  uint64_t sum = 0;
  for (size_t i = 0; i < 1000; ++i) sum += a[i];
  EXPECT_EQ(sum, 332833500u);
}

// bit_cast's fallback (memcpy) against std::bit_cast, both ways, on edge values and random bits.
TEST(PortableTest, BitCastPortableGivesTheBitsOfStdBitCast) {
  const std::array<double, 7> edges = {0.0,
                                       -0.0,
                                       1.0,
                                       std::numeric_limits<double>::infinity(),
                                       std::numeric_limits<double>::max(),
                                       std::numeric_limits<double>::denorm_min(),
                                       std::numeric_limits<double>::quiet_NaN()};
  for (const double d : edges) {
    EXPECT_EQ(detail::bit_cast_portable<uint64_t>(d), std::bit_cast<uint64_t>(d));
    EXPECT_EQ(detail::bit_cast<uint64_t>(d), std::bit_cast<uint64_t>(d));
  }
  EXPECT_EQ(detail::bit_cast_portable<uint64_t>(1.0), 0x3FF0000000000000ull);
  Rng rng(11);
  for (int i = 0; i < 100000; ++i) {
    const uint64_t bits = rng.next();
    const auto d = detail::bit_cast_portable<double>(bits);
    EXPECT_EQ(std::bit_cast<uint64_t>(d), bits);
    EXPECT_EQ(detail::bit_cast_portable<uint64_t>(std::bit_cast<double>(bits)), bits);
  }
}

}  // namespace
}  // namespace catacomb
