// Objective placement. Route costs come from distance maps under the same cost model the
// validator uses; candidate cells are scanned in row-major order and drawn with the "objectives"
// stream, so placement is deterministic.
#include <catacomb/generator/objectives.hpp>

#include <algorithm>

#include "shared/core/index_list.hpp"
#include "shared/core/problems.hpp"

#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/regions.hpp>
#include <catacomb/pathing/search.hpp>
#include "shared/pathing/region_sizes.hpp"
#include "shared/pathing/terrain_flood.hpp"

namespace catacomb {
namespace {

ObjectiveKind further_kind(int i) { return i % 2 == 0 ? ObjectiveKind::Key : ObjectiveKind::Treasure; }

std::vector<Point> floor_cells(const Dungeon& d, const Rect& r) {
  std::vector<Point> cells;
  for (int y = r.y; y < r.bottom(); ++y)
    for (int x = r.x; x < r.right(); ++x)
      if (d.tiles(x, y) == Terrain::Floor) cells.push_back({x, y});
  return cells;
}

ObjectivePlacement place_in_rooms(Dungeon& d, int further, const CostTable& costs, const Moves& moves, Rng& rng) {
  const int n = static_cast<int>(d.rooms.size());
  if (n < 2 + further)
    return {std::to_string(n) + " rooms for a start, an exit and " + std::to_string(further) + " further objectives"};
  const int start_room = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
  auto cells = floor_cells(d, d.rooms[static_cast<size_t>(start_room)]);
  if (cells.empty()) return {"the start room has no floor"};
  const Point start = cells[rng.index_below(cells.size())];
  d.objectives.push_back({ObjectiveKind::Start, start});

  // Exit: the room floor cell with the largest route cost from the start.
  DistanceMap dm = distance_map(d.tiles, costs, {start}, moves);
  int exit_room = -1;
  Point exit{};
  double best = -1;
  for (int r = 0; r < n; ++r) {  // each room's floor in row-major order, as floor_cells lists it
    if (r == start_room) continue;
    const Rect& room = d.rooms[static_cast<size_t>(r)];
    for (int y = room.y; y < room.bottom(); ++y)
      for (int x = room.x; x < room.right(); ++x) {
        const double c = dm.dist(x, y);
        if (d.tiles(x, y) != Terrain::Floor || c == kUnreached || c <= best) continue;
        best = c;
        exit = {x, y};
        exit_room = r;
      }
  }
  if (exit_room < 0) return {"no room can be reached from the start"};
  d.objectives.push_back({ObjectiveKind::Exit, exit});

  std::vector<int> others;
  for (int r = 0; r < n; ++r)
    if (r != start_room && r != exit_room) others.push_back(r);
  rng.shuffle(others.data(), others.size());
  int placed = 0;
  for (int r : others) {
    if (placed == further) break;
    std::vector<Point> candidates;
    for (const Point& p : floor_cells(d, d.rooms[static_cast<size_t>(r)]))
      if (dm.dist[p] != kUnreached) candidates.push_back(p);
    if (candidates.empty()) continue;
    d.objectives.push_back({further_kind(placed), candidates[rng.index_below(candidates.size())]});
    ++placed;
  }
  if (placed < further)
    return {"only " + std::to_string(placed) + " rooms reachable for " + std::to_string(further) + " objectives"};
  return {};
}

// The largest reached distance among `cells` (0 when none). A function of its own, not
// inlined: inlined into place_in_cave, GCC 12 kept the running maximum in a stack slot across the
// whole loop (for the random draws after it), so each step waited on a store and a load.
[[gnu::noinline]] double largest_reached(const double* dist, const std::vector<uint32_t>& cells) {
  double most = 0;
  for (const uint32_t i : cells) {
    const double v = dist[i];
    most = v != kUnreached && v > most ? v : most;
  }
  return most;
}

ObjectivePlacement place_in_cave(Dungeon& d, int further, const CostTable& costs, const Moves& moves, Rng& rng,
                                 int threads) {
  // The candidate cells, the main region's floor in row-major order, as indices (4 bytes each).
  // A cave of one region (every cave the pipeline makes: connect_cave_regions leaves one) needs
  // no labels, its floor being the main region's; any other is labelled (4 bytes per cell,
  // dropped once the cells are listed).
  std::vector<uint32_t> cells;
  const Terrain* tile = d.tiles.cells().data();
  if (const detail::RegionSizes one = detail::region_sizes(d.tiles, CostTable::dungeon(), moves, {});
      one.sizes.size() == 1) {
    cells = detail::indices_where(d.tiles.size(), static_cast<size_t>(one.sizes[0]),
                                  [&](size_t i) { return tile[i] == Terrain::Floor; });
  } else {
    const RegionMap regions = label_regions(d.tiles, CostTable::dungeon(), moves);
    const int32_t main = regions.largest();
    if (main == kNoRegion) return {"the cave has no floor"};
    const int32_t* label = regions.labels.cells().data();
    cells = detail::indices_where(d.tiles.size(), static_cast<size_t>(regions.sizes[static_cast<size_t>(main)]),
                                  [&](size_t i) { return label[i] == main && tile[i] == Terrain::Floor; });
  }
  if (static_cast<int>(cells.size()) < 2 + further) return {"the cave has too little floor"};
  const Point start = d.tiles.point(cells[rng.index_below(cells.size())]);
  d.objectives.push_back({ObjectiveKind::Start, start});
  // Every flood below reads the same terrain: its legal moves are worked out once.
  const detail::TerrainFlood terrain(d.tiles, costs, moves);
  DistanceMap dm = terrain.map({start}, threads);
  // Exit: the floor cell with the largest route cost (lowest index among equals).
  const double* dist = dm.dist.cells().data();
  Point exit = start;
  double best = 0;
  for (const uint32_t i : cells)
    if (dist[i] != kUnreached && dist[i] > best) {
      best = dist[i];
      exit = d.tiles.point(i);
    }
  if (exit == start) return {"nothing is reachable from the start"};
  d.objectives.push_back({ObjectiveKind::Exit, exit});
  // Further objectives: each in an area far from every objective so far: a random cell among
  // those at least half as far from the placed objectives as the farthest one.
  // `near` is the distance map from every objective placed so far, kept up to date by adding
  // each new one as a source (the same numbers as a fresh multi-source map, for a fraction of the
  // work).
  DistanceMap& near = dm;
  terrain.add_source(near, exit, threads);
  for (int k = 0; k < further; ++k) {
    const double far = largest_reached(dist, cells);
    if (far <= 0) return {"the cave has too little floor"};
    // A random one of the cells at least half as far (in row-major order): counted, drawn, then
    // found, with no list of them.
    auto candidate = [dist, far](uint32_t i) { return dist[i] != kUnreached && dist[i] >= far * 0.5 && dist[i] > 0; };
    uint64_t count = 0;
    for (const uint32_t i : cells) count += candidate(i) ? 1u : 0u;
    uint64_t pick = rng.below(count);
    size_t at = 0;
    for (;; ++at)
      if (candidate(cells[at]) && pick-- == 0) break;
    d.objectives.push_back({further_kind(k), d.tiles.point(cells[at])});
    if (k + 1 < further) terrain.add_source(near, d.objectives.back().pos, threads);
  }
  return {};
}

}  // namespace

ObjectivePlacement place_objectives(Dungeon& d, int further, const CostTable& costs, const Moves& moves, Rng& rng,
                                    int threads) {
  std::vector<FieldProblem> p = moves.problems();
  if (threads < 1) p.push_back({"threads", std::to_string(threads), "at least 1"});
  if (further < 0 || further > kMaxFurtherObjectives)
    p.insert(p.begin(), {"further", std::to_string(further), "0 to " + std::to_string(kMaxFurtherObjectives)});
  throw_if_problems(p);
  d.objectives.clear();
  // Costs come from the terrain through the table: no cost grid (8 bytes per cell).
  return d.rooms.empty() ? place_in_cave(d, further, costs, moves, rng, threads)
                         : place_in_rooms(d, further, costs, moves, rng);
}

}  // namespace catacomb
