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
  if (max_blob < min_blob || max_blob > 100000)
    p.push_back({"max_blob", std::to_string(max_blob), "min_blob to 100000"});
  return p;
}

void DecorConfig::check() const { throw_if_problems(problems()); }

namespace {

// While a blob grows, its cells and the cells on its frontier hold bytes that name no terrain,
// in the tiles themselves, as do the objectives' cells throughout: a cell is free to take
// exactly when it holds Floor, one byte read where a grid of marks beside the tiles took two
// (and on a large map each blob's rows are cache misses, two arrays' worth). The marks are
// undone when the blob is done (its cells take the blob's terrain, the frontier's floor again),
// the objectives' at the end, and all of them if anything throws.
constexpr auto kInBlob = static_cast<Terrain>(0xFD), kFrontier = static_cast<Terrain>(0xFE),
               kObjectiveMark = static_cast<Terrain>(0xFC);

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
};

// The blobs of one decoration, grown on the floor cells `floor` (as indices, 4 bytes each).
class BlobGrower {
 public:
  BlobGrower(Dungeon& d, const std::vector<uint32_t>& floor, const DecorConfig& config, const CostTable& costs,
             const Moves& moves, Rng& rng, DecorStats& stats)
      : d_(d),
        tiles_(d.tiles),
        floor_(floor),
        config_(config),
        costs_(costs),
        moves_(moves),
        rng_(rng),
        stats_(stats),
        marks_{tiles_, {}, blob_, frontier_} {
    for (const Objective& o : d.objectives)
      if (tiles_.in_bounds(o.pos)) marks_.objectives.push_back({o.pos, tiles_[o.pos]});
    marks_.hide_objectives();
  }

  // Blobs of `kind` until they cover `share` of the floor or the tries run out.
  void grow(Terrain kind, double share) {
    const auto target = static_cast<int64_t>(share * static_cast<double>(floor_.size()));
    int64_t placed = 0;
    const int64_t max_tries = 4 * (target / std::max(1, config_.min_blob) + 1);
    for (int64_t attempt = 0; attempt < max_tries && placed < target; ++attempt) {
      const Point seed = tiles_.point(floor_[rng_.index_below(floor_.size())]);
      if (tiles_[seed] != Terrain::Floor) continue;
      grow_blob(seed);
      for (const Point& p : blob_) tiles_[p] = kind;
      if (!costs_.passable(kind)) {
        marks_.show_objectives();
        const bool connected = objectives_connected(d_, costs_, moves_);
        marks_.hide_objectives();
        if (!connected) {
          for (const Point& p : blob_) tiles_[p] = Terrain::Floor;
          ++stats_.taken_back;
          continue;
        }
      }
      placed += static_cast<int64_t>(blob_.size());
      if (kind == Terrain::Water) {
        ++stats_.pools;
        stats_.water_cells += static_cast<int64_t>(blob_.size());
      } else {
        ++stats_.patches;
        stats_.vegetation_cells += static_cast<int64_t>(blob_.size());
      }
    }
    blob_.clear();
  }

 private:
  void push_neighbours(Point p) {
    for (int k = 0; k < 4; ++k) {
      const Point q{p.x + kDirections[k].x, p.y + kDirections[k].y};
      if (tiles_.in_bounds(q) && tiles_[q] == Terrain::Floor) {
        tiles_[q] = kFrontier;
        frontier_.push_back(q);
      }
    }
  }

  // A blob of a random size from `seed`: random frontier cells join it, then it is rounded.
  // Leaves its cells in blob_, marked, and the frontier floor again.
  void grow_blob(Point seed) {
    const auto size = static_cast<size_t>(rng_.uniform_int(config_.min_blob, config_.max_blob));
    blob_.assign(1, seed);
    frontier_.clear();
    tiles_[seed] = kInBlob;
    push_neighbours(seed);
    while (blob_.size() < size && !frontier_.empty()) {
      const size_t k = rng_.index_below(frontier_.size());
      const Point p = frontier_[k];
      frontier_[k] = frontier_.back();
      frontier_.pop_back();
      blob_.push_back(p);
      tiles_[p] = kInBlob;
      push_neighbours(p);
    }
    // Round the blob: frontier cells with >= 5 of 8 neighbours in the blob join it.
    extra_.clear();
    for (const Point& p : frontier_) {
      int n = 0;
      for (const Point& dir : kDirections) {
        const Point q{p.x + dir.x, p.y + dir.y};
        if (tiles_.in_bounds(q) && tiles_[q] == kInBlob) ++n;
      }
      if (n >= 5) extra_.push_back(p);
    }
    for (const Point& p : frontier_) tiles_[p] = Terrain::Floor;
    frontier_.clear();
    blob_.insert(blob_.end(), extra_.begin(), extra_.end());
  }

  Dungeon& d_;
  Grid<Terrain>& tiles_;
  const std::vector<uint32_t>& floor_;
  const DecorConfig& config_;
  const CostTable& costs_;
  const Moves& moves_;
  Rng& rng_;
  DecorStats& stats_;
  std::vector<Point> blob_, frontier_, extra_;
  Marks marks_;  // after the lists it reads: undone (destroyed) before them
};

}  // namespace

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
  const std::vector<uint32_t> floor = detail::indices_where(tiles.size(), floor_count,
                                                            [&](size_t i) { return tile[i] == Terrain::Floor; });
  BlobGrower blobs(d, floor, config, costs, moves, rng, stats);
  blobs.grow(Terrain::Water, config.water);
  blobs.grow(Terrain::Vegetation, config.vegetation);
  return stats;
}

}  // namespace catacomb
