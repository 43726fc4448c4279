#include <catacomb/render/image.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

#include <catacomb/core/error.hpp>
#include <catacomb/generator/caves.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

TEST(ImageTest, PreviewDecodesBackToTheGridColours) {
  Dungeon d = generate_caves(40, 25, CaveConfig{}, 11);
  d.objectives.push_back({ObjectiveKind::Start, {5, 5}});
  const int s = 4;
  test::DecodedPng png = test::decode_png(encode_png(render_preview(d, {s})));
  ASSERT_EQ(png.width, 160);
  ASSERT_EQ(png.height, 100);
  for (int y = 0; y < d.tiles.height(); ++y)
    for (int x = 0; x < d.tiles.width(); ++x) {
      if (std::abs(x - 5) <= 1 && std::abs(y - 5) <= 1) continue;  // the start's marker, 9 px over 3 x 3 tiles
      // Every pixel of the tile has the terrain's colour.
      for (int py = 0; py < s; ++py)
        for (int px = 0; px < s; ++px) {
          size_t i = (static_cast<size_t>(y * s + py) * static_cast<size_t>(png.width) +
                      static_cast<size_t>(x * s + px)) *
                     3;
          Rgb want = terrain_colour(d.tiles(x, y));
          ASSERT_EQ(png.rgb[i], want[0]) << x << "," << y;
          ASSERT_EQ(png.rgb[i + 1], want[1]);
          ASSERT_EQ(png.rgb[i + 2], want[2]);
        }
    }
  // The start marker's middle has the start colour.
  size_t i = (static_cast<size_t>(5 * s + 2) * static_cast<size_t>(png.width) + static_cast<size_t>(5 * s + 2)) * 3;
  Rgb start = objective_colour(ObjectiveKind::Start);
  EXPECT_EQ(png.rgb[i], start[0]);
  EXPECT_EQ(png.rgb[i + 1], start[1]);
}

TEST(ImageTest, MarkersAreDistinctOutlinedShapesOfAtLeastNinePixelsAtEveryScale) {
  // Far enough apart that no two markers overlap, even at scale 1.
  Dungeon d;
  d.tiles = Grid<Terrain>(60, 20, Terrain::Floor);
  d.objectives = {{ObjectiveKind::Start, {5, 5}},
                  {ObjectiveKind::Exit, {20, 5}},
                  {ObjectiveKind::Key, {35, 5}},
                  {ObjectiveKind::Treasure, {50, 5}},
                  {ObjectiveKind::Objective, {5, 14}}};
  for (int s : {1, 2, 4, 9, 16}) {
    SCOPED_TRACE(s);
    const Image img = render_preview(d, {s});
    const int side = std::max(s, kMinMarkerSide);
    std::set<std::string> shapes;
    for (const Objective& o : d.objectives) {
      // The kind's colour fills its shape inside a dark outline, centred on the cell.
      const int x0 = o.pos.x * s + s / 2 - side / 2, y0 = o.pos.y * s + s / 2 - side / 2;
      std::string mask;
      int coloured = 0, outline = 0;
      for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
          const int px = x0 + x, py = y0 + y;
          if (px < 0 || py < 0 || px >= img.width || py >= img.height) {
            mask += ' ';
            continue;
          }
          const bool c = img.get(px, py) == objective_colour(o.kind);
          coloured += c ? 1 : 0;
          outline += img.get(px, py) == Rgb{10, 10, 10} ? 1 : 0;
          mask += c ? '#' : '.';
        }
      EXPECT_GE(coloured, side * side / 4) << objective_kind_name(o.kind);
      EXPECT_GE(outline, side) << objective_kind_name(o.kind);
      EXPECT_TRUE(shapes.insert(mask).second) << objective_kind_name(o.kind) << " has another kind's shape";
    }
  }
}

TEST(ImageTest, SameDungeonGivesIdenticalBytes) {
  Dungeon d = generate_caves(80, 50, CaveConfig{}, 2);
  EXPECT_EQ(encode_png(render_preview(d)), encode_png(render_preview(d)));
}

TEST(ImageTest, RefusesScalesThatMakeHugeImages) {
  EXPECT_THROW(check_image_scale(80, 50, 0), InvalidArgument);
  EXPECT_THROW(check_image_scale(80, 50, 65), InvalidArgument);
  try {
    check_image_scale(16384, 100, 4, "--scale");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--scale = 4 (expected at most 2 for a 16384x100 map", 0), 0u) << e.what();
  }
  EXPECT_NO_THROW(check_image_scale(80, 50, 64));
}

TEST(ImageTest, BlendMixesColours) {
  Image img(2, 1, {0, 0, 0});
  img.blend_rect(0, 0, 1, 1, {255, 255, 255}, 255);
  img.blend_rect(1, 0, 5, 5, {200, 100, 0}, 128);
  EXPECT_EQ(img.get(0, 0), (Rgb{255, 255, 255}));
  EXPECT_EQ(img.get(1, 0), (Rgb{100, 50, 0}));
}

TEST(ImageTest, ALockSharesItsColourBetweenItsDoorsAndItsKeys) {
  Dungeon d;
  d.tiles = Grid<Terrain>(4, 1, Terrain::Floor);
  d.tiles(2, 0) = Terrain::Door;
  d.locks.push_back({{2, 0}, 4});
  d.objectives.push_back({ObjectiveKind::Key, {0, 0}, 4});
  const int s = 5;
  const test::DecodedPng png = test::decode_png(encode_png(render_preview(d, {s})));
  auto pixel = [&](int x, int y) {
    const size_t i = (static_cast<size_t>(y) * static_cast<size_t>(png.width) + static_cast<size_t>(x)) * 3;
    return Rgb{png.rgb[i], png.rgb[i + 1], png.rgb[i + 2]};
  };
  EXPECT_EQ(pixel(2 * s, 0), lock_colour(4));      // the door's top-left corner
  EXPECT_EQ(pixel(0 * s + 2, 2), lock_colour(4));  // the key marker's middle
  EXPECT_NE(lock_colour(4), lock_colour(5));
  EXPECT_EQ(pixel(3 * s + 2, 2), terrain_colour(Terrain::Floor));
}

}  // namespace
}  // namespace catacomb
