// The Navigator's build (see navigator.cpp for the design): the map's cells as cost indices in a
// padded grid (from terrain and a cost table, or from a grid of costs), the declared doors, the
// landmarks (farthest-point picks; one Dijkstra with Dial's ring of buckets per landmark, on
// integer weights; packed as landmarks.hpp says) and the engine (jump point search on maps
// without doors under 8 neighbours without corner cutting, else the A* scratch). Cost:
// (landmarks + 1) searches of O(cells + largest distance / 64) and one region labelling.
// Deterministic: integer distances, row-major picks and ties.
#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <string>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/regions.hpp>
#include "shared/core/problems.hpp"
#include "pathing/jps/jps_access.hpp"
#include "pathing/navigator/navigator_impl.hpp"

namespace catacomb {

using namespace navigator_detail;

void Navigator::Impl::check_doors(const std::vector<Point>& list) {
  std::vector<FieldProblem> p;
  for (size_t i = 0; i < list.size(); ++i) {
    const Point d = list[i];
    const std::string field = "doors[" + std::to_string(i) + "]";
    if (d.x < 0 || d.y < 0 || d.x >= width || d.y >= height) {
      p.push_back({field, to_string(d), "inside the " + std::to_string(width) + "x" + std::to_string(height) + " map"});
      continue;
    }
    const uint8_t c = code[padded(d.x, d.y)];
    if (c == kBlocked) p.push_back({field, to_string(d), "a passable cell"});
    doors.push_back({static_cast<uint32_t>(d.y * width + d.x), d, c, true, 0, false});
  }
  std::sort(doors.begin(), doors.end(), [](const Door& a, const Door& b) { return a.cell < b.cell; });
  for (size_t i = 1; i < doors.size(); ++i)
    if (doors[i].cell == doors[i - 1].cell) p.push_back({"doors", to_string(doors[i].pos), "each cell listed once"});
  throw_if_problems(p);
}

void Navigator::Impl::finish(const std::vector<Point>& door_list) {
  moves.check();
  policy = effective_diagonal(moves);
  check_doors(door_list);
  const int pw = padded_width;
  for (int d = 0; d < 8; ++d) offset[static_cast<size_t>(d)] = kDirections[d].x + kDirections[d].y * pw;
  min_cost = CostTable::kImpassable;
  for (size_t i = 0; i < cells(); ++i) {
    const uint8_t c =
        code[padded(static_cast<int>(i % static_cast<size_t>(width)), static_cast<int>(i / static_cast<size_t>(width)))];
    if (c != kBlocked) min_cost = std::min(min_cost, palette[c]);
  }
  if (min_cost == CostTable::kImpassable) min_cost = 1;
  bool unit = true;
  for (size_t i = 0; i < cells() && unit; ++i) {
    const uint8_t c =
        code[padded(static_cast<int>(i % static_cast<size_t>(width)), static_cast<int>(i / static_cast<size_t>(width)))];
    unit = c == kBlocked || palette[c] == 1.0;
  }
  use_jps = doors.empty() && moves.neighbors == 8 && policy == DiagonalPolicy::NoCornerCut &&
            moves.diagonal_cost == kSqrt2;
  build_landmarks(use_jps ? kJpsMapBytesPerCell + (unit ? 0.0 : kWeightedJpsBytesPerCell)
                          : static_cast<double>(code.size()) / static_cast<double>(cells()));
  if (use_jps) {
    Grid<uint8_t> passable(width, height, 0);
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) passable(x, y) = code[padded(x, y)] != kBlocked ? 1 : 0;
    weighted_jps = !unit;
    if (unit) {
      jps.set_map(passable);
    } else {
      std::vector<uint8_t> codes(cells());
      for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
          codes[static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)] = code[padded(x, y)];
      // The cost edges' steps worked out once when they fit beside the rest in kMaxBytesPerCell.
      const double rest = static_cast<double>(landmarks.bytes()) +
                          static_cast<double>(cells()) * (kJpsMapBytesPerCell + kWeightedJpsBytesPerCell);
      const double budget = std::max(0.0, static_cast<double>(cells()) * kMaxBytesPerCell - rest);
      detail::JpsAccess::set_weighted_map(jps, passable, std::move(codes), palette, min_cost,
                                          static_cast<size_t>(budget));
    }
    detail::JpsAccess::set_landmarks(jps, &landmarks);
    code = {};  // JPS holds the map as bits; find_path goes straight to it
  } else {
    g_cost.assign(code.size(), kUnseen);
    for (size_t i = 0; i < code.size(); ++i)
      if (code[i] == kBlocked) g_cost[i] = kWall;
    state.assign(code.size(), 0);
    touched.reserve(cells());
  }
}

// Integer step weights of the landmark graph, symmetric lower bounds on the steps' costs after a
// change of potential: with phi(v) = cost(v) / 2, a step a -> b costs
// cost(b) x length + phi(a) - phi(b) = cost(b) x (length - 1/2) + cost(a) / 2, which is positive
// (length >= 1) and sums along any route to its cost + phi(start) - phi(end). The graph's weight
// for a step between a and b is the smaller of the two directions: straight, cost(a) / 2 +
// cost(b) / 2, the same both ways; diagonal, the lighter of cost(b) x (diagonal - 1/2) + cost(a)
// / 2 and the reverse. So a distance D of the graph obeys
// |D(a) - D(g)| <= d(a, g) + phi(a) - phi(g) (landmarks.hpp subtracts the phis back): where a
// route enters and leaves dearer ground, the graph charges half of each cell's cost both ways,
// not the cheaper cell's cost for both steps as the lighter of the two entry costs would.
// In integers: for each cost index, half = floor(cost / 2 x scale) and diagonal =
// floor(cost x (diagonal - 1/2) x scale), the scale putting the largest step at kLandmarkMaxStep;
// a hair is taken off before rounding down, so that no weight exceeds the exact one.
void Navigator::Impl::landmark_weights(LandmarkWeights& w) const {
  std::array<bool, 256> present{};
  for (const uint8_t c : code) present[c] = true;
  double largest = 0;
  for (size_t i = 0; i < kBlocked; ++i)
    if (present[i] && palette[i] != CostTable::kImpassable) largest = std::max(largest, palette[i]);
  const double factor = moves.neighbors == 8 ? std::max(1.0, moves.diagonal_cost) : 1.0;
  const double scale = largest > 0 ? static_cast<double>(kLandmarkMaxStep) / (largest * factor) : 1.0;
  constexpr double kShave = 1.0 - 0x1p-30;
  w.half.fill(0);
  w.diagonal.fill(0);
  for (size_t i = 0; i < kBlocked; ++i) {
    if (palette[i] == CostTable::kImpassable) continue;
    w.half[i] = static_cast<uint32_t>(std::floor(palette[i] * 0.5 * scale * kShave));
    w.diagonal[i] = static_cast<uint32_t>(std::floor(palette[i] * (moves.diagonal_cost - 0.5) * scale * kShave));
  }
  w.cost_per_unit = kShave / scale;
}

// Dijkstra from `from` over the map with every door open, each cell's legal steps in `steps_of`,
// a step weighing what landmark_weights says: symmetric distances, in units of 1 / scale, that
// never exceed the re-weighted costs, so |D(L, a) - D(L, g)| bounds d(a, g) + phi(a) - phi(g)
// for any a, g. Dial's algorithm: a ring of kRing buckets, each holding the cells at one
// distance, and a bit per bucket to skip the empty ones; exact integer distances, so the order of
// a bucket does not matter. Unreached cells get kFar. O(cells + largest distance / 64).
void Navigator::Impl::landmark_distances(Point from, const LandmarkWeights& w, const std::vector<uint8_t>& steps_of,
                                         std::vector<uint64_t>& dist, std::vector<std::vector<uint32_t>>& ring) const {
  dist.assign(cells(), kFar);
  ring.resize(kRing);
  for (auto& b : ring) b.clear();
  std::array<uint64_t, kRing / 64> used{};  // the buckets that hold a cell
  auto add = [&](uint64_t d, uint32_t c) {
    const auto b = static_cast<size_t>(d & (kRing - 1));
    ring[b].push_back(c);
    used[b >> 6] |= uint64_t{1} << (b & 63);
  };
  // The next bucket that holds a cell after `at`: every queued distance is in (at, at + kRing).
  auto next_after = [&](uint64_t at) {
    const auto s = static_cast<size_t>((at + 1) & (kRing - 1));
    for (size_t b = s;;) {
      const uint64_t bits = used[b >> 6] & (~uint64_t{0} << (b & 63));
      if (bits != 0) return at + 1 + ((b - (b & 63) + static_cast<size_t>(std::countr_zero(bits)) - s) & (kRing - 1));
      b = (b - (b & 63) + 64) & (kRing - 1);
    }
  };
  const auto wd = static_cast<uint32_t>(width);
  const uint32_t f = static_cast<uint32_t>(from.y) * wd + static_cast<uint32_t>(from.x);
  dist[f] = 0;
  add(0, f);
  size_t pending = 1;
  for (uint64_t at = 0;; at = next_after(at)) {
    const auto slot = static_cast<size_t>(at & (kRing - 1));
    std::vector<uint32_t>& bucket = ring[slot];
    for (size_t i = 0; i < bucket.size(); ++i) {  // a zero weight adds to this bucket: by index
      const uint32_t cell = bucket[i];
      --pending;
      if (dist[cell] != at) continue;  // reached more cheaply since
      const int x = static_cast<int>(cell % wd), y = static_cast<int>(cell / wd);
      const size_t pc = padded(x, y);
      const uint8_t here = code[pc];
      for (unsigned steps = steps_of[cell]; steps != 0; steps &= steps - 1) {
        const int d = std::countr_zero(steps);
        const uint8_t there = code[static_cast<size_t>(static_cast<ptrdiff_t>(pc) + offset[static_cast<size_t>(d)])];
        const uint32_t step = d >= 4 ? std::min(w.diagonal[there] + w.half[here], w.diagonal[here] + w.half[there])
                                     : w.half[here] + w.half[there];
        const uint64_t nd = at + step;
        const uint32_t c = static_cast<uint32_t>(static_cast<int64_t>(cell) + kDirections[d].x +
                                                 static_cast<int64_t>(kDirections[d].y) * width);
        if (nd < dist[c]) {
          dist[c] = nd;
          add(nd, c);
          ++pending;
        }
      }
    }
    bucket.clear();
    used[slot >> 6] &= ~(uint64_t{1} << (slot & 63));
    if (pending == 0) break;
  }
}

// Each cell's legal steps (kLegalMoves under the policy: a bit per direction), once for all the
// landmark searches.
std::vector<uint8_t> Navigator::Impl::landmark_steps() const {
  std::vector<uint8_t> steps_of(cells(), 0);
  const auto& legal = kLegalMoves[static_cast<size_t>(policy)];
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const size_t pc = padded(x, y);
      if (code[pc] == kBlocked) continue;
      unsigned open = 0;
      for (int d = 0; d < 8; ++d)
        open |= (code[static_cast<size_t>(static_cast<ptrdiff_t>(pc) + offset[static_cast<size_t>(d)])] != kBlocked
                     ? 1u
                     : 0u)
                << d;
      steps_of[static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)] = static_cast<uint8_t>(
          legal[open]);
    }
  return steps_of;
}

// Every landmark lies in the seed's area, so no distance from one exceeds twice the seed's
// eccentricity (triangle inequality): one quantum for all, two thirds of the lightest straight
// step (a bound within a step of exact, and a 4 x 4 block of cells mostly within 14 quanta),
// or more where the largest distance would not fit kLargestQuantum quanta.
int64_t Navigator::Impl::landmark_quantum(const LandmarkWeights& w, uint64_t eccentricity) const {
  uint32_t lightest = ~uint32_t{0};
  for (size_t i = 0; i < kBlocked; ++i)
    if (palette[i] != CostTable::kImpassable && w.half[i] > 0) lightest = std::min(lightest, 2 * w.half[i]);
  const uint64_t wanted = lightest == ~uint32_t{0} ? 1 : std::max<uint64_t>(1, 2 * uint64_t{lightest} / 3);
  return static_cast<int64_t>(std::max<uint64_t>(wanted, 2 * eccentricity / detail::kLargestQuantum + 1));
}

// Fewer landmarks on a small area (each costs a search), and on a map so small that the bases
// of its part-filled blocks would take the Navigator past kMaxBytesPerCell.
int Navigator::Impl::landmark_count(int64_t area, size_t blocks, double others_per_cell) const {
  const double fixed = static_cast<double>(cells() * sizeof(uint64_t) + (cells() + 63) / 64 * sizeof(uint64_t)) +
                       static_cast<double>(cells()) * others_per_cell;
  int count = area >= 64 ? detail::kMaxLandmarks : 1;
  while (count > 1 &&
         fixed + static_cast<double>((blocks * static_cast<size_t>(count) + detail::kMaxLandmarks) * sizeof(uint16_t)) >
             kMaxBytesPerCell * static_cast<double>(cells()))
    --count;
  return count;
}

// Landmark k's distances into the table: per block, its smallest quantum as the base; per cell,
// its quantum above the base. Lowers `nearest` to them.
void Navigator::Impl::pack_landmark(int k, const std::vector<uint64_t>& dist, std::vector<uint64_t>& nearest) {
  const auto quantum = static_cast<uint64_t>(landmarks.quantum);
  const int block_rows = (height + detail::kLandmarkBlock - 1) / detail::kLandmarkBlock;
  for (int by = 0; by < block_rows; ++by)
    for (int bx = 0; bx < landmarks.block_columns; ++bx) {
      const int x0 = bx * detail::kLandmarkBlock, y0 = by * detail::kLandmarkBlock;
      const int x1 = std::min(width, x0 + detail::kLandmarkBlock);
      const int y1 = std::min(height, y0 + detail::kLandmarkBlock);
      uint64_t base = kFar;
      for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
          const uint64_t d = dist[static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)];
          if (d != kFar) base = std::min(base, d / quantum);
        }
      if (base == kFar) continue;
      assert(base < static_cast<uint64_t>(detail::kLargestQuantum));
      landmarks.bases[landmarks.block_of(x0, y0) + static_cast<size_t>(k)] = static_cast<uint16_t>(base);
      for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
          const auto i = static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x);
          if (dist[i] == kFar) continue;
          nearest[i] = std::min(nearest[i], dist[i]);
          const uint64_t n = dist[i] / quantum - base;
          if (n > detail::kLargestNibble) continue;  // stays kUnknown: no bound from this landmark here
          landmarks.nibbles[i] &= ~(uint64_t{15} << (4 * k));
          landmarks.nibbles[i] |= n << (4 * k);
        }
    }
}

// The landmarks, in the largest region: the first is the cell farthest from a seed (the region's
// first cell in row-major order), each next one the cell farthest from those so far; the searches
// share the cells' legal steps and weights, and each landmark's distances are packed as they come.
void Navigator::Impl::build_landmarks(double others_per_cell) {
  Grid<uint8_t> passable(width, height, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) passable(x, y) = code[padded(x, y)] != kBlocked ? 1 : 0;
  const RegionMap regions = label_regions(passable, moves);
  const int32_t largest = regions.largest();
  landmarks = {};
  landmarks.width = width;
  landmarks.height = height;
  if (largest == kNoRegion) return;
  const std::vector<uint8_t> steps_of = landmark_steps();
  Point seed{-1, -1};
  for (int y = 0; y < height && seed.x < 0; ++y)
    for (int x = 0; x < width && seed.x < 0; ++x)
      if (regions.labels(x, y) == largest) seed = {x, y};
  LandmarkWeights weights;
  landmark_weights(weights);
  landmarks.cost_per_unit = weights.cost_per_unit;
  std::vector<uint64_t> nearest(cells(), kFar);  // distance from the nearest landmark so far
  std::vector<uint64_t> dist;
  std::vector<std::vector<uint32_t>> ring;
  // The cell farthest from the seed or the landmarks so far (lowest index among equals).
  auto farthest = [&](const std::vector<uint64_t>& v) {
    uint64_t far = 0;
    Point at = seed;
    for (size_t i = 0; i < cells(); ++i)
      if (v[i] != kFar && v[i] > far) {
        far = v[i];
        at = {static_cast<int>(i % static_cast<size_t>(width)), static_cast<int>(i / static_cast<size_t>(width))};
      }
    return std::make_pair(at, far);
  };
  landmark_distances(seed, weights, steps_of, dist, ring);
  auto [next, eccentricity] = farthest(dist);
  landmarks.quantum = landmark_quantum(weights, eccentricity);
  landmarks.block_columns = (width + detail::kLandmarkBlock - 1) / detail::kLandmarkBlock;
  const int block_rows = (height + detail::kLandmarkBlock - 1) / detail::kLandmarkBlock;
  const size_t blocks = static_cast<size_t>(landmarks.block_columns) * static_cast<size_t>(block_rows);
  landmarks.count = landmark_count(regions.sizes[static_cast<size_t>(largest)], blocks, others_per_cell);
  landmarks.nibbles.assign(cells(), ~uint64_t{0});
  landmarks.bases.assign(blocks * static_cast<size_t>(landmarks.count) + detail::kMaxLandmarks, 0);
  landmarks.covered.assign((cells() + 63) / 64, 0);
  for (size_t i = 0; i < cells(); ++i)
    if (regions.labels.cells()[i] == largest) landmarks.covered[i >> 6] |= uint64_t{1} << (i & 63);
  for (int k = 0; k < landmarks.count; ++k) {
    landmark_distances(next, weights, steps_of, dist, ring);
    pack_landmark(k, dist, nearest);
    next = farthest(nearest).first;
  }
}

void Navigator::Impl::bind_shape(Impl& s, int width, int height) {
  s.width = width;
  s.height = height;
  s.padded_width = width + 2;
  s.code.assign(static_cast<size_t>(width + 2) * static_cast<size_t>(height + 2), kBlocked);
  s.palette.fill(CostTable::kImpassable);
}

void Navigator::Impl::bind_terrain(Impl& s, const Grid<Terrain>& tiles, const CostTable& costs) {
  Impl::bind_shape(s, tiles.width(), tiles.height());
  for (int t = 0; t < kTerrainCount; ++t) s.palette[static_cast<size_t>(t)] = costs[static_cast<Terrain>(t)];
  for (int y = 0; y < tiles.height(); ++y)
    for (int x = 0; x < tiles.width(); ++x) {
      const auto t = static_cast<size_t>(tiles(x, y));
      if (t < static_cast<size_t>(kTerrainCount) && s.palette[t] != CostTable::kImpassable)
        s.code[s.padded(x, y)] = static_cast<uint8_t>(t);
    }
}

void Navigator::Impl::bind_costs(Impl& s, const CostGrid& costs) {
  std::vector<double> distinct;
  for (const double c : costs.cells()) {
    if (c == CostTable::kImpassable) continue;
    if (!(c > 0) || !std::isfinite(c))
      throw InvalidArgument(FieldProblem{"costs", std::to_string(c), "> 0 and finite, or kImpassable"});
    distinct.push_back(c);
  }
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  if (distinct.size() > 254)
    throw InvalidArgument(
        FieldProblem{"costs", std::to_string(distinct.size()) + " distinct costs", "at most 254 distinct costs"});
  Impl::bind_shape(s, costs.width(), costs.height());
  for (size_t i = 0; i < distinct.size(); ++i) s.palette[i] = distinct[i];
  for (int y = 0; y < costs.height(); ++y)
    for (int x = 0; x < costs.width(); ++x) {
      const double c = costs(x, y);
      if (c == CostTable::kImpassable) continue;
      s.code[s.padded(x, y)] = static_cast<uint8_t>(std::lower_bound(distinct.begin(), distinct.end(), c) -
                                                    distinct.begin());
    }
}

}  // namespace catacomb
