// BitGrid storage and the byte <-> bit conversions.
//
// Storage: (height + 2) rows of (words + 2) words, guards all ones. Packing and unpacking move 64
// cells at a time with eight 64-bit loads or stores and an 8 x 8 bit transpose: portable integer
// shifts and logic, no lookup table, no target-specific instructions (the compiler may still use
// vector registers). O(width * height).
#include "generator/caves/bit_grid.hpp"

#include <bit>
#include <cstring>
#include <string>

#include <catacomb/core/error.hpp>

namespace catacomb::detail {
namespace {

// The 8-cells-per-word tricks load byte k of a row as bits 8k..8k+7.
static_assert(std::endian::native == std::endian::little, "bit packing assumes a little-endian machine");

constexpr uint64_t kOnes = ~uint64_t{0};
constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
constexpr uint64_t kHigh = 0x8080808080808080ull;
constexpr uint64_t kLow = 0x0101010101010101ull;

inline uint64_t load8(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

// Transposes the 8 x 8 bit matrix whose row r is byte r (bit 8r + c -> bit 8c + r): three rounds
// of delta swaps (Hacker's Delight, 7-3).
inline uint64_t transpose8x8(uint64_t x) {
  uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x = x ^ t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x = x ^ t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  return x ^ t ^ (t << 28);
}

// 64 byte cells -> one word (bit x = cell x). Load j holds cells 8j..8j+7, one per byte; reduced
// to "byte is nonzero" in bit 0 of each byte and shifted by j, the eight loads fill the word with
// cell 8j + k at bit 8k + j: the transpose of the wanted order, which one 8 x 8 transpose fixes.
// Only shifts and logic on whole words, so the compiler can run it on vector registers.
inline uint64_t pack64(const uint8_t* p) {
  uint64_t t = 0;
  for (int j = 0; j < 8; ++j) {
    const uint64_t v = load8(p + 8 * j);
    t |= (((((v & kLow7) + kLow7) | v) & kHigh) >> (7 - j));  // adding 0x7F sets bit 7 of a nonzero byte
  }
  return transpose8x8(t);
}

// One word -> 64 byte cells of 0 or 1: pack64 backwards.
inline void unpack64(uint64_t w, uint8_t* p) {
  const uint64_t t = transpose8x8(w);
  for (int j = 0; j < 8; ++j) {
    const uint64_t v = (t >> j) & kLow;
    std::memcpy(p + 8 * j, &v, 8);
  }
}

uint64_t padding_of(int width) {
  const int used = width & 63;
  return used == 0 ? 0 : kOnes << used;
}

}  // namespace

BitGrid::BitGrid(int width, int height, bool wall) : width_(width), height_(height) {
  check_grid_size(width, height);
  words_ = (width + 63) / 64;
  padding_ = padding_of(width);
  stride_ = static_cast<size_t>(words_) + 2;
  bits_.assign(stride_ * (static_cast<size_t>(height) + 2), kOnes);
  if (!wall)
    for (int y = 0; y < height; ++y) {
      uint64_t* r = row(y);
      for (int i = 0; i < words_; ++i) r[i] = 0;
      r[words_ - 1] = padding_;
    }
}

BitGrid::BitGrid(const Grid<uint8_t>& mask) : BitGrid(mask.width(), mask.height()) {
  for (int y = 0; y < height_; ++y) pack_row(mask.row(y), width_, row(y));
}

Grid<uint8_t> BitGrid::to_mask() const {
  Grid<uint8_t> out(width_, height_, 0);
  unpack(out);
  return out;
}

void BitGrid::unpack(Grid<uint8_t>& out) const {
  if (out.width() != width_ || out.height() != height_)
    throw InvalidArgument(FieldProblem{"mask shape", std::to_string(out.width()) + "x" + std::to_string(out.height()),
                                       std::to_string(width_) + "x" + std::to_string(height_)});
  for (int y = 0; y < height_; ++y) unpack_row(row(y), width_, out.row(y));
}

void pack_row(const uint8_t* cells, int width, uint64_t* words) {
  assert(width >= 1);
  const int full = width / 64;
  for (int i = 0; i < full; ++i) { words[i] = pack64(cells + static_cast<size_t>(i) * 64); }
  const int rest = width - full * 64;
  if (rest > 0) {
    uint64_t w = padding_of(width);
    const uint8_t* p = cells + static_cast<size_t>(full) * 64;
    for (int x = 0; x < rest; ++x) w |= uint64_t{p[x] != 0} << x;
    words[full] = w;
  }
}

void unpack_row(const uint64_t* words, int width, uint8_t* cells) {
  assert(width >= 1);
  const int full = width / 64;
  for (int i = 0; i < full; ++i) { unpack64(words[i], cells + static_cast<size_t>(i) * 64); }
  const int rest = width - full * 64;
  if (rest > 0) {
    const uint64_t w = words[full];
    uint8_t* p = cells + static_cast<size_t>(full) * 64;
    for (int x = 0; x < rest; ++x) p[x] = static_cast<uint8_t>((w >> x) & 1u);
  }
}

}  // namespace catacomb::detail
