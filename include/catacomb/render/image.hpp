#pragma once
/// RGB images for previews, and PNG encoding (stb_image_write, confined to image.cpp).
#include <catacomb/export.hpp>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/geometry.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// An 8-bit colour: red, green, blue.
using Rgb = std::array<uint8_t, 3>;

/// Largest side of a PNG we write. [Units: pixels]
inline constexpr int kMaxImageSide = 32768;
/// Largest pixel count of a PNG we write (3 bytes each in memory).
inline constexpr int64_t kMaxImagePixels = int64_t{1} << 28;

/// A row-major 8-bit RGB image.
struct Image {
  /// [Units: pixels]
  int width = 0;
  /// [Units: pixels]
  int height = 0;
  std::vector<uint8_t> rgb;  ///< 3 * width * height bytes

  /// Throws InvalidArgument for sides < 1 or beyond kMaxImageSide / kMaxImagePixels.
  Image(int w, int h, Rgb fill = {0, 0, 0});
  Image() = default;
  /// The colour of pixel (x, y) (x the column, y the row). Unchecked: (x, y) must lie inside.
  Rgb get(int x, int y) const;
  /// Sets pixel (x, y) to `c`. Unchecked: (x, y) must lie inside.
  void set(int x, int y, Rgb c);
  /// Fills the pixel rectangle [x, x + w) x [y, y + h), clipped to the image.
  void fill_rect(int x, int y, int w, int h, Rgb c);
  /// Blends `c` over the rectangle with opacity alpha/255, clipped to the image.
  void blend_rect(int x, int y, int w, int h, Rgb c, int alpha);
};

/// Throws InvalidArgument unless a map of width x height tiles drawn at `scale` pixels per tile
/// fits in kMaxImageSide and kMaxImagePixels; `flag` names the option in the message.
void check_image_scale(int width, int height, int scale, const std::string& flag = "scale");

/// Colour of each terrain in previews.
Rgb terrain_colour(Terrain t);
/// Colour of each objective kind's marker.
Rgb objective_colour(ObjectiveKind k);
/// Colour of lock 1 to 9, shared by its locked doors and its keys (magenta for another value).
Rgb lock_colour(int lock);
/// The colour a marker is filled with: a key with a lock in its lock's colour, any other
/// objective in its kind's colour.
Rgb marker_colour(const Objective& o);

/// Options of the plain preview.
struct PreviewOptions {
  /// Pixels per tile. [Limit: 1 to 64, and the image within kMaxImageSide]
  int scale = 4;
};

/// One colour per terrain, `scale` x `scale` pixels per tile, locked doors in their lock's colour
/// (draw_locked_door), objectives drawn as markers (draw_marker; keys in their lock's colour).
Image render_preview(const Dungeon& d, const PreviewOptions& options = {});
/// Whether pixel (x, y) of a `size` x `size` box lies inside the shape that marks objectives of
/// kind `k`: a disc for the start, a square ring (a door) for the exit, a diamond for a key, an
/// upward triangle for treasure, a plus for any other objective, a round ring for a switch.
/// [Limit: size >= 1]
bool marker_shape_covers(ObjectiveKind k, int x, int y, int size);
/// Draws kind `k`'s shape in its colour into the box at (x0, y0), with a one-pixel dark outline
/// around it (inside the box), so it reads on any terrain colour.
void draw_marker_shape(Image& img, int x0, int y0, int size, ObjectiveKind k);
/// The same shape in another colour (a key in its lock's colour).
void draw_marker_shape(Image& img, int x0, int y0, int size, ObjectiveKind k, Rgb colour);

/// Smallest side of an objective marker in previews and thumbnails, whatever the scale. [Units: pixels]
inline constexpr int kMinMarkerSide = 9;

/// Draws the marker of objective `o` onto an image rendered at `scale`: its kind's outlined
/// shape (draw_marker_shape), max(scale, kMinMarkerSide) pixels wide, centred on the cell.
void draw_marker(Image& img, const Objective& o, int scale);
/// Draws a locked door: its cell in its lock's colour, with a door-coloured bar across the
/// middle from scale 4.
void draw_locked_door(Image& img, const LockedDoor& l, int scale);
/// Colour of a progression door kind in previews and legends: a gate the switches' teal, a
/// one-way door amber, a secret door the wall's colour lightened (magenta for another kind).
Rgb progression_door_colour(DoorKind k);
/// Draws a progression door: a gate in teal with bars across (one bar while open when its switch
/// is off), a one-way door as a door with its far half amber (the side it leads to), a secret
/// door as wall with a light square in the middle. From scale 1 each cell gets its colour.
void draw_progression_door(Image& img, const ProgressionDoor& g, int scale);

/// The image as PNG bytes. Throws Error if stb cannot encode it.
std::string encode_png(const Image& img);
/// Encodes and writes atomically. Throws IoError naming the path.
void write_png(const std::string& path, const Image& img);

}  // namespace catacomb
CATACOMB_PUBLIC_END
