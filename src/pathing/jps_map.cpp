// Builds the map Jump Point Search scans (jps_map.hpp): the bit lines with their event bits in
// both orientations, and the per-cell masks of forced neighbours and legal steps.
// Complexity: O(cells) per build, a word at a time for the event bits.
#include "pathing/jps_map.hpp"

#include <array>

namespace catacomb::detail {
namespace {

static_assert(effective_diagonal(kJpsMoves) == DiagonalPolicy::NoCornerCut);
// The diagonal walk tests the rule on bit lines, as "both side cells and the destination open":
// that this is step_allowed under kJpsMoves is checked here, for every diagonal and every cell.
constexpr bool kJpsDiagonalIsAllThreeOpen = [] {
  for (int d = 4; d < 8; ++d)
    for (int k = 0; k < 8; ++k) {
      const bool to = (k & 1) != 0, a = (k & 2) != 0, b = (k & 4) != 0;
      if (step_allowed(kJpsMoves, d, to, a, b) != (to && a && b)) return false;
    }
  return true;
}();
static_assert(kJpsDiagonalIsAllThreeOpen);

// A cell's mask (JpsMap::masks) for each byte of open neighbours (bit d: the neighbour in
// direction d of kDirections is passable): bit 2 * d + k (0 to 7), a forced neighbour for
// straight arrival direction d (0 to 3) on side k (0: north or west, 1: south or east), i.e. the
// side cell is passable and the cell behind it blocked; bits 8 to 11 and 12 to 15, the legal
// diagonal (4 to 7) and straight (0 to 3) steps: the move rule's table under kJpsMoves.
constexpr std::array<uint16_t, 256> kCellMasks = [] {
  const std::array<uint8_t, 256>& legal_moves = kLegalMoves[static_cast<size_t>(effective_diagonal(kJpsMoves))];
  std::array<uint16_t, 256> t{};
  for (unsigned open = 0; open < 256; ++open) {
    // Whether the neighbour at offset (dx, dy), not (0, 0), is passable.
    auto is_open = [open](int dx, int dy) { return (open >> direction_index(dx, dy) & 1u) != 0; };
    unsigned m = 0;
    for (unsigned d = 0; d < 4; ++d) {
      const int dx = kDirections[d].x, dy = kDirections[d].y;
      for (unsigned k = 0; k < 2; ++k) {
        const int side = k == 0 ? -1 : 1;
        // Moving along x, the sides are rows -/+ 1; moving along y, columns -/+ 1.
        const int sx = dy == 0 ? 0 : side, sy = dy == 0 ? side : 0;
        if (is_open(sx, sy) && !is_open(sx - dx, sy - dy)) m |= 1u << (2 * d + k);
      }
    }
    const unsigned legal = legal_moves[open];
    m |= (legal & 0xF0u) << 4 | (legal & 0x0Fu) << 12;
    t[open] = static_cast<uint16_t>(m);
  }
  return t;
}();

}  // namespace

void BitLines::derive_events() {
  forward.assign(open.size(), kAllOnes);
  backward.assign(open.size(), kAllOnes);
  const int lines = static_cast<int>(open.size() / static_cast<size_t>(words));
  for (int l = 1; l + 1 < lines; ++l) {
    const uint64_t *a = open_line(l - 1), *b = open_line(l + 1), *mid = open_line(l);
    for (int w = 0; w < words; ++w) {
      const uint64_t a_prev = w > 0 ? a[w - 1] >> 63 : 0, b_prev = w > 0 ? b[w - 1] >> 63 : 0;
      const uint64_t a_next = w + 1 < words ? a[w + 1] << 63 : 0, b_next = w + 1 < words ? b[w + 1] << 63 : 0;
      const uint64_t fwd = (a[w] & ~((a[w] << 1) | a_prev)) | (b[w] & ~((b[w] << 1) | b_prev));
      const uint64_t bwd = (a[w] & ~((a[w] >> 1) | a_next)) | (b[w] & ~((b[w] >> 1) | b_next));
      forward[offset(l) + static_cast<size_t>(w)] = ~mid[w] | fwd;
      backward[offset(l) + static_cast<size_t>(w)] = ~mid[w] | bwd;
    }
  }
}

void BitLines::derive_hits(std::vector<uint64_t>& forward_hits, std::vector<uint64_t>& backward_hits) const {
  forward_hits.assign(open.size(), 0);
  backward_hits.assign(open.size(), 0);
  const int lines = static_cast<int>(open.size() / static_cast<size_t>(words));
  const int last = words * 64 - 1;
  for (int l = 1; l + 1 < lines; ++l) {
    const uint64_t *o = open_line(l), *fwd = forward.data() + offset(l), *bwd = backward.data() + offset(l);
    uint64_t* fh = forward_hits.data() + offset(l);
    uint64_t* bh = backward_hits.data() + offset(l);
    // Whether the nearest event beyond the position, in the direction of the scan, is open.
    bool ahead_open = false;
    for (int pos = last; pos >= 0; --pos) {
      if (ahead_open) fh[pos >> 6] |= uint64_t{1} << (pos & 63);
      if (test_bit(fwd, pos)) ahead_open = test_bit(o, pos);
    }
    ahead_open = false;
    for (int pos = 0; pos <= last; ++pos) {
      if (ahead_open) bh[pos >> 6] |= uint64_t{1} << (pos & 63);
      if (test_bit(bwd, pos)) ahead_open = test_bit(o, pos);
    }
  }
}

void JpsMap::build(const Grid<uint8_t>& passable) {
  width = passable.width();
  height = passable.height();
  rows.reset(height + 2, width + 2);
  cols.reset(width + 2, height + 2);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (passable(x, y) != 0) {
        rows.set_open(y + 1, x + 1);
        cols.set_open(x + 1, y + 1);
      }
  rows.derive_events();
  cols.derive_events();
  masks.assign(passable.size(), 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      unsigned open = 0;  // bit d: the neighbour in direction d is passable
      for (unsigned d = 0; d < 8; ++d)
        open |= (open_cell(x + kDirections[d].x, y + kDirections[d].y) ? 1u : 0u) << d;
      masks[cell_of(x, y)] = kCellMasks[open];
    }
  // The scans that find a jump point, per straight direction d (kDirections): east and west
  // along rows, south and north along columns.
  std::vector<uint64_t> hits[4];
  rows.derive_hits(hits[0], hits[2]);
  cols.derive_hits(hits[1], hits[3]);
  auto scan_hits = [&](unsigned d, int x, int y) {
    return d % 2 == 0 ? test_bit(hits[d].data() + rows.offset(y + 1), x + 1) : test_bit(hits[d].data() + cols.offset(x + 1), y + 1);
  };
  for (unsigned d = 4; d < 8; ++d) {
    std::vector<uint64_t>& pass = diagonal_pass[d - 4];
    pass.assign(rows.open.size(), 0);
    const auto h = static_cast<unsigned>(kDiagonalParts[d - 4][0]), v = static_cast<unsigned>(kDiagonalParts[d - 4][1]);
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        if (!((masks[cell_of(x, y)] >> (8 + d - 4)) & 1)) continue;  // the step is illegal
        const int nx = x + kDirections[d].x, ny = y + kDirections[d].y;
        if (scan_hits(h, nx, ny) || scan_hits(v, nx, ny)) continue;
        pass[rows.offset(y + 1) + static_cast<size_t>((x + 1) >> 6)] |= uint64_t{1} << ((x + 1) & 63);
      }
  }
}

}  // namespace catacomb::detail
