// Decoration: water pools, then vegetation patches, grown as random blobs on floor cells (a seed
// drawn from the floor list, cells taken at random from the frontier, then rounded), marking
// blob, frontier and objective cells in the tiles themselves. A blob of impassable terrain that
// would cut an objective off from the start is taken back. Every draw comes from the stream
// passed in, in a fixed order. O(blob cells + frontier) per blob, plus one region labelling per
// impassable blob.
#include <catacomb/generator/decorate.hpp>

#include <algorithm>

#include "shared/core/index_list.hpp"
#include "shared/core/problems.hpp"
#include <catacomb/pathing/regions.hpp>

namespace catacomb {
namespace {

bool objectives_connected(const Dungeon& d, const CostTable& costs, const Moves& moves) {
  auto start = d.find(ObjectiveKind::Start);
  if (!start) return true;
  RegionMap r = label_regions(d.tiles, costs, moves);
  for (const Objective& o : d.objectives)
    if (!r.connected(*start, o.pos)) return false;
  return true;
}

}  // namespace

std::vector<FieldProblem> DecorConfig::problems() const {
  std::vector<FieldProblem> p;
  auto share = [&](const char* name, double v) {
    if (!(v >= 0 && v <= 0.5)) p.push_back({name, format_number(v), "0 to 0.5"});
  };
  share("water", water);
  share("vegetation", vegetation);
  if (min_blob < 1 || min_blob > 100000) p.push_back({"min_blob", std::to_string(min_blob), "1 to 100000"});
  if (max_blob < min_blob || max_blob > 100000) p.push_back({"max_blob", std::to_string(max_blob), "min_blob to 100000"});
  return p;
}

void DecorConfig::check() const { throw_if_problems(problems()); }

DecorStats decorate(Dungeon& d, const DecorConfig& config, const CostTable& costs, const Moves& moves, Rng& rng) {
  {
    std::vector<FieldProblem> p = config.problems();
    append_problems(p, moves.problems());
    throw_if_problems(p);
  }
  DecorStats stats;
  Grid<Terrain>& tiles = d.tiles;
  // The floor cells as indices (4 bytes each), counted first to size the list.
  const Terrain* tile = tiles.cells().data();
  const auto floor_count = static_cast<size_t>(std::count(tile, tile + tiles.size(), Terrain::Floor));
  if (floor_count == 0) return stats;
  const std::vector<uint32_t> floor =
      detail::indices_where(tiles.size(), floor_count, [&](size_t i) { return tile[i] == Terrain::Floor; });

  // While a blob grows, its cells and the cells on its frontier hold bytes that name no terrain,
  // in the tiles themselves, as do the objectives' cells throughout: a cell is free to take
  // exactly when it holds Floor, one byte read where a grid of marks beside the tiles took two
  // (and on a large map each blob's rows are cache misses, two arrays' worth). The marks are
  // undone when the blob is done (its cells take the blob's terrain, the frontier's floor again),
  // the objectives' at the end, and all of them if anything throws.
  constexpr auto kInBlob = static_cast<Terrain>(0xFD), kFrontier = static_cast<Terrain>(0xFE),
                 kObjectiveMark = static_cast<Terrain>(0xFC);
  std::vector<Point> blob, frontier, extra;
  struct Marks {
    Grid<Terrain>& tiles;
    std::vector<std::pair<Point, Terrain>> objectives;  // each objective's cell and its terrain
    std::vector<Point>& blob;
    std::vector<Point>& frontier;
    void hide_objectives() {
      for (const auto& [p, t] : objectives) tiles[p] = kObjectiveMark;
    }
    void show_objectives() {
      for (const auto& [p, t] : objectives) tiles[p] = t;
    }
    ~Marks() {  // after a throw: no mark left in the tiles (on the normal way out, only objectives')
      for (const Point& p : frontier)
        if (tiles[p] == kFrontier) tiles[p] = Terrain::Floor;
      for (const Point& p : blob)
        if (tiles[p] == kInBlob) tiles[p] = Terrain::Floor;
      show_objectives();
    }
  } marks{tiles, {}, blob, frontier};
  for (const Objective& o : d.objectives)
    if (tiles.in_bounds(o.pos)) marks.objectives.push_back({o.pos, tiles[o.pos]});
  marks.hide_objectives();

  auto grow = [&](Terrain kind, double share) {
    const auto target = static_cast<int64_t>(share * static_cast<double>(floor.size()));
    int64_t placed = 0;
    const int64_t max_tries = 4 * (target / std::max(1, config.min_blob) + 1);
    for (int64_t attempt = 0; attempt < max_tries && placed < target; ++attempt) {
      const Point seed = tiles.point(floor[rng.below(floor.size())]);
      if (tiles[seed] != Terrain::Floor) continue;
      const auto size = static_cast<size_t>(rng.uniform_int(config.min_blob, config.max_blob));
      blob.assign(1, seed);
      frontier.clear();
      tiles[seed] = kInBlob;
      auto push_neighbours = [&](Point p) {
        for (int k = 0; k < 4; ++k) {
          const Point q{p.x + kDirections[k].x, p.y + kDirections[k].y};
          if (tiles.in_bounds(q) && tiles[q] == Terrain::Floor) {
            tiles[q] = kFrontier;
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
        tiles[p] = kInBlob;
        push_neighbours(p);
      }
      // Round the blob: frontier cells with >= 5 of 8 neighbours in the blob join it.
      extra.clear();
      for (const Point& p : frontier) {
        int n = 0;
        for (const Point& dir : kDirections) {
          const Point q{p.x + dir.x, p.y + dir.y};
          if (tiles.in_bounds(q) && tiles[q] == kInBlob) ++n;
        }
        if (n >= 5) extra.push_back(p);
      }
      for (const Point& p : frontier) tiles[p] = Terrain::Floor;
      frontier.clear();
      blob.insert(blob.end(), extra.begin(), extra.end());
      for (const Point& p : blob) tiles[p] = kind;
      if (!costs.passable(kind)) {
        marks.show_objectives();
        const bool connected = objectives_connected(d, costs, moves);
        marks.hide_objectives();
        if (!connected) {
          for (const Point& p : blob) tiles[p] = Terrain::Floor;
          ++stats.taken_back;
          continue;
        }
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
    blob.clear();
  };
  grow(Terrain::Water, config.water);
  grow(Terrain::Vegetation, config.vegetation);
  return stats;
}

}  // namespace catacomb
