#pragma once
// Internal to pathing/: the map Jump Point Search scans (jps.cpp), built once per set_map.
// Bit lines: 64 cells per word with one blocked cell of padding all around, rows for horizontal
// jumps and a transposed copy for vertical ones, each with the "event" bits where a straight
// scan must stop (a blocked cell, or a passable cell with a forced neighbour). Per cell, a
// 16-bit mask of forced neighbours and legal steps, from the move rule (moves.hpp), and per
// diagonal the cells a diagonal walk passes without a scan finding anything. Memory: 10 bits per
// cell of lines, 2 bytes per cell of masks. Nothing here is public API.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/pathing/moves.hpp>

namespace catacomb::detail {

inline constexpr uint64_t kAllOnes = ~uint64_t{0};

inline bool test_bit(const uint64_t* line, int pos) { return (line[pos >> 6] >> (pos & 63)) & 1; }

// The first set bit of `events` at or after `pos` moving by Step (+1: higher positions, -1:
// lower). Blocked cells are events and both ends of a line are blocked padding, so it exists.
// `opened` tells whether that bit is set in `open` too, found from the two words rather than
// from the position (so that the branch on it need not wait for the bit count).
template <int Step>
inline int first_event(const uint64_t* events, const uint64_t* open, int pos, bool& opened) {
  int wi = pos >> 6;
  if constexpr (Step > 0) {
    uint64_t bits = events[wi] & (kAllOnes << (pos & 63));
    while (bits == 0) bits = events[++wi];
    opened = (bits & (0 - bits) & open[wi]) != 0;  // the lowest event, isolated
    return wi * 64 + std::countr_zero(bits);
  } else {
    uint64_t bits = events[wi] & (kAllOnes >> (63 - (pos & 63)));
    while (bits == 0) bits = events[--wi];
    opened = (bits & open[wi]) > (bits & ~open[wi]);  // the highest event is the open part's
    return wi * 64 + 63 - std::countl_zero(bits);
  }
}

// One orientation of the map: lines of `words` words each (64 positions per word).
// open: the cell is passable. forward / backward: where a scan moving towards higher / lower
// positions must stop: a blocked cell, or a passable cell with a forced neighbour (a
// neighbouring line passable here and blocked one step back).
struct BitLines {
  int words = 0;
  std::vector<uint64_t> open, forward, backward;

  size_t offset(int l) const { return static_cast<size_t>(l) * static_cast<size_t>(words); }
  const uint64_t* open_line(int l) const { return open.data() + offset(l); }
  bool is_open(int l, int pos) const { return test_bit(open_line(l), pos); }

  void reset(int line_count, int positions) {
    words = (positions + 63) / 64;
    open.assign(static_cast<size_t>(line_count) * static_cast<size_t>(words), 0);
  }
  void set_open(int l, int pos) { open[offset(l) + static_cast<size_t>(pos >> 6)] |= uint64_t{1} << (pos & 63); }
  // Derives forward and backward from open (the padding lines stay all events; never scanned).
  void derive_events();
  // Bit lines like open, where a bit is set when jump<1> (forward_hits) or jump<-1>
  // (backward_hits) from that position, with no target, finds a jump point.
  void derive_hits(std::vector<uint64_t>& forward_hits, std::vector<uint64_t>& backward_hits) const;

  // The jump point reached moving by Step along line l from position pos (not included), or -1
  // for a dead end. `target` (the goal's position if it lies on this line, else -1) is a jump
  // point too.
  template <int Step>
  int jump(int l, int pos, int target) const {
    const uint64_t* events = (Step > 0 ? forward : backward).data() + offset(l);
    bool opened;
    const int p = first_event<Step>(events, open_line(l), pos + Step, opened);
    if constexpr (Step > 0) {
      if (target > pos && target < p) return target;
    } else {
      if (target < pos && target > p) return target;
    }
    return opened ? p : -1;
  }
};

// The moves JPS searches with: its pruning rules (forced neighbours, no forced neighbours after
// a diagonal move) hold for this move rule only. Every legal-step test of JPS is step_allowed
// (moves.hpp) under it.
inline constexpr Moves kJpsMoves{8, DiagonalPolicy::NoCornerCut, kSqrt2};
static_assert(effective_diagonal(kJpsMoves) == DiagonalPolicy::NoCornerCut);

// The diagonal walk tests the rule on bit lines, as "both side cells and the destination open":
// that this is step_allowed under kJpsMoves is checked here, for every diagonal and every cell
// (jps_map.cpp builds the masks and jps.cpp walks the diagonals on that assumption).
inline constexpr bool kJpsDiagonalIsAllThreeOpen = [] {
  for (int d = 4; d < 8; ++d)
    for (int k = 0; k < 8; ++k) {
      const bool to = (k & 1) != 0, a = (k & 2) != 0, b = (k & 4) != 0;
      if (step_allowed(kJpsMoves, d, to, a, b) != (to && a && b)) return false;
    }
  return true;
}();
static_assert(kJpsDiagonalIsAllThreeOpen);

// The whole preprocessed map.
struct JpsMap {
  int width = 0;
  int height = 0;
  // Every scan works in padded coordinates: cell (x, y) is position x + 1 of row line y + 1, and
  // position y + 1 of column line x + 1.
  BitLines rows;  // height + 2 lines of width + 2 positions
  BitLines cols;  // width + 2 lines of height + 2 positions
  // Per cell (index y * width + x), so that an expansion tests bits instead of cells: bit
  // 2 * d + k (0 to 7): a forced neighbour for straight arrival direction d (0 to 3, kDirections)
  // on side k (0: north or west, 1: south or east), i.e. the side cell is passable and the cell
  // behind it blocked; bit 8 + (d - 4): the diagonal step d (4 to 7) is legal; bit 12 + d: the
  // straight step d (0 to 3) is legal.
  std::vector<uint16_t> masks;
  // Per diagonal d (4 to 7, index d - 4), bit lines laid out as rows (line y + 1, position
  // x + 1): the diagonal walk may pass cell (x, y) without stopping, i.e. the step d from it is
  // legal and neither straight scan from the cell it reaches (along d's two components, with no
  // goal on their lines) finds a jump point. One bit per cell and diagonal.
  std::vector<uint64_t> diagonal_pass[4];
  // Weighted maps only (build with cost codes; empty otherwise), laid out as rows: the passable
  // cells next to a passable cell of another cost (8 neighbours). Jump Point Search prunes a
  // cell's moves by comparing paths inside its 3x3 block, which holds only where that block
  // costs the same throughout: such a "cost edge" is an event of every scan (a jump point), the
  // diagonal walk stops on it and it is expanded in every direction. Elsewhere a scan's cells
  // all cost what its first cell does. One bit per cell.
  std::vector<uint64_t> cost_edges;

  /// Builds everything above from a passability grid (non-zero = passable) and, for a weighted
  /// map, each cell's cost code (`codes`, row-major, one per cell, equal codes equal costs;
  /// nullptr: uniform).
  void build(const Grid<uint8_t>& passable, const uint8_t* codes = nullptr);
  // diagonal_pass from rows, a word at a time (part of build).
  void derive_diagonal_pass();
  // cost_edges from the codes, and the edges made events of both orientations (part of build).
  void derive_cost_edges(const uint8_t* codes);

  bool cost_edge(int x, int y) const {
    return !cost_edges.empty() && test_bit(cost_edges.data() + rows.offset(y + 1), x + 1);
  }

  // Cell (x, y) passable; x in [-1, width], y in [-1, height] (the padding reads as blocked).
  bool open_cell(int x, int y) const { return rows.is_open(y + 1, x + 1); }
  uint32_t cell_of(int x, int y) const {
    return static_cast<uint32_t>(y) * static_cast<uint32_t>(width) + static_cast<uint32_t>(x);
  }
  Point point_of(uint32_t c) const {
    const auto w = static_cast<uint32_t>(width);
    return {static_cast<int>(c % w), static_cast<int>(c / w)};
  }
};

}  // namespace catacomb::detail
