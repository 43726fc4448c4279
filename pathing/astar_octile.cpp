// A* with weight 1 and the octile heuristic on a map whose passable cells all cost the same:
// the common case (the Moving AI benchmarks, the CLI's default), specialised. It expands the
// same cells in the same order and returns the same path as the generic loop
// (search_loop.cpp) with those options; only the arithmetic and the tests are cheaper:
//
// - f = (go + h1) + (gd + h2) * dc, with go, gd the straight and diagonal moves of g and h1, h2
//   those of the heuristic. With weight 1 both sums are whole numbers, exact in doubles, so
//   they are done on integers and converted once: the same bits as the generic loop's doubles.
// - The children that improve (ng < g of the cell, where walls and closed cells hold kClosed)
//   come from four SSE2 compares of two lanes each when SSE2 is there (every x86-64), eight
//   scalar ones elsewhere; a table puts the bits in direction order.
// - A child's g is larger than its parent's (a move adds a whole unit), so "the child comes
//   before its parent" is just f(child) <= f(parent).
#include <array>
#include <bit>

#include "pathing/search_engine.hpp"
#include "pathing/search_internal.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace catacomb {
namespace {

using detail::abs_diff;
using detail::Before;
using detail::BucketQueue;
using detail::distance_units;
using detail::EntryU;
using detail::kClosed;
using detail::kNoParent;
using detail::kUnseen;
using detail::LoopResult;

#if defined(__SSE2__)
/// improving(): the SSE2 compares give bits NW N | SW S | W E | SE NE (two per pair, low
/// first); this table puts each in its kDirections bit (E S W N SE SW NW NE).
constexpr auto kImproveBits = [] {
  std::array<uint8_t, 256> t{};
  constexpr int kDir[8] = {6, 3, 5, 1, 2, 0, 4, 7};  // source bit -> direction
  for (unsigned i = 0; i < 256; ++i) {
    unsigned v = 0;
    for (int k = 0; k < 8; ++k)
      if (i >> k & 1u) v |= 1u << kDir[k];
    t[i] = static_cast<uint8_t>(v);
  }
  return t;
}();
#endif

/// The children of the cell at `gc` (its g) that improve, as a bit set over kDirections:
/// straight ones reached with g `gs`, diagonal ones with `gd`. A wall holds kClosed, so it
/// never improves; the legal moves mask the diagonals afterwards.
inline unsigned improving(const double* gc, ptrdiff_t P, double gs, double gd) {
#if defined(__SSE2__)
  const __m128d t_ds = _mm_set_pd(gs, gd);  // lane 0 gd, lane 1 gs
  const __m128d up = _mm_loadu_pd(gc - P - 1);  // NW, N
  const __m128d down = _mm_loadu_pd(gc + P - 1);  // SW, S
  const __m128d mid = _mm_set_pd(gc[1], gc[-1]);  // W, E
  const __m128d right = _mm_set_pd(gc[-P + 1], gc[P + 1]);  // SE, NE
  const auto u = static_cast<unsigned>(_mm_movemask_pd(_mm_cmplt_pd(t_ds, up)));
  const auto dn = static_cast<unsigned>(_mm_movemask_pd(_mm_cmplt_pd(t_ds, down)));
  const auto mi = static_cast<unsigned>(_mm_movemask_pd(_mm_cmplt_pd(_mm_set1_pd(gs), mid)));
  const auto ri = static_cast<unsigned>(_mm_movemask_pd(_mm_cmplt_pd(_mm_set1_pd(gd), right)));
  return kImproveBits[u | dn << 2 | mi << 4 | ri << 6];
#else
  return static_cast<unsigned>(gs < gc[1]) | static_cast<unsigned>(gs < gc[P]) << 1 |
         static_cast<unsigned>(gs < gc[-1]) << 2 | static_cast<unsigned>(gs < gc[-P]) << 3 |
         static_cast<unsigned>(gd < gc[P + 1]) << 4 | static_cast<unsigned>(gd < gc[P - 1]) << 5 |
         static_cast<unsigned>(gd < gc[-P - 1]) << 6 | static_cast<unsigned>(gd < gc[-P + 1]) << 7;
#endif
}

}  // namespace

/// The loop for the common case, specialised: A* with weight 1 and the octile heuristic on
/// a map of one cell cost (in units of that cost, any diagonal factor). Same entries, same
/// order, same results as loop<true, Heuristic::Octile, false> with hs = 1; cheaper steps:
/// f = (go + h1) + (gd + h2) * dc, whose two sums are whole numbers, is computed from integer
/// move counts, and the children that improve are found with SSE2 compares when available.
LoopResult GridSearch::Impl::loop_octile(uint32_t start, uint32_t goal, double dc, double delta, int64_t budget,
                                         bool track, Heuristic track_h, double track_dc) {
  using E = EntryU;
  BucketQueue<E>& open = open_u;
  last_uniform = true;
  LoopResult r;
  double* g = gs.data();
  uint8_t* md = moves_dir.data();
  uint32_t* tl = touched.data();
  size_t tn = touched_n;
  const auto upw = static_cast<uint32_t>(pw);
  const uint64_t dm = div_m;
  const int ds = div_s;
  auto row_of = [dm, ds](uint32_t i) { return static_cast<uint32_t>((uint64_t{i} * dm) >> ds); };
  const int gy = static_cast<int>(row_of(goal)), gx = static_cast<int>(goal - static_cast<uint32_t>(gy) * upw);
  static constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  static constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  double track_d = 0, track_g = 0;
  // f of a cell (rx, ry) away from the goal reached with go straight and gd diagonal moves:
  // (go + h1) + (gd + h2) * dc with h = h1 straight and h2 diagonal moves, as loop() adds it
  // (its sums of whole numbers are exact, so they can be done on integers).
  auto priority = [dc](uint32_t go, uint32_t gd, int rx, int ry) {
    const int dx = rx < 0 ? -rx : rx, dy = ry < 0 ? -ry : ry;
    const int h1 = dx > dy ? dx - dy : dy - dx, h2 = dx > dy ? dy : dx;
    return static_cast<double>(go + static_cast<uint32_t>(h1)) +
           static_cast<double>(gd + static_cast<uint32_t>(h2)) * dc;
  };

  E next{};
  {
    const auto sy = row_of(start);
    next.f = priority(0, 0, static_cast<int>(start - sy * upw) - gx, static_cast<int>(sy) - gy);
    next.ik = uint64_t{start} << 32 | kNoParent;
  }
  open.reset(delta, next.f);
  bool have_next = true;
  g[start] = 0.0;
  tl[tn++] = start;
  const auto P = static_cast<ptrdiff_t>(pw);
  r.status = PathStatus::NoPath;
  for (;;) {
    E e;
    uint32_t ei;
    if (have_next) {
      e = next;
      ei = e.idx();
      have_next = false;
    } else {
      if (!open.pop(e, [g](const E& x) { return x.gv == g[x.idx()]; })) break;
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
    if (track) {
      const double d = distance_units(track_h, abs_diff(ex, gx), abs_diff(ey, gy), track_dc);
      const double eg = e.gv;
      if (!r.have_best || d < track_d || (d == track_d && (eg < track_g || (eg == track_g && ei < r.best)))) {
        r.have_best = true;
        r.best = ei;
        track_d = d;
        track_g = eg;
      }
    }
    if (ei == goal) {
      r.status = PathStatus::Found;
      r.end = goal;
      break;
    }
    const uint32_t ea = e.a(dc), eb = e.b();
    const double child_g[2] = {(static_cast<double>(ea) + 1.0) + static_cast<double>(eb) * dc,
                               static_cast<double>(ea) + (static_cast<double>(eb) + 1.0) * dc};
    const unsigned m = improving(g + ei, P, child_g[0], child_g[1]) & md[2 * size_t{ei}];
    const int rx = ex - gx, ry = ey - gy;
    for (unsigned bits = m; bits != 0; bits &= bits - 1) {
      const auto d = static_cast<uint32_t>(std::countr_zero(bits));
      const uint32_t ni = ei + offset[d];
      const uint32_t diag = d >> 2;
      E c;
      c.gv = child_g[diag];
      c.ik = EntryU::pack(ni, eb + diag, d);
      c.f = priority(ea + 1 - diag, eb + diag, rx + kDx[d], ry + kDy[d]);
      tl[tn] = ni;  // listed once, when first reached
      tn += g[ni] == kUnseen ? size_t{1} : size_t{0};
      g[ni] = c.gv;
      __builtin_prefetch(md + 2 * size_t{ni});
      // A child comes first when its f is not above its parent's (its g is larger).
      if (c.f > e.f) {
        open.push(c);
      } else if (!have_next) {
        next = c;
        have_next = true;
      } else if (Before<E>{}(c, next)) {
        open.push(next);
        next = c;
      } else {
        open.push(c);
      }
    }
  }
  touched_n = tn;
  return r;
}

}  // namespace catacomb
