// The bit-parallel smoothing passes (smooth_pass, smooth_pass_bits) against the byte-per-cell
// reference, and the BitGrid they work on. Masks are random and not bordered, so that cells next
// to the map edge see floor inside the map and wall outside it.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include <catacomb/core/error.hpp>
#include <catacomb/generator/caves.hpp>
#include "generator/caves/bit_grid.hpp"
#include "support/reference/smooth_pass_reference.hpp"

namespace catacomb {
namespace {

using detail::BitGrid;
using detail::smooth_pass_bits;
using test::smooth_pass_reference;

// Every cell wall with probability `percent` / 100, border included (no forced border).
WallMask random_mask(int w, int h, double percent, Rng& rng) {
  WallMask m(w, h, 0);
  for (uint8_t& c : m.cells()) c = rng.uniform_real() * 100 < percent ? 1 : 0;
  return m;
}

// Fill densities worth testing: the extremes, sparse, dense and typical.
double random_density(Rng& rng) {
  static const double kDensities[] = {0, 100, 5, 95, 30, 45, 55, 70};
  return rng.below(3) == 0 ? kDensities[rng.below(8)] : rng.uniform_real(0, 100);
}

// Widths around word boundaries and a few others, 1 to 200.
int random_width(Rng& rng) {
  static const int kWidths[] = {1, 2, 3, 4, 5, 31, 62, 63, 64, 65, 66, 127, 128, 129, 191, 192, 193, 200};
  return rng.below(2) == 0 ? kWidths[rng.below(18)] : 1 + static_cast<int>(rng.below(200));
}

std::string shape(const WallMask& m) { return std::to_string(m.width()) + "x" + std::to_string(m.height()); }

// The reference result and both fast results for one pass; all three must be equal.
void expect_same_pass(const WallMask& src, int t, int o, const std::string& what) {
  WallMask ref(src.width(), src.height(), 7), fast(src.width(), src.height(), 7);
  smooth_pass_reference(src, ref, t, o);
  smooth_pass(src, fast, t, o);
  ASSERT_EQ(fast, ref) << what << " shape " << shape(src) << " threshold " << t << " open " << o;
  BitGrid bits_dst(src.width(), src.height(), false);
  smooth_pass_bits(BitGrid(src), bits_dst, t, o);
  ASSERT_EQ(bits_dst.to_mask(), ref) << what << " (bits) shape " << shape(src) << " threshold " << t << " open " << o;
}

TEST(CaveSmoothingTest, FastPassesMatchReferenceForEveryWallThreshold) {
  Rng rng(2024);
  for (int round = 0; round < 60; ++round) {
    const int w = random_width(rng), h = 1 + static_cast<int>(rng.below(40));
    const WallMask src = random_mask(w, h, random_density(rng), rng);
    for (int t = -1; t <= 11; ++t) expect_same_pass(src, t, -1, "round " + std::to_string(round));
  }
}

TEST(CaveSmoothingTest, FastPassesMatchReferenceForEveryOpenThreshold) {
  Rng rng(77);
  for (int round = 0; round < 40; ++round) {
    const int w = random_width(rng), h = 1 + static_cast<int>(rng.below(40));
    const WallMask src = random_mask(w, h, random_density(rng), rng);
    for (int o = -1; o <= 26; ++o) {
      const int t = static_cast<int>(rng.below(13)) - 1;  // -1 to 11
      expect_same_pass(src, t, o, "round " + std::to_string(round));
    }
  }
}

TEST(CaveSmoothingTest, FastPassesMatchReferenceForEveryWidthFromOneToTwoHundred) {
  Rng rng(5);
  for (int w = 1; w <= 200; ++w)
    for (int h : {1, 2, 3, 4, 5, 9, 33}) {
      const WallMask src = random_mask(w, h, random_density(rng), rng);
      expect_same_pass(src, 5, -1, "4-5 rule");
      expect_same_pass(src, 5, 2, "variant");
      expect_same_pass(src, static_cast<int>(rng.below(10)), static_cast<int>(rng.below(26)), "random rule");
    }
}

TEST(CaveSmoothingTest, FastPassesMatchReferenceForEveryHeightFromOneToSeventy) {
  Rng rng(6);
  for (int h = 1; h <= 70; ++h)
    for (int w : {1, 2, 3, 63, 64, 65, 130}) {
      const WallMask src = random_mask(w, h, random_density(rng), rng);
      expect_same_pass(src, 5, -1, "4-5 rule");
      expect_same_pass(src, 4, 3, "variant");
    }
}

TEST(CaveSmoothingTest, CheckerboardsAndStripesMatchReference) {
  // Patterns that put every count from 0 to 9 (and 0 to 25) next to word boundaries.
  for (int w : {63, 64, 65, 129})
    for (int pattern = 0; pattern < 4; ++pattern) {
      WallMask src(w, 20, 0);
      for (int y = 0; y < 20; ++y)
        for (int x = 0; x < w; ++x) {
          const bool wall = pattern == 0   ? (x + y) % 2 == 0
                            : pattern == 1 ? x % 3 == 0
                            : pattern == 2 ? y % 2 == 0
                                           : (x / 2 + y / 3) % 2 == 0;
          src(x, y) = wall ? 1 : 0;
        }
      for (int t = 0; t <= 10; ++t) expect_same_pass(src, t, -1, "pattern " + std::to_string(pattern));
      for (int o = 0; o <= 25; ++o) expect_same_pass(src, 10, o, "pattern " + std::to_string(pattern));
    }
}

TEST(CaveSmoothingTest, ManyPassesInTheBitDomainMatchReferencePasses) {
  Rng rng(99);
  for (int round = 0; round < 30; ++round) {
    const int w = random_width(rng), h = 1 + static_cast<int>(rng.below(90));
    WallMask ref = random_mask(w, h, random_density(rng), rng);
    WallMask fast = ref;
    BitGrid bits(ref);
    WallMask ref_next(w, h, 0), fast_next(w, h, 0);
    BitGrid bits_next(w, h);
    for (int pass = 0; pass < 8; ++pass) {
      const int t = static_cast<int>(rng.below(10));
      const int o = rng.below(3) == 0 ? static_cast<int>(rng.below(26)) : -1;
      smooth_pass_reference(ref, ref_next, t, o);
      smooth_pass(fast, fast_next, t, o);
      smooth_pass_bits(bits, bits_next, t, o);
      std::swap(ref, ref_next);
      std::swap(fast, fast_next);
      std::swap(bits, bits_next);
      ASSERT_EQ(fast, ref) << "round " << round << " pass " << pass;
      ASSERT_EQ(bits.to_mask(), ref) << "round " << round << " pass " << pass;
    }
  }
}

TEST(CaveSmoothingTest, CaveMaskMatchesAReferencePipeline) {
  // cave_mask smooths in the bit domain; the same recipe with reference passes must agree.
  Rng rng(3);
  for (int round = 0; round < 20; ++round) {
    CaveConfig cfg;
    const int width = 3 + static_cast<int>(rng.below(150));
    const int height = 3 + static_cast<int>(rng.below(80));
    cfg.fill = rng.uniform_real(20, 80);
    cfg.passes = static_cast<int>(rng.below(8));
    cfg.wall_threshold = static_cast<int>(rng.below(10));
    cfg.open_passes = static_cast<int>(rng.below(static_cast<uint64_t>(cfg.passes) + 1));
    cfg.open_threshold = static_cast<int>(rng.below(26));
    const uint64_t seed = rng.next();
    Rng fill = Rng::stream(seed, "caves.fill");
    WallMask a = random_fill(width, height, cfg.fill, fill);
    WallMask b(width, height, 0);
    for (int pass = 0; pass < cfg.passes; ++pass) {
      smooth_pass_reference(a, b, cfg.wall_threshold, pass < cfg.open_passes ? cfg.open_threshold : -1);
      std::swap(a, b);
    }
    ASSERT_EQ(cave_mask(width, height, cfg, seed), a) << "round " << round;
  }
}

TEST(CaveSmoothingTest, PassesCanRunInPlace) {
  Rng rng(11);
  for (int round = 0; round < 20; ++round) {
    const int w = random_width(rng), h = 1 + static_cast<int>(rng.below(40));
    const WallMask src = random_mask(w, h, random_density(rng), rng);
    const int t = static_cast<int>(rng.below(10));
    const int o = rng.below(2) == 0 ? static_cast<int>(rng.below(26)) : -1;
    WallMask expected(w, h, 0);
    smooth_pass_reference(src, expected, t, o);
    WallMask bytes = src;
    smooth_pass(bytes, bytes, t, o);
    EXPECT_EQ(bytes, expected) << "round " << round;
    BitGrid bits(src);
    smooth_pass_bits(bits, bits, t, o);
    EXPECT_EQ(bits.to_mask(), expected) << "round " << round;
  }
}

TEST(CaveSmoothingTest, ShapeMismatchIsRejected) {
  WallMask src(10, 8, 0), dst(8, 10, 0);
  try {
    smooth_pass(src, dst, 5);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "dst shape = 8x10 (expected 10x8, src's shape)");
  }
  EXPECT_THROW(smooth_pass_reference(src, dst, 5), InvalidArgument);
  BitGrid bsrc(10, 8), bdst(10, 9);
  EXPECT_THROW(smooth_pass_bits(bsrc, bdst, 5), InvalidArgument);
}

TEST(CaveSmoothingBitGridTest, PackingRoundTripsEveryShape) {
  Rng rng(8);
  for (int w = 1; w <= 200; ++w) {
    const int h = 1 + static_cast<int>(rng.below(5));
    const WallMask m = random_mask(w, h, rng.uniform_real(0, 100), rng);
    const BitGrid bits(m);
    ASSERT_EQ(bits.to_mask(), m) << "width " << w;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) ASSERT_EQ(bits.get(x, y), m(x, y) == 1) << x << "," << y;
  }
}

TEST(CaveSmoothingBitGridTest, OutsideTheMapReadsAsWall) {
  for (int w : {1, 63, 64, 65, 100}) {
    const BitGrid g(w, 3, false);
    const int n = g.words_per_row();
    EXPECT_EQ(n, (w + 63) / 64);
    for (int y = -1; y <= 3; ++y) {
      EXPECT_EQ(g.row(y)[-1], ~uint64_t{0}) << "left guard, row " << y;
      EXPECT_EQ(g.row(y)[n], ~uint64_t{0}) << "right guard, row " << y;
    }
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(g.row(-1)[i], ~uint64_t{0});
      EXPECT_EQ(g.row(3)[i], ~uint64_t{0});
    }
    // Floor cells are clear, the padding past the width is wall.
    EXPECT_EQ(g.row(1)[n - 1], g.padding_mask());
    EXPECT_EQ(g.padding_mask(), w % 64 == 0 ? 0 : ~uint64_t{0} << (w % 64));
  }
}

TEST(CaveSmoothingBitGridTest, SetAndGetOneCell) {
  BitGrid g(130, 4, false);
  g.set(129, 2, true);
  g.set(64, 3, true);
  EXPECT_TRUE(g.get(129, 2));
  EXPECT_TRUE(g.get(64, 3));
  EXPECT_FALSE(g.get(128, 2));
  g.set(129, 2, false);
  EXPECT_FALSE(g.get(129, 2));
  WallMask m(130, 4, 0);
  m(64, 3) = 1;
  EXPECT_EQ(g.to_mask(), m);
}

TEST(CaveSmoothingBitGridTest, AnyNonzeroByteIsWall) {
  WallMask m(70, 2, 0);
  for (int x = 0; x < 70; ++x) m(x, 0) = static_cast<uint8_t>(x * 37 % 256);
  const BitGrid g(m);
  for (int x = 0; x < 70; ++x) EXPECT_EQ(g.get(x, 0), m(x, 0) != 0) << x;
}

TEST(CaveSmoothingBitGridTest, UnpackRejectsAnotherShape) {
  const BitGrid g(5, 4);
  WallMask m(4, 5, 0);
  try {
    g.unpack(m);
    FAIL();
  } catch (const InvalidArgument& e) { EXPECT_EQ(std::string(e.what()), "mask shape = 4x5 (expected 5x4)"); }
}

}  // namespace
}  // namespace catacomb
