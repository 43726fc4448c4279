#pragma once
// The analysis's grid (internal to validate/): the map copied into a grid of one byte of flags
// per cell, padded with one ring of "edge" cells so that neighbour offsets are constants and no
// pass tests bounds, and what its passes share: the flags, bit rows of them, and runs of cells
// united row by row (union-find), in bands of rows. See analysis.cpp.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <catacomb/pathing/moves.hpp>

namespace catacomb::detail::analysis {

enum : uint8_t {
  kPassable = 1u << 0,
  kReached = 1u << 1,    // reachable from the start
  kObjective = 1u << 2,  // an objective (the start's own cell excepted)
  kOnTree = 1u << 3,     // a cell of T: the start, or on an objective's route
  kEdge = 1u << 5,       // the padding ring around the map
  kDeadEnd = 1u << 6,
  kChokepoint = 1u << 7,
};

// Bits of the legal moves out of padded cell i (bit d = direction d of kDirections): the move
// rule's table for the cell's passable neighbours.
inline uint8_t legal_moves_at(const std::vector<uint8_t>& flags, size_t i, const ptrdiff_t (&offset)[8],
                              const std::array<uint8_t, 256>& legal) {
  unsigned open = 0;
  for (int d = 0; d < 8; ++d)
    open |= static_cast<unsigned>(flags[static_cast<size_t>(static_cast<ptrdiff_t>(i) + offset[d])] & kPassable) << d;
  return legal[open];
}

// Bits of 8 flag bytes (bit k = byte k), for the passes that turn flags into bit rows.
inline constexpr uint64_t kByteOnes = 0x0101010101010101u;
inline uint8_t gather_bytes(uint64_t ones) {  // bit 0 of byte k -> bit k
  return static_cast<uint8_t>((ones * 0x0102040810204080u) >> 56);
}
static_assert(kPassable == 1 && kReached == 2 && kOnTree == 8 && kEdge == 32, "the bit tricks below read these bits");

// Cell (x, y) of a w x h map in the grid padded to width pw = w + 2: ((y + 1) * pw + x + 1).
inline size_t padded_index(size_t pw, int x, int y) {
  return (static_cast<size_t>(y) + 1) * pw + static_cast<size_t>(x) + 1;
}
// The index offset of a step in each direction of kDirections, in a grid padded to width pw.
inline void padded_offsets(size_t pw, ptrdiff_t (&offset)[8]) {
  for (int k = 0; k < 8; ++k)
    offset[k] = static_cast<ptrdiff_t>(kDirections[k].y) * static_cast<ptrdiff_t>(pw) + kDirections[k].x;
}

// With ValidateOptions::threads of 2 or more, maps of kTwoThreadCells cells or more
// (two_threads.hpp) have their passes split between two threads by bands of rows (each writes
// only its own rows' flags, and the two halves of a union-find are joined along the seam row);
// the same answers.

// --- runs and union-find, for passes 1 and 3 -------------------------------------------------

// A run [x0, x1) of cells of one padded row, and its number in the union-find.
struct Span {
  uint32_t x0, x1, run;
};

// Union-find over runs numbered in row-major order. Roots are linked under the lower number, so
// every parent is below its child and a root is its set's first run. The top bit of a root's
// entry marks its set (an open wall area, a component next to T) and survives unions.
class RunSets {
 public:
  static constexpr uint32_t kMark = 1u << 31;
  static constexpr uint32_t kParent = kMark - 1;
  void reserve(size_t n) { entry_.reserve(n); }
  size_t size() const { return entry_.size(); }
  uint32_t add(bool marked) {
    const auto run = static_cast<uint32_t>(entry_.size());
    entry_.push_back(run | (marked ? kMark : 0));
    return run;
  }
  uint32_t find(uint32_t x) {
    while ((entry_[x] & kParent) != x) {
      const uint32_t gp = entry_[entry_[x] & kParent] & kParent;
      entry_[x] = gp;  // path halving; x is no root, so it carries no mark
      x = gp;
    }
    return x;
  }
  void unite(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    const uint32_t keep = std::min(a, b), gone = std::max(a, b);
    entry_[keep] |= entry_[gone] & kMark;
    entry_[gone] = keep;
  }
  void mark(uint32_t x) { entry_[find(x)] |= kMark; }
  bool is_marked(uint32_t x) { return (entry_[find(x)] & kMark) != 0; }
  bool is_unmarked_root(uint32_t x) const { return entry_[x] == x; }
  // Points every run straight at its root, in one pass (parents come before their children);
  // afterwards marked(x) reads a run's set without a search.
  void flatten() {
    for (size_t x = 0; x < entry_.size(); ++x) {
      const uint32_t p = entry_[x] & kParent;
      if (p != x) entry_[x] = entry_[p] & kParent;  // p is flat already: its entry is its root
    }
  }
  bool marked(uint32_t x) const {  // after flatten
    const uint32_t p = entry_[x] & kParent;
    return (entry_[p] & kMark) != 0;
  }
  // Appends the runs of `other` (a band of rows after this one's), numbered on from this one's:
  // its parents move by the same amount, so each still comes before its child.
  void append(const RunSets& other) {
    const auto offset = static_cast<uint32_t>(entry_.size());
    entry_.reserve(entry_.size() + other.entry_.size());
    for (const uint32_t e : other.entry_) entry_.push_back(((e & kParent) + offset) | (e & kMark));
  }

 private:
  std::vector<uint32_t> entry_;
};

// Unites each run of `here` (one row) with the runs of `above` (the row before) that touch it:
// that overlap it in columns, or (diagonal) overlap it once widened by one column.
inline void unite_touching(const Span* above, size_t n_above, const Span* here, size_t n_here, bool diagonal,
                           RunSets& sets) {
  const uint32_t reach = diagonal ? 1 : 0;
  size_t j = 0;
  for (size_t i = 0; i < n_here; ++i) {
    const Span& s = here[i];
    while (j < n_above && above[j].x1 + reach <= s.x0) ++j;
    for (size_t k = j; k < n_above && above[k].x0 < s.x1 + reach; ++k) sets.unite(above[k].run, s.run);
  }
}

}  // namespace catacomb::detail::analysis
