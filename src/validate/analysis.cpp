// Map analysis: dead ends, chokepoints and loops in linear passes over one padded byte grid.
//
// The map is copied into a grid padded with one ring of "edge" cells, so that neighbour offsets
// are constants and no pass tests bounds. One byte of flags per cell records what each pass
// learns (passable, reached, objective, ...).
//
// Which graph: the analysis works on orthogonal moves only, unless the policy is Always. Under
// NoCornerCut and OneFree a legal diagonal step always has a passable corner cell between its
// ends, so its ends are already joined through that corner, and walling up the corner (when it
// was the only free one) takes the diagonal step away with it. Removing a cell therefore cuts
// exactly what it cuts in the 4-neighbour graph, while the diagonal edges of the 8-neighbour
// graph would wrongly survive the removal of their corner. Under Always a diagonal step needs no
// corner: the 8-neighbour graph is the right one. Legal moves are symmetric under every policy,
// so either graph (G below) is undirected.
//
// Chokepoints without a search of the whole map. A cell whose removal cuts an objective off
// from the start lies on every route from the start to it, so on any one of them. The tree T is
// the start and the cells of one route in G to each objective the start reaches: the report's
// routes (a diagonal step becomes its free corner and the step on from it), or, for an objective
// whose route the report lacks or that is no route in G, one found by a breadth-first search.
// The passable cells off T fall into the connected components of G - T. Contracting each
// component to one node gives a graph H of T's cells and the components next to them; as no
// component holds a cell of T, a cell of T separates the start from an objective in G exactly
// when it does in H. H is small (a few nodes per cell of T), and an iterative Tarjan search of
// it gives the articulation points whose removal cuts off an objective: when a child c of v is
// finished, v separates c's subtree from the start exactly when low[c] >= disc[v], and v is a
// chokepoint if that subtree holds an objective (passed up as children finish).
//
// Pass 1, the components of G - T, by runs and union-find over bit rows of the flags (64 cells
// a word), as pathing/regions.cpp labels regions; the cells the start reaches are T and the
// components next to it (every route from the start reaches T from a component next to it).
// Pass 2, row-major: dead ends (reached cells with exactly one legal move, under the move rule
// of pathing/moves.hpp as the router applies it; candidates are the cells with at most one
// passable orthogonal neighbour, 8 cells a word) and chokepoints read off the flags, so both
// lists are sorted.
// Pass 3, the 8-connected impassable areas that touch neither the edge ring nor any passable cell
// the start does not reach, by runs and union-find over bit rows of the flags, with no label grid:
// each wall run keeps only its union-find parent, and a root whether its area is open.
//
// Passes 1 to 3 (and the flags) work in two bands of rows, the upper and the lower half: each
// band numbers its runs from 0 and unites them row by row, then the lower band's runs are
// numbered on from the upper's and the runs of the two rows at the seam are united. With
// ValidateOptions::threads of 2 or more and 1M cells or more, each band is one thread's (they
// write only their own rows' flags and their own lists); else they run one after the other.
// The same answers either way.
//
// Complexity: O(cells) time. Memory: 1 byte per cell (the flags) plus 16 bytes per run of
// passable cells off T (its columns, its union-find parent, its root) and O(|T|) for H; then
// 4 bytes per wall run (at most 2 per cell). Determinism: integers only.
#include <catacomb/validate/analysis.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <exception>
#include <optional>
#include <thread>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/moves.hpp>
#include "core/large_pages.hpp"
#include "pathing/bit_runs.hpp"

namespace catacomb {
namespace {

enum : uint8_t {
  kPassable = 1u << 0,
  kReached = 1u << 1,     // reachable from the start
  kObjective = 1u << 2,   // an objective (the start's own cell excepted)
  kOnTree = 1u << 3,      // a cell of T: the start, or on an objective's route
  kEdge = 1u << 5,        // the padding ring around the map
  kDeadEnd = 1u << 6,
  kChokepoint = 1u << 7,
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

// Bits of 8 flag bytes (bit k = byte k), for the passes that turn flags into bit rows.
constexpr uint64_t kByteOnes = 0x0101010101010101u;
inline uint8_t gather_bytes(uint64_t ones) {  // bit 0 of byte k -> bit k
  return static_cast<uint8_t>((ones * 0x0102040810204080u) >> 56);
}
static_assert(kPassable == 1 && kReached == 2 && kOnTree == 8 && kEdge == 32, "the bit tricks below read these bits");

// --- two threads ---------------------------------------------------------------------------------

// With ValidateOptions::threads of 2 or more, maps of this many cells or more have their passes
// split between two threads by bands of rows (each writes only its own rows' flags, and the two
// halves of a union-find are joined along the seam row); the same answers.
constexpr size_t kTwoThreadCells = size_t{1} << 20;

// Runs work(0) on this thread and work(1) on another when `two`, else one after the other;
// throws what either threw.
template <typename Work>
void in_two(bool two, const Work& work) {
  if (!two) {
    work(0);
    work(1);
    return;
  }
  std::exception_ptr failed;
  std::thread other([&] {
    try {
      work(1);
    } catch (...) {
      failed = std::current_exception();
    }
  });
  try {
    work(0);
  } catch (...) {
    other.join();
    throw;
  }
  other.join();
  if (failed) std::rethrow_exception(failed);
}

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
void unite_touching(const Span* above, size_t n_above, const Span* here, size_t n_here, bool diagonal,
                    RunSets& sets) {
  const uint32_t reach = diagonal ? 1 : 0;
  size_t j = 0;
  for (size_t i = 0; i < n_here; ++i) {
    const Span& s = here[i];
    while (j < n_above && above[j].x1 + reach <= s.x0) ++j;
    for (size_t k = j; k < n_above && above[k].x0 < s.x1 + reach; ++k) sets.unite(above[k].run, s.run);
  }
}

// --- pass 1: the components of G - T ---------------------------------------------------------

// Bits of one padded row of flags (`pw` bytes): the passable cells off T.
void off_tree_bits(const uint8_t* f, size_t pw, uint64_t* bits) {
  const size_t nwords = (pw + 63) / 64;
  std::fill(bits, bits + nwords, 0);
  size_t x = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; x + 8 <= pw; x += 8) {
      uint64_t v;
      std::memcpy(&v, f + x, 8);
      bits[x >> 6] |= static_cast<uint64_t>(gather_bytes(v & ~(v >> 3) & kByteOnes)) << (x & 63);
    }
  }
  for (; x < pw; ++x)
    if ((f[x] & (kPassable | kOnTree)) == kPassable) bits[x >> 6] |= uint64_t{1} << (x & 63);
}

// The runs of passable cells off T, row by row, united into the components of G - T.
struct OffTree {
  std::vector<Span> spans;          // row-major
  std::vector<uint32_t> row_start;  // the spans of padded row y: [row_start[y], row_start[y + 1])
  RunSets sets;                     // by span index

  OffTree() = default;
  // On two threads when `two`: the rows split in two bands, each with its own runs, joined
  // along the seam (the same runs, numbers and sets).
  OffTree(const uint8_t* flags, size_t pw, size_t ph, bool diagonal, bool two) : row_start(ph + 1, 0) {
    const size_t mid = ph / 2;
    OffTree lower;  // rows [mid, ph)
    lower.row_start.assign(ph + 1, 0);
    in_two(two, [&](int band) {
      if (band == 0) add_rows(flags, pw, ph, 0, mid, diagonal);
      else lower.add_rows(flags, pw, ph, mid, ph, diagonal);
    });
    const auto offset = static_cast<uint32_t>(spans.size());
    spans.reserve(spans.size() + lower.spans.size());
    for (Span s : lower.spans) spans.push_back({s.x0, s.x1, s.run + offset});
    sets.append(lower.sets);
    for (size_t y = mid; y <= ph; ++y) row_start[y] = lower.row_start[y] + offset;
    if (mid > 0 && mid < ph) {  // the seam: row mid - 1's runs and row mid's
      const uint32_t prev = row_start[mid - 1], here = row_start[mid], next = row_start[mid + 1];
      unite_touching(spans.data() + prev, here - prev, spans.data() + here, next - here, diagonal, sets);
    }
  }

  // The runs of rows [y0, y1), numbered from 0, each united with the runs of the row before it
  // in the band; row_start[y] for those rows.
  void add_rows(const uint8_t* flags, size_t pw, size_t ph, size_t y0, size_t y1, bool diagonal) {
    std::vector<uint64_t> bits((pw + 63) / 64);
    for (size_t y = y0; y < y1; ++y) {
      row_start[y] = static_cast<uint32_t>(spans.size());
      if (y == 0 || y + 1 == ph) continue;  // the edge ring
      off_tree_bits(flags + y * pw, pw, bits.data());
      detail::for_each_run(bits.data(), pw, [&](size_t start, size_t end) {
        spans.push_back({static_cast<uint32_t>(start), static_cast<uint32_t>(end), sets.add(false)});
      });
      if (y == y0) continue;  // the band's first row: joined to the row before by the caller
      const uint32_t prev = row_start[y - 1], here = row_start[y];
      unite_touching(spans.data() + prev, here - prev, spans.data() + here, spans.size() - here, diagonal, sets);
    }
    row_start[y1] = static_cast<uint32_t>(spans.size());
  }

  // The span that holds padded cell (x, y), a passable cell off T.
  uint32_t span_at(size_t x, size_t y) const {
    const Span* first = spans.data() + row_start[y];
    const Span* last = spans.data() + row_start[y + 1];
    const Span* s = std::upper_bound(first, last, x, [](size_t v, const Span& sp) { return v < sp.x0; });
    return static_cast<uint32_t>(s - spans.data()) - 1;
  }
};

// --- H: T's cells and the components next to them --------------------------------------------

// Adjacency lists in one array: the neighbours of node v are at[begin[v] .. begin[v + 1]).
struct Adjacency {
  std::vector<uint32_t> begin, at;
  Adjacency(size_t nodes, const std::vector<std::pair<uint32_t, uint32_t>>& edges) : begin(nodes + 1, 0), at(edges.size()) {
    for (const auto& e : edges) ++begin[e.first + 1];
    for (size_t v = 0; v < nodes; ++v) begin[v + 1] += begin[v];
    std::vector<uint32_t> next(begin.begin(), begin.end() - 1);
    for (const auto& e : edges) at[next[e.first]++] = e.second;
  }
};

// The nodes of H whose removal cuts a node that holds an objective off from `root`: an
// iterative Tarjan search (no recursion: H grows with T, which may be long). A tree edge back to
// the parent is tried like any other edge: it lowers low[c] to disc[v] at most, which changes
// neither the test (>=) nor low[v].
std::vector<uint8_t> cut_off_objectives(const Adjacency& h, uint32_t root, const std::vector<uint8_t>& objective) {
  const size_t nodes = h.begin.size() - 1;
  constexpr uint32_t kUnseen = ~uint32_t{0};
  std::vector<uint32_t> disc(nodes, kUnseen), low(nodes, 0);
  std::vector<uint8_t> holds(objective), cuts(nodes, 0);
  struct Frame {
    uint32_t node, next;  // the node, and the index in h.at of its next edge to try
  };
  std::vector<Frame> stack;
  uint32_t stamp = 0;
  disc[root] = low[root] = stamp++;
  stack.push_back({root, h.begin[root]});
  while (!stack.empty()) {
    Frame& f = stack.back();
    const uint32_t v = f.node;
    if (f.next < h.begin[v + 1]) {
      const uint32_t w = h.at[f.next++];
      if (disc[w] == kUnseen) {
        disc[w] = low[w] = stamp++;
        stack.push_back({w, h.begin[w]});  // f is not used again before this frame is popped
      } else {
        low[v] = std::min(low[v], disc[w]);
      }
      continue;
    }
    stack.pop_back();  // v is finished: back to its parent
    if (stack.empty()) break;
    const uint32_t p = stack.back().node;
    if (holds[v]) {
      if (p != root && low[v] >= disc[p]) cuts[p] = 1;
      holds[p] = 1;
    }
    low[p] = std::min(low[p], low[v]);
  }
  return cuts;
}

// The analysis's view of the map: the padded flags, the graph G's moves, and T.
class Grounds {
 public:
  Grounds(std::vector<uint8_t>& flags, size_t pw, const ptrdiff_t (&offset)[8], const Moves& moves, bool two)
      : flags_(flags),
        pw_(pw),
        two_(two),
        offset_(offset),
        legal_(kLegalMoves[static_cast<size_t>(effective_diagonal(moves))]),
        diagonal_(!diagonal_needs_open_side(moves)),
        walk_(diagonal_ ? 0xFFu : 0x0Fu) {}

  bool diagonal() const { return diagonal_; }
  // The moves of G out of padded cell i (bit d = direction d).
  unsigned moves_at(size_t i) const { return legal_moves_at(flags_, i, offset_, legal_) & walk_; }
  size_t step(size_t i, int d) const { return static_cast<size_t>(static_cast<ptrdiff_t>(i) + offset_[d]); }

  void add_to_tree(size_t i) {
    if (flags_[i] & kOnTree) return;
    flags_[i] = static_cast<uint8_t>(flags_[i] | kOnTree);
    tree_.push_back(static_cast<uint32_t>(i));
  }

  // Adds the cells of `route` (start to objective, padded cells as `pidx` gives them) when it is
  // a route in G from `from` to `to`, a diagonal step becoming its free corner and the step on
  // from there; returns whether it was.
  template <typename Pidx>
  bool add_route(const std::vector<Point>& route, Point from, Point to, int w, int h, const Pidx& pidx) {
    if (route.empty() || route.front() != from || route.back() != to) return false;
    std::vector<size_t> cells;
    for (size_t k = 0; k < route.size(); ++k) {
      const Point p = route[k];
      if (p.x < 0 || p.y < 0 || p.x >= w || p.y >= h || !(flags_[pidx(p.x, p.y)] & kPassable)) return false;
      const size_t i = pidx(p.x, p.y);
      if (k > 0) {
        const Point q = route[k - 1];
        const int d = direction_index(p.x - q.x, p.y - q.y);
        if (d < 0) return false;
        const size_t from_cell = cells.back();
        if (!(moves_at(from_cell) >> d & 1u)) {
          if (d < 4 || diagonal_) return false;
          // A diagonal step in the 4-neighbour graph: through a passable corner.
          const size_t a = step(from_cell, kDiagonalParts[d - 4][0]), b = step(from_cell, kDiagonalParts[d - 4][1]);
          if (flags_[a] & kPassable) cells.push_back(a);
          else if (flags_[b] & kPassable) cells.push_back(b);
          else return false;
        }
      }
      cells.push_back(i);
    }
    for (const size_t i : cells) add_to_tree(i);
    return true;
  }

  // Adds a route in G from `root` to each cell of `targets` that has one: a breadth-first
  // search over the cells the start reaches, stopped once every target is found.
  void add_searched_routes(size_t root, const std::vector<size_t>& targets) {
    constexpr uint8_t kUnseen = 0xFF, kSource = 8;
    std::vector<uint8_t> came(flags_.size(), kUnseen);  // the direction a cell was reached by
    std::vector<uint8_t> wanted(flags_.size(), 0);
    size_t left = 0;
    for (const size_t t : targets) {
      left += wanted[t] ? 0u : 1u;
      wanted[t] = 1;
    }
    std::vector<uint32_t> queue{static_cast<uint32_t>(root)};
    came[root] = kSource;
    for (size_t head = 0; head < queue.size() && left > 0; ++head) {
      const size_t i = queue[head];
      if (wanted[i]) --left;
      for (unsigned bits = moves_at(i); bits != 0; bits &= bits - 1) {
        const int d = std::countr_zero(bits);
        const size_t n = step(i, d);
        if (came[n] != kUnseen) continue;
        came[n] = static_cast<uint8_t>(d);
        queue.push_back(static_cast<uint32_t>(n));
      }
    }
    for (const size_t t : targets) {
      if (came[t] == kUnseen) continue;
      for (size_t i = t; came[i] != kSource; i = step(i, (came[i] + 2) % 4 + (came[i] >= 4 ? 4 : 0))) add_to_tree(i);
    }
  }

  // Flags the chokepoints (the cells of T that cut an objective off from the start) and the
  // cells the start reaches, from the components of G - T. `unrouted` are the objectives whose
  // route the report did not give: those the start reaches get one by a search first.
  void finish(size_t root, const std::vector<size_t>& unrouted) {
    for (bool searched = false;; searched = true) {
      OffTree off(flags_.data(), pw_, flags_.size() / pw_, diagonal_, two_);
      std::sort(tree_.begin(), tree_.end());
      // H's edges: T to T, and T to the components next to it (by a span of theirs for now).
      std::vector<std::pair<uint32_t, uint32_t>> edges, to_span;
      for (uint32_t v = 0; v < tree_.size(); ++v) {
        const size_t i = tree_[v];
        for (unsigned bits = moves_at(i); bits != 0; bits &= bits - 1) {
          const size_t n = step(i, std::countr_zero(bits));
          if (flags_[n] & kOnTree) edges.push_back({v, node_of(n)});
          else to_span.push_back({v, off.span_at(n % pw_, n / pw_)});
        }
      }
      for (const auto& e : to_span) off.sets.mark(e.second);
      if (!searched) {
        std::vector<size_t> lacking;  // reached, and not on T
        for (const size_t i : unrouted)
          if (!(flags_[i] & kOnTree) && off.sets.is_marked(off.span_at(i % pw_, i / pw_))) lacking.push_back(i);
        if (!lacking.empty()) {
          add_searched_routes(root, lacking);  // now every objective the start reaches is on T
          continue;
        }
      }
      connect(root, off, edges, to_span);
      return;
    }
  }

 private:
  uint32_t node_of(size_t cell) const {
    return static_cast<uint32_t>(std::lower_bound(tree_.begin(), tree_.end(), static_cast<uint32_t>(cell)) - tree_.begin());
  }

  // H from its edges, its cut nodes, and the flags they give.
  void connect(size_t root, OffTree& off, std::vector<std::pair<uint32_t, uint32_t>>& edges,
               std::vector<std::pair<uint32_t, uint32_t>>& to_span) {
    const auto t = static_cast<uint32_t>(tree_.size());
    // Each component next to T is a node after T's, numbered by its root span.
    std::vector<uint32_t> roots;
    for (auto& e : to_span) roots.push_back(e.second = off.sets.find(e.second));
    std::sort(roots.begin(), roots.end());
    roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
    for (const auto& e : to_span) {
      const auto c = t + static_cast<uint32_t>(std::lower_bound(roots.begin(), roots.end(), e.second) - roots.begin());
      edges.push_back({e.first, c});
      edges.push_back({c, e.first});
    }
    std::vector<uint8_t> objective(t + roots.size(), 0);
    for (uint32_t v = 0; v < t; ++v) objective[v] = (flags_[tree_[v]] & kObjective) ? 1 : 0;
    const std::vector<uint8_t> cuts = cut_off_objectives(Adjacency(objective.size(), edges), node_of(root), objective);
    for (uint32_t v = 0; v < t; ++v)
      flags_[tree_[v]] = static_cast<uint8_t>(flags_[tree_[v]] | kReached | (cuts[v] ? kChokepoint : 0));
    // The cells the start reaches: T's, and those of the components next to T.
    off.sets.flatten();
    const size_t rows = off.row_start.size() - 1, mid = rows / 2;
    in_two(two_, [&](int band) {  // each band writes its own rows
      for (size_t y = band == 0 ? 0 : mid; y < (band == 0 ? mid : rows); ++y)
        for (uint32_t s = off.row_start[y]; s < off.row_start[y + 1]; ++s)
          if (off.sets.marked(s)) {
            uint8_t* f = flags_.data() + y * pw_;
            for (uint32_t x = off.spans[s].x0; x < off.spans[s].x1; ++x) f[x] = static_cast<uint8_t>(f[x] | kReached);
          }
    });
  }

  std::vector<uint8_t>& flags_;
  size_t pw_;
  bool two_;  // passes over the rows on two threads
  const ptrdiff_t (&offset_)[8];
  const std::array<uint8_t, 256>& legal_;
  bool diagonal_;
  unsigned walk_;
  std::vector<uint32_t> tree_;
};

// --- pass 3: enclosed wall areas ---------------------------------------------------------------

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

// Wall areas (8-connected) of the padded flags grid (pw x ph, after pass 1) that touch neither
// the edge ring nor a passable cell the start does not reach: by runs and union-find, row by row.
// Each row's wall runs that touch an opening cell (in the row or the rows above and below, one
// column either side) open their area; each run is united with the runs of the row above that
// touch it diagonally or straight; a root's mark says its area is open. The rows come in bands
// (two threads take one each), joined along the seam. Memory: 4 bytes per wall run (at most
// half a row's cells are runs) and a few rows of bits.
struct WallBand {
  RunSets area;             // the band's runs, numbered from 0; marked: open
  std::vector<Span> first;  // the runs of the band's first row
  std::vector<Span> last;   // and of its last
};

// The band of interior padded rows [y0, y1) (1 <= y0 <= y1 <= ph - 1).
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

// The enclosed wall areas of two bands of consecutive rows (upper, then lower).
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

}  // namespace

MapAnalysis analyse_map(const Dungeon& d, const ValidationReport& report, const ValidateOptions& options) {
  options.moves.check();
  if (options.threads < 1) throw InvalidArgument(FieldProblem{"threads", std::to_string(options.threads), "at least 1"});
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
  const bool two = options.threads > 1 && n >= kTwoThreadCells;
  auto pidx = [pw](int x, int y) { return (static_cast<size_t>(y) + 1) * pw + static_cast<size_t>(x) + 1; };
  ptrdiff_t offset[8];
  for (int k = 0; k < 8; ++k)
    offset[k] = static_cast<ptrdiff_t>(kDirections[k].y) * static_cast<ptrdiff_t>(pw) + kDirections[k].x;

  std::array<uint8_t, kTerrainCount> passable{};
  for (Terrain t : kAllTerrains) passable[static_cast<size_t>(t)] = options.costs.passable(t) ? kPassable : 0;
  std::vector<uint8_t> flags;
  detail::reserve_large(flags, n);
  flags.assign(n, kEdge);
  in_two(two, [&](int band) {
    for (int y = band == 0 ? 0 : h / 2; y < (band == 0 ? h / 2 : h); ++y) {
      const Terrain* row = tiles.row(y);
      uint8_t* f = flags.data() + pidx(0, y);
      for (int x = 0; x < w; ++x) f[x] = passable[static_cast<size_t>(row[x])];
    }
  });

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
    // T: the start and the report's route to each objective; the objectives without one (not
    // reachable, or a report of other routes) are looked at once the components are known.
    Grounds g(flags, pw, offset, options.moves, two);
    g.add_to_tree(root);
    std::vector<size_t> unrouted;
    for (size_t k = 0; k < d.objectives.size(); ++k) {
      const Point p = d.objectives[k].pos;
      if (!tiles.in_bounds(p)) continue;
      const size_t i = pidx(p.x, p.y);
      if (!(flags[i] & kObjective)) continue;
      const bool routed = k < report.objectives.size() && report.objectives[k].reachable &&
                          g.add_route(report.objectives[k].route, *start, p, w, h, pidx);
      if (!routed) unrouted.push_back(i);
    }
    g.finish(root, unrouted);
  }

  // Pass 2: the lists, row-major, 8 cells at a time. A dead end has at most one passable
  // orthogonal neighbour (each is a legal move): only those cells of the start's are looked at.
  // Pass 3's bands of rows go with it: each thread takes one band of both (the lists of the
  // upper band come first, so they stay row-major).
  const std::array<uint8_t, 256>& legal_table = kLegalMoves[static_cast<size_t>(effective_diagonal(options.moves))];
  auto dead_end = [&](size_t i) {
    const uint8_t legal = legal_moves_at(flags, i, offset, legal_table);
    return legal != 0 && (legal & (legal - 1)) == 0;  // one move
  };
  auto word = [&](size_t i) {
    uint64_t v;
    std::memcpy(&v, flags.data() + i, 8);
    return v;
  };
  std::vector<Point> dead_ends[2], chokepoints[2];
  WallBand walls[2];
  const int row_mid = h / 2;
  const size_t wall_mid = 1 + (ph - 2) / 2;
  if (usable_start) in_two(two, [&](int band) {
    for (int y = band == 0 ? 0 : row_mid; y < (band == 0 ? row_mid : h); ++y) {
      const size_t row = pidx(0, y);
      for (int x0 = 0; x0 < w; x0 += 8) {
        const int x1 = std::min(x0 + 8, w);
        const size_t i0 = row + static_cast<size_t>(x0);
        if (x1 - x0 == 8) {  // reads up to the row's right pad
          const uint64_t here = word(i0);
          const uint64_t sides = (word(i0 + 1) & kByteOnes) + (word(i0 - 1) & kByteOnes) + (word(i0 - pw) & kByteOnes) +
                                 (word(i0 + pw) & kByteOnes);  // 0 to 4 in each byte
          const uint64_t few = ~((sides >> 1) | (sides >> 2)) & kByteOnes;  // at most one
          if (!((here >> 1) & few & kByteOnes) && !(here & (kByteOnes * kChokepoint))) continue;
        }
        for (int x = x0; x < x1; ++x) {
          const size_t i = row + static_cast<size_t>(x);
          if ((flags[i] & kReached) && dead_end(i)) dead_ends[band].push_back({x, y});
          if (flags[i] & kChokepoint) chokepoints[band].push_back({x, y});
        }
      }
    }
    // Pass 3 (below): this band's wall runs.
    wall_band(flags.data(), pw, band == 0 ? 1 : wall_mid, band == 0 ? wall_mid : ph - 1, walls[band]);
  });
  for (int band = 0; band < 2; ++band) {
    out.dead_ends.insert(out.dead_ends.end(), dead_ends[band].begin(), dead_ends[band].end());
    out.chokepoints.insert(out.chokepoints.end(), chokepoints[band].begin(), chokepoints[band].end());
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
  out.loops = join_wall_bands(walls[0], walls[1]);
  return out;
}

}  // namespace catacomb
