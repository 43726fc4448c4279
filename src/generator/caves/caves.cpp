// Cellular-automata caves.
//
// Fill: one uniform_real draw per cell in row-major order from the "caves.fill" stream.
// Smoothing: each pass reads one buffer and writes the other (double-buffered), so a cell's new
// value never depends on a neighbour's new value. Out-of-map cells count as wall, and the border
// is forced to wall after every pass. O(width * height) per pass; cave_mask keeps two bit grids
// (width * height / 8 bytes each), the passes themselves a few rows of scratch.
//
// The tests' reference pass (tests/support/reference/smooth_pass_reference.cpp) counts bytes
// cell by cell. The passes here are bit-parallel: rows packed 64 cells per word (BitGrid), and
// the wall count of every cell's window held bit-sliced, one word per binary digit, so that one
// full adder on words adds 64 cells at once:
// - row sums: for every cell, the walls among x-1..x+1 of its row (and, for the variant,
//   x-2..x+2), from the row and its copies shifted one or two cells left and right (bits carried
//   across word boundaries; BitGrid's guard words and padding bits supply the out-of-map walls),
// - column sums: the row sums of the 3 (or 5) rows around the cell added with a carry-save tree,
//   giving the 3x3 count R1 as 4 bit planes (0..9) and the 5x5 count R2 as 5 planes (0..25),
// - "count >= t" evaluated digit by digit from the least significant bit up (t a template
//   argument for the default rule, so it folds to a few ANDs and ORs; masks for the variant).
// Row sums are computed once per row and kept in a ring of 3 (or 5) rows, so each pass reads
// every source row once. cave_mask packs once after the fill, runs every pass on bits, and
// unpacks once. smooth_pass (bytes in, bytes out) streams: it packs each source row just before
// use and unpacks each result row at once, so it needs no full-size bit grid.
// Determinism: integers only after the fill; bitwise operations give the same result on every
// machine and compiler, vectorised or not. The fill compares a 53-bit draw with fill / 100.
#include <catacomb/generator/caves.hpp>

#include <algorithm>
#include <array>
#include <sstream>
#include <utility>

#include <catacomb/core/error.hpp>
#include "generator/caves/bit_grid.hpp"
#include "shared/core/problems.hpp"

namespace catacomb {

using detail::BitGrid;
using detail::pack_row;
using detail::unpack_row;
namespace {

constexpr uint64_t kOnes = ~uint64_t{0};

void force_border(WallMask& m) {
  const int w = m.width(), h = m.height();
  for (int x = 0; x < w; ++x) m(x, 0) = m(x, h - 1) = 1;
  for (int y = 0; y < h; ++y) m(0, y) = m(w - 1, y) = 1;
}

void check_same_shape(int src_w, int src_h, int dst_w, int dst_h) {
  if (src_w != dst_w || src_h != dst_h)
    throw InvalidArgument(FieldProblem{"dst shape", std::to_string(dst_w) + "x" + std::to_string(dst_h),
                                       std::to_string(src_w) + "x" + std::to_string(src_h) + ", src's shape"});
}

// --- bit-sliced arithmetic on words: 64 independent cells per operation -------------------------

inline void full_add(uint64_t a, uint64_t b, uint64_t c, uint64_t& sum, uint64_t& carry) {
  const uint64_t t = a ^ b;
  sum = t ^ c;
  carry = (a & b) | (t & c);
}

inline void half_add(uint64_t a, uint64_t b, uint64_t& sum, uint64_t& carry) {
  sum = a ^ b;
  carry = a & b;
}

// Cell x - d (west) or x + d (east) moved to bit x; p points at the word holding x, with
// readable neighbours p[-1] and p[1] (guard words at the row ends).
template <int D>
inline uint64_t west(const uint64_t* p) {
  return (p[0] << D) | (p[-1] >> (64 - D));
}
template <int D>
inline uint64_t east(const uint64_t* p) {
  return (p[0] >> D) | (p[1] << (64 - D));
}

// "count >= T" per cell, for a count given as bit planes b[0] (least significant) upward and a
// threshold that fits in those planes. From the lowest digit up: with digit t_i of T set the
// count's digit must be set and the lower digits already at least T's; with it clear, either
// suffices. T is a compile-time constant, so this folds to one AND or OR per digit.
template <int T>
inline uint64_t at_least4(uint64_t b0, uint64_t b1, uint64_t b2, uint64_t b3) {
  static_assert(T >= 0 && T < 16);
  uint64_t ge = kOnes;
  ge = (T & 1) ? (b0 & ge) : (b0 | ge);
  ge = (T & 2) ? (b1 & ge) : (b1 | ge);
  ge = (T & 4) ? (b2 & ge) : (b2 | ge);
  ge = (T & 8) ? (b3 & ge) : (b3 | ge);
  return ge;
}

// The same comparison with the threshold's digits as masks (all ones where the digit is set):
// (b & ge) | (~t & (b | ge)) is b & ge when the digit is set and b | ge when it is clear.
inline uint64_t at_least_step(uint64_t ge, uint64_t b, uint64_t t) { return (b & ge) | (~t & (b | ge)); }

// Row sums of one packed row r (guarded, n words): for every cell x, the walls among x-1..x+1 in
// planes h[0..1] (0..3) and, with Wide, among x-2..x+2 in planes h[2..4] (0..5). h[k] is plane k
// (n words), plane 0 the least significant digit.
template <bool Wide>
void row_sums(const uint64_t* r, size_t n, uint64_t* const* h) {
  uint64_t* __restrict h0 = h[0];
  uint64_t* __restrict h1 = h[1];
  for (size_t i = 0; i < n; ++i) {
    const uint64_t* p = r + i;
    const uint64_t w1 = west<1>(p), c = p[0], e1 = east<1>(p);
    uint64_t s, k;
    full_add(w1, c, e1, s, k);
    h0[i] = s;
    h1[i] = k;
    if constexpr (Wide) {
      // x-2..x+2: the x-1..x+1 count (s + 2k) plus the cells two steps away.
      uint64_t s2, k2;
      full_add(s, west<2>(p), east<2>(p), s2, k2);
      h[2][i] = s2;
      h[3][i] = k ^ k2;  // weight 2
      h[4][i] = k & k2;  // weight 4
    }
  }
}

// One result row of the plain rule from the row sums of the rows above (a), at (b) and below (c):
// R1 = a + b + c in planes s0..s3, then R1 >= T.
template <int T>
void combine3(uint64_t* const* a, uint64_t* const* b, uint64_t* const* c, size_t n, uint64_t* __restrict out) {
  const uint64_t *a0 = a[0], *a1 = a[1], *b0 = b[0], *b1 = b[1], *c0 = c[0], *c1 = c[1];
  for (size_t i = 0; i < n; ++i) {
    uint64_t s0, k1, t1, t2, s1, k2;
    full_add(a0[i], b0[i], c0[i], s0, k1);
    full_add(a1[i], b1[i], c1[i], t1, t2);
    half_add(t1, k1, s1, k2);
    out[i] = at_least4<T>(s0, s1, t2 ^ k2, t2 & k2);
  }
}

using Combine3 = void (*)(uint64_t* const*, uint64_t* const*, uint64_t* const*, size_t, uint64_t*);

// R1 >= threshold with the threshold clamped to 0..10: below 0 behaves as 0 (always wall), above
// 9 as 10 (never, R1 <= 9), and both fit the four planes.
Combine3 combine3_for(int threshold) {
  static constexpr std::array<Combine3, 11> kTable = {combine3<0>, combine3<1>, combine3<2>, combine3<3>,
                                                      combine3<4>, combine3<5>, combine3<6>, combine3<7>,
                                                      combine3<8>, combine3<9>, combine3<10>};
  return kTable[static_cast<size_t>(std::clamp(threshold, 0, 10))];
}

// The variant's second half for one result row, from the row sums of the five rows y-2..y+2
// (rows[0..4]): R2 (the 5x5 count) <= open_threshold, i.e. not R2 >= t with t = open_threshold + 1,
// OR-ed into out (which holds R1 >= wall_threshold). tm holds t's five digits as masks.
void or_open(const std::array<uint64_t* const*, 5>& rows, size_t n, const uint64_t* tm, uint64_t* __restrict out) {
  const uint64_t *a0 = rows[0][2], *a1 = rows[0][3], *a2 = rows[0][4];
  const uint64_t *b0 = rows[1][2], *b1 = rows[1][3], *b2 = rows[1][4];
  const uint64_t *c0 = rows[2][2], *c1 = rows[2][3], *c2 = rows[2][4];
  const uint64_t *d0 = rows[3][2], *d1 = rows[3][3], *d2 = rows[3][4];
  const uint64_t *e0 = rows[4][2], *e1 = rows[4][3], *e2 = rows[4][4];
  const uint64_t t0 = tm[0], t1 = tm[1], t2 = tm[2], t3 = tm[3], t4 = tm[4];
  for (size_t i = 0; i < n; ++i) {
    // Five 3-digit numbers (each 0..5) added column by column with full adders, every carry
    // moving to the next column. Column weights 1, 2, 4, 8, 16; the total is at most 25.
    uint64_t x, c1a, c1b, r0;  // weight 1: 5 digits
    full_add(a0[i], b0[i], c0[i], x, c1a);
    full_add(d0[i], e0[i], x, r0, c1b);
    uint64_t y1, y2, c2a, c2b, c2c, r1;  // weight 2: 5 digits + 2 carries
    full_add(a1[i], b1[i], c1[i], y1, c2a);
    full_add(d1[i], e1[i], y1, y2, c2b);
    full_add(c1a, c1b, y2, r1, c2c);
    uint64_t z1, z2, z3, c4a, c4b, c4c, c4d, r2;  // weight 4: 5 digits + 3 carries
    full_add(a2[i], b2[i], c2[i], z1, c4a);
    full_add(d2[i], e2[i], z1, z2, c4b);
    full_add(c2a, c2b, c2c, z3, c4c);
    half_add(z2, z3, r2, c4d);
    uint64_t u, c8a, c8b, r3;  // weight 8: 4 carries
    full_add(c4a, c4b, c4c, u, c8a);
    half_add(u, c4d, r3, c8b);
    const uint64_t r4 = c8a | c8b;  // weight 16: never both, as 32 > 25
    uint64_t ge = kOnes;
    ge = at_least_step(ge, r0, t0);
    ge = at_least_step(ge, r1, t1);
    ge = at_least_step(ge, r2, t2);
    ge = at_least_step(ge, r3, t3);
    ge = at_least_step(ge, r4, t4);
    out[i] |= ~ge;
  }
}

// Border columns to wall and the padding bits kept set, in one result row of n words.
inline void finish_row(uint64_t* out, int width, size_t n, uint64_t padding) {
  out[0] |= 1u;
  out[static_cast<size_t>((width - 1) >> 6)] |= uint64_t{1} << ((width - 1) & 63);
  out[n - 1] |= padding;
}

uint64_t padding_for(int width) { return (width & 63) == 0 ? 0 : kOnes << (width & 63); }

// One smoothing pass over a width x height grid, whatever holds it:
// - source(y) returns packed row y, guarded (readable words -1 and n), for y in [-1, height];
//   rows -1 and height must be all wall. Each returned row is read before the next call.
// - begin(y) returns the n words to write result row y into; end(y) is called once they hold it.
// Result rows are produced in order 1..height-2, then the border rows 0 and height-1. Source
// row y is read once, before result row y - 1 is written (so before result row y is), so the
// result may overwrite the source in place.
template <class Source, class Begin, class End>
void smooth_rows(int width, int height, int wall_threshold, int open_threshold, Source&& source, Begin&& begin,
                 End&& end) {
  const size_t n = static_cast<size_t>((width + 63) / 64);
  const uint64_t padding = padding_for(width);
  if (height >= 3) {
    if (open_threshold < 0) {
      // Ring of the row sums (2 planes) of rows y-1, y, y+1.
      std::vector<uint64_t> scratch(6 * n);
      std::array<std::array<uint64_t*, 2>, 3> planes;
      for (size_t r = 0; r < 3; ++r)
        for (size_t d = 0; d < 2; ++d) planes[r][d] = scratch.data() + (2 * r + d) * n;
      std::array<uint64_t* const*, 3> ring = {planes[0].data(), planes[1].data(), planes[2].data()};
      const Combine3 combine = combine3_for(wall_threshold);
      row_sums<false>(source(0), n, ring[0]);
      row_sums<false>(source(1), n, ring[1]);
      for (int y = 1; y + 1 < height; ++y) {
        row_sums<false>(source(y + 1), n, ring[2]);
        uint64_t* out = begin(y);
        combine(ring[0], ring[1], ring[2], n, out);
        finish_row(out, width, n, padding);
        end(y);
        std::rotate(ring.begin(), ring.begin() + 1, ring.end());
      }
    } else {
      // Ring of the row sums (5 planes) of rows y-2..y+2.
      std::vector<uint64_t> scratch(25 * n);
      std::array<std::array<uint64_t*, 5>, 5> planes;
      for (size_t r = 0; r < 5; ++r)
        for (size_t d = 0; d < 5; ++d) planes[r][d] = scratch.data() + (5 * r + d) * n;
      std::array<uint64_t* const*, 5> ring;
      for (size_t r = 0; r < 5; ++r) ring[r] = planes[r].data();
      const Combine3 combine = combine3_for(wall_threshold);
      const int t = std::min(open_threshold, 25) + 1;  // R2 <= o  <=>  not R2 >= o + 1; 26: never
      std::array<uint64_t, 5> tm;
      for (size_t d = 0; d < 5; ++d) tm[d] = (t >> d) & 1 ? kOnes : 0;
      for (int y = -1; y <= 2; ++y) row_sums<true>(source(y), n, ring[static_cast<size_t>(y + 1)]);
      for (int y = 1; y + 1 < height; ++y) {
        row_sums<true>(source(y + 2), n, ring[4]);
        uint64_t* out = begin(y);
        combine(ring[1], ring[2], ring[3], n, out);  // R1 from the x-1..x+1 sums of rows y-1..y+1
        or_open(ring, n, tm.data(), out);
        finish_row(out, width, n, padding);
        end(y);
        std::rotate(ring.begin(), ring.begin() + 1, ring.end());
      }
    }
  }
  for (int y : {0, height - 1}) {
    uint64_t* out = begin(y);
    std::fill(out, out + n, kOnes);
    end(y);
  }
}

}  // namespace

std::vector<FieldProblem> CaveConfig::problems(int width, int height) const {
  std::vector<FieldProblem> p;
  auto side = [&](const char* name, int v) {
    if (v < kMinCaveSide || v > kMaxSide)
      p.push_back({name, std::to_string(v), std::to_string(kMinCaveSide) + " to " + std::to_string(kMaxSide)});
  };
  side("width", width);
  side("height", height);
  if (!(fill >= 0 && fill <= 100)) p.push_back({"fill", format_number(fill), "0 to 100"});
  if (passes < 0 || passes > 100) p.push_back({"passes", std::to_string(passes), "0 to 100"});
  if (wall_threshold < 0 || wall_threshold > 9)
    p.push_back({"wall_threshold", std::to_string(wall_threshold), "0 to 9"});
  if (open_passes < 0 || open_passes > std::max(passes, 0))
    p.push_back({"open_passes", std::to_string(open_passes), "0 to passes = " + std::to_string(passes)});
  if (open_threshold < 0 || open_threshold > 25)
    p.push_back({"open_threshold", std::to_string(open_threshold), "0 to 25"});
  return p;
}

void CaveConfig::check(int width, int height) const { throw_if_problems(problems(width, height)); }

Params CaveConfig::params() const {
  return {{"fill", fill},
          {"passes", int64_t{passes}},
          {"wall_threshold", int64_t{wall_threshold}},
          {"open_passes", int64_t{open_passes}},
          {"open_threshold", int64_t{open_threshold}}};
}

WallMask random_fill(int width, int height, double fill_percent, Rng& rng) {
  WallMask m(width, height, 0);
  const double p = fill_percent / 100.0;
  for (uint8_t& c : m.cells()) c = rng.uniform_real() < p ? 1 : 0;
  force_border(m);
  return m;
}

void smooth_pass(const WallMask& src, WallMask& dst, int wall_threshold, int open_threshold) {
  check_same_shape(src.width(), src.height(), dst.width(), dst.height());
  // Bytes in, bytes out, streaming: each source row is packed into one guarded row buffer just
  // before its row sums are taken, each result row is unpacked into dst at once.
  const int w = src.width(), h = src.height();
  const size_t n = static_cast<size_t>((w + 63) / 64);
  std::vector<uint64_t> packed(n + 2, kOnes), wall_row(n + 2, kOnes), out(n);
  smooth_rows(
      w, h, wall_threshold, open_threshold,
      [&](int y) -> const uint64_t* {
        if (y < 0 || y >= h) return wall_row.data() + 1;
        pack_row(src.row(y), w, packed.data() + 1);
        return packed.data() + 1;
      },
      [&](int) { return out.data(); }, [&](int y) { unpack_row(out.data(), w, dst.row(y)); });
}

void detail::smooth_pass_bits(const BitGrid& src, BitGrid& dst, int wall_threshold, int open_threshold) {
  check_same_shape(src.width(), src.height(), dst.width(), dst.height());
  smooth_rows(
      src.width(), src.height(), wall_threshold, open_threshold, [&](int y) { return src.row(y); },
      [&](int y) { return dst.row(y); }, [](int) {});
}

namespace {

// The cave as bits: random fill, packed once, every pass on bits.
BitGrid cave_bits(int width, int height, const CaveConfig& config, Rng& rng) {
  config.check(width, height);
  BitGrid a(random_fill(width, height, config.fill, rng));
  BitGrid b(width, height);
  for (int pass = 0; pass < config.passes; ++pass) {
    smooth_pass_bits(a, b, config.wall_threshold, pass < config.open_passes ? config.open_threshold : -1);
    std::swap(a, b);
  }
  return a;
}

}  // namespace

WallMask cave_mask(int width, int height, const CaveConfig& config, Rng& fill) {
  return cave_bits(width, height, config, fill).to_mask();
}

WallMask cave_mask(int width, int height, const CaveConfig& config, uint64_t seed) {
  Rng fill = Rng::stream(seed, streams::kCavesFill);
  return cave_mask(width, height, config, fill);
}

Dungeon generate_caves(int width, int height, const CaveConfig& config, uint64_t seed) {
  Rng fill = Rng::stream(seed, streams::kCavesFill);
  Dungeon d = generate_caves(width, height, config, fill);
  d.seed = seed;
  return d;
}

Dungeon generate_caves(int width, int height, const CaveConfig& config, Rng& fill) {
  const BitGrid m = cave_bits(width, height, config, fill);
  Dungeon d;
  d.tiles = Grid<Terrain>(width, height, Terrain::Wall);
  std::vector<uint8_t> walls(static_cast<size_t>(width));
  for (int y = 0; y < m.height(); ++y) {
    unpack_row(m.row(y), width, walls.data());
    Terrain* out = d.tiles.row(y);
    for (size_t x = 0; x < walls.size(); ++x) out[x] = walls[x] ? Terrain::Wall : Terrain::Floor;
  }
  d.generator = "caves";
  d.params = {{"width", int64_t{width}}, {"height", int64_t{height}}};
  for (auto& kv : config.params()) d.params.push_back(kv);
  return d;
}

}  // namespace catacomb
