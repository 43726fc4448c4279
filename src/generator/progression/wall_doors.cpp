// One-way and secret doors (progression doors through walls; switches: progression_doors.cpp).
//
// One-way and secret doors: one breadth-first flood of moves from the start over every passable
// cell and a labelling of the areas (locked doors, gates, one-way and secret doors closed); a
// scan of every wall run of 1 to 3 cells across (walls on both flanks) whose two ends lie in one
// area (or, for a one-way door, that leads from another area back into the start's) lists the
// runs whose ends' flood distances differ most: that difference is a lower bound
// of the walk between them without the run, so the door saves at least that minus the run. One
// flood and scan per door: O(cells) each.
// The first progression stage to run on a map (no progression door yet) first moves each treasure
// to a dead end of high intensity (generator/progression/treasure_spots.hpp).
// Deterministic: runs in row-major order, every choice drawn from the stage's own stream.
#include <catacomb/generator/progression_doors.hpp>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include <catacomb/pathing/regions.hpp>
#include "generator/progression/progression_cells.hpp"
#include "generator/progression/treasure_spots.hpp"

namespace catacomb {
namespace {

using detail::kFar;

// Whether a locked door or progression door lies within `r` cells (Chebyshev) of p.
bool near_door(const Dungeon& d, Point p, int r) {
  auto near = [&](Point q) { return std::abs(q.x - p.x) <= r && std::abs(q.y - p.y) <= r; };
  for (const LockedDoor& l : d.locks)
    if (near(l.pos)) return true;
  for (const ProgressionDoor& g : d.doors)
    if (near(g.pos)) return true;
  return false;
}

constexpr size_t kPicks = 8;  // a door goes through one of the best this many wall runs

// A wall run a door may go through: `cells` (1 to 3, from the far end), entered from `far`
// (the end whose walk from the start is longer) towards the near end, in direction `dir`.
struct Run {
  Point far;
  Point dir;
  std::vector<Point> cells;
  int32_t saving = 0;  // at least this many moves saved (the ends' distance gap minus the run)
};

// The first kPicks of `weak` (runs whose ends' gap in moves from the start proves too little)
// whose ends are in fact at least kMinDoorSaving + the run + 1 moves apart, every door open: a
// breadth-first search from the far end that many moves deep does not reach the near end. Their
// saving becomes kMinDoorSaving (at least that many moves saved); the order stays. O(checks x
// the search's square).
std::vector<Run> proven_runs(const Grid<uint8_t>& open, const Moves& moves, std::vector<Run> weak) {
  std::vector<Run> kept;
  Grid<int32_t> depth(open.width(), open.height(), -1);
  std::vector<Point> queue;
  auto is_open = [&](Point q) { return open.in_bounds(q) && open[q] != 0; };
  for (Run& r : weak) {
    if (kept.size() == kPicks) break;
    const Point near{r.cells.back().x + r.dir.x, r.cells.back().y + r.dir.y};
    const int32_t deep = kMinDoorSaving + static_cast<int32_t>(r.cells.size());
    bool reached = false;
    queue.assign(1, r.far);
    depth[r.far] = 0;
    for (size_t head = 0; head < queue.size() && !reached; ++head) {
      const Point u = queue[head];
      if (depth[u] == deep) continue;
      for (int dir = 0; dir < moves.neighbors && !reached; ++dir) {
        const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
        if (!is_open(v) || depth[v] >= 0 || !step_allowed_at(moves, u, dir, is_open)) continue;
        depth[v] = depth[u] + 1;
        reached = v == near;
        queue.push_back(v);
      }
    }
    for (Point q : queue) depth[q] = -1;
    if (reached) continue;
    r.saving = kMinDoorSaving;
    kept.push_back(std::move(r));
  }
  return kept;
}

// Every wall run whose two ends lie in one area and that saves at least kMinDoorSaving moves,
// best first (row-major order among equals), none within 2 cells of a door. With `home_runs`
// (one-way doors) also the runs from another area into the start's, entered from that other
// side: a way back home, which the player may take at any time without passing a door, so it
// opens nothing a lock or gate keeps back.
std::vector<Run> wall_runs(const Dungeon& d, const CostTable& costs, const Moves& moves, Point start, bool home_runs) {
  const Grid<uint8_t> every_door_open = detail::passable_cells(d, costs);
  Grid<uint8_t> open = every_door_open;
  const Grid<int32_t> dist = detail::moves_from(open, moves, start);
  for (const LockedDoor& l : d.locks)
    if (open.in_bounds(l.pos)) open[l.pos] = 0;
  for (const ProgressionDoor& g : d.doors)
    if (open.in_bounds(g.pos)) open[g.pos] = 0;
  const RegionMap areas = label_regions(open, moves);
  const int32_t home = areas.labels[start];
  const int w = d.tiles.width(), h = d.tiles.height();
  auto wall = [&](Point q) {
    return q.x >= 1 && q.y >= 1 && q.x < w - 1 && q.y < h - 1 && d.tiles[q] == Terrain::Wall;
  };
  std::vector<Run> runs, weak;  // weak: the ends' gap proves too little
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x)
      for (const Point v : {Point{1, 0}, Point{0, 1}}) {
        const Point a{x - v.x, y - v.y};
        if (!wall({x, y}) || areas.labels[a] == kNoRegion || dist[a] == kFar) continue;
        const Point side{v.y, v.x};  // the flanks of a run across v
        std::vector<Point> cells;
        Point b{x, y};
        while (cells.size() < 3 && wall(b) && !costs.passable(d.tiles[{b.x + side.x, b.y + side.y}]) &&
               !costs.passable(d.tiles[{b.x - side.x, b.y - side.y}])) {
          cells.push_back(b);
          b = {b.x + v.x, b.y + v.y};
        }
        if (cells.empty() || !d.tiles.in_bounds(b) || areas.labels[b] == kNoRegion || dist[b] == kFar) continue;
        // One area, or (home_runs) the nearer end at home: the door is entered from the farther.
        const bool one_area = areas.labels[b] == areas.labels[a];
        if (!one_area && !(home_runs && areas.labels[dist[a] < dist[b] ? a : b] == home)) continue;
        if (d.tiles[b] == Terrain::Wall || near_door(d, cells.front(), 2) || near_door(d, cells.back(), 2)) continue;
        const int32_t saving = std::abs(dist[a] - dist[b]) - static_cast<int32_t>(cells.size()) - 1;
        Run r{a, v, std::move(cells), saving};
        if (dist[a] < dist[b]) {  // the door goes at the far end
          std::reverse(r.cells.begin(), r.cells.end());
          r.far = b;
          r.dir = {-v.x, -v.y};
        }
        (saving >= kMinDoorSaving ? runs : weak).push_back(std::move(r));
      }
  auto best_first = [](std::vector<Run>& v) {
    std::stable_sort(v.begin(), v.end(), [](const Run& p, const Run& q) { return p.saving > q.saving; });
  };
  best_first(runs);
  if (runs.empty()) {
    best_first(weak);
    runs = proven_runs(every_door_open, moves, std::move(weak));
  }
  return runs;
}

// Places `count` doors of `kind` through wall runs, one at a time (each changes the walks).
DoorPlacement carve_doors(Dungeon& d, int count, DoorKind kind, const CostTable& costs, const Moves& moves, Rng& rng) {
  const std::optional<Point> start = d.find(ObjectiveKind::Start);
  const char* what = kind == DoorKind::OneWay ? " one-way doors" : " secret doors";
  if (!start) return {std::string("no start to measure") + what + " from"};
  if (d.doors.empty()) detail::prefer_treasure_spots(d, costs, moves, rng);  // the first progression stage
  for (int k = 0; k < count; ++k) {
    const std::vector<Run> runs = wall_runs(d, costs, moves, *start, kind == DoorKind::OneWay);
    if (runs.empty())
      return {"only " + std::to_string(k) + " walls that save " + std::to_string(kMinDoorSaving) + " moves for " +
              std::to_string(count) + what};
    const Run& r = runs[rng.index_below(std::min(kPicks, runs.size()))];
    d.tiles[r.cells.front()] = Terrain::Door;
    for (size_t i = 1; i < r.cells.size(); ++i) d.tiles[r.cells[i]] = Terrain::Corridor;
    ProgressionDoor door;
    door.pos = r.cells.front();
    door.kind = kind;
    if (kind == DoorKind::OneWay) door.dir = r.dir;
    d.doors.push_back(door);
    sort_doors(d);
  }
  return {};
}

}  // namespace

DoorPlacement place_one_way_doors(Dungeon& d, int count, const CostTable& costs, const Moves& moves, Rng& rng) {
  return carve_doors(d, count, DoorKind::OneWay, costs, moves, rng);
}

DoorPlacement place_secret_doors(Dungeon& d, int count, const CostTable& costs, const Moves& moves, Rng& rng) {
  return carve_doors(d, count, DoorKind::Secret, costs, moves, rng);
}

}  // namespace catacomb
