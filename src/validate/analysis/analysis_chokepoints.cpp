// Chokepoints and the cells the start reaches (see analysis_chokepoints.hpp).
#include "validate/analysis/analysis_chokepoints.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <utility>

#include <catacomb/pathing/moves.hpp>
#include "shared/core/two_threads.hpp"
#include "shared/pathing/bit_runs.hpp"
#include "validate/analysis/analysis_grid.hpp"

namespace catacomb::detail::analysis {
namespace {

// --- the components of G - T -----------------------------------------------------------------

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
  Adjacency(size_t nodes, const std::vector<std::pair<uint32_t, uint32_t>>& edges)
      : begin(nodes + 1, 0), at(edges.size()) {
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
    return static_cast<uint32_t>(std::lower_bound(tree_.begin(), tree_.end(), static_cast<uint32_t>(cell)) -
                                 tree_.begin());
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

}  // namespace

void mark_chokepoints(std::vector<uint8_t>& flags, size_t pw, const Dungeon& d, const ValidationReport& report,
                      Point start, const Moves& moves, bool two) {
  const Grid<Terrain>& tiles = d.tiles;
  const int w = tiles.width(), h = tiles.height();
  auto pidx = [pw](int x, int y) { return padded_index(pw, x, y); };
  ptrdiff_t offset[8];
  padded_offsets(pw, offset);
  const size_t root = pidx(start.x, start.y);
  for (const Objective& o : d.objectives) {
    if (!tiles.in_bounds(o.pos)) continue;
    const size_t i = pidx(o.pos.x, o.pos.y);
    if (i != root && (flags[i] & kPassable)) flags[i] = static_cast<uint8_t>(flags[i] | kObjective);
  }
  // T: the start and the report's route to each objective; the objectives without one (not
  // reachable, or a report of other routes) are looked at once the components are known.
  Grounds g(flags, pw, offset, moves, two);
  g.add_to_tree(root);
  std::vector<size_t> unrouted;
  for (size_t k = 0; k < d.objectives.size(); ++k) {
    const Point p = d.objectives[k].pos;
    if (!tiles.in_bounds(p)) continue;
    const size_t i = pidx(p.x, p.y);
    if (!(flags[i] & kObjective)) continue;
    const bool routed = k < report.objectives.size() && report.objectives[k].reachable &&
                        g.add_route(report.objectives[k].route, start, p, w, h, pidx);
    if (!routed) unrouted.push_back(i);
  }
  g.finish(root, unrouted);
}

}  // namespace catacomb::detail::analysis
