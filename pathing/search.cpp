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

namespace catacomb {
namespace {

/// The effective cost of a cell under cost_scale (s = 1 keeps the cost exactly).
inline double scaled_cost(double cost, double s) {
  if (s == 1.0 || cost == CostTable::kImpassable) return cost;
  return 1.0 + s * (cost - 1.0);
}

/// Heuristic distance for unit step cost between cells dx, dy apart (both >= 0), `dc` the
/// diagonal factor. One formula per heuristic, used by the engine and by heuristic_distance.
/// Octile is (max - min) + min * dc: straight then diagonal moves, summed as the engine sums g.
template <Heuristic H>
inline double distance_units(int dx, int dy, double dc) {
  if constexpr (H == Heuristic::Manhattan) {
    return static_cast<double>(dx + dy);
  } else if constexpr (H == Heuristic::Octile) {
    return dx > dy ? static_cast<double>(dx - dy) + static_cast<double>(dy) * dc
                   : static_cast<double>(dy - dx) + static_cast<double>(dx) * dc;
  } else if constexpr (H == Heuristic::Chebyshev) {
    return static_cast<double>(dx > dy ? dx : dy);
  } else if constexpr (H == Heuristic::Euclidean) {
    const double fx = dx, fy = dy;
    return std::sqrt(fx * fx + fy * fy);
  } else {
    (void)dx;
    (void)dy;
    (void)dc;
    return 0.0;
  }
}

double distance_units(Heuristic h, int dx, int dy, double dc) {
  switch (h) {
    case Heuristic::Manhattan: return distance_units<Heuristic::Manhattan>(dx, dy, dc);
    case Heuristic::Octile: return distance_units<Heuristic::Octile>(dx, dy, dc);
    case Heuristic::Chebyshev: return distance_units<Heuristic::Chebyshev>(dx, dy, dc);
    case Heuristic::Euclidean: return distance_units<Heuristic::Euclidean>(dx, dy, dc);
    case Heuristic::Zero: return 0.0;
  }
  return 0.0;
}

inline int abs_diff(int a, int b) { return a > b ? a - b : b - a; }

constexpr uint32_t kNoParent = 8;

/// Open-list entry for uniform costs (24 bytes). g is counted in moves, a straight and b
/// diagonal ones, g = a + b * dc computed from the counts, so that equal real costs compare
/// equal; a is recovered from g and b. `ik` = cell << 32 | b << 4 | dir, dir the direction of
/// the move into the cell (kNoParent for the start); b < 2^28 since a path has fewer moves
/// than the map has cells.
struct EntryU {
  double f;
  double gv;
  uint64_t ik;
  static uint64_t pack(uint32_t idx, uint32_t b, uint32_t dir) { return uint64_t{idx} << 32 | b << 4 | dir; }
  uint32_t idx() const { return static_cast<uint32_t>(ik >> 32); }
  uint32_t dir() const { return static_cast<uint32_t>(ik) & 15u; }
  uint32_t b() const { return static_cast<uint32_t>(ik) >> 4; }
  uint32_t a(double dc) const { return static_cast<uint32_t>(gv - static_cast<double>(b()) * dc + 0.5); }
};
static_assert(sizeof(EntryU) == 24);

/// Open-list entry for per-cell costs (32 bytes): go and gd the summed entry costs of the
/// straight and of the diagonal moves, g = go + gd * dc (integer costs stay exact); `ik` =
/// cell << 32 | dir.
struct EntryW {
  double f;
  double gv;
  double go;
  double gd;
  uint64_t ik;
  uint32_t idx() const { return static_cast<uint32_t>(ik >> 32); }
  uint32_t dir() const { return static_cast<uint32_t>(ik) & 15u; }
};
static_assert(sizeof(EntryW) == 40);

/// The total order of the open list: lower f, then larger g, then lower cell index (`ik`
/// compares as the index: two entries of one cell never tie on f and g, since a cell is queued
/// again only with a strictly smaller g). f and g are >= 0 and never NaN, so their bit
/// patterns order as the numbers do: the comparison runs on integers, without branches (the
/// heap's outcomes are unpredictable).
template <typename E>
struct Before {
  bool operator()(const E& x, const E& y) const {
    const auto fx = std::bit_cast<uint64_t>(x.f), fy = std::bit_cast<uint64_t>(y.f);
    const auto gx = std::bit_cast<uint64_t>(x.gv), gy = std::bit_cast<uint64_t>(y.gv);
    return (fx < fy) | ((fx == fy) & ((gx > gy) | ((gx == gy) & (x.ik < y.ik))));
  }
};

/// 4-ary min-heap over Before: the overflow behind the bucket ring. clear() keeps the capacity.
template <typename E>
class OpenHeap {
 public:
  bool empty() const { return v_.empty(); }
  void clear() { v_.clear(); }
  const E& top() const { return v_.front(); }

  void push(const E& e, const Before<E>& before) {
    size_t i = v_.size();
    v_.push_back(e);
    E* v = v_.data();
    while (i > 0) {
      const size_t p = (i - 1) >> 2;
      if (!before(e, v[p])) break;
      v[i] = v[p];
      i = p;
    }
    v[i] = e;
  }

  void pop(const Before<E>& before) {
    const E last = v_.back();
    v_.pop_back();
    const size_t n = v_.size();
    if (n == 0) return;
    E* v = v_.data();
    size_t i = 0;
    for (;;) {
      const size_t c = 4 * i + 1;
      if (c >= n) break;
      size_t best = c;
      const size_t end = c + 4 < n ? c + 4 : n;
      for (size_t k = c + 1; k < end; ++k)
        if (before(v[k], v[best])) best = k;
      if (!before(v[best], last)) break;
      v[i] = v[best];
      i = best;
    }
    v[i] = last;
  }

 private:
  std::vector<E> v_;
};

/// Binary min-heap steps over Before on a plain vector (the current bucket's heap).
template <typename E>
void sift_down(E* v, size_t n, size_t i, const E x, const Before<E>& before) {
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n) c += static_cast<size_t>(before(v[c + 1], v[c]));
    if (!before(v[c], x)) break;
    v[i] = v[c];
    i = c;
  }
  v[i] = x;
}

/// The open list: a ring of narrow buckets over f (bucket k holds f in [k, k + 1) x delta) in
/// front of a 4-ary heap for the entries beyond the ring. Later buckets are unordered lists of
/// small chunks, taken from and returned to a last-in-first-out free list so that the memory a
/// push touches is usually in cache; an entry whose f lies past the goal's is never ordered at
/// all. When a bucket becomes current its stale entries are dropped and the rest become a
/// binary heap, beside a sorted stack for the entries pushed later that come before the
/// stack's top: in a search those are the common case (a child with its parent's f and a
/// larger g), and they cost O(1). The next entry is the first of the two tops. f maps to
/// buckets monotonically and an entry below the current bucket joins it, so pops come out in
/// exactly the total order of Before, for any f, monotone or not.
template <typename E>
class BucketQueue {
 public:
  static constexpr size_t kRing = 4096;  ///< buckets in the ring (a power of two)
  static constexpr size_t kWords = kRing / 64;

  BucketQueue() { std::fill(std::begin(head_), std::end(head_), kNil); }

  /// Empties the queue; `delta` is the bucket width (> 0).
  void reset(double delta) {
    for (size_t w = 0; w < kWords; ++w) {
      for (uint64_t bits = used_[w]; bits != 0; bits &= bits - 1)
        head_[w * 64 + static_cast<size_t>(std::countr_zero(bits))] = kNil;
      used_[w] = 0;
    }
    free_ = kNil;
    pool_used_ = 0;
    heap_.clear();
    stack_.clear();
    count_ = 0;
    overflow_.clear();
    inv_delta_ = 1.0 / delta;
    started_ = false;
  }

  void push(const E& e) {
    const int64_t k = key(e.f);
    if (!started_) {
      started_ = true;
      cur_ = k;
    }
    if (k <= cur_) {
      push_current(e);
    } else if (k - cur_ < static_cast<int64_t>(kRing)) {
      push_list(slot(k), e);
    } else {
      overflow_.push(e, before_);
    }
  }

  /// Makes top() valid; false when the queue is empty. A bucket that becomes current first
  /// drops the entries for which live(entry) is false (stale ones), which then cost no heap
  /// work at all.
  template <typename Live>
  bool ready(Live&& live) {
    if (!stack_.empty() || !heap_.empty()) return true;
    for (;;) {
      if (count_ == 0) {
        if (overflow_.empty()) return false;
        cur_ = key(overflow_.top().f);
      } else {
        cur_ += next_used(slot(cur_));
      }
      pull_overflow();
      const size_t s = slot(cur_);
      for (uint32_t c = head_[s]; c != kNil;) {
        Chunk& ch = pool_[c];
        for (uint32_t i = 0; i < ch.n; ++i)
          if (live(ch.e[i])) heap_.push_back(ch.e[i]);
        count_ -= ch.n;
        const uint32_t next = ch.next;
        ch.next = free_;
        free_ = c;
        c = next;
      }
      head_[s] = kNil;
      used_[s >> 6] &= ~(uint64_t{1} << (s & 63));
      if (heap_.empty()) continue;
      const size_t n = heap_.size();
      for (size_t i = n / 2; i-- > 0;) sift_down(heap_.data(), n, i, heap_[i], before_);
      return true;
    }
  }
  const E& top() const { return from_stack() ? stack_.back() : heap_.front(); }
  void pop() {
    if (from_stack()) {
      stack_.pop_back();
      return;
    }
    const E last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) sift_down(heap_.data(), heap_.size(), 0, last, before_);
  }

 private:
  static constexpr uint32_t kNil = 0xFFFFFFFFu;
  static constexpr uint32_t kPerChunk = static_cast<uint32_t>((128 - 8) / sizeof(E));
  struct alignas(64) Chunk {
    uint32_t next;
    uint32_t n;
    E e[kPerChunk];
  };

  /// Appends to the list of bucket slot `s`.
  void push_list(size_t s, const E& e) {
    uint32_t c = head_[s];
    if (c == kNil || pool_[c].n == kPerChunk) {
      const uint32_t fresh = alloc();
      pool_[fresh].next = c;
      pool_[fresh].n = 0;
      head_[s] = c = fresh;
      used_[s >> 6] |= uint64_t{1} << (s & 63);
    }
    Chunk& ch = pool_[c];
    ch.e[ch.n++] = e;
    ++count_;
  }

  uint32_t alloc() {
    if (free_ != kNil) {
      const uint32_t c = free_;
      free_ = pool_[c].next;
      return c;
    }
    if (pool_used_ == pool_.size()) pool_.emplace_back();
    return pool_used_++;
  }

  /// Into the current bucket: onto the stack when e comes before its top (the stack stays
  /// sorted, first entry on top), else into the heap.
  void push_current(const E& e) {
    if (stack_.empty() || before_(e, stack_.back())) {
      stack_.push_back(e);
      return;
    }
    size_t i = heap_.size();
    heap_.push_back(e);
    E* v = heap_.data();
    while (i > 0) {
      const size_t p = (i - 1) >> 1;
      if (!before_(e, v[p])) break;
      v[i] = v[p];
      i = p;
    }
    v[i] = e;
  }
  /// True when the next entry is the stack's top rather than the heap's.
  bool from_stack() const {
    return !stack_.empty() && (heap_.empty() || before_(stack_.back(), heap_.front()));
  }

  static size_t slot(int64_t k) { return static_cast<size_t>(static_cast<uint64_t>(k) & (kRing - 1)); }
  int64_t key(double f) const {
    const double k = f * inv_delta_;
    return k < 4e18 ? static_cast<int64_t>(k) : static_cast<int64_t>(4e18);
  }
  /// Distance (1 .. kRing) from slot `s` to the next used slot after it, round the ring
  /// (only called while the ring holds entries and slot `s` is empty).
  int64_t next_used(size_t s) const {
    size_t pos = (s + 1) & (kRing - 1);
    for (size_t n = 0; n <= kWords; ++n) {
      const size_t w = pos >> 6;
      const uint64_t bits = used_[w] >> (pos & 63);
      if (bits != 0) {
        const size_t t = pos + static_cast<size_t>(std::countr_zero(bits));
        return static_cast<int64_t>(((t - s - 1) & (kRing - 1)) + 1);
      }
      pos = ((w + 1) * 64) & (kRing - 1);
    }
    return static_cast<int64_t>(kRing);
  }
  /// Moves overflow entries that now fall inside the ring's window.
  void pull_overflow() {
    while (!overflow_.empty()) {
      const E e = overflow_.top();
      const int64_t k = key(e.f);
      if (k - cur_ >= static_cast<int64_t>(kRing)) break;
      overflow_.pop(before_);
      push_list(slot(k), e);  // k >= cur_: the overflow only holds entries past the ring
    }
  }

  uint32_t head_[kRing];        ///< first chunk of each bucket's list, kNil when empty
  uint64_t used_[kWords] = {};  ///< buckets with a list
  std::vector<Chunk> pool_;
  uint32_t pool_used_ = 0;  ///< chunks of pool_ handed out since reset (the rest are fresh)
  uint32_t free_ = kNil;    ///< free list of returned chunks, most recent first
  std::vector<E> heap_;     ///< the current bucket
  std::vector<E> stack_;    ///< current bucket: sorted, the first entry last
  OpenHeap<E> overflow_;
  size_t count_ = 0;  ///< entries in the lists
  int64_t cur_ = 0;   ///< key of the current bucket
  double inv_delta_ = 1.0;
  Before<E> before_{};
  bool started_ = false;
};

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

// --- names, options --------------------------------------------------------------------------

std::string_view algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::AStar: return "astar";
    case Algorithm::Dijkstra: return "dijkstra";
    case Algorithm::Bfs: return "bfs";
    case Algorithm::Greedy: return "greedy";
    case Algorithm::Jps: return "jps";
  }
  return "?";
}

Algorithm parse_algorithm(std::string_view name, const std::string& field) {
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bfs, Algorithm::Greedy, Algorithm::Jps})
    if (algorithm_name(a) == name) return a;
  throw InvalidArgument(field + " = " + std::string(name) + " (expected astar, dijkstra, bfs, greedy or jps)");
}

std::string_view heuristic_name(Heuristic h) {
  switch (h) {
    case Heuristic::Manhattan: return "manhattan";
    case Heuristic::Octile: return "octile";
    case Heuristic::Chebyshev: return "chebyshev";
    case Heuristic::Euclidean: return "euclidean";
    case Heuristic::Zero: return "zero";
  }
  return "?";
}

Heuristic parse_heuristic(std::string_view name, const std::string& field) {
  for (Heuristic h : {Heuristic::Manhattan, Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean,
                      Heuristic::Zero})
    if (heuristic_name(h) == name) return h;
  throw InvalidArgument(field + " = " + std::string(name) +
                        " (expected manhattan, octile, chebyshev, euclidean or zero)");
}

double heuristic_distance(Heuristic h, Point a, Point b, double diagonal_cost) {
  return distance_units(h, abs_diff(a.x, b.x), abs_diff(a.y, b.y), diagonal_cost);
}

std::vector<std::string> SearchOptions::problems() const {
  std::vector<std::string> p;
  if (algorithm_name(algorithm) == "?")
    p.push_back("algorithm = " + std::to_string(static_cast<int>(algorithm)) +
                " (expected astar, dijkstra, bfs, greedy or jps)");
  if (heuristic_name(heuristic) == "?")
    p.push_back("heuristic = " + std::to_string(static_cast<int>(heuristic)) +
                " (expected manhattan, octile, chebyshev, euclidean or zero)");
  if (diagonal_policy_name(moves.diagonal) == "?")
    p.push_back("diagonal = " + std::to_string(static_cast<int>(moves.diagonal)) +
                " (expected never, no-corner-cut, one-free or always)");
  for (std::string& s : moves.problems()) p.push_back(std::move(s));
  if (!(heuristic_scale >= 0 && heuristic_scale <= 1e6))
    p.push_back("heuristic_scale = " + format_number(heuristic_scale) + " (expected 0 to 1e6)");
  if (!(cost_scale >= 0 && cost_scale <= 1))
    p.push_back("cost_scale = " + format_number(cost_scale) + " (expected 0 to 1)");
  if (budget < 0) p.push_back("budget = " + std::to_string(budget) + " (expected >= 0)");
  return p;
}

void SearchOptions::check() const {
  auto p = problems();
  throw_if_problems(p);
}

std::string_view path_status_name(PathStatus s) {
  switch (s) {
    case PathStatus::Found: return "found";
    case PathStatus::NoPath: return "no-path";
    case PathStatus::BudgetExhausted: return "budget-exhausted";
    case PathStatus::StartBlocked: return "start-blocked";
    case PathStatus::GoalBlocked: return "goal-blocked";
  }
  return "?";
}

CostGrid make_cost_grid(const Grid<Terrain>& tiles, const CostTable& costs) {
  if (tiles.size() == 0) return CostGrid();
  CostGrid g(tiles.width(), tiles.height(), CostTable::kImpassable);
  const Terrain* t = tiles.data();
  double* c = g.data();
  for (size_t i = 0; i < tiles.size(); ++i) c[i] = costs[t[i]];
  return g;
}

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

double path_cost(const CostGrid& costs, const std::vector<Point>& path, const Moves& moves, double cost_scale) {
  const std::string shape = std::to_string(costs.width()) + "x" + std::to_string(costs.height());
  auto cell = [&](size_t k) { return "path[" + std::to_string(k) + "] = " + to_string(path[k]); };
  double total = 0;
  for (size_t k = 0; k < path.size(); ++k) {
    const Point p = path[k];
    if (!costs.in_bounds(p) || costs[p] == CostTable::kImpassable)
      throw InvalidArgument(cell(k) + " (expected a passable cell inside the " + shape + " map)");
    if (k == 0) continue;
    const Point q = path[k - 1];
    const int dx = p.x - q.x, dy = p.y - q.y;
    bool legal = false;
    const bool diag = dx != 0 && dy != 0;
    if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 && (dx != 0 || dy != 0)) {
      if (!diag) {
        legal = true;
      } else if (moves.diagonals()) {
        const bool a = costs.in_bounds(Point{q.x + dx, q.y}) && costs(q.x + dx, q.y) != CostTable::kImpassable;
        const bool b = costs.in_bounds(Point{q.x, q.y + dy}) && costs(q.x, q.y + dy) != CostTable::kImpassable;
        switch (moves.diagonal) {
          case DiagonalPolicy::NoCornerCut: legal = a && b; break;
          case DiagonalPolicy::OneFree: legal = a || b; break;
          case DiagonalPolicy::Always: legal = true; break;
          case DiagonalPolicy::Never: legal = false; break;
        }
      }
    }
    if (!legal) throw InvalidArgument(cell(k) + " (expected one legal move from " + cell(k - 1) + ")");
    const double c = scaled_cost(costs[p], cost_scale);
    total += diag ? c * moves.diagonal_cost : c * 1.0;
  }
  return total;
}

}  // namespace catacomb
