// Contact sheets. Thumbnails: an integer-scale preview when the map fits the box, else a box
// filter straight from the terrain colours (O(width * height) time, O(thumbnail) memory: a
// 16384 x 16384 map never becomes a 0.8 GB scale-1 image), objectives redrawn on top. Pages:
// a fixed grid of boxes with the seed under each, drawn with the built-in 3x5 font.
// Deterministic: integer arithmetic only, no fonts or libraries beyond render/image and render/font.
#include <catacomb/render/contact_sheet.hpp>

#include <algorithm>

#include <catacomb/core/error.hpp>
#include "render/font.hpp"

namespace catacomb {
namespace {

constexpr int kMargin = 8;
constexpr int kLabelHeight = 16;  // room for one line at font scale 2 (10 px) and its spacing
constexpr int kFrame = 2;         // red frame of a failed entry [Units: pixels]

}  // namespace

Image render_thumbnail(const Dungeon& d, int max_side) {
  if (max_side < 1 || max_side > 1024)
    throw InvalidArgument(FieldProblem{"max_side", std::to_string(max_side), "1 to 1024"});
  const int w = d.tiles.width(), h = d.tiles.height();
  const int fit = std::min({max_side / w, max_side / h, 64});
  if (fit >= 1) return render_preview(d, {fit});

  // Downscale: the longer side becomes max_side, the other keeps the aspect ratio (at least 1).
  const int tw = w >= h ? max_side : std::max(1, static_cast<int>(int64_t{w} * max_side / h));
  const int th = h >= w ? max_side : std::max(1, static_cast<int>(int64_t{h} * max_side / w));
  Image img(tw, th);
  for (int ty = 0; ty < th; ++ty) {
    // Target pixel (tx, ty) covers cells [x0, x1) x [y0, y1): never empty since w >= tw, h >= th.
    const int y0 = static_cast<int>(int64_t{ty} * h / th), y1 = static_cast<int>(int64_t{ty + 1} * h / th);
    for (int tx = 0; tx < tw; ++tx) {
      const int x0 = static_cast<int>(int64_t{tx} * w / tw), x1 = static_cast<int>(int64_t{tx + 1} * w / tw);
      int64_t sum[3] = {0, 0, 0};
      for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
          const Rgb c = terrain_colour(d.tiles(x, y));
          for (size_t k = 0; k < 3; ++k) sum[k] += c[k];
        }
      const int64_t n = int64_t{x1 - x0} * (y1 - y0);
      Rgb mean;
      for (size_t k = 0; k < 3; ++k) mean[k] = static_cast<uint8_t>((sum[k] + n / 2) / n);
      img.set(tx, ty, mean);
    }
  }
  for (const Objective& o : d.objectives) {
    if (!d.tiles.in_bounds(o.pos)) continue;
    const int cx = static_cast<int>(int64_t{o.pos.x} * tw / w), cy = static_cast<int>(int64_t{o.pos.y} * th / h);
    draw_marker_shape(img, cx - kMinMarkerSide / 2, cy - kMinMarkerSide / 2, kMinMarkerSide, o.kind, marker_colour(o));
  }
  return img;
}

ContactSheetLayout contact_sheet_layout(int count, const ContactSheetOptions& options, int box_height) {
  if (count < 1 || count > kContactSheetPageSize)
    throw InvalidArgument(
        FieldProblem{"entries", std::to_string(count), "1 to " + std::to_string(kContactSheetPageSize)});
  if (options.thumb_side < 16 || options.thumb_side > 1024)
    throw InvalidArgument(FieldProblem{"thumb_side", std::to_string(options.thumb_side), "16 to 1024"});
  if (options.columns < 1 || options.columns > kContactSheetPageSize)
    throw InvalidArgument(
        FieldProblem{"columns", std::to_string(options.columns), "1 to " + std::to_string(kContactSheetPageSize)});
  if (box_height < 0 || box_height > options.thumb_side)
    throw InvalidArgument(FieldProblem{"box_height", std::to_string(box_height), "0 to thumb_side"});
  ContactSheetLayout l;
  l.box_height = box_height == 0 ? options.thumb_side : box_height;
  l.columns = std::min(count, options.columns);
  l.rows = (count + l.columns - 1) / l.columns;
  l.thumb_side = options.thumb_side;
  l.margin = kMargin;
  l.label_height = kLabelHeight;
  // At most 100 boxes of at most 1024 + 24 pixels: within kMaxImageSide in either direction.
  l.width = l.margin + l.columns * (l.thumb_side + l.margin);
  l.height = l.margin + l.rows * (l.box_height + l.label_height + l.margin);
  return l;
}

std::string contact_label(uint64_t seed, bool valid) {
  return "seed " + std::to_string(seed) + (valid ? "" : ": failed");
}

Image render_contact_sheet(const std::vector<ContactEntry>& entries, const ContactSheetOptions& options) {
  if (entries.empty() || entries.size() > static_cast<size_t>(kContactSheetPageSize))
    throw InvalidArgument(
        FieldProblem{"entries", std::to_string(entries.size()), "1 to " + std::to_string(kContactSheetPageSize)});
  // Boxes as tall as the page's tallest thumbnail: maps wider than tall leave no blank band.
  int tallest = 0;
  for (const ContactEntry& entry : entries) {
    const Image& t = entry.thumbnail;
    if (!entry.valid) continue;
    if (t.width < 1 || t.height < 1 || t.width > options.thumb_side || t.height > options.thumb_side)
      throw InvalidArgument(FieldProblem{"thumbnail of seed " + std::to_string(entry.seed),
                                         std::to_string(t.width) + "x" + std::to_string(t.height),
                                         "1 to " + std::to_string(options.thumb_side) + " pixels per side"});
    tallest = std::max(tallest, t.height);
  }
  const ContactSheetLayout l = contact_sheet_layout(static_cast<int>(entries.size()), options,
                                                    std::max(tallest, std::min(options.thumb_side, 32)));
  Image page(l.width, l.height, kSheetBackground);
  for (size_t e = 0; e < entries.size(); ++e) {
    const ContactEntry& entry = entries[e];
    const int i = static_cast<int>(e);
    const int bx = l.box_x(i), by = l.box_y(i), side = l.thumb_side, box_h = l.box_height;
    if (entry.valid) {
      const Image& t = entry.thumbnail;
      const int ox = bx + (side - t.width) / 2, oy = by + box_h - t.height;  // on its label
      for (int y = 0; y < t.height; ++y)
        for (int x = 0; x < t.width; ++x) page.set(ox + x, oy + y, t.get(x, y));
    } else {
      page.fill_rect(bx, by, side, kFrame, kSheetFailed);
      page.fill_rect(bx, by + box_h - kFrame, side, kFrame, kSheetFailed);
      page.fill_rect(bx, by, kFrame, box_h, kSheetFailed);
      page.fill_rect(bx + side - kFrame, by, kFrame, box_h, kSheetFailed);
    }
    const std::string label = contact_label(entry.seed, entry.valid);
    const int scale = text_width(label, 2) <= side ? 2 : 1;
    const int lx = bx + std::max(0, (side - text_width(label, scale)) / 2);
    const int ly = l.label_y(i) + (l.label_height - text_height(scale)) / 2;
    draw_text(page, lx, ly, label, entry.valid ? kSheetLabel : kSheetFailed, scale);
  }
  return page;
}

size_t contact_sheet_pages(size_t entries) {
  const auto per = static_cast<size_t>(kContactSheetPageSize);
  return (entries + per - 1) / per;
}

std::string contact_sheet_file(size_t page, size_t pages) {
  if (pages <= 1) return "contact-sheet.png";
  return "contact-sheet-" + std::to_string(page + 1) + ".png";
}

}  // namespace catacomb
