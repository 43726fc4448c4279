#pragma once
// Internal (not installed): decoding a Tiled tile layer's data, shared by the .tmj and .tmx
// readers: CSV text, base64, and zlib/gzip inflation bounded by the size the map declares (a
// small file cannot make catacomb allocate more than the map needs). The gids go straight into
// LayerCells, one byte per cell: no array of 4-byte gids is ever made for the whole layer.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace catacomb::detail {

/// The three bits of a gid Tiled uses for flips and rotation (and the fourth, hexagonal
/// rotation); masked off: a flipped tile is still the same terrain.
inline constexpr uint32_t kTiledGidFlags = 0xF0000000u;

/// Most distinct gids one layer may use: every tile of the tilesets (2^20 at most) and the
/// empty cell. A layer with more has a cell that is no tile of a tileset.
inline constexpr size_t kMaxLayerGids = (size_t{1} << 20) + 1;

/// A tile layer's cells as they are decoded, before the gids meet the tilesets: each cell an
/// index into palette(), the distinct gids (flags masked) in the order they first appear. One
/// byte per cell while at most 256 gids are used (catacomb's own tileset has 18 tiles); four
/// for a layer with more. Deterministic: the palette's order is the cells' order.
class LayerCells {
 public:
  /// Starts a layer of `count` cells (the map's width * height, already checked); `what` names
  /// the layer's data in errors.
  void start(size_t count, std::string what);
  /// Appends the cell of `gid` (flags already masked). Throws InvalidArgument past
  /// kMaxLayerGids distinct gids.
  void push(uint32_t gid) {
    if (have_last_ && gid == last_gid_) {
      append(last_slot_);
      return;
    }
    push_new(gid);
  }
  /// Cells appended so far.
  size_t size() const { return wide_.empty() ? narrow_.size() : wide_.size(); }
  /// The distinct gids, in the order they first appear.
  const std::vector<uint32_t>& palette() const { return palette_; }
  /// The palette index of cell `i` (< size()).
  uint32_t index(size_t i) const { return wide_.empty() ? narrow_[i] : wide_[i]; }
  /// Lets every cell go.
  void clear();

 private:
  void append(uint32_t slot) {
    if (wide_.empty()) narrow_.push_back(static_cast<uint8_t>(slot));
    else wide_.push_back(slot);
  }
  void push_new(uint32_t gid);

  std::string what_;
  size_t count_ = 0;
  std::vector<uint8_t> narrow_;
  std::vector<uint32_t> wide_;
  std::vector<uint32_t> palette_;
  std::unordered_map<uint32_t, uint32_t> slot_of_;  // only looked up, never iterated
  uint32_t last_gid_ = 0, last_slot_ = 0;
  bool have_last_ = false;
};

/// Gids from CSV text ("1,2,3,\n4,..."): exactly `count` unsigned decimal values separated by
/// commas, with any whitespace around them, into `out` (started for `count` cells). Throws
/// InvalidArgument naming `what`.
void tiled_gids_from_csv(std::string_view text, size_t count, const std::string& what, LayerCells& out);

/// Gids from base64 text (whitespace ignored) holding `count` little-endian 32-bit values,
/// inflated first when `compression` is "zlib" or "gzip" (empty: none), into `out`. The decoded
/// (inflated) size may not exceed 4 * count bytes, checked as it is produced; it must equal it.
/// Throws InvalidArgument naming `what`, e.g. for "zstd" (not supported) or corrupt data.
void tiled_gids_from_base64(std::string_view text, std::string_view compression, size_t count, const std::string& what,
                            LayerCells& out);

}  // namespace catacomb::detail
