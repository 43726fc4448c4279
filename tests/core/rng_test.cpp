#include <catacomb/core/rng.hpp>

#include <gtest/gtest.h>

#include <array>
#include <set>

namespace catacomb {
namespace {

// The first outputs are pinned: changing them changes every dungeon of every seed.
TEST(RngTest, FirstOutputsArePinned) {
  Rng a(0);
  EXPECT_EQ(a.next(), 0x99EC5F36CB75F2B4ull);
  EXPECT_EQ(a.next(), 0xBF6E1F784956452Aull);
  EXPECT_EQ(a.next(), 0x1A5F849D4933E6E0ull);
  Rng b(7);
  EXPECT_EQ(b.next(), 0xB358FAF74EF9765Aull);
  Rng c(0xFFFFFFFFFFFFFFFFull);
  EXPECT_EQ(c.next(), 0x8F5520D52A7EAD08ull);
}

TEST(RngTest, StreamsArePinnedAndIndependent) {
  Rng caves = Rng::stream(7, "caves");
  Rng rooms = Rng::stream(7, "rooms");
  uint64_t a = caves.next(), b = rooms.next();
  EXPECT_NE(a, b);
  EXPECT_EQ(a, 0xE86E0202984AFC01ull);
  EXPECT_EQ(Rng::stream(7, "caves").next(), a);
  EXPECT_NE(Rng::stream(8, "caves").next(), a);
}

TEST(RngTest, UniformIntStaysInRangeAndHitsEveryValue) {
  Rng r(42);
  std::array<int, 7> seen{};
  for (int i = 0; i < 7000; ++i) {
    int64_t v = r.uniform_int(-3, 3);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 3);
    ++seen[static_cast<size_t>(v + 3)];
  }
  for (int n : seen) {
    EXPECT_GT(n, 800);
    EXPECT_LT(n, 1200);
  }
  EXPECT_EQ(r.uniform_int(5, 5), 5);
}

TEST(RngTest, UniformIntIsPinned) {
  Rng r(1);
  std::array<int64_t, 5> got{};
  for (auto& v : got) v = r.uniform_int(0, 99);
  EXPECT_EQ(got, (std::array<int64_t, 5>{70, 52, 57, 39, 69}));
}

TEST(RngTest, UniformRealIsInUnitInterval) {
  Rng r(3);
  double sum = 0;
  for (int i = 0; i < 10000; ++i) {
    double v = r.uniform_real();
    ASSERT_GE(v, 0.0);
    ASSERT_LT(v, 1.0);
    sum += v;
  }
  EXPECT_NEAR(sum / 10000, 0.5, 0.02);
}

TEST(RngTest, ShuffleIsAPermutation) {
  Rng r(9);
  std::array<int, 20> a{};
  for (int i = 0; i < 20; ++i) a[static_cast<size_t>(i)] = i;
  r.shuffle(a.data(), a.size());
  std::set<int> s(a.begin(), a.end());
  EXPECT_EQ(s.size(), 20u);
  bool moved = false;
  for (int i = 0; i < 20; ++i) moved |= a[static_cast<size_t>(i)] != i;
  EXPECT_TRUE(moved);
}

TEST(RngTest, Fnv1aMatchesTheReferenceValues) {
  EXPECT_EQ(fnv1a64(""), 0xCBF29CE484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xAF63DC4C8601EC8Cull);
}

}  // namespace
}  // namespace catacomb
