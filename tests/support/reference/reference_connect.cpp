// connect_cave_regions as its header states it (reference_connect.hpp): one distance map over
// the whole map, no search windows. O(cells log cells) for the map, then one walk per region.
#include "support/reference/reference_connect.hpp"

#include <catacomb/generator/caves.hpp>
#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/regions.hpp>

namespace catacomb::test {

// connect_cave_regions as its header states it: one search from the largest region's edge over
// the whole map (floor 1, wall dig_cost, the border never; the region's inner cells closed), then
// for each other kept region, in label order, the route down from its cheapest cell is carved.
// Returns the tunnels dug.
int reference_connect(Grid<Terrain>& tiles, const CaveRegionConfig& config) {
  const Moves four{4, DiagonalPolicy::Never, kSqrt2};
  const RegionMap regions = label_regions(tiles, CostTable::dungeon(), four);
  if (regions.count() == 0) return 0;
  const int32_t main = regions.largest();
  std::vector<bool> wanted(static_cast<size_t>(regions.count()), false);
  for (int32_t r = 0; r < regions.count(); ++r)
    wanted[static_cast<size_t>(r)] = r != main && regions.sizes[static_cast<size_t>(r)] >= config.min_region;
  for (size_t i = 0; i < tiles.size(); ++i) {
    const int32_t r = regions.labels.cells()[i];
    if (r != kNoRegion && r != main && !wanted[static_cast<size_t>(r)]) tiles.cells()[i] = Terrain::Wall;
  }
  const int w = tiles.width(), h = tiles.height();
  CostGrid cost(w, h, CostTable::kImpassable);
  std::vector<Point> sources;
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      const int32_t here = regions.labels(x, y);
      if (here != main) {
        cost(x, y) = tiles(x, y) == Terrain::Wall ? config.dig_cost : 1.0;
        continue;
      }
      const bool inner = regions.labels(x - 1, y) == main && regions.labels(x + 1, y) == main &&
                         regions.labels(x, y - 1) == main && regions.labels(x, y + 1) == main;
      if (!inner) {
        cost(x, y) = 1.0;
        sources.push_back({x, y});
      }
    }
  const NearestInGroups near = nearest_in_groups(cost, sources, four, regions.labels, wanted);
  int tunnels = 0;
  for (int32_t r = 0; r < regions.count(); ++r) {
    if (!wanted[static_cast<size_t>(r)] || near.cost[static_cast<size_t>(r)] == kUnreached) continue;
    bool dug = false;
    for (const Point& p : descend(near.map, cost, near.cell[static_cast<size_t>(r)]))
      if (tiles[p] == Terrain::Wall) {
        tiles[p] = Terrain::Floor;
        dug = true;
      }
    tunnels += dug ? 1 : 0;
  }
  return tunnels;
}

}  // namespace catacomb::test
