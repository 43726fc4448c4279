// Jump Point Search without corner cutting, block-based.
//
// Algorithm. A* over jump points (Harabor & Grastien 2011) with the pruning rules for grids where
// a diagonal move needs both orthogonal neighbours passable (Harabor & Grastien 2014, "Improving
// Jump Point Search"). Under that rule a diagonal move has no forced neighbours, and a straight
// move east at (x, y) has a forced neighbour north when (x, y-1) is passable and (x-1, y-1) is
// blocked (the diagonal that would have reached it from the parent is not allowed), likewise
// south, and likewise for the other three directions.
//
// Straight jumps are block-based: the map is stored as bit lines (64 cells per word, one blocked
// cell of padding all around, so scans need no bounds checks), rows for horizontal jumps and a
// transposed copy for vertical ones. set_map also precomputes, per line and per direction, the
// "event" bits where a scan must stop: blocked cells, and passable cells with a forced neighbour
// (a neighbouring line that turns from blocked to passable there). A straight jump is then a
// count-trailing-zeros (count-leading-zeros going west or north) over those words, followed by
// one test: a passable event is a jump point, a blocked one a dead end. The goal is checked
// separately (it is a jump point wherever it lies on the scanned line).
//
// Diagonal jumps step one cell at a time. set_map marks, per diagonal, the cells from which the
// step is legal and lands on a cell whose two straight scans (without a goal on their lines)
// find nothing (JpsMap::diagonal_pass, one bit per cell and diagonal): the walk passes those
// with one bit test a step, and runs the two scans only from the other cells and from cells on
// the goal's row or column. The same successors as scanning from every cell. As in
// Harabor's "jps2" expansion, the straight jump points found from a diagonal cell are generated
// directly as successors of the node being expanded (g = g(node) + k*sqrt2 + m), instead of
// generating the diagonal cell and scanning again when it is expanded: fewer heap operations, the
// same successors. Every edge is therefore "diagonal steps first, then straight steps", which is
// how the path is rebuilt cell by cell.
//
// Corridor turns are contracted: a jump point whose step onwards is blocked and which has one
// forced side has exactly one move, so it is not put on the open list; the jump continues round
// the turn at once (up to kMaxTurns turns per edge, recorded for the path). Degree-2 nodes
// removed from the search graph change no shortest path; in 1-wide mazes they are two thirds of
// all jump points.
//
// Weighted maps (the Navigator's, JpsAccess::set_weighted_map: entering a cell costs its cost,
// times sqrt(2) diagonally). The pruning rules compare paths inside a cell's 3x3 block, so they
// hold where the block costs the same throughout (all its passable cells): the same moves, all
// scaled by one cost. A passable cell next to a passable cell of another cost is a "cost edge"
// (JpsMap::cost_edges): an event of every scan (a jump point wherever a scan meets it), a cell
// the diagonal walk stops on, and, taken off the open list, expanded step by step as A* would
// (each legal step a successor, arriving with its direction, so that a neighbour whose block is
// uniform is expanded by the rules above), but for the steps a route of one or two steps from
// the cell before it makes strictly cheaper (expand_steps). Elsewhere every cell a jump passes costs what its
// first cell does (a cell that is not a cost edge has neighbours of its own cost only), so an
// edge costs that cost times its length. The octile heuristic is scaled by the smallest cost.
// An optimal path survives: put it in canonical form by the rules' swaps, each inside a uniform
// block (the same cost); then its steps out of uniform cells are never pruned, and cost edges
// prune nothing. Weighted maps take the search engine's bucket queue (open_list.hpp) for their
// open list, in the heap's total order: their cost edges make many entries a query, where the
// heap's sifting dominated.
//
// Complexity: a query costs O(jump points x scan length / 64) plus the heap. Memory, allocated by
// set_map: 10 bits per cell for the map (open bits and two event bits, in both orientations,
// and the four diagonals' pass bits),
// 2 bytes per cell of precomputed masks (forced neighbours per arrival direction, legal diagonal
// steps) and 16 bytes per cell of node state (g, generation stamp, parent and arrival
// direction). The stamp means a query touches only the cells it reaches; it allocates nothing
// but the returned path once the heap has grown to its largest size.
//
// Determinism: the open list is a binary heap ordered by (lower f, then larger g, then lower cell
// index), a total order, with lazy deletion (an improved node is pushed again; its stale entry
// is skipped). The best successor of an expansion bypasses the heap only when it is exactly the
// entry the heap would give next, so the order of expansion is that of the plain heap. No clock,
// no unordered containers.
#include <catacomb/pathing/jps.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdlib>
#include <limits>
#include <utility>
#include <vector>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"
#include "pathing/jps_map.hpp"
#include "pathing/jps_access.hpp"
#include "pathing/landmarks.hpp"
#include "pathing/open_list.hpp"

namespace catacomb {
namespace {

using detail::kJpsMoves;
using detail::test_bit;

// Arrival codes (Node::link & 15): 0 to 3 straight and 4 to 7 diagonal arrivals (kDirections),
// kFromStart for the start node (expand in every direction), kAfterTurns + d for a straight
// arrival in direction d at the end of a chain of corridor turns (see arrive()).
constexpr uint32_t kFromStart = 8;
constexpr uint32_t kAfterTurns = 9;
// Most corridor turns followed within one edge. A bound, so that a ring of turns cannot loop.
constexpr int kMaxTurns = 32;

int sign(int v) { return (v > 0) - (v < 0); }

// Index into kDirections of a unit step (a compile-time constant in the templates below).
template <int DX, int DY>
constexpr uint32_t kDirection = [] {
  static_assert(direction_index(DX, DY) >= 0);
  return static_cast<uint32_t>(direction_index(DX, DY));
}();

}  // namespace

// The search state; the map it scans is the JpsMap it extends (jps_map.hpp).
struct CATACOMB_HIDDEN JumpPointSearch::Impl : detail::JpsMap {
  // Node state per cell (index y * width + x): 16 bytes, four to a cache line. A node is open
  // when stamp == 2 * generation, closed when stamp == 2 * generation + 1, unseen otherwise.
  struct Node {
    double g;
    uint32_t stamp;
    uint32_t link;  // parent cell << 4 | arrival code
  };
  std::vector<Node> nodes;
  uint32_t generation = 0;
  // Corridor turns skipped by the edges of this query: for a node with code kAfterTurns + d,
  // turn_list[via[cell]] is the number of turns and the turn cells follow, in path order.
  std::vector<uint32_t> via;
  std::vector<uint32_t> turn_list;
  uint32_t chain[kMaxTurns];
  uint32_t open_stamp() const { return 2 * generation; }
  uint32_t closed_stamp() const { return 2 * generation + 1; }

  // The open list: a binary heap with lazy deletion. A node whose g improves is pushed again and
  // its older entry, now with a larger g, is skipped when popped: no decrease-key, so sifting
  // never touches node state.
  struct Entry {
    double f;
    double g;
    uint32_t cell;
    uint16_t x, y;  // the cell's coordinates (kMaxSide fits), so that no division recovers them
  };
  std::vector<Entry> heap;
  // A weighted map's open list: the search engine's bucket queue (open_list.hpp), which pops in
  // the heap's total order. ik = cell << 32 | y << 16 | x (orders as the cell).
  struct QueueEntry {
    double f;
    double gv;
    uint64_t ik;
  };
  static constexpr double kBucketWidth = 1.0 / 64;  // times the smallest cost, as the search engine's
  detail::BucketQueue<QueueEntry> queue;
  // Successors generated by the expansion under way. The best of them skips the heap when it
  // would be the very next entry popped anyway (often the case along corridors).
  std::vector<Entry> fresh;
  std::vector<uint32_t> waypoints;  // scratch: the jump points and turns of the found path

  Point goal{};
  uint32_t goal_cell = 0;
  // The Navigator's landmark heuristic (navigator.cpp, landmarks.hpp), when set: the bound is the
  // larger of the octile distance and the landmarks' differences. It is admissible but, rounded
  // to the table's quanta, consistent only within a quantum, so a closed node whose cost improves
  // is opened again (never with the octile heuristic alone, which is consistent).
  const detail::LandmarkTable* landmarks = nullptr;
  detail::LandmarkGoal landmark_goal;
  // A weighted map (the Navigator's, set_weighted_map): each cell's cost code (row-major), the
  // cost per code, and the smallest cost (the octile heuristic's factor). Uniform: empty, 1.
  std::vector<uint8_t> cell_code;
  std::array<double, 256> palette{};
  double min_cost = 1;

  void set_map(const Grid<uint8_t>& passable, const uint8_t* codes = nullptr) {
    build(passable, codes);
    if (!codes) {
      cell_code = {};
      min_cost = 1;
    }
    // Parent cells are stored in 28 bits: kMaxSide * kMaxSide = 2^28 cells fit.
    static_assert(static_cast<uint64_t>(kMaxSide) * kMaxSide <= (uint64_t{1} << 28));
    nodes.assign(passable.size(), Node{0.0, 0, 0});
    via.assign(passable.size(), 0);
    generation = 0;
    heap.clear();
  }

  // The cost of entering (x, y) straight: 1 on a uniform map.
  double cost_at(int x, int y) const { return cell_code.empty() ? 1.0 : palette[cell_code[cell_of(x, y)]]; }

  double heuristic(int x, int y, uint32_t c) const {
    const int dx = std::abs(x - goal.x), dy = std::abs(y - goal.y);
    const int lo = std::min(dx, dy), hi = std::max(dx, dy);
    const double octile = (static_cast<double>(hi - lo) + static_cast<double>(lo) * kSqrt2) * min_cost;
    return landmarks ? landmark_goal.bound(c, octile) : octile;
  }

  // Heap order: lower f, then larger g, then lower cell index (a total order).
  static bool before(const Entry& a, const Entry& b) {
    if (a.f != b.f) return a.f < b.f;
    if (a.g != b.g) return a.g > b.g;
    return a.cell < b.cell;
  }
  void push(const Entry& e) {
    heap.push_back(e);
    sift_up(heap.size() - 1, e);
  }
  // Puts `e` in the hole at i, moving the entries above it that it comes before down a level.
  void sift_up(size_t i, const Entry& e) {
    while (i > 0) {
      const size_t up = (i - 1) / 2;
      if (!before(e, heap[up])) break;
      heap[i] = heap[up];
      i = up;
    }
    heap[i] = e;
  }
  // Bottom-up pop: the hole left at the root walks down to a leaf along the smaller children (one
  // comparison per level), then the last entry, which usually belongs near the bottom, sifts up
  // from there.
  Entry pop() {
    const Entry last = heap.back();
    heap.pop_back();
    return heap.empty() ? last : replace_top(last);
  }
  // Takes the top off and puts `e` in (a pop and a push in one walk): as pop(), with `e` in place
  // of the last entry.
  Entry replace_top(const Entry& e) {
    const Entry top = heap.front();
    const size_t n = heap.size();
    size_t i = 0;
    for (size_t child = 1; child < n; child = 2 * i + 1) {
      // The smaller child by adding the comparison (a select): which one is a coin toss.
      if (child + 1 < n) child += static_cast<size_t>(before(heap[child + 1], heap[child]));
      heap[i] = heap[child];
      i = child;
    }
    sift_up(i, e);
    return top;
  }

  // Offers cell (x, y) at cost `cost`, reached from `from` with arrival code `code`; `turns`
  // corridor turns (in `chain`) lie between them.
  void relax(int x, int y, double cost, uint32_t from, uint32_t code, int turns = 0) {
    const uint32_t c = cell_of(x, y);
    Node& n = nodes[c];
    if (n.stamp == closed_stamp() && (!landmarks || !(cost < n.g))) return;
    if (n.stamp == open_stamp() && !(cost < n.g)) return;
    if (turns > 0) {
      via[c] = static_cast<uint32_t>(turn_list.size());
      turn_list.push_back(static_cast<uint32_t>(turns));
      turn_list.insert(turn_list.end(), chain, chain + turns);
      code += kAfterTurns;
    }
    n = Node{cost, open_stamp(), from << 4 | code};
    fresh.push_back({cost + heuristic(x, y, c), cost, c, static_cast<uint16_t>(x), static_cast<uint16_t>(y)});
  }

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
  void arrive(int x, int y, double cost, uint32_t from, uint32_t d, double step) {
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
  [[gnu::always_inline]] void straight(uint32_t from, int x, int y, double g0) {
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
  void diagonal(uint32_t from, int x, int y, double g0, unsigned cell_mask) {
    // Most diagonals are blocked at once (always, in a corridor): test the first step inline.
    if (cell_mask & (1u << (8 + kDirection<DX, DY> - 4))) walk_diagonal<DX, DY>(from, x, y, g0);
  }
  template <int DX, int DY>
  [[gnu::noinline]] void walk_diagonal(uint32_t from, int x, int y, double g0) {
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
  void expand_straight(uint32_t c, int x, int y, double g) {
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
  void expand_diagonal(uint32_t c, int x, int y, double g) {
    straight<DX, 0>(c, x, y, g);
    straight<0, DY>(c, x, y, g);
    diagonal<DX, DY>(c, x, y, g, masks[c]);
  }

  // Whether the step (from p's cell) is legal: its mask bit.
  bool legal_step(unsigned mask, int d) const { return ((mask >> (d < 4 ? 12 + d : 8 + d - 4)) & 1) != 0; }

  // A cost edge's expansion: each legal step, as A* would (a node reached so carries its
  // direction of arrival, and is expanded by JPS's rules if its own block costs the same),
  // but the steps some other way from the cell before it makes strictly cheaper, at most two
  // legal steps that avoid this cell (`code`: the arrival direction, kFromStart for none). No
  // optimal route takes such a step, whichever way the cell was reached at its cost: the other
  // way reaches the step's end more cheaply still.
  void expand_steps(uint32_t c, Point p, double g, uint32_t code) {
    const unsigned m = masks[c];
    const bool arrived = code < 8;
    const Point prev = arrived ? Point{p.x - kDirections[code].x, p.y - kDirections[code].y} : p;
    const double into = arrived ? cost_at(p.x, p.y) * (code < 4 ? 1.0 : kSqrt2) : 0.0;
    const unsigned prev_mask = arrived ? masks[cell_of(prev.x, prev.y)] : 0;
    for (int d = 0; d < 8; ++d) {
      if (!legal_step(m, d)) continue;
      const int nx = p.x + kDirections[d].x, ny = p.y + kDirections[d].y;
      const double cn = palette[cell_code[cell_of(nx, ny)]];
      const double step = d < 4 ? cn : cn * kSqrt2;
      if (arrived && dominated(prev, prev_mask, p, {nx, ny}, cn, into + step)) continue;
      relax(nx, ny, g + step, c, static_cast<uint32_t>(d));
    }
  }

  // Whether a route from `prev` to `n` (entering n at cost cn a unit step) of at most two legal
  // steps avoiding `x` costs less than `through` (the route by x), by a margin rounding cannot
  // make.
  bool dominated(Point prev, unsigned prev_mask, Point x, Point n, double cn, double through) const {
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

  void expand(uint32_t c, Point p) {
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

  void next_generation() {
    if (++generation == (uint32_t{1} << 31)) {  // stamps would wrap: forget them, every 2^31 queries
      for (Node& n : nodes) n.stamp = 0;
      generation = 1;
    }
  }

  void build_path(uint32_t start_cell, PathResult& r) {
    waypoints.clear();
    for (uint32_t c = goal_cell;; c = nodes[c].link >> 4) {
      waypoints.push_back(c);
      if (c == start_cell) break;
      if ((nodes[c].link & 15) >= kAfterTurns) {  // the corridor turns before c, last first
        const uint32_t at = via[c];
        for (uint32_t k = turn_list[at]; k >= 1; --k) waypoints.push_back(turn_list[at + k]);
      }
    }
    std::reverse(waypoints.begin(), waypoints.end());
    size_t cells = 1;
    for (size_t i = 1; i < waypoints.size(); ++i) {
      const Point a = point_of(waypoints[i - 1]), b = point_of(waypoints[i]);
      cells += static_cast<size_t>(std::max(std::abs(b.x - a.x), std::abs(b.y - a.y)));
    }
    r.path.clear();
    r.path.reserve(cells);
    Point at = point_of(waypoints[0]);
    r.path.push_back(at);
    double cost = 0;
    for (size_t i = 1; i < waypoints.size(); ++i) {
      const Point b = point_of(waypoints[i]);
      const int sx = sign(b.x - at.x), sy = sign(b.y - at.y);
      // Every edge is diagonal steps first, then straight steps.
      const int diagonals = std::min(std::abs(b.x - at.x), std::abs(b.y - at.y));
      for (int k = 0; k < diagonals; ++k) {
        at = {at.x + sx, at.y + sy};
        r.path.push_back(at);
        cost += cell_code.empty() ? kSqrt2 : palette[cell_code[cell_of(at.x, at.y)]] * kSqrt2;
      }
      const int tx = b.x == at.x ? 0 : sx, ty = b.y == at.y ? 0 : sy;
      while (at != b) {
        at = {at.x + tx, at.y + ty};
        r.path.push_back(at);
        cost += cell_code.empty() ? 1.0 : palette[cell_code[cell_of(at.x, at.y)]];
      }
    }
    r.cost = cost;
  }

  PathResult find_path(Point start, Point target, int64_t budget) {
    assert(start.x >= 0 && start.y >= 0 && start.x < width && start.y < height);
    assert(target.x >= 0 && target.y >= 0 && target.x < width && target.y < height);
    PathResult r;
    if (!open_cell(start.x, start.y)) {
      r.status = PathStatus::StartBlocked;
      return r;
    }
    if (!open_cell(target.x, target.y)) {
      r.status = PathStatus::GoalBlocked;
      return r;
    }
    if (start == target) {
      r.status = PathStatus::Found;
      r.path.push_back(start);
      return r;
    }
    next_generation();
    heap.clear();
    turn_list.clear();
    goal = target;
    goal_cell = cell_of(target.x, target.y);
    const uint32_t s = cell_of(start.x, start.y);
    if (landmarks && !landmark_goal.prepare(*landmarks, s, goal_cell)) {
      r.status = PathStatus::NoPath;
      return r;
    }
    fresh.clear();
    relax(start.x, start.y, 0.0, s, kFromStart);
    if (cell_code.empty()) search_heap(s, budget, r);
    else search_buckets(s, budget, r);
    return r;
  }

  // The expansion of the node taken off the open list, `e`: false to take the next (a stale
  // entry, or the budget or the goal reached: then r.status tells).
  bool take(const Entry& e, uint32_t s, int64_t budget, PathResult& r) {
    const uint32_t c = e.cell;
    Node& n = nodes[c];
    if (n.stamp != open_stamp() || e.g > n.g) return true;  // closed, or a stale entry
    if (budget > 0 && r.expanded >= budget) {
      r.status = PathStatus::BudgetExhausted;
      return false;
    }
    n.stamp = closed_stamp();
    ++r.expanded;
    if (c == goal_cell) {
      r.status = PathStatus::Found;
      build_path(s, r);
      return false;
    }
    expand(c, {e.x, e.y});
    return true;
  }

  // The uniform map's open list: the binary heap, the best fresh successor bypassing it when it
  // comes first (few entries a query, most of them taken at once).
  void search_heap(uint32_t s, int64_t budget, PathResult& r) {
    r.status = PathStatus::NoPath;
    for (;;) {
      // The next entry: the best fresh successor if it comes before the heap's top, else the
      // top. Either way exactly the entry a plain heap would pop next.
      Entry e;
      if (!fresh.empty()) {
        size_t best = 0;
        for (size_t i = 1; i < fresh.size(); ++i)
          if (before(fresh[i], fresh[best])) best = i;
        if (heap.empty() || before(fresh[best], heap.front())) {
          e = fresh[best];
          fresh[best] = fresh.back();
          fresh.pop_back();
          for (const Entry& f : fresh) push(f);
        } else {  // the heap's top comes first; the last fresh entry takes its place
          for (size_t i = 0; i + 1 < fresh.size(); ++i) push(fresh[i]);
          e = replace_top(fresh.back());
        }
        fresh.clear();
      } else if (!heap.empty()) {
        e = pop();
      } else {
        return;
      }
      if (!take(e, s, budget, r)) return;
    }
  }

  // A weighted map's open list: the search engine's bucket queue (its cost edges are expanded
  // step by step, as A* would: many entries a query, where the heap's sifting dominated).
  void search_buckets(uint32_t s, int64_t budget, PathResult& r) {
    r.status = PathStatus::NoPath;
    queue.reset(kBucketWidth * min_cost, fresh.front().f);
    auto live = [this](const QueueEntry& q) {
      const Node& n = nodes[static_cast<size_t>(q.ik >> 32)];
      return n.stamp == open_stamp() && !(q.gv > n.g);
    };
    for (;;) {
      for (const Entry& f : fresh) queue.push(QueueEntry{f.f, f.g, uint64_t{f.cell} << 32 | uint32_t{f.y} << 16 | f.x});
      fresh.clear();
      QueueEntry q;
      if (!queue.pop(q, live)) return;
      const Entry e{q.f, q.gv, static_cast<uint32_t>(q.ik >> 32), static_cast<uint16_t>(q.ik),
                    static_cast<uint16_t>(q.ik >> 16)};
      if (!take(e, s, budget, r)) return;
    }
  }
};

JumpPointSearch::JumpPointSearch() : impl_(std::make_unique<Impl>()) {}
JumpPointSearch::~JumpPointSearch() = default;
JumpPointSearch::JumpPointSearch(JumpPointSearch&&) noexcept = default;
JumpPointSearch& JumpPointSearch::operator=(JumpPointSearch&&) noexcept = default;

void JumpPointSearch::set_map(const Grid<uint8_t>& passable) { impl_->set_map(passable); }

void detail::JpsAccess::set_weighted_map(JumpPointSearch& jps, const Grid<uint8_t>& passable,
                                         std::vector<uint8_t> codes, const std::array<double, 256>& palette) {
  JumpPointSearch::Impl& s = *jps.impl_;
  s.palette = palette;
  s.min_cost = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < codes.size(); ++i)
    if (passable.cells()[i] != 0) s.min_cost = std::min(s.min_cost, palette[codes[i]]);
  if (!(s.min_cost < std::numeric_limits<double>::infinity())) s.min_cost = 1;
  s.set_map(passable, codes.data());
  s.cell_code = std::move(codes);
}

void detail::JpsAccess::set_landmarks(JumpPointSearch& jps, const LandmarkTable* table) {
  jps.impl_->landmarks = table;
}

PathResult detail::JpsAccess::find_path(JumpPointSearch& jps, Point start, Point goal) {
  return jps.impl_->find_path(start, goal, 0);
}

PathResult JumpPointSearch::find_path(Point start, Point goal, int64_t budget) {
  const Impl& s = *impl_;
  std::vector<FieldProblem> p;
  const std::string shape = std::to_string(s.width) + "x" + std::to_string(s.height);
  auto inside = [&](Point q) { return q.x >= 0 && q.y >= 0 && q.x < s.width && q.y < s.height; };
  if (!inside(start)) p.push_back({"start", to_string(start), "inside the " + shape + " map"});
  if (!inside(goal)) p.push_back({"goal", to_string(goal), "inside the " + shape + " map"});
  if (budget < 0) p.push_back({"budget", std::to_string(budget), ">= 0"});
  throw_if_problems(p);
  return impl_->find_path(start, goal, budget);
}

}  // namespace catacomb
