// The only file that includes stb_image_write. It writes the PNG chunks and picks each row's
// filter; the deflate is catacomb's own (render/deflate), integer code that is several times faster
// than stb's on previews and gives the same bytes everywhere, so the same image always gives the
// same PNG bytes, whatever the stb version.
#include <cstdlib>
#include <cstring>

#include "render/deflate.hpp"

namespace {
unsigned char* catacomb_zlib_compress(unsigned char* data, int size, int* out_size, int /*quality*/) {
  const std::vector<uint8_t> z = catacomb::detail::zlib_compress(data, static_cast<size_t>(size));
  auto* out = static_cast<unsigned char*>(std::malloc(z.size()));  // stb frees it with free()
  if (out == nullptr) return nullptr;
  std::memcpy(out, z.data(), z.size());
  *out_size = static_cast<int>(z.size());
  return out;
}
}  // namespace

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#define STBIW_ZLIB_COMPRESS catacomb_zlib_compress
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

namespace {
// Every row is written with the Up filter instead of stb's per-row choice among five (which
// filters each row five times): a preview repeats each row `scale` times, so most Up-filtered
// rows are zeros. Measured on 100 rooms previews at 128x128: 2 % larger than the adaptive choice,
// a fifth of the filtering work. Set once, during static initialisation, before any thread runs.
[[maybe_unused]] const bool kUpFilter = (stbi_write_force_png_filter = 2, true);
}  // namespace

#include <catacomb/core/error.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/render/image.hpp>

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
  if (scale < 1 || scale > 64) throw InvalidArgument(FieldProblem{flag, std::to_string(scale), "1 to 64"});
  const int64_t w = int64_t{width} * scale, h = int64_t{height} * scale;
  if (w > kMaxImageSide || h > kMaxImageSide || w * h > kMaxImagePixels) {
    int64_t best = 1;
    for (int64_t s = 1; s <= 64; ++s)
      if (width * s <= kMaxImageSide && height * s <= kMaxImageSide && width * s * height * s <= kMaxImagePixels)
        best = s;
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
    case Terrain::Ladder: return {200, 140, 50};
    case Terrain::Platform: return {120, 84, 56};
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
    case ObjectiveKind::Switch: return {0, 230, 200};
  }
  return {255, 0, 255};
}

Rgb lock_colour(int lock) {
  // Nine hues apart from the terrain and objective colours, bright enough on dark walls.
  static constexpr Rgb kColours[kMaxLock] = {{0, 200, 255},   {255, 80, 160},  {150, 255, 60},
                                             {160, 110, 255}, {255, 255, 255}, {0, 150, 140},
                                             {255, 190, 120}, {120, 60, 20},   {90, 90, 255}};
  if (lock < 1 || lock > kMaxLock) return {255, 0, 255};
  return kColours[lock - 1];
}

Rgb marker_colour(const Objective& o) {
  return o.kind == ObjectiveKind::Key && o.lock != 0 ? lock_colour(o.lock) : objective_colour(o.kind);
}

void draw_locked_door(Image& img, const LockedDoor& l, int scale) {
  const int px = l.pos.x * scale, py = l.pos.y * scale;
  img.fill_rect(px, py, scale, scale, lock_colour(l.lock));
  if (scale >= 4) {  // a door-coloured bar across the middle: a door, not a key
    const int bar = std::max(1, scale / 4);
    img.fill_rect(px, py + (scale - bar) / 2, scale, bar, terrain_colour(Terrain::Door));
  }
}

Rgb progression_door_colour(DoorKind k) {
  switch (k) {
    case DoorKind::Gate: return objective_colour(ObjectiveKind::Switch);
    case DoorKind::OneWay: return {255, 170, 0};
    case DoorKind::Secret: return {110, 100, 120};
    case DoorKind::Open:
    case DoorKind::Locked: break;
  }
  return {255, 0, 255};
}

void draw_progression_door(Image& img, const ProgressionDoor& g, int scale) {
  const int px = g.pos.x * scale, py = g.pos.y * scale;
  const Rgb colour = progression_door_colour(g.kind);
  if (g.kind == DoorKind::Gate) {
    img.fill_rect(px, py, scale, scale, colour);
    if (scale < 4) return;
    const int bar = std::max(1, scale / 6);
    for (int k = 1; k <= (g.open_when_off ? 1 : 2); ++k)
      img.fill_rect(px + k * scale / (g.open_when_off ? 2 : 3) - bar / 2, py, bar, scale,
                    terrain_colour(Terrain::Wall));
    return;
  }
  if (g.kind == DoorKind::Secret) {
    img.fill_rect(px, py, scale, scale, terrain_colour(Terrain::Wall));
    if (scale >= 3)
      img.fill_rect(px + scale / 3, py + scale / 3, scale - 2 * (scale / 3), scale - 2 * (scale / 3), colour);
    return;
  }
  img.fill_rect(px, py, scale, scale, terrain_colour(Terrain::Door));
  // The half toward where it leads, amber.
  const int hx = g.dir.x > 0 ? px + scale / 2 : px, hy = g.dir.y > 0 ? py + scale / 2 : py;
  const int hw = g.dir.x != 0 ? scale - scale / 2 : scale, hh = g.dir.y != 0 ? scale - scale / 2 : scale;
  img.fill_rect(hx, hy, std::max(1, hw), std::max(1, hh), colour);
}

bool marker_shape_covers(ObjectiveKind k, int x, int y, int size) {
  // Twice the offset from the box's centre, so that odd and even sizes stay symmetric in integers.
  const int u = 2 * x + 1 - size, v = 2 * y + 1 - size;
  const int r = size - 2;  // twice the radius: one pixel of the box is left for the outline
  const int au = u < 0 ? -u : u, av = v < 0 ? -v : v;
  switch (k) {
    case ObjectiveKind::Start: return u * u + v * v <= r * r;
    case ObjectiveKind::Exit: return au <= r && av <= r && (au > r / 2 || av > r / 2);
    case ObjectiveKind::Key: return au + av <= r;
    case ObjectiveKind::Treasure: return v <= r && 2 * au <= v + r;  // apex at the top
    case ObjectiveKind::Objective: return (au <= r / 3 && av <= r) || (av <= r / 3 && au <= r);
    case ObjectiveKind::Switch: return u * u + v * v <= r * r && 4 * (u * u + v * v) >= r * r;  // a ring
  }
  return false;
}

void draw_marker_shape(Image& img, int x0, int y0, int size, ObjectiveKind k) {
  draw_marker_shape(img, x0, y0, size, k, objective_colour(k));
}

void draw_marker_shape(Image& img, int x0, int y0, int size, ObjectiveKind k, Rgb colour) {
  const Rgb outline{10, 10, 10};
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      if (x0 + x < 0 || y0 + y < 0 || x0 + x >= img.width || y0 + y >= img.height) continue;  // clipped
      if (marker_shape_covers(k, x, y, size)) {
        img.set(x0 + x, y0 + y, colour);
        continue;
      }
      bool edge = false;  // an 8-neighbour inside the shape: the outline
      for (int dy = -1; dy <= 1 && !edge; ++dy)
        for (int dx = -1; dx <= 1 && !edge; ++dx)
          edge = x + dx >= 0 && x + dx < size && y + dy >= 0 && y + dy < size &&
                 marker_shape_covers(k, x + dx, y + dy, size);
      if (edge) img.set(x0 + x, y0 + y, outline);
    }
}

void draw_marker(Image& img, const Objective& o, int scale) {
  // At least kMinMarkerSide pixels, centred on the cell (spilling onto its neighbours at small
  // scales), so that a marker reads at every scale; clipped at the image's edges.
  const int side = std::max(scale, kMinMarkerSide);
  const int centre_x = o.pos.x * scale + scale / 2, centre_y = o.pos.y * scale + scale / 2;
  draw_marker_shape(img, centre_x - side / 2, centre_y - side / 2, side, o.kind, marker_colour(o));
}

Image render_preview(const Dungeon& d, const PreviewOptions& options) {
  const int s = options.scale;
  check_image_scale(d.tiles.width(), d.tiles.height(), s);
  Image img(d.tiles.width() * s, d.tiles.height() * s);
  // Each tile's square in its colour: the first pixel row of a row of tiles, tile by tile, then
  // copied down the other s - 1 rows.
  std::array<Rgb, 256> colour;
  for (size_t b = 0; b < colour.size(); ++b) colour[b] = terrain_colour(static_cast<Terrain>(b));
  const size_t stride = static_cast<size_t>(img.width) * 3;
  for (int y = 0; y < d.tiles.height(); ++y) {
    uint8_t* first = img.rgb.data() + static_cast<size_t>(y) * static_cast<size_t>(s) * stride;
    uint8_t* px = first;
    const Terrain* row = d.tiles.row(y);
    for (int x = 0; x < d.tiles.width(); ++x) {
      const Rgb c = colour[static_cast<uint8_t>(row[x])];
      for (int k = 0; k < s; ++k, px += 3) std::memcpy(px, c.data(), 3);
    }
    for (int r = 1; r < s; ++r) std::memcpy(first + static_cast<size_t>(r) * stride, first, stride);
  }
  for (int y = 0; s >= 6 && y < d.tiles.height(); ++y)
    for (int x = 0; x < d.tiles.width(); ++x) {
      const Terrain t = d.tiles(x, y);
      // From 6 pixels a tile, side-view tiles are drawn as what they are, over air (floor): a
      // ladder as two rails and rungs, a platform as a plank along the tile's top.
      if (is_side_view_terrain(t)) {
        img.fill_rect(x * s, y * s, s, s, terrain_colour(Terrain::Floor));
        if (t == Terrain::Platform) {
          img.fill_rect(x * s, y * s, s, std::max(2, s / 3), terrain_colour(t));
        } else {
          const int rail = std::max(1, s / 8);
          img.fill_rect(x * s + s / 6, y * s, rail, s, terrain_colour(t));
          img.fill_rect(x * s + s - s / 6 - rail, y * s, rail, s, terrain_colour(t));
          for (int r = s / 4; r < s; r += s / 2)
            img.fill_rect(x * s + s / 6, y * s + r, s - 2 * (s / 6), rail, terrain_colour(t));
        }
      }
    }
  for (const LockedDoor& l : d.locks)
    if (d.tiles.in_bounds(l.pos)) draw_locked_door(img, l, s);
  for (const ProgressionDoor& g : d.doors)
    if (d.tiles.in_bounds(g.pos)) draw_progression_door(img, g, s);
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
