#include <catacomb/pathing/regions.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include "shared/pathing/region_sizes.hpp"
#include "support/reference/reference_regions.hpp"

namespace catacomb {
namespace {

using test::reference_regions;

// Three floor areas: the big room with its water, the closet at the right (touching the room
// only at a corner, by (5,3) and (6,4)) and the pocket at the bottom left.
const char* kMap =
    "##########\n"
    "#..~~.####\n"
    "#..~~.####\n"
    "#.....####\n"
    "######...#\n"
    "#.####...#\n"
    "#.########\n"
    "##########\n";

const Moves kFour{4, DiagonalPolicy::Never};
const Moves kMoveSets[] = {
    {4, DiagonalPolicy::Never},   {8, DiagonalPolicy::Never},  {8, DiagonalPolicy::NoCornerCut},
    {8, DiagonalPolicy::OneFree}, {8, DiagonalPolicy::Always}, {4, DiagonalPolicy::Always},
};

std::string describe(const Moves& m) {
  return std::to_string(m.neighbors) + "/" + std::string(diagonal_policy_name(m.diagonal));
}

Grid<uint8_t> passable_of(const Grid<Terrain>& tiles, const CostTable& costs) {
  Grid<uint8_t> p(tiles.width(), tiles.height(), 0);
  for (size_t i = 0; i < tiles.size(); ++i) p.cells()[i] = costs.passable(tiles.cells()[i]) ? 1 : 0;
  return p;
}

Grid<uint8_t> random_passable(Rng& rng, int w, int h, double open_share) {
  Grid<uint8_t> g(w, h, 0);
  for (uint8_t& c : g.cells()) c = rng.chance(open_share) ? 1 : 0;
  return g;
}

TEST(RegionsTest, LabelsTheFixtureMapInRowMajorOrderOfFirstCells) {
  const Dungeon d = read_ascii(kMap);
  const RegionMap r = label_regions(d.tiles, CostTable::dungeon());
  ASSERT_EQ(r.count(), 3);
  EXPECT_EQ(r.label({1, 1}), 0);  // the room, water included
  EXPECT_EQ(r.label({4, 2}), 0);
  EXPECT_EQ(r.label({7, 4}), 1);  // the closet
  EXPECT_EQ(r.label({6, 5}), 1);
  EXPECT_EQ(r.label({1, 5}), 2);  // the pocket
  EXPECT_EQ(r.label({0, 0}), kNoRegion);
  EXPECT_EQ(r.sizes, (std::vector<int64_t>{15, 6, 2}));
  EXPECT_EQ(r.bounds[0], (Rect{1, 1, 5, 3}));
  EXPECT_EQ(r.bounds[1], (Rect{6, 4, 3, 2}));
  EXPECT_EQ(r.bounds[2], (Rect{1, 5, 1, 2}));
  EXPECT_TRUE(r.connected({1, 1}, {5, 3}));
  EXPECT_FALSE(r.connected({1, 1}, {7, 4}));
  EXPECT_FALSE(r.connected({0, 0}, {0, 1}));  // walls belong to no region
  EXPECT_EQ(r.largest(), 0);
}

TEST(RegionsTest, DiagonalPolicyDecidesWhetherCornersJoinRegions) {
  const Dungeon d = read_ascii(kMap);
  const CostTable costs = CostTable::dungeon();
  // (5,3) and (6,4) touch only at a corner, with walls on both sides of it.
  EXPECT_EQ(label_regions(d.tiles, costs, {8, DiagonalPolicy::NoCornerCut}).count(), 3);
  EXPECT_EQ(label_regions(d.tiles, costs, {8, DiagonalPolicy::OneFree}).count(), 3);
  const RegionMap always = label_regions(d.tiles, costs, {8, DiagonalPolicy::Always});
  EXPECT_EQ(always.count(), 2);
  EXPECT_TRUE(always.connected({1, 1}, {7, 4}));
  EXPECT_EQ(always.sizes, (std::vector<int64_t>{21, 2}));
  EXPECT_EQ(always.bounds[0], (Rect{1, 1, 8, 5}));
}

TEST(RegionsTest, TerrainOverloadFollowsTheCostTable) {
  const Dungeon d = read_ascii(
      "#######\n"
      "#..~..#\n"
      "#..~..#\n"
      "#######\n");
  EXPECT_EQ(label_regions(d.tiles, CostTable::dungeon()).count(), 1);
  CostTable dry = CostTable::dungeon();
  dry.set(Terrain::Water, CostTable::kImpassable);
  const RegionMap r = label_regions(d.tiles, dry);
  ASSERT_EQ(r.count(), 2);
  EXPECT_EQ(r.label({3, 1}), kNoRegion);
  EXPECT_EQ(r.label({1, 2}), 0);
  EXPECT_EQ(r.label({4, 1}), 1);
}

TEST(RegionsTest, AgreesWithBreadthFirstReachabilityOnRandomMaps) {
  for (uint64_t seed = 0; seed < 150; ++seed) {
    Rng rng = Rng::stream(seed, "regions-test");
    const int w = 1 + static_cast<int>(rng.below(150)), h = 1 + static_cast<int>(rng.below(40));
    const Grid<uint8_t> g = random_passable(rng, w, h, rng.uniform_real(0.2, 0.9));
    for (const Moves& m : kMoveSets) {
      const RegionMap want = reference_regions(g, m);
      const RegionMap got = label_regions(g, m);
      ASSERT_EQ(got.labels, want.labels) << "seed " << seed << " moves " << describe(m);
      ASSERT_EQ(got.sizes, want.sizes) << "seed " << seed << " moves " << describe(m);
      ASSERT_EQ(got.bounds, want.bounds) << "seed " << seed << " moves " << describe(m);
    }
  }
}

TEST(RegionsTest, AgreesWithReachabilityOnALargeMapWithAnOddWidth) {
  // Large enough for the label rows to be written with non-temporal stores, and rows that do
  // not start on a 16-byte boundary.
  Rng rng(2024);
  const Grid<uint8_t> g = random_passable(rng, 1501, 1400, 0.6);
  for (const Moves& m : {kFour, Moves{8, DiagonalPolicy::Always}}) {
    const RegionMap want = reference_regions(g, m);
    const RegionMap got = label_regions(g, m);
    ASSERT_EQ(got.labels, want.labels) << "moves " << describe(m);
    ASSERT_EQ(got.sizes, want.sizes);
    ASSERT_EQ(got.bounds, want.bounds);
  }
}

TEST(RegionsTest, TerrainAndByteOverloadsAgreeOnRandomTerrain) {
  const Terrain kinds[] = {Terrain::Wall, Terrain::Floor, Terrain::Water, Terrain::Vegetation, Terrain::Road};
  for (uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng = Rng::stream(seed, "regions-terrain");
    const int w = 1 + static_cast<int>(rng.below(100)), h = 1 + static_cast<int>(rng.below(30));
    Grid<Terrain> tiles(w, h, Terrain::Wall);
    for (Terrain& t : tiles.cells()) t = kinds[rng.below(5)];
    CostTable costs = CostTable::tutorial();
    if (seed % 2 == 1) costs.set(Terrain::Water, CostTable::kImpassable);
    for (const Moves& m : kMoveSets) {
      const RegionMap a = label_regions(tiles, costs, m);
      const RegionMap b = label_regions(passable_of(tiles, costs), m);
      ASSERT_EQ(a.labels, b.labels) << "seed " << seed << " moves " << describe(m);
      ASSERT_EQ(a.sizes, b.sizes);
      ASSERT_EQ(a.bounds, b.bounds);
    }
  }
}

TEST(RegionsTest, SizesWithoutLabelsAreTheLabellingsOnRandomTerrain) {
  // detail::region_sizes: the labelling's sizes and the labels of the probed cells, with no
  // label grid; probes on passable cells, impassable cells and off the grid, one at a time and
  // all at once.
  const Terrain kinds[] = {Terrain::Wall, Terrain::Floor, Terrain::Water, Terrain::Vegetation, Terrain::Road};
  int probed_regions = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng = Rng::stream(seed, "regions-sizes");
    const int w = 1 + static_cast<int>(rng.below(100)), h = 1 + static_cast<int>(rng.below(30));
    Grid<Terrain> tiles(w, h, Terrain::Wall);
    for (Terrain& t : tiles.cells()) t = kinds[rng.below(seed % 3 == 0 ? 2 : 5)];
    CostTable costs = CostTable::tutorial();
    if (seed % 2 == 1) costs.set(Terrain::Water, CostTable::kImpassable);
    for (const Moves& m : kMoveSets) {
      const RegionMap full = label_regions(tiles, costs, m);
      std::vector<Point> probes;
      std::vector<int32_t> wants;
      for (int k = 0; k < 9; ++k) {
        const Point probe = k == 7   ? Point{w, 0}
                            : k == 8 ? Point{-1, h - 1}
                                     : Point{static_cast<int>(rng.below(static_cast<uint64_t>(w))),
                                             static_cast<int>(rng.below(static_cast<uint64_t>(h)))};
        const detail::RegionSizes only = detail::region_sizes(tiles, costs, m, {probe});
        ASSERT_EQ(only.sizes, full.sizes) << "seed " << seed << " moves " << describe(m);
        const int32_t want = full.labels.in_bounds(probe) ? full.labels[probe] : kNoRegion;
        ASSERT_EQ(only.probe_labels, std::vector<int32_t>{want}) << "seed " << seed << " probe " << to_string(probe);
        probed_regions += want != kNoRegion ? 1 : 0;
        probes.push_back(probe);
        wants.push_back(want);
      }
      ASSERT_EQ(detail::region_sizes(tiles, costs, m, probes).probe_labels, wants) << "seed " << seed;
    }
  }
  EXPECT_GT(probed_regions, 200);  // most probes fell in a region
  EXPECT_TRUE(detail::region_sizes(Grid<Terrain>(), CostTable::dungeon(), Moves{}, {{0, 0}}).sizes.empty());
  EXPECT_EQ(detail::region_sizes(Grid<Terrain>(), CostTable::dungeon(), Moves{}, {{0, 0}}).probe_labels,
            std::vector<int32_t>{kNoRegion});
}

TEST(RegionsTest, LabelsAreNumberedByFirstCellInRowMajorOrder) {
  for (uint64_t seed = 0; seed < 30; ++seed) {
    Rng rng = Rng::stream(seed, "regions-order");
    const Grid<uint8_t> g = random_passable(rng, 97, 61, 0.45);
    for (const Moves& m : kMoveSets) {
      const RegionMap r = label_regions(g, m);
      int32_t next = 0;  // the first time a label appears in a row-major scan, it is the next one
      for (int32_t l : r.labels.cells()) {
        if (l == kNoRegion) continue;
        ASSERT_LE(l, next) << "seed " << seed << " moves " << describe(m);
        if (l == next) ++next;
      }
      EXPECT_EQ(next, r.count());
    }
  }
}

TEST(RegionsTest, SizesAndBoundsMatchTheLabelGrid) {
  Rng rng(99);
  const Grid<uint8_t> g = random_passable(rng, 300, 200, 0.55);
  const RegionMap r = label_regions(g, {8, DiagonalPolicy::Always});
  std::vector<int64_t> sizes(static_cast<size_t>(r.count()), 0);
  std::vector<Rect> boxes(static_cast<size_t>(r.count()), Rect{1 << 20, 1 << 20, 0, 0});
  std::vector<Point> far(static_cast<size_t>(r.count()), Point{-1, -1});
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const int32_t l = r.labels(x, y);
      ASSERT_EQ(l == kNoRegion, g(x, y) == 0);
      if (l == kNoRegion) continue;
      const auto i = static_cast<size_t>(l);
      ++sizes[i];
      boxes[i].x = std::min(boxes[i].x, x);
      boxes[i].y = std::min(boxes[i].y, y);
      far[i].x = std::max(far[i].x, x);
      far[i].y = std::max(far[i].y, y);
    }
  }
  for (size_t i = 0; i < boxes.size(); ++i) {
    boxes[i].width = far[i].x - boxes[i].x + 1;
    boxes[i].height = far[i].y - boxes[i].y + 1;
  }
  EXPECT_EQ(r.sizes, sizes);
  EXPECT_EQ(r.bounds, boxes);
}

TEST(RegionsTest, LargeSerpentineMapDoesNotOverflowTheStack) {
  // One corridor snaking through a 2000x2000 map: 2 million cells in one region, a path of a
  // million steps, which a recursive fill would follow one stack frame per cell.
  const int n = 2000;
  Grid<uint8_t> g(n, n, 0);
  int64_t open_cells = 0;
  for (int y = 0; y < n; y += 2) {
    for (int x = 0; x < n; ++x) g(x, y) = 1;
    open_cells += n;
    if (y + 1 < n) {
      g((y / 2) % 2 == 0 ? n - 1 : 0, y + 1) = 1;
      ++open_cells;
    }
  }
  for (const Moves& m : {kFour, Moves{8, DiagonalPolicy::Always}}) {
    const RegionMap r = label_regions(g, m);
    ASSERT_EQ(r.count(), 1);
    EXPECT_EQ(r.sizes[0], open_cells);
    EXPECT_EQ(r.bounds[0], (Rect{0, 0, n, n}));
    EXPECT_TRUE(r.connected({0, 0}, {0, n - 2}));
  }
  const RegionMap all_open = label_regions(Grid<uint8_t>(n, n, 1));
  ASSERT_EQ(all_open.count(), 1);
  EXPECT_EQ(all_open.sizes[0], int64_t{n} * n);
}

TEST(RegionsTest, ComblikeRegionsMergeLateAndKeepFirstCellOrder) {
  // The teeth start as separate runs and only join on the last row; the region whose first
  // cell comes first must still be label 0.
  const Dungeon d = read_ascii(
      "..#.#.#.#.\n"
      "#.#.#.#.#.\n"
      "#.#.#.#.#.\n"
      "#.........\n");
  const RegionMap r = label_regions(d.tiles, CostTable::dungeon());
  ASSERT_EQ(r.count(), 1);
  EXPECT_EQ(r.sizes[0], 25);
  EXPECT_EQ(r.bounds[0], (Rect{0, 0, 10, 4}));
}

TEST(RegionsTest, LargestPrefersTheLowestLabelAmongEquals) {
  const Dungeon d = read_ascii(
      "..#..#...\n"
      "#########\n"
      "...#.....\n");
  const RegionMap r = label_regions(d.tiles, CostTable::dungeon());
  ASSERT_EQ(r.count(), 5);
  EXPECT_EQ(r.sizes, (std::vector<int64_t>{2, 2, 3, 3, 5}));
  EXPECT_EQ(r.largest(), 4);
  const RegionMap ties = label_regions(read_ascii("..#..#..\n").tiles, CostTable::dungeon());
  EXPECT_EQ(ties.largest(), 0);
  const RegionMap none = label_regions(read_ascii("###\n###\n").tiles, CostTable::dungeon());
  EXPECT_EQ(none.count(), 0);
  EXPECT_EQ(none.largest(), kNoRegion);
}

TEST(RegionsTest, ReusesTheOutputStorageForMapsOfTheSameShape) {
  Rng rng(5);
  const Grid<uint8_t> a = random_passable(rng, 200, 100, 0.5);
  const Grid<uint8_t> b = random_passable(rng, 200, 100, 0.6);
  RegionMap out;
  label_regions(a, kFour, out);
  const int32_t* storage = out.labels.data();
  label_regions(b, kFour, out);
  EXPECT_EQ(out.labels.data(), storage);
  const RegionMap fresh = label_regions(b, kFour);
  EXPECT_EQ(out.labels, fresh.labels);
  EXPECT_EQ(out.sizes, fresh.sizes);
  EXPECT_EQ(out.bounds, fresh.bounds);
  label_regions(random_passable(rng, 30, 20, 0.5), kFour, out);  // a different shape
  EXPECT_EQ(out.labels.width(), 30);
  EXPECT_EQ(out.labels.height(), 20);
}

TEST(RegionsTest, RejectsBadMovesWithTheFieldInTheMessage) {
  try {
    label_regions(Grid<uint8_t>(3, 3, 1), Moves{6, DiagonalPolicy::Never});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "neighbors = 6 (expected 4 or 8)"); }
}

TEST(RegionsTest, EmptyGridHasNoRegions) {
  const RegionMap r = label_regions(Grid<uint8_t>());
  EXPECT_EQ(r.count(), 0);
  EXPECT_EQ(r.labels.size(), 0u);
}

}  // namespace
}  // namespace catacomb
