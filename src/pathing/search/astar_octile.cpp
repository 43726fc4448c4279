// A* with weight 1 and the octile heuristic on a map whose passable cells all cost the same:
// the common case (the Moving AI benchmarks, the CLI's default), specialised. It expands the
// same cells in the same order and returns the same path as the generic loop
// (search_loop.cpp) with those options; only the arithmetic, the tests and the queue's work
// are cheaper:
//
// - f = (go + h1) + (gd + h2) * dc, with go, gd the straight and diagonal moves of g and h1, h2
//   those of the heuristic. With weight 1 both sums are whole numbers, exact in doubles, so
//   they are done on whole-number doubles without a conversion per child: the same bits as
//   the generic loop's.
// - The children that improve (ng < g of the cell, where walls and closed cells hold kClosed)
//   come from four SSE2 compares of two lanes each when SSE2 is there (every x86-64), eight
//   scalar ones elsewhere; a table puts the bits in direction order.
// - A child's g is larger than its parent's (a move adds a whole unit), so "the child comes
//   before its parent" is just f(child) <= f(parent).
// - A diagonal child that an open straight neighbour will reach more cheaply, and sooner, gets
//   its g but no entry (see children()): a good part of the entries that would only go stale
//   are never queued. The search state, and so every result, stays the generic loop's.
#include <array>
#include <bit>
#include <cmath>

#include "shared/core/portable.hpp"
#include "pathing/search/search_engine.hpp"
#include "pathing/search/search_internal.hpp"

// CATACOMB_NO_SIMD builds the scalar fallback on x86-64 too, to test it.
#if defined(__SSE2__) && !defined(CATACOMB_NO_SIMD)
#define CATACOMB_OCTILE_SSE2 1
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

#if defined(CATACOMB_OCTILE_SSE2)
/// A table that moves bit k of its index to bit dir[k]: from the order the SSE2 compares give
/// to kDirections (E S W N SE SW NW NE).
template <size_t Bits>
constexpr std::array<uint8_t, size_t{1} << Bits> direction_bits(const int (&dir)[Bits]) {
  std::array<uint8_t, size_t{1} << Bits> t{};
  for (unsigned i = 0; i < t.size(); ++i) {
    unsigned v = 0;
    for (size_t k = 0; k < Bits; ++k)
      if (i >> k & 1u) v |= 1u << dir[k];
    t[i] = static_cast<uint8_t>(v);
  }
  return t;
}
/// children(): the improving children come as bits NW N | SW S | W E | SE NE (two per pair,
/// low first), the dominated diagonals as SW NE | NW SE.
constexpr int kImproveDir[8] = {6, 3, 5, 1, 2, 0, 4, 7};
constexpr int kDominatedDir[4] = {5, 7, 6, 4};
constexpr auto kImproveBits = direction_bits(kImproveDir);
constexpr auto kDominatedBits = direction_bits(kDominatedDir);
#endif

/// What the neighbours of an expanded cell say of its children, as bit sets over kDirections.
struct Children {
  unsigned improve;    ///< the children that improve
  unsigned dominated;  ///< diagonal children that would only queue a stale entry
};

/// The children of the cell at `gc` (its g): those that improve, straight ones reached with g
/// `gs` and diagonal ones with `gd` (a wall holds kClosed, so it never improves; the legal
/// moves mask the diagonals afterwards), and the diagonal ones that are dominated: whose
/// straight neighbour O between them and the cell is open (g >= 0: not kClosed, not kUnseen)
/// with g(O) + 1 < `gd`. O reaches such a child more cheaply, and O is expanded first (its f is
/// lower, the heuristic being consistent), so the child's entry would be dropped unused: the
/// loop sets its g but queues nothing, which changes no path, cost, expansion count or
/// frontier and spares the queue a good part of its stale entries. The margin keeps that test
/// clear of rounding for any diagonal factor (near ties are queued).
inline Children children(const double* gc, ptrdiff_t P, double gs, double gd) {
  const double t = gd - 1.0 - 1e-9 * (1.0 + gd);
#if defined(CATACOMB_OCTILE_SSE2)
  const __m128d t_ds = _mm_set_pd(gs, gd);                  // lane 0 gd, lane 1 gs
  const __m128d up = _mm_loadu_pd(gc - P - 1);              // NW, N
  const __m128d down = _mm_loadu_pd(gc + P - 1);            // SW, S
  const __m128d mid = _mm_set_pd(gc[1], gc[-1]);            // W, E
  const __m128d right = _mm_set_pd(gc[-P + 1], gc[P + 1]);  // SE, NE
  const auto u = static_cast<unsigned>(_mm_movemask_pd(_mm_cmplt_pd(t_ds, up)));
  const auto dn = static_cast<unsigned>(_mm_movemask_pd(_mm_cmplt_pd(t_ds, down)));
  const auto mi = static_cast<unsigned>(_mm_movemask_pd(_mm_cmplt_pd(_mm_set1_pd(gs), mid)));
  const auto ri = static_cast<unsigned>(_mm_movemask_pd(_mm_cmplt_pd(_mm_set1_pd(gd), right)));
  const __m128d tv = _mm_set1_pd(t), zero = _mm_setzero_pd();
  const __m128d sn = _mm_unpackhi_pd(down, up);  // S, N
  const __m128d ok_we = _mm_and_pd(_mm_cmpge_pd(mid, zero), _mm_cmplt_pd(mid, tv));
  const __m128d ok_sn = _mm_and_pd(_mm_cmpge_pd(sn, zero), _mm_cmplt_pd(sn, tv));
  const auto c = static_cast<unsigned>(_mm_movemask_pd(_mm_or_pd(ok_we, ok_sn)));                            // SW, NE
  const auto d = static_cast<unsigned>(_mm_movemask_pd(_mm_or_pd(ok_we, _mm_shuffle_pd(ok_sn, ok_sn, 1))));  // NW, SE
  return {kImproveBits[u | dn << 2 | mi << 4 | ri << 6], kDominatedBits[c | d << 2]};
#else
  auto ok = [t](double x) { return static_cast<unsigned>(x >= 0.0) & static_cast<unsigned>(x < t); };
  const unsigned e = ok(gc[1]), s = ok(gc[P]), w = ok(gc[-1]), n = ok(gc[-P]);
  return {static_cast<unsigned>(gs < gc[1]) | static_cast<unsigned>(gs < gc[P]) << 1 |
              static_cast<unsigned>(gs < gc[-1]) << 2 | static_cast<unsigned>(gs < gc[-P]) << 3 |
              static_cast<unsigned>(gd < gc[P + 1]) << 4 | static_cast<unsigned>(gd < gc[P - 1]) << 5 |
              static_cast<unsigned>(gd < gc[-P - 1]) << 6 | static_cast<unsigned>(gd < gc[-P + 1]) << 7,
          (e | s) << 4 | (s | w) << 5 | (w | n) << 6 | (n | e) << 7};
#endif
}

}  // namespace

/// The loop for the common case, specialised: A* with weight 1 and the octile heuristic on
/// a map of one cell cost (in units of that cost, any diagonal factor). Same entries, same
/// order, same results as loop<true, Heuristic::Octile, false> with hs = 1; cheaper steps:
/// f = (go + h1) + (gd + h2) * dc, whose two sums are whole numbers, is computed from whole
/// numbers held exactly in doubles (no conversion per child), an entry's cell and move count
/// come from its parent's by one addition, and the children that improve are found with SSE2
/// compares when available. Track and Budget compile the fallback and the budget out of the
/// plain query.
template <bool Track, bool Budget>
LoopResult GridSearch::Impl::loop_octile_t(uint32_t start, uint32_t goal, double dc, double delta, int64_t budget,
                                           Heuristic track_h, double track_dc) {
  using E = EntryU;
  BucketQueue<E>& open = open_u;
  last_uniform = true;
  LoopResult r;
  double* g = gs.data();
  uint8_t* md = moves_dir.data();
  uint32_t* tl = touched.get();
  size_t tn = touched_n;
  const auto upw = static_cast<uint32_t>(pw);
  const uint64_t dm = div_m;
  const int ds = div_s;
  auto row_of = [dm, ds](uint32_t i) { return static_cast<uint32_t>((uint64_t{i} * dm) >> ds); };
  const int gy = static_cast<int>(row_of(goal)), gx = static_cast<int>(goal - static_cast<uint32_t>(gy) * upw);
  static constexpr double kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  static constexpr double kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  // A child's ik is its parent's cell and diagonal count plus kIk[d]: the offset in the cell
  // field, one more diagonal move for d >= 4, and the direction (the parent's is cleared).
  uint64_t kIk[8];
  for (uint32_t d = 0; d < 8; ++d)
    kIk[d] = (static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(offset[d]))) << 32) +
             (uint64_t{d >> 2} << 4) + d;
  detail::Closest closest;
  const uint64_t kUnseenBits = detail::bit_cast<uint64_t>(kUnseen);

  E next{};
  {
    const auto sy = row_of(start);
    const int dx = abs_diff(static_cast<int>(start - sy * upw), gx), dy = abs_diff(static_cast<int>(sy), gy);
    const int h1 = dx > dy ? dx - dy : dy - dx, h2 = dx > dy ? dy : dx;
    next.f = static_cast<double>(h1) + static_cast<double>(h2) * dc;
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
    if constexpr (Budget) {
      if (r.expanded >= budget) {
        r.status = PathStatus::BudgetExhausted;
        break;
      }
    }
    g[ei] = kClosed;
    md[2 * size_t{ei} + 1] = static_cast<uint8_t>(e.dir());
    ++r.expanded;
    const auto eyu = row_of(ei);
    const int ex = static_cast<int>(ei - eyu * upw), ey = static_cast<int>(eyu);
    if constexpr (Track) {
      closest.offer(r, distance_units(track_h, abs_diff(ex, gx), abs_diff(ey, gy), track_dc), e.gv, ei);
    }
    if (ei == goal) {
      r.status = PathStatus::Found;
      r.end = goal;
      break;
    }
    // Move counts of e as doubles (whole numbers, exact), and per kind of move (straight,
    // diagonal) the child's g and the two whole parts of its f before the heuristic's.
    const double eb = static_cast<double>(e.b());
    const double ea = static_cast<double>(e.a(dc));
    const double sa = ea + 1.0, db = eb + 1.0;
    const double child_g[2] = {sa + eb * dc, ea + db * dc};
    const double part_a[2] = {sa, ea}, part_b[2] = {eb, db};
    const Children ch = children(g + ei, P, child_g[0], child_g[1]);
    unsigned m = ch.improve & md[2 * size_t{ei}];
    {
      // Dominated diagonal children get their g (the search state stays exactly the generic
      // loop's, frontier included) but no entry, which would only go stale.
      const unsigned quiet = m & ch.dominated;
      m ^= quiet;
      for (unsigned bits = quiet; bits != 0; bits &= bits - 1) {
        const uint32_t ni = ei + offset[std::countr_zero(bits)];
        tl[tn] = ni;
        tn += detail::bit_cast<uint64_t>(g[ni]) == kUnseenBits ? size_t{1} : size_t{0};
        g[ni] = child_g[1];
      }
    }
    const double rx = static_cast<double>(ex - gx), ry = static_cast<double>(ey - gy);
    const uint64_t base = e.ik & ~uint64_t{15};
    for (unsigned bits = m; bits != 0; bits &= bits - 1) {
      const auto d = static_cast<uint32_t>(std::countr_zero(bits));
      const uint32_t diag = d >> 2;
      E c;
      c.gv = child_g[diag];
      c.ik = base + kIk[d];
      const uint32_t ni = c.idx();
      // The heuristic's moves from the child: h1 straight, h2 diagonal (whole numbers).
      const double ax = std::fabs(rx + kDx[d]), ay = std::fabs(ry + kDy[d]);
      const double h2 = ax < ay ? ax : ay, h1 = std::fabs(ax - ay);
      c.f = (part_a[diag] + h1) + (part_b[diag] + h2) * dc;
      tl[tn] = ni;  // listed once, when first reached
      tn += detail::bit_cast<uint64_t>(g[ni]) == kUnseenBits ? size_t{1} : size_t{0};
      g[ni] = c.gv;
      detail::prefetch(md + 2 * size_t{ni});
      // A child comes first when its f is not above its parent's (its g is larger). Pushes
      // are Bounded: f < 2^31 on any map (fewer than kMaxSide^2 moves of at most 2 units,
      // plus the heuristic), so f / delta needs no clamp.
      if (c.f > e.f) {
        open.template push<true>(c);
      } else if (!have_next) {
        next = c;
        have_next = true;
      } else if (Before<E>{}(c, next)) {
        open.template push<true>(next);
        next = c;
      } else {
        open.template push<true>(c);
      }
    }
  }
  touched_n = tn;
  return r;
}

LoopResult GridSearch::Impl::loop_octile(uint32_t start, uint32_t goal, double dc, double delta, int64_t budget,
                                         bool track, Heuristic track_h, double track_dc) {
  if (track)
    return budget != 0 ? loop_octile_t<true, true>(start, goal, dc, delta, budget, track_h, track_dc)
                       : loop_octile_t<true, false>(start, goal, dc, delta, budget, track_h, track_dc);
  return budget != 0 ? loop_octile_t<false, true>(start, goal, dc, delta, budget, track_h, track_dc)
                     : loop_octile_t<false, false>(start, goal, dc, delta, budget, track_h, track_dc);
}

}  // namespace catacomb
