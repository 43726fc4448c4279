// Jump Point Search's expansion (the search's design: jps.cpp): the successors of a node taken
// off the open list by the pruning rules of its arrival, the straight jumps (block scans of the
// bit lines), the diagonal walk with its straight jumps, the corridor turns followed at once, and
// on a weighted map the cost edges' step-by-step expansion with its dominated steps left out.
#include <algorithm>
#include <bit>
#include <cstdlib>

#include "pathing/jps/jps_search.hpp"

namespace catacomb {
namespace {

using namespace jps_search;
using detail::test_bit;

// Index into kDirections of a unit step (a compile-time constant in the templates below).
template <int DX, int DY>
constexpr uint32_t kDirection = [] {
  static_assert(direction_index(DX, DY) >= 0);
  return static_cast<uint32_t>(direction_index(DX, DY));
}();

}  // namespace

// A straight jump from `from` found the jump point (x, y), arriving in direction d (0 to 3).
// If (x, y) is a corridor turn, i.e. the step onwards is blocked and exactly one side is
// forced, its expansion would have exactly one move: the straight jump along that side (the
// diagonal towards it needs the blocked step). Such a node is not generated: the jump
// continues at once, the turn is recorded for the path, and a turn whose jump finds nothing
// ends the edge with nothing to generate. This is the search graph with its degree-2 nodes
// contracted: the same optimal costs, far fewer heap operations in mazes (where two thirds of
// the jump points are such turns).
// `step`: the cost of each straight step of the edge (on a weighted map, every cell of a jump
// but its first costs the same: see JpsMap::cost_edges).
void JumpPointSearch::Impl::arrive(int x, int y, double cost, uint32_t from, uint32_t d, double step) {
  int turns = 0;
  for (;;) {
    if (x == goal.x && y == goal.y) break;
    if (cost_edge(x, y)) break;  // expanded in every direction
    const unsigned m = masks[cell_of(x, y)];
    const unsigned sides = (m >> (2 * d)) & 3;
    if ((m >> (12 + d)) & 1 || sides == 3 || turns == kMaxTurns) break;
    chain[turns++] = cell_of(x, y);
    // The side: north or west for bit 0, south or east for bit 1.
    const bool horizontal = d == 0 || d == 2;
    d = horizontal ? (sides == 1 ? 3u : 1u) : (sides == 1 ? 2u : 0u);
    int p;
    switch (d) {
      case 0: p = rows.jump<1>(y + 1, x + 1, goal.y == y ? goal.x + 1 : -1); break;
      case 2: p = rows.jump<-1>(y + 1, x + 1, goal.y == y ? goal.x + 1 : -1); break;
      case 1: p = cols.jump<1>(x + 1, y + 1, goal.x == x ? goal.y + 1 : -1); break;
      default: p = cols.jump<-1>(x + 1, y + 1, goal.x == x ? goal.y + 1 : -1); break;
    }
    if (p < 0) return;  // the corridor beyond the turn is a dead end
    if (horizontal) {   // now moving vertically
      cost += static_cast<double>(std::abs(p - 1 - y)) * step;
      y = p - 1;
    } else {
      cost += static_cast<double>(std::abs(p - 1 - x)) * step;
      x = p - 1;
    }
  }
  relax(x, y, cost, from, d, turns);
}

// Straight jump from (x, y) by (DX, DY): the jump point found, if any, becomes a successor.
template <int DX, int DY>
[[gnu::always_inline]] inline void JumpPointSearch::Impl::straight(uint32_t from, int x, int y, double g0) {
  constexpr uint32_t d = kDirection<DX, DY>;
  if constexpr (DY == 0) {
    const int p = rows.jump<DX>(y + 1, x + 1, goal.y == y ? goal.x + 1 : -1);
    if (p >= 0) {
      const double step = cost_at(x + DX, y);
      arrive(p - 1, y, g0 + static_cast<double>(std::abs(p - 1 - x)) * step, from, d, step);
    }
  } else {
    const int p = cols.jump<DY>(x + 1, y + 1, goal.x == x ? goal.y + 1 : -1);
    if (p >= 0) {
      const double step = cost_at(x, y + DY);
      arrive(x, p - 1, g0 + static_cast<double>(std::abs(p - 1 - y)) * step, from, d, step);
    }
  }
}

// Walks the diagonal (DX, DY) from (x, y); from every cell on it, the straight jump points
// along DX and DY become successors of `from` (see the file comment). The walk runs in padded
// coordinates (px, py).
template <int DX, int DY>
inline void JumpPointSearch::Impl::diagonal(uint32_t from, int x, int y, double g0, unsigned cell_mask) {
  // Most diagonals are blocked at once (always, in a corridor): test the first step inline.
  if (cell_mask & (1u << (8 + kDirection<DX, DY> - 4))) walk_diagonal<DX, DY>(from, x, y, g0);
}
template <int DX, int DY>
[[gnu::noinline]] void JumpPointSearch::Impl::walk_diagonal(uint32_t from, int x, int y, double g0) {
  constexpr uint32_t dh = kDirection<DX, 0>, dv = kDirection<0, DY>, dd = kDirection<DX, DY>;
  const int gx = goal.x + 1, gy = goal.y + 1;
  int px = x + 1, py = y + 1;
  double gd = g0;
  // The walk's cells cost what its first does (the step to it is legal: its mask bit is set).
  const double step = cost_at(x + DX, y + DY), diagonal_step = kSqrt2 * step;
  const int words = rows.words;
  const uint64_t* pass = diagonal_pass[dd - 4].data() + rows.offset(py);
  for (;;) {
    // Cells the walk passes without a scan finding anything (JpsMap::diagonal_pass), as long
    // as the cell reached is on neither the goal's row nor its column: one bit test a step.
    while (px + DX != gx && py + DY != gy && test_bit(pass, px)) {
      px += DX;
      py += DY;
      pass += DY * words;
      gd += diagonal_step;
    }
    const uint64_t* here = rows.open_line(py);
    const uint64_t* next = rows.open_line(py + DY);
    // The move rule under kJpsMoves: side cells (px + DX, py) and (px, py + DY) and the
    // destination open (kJpsDiagonalIsAllThreeOpen), tested in that order, short-circuited.
    if (!test_bit(here, px + DX) || !test_bit(next, px) || !test_bit(next, px + DX)) return;
    px += DX;
    py += DY;
    pass += DY * words;
    gd += diagonal_step;
    if ((px == gx && py == gy) || cost_edge(px - 1, py - 1)) {
      relax(px - 1, py - 1, gd, from, dd);
      return;
    }
    const int jx = rows.jump<DX>(py, px, py == gy ? gx : -1);
    if (jx >= 0) arrive(jx - 1, py - 1, gd + static_cast<double>(std::abs(jx - px)) * step, from, dh, step);
    const int jy = cols.jump<DY>(px, py, px == gx ? gy : -1);
    if (jy >= 0) arrive(px - 1, jy - 1, gd + static_cast<double>(std::abs(jy - py)) * step, from, dv, step);
  }
}

// The successors of a node that arrived moving straight by (DX, DY): onwards, plus the two
// moves towards each forced neighbour (a side cell passable while the cell behind it is
// blocked: no diagonal from the parent could have reached it).
template <int DX, int DY>
void JumpPointSearch::Impl::expand_straight(uint32_t c, int x, int y, double g) {
  constexpr unsigned d = kDirection<DX, DY>;
  straight<DX, DY>(c, x, y, g);
  const unsigned all = masks[c], m = all >> (2 * d);
  if constexpr (DY == 0) {
    if (m & 1) {
      straight<0, -1>(c, x, y, g);
      diagonal<DX, -1>(c, x, y, g, all);
    }
    if (m & 2) {
      straight<0, 1>(c, x, y, g);
      diagonal<DX, 1>(c, x, y, g, all);
    }
  } else {
    if (m & 1) {
      straight<-1, 0>(c, x, y, g);
      diagonal<-1, DY>(c, x, y, g, all);
    }
    if (m & 2) {
      straight<1, 0>(c, x, y, g);
      diagonal<1, DY>(c, x, y, g, all);
    }
  }
}

// A node that arrived diagonally: natural successors only (no corner cutting leaves a diagonal
// move without forced neighbours). On a uniform map only the goal arrives diagonally (see
// diagonal()), and the goal is never expanded; on a weighted map so does a cell a cost edge
// stepped to (expand_steps).
template <int DX, int DY>
void JumpPointSearch::Impl::expand_diagonal(uint32_t c, int x, int y, double g) {
  straight<DX, 0>(c, x, y, g);
  straight<0, DY>(c, x, y, g);
  diagonal<DX, DY>(c, x, y, g, masks[c]);
}

// A cost edge's expansion: each legal step, as A* would (a node reached so carries its
// direction of arrival, and is expanded by JPS's rules if its own block costs the same),
// but the steps some other way from the cell before it makes strictly cheaper, at most two
// legal steps that avoid this cell (`code`: the arrival direction, kFromStart for none). No
// optimal route takes such a step, whichever way the cell was reached at its cost: the other
// way reaches the step's end more cheaply still.
void JumpPointSearch::Impl::expand_steps(uint32_t c, Point p, double g, uint32_t code) {
  unsigned steps;
  if (code >= 8) {
    steps = legal_steps(masks[c]);
  } else if (!edge_steps.empty()) {
    const size_t at = rows.offset(p.y + 1) * 64 + static_cast<size_t>(p.x + 1);
    const uint64_t below = cost_edges[at / 64] & ((uint64_t{1} << (at % 64)) - 1);
    steps = edge_steps[8 * (edge_rank[at / 64] + static_cast<size_t>(std::popcount(below))) + code];
  } else {
    steps = edge_step_bits(p, code);
  }
  for (; steps != 0; steps &= steps - 1) {
    const int d = std::countr_zero(steps);
    const int nx = p.x + kDirections[d].x, ny = p.y + kDirections[d].y;
    const double cn = palette[cell_code[cell_of(nx, ny)]];
    relax(nx, ny, g + (d < 4 ? cn : cn * kSqrt2), c, static_cast<uint32_t>(d));
  }
}

unsigned JumpPointSearch::Impl::edge_step_bits(Point p, uint32_t code) const {
  const unsigned m = masks[cell_of(p.x, p.y)];
  const Point prev{p.x - kDirections[code].x, p.y - kDirections[code].y};
  const double into = cost_at(p.x, p.y) * (code < 4 ? 1.0 : kSqrt2);
  const unsigned prev_mask = masks[cell_of(prev.x, prev.y)];
  unsigned steps = 0;
  for (int d = 0; d < 8; ++d) {
    if (!legal_step(m, d)) continue;
    const int nx = p.x + kDirections[d].x, ny = p.y + kDirections[d].y;
    const double cn = palette[cell_code[cell_of(nx, ny)]];
    const double step = d < 4 ? cn : cn * kSqrt2;
    if (!dominated(prev, prev_mask, p, {nx, ny}, cn, into + step)) steps |= 1u << d;
  }
  return steps;
}

bool JumpPointSearch::Impl::build_edge_steps(size_t budget) {
  edge_steps.clear();
  edge_rank.clear();
  size_t edges = 0;
  for (const uint64_t w : cost_edges) edges += static_cast<size_t>(std::popcount(w));
  if (edges * 8 + cost_edges.size() * sizeof(uint32_t) > budget) return false;
  edge_rank.resize(cost_edges.size());
  uint32_t before = 0;
  for (size_t w = 0; w < cost_edges.size(); ++w) {
    edge_rank[w] = before;
    before += static_cast<uint32_t>(std::popcount(cost_edges[w]));
  }
  edge_steps.assign(edges * 8, 0);
  // Cost edges in the order of their bits: padded rows, so row-major over the cells.
  size_t e = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      if (!cost_edge(x, y)) continue;
      for (uint32_t code = 0; code < 8; ++code) {
        // Only a legal step arrives with `code`: from a passable cell the step leads here from.
        // For an arrival that cannot happen, every legal step (nothing pruned).
        const Point prev{x - kDirections[code].x, y - kDirections[code].y};
        const bool arrives = open_cell(prev.x, prev.y) &&
                             legal_step(masks[cell_of(prev.x, prev.y)], static_cast<int>(code));
        const unsigned steps = arrives ? edge_step_bits({x, y}, code) : legal_steps(masks[cell_of(x, y)]);
        edge_steps[8 * e + code] = static_cast<uint8_t>(steps);
      }
      ++e;
    }
  return true;
}

// Whether a route from `prev` to `n` (entering n at cost cn a unit step) of at most two legal
// steps avoiding `x` costs less than `through` (the route by x), by a margin rounding cannot
// make.
bool JumpPointSearch::Impl::dominated(Point prev, unsigned prev_mask, Point x, Point n, double cn,
                                      double through) const {
  if (n == prev) return true;  // back where it came from
  const double bar = through * (1 - 0x1p-40);
  auto len = [](int dx, int dy) { return dx != 0 && dy != 0 ? kSqrt2 : 1.0; };
  const int ddx = n.x - prev.x, ddy = n.y - prev.y;
  if (std::abs(ddx) <= 1 && std::abs(ddy) <= 1) {  // one step
    if (legal_step(prev_mask, direction_index(ddx, ddy)) && cn * len(ddx, ddy) < bar) return true;
  }
  // Two steps, by a cell m next to both (not x).
  for (int my = std::max(prev.y, n.y) - 1; my <= std::min(prev.y, n.y) + 1; ++my)
    for (int mx = std::max(prev.x, n.x) - 1; mx <= std::min(prev.x, n.x) + 1; ++mx) {
      if ((mx == x.x && my == x.y) || (mx == prev.x && my == prev.y) || (mx == n.x && my == n.y)) continue;
      const int ax = mx - prev.x, ay = my - prev.y, bx = n.x - mx, by = n.y - my;
      if (!legal_step(prev_mask, direction_index(ax, ay))) continue;
      if (!legal_step(masks[cell_of(mx, my)], direction_index(bx, by))) continue;
      if (cost_at(mx, my) * len(ax, ay) + cn * len(bx, by) < bar) return true;
    }
  return false;
}

void JumpPointSearch::Impl::expand(uint32_t c, Point p) {
  const double g = nodes[c].g;
  uint32_t code = nodes[c].link & 15;
  if (code >= kAfterTurns) code -= kAfterTurns;
  if (cost_edge(p.x, p.y)) {  // no pruning where the 3x3 block's costs differ
    expand_steps(c, p, g, code);
    return;
  }
  switch (code) {
    case 0: expand_straight<1, 0>(c, p.x, p.y, g); break;
    case 1: expand_straight<0, 1>(c, p.x, p.y, g); break;
    case 2: expand_straight<-1, 0>(c, p.x, p.y, g); break;
    case 3: expand_straight<0, -1>(c, p.x, p.y, g); break;
    case 4: expand_diagonal<1, 1>(c, p.x, p.y, g); break;
    case 5: expand_diagonal<-1, 1>(c, p.x, p.y, g); break;
    case 6: expand_diagonal<-1, -1>(c, p.x, p.y, g); break;
    case 7: expand_diagonal<1, -1>(c, p.x, p.y, g); break;
    default:  // kFromStart
      straight<1, 0>(c, p.x, p.y, g);
      straight<0, 1>(c, p.x, p.y, g);
      straight<-1, 0>(c, p.x, p.y, g);
      straight<0, -1>(c, p.x, p.y, g);
      diagonal<1, 1>(c, p.x, p.y, g, masks[c]);
      diagonal<-1, 1>(c, p.x, p.y, g, masks[c]);
      diagonal<-1, -1>(c, p.x, p.y, g, masks[c]);
      diagonal<1, -1>(c, p.x, p.y, g, masks[c]);
      break;
  }
}

}  // namespace catacomb
