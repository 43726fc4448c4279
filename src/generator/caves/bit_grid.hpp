#pragma once
/// Internal to generator/ (not installed; the tests and benchmarks use it too): BitGrid, a wall
/// mask packed 64 cells per 64-bit word, the working format of the bit-parallel cellular
/// automaton (caves.cpp), and the smoothing pass on it.
///
/// Cell (x, y) is bit x % 64 (bit 0 = least significant) of word x / 64 of row y; bit 1 = wall,
/// 0 = floor. x = column, y = row, origin top-left, as in Grid.
///
/// Out-of-map counts as wall, and the storage says so, so that kernels read neighbours without a
/// bounds check:
/// - every row is framed by one guard word on each side (row(y)[-1], row(y)[words_per_row()]),
/// - the grid is framed by one guard row above and one below (row(-1), row(height())),
/// - the bits of a row's last word that lie at or past `width` (padding_mask()) are set.
/// Guard words and guard rows are all ones and never change. The padding bits are kept set by
/// every function here; code that writes whole words through row() must keep them set too.
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <catacomb/core/grid.hpp>

namespace catacomb::detail {

/// A wall mask packed 64 cells per word, framed by guard words and rows that read as wall (see
/// the file's comment).
class BitGrid {
 public:
  /// An empty 0 x 0 grid (the default and moved-from state).
  BitGrid() = default;
  /// A width x height grid, every cell wall (`wall` = true) or floor. Throws InvalidArgument for
  /// sides outside [1, kMaxSide].
  BitGrid(int width, int height, bool wall = true);
  /// Packs a byte mask: a nonzero byte is a wall. Throws InvalidArgument for an empty mask.
  explicit BitGrid(const Grid<uint8_t>& mask);

  /// Columns. [Units: cells]
  int width() const { return width_; }
  /// Rows. [Units: cells]
  int height() const { return height_; }
  /// Words that hold one row's cells, ceil(width / 64). [Units: 64-bit words]
  int words_per_row() const { return words_; }
  /// The bits of a row's last word that lie at or past `width` (always set: out-of-map = wall).
  uint64_t padding_mask() const { return padding_; }

  /// First word of row y; y in [-1, height] (-1 and height are the all-wall guard rows). Words
  /// -1 and words_per_row() of every row are all-wall guard words.
  const uint64_t* row(int y) const {
    assert(y >= -1 && y <= height_);
    return bits_.data() + static_cast<size_t>(y + 1) * stride_ + 1;
  }
  /// First word of row y, y in [0, height). Writers keep padding_mask() set in the last word and
  /// never write the guard words.
  uint64_t* row(int y) {
    assert(y >= 0 && y < height_);
    return bits_.data() + static_cast<size_t>(y + 1) * stride_ + 1;
  }

  /// True when (x, y) is wall. Unchecked (asserts in debug builds).
  bool get(int x, int y) const {
    assert(x >= 0 && x < width_);
    return (row(y)[x >> 6] >> (x & 63)) & 1u;
  }
  /// Sets (x, y) to wall or floor. Unchecked (asserts in debug builds).
  void set(int x, int y, bool wall) {
    assert(x >= 0 && x < width_);
    uint64_t& w = row(y)[x >> 6];
    const uint64_t bit = uint64_t{1} << (x & 63);
    w = wall ? (w | bit) : (w & ~bit);
  }

  /// The byte mask (1 = wall, 0 = floor) of the same shape.
  Grid<uint8_t> to_mask() const;
  /// Writes the byte mask (1 = wall, 0 = floor) into `out`, which must have this grid's shape
  /// (throws InvalidArgument otherwise). Reuses out's storage.
  void unpack(Grid<uint8_t>& out) const;

  /// Same shape and same cells (guards and padding are equal by construction).
  friend bool operator==(const BitGrid&, const BitGrid&) = default;

 private:
  int width_ = 0;
  int height_ = 0;
  int words_ = 0;
  uint64_t padding_ = 0;
  size_t stride_ = 0;  // words per stored row: words_ + 2 guard words
  std::vector<uint64_t> bits_;
};

/// Packs `width` byte cells (nonzero = wall) into words [0, ceil(width / 64)) and sets the padding
/// bits of the last word. width >= 1.
void pack_row(const uint8_t* cells, int width, uint64_t* words);
/// Unpacks words into `width` byte cells (1 = wall, 0 = floor). width >= 1.
void unpack_row(const uint64_t* words, int width, uint8_t* cells);

/// One smoothing pass (caves.hpp's smooth_pass) on bit-packed grids, the format cave_mask smooths
/// in (caves.cpp): dst gets exactly the cells smooth_pass would give for src's cells. Any
/// thresholds are accepted (wall_threshold <= 0: every cell wall; > 9: R1 never makes a wall;
/// open_threshold < 0: variant off; >= 25: R2 always makes a wall). dst may be src (in place).
/// Throws InvalidArgument when dst's shape differs from src's.
void smooth_pass_bits(const BitGrid& src, BitGrid& dst, int wall_threshold, int open_threshold = -1);

}  // namespace catacomb::detail
