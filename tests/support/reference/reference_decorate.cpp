// decorate as it was written first (reference_decorate.hpp): a byte grid of marks beside the
// tiles, and the objectives' connection checked by labelling the regions after every blob.
#include "support/reference/reference_decorate.hpp"

#include <algorithm>
#include <vector>

#include <catacomb/pathing/regions.hpp>

namespace catacomb::test {

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

}  // namespace catacomb::test
