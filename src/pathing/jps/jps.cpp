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
// the cell before it makes strictly cheaper (expand_steps). Elsewhere every cell a jump passes
// costs what its first cell does (a cell that is not a cost edge has neighbours of its own cost
// only), so an edge costs that cost times its length. The octile heuristic is scaled by the smallest cost.
// An optimal path survives: put it in canonical form by the rules' swaps, each inside a uniform
// block (the same cost); then its steps out of uniform cells are never pruned, and cost edges
// prune only steps that a strictly cheaper route makes useless. Which steps a cost edge takes
// depends only on the map and the direction of arrival: set_weighted_map works them out once
// into a byte per cost edge and direction (edge_steps, found by a rank over the cost-edge bits)
// when the caller's budget allows, else each expansion works them out. Weighted maps take the search engine's bucket queue (open_list.hpp) for their
// open list, in the heap's total order: their cost edges make many entries a query, where the
// heap's sifting dominated.
//
// Complexity: a query costs O(jump points x scan length / 64) plus the heap. Memory, allocated by
// set_map: 10 bits per cell for the map (open bits and two event bits, in both orientations,
// and the four diagonals' pass bits),
// 2 bytes per cell of precomputed masks (forced neighbours per arrival direction, legal diagonal
// steps), on a weighted map its cost byte and cost-edge bit per cell and, within the budget, 8
// bytes per cost edge and 4 bytes per 64 cells of rank, and 16 bytes per cell of node state (g, generation stamp, parent and arrival
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
#include <cassert>
#include <cstdlib>
#include <utility>
#include <vector>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"
#include "pathing/jps/jps_access.hpp"
#include "pathing/jps/jps_search.hpp"

namespace catacomb {
namespace {

using namespace jps_search;

int sign(int v) { return (v > 0) - (v < 0); }

}  // namespace

void JumpPointSearch::Impl::next_generation() {
  if (++generation == (uint32_t{1} << 31)) {  // stamps would wrap: forget them, every 2^31 queries
    for (Node& n : nodes) n.stamp = 0;
    generation = 1;
  }
}

void JumpPointSearch::Impl::build_path(uint32_t start_cell, PathResult& r) {
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

PathResult JumpPointSearch::Impl::find_path(Point start, Point target, int64_t budget) {
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
  if (landmarks && !landmark_goal.prepare(*landmarks, s, target.x, target.y, cost_at(target.x, target.y))) {
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
bool JumpPointSearch::Impl::take(const Entry& e, uint32_t s, int64_t budget, PathResult& r) {
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
void JumpPointSearch::Impl::search_heap(uint32_t s, int64_t budget, PathResult& r) {
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
void JumpPointSearch::Impl::search_buckets(uint32_t s, int64_t budget, PathResult& r) {
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

JumpPointSearch::JumpPointSearch() : impl_(std::make_unique<Impl>()) {}
JumpPointSearch::~JumpPointSearch() = default;
JumpPointSearch::JumpPointSearch(JumpPointSearch&&) noexcept = default;
JumpPointSearch& JumpPointSearch::operator=(JumpPointSearch&&) noexcept = default;

void JumpPointSearch::set_map(const Grid<uint8_t>& passable) { impl_->set_map(passable); }

void detail::JpsAccess::set_weighted_map(JumpPointSearch& jps, const Grid<uint8_t>& passable,
                                         std::vector<uint8_t> codes, const std::array<double, 256>& palette,
                                         double min_cost, size_t edge_budget) {
  JumpPointSearch::Impl& s = *jps.impl_;
  s.palette = palette;
  s.min_cost = min_cost;
  s.set_map(passable, codes.data());
  s.cell_code = std::move(codes);
  s.build_edge_steps(edge_budget);
}

size_t detail::JpsAccess::edge_steps_bytes(const JumpPointSearch& jps) {
  return jps.impl_->edge_steps.size() + jps.impl_->edge_rank.size() * sizeof(uint32_t);
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
