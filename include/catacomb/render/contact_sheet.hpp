#pragma once
/// Contact sheets: many dungeons' thumbnails on one PNG page, each labelled with its seed, for
/// reviewing a batch at a glance. Pages hold at most kContactSheetPageSize thumbnails; a batch
/// with more seeds gets several pages. Everything is integer arithmetic and the built-in font, so
/// the same entries always give the same pixels.
#include <catacomb/export.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/render/image.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Most thumbnails on one contact sheet page.
inline constexpr int kContactSheetPageSize = 100;

/// The shape of a contact sheet page.
struct ContactSheetOptions {
  /// Side of the square box each thumbnail is centred in. [Limit: 16 to 1024] [Units: pixels]
  int thumb_side = 160;
  /// Boxes per row (fewer when the page has fewer entries). [Limit: 1 to 100]
  int columns = 10;
};

/// A thumbnail of `d` that fits in max_side x max_side pixels, keeping the map's aspect ratio:
/// render_preview at the largest integer scale (1 to 64) that fits; a map larger than max_side
/// is box-filtered down from its scale-1 colours (every pixel the rounded mean of the cells it
/// covers) and its objectives drawn on top as 3x3 dots so they stay visible.
/// [Limit: max_side 1 to 1024]. Memory: the thumbnail only, never the full-size preview.
Image render_thumbnail(const Dungeon& d, int max_side = 160);

/// One box of a contact sheet.
struct ContactEntry {
  /// The seed the map was generated from, written in the label.
  uint64_t seed = 0;
  /// False for a seed that failed: drawn as an empty red-framed box labelled "seed N: failed".
  bool valid = false;
  /// The thumbnail (valid entries), at most thumb_side on each side.
  Image thumbnail;
};

/// Pixel geometry of a page of `count` entries, for drawing and for tests.
struct ContactSheetLayout {
  int columns = 0;       ///< boxes per row
  int rows = 0;          ///< rows of boxes
  int thumb_side = 0;    ///< box width, and the most a thumbnail may have per side [Units: pixels]
  int box_height = 0;    ///< box height: the tallest thumbnail of the page, so no row is blank [Units: pixels]
  int margin = 0;        ///< space around and between boxes [Units: pixels]
  int label_height = 0;  ///< space under each box for its label [Units: pixels]
  int width = 0;         ///< page width [Units: pixels]
  int height = 0;        ///< page height [Units: pixels]
  /// Left column of box `i` (row-major order). [Units: pixels]
  int box_x(int i) const { return margin + (i % columns) * (thumb_side + margin); }
  /// Top row of box `i`. [Units: pixels]
  int box_y(int i) const { return margin + (i / columns) * (box_height + label_height + margin); }
  /// Top row of box `i`'s label area (just under the box). [Units: pixels]
  int label_y(int i) const { return box_y(i) + box_height; }
};

/// The layout of a page of `count` entries whose tallest thumbnail is `box_height` pixels (0:
/// options.thumb_side, square boxes). Throws InvalidArgument for count outside 1 to
/// kContactSheetPageSize, box_height outside 0 to thumb_side, or bad options.
ContactSheetLayout contact_sheet_layout(int count, const ContactSheetOptions& options = {}, int box_height = 0);

/// Background, label and failure colours of the page.
inline constexpr Rgb kSheetBackground = {24, 24, 28};
/// Colour of the labels.
inline constexpr Rgb kSheetLabel = {225, 225, 225};
/// Colour of a failed seed's frame and label.
inline constexpr Rgb kSheetFailed = {220, 40, 40};

/// The label under an entry: "seed N", or "seed N: failed".
std::string contact_label(uint64_t seed, bool valid);

/// One page: entries in row-major order, each thumbnail centred horizontally at the bottom of its
/// box, its label ("seed N", or "seed N: failed") centred under the box, at font scale 2 when it
/// fits the box width, else 1. Throws InvalidArgument for 0 or more than kContactSheetPageSize entries, or for a
/// thumbnail larger than the box.
Image render_contact_sheet(const std::vector<ContactEntry>& entries, const ContactSheetOptions& options = {});

/// Pages needed for `entries` thumbnails (0 for none).
size_t contact_sheet_pages(size_t entries);
/// File name of page `page` (0-based) of `pages`: "contact-sheet.png" when there is one page,
/// else "contact-sheet-1.png", "contact-sheet-2.png", ...
std::string contact_sheet_file(size_t page, size_t pages);

}  // namespace catacomb
CATACOMB_PUBLIC_END
