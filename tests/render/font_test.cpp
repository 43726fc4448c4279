#include "render/font.hpp"

#include <gtest/gtest.h>

namespace catacomb {
namespace {

int ink(const Image& img, Rgb colour) {
  int n = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      if (img.get(x, y) == colour) ++n;
  return n;
}

TEST(FontTest, WidthCountsGlyphsAndSpacing) {
  EXPECT_EQ(text_width("", 1), 0);
  EXPECT_EQ(text_width("7", 1), 3);
  EXPECT_EQ(text_width("seed 42", 1), 7 * 4 - 1);
  EXPECT_EQ(text_width("seed 42", 3), (7 * 4 - 1) * 3);
  EXPECT_EQ(text_height(2), 10);
}

TEST(FontTest, DrawsKnownGlyphPixels) {
  Image img(3, 5);
  draw_text(img, 0, 0, "1", {255, 255, 255});
  // ".#." "##." ".#." ".#." "###"
  const char* rows[] = {".#.", "##.", ".#.", ".#.", "###"};
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 3; ++x) EXPECT_EQ(img.get(x, y) == Rgb({255, 255, 255}), rows[y][x] == '#') << x << "," << y;
}

TEST(FontTest, ScaleMultipliesInkAndLowerCaseIsUpperCase) {
  Image a(40, 10), b(40, 10), c(40, 10);
  draw_text(a, 0, 0, "seed", {255, 0, 0}, 1);
  draw_text(b, 0, 0, "SEED", {255, 0, 0}, 1);
  draw_text(c, 0, 0, "seed", {255, 0, 0}, 2);
  EXPECT_EQ(a.rgb, b.rgb);
  EXPECT_EQ(ink(c, {255, 0, 0}), 4 * ink(a, {255, 0, 0}));
  EXPECT_GT(ink(a, {255, 0, 0}), 0);
}

TEST(FontTest, UnknownCharactersDrawAsQuestionMarkAndClipping) {
  Image a(8, 5), b(8, 5);
  draw_text(a, 0, 0, "\x01", {9, 9, 9});
  draw_text(b, 0, 0, "?", {9, 9, 9});
  EXPECT_EQ(a.rgb, b.rgb);
  Image small(2, 2);
  draw_text(small, -1, -3, "888", {1, 2, 3});  // partly off the image: clipped, no crash
  draw_text(small, 100, 100, "8", {1, 2, 3});
  EXPECT_GT(ink(small, {1, 2, 3}), 0);
}

}  // namespace
}  // namespace catacomb
