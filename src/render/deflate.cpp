// Deflate with fixed Huffman codes (RFC 1951, section 3.2.6) in a zlib wrapper (RFC 1950).
//
// Matching is greedy. At each position two candidates are tried: the run of the previous byte
// (distance 1: the zeros of PNG-filtered flat rows) and the last position with the same 4-byte
// hash (distance up to 32 KiB: repeated pixels and rows); the longer wins, distance 1 on a tie.
// Positions inside a match are not hashed, which keeps the pass linear and fast. Everything is
// integer arithmetic over the input alone, so the output is the same everywhere.
#include "render/deflate.hpp"

#include <array>
#include <bit>
#include <cstring>

namespace catacomb::detail {
namespace {

constexpr size_t kWindow = 32768;
constexpr size_t kMinMatch = 3;
constexpr size_t kMaxMatch = 258;
constexpr int kHashBits = 15;

constexpr std::array<uint16_t, 29> kLengthBase = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                                  31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<uint8_t, 29> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                  2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<uint16_t, 30> kDistBase = {1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                                                33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                                                1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<uint8_t, 30> kDistExtra = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

// Which length code (0-based from 257) covers each match length, and which distance code each
// distance up to 32768 (by table for distances up to 256, by base search above).
constexpr std::array<uint8_t, kMaxMatch + 1> kLengthCode = [] {
  std::array<uint8_t, kMaxMatch + 1> t{};
  for (size_t len = kMinMatch; len <= kMaxMatch; ++len) {
    size_t c = 0;
    while (c + 1 < kLengthBase.size() && kLengthBase[c + 1] <= len) ++c;
    t[len] = static_cast<uint8_t>(c);
  }
  return t;
}();

// The distance code of each distance 1-256 by table; above, of (dist - 1) >> 7, which shares its
// code with every distance in the same 128-wide step (codes 16-29 start at 257 + k * 128 ...).
uint8_t distance_code_slow(size_t dist) {
  size_t c = 0;
  while (c + 1 < kDistBase.size() && kDistBase[c + 1] <= dist) ++c;
  return static_cast<uint8_t>(c);
}
const std::array<uint8_t, 512> kDistCode = [] {
  std::array<uint8_t, 512> t{};
  for (size_t d = 1; d <= 256; ++d) t[d] = distance_code_slow(d);
  // Entry 256 + k: the code of distances 128 * k + 1 to 128 * (k + 1), k >= 2.
  for (size_t k = 2; k < 256; ++k) t[256 + k] = distance_code_slow(128 * k + 1);
  return t;
}();

uint8_t distance_code(size_t dist) { return dist <= 256 ? kDistCode[dist] : kDistCode[256 + ((dist - 1) >> 7)]; }

uint32_t reverse_bits(uint32_t code, int n) {
  uint32_t r = 0;
  for (int i = 0; i < n; ++i) r |= ((code >> i) & 1u) << (n - 1 - i);
  return r;
}

// The fixed literal/length code of each symbol 0-287, bit-reversed for the LSB-first stream.
struct FixedCode {
  uint16_t bits;
  uint8_t length;
};
const std::array<FixedCode, 288> kFixed = [] {
  std::array<FixedCode, 288> t{};
  for (uint32_t s = 0; s < 288; ++s) {
    uint32_t code = 0;
    int n = 0;
    if (s < 144) {
      code = 0x30 + s, n = 8;
    } else if (s < 256) {
      code = 0x190 + (s - 144), n = 9;
    } else if (s < 280) {
      code = s - 256, n = 7;
    } else {
      code = 0xC0 + (s - 280), n = 8;
    }
    t[s] = {static_cast<uint16_t>(reverse_bits(code, n)), static_cast<uint8_t>(n)};
  }
  return t;
}();

class BitWriter {
 public:
  explicit BitWriter(std::vector<uint8_t>& out) : out_(out) {}
  void put(uint32_t bits, int n) {  // n <= 24
    acc_ |= static_cast<uint64_t>(bits) << used_;
    used_ += n;
    while (used_ >= 8) {
      out_.push_back(static_cast<uint8_t>(acc_));
      acc_ >>= 8;
      used_ -= 8;
    }
  }
  void flush() {
    if (used_ > 0) out_.push_back(static_cast<uint8_t>(acc_));
    acc_ = 0;
    used_ = 0;
  }

 private:
  std::vector<uint8_t>& out_;
  uint64_t acc_ = 0;
  int used_ = 0;
};

// Each 5-bit distance code, bit-reversed.
const std::array<uint8_t, 32> kReversed5 = [] {
  std::array<uint8_t, 32> t{};
  for (uint32_t c = 0; c < 32; ++c) t[c] = static_cast<uint8_t>(reverse_bits(c, 5));
  return t;
}();

void literal(BitWriter& bw, uint8_t byte) { bw.put(kFixed[byte].bits, kFixed[byte].length); }

void match(BitWriter& bw, size_t length, size_t dist) {
  const uint8_t lc = kLengthCode[length];
  const FixedCode& sym = kFixed[257u + lc];
  bw.put(sym.bits, sym.length);
  if (kLengthExtra[lc] > 0) bw.put(static_cast<uint32_t>(length - kLengthBase[lc]), kLengthExtra[lc]);
  const uint8_t dc = distance_code(dist);
  bw.put(kReversed5[dc], 5);
  if (kDistExtra[dc] > 0) bw.put(static_cast<uint32_t>(dist - kDistBase[dc]), kDistExtra[dc]);
}

uint32_t hash4(const uint8_t* p) {
  const uint32_t v = uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
  return (v * 2654435761u) >> (32 - kHashBits);
}

// How many bytes a and b have in common from the start, at most `limit`: eight at a time (the
// first differing byte is the lowest set byte of the XOR on a little-endian machine, the highest
// on a big-endian one), then one at a time.
size_t common_length(const uint8_t* a, const uint8_t* b, size_t limit) {
  size_t n = 0;
  while (n + 8 <= limit) {
    uint64_t x = 0, y = 0;
    std::memcpy(&x, a + n, 8);
    std::memcpy(&y, b + n, 8);
    if (const uint64_t diff = x ^ y; diff != 0) {
      if constexpr (std::endian::native == std::endian::little)
        return n + static_cast<size_t>(std::countr_zero(diff)) / 8;
      else return n + static_cast<size_t>(std::countl_zero(diff)) / 8;
    }
    n += 8;
  }
  while (n < limit && a[n] == b[n]) ++n;
  return n;
}

// Adler-32 (RFC 1950) a block at a time: over bytes d[0..n) from (a, b), a gains the sum of
// the bytes and b gains n * a plus each byte weighted by how many sums it enters (n - k for
// d[k]), the same numbers as adding byte by byte. Two independent sums the compiler can
// vectorise, where the byte-by-byte form is one chain of dependent additions.
uint32_t adler32(const uint8_t* data, size_t size) {
  constexpr uint64_t kMod = 65521;
  uint64_t a = 1, b = 0;
  while (size > 0) {
    const size_t chunk = size < 4096 ? size : 4096;
    uint32_t sum = 0, weighted = 0;  // at most 255 * 4096 * 4097 / 2 < 2^32
    for (size_t k = 0; k < chunk; ++k) {
      sum += data[k];
      weighted += static_cast<uint32_t>(chunk - k) * data[k];
    }
    b = (b + chunk * a + weighted) % kMod;
    a = (a + sum) % kMod;
    data += chunk;
    size -= chunk;
  }
  return static_cast<uint32_t>(b << 16 | a);
}

}  // namespace

std::vector<uint8_t> zlib_compress(const uint8_t* data, size_t size) {
  std::vector<uint8_t> out;
  out.reserve(size / 8 + 64);
  out.push_back(0x78);  // deflate, 32 KiB window
  out.push_back(0x01);  // no dictionary, fastest; (0x78 * 256 + 0x01) % 31 == 0
  BitWriter bw(out);
  bw.put(1, 1);  // BFINAL: the only block
  bw.put(1, 2);  // BTYPE 01: fixed Huffman codes

  std::vector<int64_t> last(size_t{1} << kHashBits, -1);
  size_t i = 0;
  while (i < size) {
    const size_t limit = size - i < kMaxMatch ? size - i : kMaxMatch;
    size_t best_len = 0, best_dist = 0;
    if (i > 0) {
      best_len = common_length(data + i - 1, data + i, limit);  // overlapping: a run of data[i - 1]
      best_dist = 1;
    }
    if (size - i >= 4) {
      const uint32_t h = hash4(data + i);
      const int64_t cand = last[h];
      last[h] = static_cast<int64_t>(i);
      if (cand >= 0 && i - static_cast<size_t>(cand) <= kWindow && i - static_cast<size_t>(cand) > 1) {
        const size_t len = common_length(data + cand, data + i, limit);
        if (len > best_len) {
          best_len = len;
          best_dist = i - static_cast<size_t>(cand);
        }
      }
    }
    if (best_len >= kMinMatch) {
      match(bw, best_len, best_dist);
      i += best_len;
    } else {
      literal(bw, data[i]);
      ++i;
    }
  }
  bw.put(kFixed[256].bits, kFixed[256].length);  // end of block
  bw.flush();
  const uint32_t adler = adler32(data, size);
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<uint8_t>(adler >> shift));
  return out;
}

}  // namespace catacomb::detail
