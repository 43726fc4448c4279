#pragma once
// Internal to pathing/: the differential (landmark, ALT) heuristic the Navigator steers by, shared
// by its A* (navigator.cpp) and Jump Point Search (jps.cpp). Per cell, the distance D from each of
// up to 16 landmarks, built with every door open in a graph of integer weights: each step's
// symmetric lower-bound cost after the change of potential phi(v) = cost(v) / 2, times a scale,
// rounded down (navigator_build.cpp's landmark_weights). The graph's distances obey the triangle
// inequality and D / scale never exceeds the re-weighted cost, d(a, g) + phi(a) - phi(g), so
// |D(L, a) - D(L, g)| / scale - phi(a) + phi(g) <= d(a, g) on any map whose doors are a subset of
// those open at build time: the bound stays admissible whatever the doors do, and consistent
// (a step's change of bound is at most its cost) but for the rounding below.
//
// Stored in quanta q = D / Q (rounded down), packed: per cell, 16 nibbles (one uint64); per 4x4
// block of cells and landmark, a uint16 base (the block's smallest q). A cell's q is its block's
// base plus its nibble; the nibble kUnknown (15) stands for a q more than 14 above the base, or a
// cell the landmarks do not cover, and gives no bound. From two quanta,
// |D(a) - D(g)| >= Q |q(a) - q(g)| - (Q - 1), which is the bound taken, all in integers but the
// last product. The largest of the 16 is taken with SSE2 where there is SSE2 (the same integers
// as the scalar loop, which CATACOMB_NO_SIMD builds on x86-64 too, to test it). Not public API.
#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__SSE2__) && !defined(CATACOMB_NO_SIMD)
#define CATACOMB_LANDMARKS_SSE2 1
#include <emmintrin.h>
#endif

namespace catacomb::detail {

inline constexpr int kMaxLandmarks = 16;  // nibbles in a uint64
inline constexpr int kLandmarkBlock = 4;  // a base per 4 x 4 cells
inline constexpr uint64_t kUnknown = 15;  // the nibble that gives no bound
inline constexpr uint64_t kLargestNibble = 14;
inline constexpr int64_t kLargestQuantum = 0x7FF0;  // every q + 15 fits an int16 lane

struct LandmarkTable {
  int count = 0;  // landmarks, 0 to kMaxLandmarks (the other nibbles are kUnknown)
  int width = 0, height = 0;
  int block_columns = 0;
  std::vector<uint64_t> nibbles;  // per cell, y * width + x: landmark k in bits 4k to 4k + 3
  // (block row * block_columns + block column) * count + k, then kMaxLandmarks more (zeros): a
  // block's bases are read 16 at a time, those past `count` under kUnknown nibbles.
  std::vector<uint16_t> bases;
  std::vector<uint64_t> covered;  // a bit per cell: in the area the landmarks cover
  int64_t quantum = 1;            // Q: integer distance per stored step
  double cost_per_unit = 0;       // 1 / scale, rounded down: cost per unit of integer distance

  size_t block_of(int x, int y) const {
    return (static_cast<size_t>(y / kLandmarkBlock) * static_cast<size_t>(block_columns) +
            static_cast<size_t>(x / kLandmarkBlock)) *
           static_cast<size_t>(count);
  }
  bool covers(uint32_t cell) const { return count > 0 && ((covered[cell >> 6] >> (cell & 63)) & 1) != 0; }
  size_t bytes() const {
    return nibbles.size() * sizeof(uint64_t) + bases.size() * sizeof(uint16_t) + covered.size() * sizeof(uint64_t);
  }
};

// A query's view of the table: the goal's quanta, and which landmarks bound anything (those
// that know the goal's quantum).
struct LandmarkGoal {
  const LandmarkTable* table = nullptr;  // null: no landmark bound for this query
  alignas(16) uint16_t goal[kMaxLandmarks] = {};
  alignas(16) uint16_t use[kMaxLandmarks] = {};  // 0xFFFF for a landmark that bounds, else 0
  int64_t quantum = 1;
  double cost_per_unit = 0;
  double goal_phi = 0;  // phi(goal): half the goal's cost

  // Sets up a query from `start` (cell index) to the goal at (gx, gy), of cost `goal_cost`.
  // Returns false when the landmarks cover exactly one of them: they are then in different areas
  // with every door open, so there is no route.
  bool prepare(const LandmarkTable& t, uint32_t start, int gx, int gy, double goal_cost) {
    const uint32_t g = static_cast<uint32_t>(gy) * static_cast<uint32_t>(t.width) + static_cast<uint32_t>(gx);
    table = nullptr;
    const bool sc = t.covers(start), gc = t.covers(g);
    if (sc != gc) return false;
    if (!sc) return true;  // both elsewhere: the geometric bound alone
    table = &t;
    goal_phi = 0.5 * goal_cost;
    quantum = t.quantum;
    cost_per_unit = t.cost_per_unit;
    const uint64_t nib = t.nibbles[g];
    const uint16_t* base = t.bases.data() + t.block_of(gx, gy);
    for (int k = 0; k < kMaxLandmarks; ++k) {
      const uint64_t n = (nib >> (4 * k)) & 15;
      use[k] = n == kUnknown ? 0 : 0xFFFF;
      goal[k] = n == kUnknown ? 0 : static_cast<uint16_t>(base[k] + n);
    }
    return true;
  }

  // A lower bound on the cost from (x, y) (cell index `cell`, of cost `cost`) to the goal, at
  // least `base` (the geometric bound). Every cell a query reaches lies in the start's area.
  double bound(int x, int y, uint32_t cell, double cost, double base) const {
    if (!table) return base;
    const uint16_t* b = table->bases.data() + table->block_of(x, y);
#ifdef CATACOMB_LANDMARKS_SSE2
    const __m128i low = _mm_set1_epi8(0x0F);
    const __m128i packed = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(table->nibbles.data() + cell));
    // Byte i holds landmarks 2i (low nibble) and 2i + 1: interleaved, landmark k in byte k.
    const __m128i n8 = _mm_unpacklo_epi8(_mm_and_si128(packed, low), _mm_and_si128(_mm_srli_epi16(packed, 4), low));
    const __m128i zero = _mm_setzero_si128();
    const __m128i unknown = _mm_set1_epi16(static_cast<short>(kUnknown));
    __m128i most = zero;
    for (int half = 0; half < 2; ++half) {
      const __m128i n = half == 0 ? _mm_unpacklo_epi8(n8, zero) : _mm_unpackhi_epi8(n8, zero);
      const __m128i q = _mm_add_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 8 * half)), n);
      const __m128i g = _mm_load_si128(reinterpret_cast<const __m128i*>(goal + 8 * half));
      __m128i d = _mm_or_si128(_mm_subs_epu16(q, g), _mm_subs_epu16(g, q));  // |q - g|
      d = _mm_and_si128(d, _mm_load_si128(reinterpret_cast<const __m128i*>(use + 8 * half)));
      d = _mm_andnot_si128(_mm_cmpeq_epi16(n, unknown), d);
      most = _mm_max_epi16(most, d);
    }
    most = _mm_max_epi16(most, _mm_shuffle_epi32(most, 0x4E));
    most = _mm_max_epi16(most, _mm_shuffle_epi32(most, 0xB1));
    most = _mm_max_epi16(most, _mm_shufflelo_epi16(most, 0xB1));
    const int m = _mm_cvtsi128_si32(most) & 0xFFFF;
#else
    const uint64_t nib = table->nibbles[cell];
    int m = 0;
    for (int k = 0; k < kMaxLandmarks; ++k) {
      const uint64_t n = (nib >> (4 * k)) & 15;
      if (n == kUnknown || use[k] == 0) continue;
      const int q = b[k] + static_cast<int>(n);
      const int d = q > goal[k] ? q - goal[k] : goal[k] - q;
      m = d > m ? d : m;
    }
#endif
    if (m == 0) return base;
    const double h = static_cast<double>(static_cast<int64_t>(m) * quantum - (quantum - 1)) * cost_per_unit -
                     0.5 * cost + goal_phi;
    return h > base ? h : base;
  }
};

}  // namespace catacomb::detail
