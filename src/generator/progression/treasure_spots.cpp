// Treasure placement for progression maps: dead ends and high intensity (metazelda's rule of
// thumb). Three passes over the map, then a choice per treasure:
// - a flood from the start in rounds (O(cells)): round 0 with every locked door and gate shut,
//   round k + 1 through the doors whose key or switch rounds 0 to k reached; one-way doors their
//   way only, secret doors shut (on a map with no door yet, one breadth-first flood on cell
//   indices). The round and the moves the flood took rank each cell, an
//   integer stand-in for the room graph's intensity (validate/, which the generator may not use),
//   rising along the way to the exit and off it;
// - the nodes: rooms (their passable cells that are not doors) or, in a cave, the areas between
//   door tiles (a labelling, O(cells)), and the passages between them (the other passable cells:
//   corridors and doors, labelled); a node with one neighbour is a dead end;
// - per treasure the best node by an integer key (dead end, then rank), ties by node index, and a
//   random free floor cell of its far quarter drawn from the stage's own stream (O(cells)).
// Deterministic: scans in row-major order, sorts with explicit ties, no unordered containers.
#include "generator/progression/treasure_spots.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

#include <catacomb/pathing/regions.hpp>
#include "generator/progression/progression_cells.hpp"

namespace catacomb::detail {
namespace {

constexpr int32_t kUnreachedCell = kFar;  // as moves_from leaves it

// Whether the step u -> v passes every one-way door its way.
bool one_way_ok(const Dungeon& d, Point u, Point v) {
  for (const ProgressionDoor& w : d.doors)
    if (w.kind == DoorKind::OneWay && !one_way_step_allowed(w, u, v)) return false;
  return true;
}

// Per cell, the round (0 = no door opened) in which the flood from the start reaches it and the
// moves the flood took to get there; kUnreachedCell where it never does.
struct Rounds {
  Grid<int32_t> round, walk;
};

// The flood in rounds over `open` (passable cells, secret doors shut).
Rounds rounds_from(const Dungeon& d, const Grid<uint8_t>& open, const Moves& moves, Point start,
                   const Grid<int32_t>* known_walk) {
  Rounds out{Grid<int32_t>(open.width(), open.height(), kUnreachedCell),
             Grid<int32_t>(open.width(), open.height(), kUnreachedCell)};
  Grid<int32_t>& round = out.round;
  Grid<int32_t>& walk = out.walk;
  if (d.locks.empty() && d.doors.empty()) {  // no door: one round, a breadth-first flood of moves
    walk = known_walk ? *known_walk : moves_from(open, moves, start);
    for (size_t i = 0; i < round.size(); ++i) round.cells()[i] = walk.cells()[i] == kUnreachedCell ? kUnreachedCell : 0;
    return out;
  }
  Grid<uint8_t> shut(open.width(), open.height(), 0);  // 1: a locked door or gate, 2: a one-way door
  for (const LockedDoor& l : d.locks)
    if (shut.in_bounds(l.pos)) shut[l.pos] = 1;
  for (const ProgressionDoor& g : d.doors)
    if (shut.in_bounds(g.pos)) shut[g.pos] = g.kind == DoorKind::Gate ? 1 : 2;
  auto is_open = [&](Point q) { return open.in_bounds(q) && open[q] != 0 && shut[q] == 0; };
  std::vector<Point> queue{start}, waiting;
  round[start] = 0;
  walk[start] = 0;
  uint32_t keys = 0, switches = 0;
  for (int32_t r = 0;; ++r) {
    for (size_t head = 0; head < queue.size(); ++head) {
      const Point u = queue[head];
      for (int dir = 0; dir < moves.neighbors; ++dir) {
        const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
        if (!open.in_bounds(v) || !open[v] || round[v] != kUnreachedCell) continue;
        if (shut[v] == 1) {  // a shut door: waits for its key or switch, the first walk kept
          if (walk[v] == kUnreachedCell) {
            walk[v] = walk[u] + 1;
            waiting.push_back(v);
          }
          continue;
        }
        // Through a one-way door: straight steps its way only; else the corner rule (doors block).
        const bool one_way = shut[u] == 2 || shut[v] == 2;
        if (one_way ? dir >= 4 || !one_way_ok(d, u, v) : !step_allowed_at(moves, u, dir, is_open)) continue;
        round[v] = r;
        walk[v] = walk[u] + 1;
        queue.push_back(v);
      }
    }
    for (const Objective& o : d.objectives) {
      if (!round.in_bounds(o.pos) || round[o.pos] == kUnreachedCell) continue;
      if (o.kind == ObjectiveKind::Key && o.lock >= 1 && o.lock <= kMaxLock) keys |= 1u << o.lock;
      if (o.kind == ObjectiveKind::Switch && o.switch_id >= 1) switches |= 1u << o.switch_id;
    }
    queue.clear();
    std::vector<Point> still;  // shut doors to try again next round
    for (Point w : waiting) {
      const int lock = d.lock_at(w);
      const ProgressionDoor* g = d.door_at(w);
      if (lock != 0 ? ((keys >> lock) & 1u) == 0 : !g || ((switches >> g->switch_id) & 1u) == 0) {
        still.push_back(w);
        continue;
      }
      round[w] = r + 1;
      queue.push_back(w);
    }
    waiting = std::move(still);
    if (queue.empty()) return out;
  }
}

// Whether a map without rooms is one area between doors: no door tile, and the walk from the
// start (moves_from over `open`) reaches every passable cell. Two passes over bytes and one over
// the walk, where the labelling of the areas makes a grid of labels.
bool one_area(const Dungeon& d, const Grid<uint8_t>& open, const Grid<int32_t>& walk) {
  const Terrain* t = d.tiles.cells().data();
  const uint8_t* o = open.cells().data();
  const int32_t* w = walk.cells().data();
  size_t doors = 0, passable = 0, walked = 0;
  for (size_t i = 0; i < open.size(); ++i) {
    doors += t[i] == Terrain::Door ? 1 : 0;
    passable += o[i] != 0 ? 1 : 0;
    walked += w[i] != kUnreachedCell ? 1 : 0;
  }
  return doors == 0 && passable == walked;
}

// The nodes: per cell its node (a room's index, or a cave's area label) or kNoRegion, and each
// node's bounding box.
struct Nodes {
  Grid<int32_t> at;
  std::vector<Rect> bounds;
  int count() const { return static_cast<int>(bounds.size()); }
};

Nodes label_nodes(const Dungeon& d, const Grid<uint8_t>& open, const Moves& moves) {
  auto inside = [&](size_t i) { return open.cells()[i] != 0 && d.tiles.cells()[i] != Terrain::Door; };
  if (d.rooms.empty()) {
    Grid<uint8_t> cells(open.width(), open.height(), 0);
    for (size_t i = 0; i < open.size(); ++i) cells.cells()[i] = inside(i) ? 1 : 0;
    RegionMap areas = label_regions(cells, moves);
    return {std::move(areas.labels), std::move(areas.bounds)};
  }
  Nodes n{Grid<int32_t>(open.width(), open.height(), kNoRegion), {}};
  for (size_t r = 0; r < d.rooms.size(); ++r) {
    const Rect& r0 = d.rooms[r];  // clipped to the map
    const int x0 = std::max(r0.x, 0), y0 = std::max(r0.y, 0);
    const Rect room{x0, y0, std::max(0, std::min(r0.right(), open.width()) - x0),
                    std::max(0, std::min(r0.bottom(), open.height()) - y0)};
    n.bounds.push_back(room);
    for (int y = room.y; y < room.bottom(); ++y)
      for (int x = room.x; x < room.right(); ++x)
        if (const size_t i = open.index({x, y}); inside(i)) n.at.cells()[i] = static_cast<int32_t>(r);
  }
  return n;
}

// Calls f(i) for each cell index of node n's bounding box that belongs to it.
template <class F>
void for_node_cells(const Nodes& nodes, int n, F&& f) {
  const Rect& b = nodes.bounds[static_cast<size_t>(n)];
  for (int y = b.y; y < b.bottom(); ++y)
    for (int x = b.x; x < b.right(); ++x)
      if (const size_t i = nodes.at.index({x, y}); nodes.at.cells()[i] == n) f(i);
}

// Per node, whether it is a dead end: one neighbour, as the room graph counts them (a passage, a
// connected group of the passable cells outside every node, joining exactly two nodes is an edge
// to the other; any other passage is a neighbour of its own). Nodes never touch: rooms stand
// apart, and areas that touched would be one.
std::vector<uint8_t> dead_ends(const Grid<uint8_t>& open, const Grid<int32_t>& node, int nodes, const Moves& moves) {
  Grid<uint8_t> between(open.width(), open.height(), 0);
  for (size_t i = 0; i < open.size(); ++i)
    between.cells()[i] = open.cells()[i] != 0 && node.cells()[i] == kNoRegion ? 1 : 0;
  const RegionMap passages = label_regions(between, moves);
  std::vector<std::pair<int64_t, int64_t>> touch;  // (passage, node), from the passages' cells
  for (size_t i = 0; i < open.size(); ++i) {
    const int32_t p = passages.labels.cells()[i];
    if (p == kNoRegion) continue;
    const Point u = open.point(i);
    for (int dir = 0; dir < moves.neighbors; ++dir) {
      const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
      if (node.in_bounds(v) && node[v] != kNoRegion) touch.emplace_back(p, node[v]);
    }
  }
  std::sort(touch.begin(), touch.end());
  touch.erase(std::unique(touch.begin(), touch.end()), touch.end());
  std::vector<std::pair<int64_t, int64_t>> next;  // (node, neighbour: a node, or nodes + passage)
  for (size_t a = 0; a < touch.size();) {
    size_t b = a;
    while (b < touch.size() && touch[b].first == touch[a].first) ++b;
    for (size_t k = a; k < b; ++k)
      next.emplace_back(touch[k].second, b - a == 2 ? touch[k == a ? a + 1 : a].second : nodes + touch[a].first);
    a = b;
  }
  std::sort(next.begin(), next.end());
  next.erase(std::unique(next.begin(), next.end()), next.end());
  std::vector<uint8_t> dead(static_cast<size_t>(nodes), 0);
  for (size_t a = 0; a < next.size();) {
    size_t b = a;
    while (b < next.size() && next[b].first == next[a].first) ++b;
    dead[static_cast<size_t>(next[a].first)] = b - a == 1 ? 1 : 0;
    a = b;
  }
  return dead;
}

// Per node, its rank by its highest (round, walk) among reached cells (0 the lowest; ties by
// index), and whether it has a reached cell at all.
std::vector<int64_t> ranks(const Nodes& nodes, const Rounds& f, std::vector<uint8_t>& reached) {
  const size_t count = nodes.bounds.size();
  std::vector<std::pair<int32_t, int32_t>> best(count, {-1, -1});
  for (size_t n = 0; n < count; ++n)
    for_node_cells(nodes, static_cast<int>(n), [&](size_t i) {
      if (f.round.cells()[i] != kUnreachedCell) best[n] = std::max(best[n], {f.round.cells()[i], f.walk.cells()[i]});
    });
  std::vector<size_t> order(count);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return best[a] < best[b]; });
  std::vector<int64_t> rank(count, 0);
  for (size_t k = 0; k < count; ++k) rank[order[k]] = static_cast<int64_t>(k);
  reached.assign(count, 0);
  for (size_t n = 0; n < count; ++n) reached[n] = best[n].first >= 0 ? 1 : 0;
  return rank;
}

// A random free floor cell of node `pick` in its far quarter (walked from the start), if any.
std::optional<Point> far_cell(const Dungeon& d, const Nodes& nodes, int pick, const Rounds& f, Rng& rng) {
  int32_t far = 0;
  for_node_cells(nodes, pick, [&](size_t i) {
    if (f.round.cells()[i] != kUnreachedCell) far = std::max(far, f.walk.cells()[i]);
  });
  auto occupied = [&](Point p) {
    return std::any_of(d.objectives.begin(), d.objectives.end(), [&](const Objective& o) { return o.pos == p; });
  };
  std::vector<Point> cells;  // row-major
  for_node_cells(nodes, pick, [&](size_t i) {
    if (f.round.cells()[i] != kUnreachedCell && 4 * f.walk.cells()[i] >= 3 * far &&
        d.tiles.cells()[i] == Terrain::Floor && !occupied(d.tiles.point(i)))
      cells.push_back(d.tiles.point(i));
  });
  if (cells.empty()) return std::nullopt;
  return cells[rng.index_below(cells.size())];
}

}  // namespace

void prefer_treasure_spots(Dungeon& d, const CostTable& costs, const Moves& moves, Rng& rng,
                           const Grid<uint8_t>* known_open, const Grid<int32_t>* known_walk) {
  const std::optional<Point> start = d.find(ObjectiveKind::Start), exit = d.find(ObjectiveKind::Exit);
  if (!start || !exit || !d.mission.empty()) return;
  std::optional<Grid<uint8_t>> made;
  const Grid<uint8_t>& open = known_open ? *known_open : made.emplace(passable_cells(d, costs));
  if (d.rooms.empty() && known_walk && one_area(d, open, *known_walk)) return;  // one node: fewer than three
  const Nodes graph = label_nodes(d, open, moves);
  const Grid<int32_t>& node = graph.at;
  const int nodes = graph.count();
  if (nodes < 3) return;
  const Rounds flood = rounds_from(d, open, moves, *start, d.locks.empty() && d.doors.empty() ? known_walk : nullptr);
  const std::vector<uint8_t> dead = dead_ends(open, node, nodes, moves);
  std::vector<uint8_t> barred;  // nodes no treasure may take: none reached, the start's, chosen
  std::vector<int64_t> rank = ranks(graph, flood, barred);
  for (uint8_t& b : barred) b = b ? 0 : 1;
  if (node[*start] != kNoRegion) barred[static_cast<size_t>(node[*start])] = 1;
  // The exit's ranks lowest: a treasure goes there only when it is the one dead end left.
  if (node[*exit] != kNoRegion) rank[static_cast<size_t>(node[*exit])] = -1;
  for (Objective& t : d.objectives) {
    if (t.kind != ObjectiveKind::Treasure) continue;
    int pick = -1;
    int64_t pick_key = -1;
    for (int n = 0; n < nodes; ++n) {
      const size_t k = static_cast<size_t>(n);
      const int64_t key = rank[k] + (dead[k] ? nodes + 1 : 0);
      if (!barred[k] && key > pick_key) pick = n, pick_key = key;
    }
    if (pick < 0) continue;
    if (const std::optional<Point> p = far_cell(d, graph, pick, flood, rng)) {
      t.pos = *p;
      barred[static_cast<size_t>(pick)] = 1;  // each treasure its own node
    }
  }
}

}  // namespace catacomb::detail
