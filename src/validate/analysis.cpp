// Map analysis: dead ends, chokepoints and loops in three linear passes over one padded byte grid.
//
// The map is copied into a grid padded with one ring of "edge" cells, so that neighbour offsets
// are constants and no pass tests bounds. One byte of flags per cell records what each pass
// learns (passable, reached, objective, ...).
//
// Pass 1, an iterative Tarjan DFS from the start (no recursion: maps go up to 16384x16384, and a
// serpentine cave makes the DFS as deep as the cave is large). Each cell gets its discovery time
// and low link; the moves out of a cell are computed once, when it is reached, and tried one bit
// at a time. The cell being worked on keeps its low link and untried moves in registers; each
// ancestor keeps them in its 8-byte stack frame (beside its index), so there is no per-cell array
// of untried moves. Moves along the row come first, so that in open areas the DFS sweeps rows as
// the grid lies in memory. A reached cell with exactly one legal move (the move rule of
// pathing/moves.hpp, as the router applies it) is a dead end.
//
// Which graph: the DFS walks orthogonal moves only, unless the policy is Always. Under
// NoCornerCut and OneFree a legal diagonal step always has a passable corner cell between its
// ends, so its ends are already joined through that corner, and walling up the corner (when it
// was the only free one) takes the diagonal step away with it. Removing a cell therefore cuts
// exactly what it cuts in the 4-neighbour graph, while the diagonal edges of the 8-neighbour
// graph would wrongly survive the removal of their corner. Under Always a diagonal step needs no
// corner: the 8-neighbour graph is the right one. Legal moves are symmetric under every policy,
// so either graph is undirected.
//
// Chokepoints: when a child c of v is finished, v separates c's subtree from the start exactly
// when low[c] >= disc[v]; v is then a chokepoint if that subtree holds an objective. That flag
// ("the subtree holds an objective") is passed up as children finish: the same as walking the
// DFS-tree parent chain from each objective to the start and testing every (ancestor, child) pair
// on it, without storing parents. The tree edge back to the parent is not tried: it would only
// lower low[c] to disc[v], which changes neither the test (>=) nor low[v] (<= disc[v] already).
//
// Pass 2, row-major: dead ends and chokepoints read off the flags, so both lists are sorted.
// Pass 3, the 8-connected impassable areas that touch neither the edge ring nor any passable cell
// the DFS did not reach, by runs and union-find over bit rows of the flags (64 cells a word), row
// by row as pathing/regions.cpp labels regions, but with no label grid: each wall run keeps only
// its union-find parent, and a root whether its area is open.
//
// Complexity: O(cells) time. Memory: 5 bytes per cell (flags, discovery time) plus 8 bytes per
// level of DFS stack depth (the cell, its low link and its untried moves); then the flags and 4
// bytes per wall run (at most 2 per cell). Determinism: integers only.
#include <catacomb/validate/analysis.hpp>

#include <algorithm>
#include <optional>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <memory>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/moves.hpp>
#include "core/large_pages.hpp"
#include "core/portable.hpp"
#include "pathing/bit_runs.hpp"

namespace catacomb {
namespace {

enum : uint8_t {
  kPassable = 1u << 0,
  kReached = 1u << 1,     // visited by the DFS from the start
  kObjective = 1u << 2,   // an objective (the start's own cell excepted)
  kHoldsGoal = 1u << 3,   // the DFS subtree of this cell holds an objective
  kEdge = 1u << 5,        // the padding ring around the map
  kDeadEnd = 1u << 6,
  kChokepoint = 1u << 7,
};

// The DFS tries a cell's moves in this order (directions of kDirections): along the row first,
// so that in open areas it sweeps row after row, as the grid lies in memory, instead of
// spiralling. Which order it takes changes no result (articulation points do not depend on it).
constexpr int kDfsDirection[8] = {0, 2, 1, 3, 4, 5, 6, 7};  // east, west, south, north, diagonals

// Legal-move bits (bit d = direction d) -> the DFS's moves, bit k = kDfsDirection[k]: the
// orthogonal moves only (walk 0x0F), or all (0xFF).
using DfsOrder = std::array<uint8_t, 256>;
constexpr DfsOrder dfs_order(unsigned walk) {
  DfsOrder t{};
  for (unsigned legal = 0; legal < 256; ++legal) {
    unsigned bits = 0;
    for (unsigned k = 0; k < 8; ++k)
      if (legal & walk & (1u << kDfsDirection[k])) bits |= 1u << k;
    t[legal] = static_cast<uint8_t>(bits);
  }
  return t;
}
constexpr DfsOrder kDfsOrder[2] = {dfs_order(0x0F), dfs_order(0xFF)};

// An ancestor of the cell the DFS works on: the ancestor's cell, its low link, and its moves not
// tried yet, 8 bytes in all. A padded cell index is below 16386^2 < 2^29 and a discovery time
// below 16384^2 = 2^28, which leaves 3 + 4 bits. The moves not tried come after the move to the
// child being explored, so their lowest bit (DFS order) is never set: 7 bits hold them. A cell's
// low link is needed only while the cell is on the stack (a finished cell passes it to its
// parent; an edge to a cell already reached reads that cell's discovery time), so it lives here,
// not in a per-cell array.
static_assert(static_cast<uint64_t>(kMaxSide + 2) * (kMaxSide + 2) < (uint64_t{1} << 29));
static_assert(static_cast<uint64_t>(kMaxSide) * kMaxSide <= (uint64_t{1} << 28));
struct Frame {
  uint32_t cell_bits;  // cell, and untried moves 1-3 in bits 29-31
  uint32_t low_bits;   // low link, and untried moves 4-7 in bits 28-31
  static Frame pack(size_t cell, uint32_t low, unsigned untried) {
    return {static_cast<uint32_t>(cell) | ((untried >> 1) & 7u) << 29, low | (untried >> 4) << 28};
  }
  size_t cell() const { return cell_bits & ((1u << 29) - 1); }
  uint32_t low() const { return low_bits & ((1u << 28) - 1); }
  unsigned untried() const { return ((cell_bits >> 29) << 1) | ((low_bits >> 28) << 4); }
};

// Bits of the legal moves out of padded cell i (bit d = direction d of kDirections): the move
// rule's table for the cell's passable neighbours.
uint8_t legal_moves_at(const std::vector<uint8_t>& flags, size_t i, const ptrdiff_t (&offset)[8],
                       const std::array<uint8_t, 256>& legal) {
  unsigned open = 0;
  for (int d = 0; d < 8; ++d)
    open |= static_cast<unsigned>(flags[static_cast<size_t>(static_cast<ptrdiff_t>(i) + offset[d])] & kPassable) << d;
  return legal[open];
}

// --- pass 3: enclosed wall areas ---------------------------------------------------------------

// Bits of 8 flag bytes (bit k = byte k): cells that are walls (neither passable nor the edge
// ring), and cells that open a wall area they touch (the edge ring, or passable and not
// reached). Padding bytes are exactly kEdge, and kEdge never meets kPassable.
constexpr uint64_t kByteOnes = 0x0101010101010101u;
inline uint8_t gather_bytes(uint64_t ones) {  // bit 0 of byte k -> bit k
  return static_cast<uint8_t>((ones * 0x0102040810204080u) >> 56);
}
static_assert(kPassable == 1 && kReached == 2 && kEdge == 32, "the bit tricks below read these bits");

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

// Wall areas (8-connected) of the padded flags grid (pw x ph, after the DFS) that touch neither
// the edge ring nor a passable cell the DFS did not reach: by runs and union-find, row by row.
// Each row's wall runs that touch an opening cell (in the row or the rows above and below, one
// column either side) open their area; each run is united with the runs of the row above that
// touch it diagonally or straight. A run's union-find entry holds its parent's index, and on a
// root kAreaOpen when the area is open. Memory: 4 bytes per wall run (at most half a row's cells
// are runs) and a few rows of bits.
int count_enclosed_wall_areas(const uint8_t* flags, size_t pw, size_t ph) {
  constexpr uint32_t kAreaOpen = 1u << 31;
  constexpr uint32_t kParent = kAreaOpen - 1;
  const size_t nwords = (pw + 63) / 64;
  // Rows y - 1, y and y + 1 of wall and opening bits (by y mod 3), and the opened walls of row y.
  std::vector<uint64_t> bits(7 * nwords);
  uint64_t* wall[3] = {bits.data(), bits.data() + nwords, bits.data() + 2 * nwords};
  uint64_t* open[3] = {bits.data() + 3 * nwords, bits.data() + 4 * nwords, bits.data() + 5 * nwords};
  uint64_t* opened = bits.data() + 6 * nwords;
  struct Span {
    uint32_t x0, x1, run;
  };
  std::vector<Span> above, here;
  std::vector<uint32_t> area;
  // At most one run per two cells of a row (the edge columns are never walls): reserved once, so
  // the list never doubles and copies itself (pages are touched only as far as it fills).
  area.reserve((ph - 2) * (pw / 2));
  auto find = [&](uint32_t x) {
    while ((area[x] & kParent) != x) {
      const uint32_t gp = area[area[x] & kParent] & kParent;
      area[x] = gp;  // path halving; x is no root, so it carries no kAreaOpen
      x = gp;
    }
    return x;
  };
  wall_and_open_bits(flags, pw, wall[0], open[0]);
  wall_and_open_bits(flags + pw, pw, wall[1], open[1]);
  for (size_t y = 1; y + 1 < ph; ++y) {
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
      const auto run = static_cast<uint32_t>(area.size());
      area.push_back(run | (any_bit(opened, x0, x1) ? kAreaOpen : 0));
      here.push_back({x0, x1, run});
    });
    // Unite each run with the runs above it that touch it (8-connectivity: overlapping once
    // widened by one column). Roots are linked under the lower index, which keeps the open bit.
    size_t j = 0;
    for (const Span& s : here) {
      while (j < above.size() && above[j].x1 < s.x0) ++j;
      uint32_t root = s.run;
      for (size_t k = j; k < above.size() && above[k].x0 <= s.x1; ++k) {
        uint32_t r = find(above[k].run);
        if (r == root) continue;
        uint32_t keep = std::min(r, root), gone = std::max(r, root);
        area[keep] |= area[gone] & kAreaOpen;
        area[gone] = keep;
        root = keep;
      }
    }
    std::swap(above, here);
  }
  int enclosed = 0;
  for (size_t i = 0; i < area.size(); ++i)
    if (area[i] == i) ++enclosed;  // a root without kAreaOpen
  return enclosed;
}

}  // namespace

MapAnalysis analyse_map(const Dungeon& d, const ValidationReport& report, const ValidateOptions& options) {
  options.moves.check();
  const Grid<Terrain>& tiles = d.tiles;
  const int w = tiles.width(), h = tiles.height();
  // A report that kept its maps says which map it is for; the analysis itself needs no labels.
  if (report.region_map) {
    const Grid<int32_t>& labels = report.region_map->labels;
    if (labels.width() != w || labels.height() != h)
      throw InvalidArgument(FieldProblem{
          "report", "the report of a " + std::to_string(labels.width()) + "x" + std::to_string(labels.height()) + " map",
          "the report of this " + std::to_string(w) + "x" + std::to_string(h) + " map"});
  }
  MapAnalysis out;
  if (w == 0 || h == 0) return out;

  // Padded layout: cell (x, y) is at (y + 1) * pw + (x + 1). At most 16386^2 < 2^32 cells.
  const size_t pw = static_cast<size_t>(w) + 2, ph = static_cast<size_t>(h) + 2;
  const size_t n = pw * ph;
  auto pidx = [pw](int x, int y) { return (static_cast<size_t>(y) + 1) * pw + static_cast<size_t>(x) + 1; };
  ptrdiff_t offset[8];
  for (int k = 0; k < 8; ++k)
    offset[k] = static_cast<ptrdiff_t>(kDirections[k].y) * static_cast<ptrdiff_t>(pw) + kDirections[k].x;

  std::array<uint8_t, kTerrainCount> passable{};
  for (Terrain t : kAllTerrains) passable[static_cast<size_t>(t)] = options.costs.passable(t) ? kPassable : 0;
  std::vector<uint8_t> flags;
  detail::reserve_large(flags, n);
  flags.assign(n, kEdge);
  size_t passable_cells = 0;
  for (int y = 0; y < h; ++y) {
    const Terrain* row = tiles.row(y);
    uint8_t* f = flags.data() + pidx(0, y);
    for (int x = 0; x < w; ++x) {
      f[x] = passable[static_cast<size_t>(row[x])];
      passable_cells += f[x];
    }
  }

  // The start, chosen as validation chooses it: the first objective of kind start.
  const std::optional<Point> start = d.find(ObjectiveKind::Start);
  const bool usable_start = start && tiles.in_bounds(*start) && (flags[pidx(start->x, start->y)] & kPassable);

  if (usable_start) {
    const size_t root = pidx(start->x, start->y);
    for (const Objective& o : d.objectives) {
      if (!tiles.in_bounds(o.pos)) continue;
      const size_t i = pidx(o.pos.x, o.pos.y);
      if (i != root && (flags[i] & kPassable)) flags[i] = static_cast<uint8_t>(flags[i] | kObjective);
    }

    // Pass 1: iterative Tarjan DFS. The cell being worked on, its low link and its moves not
    // tried yet live in registers; each of its ancestors has a Frame. disc is left uninitialised,
    // as only reached cells are ever read.
    const std::unique_ptr<uint32_t[]> disc = detail::make_array_for_overwrite<uint32_t>(n);
    detail::advise_large_pages(disc.get(), n * sizeof(uint32_t));  // before the DFS first writes it
    // The DFS can be as deep as there are passable cells: reserved once (pages are touched only
    // as deep as it goes), so the stack never doubles and copies itself.
    std::vector<Frame> stack;
    stack.reserve(passable_cells);
    // The DFS's moves: the orthogonal ones when every legal diagonal step has an open side cell
    // (see the file comment), all legal ones otherwise (Always); as bits in DFS order.
    const DfsOrder& order = kDfsOrder[diagonal_needs_open_side(options.moves) ? 0 : 1];
    ptrdiff_t step[8];
    for (int k = 0; k < 8; ++k) step[k] = offset[kDfsDirection[k]];
    // The move back to the parent, for each move to a child: the tree edge, which the DFS does
    // not try (see the file comment).
    unsigned back_bit[8] = {};
    for (int k = 0; k < 8; ++k)
      for (int j = 0; j < 8; ++j)
        if (step[j] == -step[k]) back_bit[k] = 1u << j;
    const std::array<uint8_t, 256>& legal_table = kLegalMoves[static_cast<size_t>(effective_diagonal(options.moves))];
    uint32_t stamp = 0;  // discovery times start at 0
    // Reaches cell i: its discovery time and flags; returns its moves in DFS order.
    auto reach = [&](size_t i) -> unsigned {
      const uint8_t legal = legal_moves_at(flags, i, offset, legal_table);
      disc[i] = stamp++;
      uint8_t f = static_cast<uint8_t>(flags[i] | kReached);
      if (f & kObjective) f = static_cast<uint8_t>(f | kHoldsGoal);
      if (legal != 0 && (legal & (legal - 1)) == 0) f = static_cast<uint8_t>(f | kDeadEnd);  // one move
      flags[i] = f;
      return order[legal];
    };
    size_t v = root;
    uint32_t low = 0;
    unsigned untried = reach(root);
    for (;;) {
      bool descended = false;
      while (untried != 0) {
        const int k = std::countr_zero(untried);
        untried &= untried - 1;
        const auto wi = static_cast<size_t>(static_cast<ptrdiff_t>(v) + step[k]);
        if (flags[wi] & kReached) {
          low = std::min(low, disc[wi]);
        } else {
          stack.push_back(Frame::pack(v, low, untried));
          v = wi;
          low = stamp;
          untried = reach(wi) & ~back_bit[k];
          descended = true;
          break;
        }
      }
      if (descended) continue;
      // v is finished: back to its DFS parent.
      if (stack.empty()) break;
      const Frame parent = stack.back();
      stack.pop_back();
      const size_t p = parent.cell();
      if (flags[v] & kHoldsGoal) {
        if (p != root && low >= disc[p]) flags[p] = static_cast<uint8_t>(flags[p] | kChokepoint);
        flags[p] = static_cast<uint8_t>(flags[p] | kHoldsGoal);
      }
      v = p;
      low = std::min(parent.low(), low);
      untried = parent.untried();
    }
  }

  // Pass 2: the lists, row-major. Few cells are either: 8 cells at a time are skipped when none
  // of them is.
  for (int y = 0; y < h; ++y) {
    const uint8_t* f = flags.data() + pidx(0, y);
    for (int x0 = 0; x0 < w; x0 += 8) {
      const int x1 = std::min(x0 + 8, w);
      if (x1 - x0 == 8) {
        uint64_t eight;
        std::memcpy(&eight, f + x0, 8);
        if (!(eight & (kByteOnes * (kDeadEnd | kChokepoint)))) continue;
      }
      for (int x = x0; x < x1; ++x) {
        if (f[x] & kDeadEnd) out.dead_ends.push_back({x, y});
        if (f[x] & kChokepoint) out.chokepoints.push_back({x, y});
      }
    }
  }

  // Dead-end rooms: walk the ring around each room once (clockwise, in the padded grid, whose
  // edge cells are never reached) and count the runs of reached cells; a ring reached all round
  // is a room open on every side, not a dead end. O(room perimeters) time.
  for (const Rect& r : d.rooms) {
    if (r.width < 1 || r.height < 1 || r.x < 0 || r.y < 0 || r.x + r.width > w || r.y + r.height > h) continue;
    if (!(flags[pidx(r.x, r.y)] & kReached)) continue;
    std::vector<size_t> ring;
    for (int x = r.x - 1; x <= r.x + r.width; ++x) ring.push_back(pidx(x, r.y - 1));
    for (int y = r.y; y < r.y + r.height; ++y) ring.push_back(pidx(r.x + r.width, y));
    for (int x = r.x + r.width; x >= r.x - 1; --x) ring.push_back(pidx(x, r.y + r.height));
    for (int y = r.y + r.height - 1; y >= r.y; --y) ring.push_back(pidx(r.x - 1, y));
    int runs = 0;
    for (size_t k = 0; k < ring.size(); ++k) {
      const bool on = (flags[ring[k]] & kReached) != 0;
      const bool before = (flags[ring[(k + ring.size() - 1) % ring.size()]] & kReached) != 0;
      if (on && !before) ++runs;
    }
    if (runs == 1) ++out.dead_end_rooms;
  }

  // Pass 3: wall areas. Without a usable start nothing is reached, and every wall area off the
  // edge borders some passable cell, so there is no loop to find.
  if (!usable_start) return out;
  out.loops = count_enclosed_wall_areas(flags.data(), pw, ph);
  return out;
}

}  // namespace catacomb
