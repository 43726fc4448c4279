#pragma once
// Floods (internal to the library): the multi-source Dijkstra behind every distance map of
// distance_map.hpp and detail::TerrainFlood, with the two ways it reads costs (a cost grid, or
// terrain through a cost table) and the legal moves it works out first.
//
// Cost model (the router's): entering cell v costs costs[v], times moves.diagonal_cost for a
// diagonal step (computed as costs[v] * diagonal_cost); a diagonal is legal per moves.diagonal.
// Summation order: every distance is g = g_parent + step, summed from the source outwards, so
// dist[v] is the left-to-right floating-point sum of the step costs along the best route, the
// same number a search that sums g = g_parent + step along that route reports.
// Because x -> x + step is monotone, Dijkstra's answer is the smallest such sum over all routes,
// whatever the order in which equal keys leave the heap.
// When every passable cell costs the same and every step costs the same (no diagonals, or a
// diagonal factor of 1), a FIFO breadth-first search gives the same sums: a route of k steps sums
// to the same value on every route, and that value grows with k.
//
// Complexity: O(n) for the breadth-first case; O(n + D) with a bucket queue when every step costs
// at least 1 and at most 2^16 (D: the largest distance), else O(n log n) with a binary heap (lazy
// deletion).
// Memory: the distance grid (8 bytes per cell) plus one byte per cell of legal moves and the heap,
// buckets or queue (a wavefront). The overloads on terrain read each cell's cost from the cost
// table, so a caller that has the terrain needs no cost grid (8 bytes per cell) beside it.
// Determinism: heap order is (distance, cell index), a total order; results do not depend on it.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstddef>
#include <cstring>
#include <functional>
#include <optional>
#include <queue>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/moves.hpp>
#include "shared/core/large_pages.hpp"
#include "shared/core/two_threads.hpp"
#include "shared/core/portable.hpp"

namespace catacomb::detail::floods {

inline constexpr double kWall = CostTable::kImpassable;

// Prefetches element i + delta of `base` (delta may be negative): the address is computed in
// integers, so that a row above the first or below the last (a hint for an address outside the
// array, which the processor ignores) never forms an out-of-range pointer.
template <typename T>
void prefetch_at(const T* base, size_t i, std::ptrdiff_t delta) {
  const auto at = reinterpret_cast<std::uintptr_t>(base) + (i + static_cast<size_t>(delta)) * sizeof(T);
  detail::prefetch(reinterpret_cast<const void*>(at));
}

// The two ways a flood reads costs: a cost grid, or terrain through a cost table (one table
// lookup, the same double the cost grid would hold: make_cost_grid copies the table's entry).
struct GridCosts {
  const CostGrid& grid;
  int width() const { return grid.width(); }
  int height() const { return grid.height(); }
  size_t size() const { return grid.size(); }
  double operator[](size_t i) const { return grid.cells()[i]; }
  // What the rows read so far say about the range of passable costs: its ends.
  struct Scan {
    double lo = kWall, hi = 0.0;
  };
  // Row [begin, begin + n) as open flags (1 passable, 0 not), noted in `scan`.
  void open_row(size_t begin, size_t n, uint8_t* out, Scan& scan) const {
    const double* c = grid.cells().data() + begin;
    double lo = scan.lo, hi = scan.hi;  // in registers while the row loads
    for (size_t x = 0; x < n; ++x) {
      const double v = c[x];
      out[x] = v != kWall ? 1 : 0;
      if (v != kWall) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
    scan = {lo, hi};
  }
  // The smallest and largest passable cost (kWall and 0 when nothing is passable).
  std::pair<double, double> range(const Scan& scan) const { return {scan.lo, scan.hi}; }
  void prefetch_around(size_t i, std::ptrdiff_t row) const {
    const double* c = grid.cells().data();
    prefetch_at(c, i, -row);
    prefetch_at(c, i, 0);
    prefetch_at(c, i, row);
  }
};

struct TerrainCosts {
  const Grid<Terrain>& tiles;
  std::array<double, 256> table{};
  std::array<uint8_t, 256> open{};  // table[t] != kWall
  TerrainCosts(const Grid<Terrain>& t, const CostTable& c) : tiles(t) {
    table.fill(kWall);
    for (Terrain k : kAllTerrains) table[static_cast<uint8_t>(k)] = c[k];
    for (size_t k = 0; k < 256; ++k) open[k] = table[k] != kWall ? 1 : 0;
  }
  int width() const { return tiles.width(); }
  int height() const { return tiles.height(); }
  size_t size() const { return tiles.size(); }
  double operator[](size_t i) const { return table[static_cast<uint8_t>(tiles.cells()[i])]; }
  // As GridCosts's, by bytes: a table of open flags, and the set of terrain bytes seen (the
  // range comes from their costs once every row is read, not from a double per cell).
  struct Scan {
    std::array<uint8_t, 256> seen{};
  };
  void open_row(size_t begin, size_t n, uint8_t* out, Scan& scan) const {
    const auto* c = reinterpret_cast<const uint8_t*>(tiles.cells().data() + begin);
    for (size_t x = 0; x < n; ++x) {
      out[x] = open[c[x]];
      scan.seen[c[x]] = 1;
    }
  }
  std::pair<double, double> range(const Scan& scan) const {
    double lo = kWall, hi = 0.0;
    for (size_t t = 0; t < 256; ++t)
      if (scan.seen[t] && open[t]) {
        lo = std::min(lo, table[t]);
        hi = std::max(hi, table[t]);
      }
    return {lo, hi};
  }
  void prefetch_around(size_t i, std::ptrdiff_t row) const {  // a row of bytes: its own line is the distances'
    const Terrain* c = tiles.cells().data();
    prefetch_at(c, i, -row);
    prefetch_at(c, i, row);
  }
};

// Costs when every passable cell costs the same (a cave before decoration, rooms and corridors
// under the dungeon table): a flood only reads costs at cells its legal moves lead to, which are
// passable, so the one cost stands for every read, and a step's cost c * factor[d] is worked out
// once per direction (the same product, so the same double) instead of per step from a table
// lookup on the cell's terrain byte.
struct UniformCost {
  double cost;
  double operator[](size_t) const { return cost; }
  void prefetch_around(size_t, std::ptrdiff_t) const {}
};

template <typename Costs>
bool open_at(const Costs& costs, int x, int y) {
  return x >= 0 && y >= 0 && x < costs.width() && y < costs.height() &&
         costs[static_cast<size_t>(y) * static_cast<size_t>(costs.width()) + static_cast<size_t>(x)] != kWall;
}

// Every cell's legal moves under one Moves (bit d: the step in direction d of kDirections is
// legal; the move rule's table kLegalMoves of moves.hpp applied to the open neighbours), and the
// index offset of each direction, so that a flood reads one byte per cell it takes and does no
// bounds check or division. Built row by row from three padded rows of open flags.
struct Neighbourhood {
  std::vector<uint8_t> legal;
  std::array<std::ptrdiff_t, 8> offset{};
  /// The smallest and largest passable cost (kWall and 0 when nothing is passable), found in the
  /// same pass over the costs.
  std::pair<double, double> range{kWall, 0.0};

  template <typename Costs>
  Neighbourhood(const Costs& costs, const Moves& moves) {
    reserve_large(legal, costs.size());
    legal.resize(costs.size());
    const size_t w = static_cast<size_t>(costs.width()), h = static_cast<size_t>(costs.height());
    const size_t pw = w + 2;
    std::vector<uint8_t> rows(3 * pw, 0);  // rows y - 1, y, y + 1 (by y % 3), padded by a closed cell
    typename Costs::Scan scan;
    auto load = [&](size_t y) {  // row y into its slot
      costs.open_row(y * w, w, rows.data() + (y % 3) * pw + 1, scan);
    };
    std::vector<uint8_t> closed(pw, 0);
    const std::array<uint8_t, 256>& table = kLegalMoves[static_cast<size_t>(effective_diagonal(moves))];
    const unsigned keep = moves.diagonals() ? 0xFFu : 0x0Fu;
    if (h > 0) load(0);
    for (size_t y = 0; y < h; ++y) {
      if (y + 1 < h) load(y + 1);
      // The padded rows from their left pad: column x of the map is at [x + 1].
      const uint8_t* up = y > 0 ? rows.data() + ((y - 1) % 3) * pw : closed.data();
      const uint8_t* mid = rows.data() + (y % 3) * pw;
      const uint8_t* down = y + 1 < h ? rows.data() + ((y + 1) % 3) * pw : closed.data();
      uint8_t* out = legal.data() + y * w;
      // Eight cells at a time: each byte of a word holds one cell's flag (0 or 1), so shifting a
      // word left by up to 7 moves each flag within its own byte, and one OR of eight shifted
      // words gathers eight cells' neighbour bits (the same bytes on either byte order: words
      // are read and written back with memcpy, byte for byte).
      const uint64_t keep8 = uint64_t{keep} * 0x0101010101010101u;
      auto word = [](const uint8_t* p) {
        uint64_t v;
        std::memcpy(&v, p, 8);
        return v;
      };
      size_t x = 0;
      for (; x + 8 <= w; x += 8) {  // reads up to [x + 9] of a row padded to w + 2
        // In kDirections order: E, S, W, N, SE, SW, NW, NE.
        const uint64_t bits = (word(mid + x + 2) | word(down + x + 1) << 1 | word(mid + x) << 2 |
                               word(up + x + 1) << 3 | word(down + x + 2) << 4 | word(down + x) << 5 |
                               word(up + x) << 6 | word(up + x + 2) << 7) &
                              keep8;
        uint8_t lanes[8];
        std::memcpy(lanes, &bits, 8);
        for (size_t k = 0; k < 8; ++k) out[x + k] = table[lanes[k]];
      }
      for (; x < w; ++x) {
        const unsigned bits = unsigned{mid[x + 2]} | unsigned{down[x + 1]} << 1 | unsigned{mid[x]} << 2 |
                              unsigned{up[x + 1]} << 3 | unsigned{down[x + 2]} << 4 | unsigned{down[x]} << 5 |
                              unsigned{up[x]} << 6 | unsigned{up[x + 2]} << 7;
        out[x] = table[bits & keep];
      }
    }
    range = costs.range(scan);
    for (int d = 0; d < 8; ++d)
      offset[static_cast<size_t>(d)] = static_cast<std::ptrdiff_t>(kDirections[d].y) * static_cast<std::ptrdiff_t>(w) +
                                       kDirections[d].x;
  }

  // Brings the legal moves of the cells within one step of (x, y) up to date after the cell at
  // (x, y) was opened (made passable) or closed: the bytes the constructor would now give (a
  // cell's moves read only its neighbours). The cost range widens to an opened cell's cost, the
  // range the constructor would give; a closed cell leaves it as it was, wider than needed,
  // which the floods and legs answer the same under (any range holding every passable cost).
  template <typename Costs>
  void changed(const Costs& costs, const Moves& moves, int x, int y) {
    const std::array<uint8_t, 256>& table = kLegalMoves[static_cast<size_t>(effective_diagonal(moves))];
    const unsigned keep = moves.diagonals() ? 0xFFu : 0x0Fu;
    for (int cy = y - 1; cy <= y + 1; ++cy)
      for (int cx = x - 1; cx <= x + 1; ++cx) {
        if (cx < 0 || cy < 0 || cx >= costs.width() || cy >= costs.height()) continue;
        unsigned bits = 0;
        for (int d = 0; d < 8; ++d)
          bits |= (open_at(costs, cx + kDirections[d].x, cy + kDirections[d].y) ? 1u : 0u) << d;
        legal[static_cast<size_t>(cy) * static_cast<size_t>(costs.width()) + static_cast<size_t>(cx)] =
            table[bits & keep];
      }
    const double c = costs[static_cast<size_t>(y) * static_cast<size_t>(costs.width()) + static_cast<size_t>(x)];
    if (c != kWall) range = {std::min(range.first, c), std::max(range.second, c)};
  }

  // Asks for the cache lines a flood reads around cell i (its legal moves, the distances of the
  // rows above, at and below it) before it gets there: a bucket's cells lie along the front, far
  // apart in memory, and each would otherwise wait on its own misses in turn.
  void prefetch_around(size_t i, const double* dist) const {
    const std::ptrdiff_t row = offset[1];  // the step south: one row
    prefetch_at(legal.data(), i, 0);
    prefetch_at(dist, i, 0);
    prefetch_at(dist, i, -row);
    prefetch_at(dist, i, row);
  }

  size_t to(size_t i, int d) const {
    return static_cast<size_t>(static_cast<std::ptrdiff_t>(i) + offset[static_cast<size_t>(d)]);
  }
};

// The single step cost when every step costs the same, else 0.
inline double uniform_step(std::pair<double, double> range, const Moves& moves) {
  if (moves.diagonals() && moves.diagonal_cost != 1.0) return 0;
  return range.first == range.second ? range.first : 0;
}

inline void breadth_first(const Neighbourhood& nb, double step, std::vector<uint32_t>& frontier, Grid<double>& dist) {
  double* dc = dist.cells().data();
  // `frontier` holds the sources; the queue grows behind them.
  for (size_t head = 0; head < frontier.size(); ++head) {
    const uint32_t i = frontier[head];
    const double ng = dc[i] + step;
    for (unsigned bits = nb.legal[i]; bits != 0; bits &= bits - 1) {
      const size_t n = nb.to(i, std::countr_zero(bits));  // in direction order
      if (!(ng < dc[n])) continue;                        // reached already, as cheaply (or by another source)
      dc[n] = ng;
      frontier.push_back(static_cast<uint32_t>(n));
    }
  }
}

// A heap Dijkstra: any positive step costs.
template <typename Costs>
void dijkstra_heap(const Costs& costs, const Moves& moves, const Neighbourhood& nb,
                   const std::vector<uint32_t>& sources, Grid<double>& dist) {
  using Entry = std::pair<double, uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
  for (uint32_t s : sources) open.push({0.0, s});
  while (!open.empty()) {
    const auto [g, i] = open.top();
    open.pop();
    if (g > dist.cells()[i]) continue;  // stale entry
    for (unsigned bits = nb.legal[i]; bits != 0; bits &= bits - 1) {
      const int d = std::countr_zero(bits);  // in direction order
      const size_t n = nb.to(i, d);
      const double c = costs[n];
      const double ng = g + (d >= 4 ? c * moves.diagonal_cost : c);
      if (ng < dist.cells()[n]) {
        dist.cells()[n] = ng;
        open.push({ng, static_cast<uint32_t>(n)});
      }
    }
  }
}

// The number of unit-wide buckets the bucket queue needs when every step costs at least 1 and
// at most `max_step`, or 0 when it does not apply (a step below 1, or too wide a range).
inline size_t bucket_ring_size(std::pair<double, double> range, const Moves& moves) {
  double lo = range.first, hi = range.second;
  if (moves.diagonals()) {
    lo = std::min(lo, lo * moves.diagonal_cost);
    hi = std::max(hi, hi * moves.diagonal_cost);
  }
  constexpr double kMaxRing = 1 << 16;
  if (!(lo >= 1) || !(hi < kMaxRing - 2)) return 0;
  return std::bit_ceil(static_cast<size_t>(hi) + 2);
}

// Dijkstra with a bucket queue (Dial's algorithm) of unit-wide buckets: bucket k holds the
// entries whose g lies in [k, k + 1). Every step costs at least 1, and rounding is monotone, so a
// child's g = fl(g + step) >= fl(g + 1) >= k + 1 lands in a later bucket: no entry of bucket k can
// improve another of bucket k, and every entry is final when its bucket is taken, in any order
// within the bucket. The distances are therefore the heap Dijkstra's, bit for bit (the smallest
// left-to-right sum over all routes). Keys in flight span at most the largest step, so a ring of
// `ring` buckets (a power of two above it) never wraps onto the bucket being taken.
// What a bucket flood tells a watcher: every cell as it becomes final (settle), and after each
// bucket whether the watcher has seen enough, told the bound below which every distance is final
// and the distances (done): the flood then stops, and returns that bound. The breadth-first and
// heap floods tell a watcher nothing (they run to the end).
// How many cells ahead a flood prefetches (Neighbourhood::prefetch_around).
inline constexpr size_t kAhead = 8;

struct NoWatch {
  void settle(uint32_t, double) {}
  bool done(uint64_t, const Grid<double>&) { return false; }
};

template <typename Costs, typename Watch = NoWatch>
std::optional<uint64_t> dijkstra_buckets(const Costs& costs, const Moves& moves, const Neighbourhood& nb,
                                         const std::vector<uint32_t>& sources, size_t ring, Grid<double>& dist,
                                         Watch&& watch = {}) {
  double* dc = dist.cells().data();
  // A bucket holds cells only (4 bytes an entry): a cell in bucket k whose distance has since
  // dropped below k was taken from an earlier bucket already (a stale entry), and one still in
  // [k, k + 1) is final, whichever of its entries comes first; a second entry of it in the same
  // bucket finds nothing to lower.
  std::vector<std::vector<uint32_t>> buckets(ring);
  std::vector<uint32_t> current;
  // The entries a run of a bucket's cells make, in the order they are made (the cell, and its
  // bucket in the high half), handed to their buckets after each run of kRun cells: every
  // relaxation writes its entry at `end` and moves `end` on only when it lowered the distance, so
  // the outcome of `ng < dist[n]` (as often one way as the other along a front) costs no
  // mispredicted branch. Each bucket gets the entries a push_back on the lowering relaxations
  // would give it, in the same order.
  constexpr size_t kRun = 1024;
  std::vector<uint64_t> made(8 * kRun);  // at most one entry per direction
  const size_t mask = ring - 1;
  size_t pending = sources.size();
  buckets[0] = sources;
  // The step factor of each direction: 1 for the orthogonal ones (c * 1 is c, exactly).
  std::array<double, 8> factor{};
  for (int d = 0; d < 8; ++d) factor[static_cast<size_t>(d)] = d >= 4 ? moves.diagonal_cost : 1.0;
  // With one cost for every cell, each direction's step: the product the general case forms.
  std::array<double, 8> step{};
  if constexpr (std::is_same_v<Costs, UniformCost>)
    for (size_t d = 0; d < 8; ++d) step[d] = costs[0] * factor[d];
  for (uint64_t k = 0; pending > 0; ++k) {
    std::vector<uint32_t>& slot = buckets[k & mask];
    if (slot.empty()) continue;
    current.swap(slot);  // children land in later buckets, never in this one
    pending -= current.size();
    const size_t count = current.size();
    for (size_t run = 0; run < count; run += kRun) {
      uint64_t* end = made.data();
      for (size_t e = run; e < std::min(count, run + kRun); ++e) {
        if (e + kAhead < count) {
          nb.prefetch_around(current[e + kAhead], dc);
          costs.prefetch_around(current[e + kAhead], nb.offset[1]);
        }
        const uint32_t cell = current[e];
        const double g = dc[cell];
        if (static_cast<uint64_t>(static_cast<int64_t>(g)) != k) continue;  // stale entry
        watch.settle(cell, g);
        for (unsigned bits = nb.legal[cell]; bits != 0; bits &= bits - 1) {
          const int d = std::countr_zero(bits);  // in direction order
          const size_t n = nb.to(cell, d);
          double ng;
          if constexpr (std::is_same_v<Costs, UniformCost>) ng = g + step[static_cast<size_t>(d)];
          else ng = g + costs[n] * factor[static_cast<size_t>(d)];
          const double old = dc[n];
          const bool lower = ng < old;
          dc[n] = std::min(old, ng);  // ng when lower, else old: a select, not a branch
          // Distances stay far below 2^63 (steps below 2^16, at most 2^32 cells), so the signed
          // conversion (one instruction, where the unsigned one tests and branches) is exact.
          *end = (static_cast<uint64_t>(static_cast<int64_t>(ng)) & mask) << 32 | n;
          end += lower ? 1 : 0;
        }
      }
      const auto made_count = static_cast<size_t>(end - made.data());
      for (size_t e = 0; e < made_count; ++e) buckets[made[e] >> 32].push_back(static_cast<uint32_t>(made[e]));
      pending += made_count;
    }
    current.clear();
    if (watch.done(k + 1, dist)) return k + 1;  // every distance below k + 1 is final
  }
  return std::nullopt;
}

// --- two threads -------------------------------------------------------------------------------

// Two threads meeting between buckets, each bringing a count; both leave with the sum. Spins
// (the wait is a bucket's work, microseconds), yielding after a while in case the other thread
// is not running.
class PairBarrier {
 public:
  size_t sync(int self, size_t mine) {
    const unsigned gen = gen_[self]++;
    count_[gen & 1][self].store(mine, std::memory_order_relaxed);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) % 2 == 1) {
      passed_.store(gen + 1, std::memory_order_release);
    } else {
      for (unsigned spins = 0; passed_.load(std::memory_order_acquire) != gen + 1; ++spins)
        if (spins >= 4096) std::this_thread::yield();
    }
    return count_[gen & 1][0].load(std::memory_order_relaxed) + count_[gen & 1][1].load(std::memory_order_relaxed);
  }

 private:
  std::atomic<unsigned> arrived_{0}, passed_{0};
  std::atomic<size_t> count_[2][2] = {};  // by generation parity, then thread
  unsigned gen_[2] = {0, 0};              // each thread's own
};

// dijkstra_buckets on two threads, the calling one and one more: the same distances. The cells
// are dealt out in stripes of 2^shift consecutive cells (a few rows each), alternately, so that
// every bucket's front, which crosses many stripes, is shared about evenly. Each thread owns
// the distances of its stripes and a ring of buckets of its cells, and only it reads or writes
// them: a step into the other thread's stripe is sent there (the cell and the sum) and taken in
// by its owner before the next bucket, when the two meet (PairBarrier, once per bucket). A sum
// made during bucket k lands in bucket k + 1 or later (every step costs at least 1), so it is in
// its bucket before that bucket is worked; the owner lowers the distance if it is smaller, and
// the minimum does not depend on the order in which sums arrive. Every entry of bucket k is
// final when it is taken (see dijkstra_buckets), so the distances are the one-thread flood's,
// bit for bit. Messages wait in two boxes per thread, by bucket parity: the owner reads and
// empties the box of bucket k while the sender fills the box of bucket k + 1.
template <typename Costs>
void dijkstra_buckets_two(const Costs& costs, const Moves& moves, const Neighbourhood& nb,
                          const std::vector<uint32_t>& sources, size_t ring, Grid<double>& dist) {
  double* dc = dist.cells().data();
  const size_t mask = ring - 1;
  // Stripes of 32 to 64 rows, a power of two of cells so that a cell's owner is a shift away:
  // few enough sums cross (a 4096x4096 cave sends 8 % of its steps; stripes of 4 to 8 rows sent
  // 64 %), and many enough stripes that each bucket's front is shared about evenly.
  const auto row = static_cast<size_t>(std::max<std::ptrdiff_t>(1, nb.offset[1]));
  const auto shift = static_cast<unsigned>(std::bit_width(64 * row) - 1);
  auto owner = [shift](size_t cell) { return static_cast<int>((cell >> shift) & 1); };
  std::array<double, 8> factor{};
  for (int d = 0; d < 8; ++d) factor[static_cast<size_t>(d)] = d >= 4 ? moves.diagonal_cost : 1.0;
  struct Sent {
    double g;
    uint32_t cell;
  };
  std::vector<Sent> box[2][2];  // [sender][bucket parity]
  std::vector<std::vector<uint32_t>> buckets[2] = {std::vector<std::vector<uint32_t>>(ring),
                                                   std::vector<std::vector<uint32_t>>(ring)};
  size_t start[2] = {0, 0};
  for (const uint32_t s : sources) {
    buckets[owner(s)][0].push_back(s);
    ++start[owner(s)];
  }
  PairBarrier barrier;
  auto work = [&, mask, factor, dc](int self) {  // by value: registers, not reloads after each store
    const int other = 1 - self;
    std::vector<std::vector<uint32_t>>& mine = buckets[self];
    std::vector<uint32_t> current;
    constexpr size_t kRun = 1024;  // as dijkstra_buckets: entries made by a run of cells
    std::vector<uint64_t> made(8 * kRun);
    std::vector<Sent> sending(8 * kRun);  // the sums a run sends the other thread
    size_t pending = start[self];         // entries in this thread's ring
    for (uint64_t k = 0;; ++k) {
      // Both threads are done with bucket k - 1: what the other sent during it is complete.
      std::vector<Sent>& in = box[other][(k + 1) & 1];
      if (barrier.sync(self, pending + box[self][(k + 1) & 1].size()) == 0) return;
      for (const Sent& m : in)
        if (m.g < dc[m.cell]) {
          dc[m.cell] = m.g;
          mine[static_cast<size_t>(static_cast<int64_t>(m.g)) & mask].push_back(m.cell);
          ++pending;
        }
      in.clear();
      std::vector<uint32_t>& slot = mine[k & mask];
      if (slot.empty()) continue;
      current.swap(slot);
      pending -= current.size();
      std::vector<Sent>& out = box[self][k & 1];
      const size_t count = current.size();
      for (size_t run = 0; run < count; run += kRun) {
        uint64_t* end = made.data();
        Sent* sent = sending.data();
        for (size_t e = run; e < std::min(count, run + kRun); ++e) {
          if (e + kAhead < count) {
            nb.prefetch_around(current[e + kAhead], dc);
            costs.prefetch_around(current[e + kAhead], nb.offset[1]);
          }
          const uint32_t cell = current[e];
          const double g = dc[cell];
          if (static_cast<uint64_t>(static_cast<int64_t>(g)) != k) continue;  // stale entry
          for (unsigned bits = nb.legal[cell]; bits != 0; bits &= bits - 1) {
            const int d = std::countr_zero(bits);
            const size_t n = nb.to(cell, d);
            const double ng = g + costs[n] * factor[static_cast<size_t>(d)];
            if (owner(n) != self) {  // the other thread's cell: its owner lowers it
              *sent++ = {ng, static_cast<uint32_t>(n)};
              continue;
            }
            const double old = dc[n];
            const bool lower = ng < old;
            dc[n] = std::min(old, ng);
            *end = (static_cast<uint64_t>(static_cast<int64_t>(ng)) & mask) << 32 | n;
            end += lower ? 1 : 0;
          }
        }
        const auto made_count = static_cast<size_t>(end - made.data());
        for (size_t e = 0; e < made_count; ++e) mine[made[e] >> 32].push_back(static_cast<uint32_t>(made[e]));
        pending += made_count;
        out.insert(out.end(), sending.data(), sent);
      }
      current.clear();
    }
  };
  run_pair([](void* w, int self) { (*static_cast<decltype(work)*>(w))(self); }, &work);
}

// Lowers `dist` to the distances from `sources` where they are smaller. On a grid of kUnreached
// this is the multi-source distance map; on a distance map from other sources it gives the map
// from all of them, the same numbers (a cell whose new route is not cheaper keeps its distance,
// and every route through it was no cheaper either: rounding is monotone).
// `known`, when given, is the Neighbourhood of these costs under these moves (TerrainFlood keeps
// one); otherwise it is built here.
// `threads` > 1 floods without a watcher on two threads (dijkstra_buckets_two), when the bucket
// queue applies: the same distances. Worth it from kTwoThreadCells (two_threads.hpp, about 1M
// cells, 1024x1024) on this 2-core machine; at 512x512 starting the thread costs more than it
// gains. flood_threads says how many a flood of `cells` cells gets.
inline int flood_threads(size_t cells, int threads) { return threads > 1 && cells >= kTwoThreadCells ? 2 : 1; }
template <typename Costs, typename Watch = NoWatch>
std::optional<uint64_t> flood(const Costs& costs, const std::vector<Point>& sources, const Moves& moves,
                              Grid<double>& dist, Watch&& watch = {}, const Neighbourhood* known = nullptr,
                              int threads = 1) {
  std::vector<uint32_t> seeds;
  for (Point s : sources) {
    const size_t i = dist.index(s);
    if (costs[i] == kWall || dist.cells()[i] == 0) continue;  // impassable or repeated
    dist.cells()[i] = 0;
    seeds.push_back(static_cast<uint32_t>(i));
  }
  if (seeds.empty()) return std::nullopt;
  std::optional<Neighbourhood> built;
  const Neighbourhood& nb = known ? *known : built.emplace(costs, moves);
  const std::pair<double, double> range = nb.range;
  if (const double step = uniform_step(range, moves); step > 0) {
    breadth_first(nb, step, seeds, dist);
  } else if (const size_t ring = bucket_ring_size(range, moves); ring > 0) {
    if constexpr (std::is_same_v<std::decay_t<Watch>, NoWatch>)
      if (threads > 1) {
        if (range.first == range.second) dijkstra_buckets_two(UniformCost{range.first}, moves, nb, seeds, ring, dist);
        else dijkstra_buckets_two(costs, moves, nb, seeds, ring, dist);
        return std::nullopt;
      }
    if (range.first == range.second)  // one cost for every passable cell
      return dijkstra_buckets(UniformCost{range.first}, moves, nb, seeds, ring, dist, std::forward<Watch>(watch));
    return dijkstra_buckets(costs, moves, nb, seeds, ring, dist, std::forward<Watch>(watch));
  } else {
    dijkstra_heap(costs, moves, nb, seeds, dist);
  }
  return std::nullopt;
}

// Clears every distance at or above `bound` (the entries a stopped flood left unfinished).
inline void clear_beyond(Grid<double>& dist, std::optional<uint64_t> bound) {
  if (!bound) return;
  const double limit = static_cast<double>(*bound);
  for (double& v : dist.cells())
    if (v >= limit) v = kUnreached;
}

}  // namespace catacomb::detail::floods
