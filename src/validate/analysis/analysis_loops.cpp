// Loops: the enclosed wall areas (see analysis_loops.hpp).
#include "validate/analysis/analysis_loops.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

#include "shared/pathing/bit_runs.hpp"

namespace catacomb::detail::analysis {
namespace {

// Bits of 8 flag bytes (bit k = byte k): cells that are walls (neither passable nor the edge
// ring), and cells that open a wall area they touch (the edge ring, or passable and not
// reached). Padding bytes are exactly kEdge, and kEdge never meets kPassable.
// Fills the bit rows `wall` and `open` of one padded row of flags (`pw` bytes).
void wall_and_open_bits(const uint8_t* f, size_t pw, uint64_t* wall, uint64_t* open) {
  const size_t nwords = (pw + 63) / 64;
  std::fill(wall, wall + nwords, 0);
  std::fill(open, open + nwords, 0);
  size_t x = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; x + 8 <= pw; x += 8) {
      uint64_t v;
      std::memcpy(&v, f + x, 8);
      const uint64_t passable_or_edge = v | (v >> 5);  // bit 0 of each byte: passable or edge
      const uint64_t w = ~passable_or_edge & kByteOnes;
      const uint64_t o = passable_or_edge & ~(v >> 1) & kByteOnes;  // ... and not reached
      wall[x >> 6] |= static_cast<uint64_t>(gather_bytes(w)) << (x & 63);
      open[x >> 6] |= static_cast<uint64_t>(gather_bytes(o)) << (x & 63);
    }
  }
  for (; x < pw; ++x) {
    if (!(f[x] & (kPassable | kEdge))) wall[x >> 6] |= uint64_t{1} << (x & 63);
    if ((f[x] & kEdge) || (f[x] & (kPassable | kReached)) == kPassable) open[x >> 6] |= uint64_t{1} << (x & 63);
  }
}

// Whether any bit of [x0, x1) is set.
bool any_bit(const uint64_t* bits, size_t x0, size_t x1) {
  for (size_t k = x0 >> 6; k <= (x1 - 1) >> 6; ++k) {
    uint64_t m = ~uint64_t{0};
    if (k == x0 >> 6) m &= ~uint64_t{0} << (x0 & 63);
    if (k == (x1 - 1) >> 6) m &= ~uint64_t{0} >> (63 - ((x1 - 1) & 63));
    if (bits[k] & m) return true;
  }
  return false;
}

}  // namespace

void wall_band(const uint8_t* flags, size_t pw, size_t y0, size_t y1, WallBand& band) {
  if (y0 >= y1) return;
  const size_t nwords = (pw + 63) / 64;
  // Rows y - 1, y and y + 1 of wall and opening bits (by y mod 3), and the opened walls of row y.
  std::vector<uint64_t> bits(7 * nwords);
  uint64_t* wall[3] = {bits.data(), bits.data() + nwords, bits.data() + 2 * nwords};
  uint64_t* open[3] = {bits.data() + 3 * nwords, bits.data() + 4 * nwords, bits.data() + 5 * nwords};
  uint64_t* opened = bits.data() + 6 * nwords;
  std::vector<Span> above, here;
  // At most one run per two cells of a row (the edge columns are never walls): reserved once, so
  // the list never doubles and copies itself (pages are touched only as far as it fills).
  band.area.reserve((y1 - y0) * (pw / 2));
  wall_and_open_bits(flags + (y0 - 1) * pw, pw, wall[(y0 - 1) % 3], open[(y0 - 1) % 3]);
  wall_and_open_bits(flags + y0 * pw, pw, wall[y0 % 3], open[y0 % 3]);
  for (size_t y = y0; y < y1; ++y) {
    wall_and_open_bits(flags + (y + 1) * pw, pw, wall[(y + 1) % 3], open[(y + 1) % 3]);
    const uint64_t* w = wall[y % 3];
    const uint64_t *o0 = open[(y + 2) % 3], *o1 = open[y % 3], *o2 = open[(y + 1) % 3];
    uint64_t carry = 0;  // bit 63 of the previous word's openings
    for (size_t k = 0; k < nwords; ++k) {
      const uint64_t m = o0[k] | o1[k] | o2[k];
      const uint64_t next = k + 1 < nwords ? (o0[k + 1] | o1[k + 1] | o2[k + 1]) : 0;
      opened[k] = w[k] & (m | (m << 1) | carry | (m >> 1) | (next << 63));
      carry = m >> 63;
    }
    // The row's wall runs (the edge columns are never walls, so every run ends inside the row).
    here.clear();
    detail::for_each_run(w, pw, [&](size_t start, size_t end) {
      const auto x0 = static_cast<uint32_t>(start), x1 = static_cast<uint32_t>(end);
      here.push_back({x0, x1, band.area.add(any_bit(opened, x0, x1))});
    });
    if (y == y0) band.first = here;  // joined to the row before by the caller
    else unite_touching(above.data(), above.size(), here.data(), here.size(), /*diagonal=*/true, band.area);
    std::swap(above, here);
  }
  band.last = std::move(above);
}

int join_wall_bands(WallBand& upper, const WallBand& lower) {
  const auto offset = static_cast<uint32_t>(upper.area.size());
  upper.area.append(lower.area);
  std::vector<Span> first = lower.first;
  for (Span& s : first) s.run += offset;
  unite_touching(upper.last.data(), upper.last.size(), first.data(), first.size(), /*diagonal=*/true, upper.area);
  int enclosed = 0;
  for (size_t i = 0; i < upper.area.size(); ++i)
    if (upper.area.is_unmarked_root(static_cast<uint32_t>(i))) ++enclosed;
  return enclosed;
}

}  // namespace catacomb::detail::analysis
