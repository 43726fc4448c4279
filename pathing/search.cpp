// One best-first engine for A*, Dijkstra, BFS and greedy best-first on grids.
//
// Layout: the bound cost grid is copied into a padded grid (one impassable cell on every side),
// so a neighbour is `index + offset[d]` with no bounds check. For each Moves a per-cell byte
// holds the legal moves out of the cell (bit d = direction d of kDirections), and a
// connected-component labeling answers "no path" without expanding anything; both are built
// lazily, once per map and Moves, and cached until the map changes.
//
// Search state is a structure of arrays, because memory latency, not arithmetic, bounds a grid
// search: an open and a closed bit per cell (the words a query dirties are cleared at the start
// of the next one, so nothing is cleared in full), the best g so far, the parent direction. On
// a map whose passable cells all cost the same the search counts moves, g = a + b * dc for a
// straight and b diagonal moves (in units of that cost), so equal real costs compare equal and
// the larger-g tie-break works as meant instead of on rounding noise; otherwise g is kept as
// go + gd * dc, the summed entry costs of the straight and of the diagonal moves (exact for
// integer costs). A cell is expanded once (closed cells are never reopened: the heuristics,
// scaled by the smallest step cost, are consistent for the neighbourhoods they suit, and
// weighted A* without reopening stays within w x optimal).
//
// Open list (BucketQueue): a ring of narrow buckets over f; only the current bucket is ordered
// (a binary heap plus a sorted stack for the children that come before everything, the common
// case), later ones are unordered chunk lists, so the many entries whose f lies past the
// goal's are never ordered at all, and stale entries are dropped before a bucket is ordered.
// The loop is a template per (uniform cost, heuristic, greedy): no virtual call, no switch.
// Time O(E log B) per query for the E edges it relaxes and buckets of B entries; memory about
// 11 bytes per cell, plus 5 per cell for each Moves used. Queries on a map of the same size
// allocate nothing but the returned path once the buffers have grown to their high-water mark.
//
// Determinism: the open list pops in a total order (lower f, then larger g, then lower cell
// index; the padded index has the same order as the row-major one), and every cost is IEEE
// double arithmetic done in one fixed order (the build sets -ffp-contract=off), so every
// platform expands the same cells and returns the same path.
#include "pathing/search.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <type_traits>

#include "core/error.hpp"
#include "core/problems.hpp"
#include "pathing/jps.hpp"
#include "pathing/open_list.hpp"
#include "pathing/search_internal.hpp"

namespace catacomb {
namespace {

using detail::distance_units;
using namespace detail;  // open-list types, shared formulas
using detail::scaled_cost;



/// Cache slot for one Moves: 0 = 4 neighbours (or 8 with Never), 1..3 = 8 with NoCornerCut,
/// OneFree, Always.
int moves_key(const Moves& m) {
  if (!m.diagonals()) return 0;
  switch (m.diagonal) {
    case DiagonalPolicy::NoCornerCut: return 1;
    case DiagonalPolicy::OneFree: return 2;
    case DiagonalPolicy::Always: return 3;
    case DiagonalPolicy::Never: return 0;
  }
  return 0;
}
constexpr int kMoveKeys = 4;

/// The outcome of the engine's loop.
struct LoopResult {
  PathStatus status = PathStatus::NoPath;
  uint32_t end = 0;  ///< goal index when found
  int64_t expanded = 0;
  bool have_best = false;  ///< fallback: the closest expanded cell, when tracked
  uint32_t best = 0;
};

}  // namespace

// --- the engine ------------------------------------------------------------------------------

struct GridSearch::Impl {
  // The bound map.
  CostGrid costs;
  int w = 0, h = 0;
  int pw = 2;  ///< padded width
  size_t padded = 0;
  std::vector<uint8_t> passable;  ///< padded, 0 on the border

  // Effective costs for one cost_scale (padded, kImpassable on the border and walls).
  std::vector<double> pcost;
  bool pcost_valid = false;
  double pcost_scale = 1.0;
  double min_cost = 1.0;
  bool uniform = true;
  double max_cost = 1.0;

  // Per Moves: legal-move masks and component labels (padded), built lazily.
  std::vector<uint8_t> masks[kMoveKeys];
  std::vector<int32_t> labels[kMoveKeys];

  // Scratch, structure of arrays so that the hot tests touch little memory: per padded cell
  // an "open" bit (reached in this query) and a "closed" bit (expanded), the best g found so
  // far (valid while open), and two bytes side by side, the cell's legal moves under the
  // current Moves (a copy of masks[key]) and the direction of the move that reached it, which
  // are read and written together when the cell is expanded. The words of the bit sets that
  // the last query dirtied are listed, to clear them at the start of the next.
  std::vector<uint64_t> open_bits;
  std::vector<uint64_t> closed_bits;
  std::vector<uint32_t> dirty_words;
  std::vector<double> best_g;
  std::vector<uint8_t> moves_dir;  ///< [2i] legal moves, [2i + 1] parent direction
  int moves_dir_key = -1;          ///< the Moves key whose masks moves_dir holds
  BucketQueue<EntryU> open_u;
  BucketQueue<EntryW> open_w;
  bool last_uniform = true;  ///< which queue the last query used
  bool last_valid = false;
  std::vector<uint32_t> stack;

  JumpPointSearch jps;
  bool jps_bound = false;  ///< jps holds the bound map

  uint32_t offset[8] = {};

  void bind() {
    w = costs.width();
    h = costs.height();
    pw = w + 2;
    const size_t n = static_cast<size_t>(pw) * static_cast<size_t>(h + 2);
    if (n != padded) {
      padded = n;
      open_bits.assign((n + 63) / 64, 0);
      closed_bits.assign((n + 63) / 64, 0);
      dirty_words.clear();
      best_g.assign(n, 0.0);
      moves_dir.assign(2 * n, static_cast<uint8_t>(kNoParent));
    }
    passable.assign(n, 0);
    for (int y = 0; y < h; ++y) {
      const double* row = costs.row(y);
      uint8_t* out = passable.data() + pidx(0, y);
      for (int x = 0; x < w; ++x) out[x] = row[x] != CostTable::kImpassable ? 1 : 0;
    }
    pcost_valid = false;
    moves_dir_key = -1;
    for (int k = 0; k < kMoveKeys; ++k) {
      masks[k].clear();
      masks[k].shrink_to_fit();
      labels[k].clear();
      labels[k].shrink_to_fit();
    }
    last_valid = false;
    jps_bound = false;
    const int dirs[8] = {1, pw, -1, -pw, pw + 1, pw - 1, -pw - 1, -pw + 1};
    for (int d = 0; d < 8; ++d) offset[d] = static_cast<uint32_t>(dirs[d]);
  }

  /// Padded index of the map cell (x, y).
  size_t pidx(int x, int y) const {
    return static_cast<size_t>(y + 1) * static_cast<size_t>(pw) + static_cast<size_t>(x + 1);
  }
  Point point_of(uint32_t i) const {
    const auto upw = static_cast<uint32_t>(pw);
    return {static_cast<int>(i % upw) - 1, static_cast<int>(i / upw) - 1};
  }

  void ensure_costs(double scale) {
    if (pcost_valid && pcost_scale == scale) return;
    pcost.assign(padded, CostTable::kImpassable);
    double lo = CostTable::kImpassable, hi = 0;
    for (int y = 0; y < h; ++y) {
      const double* row = costs.row(y);
      double* out = pcost.data() + pidx(0, y);
      for (int x = 0; x < w; ++x) {
        const double c = scaled_cost(row[x], scale);
        out[x] = c;
        if (c != CostTable::kImpassable) {
          lo = std::min(lo, c);
          hi = std::max(hi, c);
        }
      }
    }
    min_cost = lo == CostTable::kImpassable ? 1.0 : lo;
    max_cost = lo == CostTable::kImpassable ? 1.0 : hi;
    uniform = lo == CostTable::kImpassable || lo == hi;
    pcost_scale = scale;
    pcost_valid = true;
  }

  const std::vector<uint8_t>& ensure_masks(const Moves& m) {
    const int key = moves_key(m);
    std::vector<uint8_t>& mk = masks[key];
    if (!mk.empty() || padded == 0) return mk;
    mk.assign(padded, 0);
    const uint8_t* p = passable.data();
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const auto i = static_cast<uint32_t>(pidx(x, y));
        if (!p[i]) continue;
        uint8_t bits = 0;
        bool orth[4];
        for (int d = 0; d < 4; ++d) {
          orth[d] = p[static_cast<uint32_t>(i + offset[d])] != 0;
          if (orth[d]) bits = static_cast<uint8_t>(bits | (1u << d));
        }
        if (key != 0) {
          for (int d = 4; d < 8; ++d) {
            if (!p[static_cast<uint32_t>(i + offset[d])]) continue;
            const bool a = orth[kDiagonalParts[d - 4][0]], b = orth[kDiagonalParts[d - 4][1]];
            const bool ok = key == 1 ? (a && b) : key == 2 ? (a || b) : true;
            if (ok) bits = static_cast<uint8_t>(bits | (1u << d));
          }
        }
        mk[i] = bits;
      }
    }
    return mk;
  }

  /// Component labels for Moves `m` (legal moves are symmetric under every policy, so
  /// connected = reachable). Iterative flood fill, labels in row-major order of first cells.
  const std::vector<int32_t>& ensure_labels(const Moves& m) {
    const int key = moves_key(m);
    std::vector<int32_t>& lab = labels[key];
    if (!lab.empty() || padded == 0) return lab;
    const std::vector<uint8_t>& mk = ensure_masks(m);
    lab.assign(padded, -1);
    int32_t next = 0;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const size_t s = pidx(x, y);
        if (!passable[s] || lab[s] != -1) continue;
        lab[s] = next;
        stack.clear();
        stack.push_back(static_cast<uint32_t>(s));
        while (!stack.empty()) {
          const uint32_t c = stack.back();
          stack.pop_back();
          unsigned bits = mk[c];
          while (bits) {
            const int d = std::countr_zero(bits);
            bits &= bits - 1;
            const uint32_t n = c + offset[d];
            if (lab[n] == -1) {
              lab[n] = next;
              stack.push_back(n);
            }
          }
        }
        ++next;
      }
    }
    return lab;
  }

  /// Starts a new query generation.
  void next_generation() {
    for (uint32_t k : dirty_words) open_bits[k] = closed_bits[k] = 0;
    dirty_words.clear();
  }

  /// The search loop proper: best-first over entries (f, g, cell, parent direction). A child
  /// is queued only when it improves on the cell's best g so far; an entry whose cell has been
  /// expanded, or whose g is no longer the cell's best, is stale and skipped. g is kept as a
  /// pair, straight and diagonal parts (see EntryU and EntryW); with Uniform every step costs 1
  /// (costs in units of the one cell cost). `hs` multiplies the heuristic distance; `dc` is the
  /// diagonal factor (1 for BFS, which counts moves).
  template <bool Uniform, Heuristic H, bool Greedy>
  LoopResult loop(uint32_t start, uint32_t goal, double hs, double dc, double delta,
                  int64_t budget, bool track, Heuristic track_h, double track_dc) {
    using E = std::conditional_t<Uniform, EntryU, EntryW>;
    BucketQueue<E>* q;
    if constexpr (Uniform)
      q = &open_u;
    else
      q = &open_w;
    BucketQueue<E>& open = *q;
    const Before<E> before{};
    open.reset(delta);
    last_uniform = Uniform;

    LoopResult r;
    uint64_t* cl = closed_bits.data();
    uint64_t* op = open_bits.data();
    double* bg = best_g.data();
    uint8_t* md = moves_dir.data();
    auto closed_at = [cl](uint32_t i) { return (cl[i >> 6] >> (i & 63)) & 1u; };
    // Whether the child (cell i, cost ng) improves on what the search knows of the cell; if so
    // records ng and marks the cell open.
    auto improves = [&](uint32_t i, double ng) {
      uint64_t& word = op[i >> 6];
      const uint64_t bit = uint64_t{1} << (i & 63);
      if (word & bit) {
        if (ng >= bg[i]) return false;
      } else {
        if (word == 0) dirty_words.push_back(i >> 6);
        word |= bit;
      }
      bg[i] = ng;
      return true;
    };
    const double* cost = pcost.data();
    const auto upw = static_cast<uint32_t>(pw);
    const int gx = static_cast<int>(goal % upw), gy = static_cast<int>(goal / upw);
    static constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
    static constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    double track_d = 0, track_g = 0;

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
      const int sx = static_cast<int>(start % upw), sy = static_cast<int>(start / upw);
      next.f = priority(0.0, 0.0, sx, sy);
      next.ik = uint64_t{start} << 32 | kNoParent;
    }
    bool have_next = true;
    improves(start, 0.0);
    auto offer = [&](const E& c, const E& parent) {
      if (!before(c, parent)) {
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

    for (;;) {
      E e;
      uint32_t ei;
      if (have_next) {  // fresh: cannot be stale
        e = next;
        ei = e.idx();
        have_next = false;
      } else {
        if (!open.ready([&](const E& x) { return !closed_at(x.idx()) && x.gv == bg[x.idx()]; })) break;
        e = open.top();
        open.pop();
        // Stale: the cell was expanded already, or reached more cheaply since.
        ei = e.idx();
        if (closed_at(ei) || e.gv != bg[ei]) continue;
      }
      if (budget != 0 && r.expanded >= budget) {
        r.status = PathStatus::BudgetExhausted;
        return r;
      }
      cl[ei >> 6] |= uint64_t{1} << (ei & 63);
      md[2 * size_t{ei} + 1] = static_cast<uint8_t>(e.dir());
      ++r.expanded;
      const int ex = static_cast<int>(ei % upw), ey = static_cast<int>(ei / upw);
      [[maybe_unused]] double ea = 0, eb = 0;  // uniform: the move counts of e
      if constexpr (Uniform) {
        ea = static_cast<double>(e.a(dc));
        eb = static_cast<double>(e.b());
      }
      if (track) {
        const double d = distance_units(track_h, abs_diff(ex, gx), abs_diff(ey, gy), track_dc);
        const double g = e.gv;
        if (!r.have_best || d < track_d || (d == track_d && (g < track_g || (g == track_g && ei < r.best)))) {
          r.have_best = true;
          r.best = ei;
          track_d = d;
          track_g = g;
        }
      }
      if (ei == goal) {
        r.status = PathStatus::Found;
        r.end = goal;
        return r;
      }
      const unsigned bits = md[2 * size_t{ei}];
      for (unsigned b = bits & 15u; b != 0; b &= b - 1) {  // straight moves
        const auto d = static_cast<uint32_t>(std::countr_zero(b));
        const uint32_t ni = ei + offset[d];
        if (closed_at(ni)) continue;
        const int nx = ex + kDx[d], ny = ey + kDy[d];
        E c;
        if constexpr (Uniform) {
          c.gv = (ea + 1.0) + eb * dc;
          c.ik = EntryU::pack(ni, e.b(), d);
          if (!improves(ni, c.gv)) continue;
          c.f = priority(ea + 1.0, eb, nx, ny);
        } else {
          c.go = e.go + cost[ni];
          c.gd = e.gd;
          c.gv = c.go + c.gd * dc;
          c.ik = uint64_t{ni} << 32 | d;
          if (!improves(ni, c.gv)) continue;
          c.f = priority(c.go, c.gd, nx, ny);
        }
        __builtin_prefetch(md + 2 * size_t{ni});  // its moves, read when it is expanded
        offer(c, e);
      }
      for (unsigned b = bits >> 4; b != 0; b &= b - 1) {  // diagonal moves
        const auto d = 4 + static_cast<uint32_t>(std::countr_zero(b));
        const uint32_t ni = ei + offset[d];
        if (closed_at(ni)) continue;
        const int nx = ex + kDx[d], ny = ey + kDy[d];
        E c;
        if constexpr (Uniform) {
          c.gv = ea + (eb + 1.0) * dc;
          c.ik = EntryU::pack(ni, e.b() + 1, d);
          if (!improves(ni, c.gv)) continue;
          c.f = priority(ea, eb + 1.0, nx, ny);
        } else {
          c.go = e.go;
          c.gd = e.gd + cost[ni];
          c.gv = c.go + c.gd * dc;
          c.ik = uint64_t{ni} << 32 | d;
          if (!improves(ni, c.gv)) continue;
          c.f = priority(c.go, c.gd, nx, ny);
        }
        __builtin_prefetch(md + 2 * size_t{ni});  // its moves, read when it is expanded
        offer(c, e);
      }
    }
    r.status = PathStatus::NoPath;
    return r;
  }

  template <Heuristic H>
  LoopResult run_h(bool uniform_steps, bool greedy, uint32_t start, uint32_t goal, double hs,
                   double dc, double delta, int64_t budget, bool track, Heuristic track_h, double track_dc) {
    if (uniform_steps) {
      return greedy ? loop<true, H, true>(start, goal, hs, dc, delta, budget, track, track_h, track_dc)
                    : loop<true, H, false>(start, goal, hs, dc, delta, budget, track, track_h, track_dc);
    }
    return greedy ? loop<false, H, true>(start, goal, hs, dc, delta, budget, track, track_h, track_dc)
                  : loop<false, H, false>(start, goal, hs, dc, delta, budget, track, track_h, track_dc);
  }

  /// Cells from the start to `end` by parent directions.
  void trace(uint32_t end, std::vector<Point>& path) const {
    path.clear();
    uint32_t i = end;
    for (;;) {
      path.push_back(point_of(i));
      const uint32_t d = moves_dir[2 * size_t{i} + 1];
      if (d == kNoParent) break;
      i -= offset[d];
    }
    std::reverse(path.begin(), path.end());
  }

  /// Sum of step costs along a path of legal moves, in path order (as path_cost adds them).
  double walk_cost(const std::vector<Point>& path, double dc) const {
    double total = 0;
    for (size_t k = 1; k < path.size(); ++k) {
      const bool diag = path[k].x != path[k - 1].x && path[k].y != path[k - 1].y;
      const double c = pcost[pidx(path[k].x, path[k].y)];
      total += diag ? c * dc : c * 1.0;
    }
    return total;
  }

  PathResult query(Point start, Point goal, const SearchOptions& o);
  /// Throws InvalidArgument unless JPS supports this map and these options.
  void check_jps(const SearchOptions& o) const;
  PathResult query_jps(Point start, Point goal, const SearchOptions& o);
};

PathResult GridSearch::Impl::query(Point start, Point goal, const SearchOptions& o) {
  {
    std::vector<std::string> p = o.problems();
    const std::string shape = std::to_string(w) + "x" + std::to_string(h);
    if (!costs.in_bounds(start)) p.push_back("start = " + to_string(start) + " (expected inside the " + shape + " map)");
    if (!costs.in_bounds(goal)) p.push_back("goal = " + to_string(goal) + " (expected inside the " + shape + " map)");
    throw_if_problems(p);
  }
  last_valid = false;
  PathResult res;
  ensure_costs(o.cost_scale);
  if (o.algorithm == Algorithm::Jps) check_jps(o);
  const size_t si = pidx(start.x, start.y), gi = pidx(goal.x, goal.y);
  if (!passable[si]) {
    res.status = PathStatus::StartBlocked;
    return res;
  }
  const bool goal_blocked = !passable[gi];
  if (goal_blocked && !o.fallback_to_closest) {
    res.status = PathStatus::GoalBlocked;
    return res;
  }
  if (o.algorithm == Algorithm::Jps) return query_jps(start, goal, o);
  if (!o.fallback_to_closest) {
    const std::vector<int32_t>& lab = ensure_labels(o.moves);
    if (lab[si] != lab[gi]) {
      res.status = PathStatus::NoPath;
      return res;
    }
  }
  const std::vector<uint8_t>& mk = ensure_masks(o.moves);

  const double dc = o.moves.diagonal_cost;
  // Uniform maps search in units of their one cell cost (steps of 1, see loop()).
  const bool bfs = o.algorithm == Algorithm::Bfs;
  const bool uniform_steps = uniform || bfs;
  const double unit = uniform_steps ? 1.0 : min_cost;
  Heuristic hk = o.heuristic;
  double hs = 0;
  bool greedy = false;
  switch (o.algorithm) {
    case Algorithm::AStar:
      hs = o.heuristic_scale * unit;
      if (hs == 0) hk = Heuristic::Zero;
      break;
    case Algorithm::Dijkstra:
    case Algorithm::Bfs: hk = Heuristic::Zero; break;
    case Algorithm::Greedy:
      hs = unit;
      greedy = true;
      break;
    case Algorithm::Jps: break;  // handled above
  }
  // Bucket width: a 64th of the smallest step, so a bucket mostly holds one f value.
  const double delta = unit / 64;
  const double sdc = bfs ? 1.0 : dc;  // BFS counts every move as 1
  const Heuristic track_h = o.heuristic == Heuristic::Zero ? Heuristic::Octile : o.heuristic;
  const bool track = o.fallback_to_closest;
  next_generation();
  last_valid = true;
  const auto s32 = static_cast<uint32_t>(si), g32 = static_cast<uint32_t>(gi);
  const uint8_t* m = mk.data();
  if (moves_dir_key != moves_key(o.moves)) {  // this Moves' legal moves beside the directions
    for (size_t i = 0; i < padded; ++i) moves_dir[2 * i] = m[i];
    moves_dir_key = moves_key(o.moves);
  }
  LoopResult r;
  switch (hk) {
    case Heuristic::Manhattan:
      r = run_h<Heuristic::Manhattan>(uniform_steps, greedy, s32, g32, hs, sdc, delta, o.budget, track, track_h, dc);
      break;
    case Heuristic::Octile:
      r = run_h<Heuristic::Octile>(uniform_steps, greedy, s32, g32, hs, sdc, delta, o.budget, track, track_h, dc);
      break;
    case Heuristic::Chebyshev:
      r = run_h<Heuristic::Chebyshev>(uniform_steps, greedy, s32, g32, hs, sdc, delta, o.budget, track, track_h, dc);
      break;
    case Heuristic::Euclidean:
      r = run_h<Heuristic::Euclidean>(uniform_steps, greedy, s32, g32, hs, sdc, delta, o.budget, track, track_h, dc);
      break;
    case Heuristic::Zero:
      r = run_h<Heuristic::Zero>(uniform_steps, greedy, s32, g32, hs, sdc, delta, o.budget, track, track_h, dc);
      break;
  }
  res.expanded = r.expanded;
  res.status = goal_blocked ? PathStatus::GoalBlocked : r.status;
  if (r.status == PathStatus::Found) {
    trace(r.end, res.path);
  } else if (track && r.have_best) {
    trace(r.best, res.path);
    res.partial = true;
  }
  res.cost = walk_cost(res.path, dc);
  return res;
}

void GridSearch::Impl::check_jps(const SearchOptions& o) const {
  std::vector<std::string> p;
  if (o.moves.neighbors != 8)
    p.push_back("neighbors = " + std::to_string(o.moves.neighbors) + " (expected 8 for algorithm = jps)");
  if (o.moves.diagonal != DiagonalPolicy::NoCornerCut)
    p.push_back("diagonal = " + std::string(diagonal_policy_name(o.moves.diagonal)) +
                " (expected no-corner-cut for algorithm = jps)");
  if (o.moves.diagonal_cost != kSqrt2)
    p.push_back("diagonal_cost = " + format_number(o.moves.diagonal_cost) + " (expected sqrt(2) for algorithm = jps)");
  if (!uniform)
    p.push_back("cell costs = " + format_number(min_cost) + " to " + format_number(max_cost) +
                " (expected one cost for every passable cell for algorithm = jps)");
  throw_if_problems(p);
}

PathResult GridSearch::Impl::query_jps(Point start, Point goal, const SearchOptions& o) {
  PathResult res;
  const size_t si = pidx(start.x, start.y), gi = pidx(goal.x, goal.y);
  if (!passable[gi]) {  // with fallback_to_closest, which JPS does not do
    res.status = PathStatus::GoalBlocked;
    return res;
  }
  const std::vector<int32_t>& lab = ensure_labels(o.moves);
  if (lab[si] != lab[gi]) {
    res.status = PathStatus::NoPath;
    return res;
  }
  if (!jps_bound) {
    Grid<uint8_t> pass(w, h, 0);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) pass(x, y) = passable[pidx(x, y)];
    jps.set_map(pass);
    jps_bound = true;
  }
  res = jps.find_path(start, goal, o.budget);
  res.partial = false;
  res.cost = walk_cost(res.path, o.moves.diagonal_cost);
  return res;
}

// --- GridSearch --------------------------------------------------------------------------------

GridSearch::GridSearch() : impl_(std::make_unique<Impl>()) {}
GridSearch::~GridSearch() = default;
GridSearch::GridSearch(GridSearch&&) noexcept = default;
GridSearch& GridSearch::operator=(GridSearch&&) noexcept = default;

void GridSearch::set_map(const Grid<Terrain>& tiles, const CostTable& costs) {
  impl_->costs = make_cost_grid(tiles, costs);
  impl_->bind();
}

void GridSearch::set_costs(const CostGrid& costs) {
  std::vector<std::string> p;
  for (int y = 0; y < costs.height(); ++y) {
    for (int x = 0; x < costs.width(); ++x) {
      const double c = costs(x, y);
      if (c == CostTable::kImpassable || (std::isfinite(c) && c > 0)) continue;
      p.push_back("cost at " + to_string(Point{x, y}) + " = " + format_number(c) +
                  " (expected a finite number > 0, or impassable)");
      if (p.size() >= 10) break;
    }
    if (p.size() >= 10) break;
  }
  throw_if_problems(p);
  impl_->costs = costs;
  impl_->bind();
}

int GridSearch::width() const { return impl_->w; }
int GridSearch::height() const { return impl_->h; }

PathResult GridSearch::find_path(Point start, Point goal, const SearchOptions& options) {
  return impl_->query(start, goal, options);
}

void GridSearch::set_cost(Point p, double cost) {
  Impl& s = *impl_;
  if (!s.costs.in_bounds(p))
    throw InvalidArgument("cell = " + to_string(p) + " (expected inside the " + std::to_string(s.w) + "x" +
                          std::to_string(s.h) + " map)");
  if (!(cost == CostTable::kImpassable || (std::isfinite(cost) && cost > 0)))
    throw InvalidArgument("cost = " + format_number(cost) + " (expected a finite number > 0, or impassable)");
  const double old = s.costs[p];
  s.costs[p] = cost;
  s.last_valid = false;
  const bool was = old != CostTable::kImpassable, now = cost != CostTable::kImpassable;
  if (was != now) {
    // Passability changed: rebuild everything derived from the map on the next query.
    s.bind();
    return;
  }
  if (!now || !s.pcost_valid) return;
  const double c = scaled_cost(cost, s.pcost_scale);
  if (c < s.min_cost || c > s.max_cost || (s.uniform && c != s.min_cost)) {
    s.pcost_valid = false;  // the range (heuristic unit, queue layout) changes: recompute
    return;
  }
  s.pcost[s.pidx(p.x, p.y)] = c;
}

void GridSearch::last_search_cells(std::vector<Point>& visited, std::vector<Point>& frontier) const {
  visited.clear();
  frontier.clear();
  const Impl& s = *impl_;
  if (!s.last_valid) return;
  for (int y = 0; y < s.h; ++y) {
    for (int x = 0; x < s.w; ++x) {
      const size_t i = s.pidx(x, y);
      if ((s.closed_bits[i >> 6] >> (i & 63)) & 1u)
        visited.push_back({x, y});
      else if ((s.open_bits[i >> 6] >> (i & 63)) & 1u)
        frontier.push_back({x, y});
    }
  }
}

PathResult find_path(const Grid<Terrain>& tiles, const CostTable& costs, Point start, Point goal,
                     const SearchOptions& options) {
  GridSearch s;
  s.set_map(tiles, costs);
  return s.find_path(start, goal, options);
}

}  // namespace catacomb
