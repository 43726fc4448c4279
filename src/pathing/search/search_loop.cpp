// The best-first loop of the search engine for every mode: A*, weighted A*, Dijkstra, BFS and
// greedy best-first, with uniform or per-cell costs and any heuristic (search.cpp explains the
// layout and the state; astar_octile.cpp holds the common case, specialised).
//
// One template per (uniform cost, heuristic, greedy): no virtual call, no switch in the loop.
// Each expansion finds the children that improve with eight branch-free compares against the
// per-cell g (walls and closed cells hold kClosed, so they never improve), then queues them.
// Determinism: every sum is done in one fixed order; the open list pops in a total order.
#include <bit>
#include <type_traits>

#include "shared/core/portable.hpp"
#include "pathing/search/search_engine.hpp"
#include "pathing/search/search_internal.hpp"

namespace catacomb {

using detail::abs_diff;
using detail::Before;
using detail::BucketQueue;
using detail::distance_units;
using detail::EntryU;
using detail::EntryW;
using detail::kClosed;
using detail::kNoParent;
using detail::kUnseen;
using detail::LoopResult;

/// The search loop proper: best-first over entries (f, g, cell, parent direction). A child
/// is queued only when it improves on the cell's best g so far; an entry whose cell has been
/// expanded, or whose g is no longer the cell's best, is stale and skipped. g is kept as a
/// pair, straight and diagonal parts (see EntryU and EntryW); with Uniform every step costs 1
/// (costs in units of the one cell cost). `hs` multiplies the heuristic distance; `dc` is the
/// diagonal factor (1 for BFS, which counts moves).
template <bool Uniform, Heuristic H, bool Greedy>
LoopResult GridSearch::Impl::loop(uint32_t start, uint32_t goal, double hs, double dc, double delta, int64_t budget,
                                  bool track, Heuristic track_h, double track_dc) {
  using E = std::conditional_t<Uniform, EntryU, EntryW>;
  BucketQueue<E>* q;
  if constexpr (Uniform) q = &open_u;
  else q = &open_w;
  BucketQueue<E>& open = *q;
  const Before<E> before{};
  last_uniform = Uniform;

  LoopResult r;
  double* g = gs.data();
  uint8_t* md = moves_dir.data();
  uint32_t* tl = touched.get();
  size_t tn = touched_n;
  const double* cost = pcost.data();
  const auto upw = static_cast<uint32_t>(pw);
  const uint64_t dm = div_m;
  const int ds = div_s;
  auto row_of = [dm, ds](uint32_t i) { return static_cast<uint32_t>((uint64_t{i} * dm) >> ds); };
  const int gy = static_cast<int>(row_of(goal)), gx = static_cast<int>(goal - static_cast<uint32_t>(gy) * upw);
  static constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  static constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  detail::Closest closest;

  // f of a cell at (x, y) reached with g = go + gd * dc.
  auto priority = [&](double go, double gd, int x, int y) {
    const int dx = abs_diff(x, gx), dy = abs_diff(y, gy);
    if constexpr (Greedy) {
      return hs * distance_units<H>(dx, dy, dc);
    } else if constexpr (H == Heuristic::Octile) {
      const double h1 = dx > dy ? dx - dy : dy - dx, h2 = dx > dy ? dy : dx;
      return (go + hs * h1) + (gd + hs * h2) * dc;
    } else if constexpr (H == Heuristic::Manhattan || H == Heuristic::Chebyshev) {
      return (go + hs * distance_units<H>(dx, dy, dc)) + gd * dc;
    } else if constexpr (H == Heuristic::Euclidean) {
      return (go + gd * dc) + hs * distance_units<H>(dx, dy, dc);
    } else {
      return go + gd * dc;
    }
  };

  // `next`: the best child of the last expansion when it comes before that expanded entry,
  // hence before everything queued: it is the next pop, so it skips the queue.
  E next{};
  {
    const auto sy = row_of(start);
    next.f = priority(0.0, 0.0, static_cast<int>(start - sy * upw), static_cast<int>(sy));
    next.ik = uint64_t{start} << 32 | kNoParent;
  }
  open.reset(delta, next.f);
  bool have_next = true;
  g[start] = 0.0;  // passable, so unseen until now
  tl[tn++] = start;
  auto offer = [&](const E& c, const E& parent) {
    // A child comes before its parent when its f is lower, or equal with a larger g; with
    // Uniform its g is always larger (a move adds a whole unit).
    bool first;
    if constexpr (Uniform) first = c.f <= parent.f;
    else first = before(c, parent);
    if (!first) {
      open.push(c);
    } else if (!have_next) {
      next = c;
      have_next = true;
    } else if (before(c, next)) {
      open.push(next);
      next = c;
    } else {
      open.push(c);
    }
  };

  r.status = PathStatus::NoPath;
  const auto P = static_cast<ptrdiff_t>(pw);
  for (;;) {
    E e;
    uint32_t ei;
    if (have_next) {  // fresh: cannot be stale
      e = next;
      ei = e.idx();
      have_next = false;
    } else {
      if (!open.pop(e, [g](const E& x) { return x.gv == g[x.idx()]; })) break;
      // Stale: the cell was expanded already (kClosed), or reached more cheaply since.
      ei = e.idx();
      if (e.gv != g[ei]) continue;
    }
    if (budget != 0 && r.expanded >= budget) {
      r.status = PathStatus::BudgetExhausted;
      break;
    }
    g[ei] = kClosed;
    md[2 * size_t{ei} + 1] = static_cast<uint8_t>(e.dir());
    ++r.expanded;
    const auto eyu = row_of(ei);
    const int ex = static_cast<int>(ei - eyu * upw), ey = static_cast<int>(eyu);
    if (track) { closest.offer(r, distance_units(track_h, abs_diff(ex, gx), abs_diff(ey, gy), track_dc), e.gv, ei); }
    if (ei == goal) {
      r.status = PathStatus::Found;
      r.end = goal;
      break;
    }
    // The children that improve, as a bit set over directions, without a branch: a wall or
    // border cell holds kClosed, and the cell's legal moves mask the diagonals.
    const double* gc = g + ei;
    unsigned m;
    [[maybe_unused]] double ea = 0, eb = 0;  // uniform: the move counts of e
    [[maybe_unused]] double g_straight = 0, g_diagonal = 0;
    if constexpr (Uniform) {
      ea = static_cast<double>(e.a(dc));
      eb = static_cast<double>(e.b());
      g_straight = (ea + 1.0) + eb * dc;
      g_diagonal = ea + (eb + 1.0) * dc;
      m = static_cast<unsigned>(g_straight < gc[1]) | static_cast<unsigned>(g_straight < gc[P]) << 1 |
          static_cast<unsigned>(g_straight < gc[-1]) << 2 | static_cast<unsigned>(g_straight < gc[-P]) << 3 |
          static_cast<unsigned>(g_diagonal < gc[P + 1]) << 4 | static_cast<unsigned>(g_diagonal < gc[P - 1]) << 5 |
          static_cast<unsigned>(g_diagonal < gc[-P - 1]) << 6 | static_cast<unsigned>(g_diagonal < gc[-P + 1]) << 7;
    } else {
      const double* cc = cost + ei;
      auto straight = [&](ptrdiff_t o) { return (e.go + cc[o]) + e.gd * dc; };
      auto diagonal = [&](ptrdiff_t o) { return e.go + (e.gd + cc[o]) * dc; };
      m = static_cast<unsigned>(straight(1) < gc[1]) | static_cast<unsigned>(straight(P) < gc[P]) << 1 |
          static_cast<unsigned>(straight(-1) < gc[-1]) << 2 | static_cast<unsigned>(straight(-P) < gc[-P]) << 3 |
          static_cast<unsigned>(diagonal(P + 1) < gc[P + 1]) << 4 |
          static_cast<unsigned>(diagonal(P - 1) < gc[P - 1]) << 5 |
          static_cast<unsigned>(diagonal(-P - 1) < gc[-P - 1]) << 6 |
          static_cast<unsigned>(diagonal(-P + 1) < gc[-P + 1]) << 7;
    }
    m &= md[2 * size_t{ei}];
    // In direction order, straight moves first: the first move to reach a cell at its best g
    // is its parent.
    for (; m != 0; m &= m - 1) {
      const auto d = static_cast<uint32_t>(std::countr_zero(m));
      const uint32_t ni = ei + offset[d];
      const bool diag = d >= 4;
      E c;
      if constexpr (Uniform) {
        c.gv = diag ? g_diagonal : g_straight;
        c.ik = EntryU::pack(ni, e.b() + static_cast<uint32_t>(diag), d);
        c.f = priority(diag ? ea : ea + 1.0, diag ? eb + 1.0 : eb, ex + kDx[d], ey + kDy[d]);
      } else {
        c.go = diag ? e.go : e.go + cost[ni];
        c.gd = diag ? e.gd + cost[ni] : e.gd;
        c.gv = c.go + c.gd * dc;
        c.ik = uint64_t{ni} << 32 | d;
        c.f = priority(c.go, c.gd, ex + kDx[d], ey + kDy[d]);
      }
      tl[tn] = ni;  // listed once, when first reached
      tn += g[ni] == kUnseen ? size_t{1} : size_t{0};
      g[ni] = c.gv;
      detail::prefetch(md + 2 * size_t{ni});  // its moves, read when it is expanded
      offer(c, e);
    }
  }
  touched_n = tn;
  return r;
}

template <Heuristic H>
LoopResult GridSearch::Impl::run_h(bool uniform_steps, bool greedy, uint32_t start, uint32_t goal, double hs, double dc,
                                   double delta, int64_t budget, bool track, Heuristic track_h, double track_dc) {
  if (uniform_steps) {
    return greedy ? loop<true, H, true>(start, goal, hs, dc, delta, budget, track, track_h, track_dc)
                  : loop<true, H, false>(start, goal, hs, dc, delta, budget, track, track_h, track_dc);
  }
  return greedy ? loop<false, H, true>(start, goal, hs, dc, delta, budget, track, track_h, track_dc)
                : loop<false, H, false>(start, goal, hs, dc, delta, budget, track, track_h, track_dc);
}

LoopResult GridSearch::Impl::run(Heuristic hk, bool uniform_steps, bool greedy, uint32_t start, uint32_t goal,
                                 double hs, double dc, double delta, int64_t budget, bool track, Heuristic track_h,
                                 double track_dc) {
  switch (hk) {
    case Heuristic::Manhattan:
      return run_h<Heuristic::Manhattan>(uniform_steps, greedy, start, goal, hs, dc, delta, budget, track, track_h,
                                         track_dc);
    case Heuristic::Octile:
      return run_h<Heuristic::Octile>(uniform_steps, greedy, start, goal, hs, dc, delta, budget, track, track_h,
                                      track_dc);
    case Heuristic::Chebyshev:
      return run_h<Heuristic::Chebyshev>(uniform_steps, greedy, start, goal, hs, dc, delta, budget, track, track_h,
                                         track_dc);
    case Heuristic::Euclidean:
      return run_h<Heuristic::Euclidean>(uniform_steps, greedy, start, goal, hs, dc, delta, budget, track, track_h,
                                         track_dc);
    case Heuristic::Zero: break;
  }
  return run_h<Heuristic::Zero>(uniform_steps, greedy, start, goal, hs, dc, delta, budget, track, track_h, track_dc);
}

}  // namespace catacomb
