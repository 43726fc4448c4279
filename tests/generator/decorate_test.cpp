#include <catacomb/generator/decorate.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include <catacomb/core/rng.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/pathing/regions.hpp>
#include "support/reference/reference_decorate.hpp"

namespace catacomb {
namespace {

using test::reference_decorate;

bool same(const DecorStats& a, const DecorStats& b) {
  return a.pools == b.pools && a.patches == b.patches && a.taken_back == b.taken_back &&
         a.water_cells == b.water_cells && a.vegetation_cells == b.vegetation_cells;
}

TEST(DecorateTest, SameBlobsAsWithAGridOfMarksBesideTheTiles) {
  // Caves and rooms, deep water (blobs taken back when they cut an objective off) or not, dense
  // decoration; one objective on a road, which it keeps, and two objectives on one cell.
  int taken_back = 0;
  for (uint64_t seed = 0; seed < 24; ++seed) {
    GenerateConfig cfg;
    cfg.generator = seed % 2 == 0 ? GeneratorKind::Caves : GeneratorKind::Rooms;
    cfg.width = 90;
    cfg.height = 60;
    cfg.decor.water = 0;
    cfg.decor.vegetation = 0;
    Dungeon d = generate_dungeon(cfg, seed).dungeon;
    const Point road = d.objectives[1].pos;
    d.tiles[road] = Terrain::Road;
    d.objectives.push_back({ObjectiveKind::Treasure, d.objectives[2].pos});
    DecorConfig decor;
    decor.water = seed % 3 == 0 ? 0.5 : 0.2;
    decor.vegetation = 0.3;
    decor.min_blob = 1 + static_cast<int>(seed % 4);
    decor.max_blob = decor.min_blob + 40;
    CostTable costs = CostTable::dungeon();
    if (seed % 4 < 2) costs.set(Terrain::Water, CostTable::kImpassable);
    Dungeon expected = d;
    Rng a = Rng::stream(seed, "decor"), b = Rng::stream(seed, "decor");
    const DecorStats want = reference_decorate(expected, decor, costs, cfg.moves, a);
    const DecorStats got = decorate(d, decor, costs, cfg.moves, b);
    ASSERT_EQ(d.tiles, expected.tiles) << "seed " << seed;
    EXPECT_TRUE(same(got, want)) << "seed " << seed;
    EXPECT_EQ(a.next(), b.next()) << "seed " << seed;  // the same draws
    EXPECT_EQ(d.tiles[road], Terrain::Road);
    for (Terrain t : d.tiles.cells()) ASSERT_LE(static_cast<int>(t), static_cast<int>(Terrain::Road));
    taken_back += got.taken_back;
  }
  EXPECT_GT(taken_back, 0);  // the check with the objectives shown was made, and said no
}

}  // namespace
}  // namespace catacomb
