#include <catacomb/generator/decorate.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include <catacomb/core/rng.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/pathing/regions.hpp>

namespace catacomb {
namespace {

// decorate as it was written first, with a grid of marks beside the tiles (objective, frontier,
// in the blob): the reference the marks kept in the tiles themselves must match draw for draw.
DecorStats reference_decorate(Dungeon& d, const DecorConfig& config, const CostTable& costs, const Moves& moves,
                              Rng& rng) {
  auto objectives_connected = [&] {
    auto start = d.find(ObjectiveKind::Start);
    if (!start) return true;
    RegionMap r = label_regions(d.tiles, costs, moves);
    for (const Objective& o : d.objectives)
      if (!r.connected(*start, o.pos)) return false;
    return true;
  };
  DecorStats stats;
  Grid<Terrain>& tiles = d.tiles;
  constexpr uint8_t kObjective = 1, kFrontier = 2, kInBlob = 4;
  Grid<uint8_t> mark(tiles.width(), tiles.height(), 0);
  for (const Objective& o : d.objectives)
    if (tiles.in_bounds(o.pos)) mark[o.pos] = kObjective;
  std::vector<uint32_t> floor;
  for (size_t i = 0; i < tiles.size(); ++i)
    if (tiles.cells()[i] == Terrain::Floor) floor.push_back(static_cast<uint32_t>(i));
  if (floor.empty()) return stats;
  std::vector<Point> blob, frontier, extra;
  auto grow = [&](Terrain kind, double share) {
    const auto target = static_cast<int64_t>(share * static_cast<double>(floor.size()));
    int64_t placed = 0;
    const int64_t max_tries = 4 * (target / std::max(1, config.min_blob) + 1);
    for (int64_t attempt = 0; attempt < max_tries && placed < target; ++attempt) {
      const Point seed = tiles.point(floor[rng.below(floor.size())]);
      if (tiles[seed] != Terrain::Floor || mark[seed] != 0) continue;
      const auto size = static_cast<size_t>(rng.uniform_int(config.min_blob, config.max_blob));
      blob.assign(1, seed);
      frontier.clear();
      mark[seed] = kInBlob;
      auto push_neighbours = [&](Point p) {
        for (int k = 0; k < 4; ++k) {
          const Point q{p.x + kDirections[k].x, p.y + kDirections[k].y};
          if (tiles.in_bounds(q) && mark[q] == 0 && tiles[q] == Terrain::Floor) {
            mark[q] = kFrontier;
            frontier.push_back(q);
          }
        }
      };
      push_neighbours(seed);
      while (blob.size() < size && !frontier.empty()) {
        const size_t k = rng.below(frontier.size());
        const Point p = frontier[k];
        frontier[k] = frontier.back();
        frontier.pop_back();
        blob.push_back(p);
        mark[p] = kInBlob;
        push_neighbours(p);
      }
      extra.clear();
      for (const Point& p : frontier) {
        int n = 0;
        for (const Point& dir : kDirections) {
          const Point q{p.x + dir.x, p.y + dir.y};
          if (tiles.in_bounds(q) && mark[q] == kInBlob) ++n;
        }
        if (n >= 5) extra.push_back(p);
      }
      for (const Point& p : blob) mark[p] = 0;
      for (const Point& p : frontier) mark[p] = 0;
      blob.insert(blob.end(), extra.begin(), extra.end());
      for (const Point& p : blob) tiles[p] = kind;
      if (!costs.passable(kind) && !objectives_connected()) {
        for (const Point& p : blob) tiles[p] = Terrain::Floor;
        ++stats.taken_back;
        continue;
      }
      placed += static_cast<int64_t>(blob.size());
      if (kind == Terrain::Water) {
        ++stats.pools;
        stats.water_cells += static_cast<int64_t>(blob.size());
      } else {
        ++stats.patches;
        stats.vegetation_cells += static_cast<int64_t>(blob.size());
      }
    }
  };
  grow(Terrain::Water, config.water);
  grow(Terrain::Vegetation, config.vegetation);
  return stats;
}

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
