// The Navigator's build (see navigator.cpp for the design): the map's cells as cost indices in a
// padded grid (from terrain and a cost table, or from a grid of costs), the declared doors, the
// landmarks (farthest-point picks; one Dijkstra with Dial's ring of buckets per landmark, on
// integer weights) and the engine (jump point search on uniform maps without doors, else the
// A* scratch). Cost: (landmarks + 1) searches of O(cells + largest distance / 64) and one region
// labelling. Deterministic: integer distances, row-major picks and ties.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <string>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/regions.hpp>
#include "shared/core/problems.hpp"
#include "pathing/jps_access.hpp"
#include "pathing/navigator_impl.hpp"

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
  build_landmarks(!use_jps ? kLandmarks : unit ? kJpsLandmarks : kWeightedJpsLandmarks);
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
      const double rest = static_cast<double>(landmarks.dist.size() * sizeof(uint16_t)) +
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

// Integer step weights of the landmark graph: for each cost index, floor(cost x scale) straight
// and floor(cost x diagonal x scale) diagonal, the scale putting the largest step at
// kLandmarkMaxStep. A hair is taken off before rounding down, so that no weight exceeds the
// exact product: weight / scale never exceeds the step's cost.
void Navigator::Impl::landmark_weights(LandmarkWeights& w) const {
  std::array<bool, 256> present{};
  for (const uint8_t c : code) present[c] = true;
  double largest = 0;
  for (size_t i = 0; i < kBlocked; ++i)
    if (present[i] && palette[i] != CostTable::kImpassable) largest = std::max(largest, palette[i]);
  const double factor = moves.neighbors == 8 ? std::max(1.0, moves.diagonal_cost) : 1.0;
  const double scale = largest > 0 ? static_cast<double>(kLandmarkMaxStep) / (largest * factor) : 1.0;
  constexpr double kShave = 1.0 - 0x1p-30;
  w.straight.fill(0);
  w.diagonal.fill(0);
  for (size_t i = 0; i < kBlocked; ++i) {
    if (palette[i] == CostTable::kImpassable) continue;
    w.straight[i] = static_cast<uint32_t>(std::floor(palette[i] * scale * kShave));
    w.diagonal[i] = static_cast<uint32_t>(std::floor(palette[i] * moves.diagonal_cost * scale * kShave));
  }
  w.cost_per_unit = kShave / scale;
}

// Dijkstra from `from` over the map with every door open, a step between a and b weighing the
// lighter of the two cells' integer weights (landmark_weights): symmetric distances, in units of
// 1 / scale, that never exceed the true (directed, entry-cost) ones, so |D(L, a) - D(L, g)| bounds
// d(a, g) for any a, g. Dial's algorithm: a ring of kRing buckets, each holding the cells at one
// distance, and a bit per bucket to skip the empty ones; exact integer distances, so the order of
// a bucket does not matter. Unreached cells get kFar. O(cells + largest distance / 64).
void Navigator::Impl::landmark_distances(Point from, const LandmarkWeights& w, std::vector<uint64_t>& dist,
                                         std::vector<std::vector<uint32_t>>& ring) const {
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
  const auto& legal = kLegalMoves[static_cast<size_t>(policy)];
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
      unsigned open = 0;
      for (int d = 0; d < 8; ++d)
        open |= (code[static_cast<size_t>(static_cast<ptrdiff_t>(pc) + offset[static_cast<size_t>(d)])] != kBlocked
                     ? 1u
                     : 0u)
                << d;
      for (unsigned steps = legal[open]; steps != 0; steps &= steps - 1) {
        const int d = std::countr_zero(steps);
        const uint8_t there = code[static_cast<size_t>(static_cast<ptrdiff_t>(pc) + offset[static_cast<size_t>(d)])];
        const auto& table = d >= 4 ? w.diagonal : w.straight;
        const uint64_t nd = at + std::min(table[here], table[there]);
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

void Navigator::Impl::build_landmarks(int wanted) {
  Grid<uint8_t> passable(width, height, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) passable(x, y) = code[padded(x, y)] != kBlocked ? 1 : 0;
  const RegionMap regions = label_regions(passable, moves);
  const int32_t largest = regions.largest();
  landmarks = {};
  if (largest == kNoRegion) return;
  Point seed{-1, -1};
  for (int y = 0; y < height && seed.x < 0; ++y)
    for (int x = 0; x < width && seed.x < 0; ++x)
      if (regions.labels(x, y) == largest) seed = {x, y};
  // Fewer landmarks on a small area: each costs a search and 2 bytes a cell.
  const int64_t area = regions.sizes[static_cast<size_t>(largest)];
  const int count = area >= 64 ? wanted : 1;
  landmarks.count = count;
  landmarks.cells = cells();
  landmarks.dist.assign(cells() * static_cast<size_t>(count), detail::kUnreachedLandmark);
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
  landmark_distances(seed, weights, dist, ring);
  auto [next, eccentricity] = farthest(dist);
  // Every landmark lies in the seed's area, so no distance from one exceeds twice the seed's
  // eccentricity (triangle inequality): one quantum for all, the largest distance under 0xFFFF.
  landmarks.quantum = static_cast<int64_t>(2 * eccentricity / (detail::kUnreachedLandmark - 1) + 1);
  const auto quantum = static_cast<uint64_t>(landmarks.quantum);
  for (int k = 0; k < count; ++k) {
    landmark_distances(next, weights, dist, ring);
    for (size_t i = 0; i < cells(); ++i) {
      const uint64_t d = dist[i];
      if (d == kFar) continue;
      assert(d / quantum < detail::kUnreachedLandmark);
      landmarks.dist[static_cast<size_t>(k) * cells() + i] = static_cast<uint16_t>(d / quantum);
      nearest[i] = std::min(nearest[i], d);
    }
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
