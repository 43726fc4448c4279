#include "render/deflate.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/render/image.hpp>

#include "support/reference/reference_adler.hpp"
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using test::reference_adler;

std::vector<uint8_t> inflate(const std::vector<uint8_t>& z) { return test::inflate_zlib(z); }

void expect_round_trip(const std::vector<uint8_t>& data, const std::string& what) {
  const std::vector<uint8_t> z = detail::zlib_compress(data.data(), data.size());
  ASSERT_GE(z.size(), 6u) << what;
  EXPECT_EQ((z[0] * 256 + z[1]) % 31, 0) << what << ": zlib header check bits";
  EXPECT_EQ(z[0] & 0x0F, 8) << what << ": method deflate";
  EXPECT_EQ(inflate(z), data) << what;
  const size_t n = z.size();
  const uint32_t adler = uint32_t{z[n - 4]} << 24 | uint32_t{z[n - 3]} << 16 | uint32_t{z[n - 2]} << 8 | z[n - 1];
  EXPECT_EQ(adler, reference_adler(data)) << what;
}

TEST(DeflateTest, RoundTripsEdgeCases) {
  expect_round_trip({}, "empty");
  expect_round_trip({7}, "one byte");
  expect_round_trip({0, 0}, "two equal bytes");
  expect_round_trip(std::vector<uint8_t>(3, 9), "a run of 3");
  expect_round_trip(std::vector<uint8_t>(258, 0), "a run of 258");
  expect_round_trip(std::vector<uint8_t>(259, 0), "a run of 259");
  expect_round_trip(std::vector<uint8_t>(100000, 255), "a long run");
}

TEST(DeflateTest, RoundTripsRandomAndPatternedData) {
  for (uint64_t seed = 0; seed < 60; ++seed) {
    Rng rng = Rng::stream(seed, "deflate-test");
    const size_t n = static_cast<size_t>(rng.below(seed % 3 == 0 ? 200000 : 5000));
    std::vector<uint8_t> d(n);
    const uint64_t alphabet = 1 + rng.below(seed % 2 == 0 ? 4 : 256);
    // Mostly random bytes from a small or full alphabet, with copies from 1 byte to 40 KiB back
    // (beyond the 32 KiB window too) of every length class.
    for (size_t i = 0; i < n;) {
      if (i > 0 && rng.chance(0.3)) {
        const size_t back = 1 + static_cast<size_t>(rng.below(std::min<uint64_t>(i, 40000)));
        const size_t len = std::min(n - i, 1 + static_cast<size_t>(rng.below(600)));
        for (size_t k = 0; k < len; ++k, ++i) d[i] = d[i - back];
      } else {
        d[i++] = static_cast<uint8_t>(rng.below(alphabet));
      }
    }
    expect_round_trip(d, "seed " + std::to_string(seed));
  }
}

TEST(DeflateTest, SameInputSameBytes) {
  std::vector<uint8_t> d(70000);
  for (size_t i = 0; i < d.size(); ++i) d[i] = static_cast<uint8_t>((i * 7) % 13 == 0 ? i : 0);
  EXPECT_EQ(detail::zlib_compress(d.data(), d.size()), detail::zlib_compress(d.data(), d.size()));
}

// A preview's PNG decodes (stb_image) to exactly the pixels that were encoded, and compresses
// flat tiles to a small fraction of the raw size.
TEST(DeflateTest, PreviewPngsDecodeToTheirPixels) {
  for (const char* generator : {"rooms", "caves"}) {
    GenerateConfig cfg;
    cfg.generator = parse_generator_kind(generator);
    cfg.width = 128;
    cfg.height = 96;
    const GenerateResult r = generate_dungeon(cfg, 11);
    const Image img = render_preview(r.dungeon, {4});
    const std::string png = encode_png(img);
    const test::DecodedPng back = test::decode_png(png);
    ASSERT_EQ(back.width, img.width) << generator;
    ASSERT_EQ(back.height, img.height) << generator;
    EXPECT_TRUE(back.rgb == img.rgb) << generator;
    EXPECT_LT(png.size(), img.rgb.size() / 20) << generator;
  }
}

}  // namespace
}  // namespace catacomb
