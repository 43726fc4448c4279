// Region labeling by runs and union-find: one pass over the cells, one over the runs.
//
// Pass 1, per row: the row's passable cells become a bit row (16 cells per SSE2 compare where
// available, a scalar loop otherwise), the bit row's transitions become runs [x0, x1) of
// passable cells, and each run is united with the runs of the row above that touch it: that
// overlap in columns (4-connectivity), or overlap once widened by one column (8-connectivity
// with diagonal policy Always). Under NoCornerCut and OneFree a legal diagonal step always has a
// passable orthogonal cell between its ends, so the two ends are already 4-connected: those
// regions are the 4-connected ones and need no extra unions.
// Union-find links the larger root under the smaller one, so every parent index is lower than
// its child's and each root is its region's first run in row-major order.
// Pass 2, over runs in row-major order: a root takes the next label, any other run its parent's
// (already final) label; sizes and bounding boxes are accumulated per run, never per cell. Each
// row of labels is built in a small padded buffer with 16-cell stores and copied out once
// (non-temporal stores for grids larger than the cache).
//
// Complexity: O(width * height / 16) for the bit rows and the label rows, plus O(runs * alpha)
// for the rest, no recursion. Memory: the label grid plus 12 bytes per run.
// Determinism: integers only; labels are numbered in the row-major order of each region's first
// cell.
#include <catacomb/pathing/regions.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include <catacomb/core/error.hpp>
#include "shared/core/large_pages.hpp"
#include "shared/pathing/bit_runs.hpp"
#include "shared/pathing/region_sizes.hpp"

// CATACOMB_NO_SIMD builds the scalar fallback on x86-64 too, to test it.
#if defined(__SSE2__) && !defined(CATACOMB_NO_SIMD)
#define CATACOMB_REGIONS_SSE2 1
#include <emmintrin.h>
#endif

namespace catacomb {
namespace {

struct Run {
  int32_t x0;      // first cell
  int32_t x1;      // one past the last cell
  int32_t parent;  // union-find parent (a run index), then the run's label
};

// Passable when the byte is non-zero.
struct NonZero {
  bool cell(uint8_t v) const { return v != 0; }
#if defined(CATACOMB_REGIONS_SSE2)
  uint32_t mask16(const uint8_t* p) const {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const auto zero = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())));
    return ~zero & 0xFFFFu;
  }
#endif
};

// Passable when the byte is one of the passable terrain values.
struct TerrainSet {
  std::array<uint8_t, kTerrainCount> values{};
  int count = 0;
  bool cell(uint8_t v) const {
    for (int i = 0; i < count; ++i)
      if (values[static_cast<size_t>(i)] == v) return true;
    return false;
  }
#if defined(CATACOMB_REGIONS_SSE2)
  uint32_t mask16(const uint8_t* p) const {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i any = _mm_setzero_si128();
    for (int i = 0; i < count; ++i)
      any = _mm_or_si128(any, _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(values[static_cast<size_t>(i)]))));
    return static_cast<uint32_t>(_mm_movemask_epi8(any));
  }
#endif
};

// Bits of one row: bit x of words[x / 64] is set when cell x is passable; bits past the width
// are clear.
template <typename Pred>
void build_bit_row(const uint8_t* cells, int width, const Pred& pred, uint64_t* words) {
  const int nwords = (width + 63) / 64;
  std::memset(words, 0, static_cast<size_t>(nwords) * sizeof(uint64_t));
  int x = 0;
#if defined(CATACOMB_REGIONS_SSE2)
  for (; x + 16 <= width; x += 16) words[x >> 6] |= static_cast<uint64_t>(pred.mask16(cells + x)) << (x & 63);
#endif
  for (; x < width; ++x)
    if (pred.cell(cells[x])) words[x >> 6] |= uint64_t{1} << (x & 63);
}

// Appends the runs of one bit row, each its own parent.
void append_runs(const uint64_t* words, int width, std::vector<Run>& runs) {
  detail::for_each_run(words, static_cast<size_t>(width), [&](size_t start, size_t end) {
    runs.push_back({static_cast<int32_t>(start), static_cast<int32_t>(end), static_cast<int32_t>(runs.size())});
  });
}

int32_t find_root(Run* runs, int32_t x) {
  while (runs[x].parent != x) {
    const int32_t gp = runs[runs[x].parent].parent;
    runs[x].parent = gp;  // path halving keeps parent <= child
    x = gp;
  }
  return x;
}

// Unites the runs [c0, c1) of one row with the touching runs [p0, c0) of the row above.
void unite_rows(Run* runs, int32_t p0, int32_t c0, int32_t c1, int32_t reach) {
  int32_t j = p0;
  for (int32_t i = c0; i < c1; ++i) {
    const int32_t x0 = runs[i].x0, x1 = runs[i].x1;
    // Runs above that end left of this one cannot touch it or any later run of the row.
    while (j < c0 && runs[j].x1 + reach <= x0) ++j;
    int32_t root = i;
    for (int32_t k = j; k < c0 && runs[k].x0 < x1 + reach; ++k) {
      const int32_t r = find_root(runs, k);
      if (root == i) {
        root = r;
      } else if (r < root) {
        runs[root].parent = r;
        root = r;
      } else if (r > root) {
        runs[r].parent = root;
      }
    }
    runs[i].parent = root;
  }
}

// Cells a fill may write past its end (the row buffer's padding).
constexpr int32_t kFillAhead = 16;

// Fills cells [from, to) of a padded row buffer 16 cells at a time, which may also write up to
// kFillAhead - 1 cells past `to`: the row is filled left to right, so the next fill (or the
// padding) takes them. Most runs and gaps of a cave are shorter than 16 cells, so most fills are
// one iteration and their loop branch is well predicted.
inline void fill_ahead(int32_t* buf, int32_t from, int32_t to, int32_t value) {
#if defined(CATACOMB_REGIONS_SSE2)
  const __m128i v = _mm_set1_epi32(value);
  for (int32_t x = from; x < to; x += kFillAhead) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(buf + x), v);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(buf + x + 4), v);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(buf + x + 8), v);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(buf + x + 12), v);
  }
#else
  std::fill(buf + from, buf + to, value);
#endif
}

// Label grids at least this large are written with non-temporal stores: they do not fit in the
// cache, and the stores then skip reading every line before writing it.
constexpr size_t kStreamBytes = size_t{8} << 20;

void copy_row(int32_t* dst, const int32_t* src, int width, bool stream) {
#if defined(CATACOMB_REGIONS_SSE2)
  if (stream) {
    int x = 0;
    for (; x < width && (reinterpret_cast<uintptr_t>(dst + x) & 15) != 0; ++x) dst[x] = src[x];
    for (; x + 4 <= width; x += 4)
      _mm_stream_si128(reinterpret_cast<__m128i*>(dst + x), _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + x)));
    for (; x < width; ++x) dst[x] = src[x];
    return;
  }
#endif
  (void)stream;
  std::memcpy(dst, src, static_cast<size_t>(width) * sizeof(int32_t));
}

// Labels the regions of the cells into `out` (its label grid already of the map's shape). With
// Write false there is no label grid: only the sizes and bounds, and the labels of `probes`
// when given (the label of the run that holds each; kNoRegion when none does).
template <bool Write = true, typename Pred>
void label_runs(const uint8_t* cells, int width, int height, const Pred& pred, const Moves& moves, RegionMap& out,
                const std::vector<Point>* probes = nullptr, std::vector<int32_t>* probe_labels = nullptr) {
  // Reach 1 widens each run by one column for the diagonal test (8-connectivity), needed only
  // when a diagonal step may pass between two blocked side cells (Always; see the file comment).
  const int32_t reach = diagonal_needs_open_side(moves) ? 0 : 1;

  // Pass 1: runs row by row, each row united with the one above while both are in cache.
  std::vector<Run> runs;
  runs.reserve(static_cast<size_t>(width) * static_cast<size_t>(height) / 16 + 16);
  std::vector<int32_t> row_begin(static_cast<size_t>(height) + 1);
  std::vector<uint64_t> bits(static_cast<size_t>((width + 63) / 64));
  for (int y = 0; y < height; ++y) {
    const auto c0 = static_cast<int32_t>(runs.size());
    row_begin[static_cast<size_t>(y)] = c0;
    build_bit_row(cells + static_cast<size_t>(y) * static_cast<size_t>(width), width, pred, bits.data());
    append_runs(bits.data(), width, runs);
    if (y > 0)
      unite_rows(runs.data(), row_begin[static_cast<size_t>(y) - 1], c0, static_cast<int32_t>(runs.size()), reach);
  }
  row_begin[static_cast<size_t>(height)] = static_cast<int32_t>(runs.size());

  // Pass 2, in row-major order: labels (in place of the parents), sizes, bounds, and each row
  // of the label grid built in a small buffer and then copied out.
  out.sizes.clear();
  out.bounds.clear();
  std::vector<int32_t> buffer(Write ? static_cast<size_t>(width) + kFillAhead : 0);
  int32_t* const buf = buffer.data();
  const bool stream = out.labels.size() * sizeof(int32_t) >= kStreamBytes;
  Run* const r = runs.data();
  int32_t next = 0;
  for (int y = 0; y < height; ++y) {
    const int32_t c0 = row_begin[static_cast<size_t>(y)], c1 = row_begin[static_cast<size_t>(y) + 1];
    int32_t x = 0;
    for (int32_t i = c0; i < c1; ++i) {
      const int32_t p = r[i].parent, x0 = r[i].x0, x1 = r[i].x1;
      int32_t label;
      if (p == i) {
        label = next++;
        out.sizes.push_back(0);
        out.bounds.push_back(Rect{x0, y, x1, y + 1});  // right and bottom in width/height for now
      } else {
        label = r[p].parent;  // p < i already holds its label
        Rect& b = out.bounds[static_cast<size_t>(label)];
        b.x = std::min(b.x, x0);
        b.width = std::max(b.width, x1);
        b.height = y + 1;
      }
      r[i].parent = label;
      out.sizes[static_cast<size_t>(label)] += x1 - x0;
      if constexpr (Write) {
        fill_ahead(buf, x, x0, kNoRegion);
        fill_ahead(buf, x0, x1, label);
        x = x1;
      }
    }
    if constexpr (Write) {
      fill_ahead(buf, x, width, kNoRegion);
      copy_row(out.labels.row(y), buf, width, stream);
    }
  }
#if defined(CATACOMB_REGIONS_SSE2)
  if (Write && stream) _mm_sfence();  // order the non-temporal stores before anything that follows
#endif
  // Each run now holds its label: a probe's is its run's, found among its row's runs.
  if (probes && probe_labels) {
    probe_labels->assign(probes->size(), kNoRegion);
    for (size_t k = 0; k < probes->size(); ++k) {
      const Point q = (*probes)[k];
      if (q.x < 0 || q.y < 0 || q.x >= width || q.y >= height) continue;
      const Run* first = r + row_begin[static_cast<size_t>(q.y)];
      const Run* last = r + row_begin[static_cast<size_t>(q.y) + 1];
      const Run* run = std::upper_bound(first, last, q.x, [](int32_t x, const Run& c) { return x < c.x0; });
      if (run != first && q.x < (run - 1)->x1) (*probe_labels)[k] = (run - 1)->parent;
    }
  }
  for (Rect& b : out.bounds) {
    b.width -= b.x;
    b.height -= b.y;
  }
}

// Gives `out.labels` the map's shape, reusing its storage when the shape already matches (its
// cells are all overwritten by label_runs).
void reshape_labels(RegionMap& out, int width, int height) {
  if (out.labels.width() == width && out.labels.height() == height) return;
  out.labels = Grid<int32_t>();  // release the old storage before allocating the new
  out.labels = detail::large_grid(width, height, kNoRegion);
}

template <typename Pred>
void label_into(const uint8_t* cells, int width, int height, const Pred& pred, const Moves& moves, RegionMap& out) {
  moves.check();
  if (width <= 0 || height <= 0) {
    out.labels = Grid<int32_t>();
    out.sizes.clear();
    out.bounds.clear();
    return;
  }
  reshape_labels(out, width, height);
  label_runs(cells, width, height, pred, moves, out);
}

TerrainSet passable_set(const CostTable& costs) {
  TerrainSet s;
  for (Terrain t : kAllTerrains)
    if (costs.passable(t)) s.values[static_cast<size_t>(s.count++)] = static_cast<uint8_t>(t);
  return s;
}

}  // namespace

int32_t RegionMap::largest() const {
  int32_t best = kNoRegion;
  for (size_t i = 0; i < sizes.size(); ++i)
    if (best == kNoRegion || sizes[i] > sizes[static_cast<size_t>(best)]) best = static_cast<int32_t>(i);
  return best;
}

void label_regions(const Grid<uint8_t>& passable, const Moves& moves, RegionMap& out) {
  label_into(passable.data(), passable.width(), passable.height(), NonZero{}, moves, out);
}

void label_regions(const Grid<Terrain>& tiles, const CostTable& costs, const Moves& moves, RegionMap& out) {
  static_assert(sizeof(Terrain) == 1);
  label_into(reinterpret_cast<const uint8_t*>(tiles.data()), tiles.width(), tiles.height(), passable_set(costs), moves,
             out);
}

RegionMap label_regions(const Grid<uint8_t>& passable, const Moves& moves) {
  RegionMap out;
  label_regions(passable, moves, out);
  return out;
}

RegionMap label_regions(const Grid<Terrain>& tiles, const CostTable& costs, const Moves& moves) {
  RegionMap out;
  label_regions(tiles, costs, moves, out);
  return out;
}

namespace detail {

RegionSizes region_sizes(const Grid<Terrain>& tiles, const CostTable& costs, const Moves& moves,
                         const std::vector<Point>& probes) {
  moves.check();
  RegionSizes result;
  result.probe_labels.assign(probes.size(), kNoRegion);
  if (tiles.width() <= 0 || tiles.height() <= 0) return result;
  RegionMap out;  // no label grid
  label_runs<false>(reinterpret_cast<const uint8_t*>(tiles.data()), tiles.width(), tiles.height(), passable_set(costs),
                    moves, out, &probes, &result.probe_labels);
  result.sizes = std::move(out.sizes);
  return result;
}

}  // namespace detail

}  // namespace catacomb
