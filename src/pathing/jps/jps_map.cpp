// Builds the map Jump Point Search scans (jps_map.hpp): the bit lines with their event bits in
// both orientations, and the per-cell masks of forced neighbours and legal steps.
// Complexity: O(cells) per build, a word at a time for the event bits.
#include "pathing/jps/jps_map.hpp"

#include <array>

namespace catacomb::detail {
namespace {

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

// Transposes a 64x64 bit block: bit j of word i goes to bit i of word j.
void transpose64(uint64_t* a) {
  uint64_t m = 0x00000000FFFFFFFFu;
  for (int j = 32; j != 0; j >>= 1, m ^= m << j)
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k | j] ^= t;
      a[k] ^= t << j;
    }
}

// `to` (bit lines laid out as `to_layout`) = `from` (laid out as `from_layout`, the other
// orientation of the same map) transposed: bit q of line l becomes bit l of line q.
void transpose(const std::vector<uint64_t>& from, const BitLines& from_layout, std::vector<uint64_t>& to,
               const BitLines& to_layout) {
  const size_t from_lines = from.size() / static_cast<size_t>(from_layout.words);
  const size_t to_lines = to_layout.open.size() / static_cast<size_t>(to_layout.words);
  to.assign(to_layout.open.size(), 0);
  uint64_t block[64];
  for (size_t bi = 0; bi * 64 < from_lines; ++bi)
    for (size_t bj = 0; bj < static_cast<size_t>(from_layout.words); ++bj) {
      for (size_t k = 0; k < 64; ++k) {
        const size_t l = bi * 64 + k;
        block[k] = l < from_lines ? from[l * static_cast<size_t>(from_layout.words) + bj] : 0;
      }
      transpose64(block);
      for (size_t k = 0; k < 64; ++k) {
        const size_t l = bj * 64 + k;
        if (l < to_lines) to[l * static_cast<size_t>(to_layout.words) + bi] = block[k];
      }
    }
}

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
  for (int l = 1; l + 1 < lines; ++l) {
    const size_t at = offset(l);
    // Word by word, event by event: the positions from one event up to (not including) the next
    // event ahead take that next event's openness, `ahead` (all ones: open; the padding at the
    // ends is blocked). Without branches: in a ragged map, openness is a coin toss.
    uint64_t ahead = 0;
    for (int w = words - 1; w >= 0; --w) {
      const uint64_t o = open[at + static_cast<size_t>(w)];
      uint64_t events = forward[at + static_cast<size_t>(w)], hits = 0, below_next = kAllOnes;
      while (events != 0) {
        const int b = 63 - std::countl_zero(events);
        hits |= below_next & (kAllOnes << b) & ahead;  // positions b to the next event - 1
        ahead = 0 - ((o >> b) & 1);
        below_next = (uint64_t{1} << b) - 1;
        events &= below_next;
      }
      hits |= below_next & ahead;
      forward_hits[at + static_cast<size_t>(w)] = hits;
    }
    ahead = 0;
    for (int w = 0; w < words; ++w) {
      const uint64_t o = open[at + static_cast<size_t>(w)];
      uint64_t events = backward[at + static_cast<size_t>(w)], hits = 0, above_last = kAllOnes;
      while (events != 0) {
        const int b = std::countr_zero(events);
        const uint64_t to_b = b == 63 ? kAllOnes : (uint64_t{1} << (b + 1)) - 1;
        hits |= above_last & to_b & ahead;  // positions after the last event, up to b
        ahead = 0 - ((o >> b) & 1);
        above_last = ~to_b;
        events &= above_last;
      }
      hits |= above_last & ahead;
      backward_hits[at + static_cast<size_t>(w)] = hits;
    }
  }
}

void JpsMap::build(const Grid<uint8_t>& passable, const uint8_t* codes) {
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
      for (unsigned d = 0; d < 8; ++d) open |= (open_cell(x + kDirections[d].x, y + kDirections[d].y) ? 1u : 0u) << d;
      masks[cell_of(x, y)] = kCellMasks[open];
    }
  cost_edges.clear();
  if (codes) derive_cost_edges(codes);
  derive_diagonal_pass();
}

void JpsMap::derive_cost_edges(const uint8_t* codes) {
  cost_edges.assign(rows.open.size(), 0);
  bool any = false;
  for (int y = 0; y < height; ++y) {
    const uint8_t* row = codes + static_cast<size_t>(y) * static_cast<size_t>(width);
    for (int x = 0; x < width; ++x) {
      if (!open_cell(x, y)) continue;
      bool edge = false;
      for (unsigned d = 0; d < 8 && !edge; ++d) {
        const int nx = x + kDirections[d].x, ny = y + kDirections[d].y;
        edge = open_cell(nx, ny) && codes[cell_of(nx, ny)] != row[x];
      }
      if (edge) {
        cost_edges[rows.offset(y + 1) + static_cast<size_t>((x + 1) >> 6)] |= uint64_t{1} << ((x + 1) & 63);
        any = true;
      }
    }
  }
  if (!any) {  // one cost throughout: the uniform map
    cost_edges.clear();
    return;
  }
  for (size_t i = 0; i < cost_edges.size(); ++i) {
    rows.forward[i] |= cost_edges[i];
    rows.backward[i] |= cost_edges[i];
  }
  std::vector<uint64_t> in_cols;
  transpose(cost_edges, rows, in_cols, cols);
  for (size_t i = 0; i < in_cols.size(); ++i) {
    cols.forward[i] |= in_cols[i];
    cols.backward[i] |= in_cols[i];
  }
}

void JpsMap::derive_diagonal_pass() {
  const int words = rows.words;
  const size_t size = rows.open.size();
  // Word w of a row line moved by one position: bit p holds the line's bit p - 1 (west_of) or
  // p + 1 (east_of).
  auto west_of = [&](const uint64_t* r, int w) { return r[w] << 1 | (w > 0 ? r[w - 1] >> 63 : 0); };
  auto east_of = [&](const uint64_t* r, int w) { return r[w] >> 1 | (w + 1 < words ? r[w + 1] << 63 : 0); };
  // hits[d], in row layout (line y + 1, position x + 1): the straight scan from the cell in
  // direction d (kDirections), with no target, finds a jump point (BitLines::jump >= 0). The
  // vertical ones are found along the columns and transposed.
  std::vector<uint64_t> hits[4];
  rows.derive_hits(hits[0], hits[2]);
  {
    std::vector<uint64_t> south, north;
    cols.derive_hits(south, north);
    transpose(south, cols, hits[1], rows);
    south = {};
    transpose(north, cols, hits[3], rows);
  }
  for (unsigned d = 4; d < 8; ++d) {
    const int dx = kDirections[d].x, dy = kDirections[d].y;
    const uint64_t* hh = hits[kDiagonalParts[d - 4][0]].data();
    const uint64_t* hv = hits[kDiagonalParts[d - 4][1]].data();
    const uint64_t* edges = cost_edges.empty() ? nullptr : cost_edges.data();
    std::vector<uint64_t>& pass = diagonal_pass[d - 4];
    pass.assign(size, 0);
    for (int l = 1; l <= height; ++l) {
      const uint64_t *here = rows.open_line(l), *next = rows.open_line(l + dy);
      const uint64_t *next_h = hh + rows.offset(l + dy), *next_v = hv + rows.offset(l + dy);
      auto along_dx = [&](const uint64_t* r, int w) { return dx > 0 ? east_of(r, w) : west_of(r, w); };
      uint64_t* p = pass.data() + rows.offset(l);
      for (int w = 0; w < words; ++w)  // legal (kJpsDiagonalIsAllThreeOpen), and no scan finds anything
        p[w] = along_dx(here, w) & next[w] & along_dx(next, w) & ~along_dx(next_h, w) & ~along_dx(next_v, w);
      if (edges)  // nor does it land on a cost edge
        for (int w = 0; w < words; ++w) p[w] &= ~along_dx(edges + rows.offset(l + dy), w);
    }
  }
}

}  // namespace catacomb::detail
