#pragma once
// A* toward the nearest of a few targets (internal to the library): the walkthrough's legs, from
// where the player stands to the next objective or door, where a flood (distance_map_near) would
// take every cell closer than the target, in every direction.
//
// What it leaves in `dist`: the exact distance (the flood's number, bit for bit) of every cell on
// a cheapest route from the source to each target whose distance is at most the nearest target's
// plus `slack`, those targets included. Every other cell holds kUnreached or the cost of some
// route to it (never less than its distance). So a descent (descend_on) from such a target takes
// the flood's route, step for step: it steps to the first neighbour n, in its fixed order, with
// dist[n] + step == dist[here]; a neighbour on a cheapest route holds its exact distance, and a
// neighbour holding more than its distance cannot pass the test (its distance plus the step would
// be below dist[here], which is the least over all routes). The nearest target, and any within
// `slack` of it, read as the flood reads them; a farther one reads more than the nearest.
//
// How: a bucket queue on f = g + h, h the octile (or Manhattan, without diagonals) distance to
// the nearest target times the smallest passable cost, which is consistent. Buckets are one cost
// unit wide; an entry that lands in the bucket being worked (or, by rounding, an earlier one) is
// worked in it too, and every entry whose distance has not dropped since it was made is
// expanded, so each bucket is worked to a fixed point whatever the order. It stops once every
// bucket up to the limit (the nearest target's distance plus the slack, plus 2^-16 of it for the
// rounding of f) is done: every cell of those routes has f at most the limit, and so has been
// expanded with its exact distance (induction along the route from the source).
// Cost: the cells with f up to the limit (an ellipse around the route, where a flood takes a
// disk); O(targets) per entry made for h. Memory: entries for the front (16 bytes each), and the
// cells it wrote listed in `touched` so the caller can clear them for the next leg instead of
// filling a fresh grid (8 bytes per cell) each time.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "pathing/flood/flood.hpp"

namespace catacomb::detail::floods {

// Up to this many targets a leg is an A*; beyond, h costs more than it saves (callers flood).
inline constexpr size_t kMaxTowardTargets = 32;

// The bucket ring an A* leg needs (f changes by at most two steps along an edge, and entries
// clamped to the bucket being worked), or 0 when steps are too dear for one.
inline size_t toward_ring_size(std::pair<double, double> range, const Moves& moves) {
  const double hi = range.second * (moves.diagonals() ? std::max(1.0, moves.diagonal_cost) : 1.0);
  constexpr double kMaxRing = 1 << 16;
  if (!(range.first > 0) || !(2 * hi + 4 < kMaxRing)) return 0;
  return std::bit_ceil(static_cast<size_t>(2 * hi) + 4);
}

// Runs the leg from `source` (a passable cell) toward `targets` (1 to kMaxTowardTargets of them)
// over `dist`, which must hold kUnreached everywhere. Lists each cell it writes in `touched` while
// the list is shorter than `max_touched`; returns false if it wrote more (the caller then clears
// the whole grid). `ring`: toward_ring_size(nb.range, moves), not 0.
template <typename Costs>
bool toward(const Costs& costs, const Moves& moves, const Neighbourhood& nb, uint32_t source,
            const std::vector<Point>& targets, double slack, size_t ring, Grid<double>& dist,
            std::vector<uint32_t>& touched, size_t max_touched) {
  const auto w = static_cast<uint32_t>(costs.width());
  const double unit = nb.range.first;
  const bool diagonals = moves.diagonals();
  const double dc = std::max(1.0, std::min(2.0, moves.diagonal_cost));
  auto h = [&](int x, int y) {
    double best = kUnreached;
    for (const Point& t : targets) {
      const int dx = std::abs(x - t.x), dy = std::abs(y - t.y);
      const int lo = std::min(dx, dy), hi = std::max(dx, dy);
      const double v = diagonals ? static_cast<double>(hi - lo) + dc * static_cast<double>(lo)
                                 : static_cast<double>(dx + dy);
      best = std::min(best, v);
    }
    return best * unit;
  };
  struct Entry {
    double g;
    uint32_t cell;
    uint32_t target;  // h is 0 there: told when the entry is made, not worked out again
  };
  std::vector<std::vector<Entry>> buckets(ring);
  std::vector<Entry> current;
  const size_t mask = ring - 1;
  double* g_at = dist.cells().data();
  bool listed = true;  // every written cell is in `touched`
  std::array<double, 8> factor{};
  for (int d = 0; d < 8; ++d) factor[static_cast<size_t>(d)] = d >= 4 ? moves.diagonal_cost : 1.0;

  g_at[source] = 0;
  touched.push_back(source);
  const double h_source = h(static_cast<int>(source % w), static_cast<int>(source / w));
  uint64_t k = static_cast<uint64_t>(h_source);
  buckets[k & mask].push_back({0.0, source, h_source == 0});
  size_t pending = 1;
  double limit = kUnreached;  // the nearest target's distance (of those taken so far) plus slack
  // The entries and first writes a run of cells makes go to two buffers (a push_back in the
  // loop costs far more than its work, even when it never grows the vector), handed on after
  // the run in the order they were made.
  constexpr size_t kRun = 256;
  struct Made {
    Entry e;
    uint64_t bucket;
  };
  std::vector<Made> made(8 * kRun);
  std::vector<uint32_t> fresh(8 * kRun);
  for (; pending > 0; ++k) {
    if (limit != kUnreached && static_cast<double>(k) > limit + limit * 0x1p-16) return listed;
    std::vector<Entry>& slot = buckets[k & mask];
    while (!slot.empty()) {  // entries made for this bucket while it is worked land here again
      current.swap(slot);
      pending -= current.size();
      const size_t count = current.size();
      for (size_t run = 0; run < count; run += kRun) {
        Made* end = made.data();
        uint32_t* first = fresh.data();
        for (size_t at = run; at < std::min(count, run + kRun); ++at) {
          if (at + kAhead < count) {  // the front's cells lie far apart: ask for their lines early
            nb.prefetch_around(current[at + kAhead].cell, g_at);
            costs.prefetch_around(current[at + kAhead].cell, nb.offset[1]);
          }
          const Entry& e = current[at];
          if (e.g != g_at[e.cell]) continue;  // its distance has dropped since: a later entry has it
          if (e.target) limit = std::min(limit, e.g + slack);
          const auto x = static_cast<int>(e.cell % w), y = static_cast<int>(e.cell / w);  // once per cell taken
          for (unsigned bits = nb.legal[e.cell]; bits != 0; bits &= bits - 1) {
            const int d = std::countr_zero(bits);
            const size_t n = nb.to(e.cell, d);
            const double ng = e.g + costs[n] * factor[static_cast<size_t>(d)];
            const double old = g_at[n];
            if (!(ng < old)) continue;
            *first = static_cast<uint32_t>(n);
            first += old == kUnreached ? 1 : 0;  // written for the first time
            g_at[n] = ng;
            const double hn = h(x + kDirections[d].x, y + kDirections[d].y);
            *end++ = {{ng, static_cast<uint32_t>(n), hn == 0}, std::max(k, static_cast<uint64_t>(ng + hn))};
          }
        }
        for (const uint32_t* f = fresh.data(); f != first; ++f) {
          if (touched.size() < max_touched) touched.push_back(*f);
          else listed = false;
        }
        for (const Made* m = made.data(); m != end; ++m) buckets[m->bucket & mask].push_back(m->e);
        pending += static_cast<size_t>(end - made.data());
      }
      current.clear();
    }
  }
  return listed;
}

}  // namespace catacomb::detail::floods
