#include <catacomb/render/contact_sheet.hpp>

#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>
#include <catacomb/generator/caves.hpp>
#include "render/font.hpp"

namespace catacomb {
namespace {

Dungeon small_cave(int w, int h, uint64_t seed) {
  Dungeon d = generate_caves(w, h, CaveConfig{}, seed);
  d.objectives.push_back({ObjectiveKind::Start, {w / 2, h / 2}});
  return d;
}

// Pixels of `colour` inside the rectangle [x, x + w) x [y, y + h).
int count_colour(const Image& img, int x, int y, int w, int h, Rgb colour) {
  int n = 0;
  for (int yy = y; yy < y + h; ++yy)
    for (int xx = x; xx < x + w; ++xx)
      if (img.get(xx, yy) == colour) ++n;
  return n;
}

TEST(ContactSheetTest, ThumbnailOfASmallMapIsTheLargestIntegerScalePreviewThatFits) {
  Dungeon d = small_cave(48, 32, 5);
  Image t = render_thumbnail(d, 160);
  Image p = render_preview(d, {3});  // 160 / 48 = 3
  EXPECT_EQ(t.width, 144);
  EXPECT_EQ(t.height, 96);
  EXPECT_EQ(t.rgb, p.rgb);
}

TEST(ContactSheetTest, ThumbnailOfALargeMapIsBoxFilteredToFitKeepingItsAspectRatio) {
  Dungeon d;
  d.tiles = Grid<Terrain>(400, 200, Terrain::Wall);
  for (int y = 0; y < 200; ++y)
    for (int x = 200; x < 400; ++x) d.tiles(x, y) = Terrain::Floor;  // right half floor
  d.objectives.push_back({ObjectiveKind::Exit, {300, 100}});
  Image t = render_thumbnail(d, 160);
  ASSERT_EQ(t.width, 160);
  ASSERT_EQ(t.height, 80);
  EXPECT_EQ(t.get(10, 10), terrain_colour(Terrain::Wall));
  EXPECT_EQ(t.get(150, 10), terrain_colour(Terrain::Floor));
  // The exit's marker, a 9-pixel square ring centred on (120, 40) = (300 * 160 / 400, 100 * 80 / 200).
  EXPECT_EQ(t.get(117, 40), objective_colour(ObjectiveKind::Exit));
  EXPECT_EQ(t.get(123, 40), objective_colour(ObjectiveKind::Exit));
  EXPECT_NE(t.get(120, 40), objective_colour(ObjectiveKind::Exit));  // hollow: a door, not a dot
  EXPECT_EQ(t.get(116, 40), (Rgb{10, 10, 10}));                      // outlined
  EXPECT_EQ(render_thumbnail(d, 160).rgb, t.rgb);                    // deterministic
}

TEST(ContactSheetTest, ThumbnailAveragesTheCellsEachPixelCovers) {
  Dungeon d;
  d.tiles = Grid<Terrain>(4, 2, Terrain::Wall);
  d.tiles(1, 0) = d.tiles(0, 1) = d.tiles(1, 1) = Terrain::Floor;  // left 2x2 block: 3 floor, 1 wall
  Image t = render_thumbnail(d, 2);                                // 2x1
  ASSERT_EQ(t.width, 2);
  ASSERT_EQ(t.height, 1);
  const Rgb w = terrain_colour(Terrain::Wall), f = terrain_colour(Terrain::Floor);
  for (size_t k = 0; k < 3; ++k) EXPECT_EQ(t.get(0, 0)[k], (w[k] + 3 * f[k] + 2) / 4);
  EXPECT_EQ(t.get(1, 0), w);
}

TEST(ContactSheetTest, LayoutPlacesBoxesInRowsOfTheColumnCount) {
  ContactSheetLayout l = contact_sheet_layout(3);
  EXPECT_EQ(l.columns, 3);
  EXPECT_EQ(l.rows, 1);
  EXPECT_EQ(l.width, l.margin + 3 * (160 + l.margin));
  EXPECT_EQ(l.height, l.margin + 160 + l.label_height + l.margin);
  ContactSheetLayout full = contact_sheet_layout(100);
  EXPECT_EQ(full.columns, 10);
  EXPECT_EQ(full.rows, 10);
  EXPECT_EQ(full.box_x(13), full.margin + 3 * (160 + full.margin));
  EXPECT_EQ(full.box_y(13), full.margin + (160 + full.label_height + full.margin));
  EXPECT_LE(full.width, kMaxImageSide);
  EXPECT_EQ(contact_sheet_layout(11).rows, 2);
  EXPECT_THROW(contact_sheet_layout(0), InvalidArgument);
  EXPECT_THROW(contact_sheet_layout(3, {}, 161), InvalidArgument);
  EXPECT_EQ(contact_sheet_layout(3, {}, 100).height, l.margin + 100 + l.label_height + l.margin);
  EXPECT_THROW(contact_sheet_layout(101), InvalidArgument);
}

TEST(ContactSheetTest, PageHasEachThumbnailInItsBoxAndEachSeedLabelledUnderIt) {
  std::vector<ContactEntry> entries;
  entries.push_back({7, true, render_thumbnail(small_cave(48, 32, 7))});
  entries.push_back({8, false, Image()});
  entries.push_back({9, true, render_thumbnail(small_cave(40, 40, 9))});
  Image page = render_contact_sheet(entries);
  const ContactSheetLayout l = contact_sheet_layout(3);
  ASSERT_EQ(page.width, l.width);
  ASSERT_EQ(page.height, l.height);

  // Thumbnail 0 (144x96) sits centred at the bottom of box 0.
  const Image& t = entries[0].thumbnail;
  const int ox = l.box_x(0) + (160 - t.width) / 2, oy = l.box_y(0) + 160 - t.height;
  for (int y = 0; y < t.height; y += 7)
    for (int x = 0; x < t.width; x += 5) ASSERT_EQ(page.get(ox + x, oy + y), t.get(x, y)) << x << "," << y;
  EXPECT_EQ(page.get(ox, oy - 1), kSheetBackground);

  // Labels: light ink under valid boxes, red under the failed one, about as wide as the text.
  const int label_ink_0 = count_colour(page, l.box_x(0), l.label_y(0), 160, l.label_height, kSheetLabel);
  EXPECT_GT(label_ink_0, 0);
  EXPECT_GT(count_colour(page, l.box_x(2), l.label_y(2), 160, l.label_height, kSheetLabel), 0);
  EXPECT_EQ(count_colour(page, l.box_x(1), l.label_y(1), 160, l.label_height, kSheetLabel), 0);
  EXPECT_GT(count_colour(page, l.box_x(1), l.label_y(1), 160, l.label_height, kSheetFailed), 0);
  // The same text drawn alone has the same ink: "seed 7" at scale 2.
  Image alone(text_width("seed 7", 2), text_height(2), kSheetBackground);
  draw_text(alone, 0, 0, "seed 7", kSheetLabel, 2);
  EXPECT_EQ(label_ink_0, count_colour(alone, 0, 0, alone.width, alone.height, kSheetLabel));

  // The failed box: a red frame around an empty inside.
  EXPECT_EQ(page.get(l.box_x(1), l.box_y(1)), kSheetFailed);
  EXPECT_EQ(page.get(l.box_x(1) + 159, l.box_y(1) + 80), kSheetFailed);
  EXPECT_EQ(count_colour(page, l.box_x(1) + 2, l.box_y(1) + 2, 156, 156, kSheetBackground), 156 * 156);
  EXPECT_EQ(contact_label(8, false), "seed 8: failed");
}

TEST(ContactSheetTest, LongLabelsFallBackToTheSmallFont) {
  std::vector<ContactEntry> entries = {{18446744073709551615u, false, Image()}};
  Image page = render_contact_sheet(entries);
  const ContactSheetLayout l = contact_sheet_layout(1, {}, 32);  // no thumbnail: 32-pixel boxes
  EXPECT_EQ(page.height, l.height);
  const std::string label = contact_label(18446744073709551615u, false);
  ASSERT_GT(text_width(label, 2), 160);
  Image alone(text_width(label, 1), text_height(1), kSheetBackground);
  draw_text(alone, 0, 0, label, kSheetFailed, 1);
  EXPECT_EQ(count_colour(page, 0, l.label_y(0), page.width, l.label_height, kSheetFailed),
            count_colour(alone, 0, 0, alone.width, alone.height, kSheetFailed));
}

TEST(ContactSheetTest, RefusesTooManyEntriesAndOversizedThumbnails) {
  std::vector<ContactEntry> many(101);
  EXPECT_THROW(render_contact_sheet(many), InvalidArgument);
  EXPECT_THROW(render_contact_sheet({}), InvalidArgument);
  std::vector<ContactEntry> big = {{1, true, Image(161, 10)}};
  EXPECT_THROW(render_contact_sheet(big), InvalidArgument);
}

TEST(ContactSheetTest, MoreThanAHundredEntriesMakeNumberedPages) {
  EXPECT_EQ(contact_sheet_pages(0), 0u);
  EXPECT_EQ(contact_sheet_pages(1), 1u);
  EXPECT_EQ(contact_sheet_pages(100), 1u);
  EXPECT_EQ(contact_sheet_pages(101), 2u);
  EXPECT_EQ(contact_sheet_pages(250), 3u);
  EXPECT_EQ(contact_sheet_file(0, 1), "contact-sheet.png");
  EXPECT_EQ(contact_sheet_file(0, 3), "contact-sheet-1.png");
  EXPECT_EQ(contact_sheet_file(2, 3), "contact-sheet-3.png");
  // A full page of 100 entries fits the image limits.
  std::vector<ContactEntry> page(100);
  for (size_t i = 0; i < page.size(); ++i) page[i] = {i, i % 3 != 0, i % 3 != 0 ? Image(160, 120, {1, 2, 3}) : Image()};
  Image img = render_contact_sheet(page);
  // Boxes as tall as the 120-pixel thumbnails: no blank band above them.
  const ContactSheetLayout l = contact_sheet_layout(100, {}, 120);
  EXPECT_EQ(img.width, l.width);
  EXPECT_EQ(img.height, l.height);
  EXPECT_EQ(l.height, l.margin + 10 * (120 + l.label_height + l.margin));
  EXPECT_EQ(img.get(l.box_x(98), l.box_y(98) + 119), (Rgb{1, 2, 3}));
  EXPECT_EQ(img.get(l.box_x(98), l.box_y(98)), (Rgb{1, 2, 3}));
  EXPECT_EQ(img.get(l.box_x(99), l.box_y(99)), kSheetFailed);  // 99 is a failed entry
  EXPECT_EQ(img.get(l.box_x(0), l.box_y(0)), kSheetFailed);
}

}  // namespace
}  // namespace catacomb
