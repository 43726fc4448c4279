// Progression door placement: switches and their gates (one-way and secret doors:
// wall_doors.cpp).
//
// Switches: a route of fewest moves from the start to the exit (then, when it has no free cut, to
// each other objective in turn: every objective must be visited; one breadth-first walk from the
// start gives every route, whatever the costs) and which of its cells are cuts (one labelling
// of the cells off the route: route_cuts, generator/progression/progression_cells.hpp);
// caves with few add the cells of squares round route cells that cut (GateSearch, then a
// labelling: one per cut found), and an open cave a cage of the cells round the objective. Gate s
// takes a random free cut; its switch goes where the player gets with the gate shut: a closure
// from the start that opens a locked door once a key of its lock, and a gate once its switch,
// lies in what it reached (what a player holding every key and switch seen can walk to), worked
// on the areas of one labelling. O(cells) per switch.
// Portcullises (a second gate of a switch, open while it is off, on a coin flip per switch): the
// closure with the switch's gate shut, then for each key or treasure it reaches the route's
// cuts nearest the objective, each checked by one flood from the objective (the pocket the cut
// shuts); at most 3 floods per objective, O(cells) each.
// The gates' cells (what is taken, the closure, caves' square gates): switch_gates.cpp. The first
// progression stage to run on a map (no progression door yet) first moves each treasure to a dead
// end of high intensity (generator/progression/treasure_spots.hpp).
// Deterministic: candidates in route order, every choice drawn from the stage's own stream.
#include <catacomb/generator/progression_doors.hpp>

#include <algorithm>
#include <optional>
#include <vector>

#include "generator/progression/gate_search.hpp"
#include "generator/progression/progression_cells.hpp"
#include "generator/progression/switch_gates.hpp"
#include "generator/progression/treasure_spots.hpp"

namespace catacomb {
namespace {

using detail::closure;
using detail::Taken;

// The cuts of the last route gate_candidates was asked about, kept for the next ask while the
// passable cells stay as they are (gates are passable doors): the second switch's gate, on the
// same way to the exit, reads them again. A route's cuts come from one labelling of the cells
// off it (route_cuts, progression_cells.hpp); a route RouteCuts would call fragile is asked of
// RouteCuts (a pass over the map), whose answer it keeps.
struct CutCache {
  std::vector<Point> route;
  std::vector<uint8_t> cuts;  // per route index: 1 where closing the cell cuts the route's ends
};

// Where gate s may go: cuts of the route (single cells; rooms keep to door tiles when enough are
// free; caves add squares when single cells are few, and with none a cage of the cells round the
// route's end), free and apart from other doors.
std::vector<std::vector<Point>> gate_candidates(const Dungeon& d, Grid<uint8_t>& open, const Moves& moves,
                                                const std::vector<Point>& route, int switches, CutCache& cache,
                                                Rng& rng) {
  std::vector<std::vector<Point>> cuts, door_cuts;
  const Taken taken(d);
  if (cache.route != route) {
    cache.route = route;
    if (detail::fragile_route(open, moves, route)) {  // RouteCuts' own answer there
      detail::RouteCuts rc(open, moves, route);
      cache.cuts.assign(route.size(), 0);
      for (size_t i = 1; i + 1 < route.size(); ++i) cache.cuts[i] = rc.cuts(i) ? 1 : 0;
    } else {
      cache.cuts = detail::route_cuts(open, moves, route);
    }
  }
  for (size_t i = 1; i + 1 < route.size(); ++i) {
    const Point p = route[i];
    if (!cache.cuts[i] || taken.occupied(p) || taken.near_door(p)) continue;
    cuts.push_back({p});
    if (d.tiles[p] == Terrain::Door) door_cuts.push_back({p});
  }
  const size_t want = static_cast<size_t>(switches) * 3;
  if (!d.rooms.empty() && door_cuts.size() >= static_cast<size_t>(switches)) return door_cuts;
  if (d.rooms.empty() && cuts.size() < want)
    for (std::vector<Point>& sq : square_cuts(taken, open, moves, route, want - cuts.size(), rng))
      cuts.push_back(std::move(sq));
  if (d.rooms.empty() && cuts.empty()) {  // an open cave: a cage round the objective itself
    std::vector<Point> ring;
    bool clear = true;
    for (const Point& dir : kDirections)
      if (const Point q{route.back().x + dir.x, route.back().y + dir.y}; open.in_bounds(q) && open[q]) {
        clear = clear && !taken.occupied(q) && !taken.near_door(q);
        ring.push_back(q);
      }
    if (clear && !ring.empty()) cuts.push_back(std::move(ring));
  }
  return cuts;
}

// Puts gate s on one of `cuts` (drawn at random) whose closing keeps `target` out of the
// player's reach, and its switch on a random free floor cell of that reach. False when none
// has such a cell.
bool gate_one(Dungeon& d, const Grid<uint8_t>& open, const Moves& moves, Point start, Point target, int s,
              std::vector<std::vector<Point>> cuts, Rng& rng) {
  const Taken taken(d);
  while (!cuts.empty()) {
    const size_t pick = rng.index_below(cuts.size());
    const std::vector<Point> gate = std::move(cuts[pick]);
    cuts.erase(cuts.begin() + static_cast<std::ptrdiff_t>(pick));
    if (std::any_of(gate.begin(), gate.end(), [&](Point q) { return taken.near_door(q); })) continue;
    const Grid<uint8_t> reached = closure(d, open, moves, start, gate);
    if (reached[target]) continue;  // not a cut once the doors are counted (a safeguard)
    // A random free floor cell of the reach: counted, drawn, then found (in row-major order).
    const size_t floor = taken.free_floor(reached, d.tiles);
    if (floor == 0) continue;
    const size_t cell = taken.nth_free_floor(reached, d.tiles, rng.index_below(floor));
    Objective sw;
    sw.kind = ObjectiveKind::Switch;
    sw.pos = d.tiles.point(cell);
    sw.switch_id = s;
    d.objectives.push_back(sw);
    for (Point q : gate) {
      d.tiles[q] = Terrain::Door;
      d.doors.push_back({q, DoorKind::Gate, s, false, {}});
    }
    return true;
  }
  return false;
}

// Whether closing `gate` (of switch s) shuts `target` into a pocket: what the player could
// reach from `target` with the gate shut and every other door open holds no start, exit, switch
// or gate of switch s. So the gate is the pocket's one way in, everything in it can be done
// while s is off, and leaving it needs no switch state. O(cells).
bool pocket_behind(const Dungeon& d, const Grid<uint8_t>& open, const Moves& moves, const std::vector<Point>& gate,
                   int s, Point target) {
  Grid<uint8_t> seen(open.width(), open.height(), 0);  // 1: in the pocket, 2: the gate, 3: a gate of s
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Gate && g.switch_id == s && seen.in_bounds(g.pos)) seen[g.pos] = 3;
  for (Point q : gate) seen[q] = 2;
  // Doors count as open for the corner rule too: an over-estimate of the pocket.
  auto is_open = [&](Point q) { return open.in_bounds(q) && open[q] != 0 && seen[q] != 2; };
  std::vector<Point> queue{target};
  seen[target] = 1;
  for (size_t head = 0; head < queue.size(); ++head) {
    const Point u = queue[head];
    for (int dir = 0; dir < moves.neighbors; ++dir) {
      const Point v{u.x + kDirections[dir].x, u.y + kDirections[dir].y};
      if (!open.in_bounds(v) || !open[v] || seen[v] == 1 || seen[v] == 2) continue;
      if (seen[v] == 3) return false;
      if (!step_allowed_at(moves, u, dir, is_open)) continue;
      seen[v] = 1;
      queue.push_back(v);
    }
  }
  for (const Objective& o : d.objectives) {
    const bool keeps = o.kind == ObjectiveKind::Start || o.kind == ObjectiveKind::Exit ||
                       o.kind == ObjectiveKind::Switch;
    if (keeps && seen.in_bounds(o.pos) && seen[o.pos] == 1) return false;
  }
  return true;
}

// Gate s's portcullis: a second gate of switch s, open while the switch is off, that shuts a key
// or treasure the player reaches with s off (gate s, open while on, shut) into a pocket with no
// other way in (every door open) and no start, exit or switch. So the lever that opens gate s
// closes the pocket: the player empties it first, or turns s off again (restoring the off
// state), empties it and turns s back on (the switch lies outside the pocket, on the start's
// side of gate s). Gate s still keeps its objective back, so switch s still matters. The
// objectives from a random one on, the first kCuts cuts of the route to each (single cells
// nearest it first: the smallest pockets), one flood each; false (nothing placed) when none
// shuts a pocket.
bool place_off_gate(Dungeon& d, Grid<uint8_t>& open, const Moves& moves, const Grid<int32_t>& walk, Point start, int s,
                    CutCache& cache, Rng& rng) {
  constexpr size_t kCuts = 3;
  std::vector<Point> shut;  // gate s, open while the switch is on
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Gate && g.switch_id == s) shut.push_back(g.pos);
  const Grid<uint8_t> reached = closure(d, open, moves, start, shut);
  std::vector<Point> targets;
  for (const Objective& o : d.objectives)
    if ((o.kind == ObjectiveKind::Key || o.kind == ObjectiveKind::Treasure) && reached.in_bounds(o.pos) &&
        reached[o.pos])
      targets.push_back(o.pos);
  const Taken taken(d);
  const size_t first = targets.empty() ? 0 : rng.index_below(targets.size());
  for (size_t t = 0; t < targets.size(); ++t) {
    const Point target = targets[(first + t) % targets.size()];
    const std::vector<Point> route = detail::route_from(walk, open, moves, target);
    if (route.size() < 3) continue;
    std::vector<std::vector<Point>> cuts = gate_candidates(d, open, moves, route, 1, cache, rng);
    // Single cells come in route order (nearest the target last), squares after them: single
    // cells nearest the target first, then the squares.
    const auto singles = std::stable_partition(cuts.begin(), cuts.end(), [](const auto& c) { return c.size() == 1; });
    std::reverse(cuts.begin(), singles);
    for (size_t k = 0; k < kCuts && k < cuts.size(); ++k) {
      const std::vector<Point>& gate = cuts[k];
      if (std::any_of(gate.begin(), gate.end(), [&](Point q) { return taken.near_door(q) || taken.occupied(q); }))
        continue;
      if (!pocket_behind(d, open, moves, gate, s, target)) continue;
      for (Point q : gate) {
        d.tiles[q] = Terrain::Door;
        d.doors.push_back({q, DoorKind::Gate, s, true, {}});
      }
      return true;
    }
  }
  return false;
}

}  // namespace

DoorPlacement place_switches(Dungeon& d, int switches, const CostTable& costs, const Moves& moves, Rng& rng) {
  const std::optional<Point> start = d.find(ObjectiveKind::Start), exit = d.find(ObjectiveKind::Exit);
  if (!start || !exit) return {"no start or exit to put gates between"};
  Grid<uint8_t> open = detail::passable_cells(d, costs);
  CutCache cache;
  // The routes: fewest moves from the start, in a walk that gates (passable doors) never change.
  const Grid<int32_t> walk = detail::moves_from(open, moves, *start);
  // Treasure first, before any gate keeps it back (moving objectives changes no passable cell).
  if (d.doors.empty()) detail::prefer_treasure_spots(d, costs, moves, rng, &open, &walk);
  for (int s = 1; s <= switches; ++s) {
    // What gate s keeps back: the exit when its way has a free cut, else another objective (every
    // objective must be visited), from a random one on.
    std::vector<Point> others;
    for (const Objective& o : d.objectives)
      if (o.kind != ObjectiveKind::Start && o.kind != ObjectiveKind::Exit && o.kind != ObjectiveKind::Switch)
        others.push_back(o.pos);
    std::vector<Point> targets{*exit};
    const size_t first = others.empty() ? 0 : rng.index_below(others.size());
    for (size_t k = 0; k < others.size(); ++k) targets.push_back(others[(first + k) % others.size()]);
    bool placed = false;
    for (size_t t = 0; t < targets.size() && !placed; ++t) {
      const std::vector<Point> route = detail::route_from(walk, open, moves, targets[t]);
      if (route.size() < 3) continue;
      placed = gate_one(d, open, moves, *start, targets[t], s,
                        gate_candidates(d, open, moves, route, switches, cache, rng), rng);
    }
    if (!placed)
      return {"only " + std::to_string(s - 1) + " gates between the start and an objective for " +
              std::to_string(switches) + " switches"};
  }
  // Portcullises: for each switch, on a coin flip, a gate open while it is off (where a pocket
  // fits; none is no failure).
  for (int s = 1; s <= switches; ++s)
    if (rng.below(2) == 0) place_off_gate(d, open, moves, walk, *start, s, cache, rng);
  sort_doors(d);
  return {};
}

}  // namespace catacomb
