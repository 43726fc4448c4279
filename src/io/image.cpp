// The only file that includes stb. stb_image_write's deflate is deterministic for a given
// input and compression level, so the same image always gives the same PNG bytes.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include <stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include <algorithm>

#include <catacomb/core/error.hpp>
#include <catacomb/io/atomic_file.hpp>
#include <catacomb/io/image.hpp>

namespace catacomb {

Image::Image(int w, int h, Rgb fill) : width(w), height(h) {
  if (w < 1 || h < 1 || w > kMaxImageSide || h > kMaxImageSide || int64_t{w} * h > kMaxImagePixels)
    throw InvalidArgument(FieldProblem{"image size", std::to_string(w) + "x" + std::to_string(h),
                                       "1 to " + std::to_string(kMaxImageSide) + " pixels per side and at most " +
                                           std::to_string(kMaxImagePixels) + " pixels"});
  rgb.resize(static_cast<size_t>(w) * static_cast<size_t>(h) * 3);
  for (size_t i = 0; i < rgb.size(); i += 3) {
    rgb[i] = fill[0];
    rgb[i + 1] = fill[1];
    rgb[i + 2] = fill[2];
  }
}

Rgb Image::get(int x, int y) const {
  size_t i = (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 3;
  return {rgb[i], rgb[i + 1], rgb[i + 2]};
}

void Image::set(int x, int y, Rgb c) {
  size_t i = (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 3;
  rgb[i] = c[0];
  rgb[i + 1] = c[1];
  rgb[i + 2] = c[2];
}

void Image::fill_rect(int x, int y, int w, int h, Rgb c) {
  const int x0 = std::max(x, 0), y0 = std::max(y, 0);
  const int x1 = std::min(x + w, width), y1 = std::min(y + h, height);
  for (int yy = y0; yy < y1; ++yy)
    for (int xx = x0; xx < x1; ++xx) set(xx, yy, c);
}

void Image::blend_rect(int x, int y, int w, int h, Rgb c, int alpha) {
  const int x0 = std::max(x, 0), y0 = std::max(y, 0);
  const int x1 = std::min(x + w, width), y1 = std::min(y + h, height);
  for (int yy = y0; yy < y1; ++yy)
    for (int xx = x0; xx < x1; ++xx) {
      Rgb o = get(xx, yy);
      Rgb n;
      for (size_t k = 0; k < 3; ++k) n[k] = static_cast<uint8_t>((o[k] * (255 - alpha) + c[k] * alpha + 127) / 255);
      set(xx, yy, n);
    }
}

void check_image_scale(int width, int height, int scale, const std::string& flag) {
  if (scale < 1 || scale > 64)
    throw InvalidArgument(FieldProblem{flag, std::to_string(scale), "1 to 64"});
  const int64_t w = int64_t{width} * scale, h = int64_t{height} * scale;
  if (w > kMaxImageSide || h > kMaxImageSide || w * h > kMaxImagePixels) {
    int64_t best = 1;
    for (int64_t s = 1; s <= 64; ++s)
      if (width * s <= kMaxImageSide && height * s <= kMaxImageSide && width * s * height * s <= kMaxImagePixels) best = s;
    throw InvalidArgument(FieldProblem{flag, std::to_string(scale),
                                       "at most " + std::to_string(best) + " for a " + std::to_string(width) + "x" +
                                           std::to_string(height) + " map: a PNG is limited to " +
                                           std::to_string(kMaxImageSide) + " pixels per side and " +
                                           std::to_string(kMaxImagePixels) + " pixels"});
  }
}

Rgb terrain_colour(Terrain t) {
  switch (t) {
    case Terrain::Wall: return {38, 34, 44};
    case Terrain::Floor: return {196, 186, 160};
    case Terrain::Corridor: return {160, 148, 122};
    case Terrain::Door: return {150, 92, 40};
    case Terrain::Water: return {64, 120, 200};
    case Terrain::Vegetation: return {70, 140, 60};
    case Terrain::Road: return {225, 215, 190};
  }
  return {255, 0, 255};
}

Rgb objective_colour(ObjectiveKind k) {
  switch (k) {
    case ObjectiveKind::Start: return {40, 200, 60};
    case ObjectiveKind::Exit: return {220, 40, 40};
    case ObjectiveKind::Key: return {250, 210, 30};
    case ObjectiveKind::Treasure: return {250, 140, 20};
    case ObjectiveKind::Objective: return {200, 60, 220};
  }
  return {255, 0, 255};
}

Rgb lock_colour(int lock) {
  // Nine hues apart from the terrain and objective colours, bright enough on dark walls.
  static constexpr Rgb kColours[kMaxLock] = {{0, 200, 255},  {255, 80, 160}, {150, 255, 60},  {160, 110, 255}, {255, 255, 255},
                                             {0, 150, 140},  {255, 190, 120}, {120, 60, 20},  {90, 90, 255}};
  if (lock < 1 || lock > kMaxLock) return {255, 0, 255};
  return kColours[lock - 1];
}

Rgb marker_colour(const Objective& o) {
  return o.kind == ObjectiveKind::Key && o.lock != 0 ? lock_colour(o.lock) : objective_colour(o.kind);
}

void draw_marker(Image& img, const Objective& o, int scale) {
  const int px = o.pos.x * scale, py = o.pos.y * scale;
  if (scale >= 3) {
    img.fill_rect(px, py, scale, scale, {10, 10, 10});
    const int inset = std::max(1, scale / 5);
    img.fill_rect(px + inset, py + inset, scale - 2 * inset, scale - 2 * inset, marker_colour(o));
  } else {
    img.fill_rect(px, py, scale, scale, marker_colour(o));
  }
}

void draw_locked_door(Image& img, const LockedDoor& l, int scale) {
  const int px = l.pos.x * scale, py = l.pos.y * scale;
  img.fill_rect(px, py, scale, scale, lock_colour(l.lock));
  if (scale >= 4) {  // a door-coloured bar across the middle: a door, not a key
    const int bar = std::max(1, scale / 4);
    img.fill_rect(px, py + (scale - bar) / 2, scale, bar, terrain_colour(Terrain::Door));
  }
}

Image render_preview(const Dungeon& d, const PreviewOptions& options) {
  const int s = options.scale;
  check_image_scale(d.tiles.width(), d.tiles.height(), s);
  Image img(d.tiles.width() * s, d.tiles.height() * s);
  for (int y = 0; y < d.tiles.height(); ++y)
    for (int x = 0; x < d.tiles.width(); ++x) img.fill_rect(x * s, y * s, s, s, terrain_colour(d.tiles(x, y)));
  for (const LockedDoor& l : d.locks)
    if (d.tiles.in_bounds(l.pos)) draw_locked_door(img, l, s);
  for (const Objective& o : d.objectives)
    if (d.tiles.in_bounds(o.pos)) draw_marker(img, o, s);
  return img;
}

std::string encode_png(const Image& img) {
  std::string out;
  auto sink = [](void* ctx, void* data, int size) {
    static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), static_cast<size_t>(size));
  };
  if (!stbi_write_png_to_func(sink, &out, img.width, img.height, 3, img.rgb.data(), img.width * 3))
    throw Error("cannot encode a " + std::to_string(img.width) + "x" + std::to_string(img.height) + " PNG");
  return out;
}

void write_png(const std::string& path, const Image& img) { write_file_atomic(path, encode_png(img)); }

}  // namespace catacomb
