// The node graph of a map with progression (see progression_model.hpp): the areas labelled with
// every door node closed, one node per usable locked door, gate and one-way door, and their links
// (one legal step with only those two cells open; a one-way door only its way). O(cells) to build.
// Deterministic: nodes and links follow the map's row-major order and indices.
#include "validate/solver/progression_model.hpp"

#include <algorithm>
#include <set>
#include <string>

#include <catacomb/pathing/moves.hpp>
#include "validate/solver/door_names.hpp"

namespace catacomb::solving {

std::pair<Grid<uint8_t>, std::vector<PNode>> area_cells(const Dungeon& d, const SolveOptions& o) {
  Grid<uint8_t> open0(d.tiles.width(), d.tiles.height(), 0);
  for (size_t i = 0; i < open0.size(); ++i) open0.cells()[i] = o.costs.passable(d.tiles.cells()[i]) ? 1 : 0;
  std::vector<PNode> doors;
  std::set<Point> taken;
  for (size_t i = 0; i < d.locks.size(); ++i) {
    const LockedDoor& l = d.locks[i];
    if (!d.tiles.in_bounds(l.pos) || l.lock < 1 || l.lock > kMaxLock || !open0[l.pos] || taken.count(l.pos)) continue;
    taken.insert(l.pos);
    doors.push_back({NodeKind::Lock, static_cast<int>(i), l.pos});
  }
  for (size_t i = 0; i < d.doors.size(); ++i) {
    const ProgressionDoor& g = d.doors[i];
    if (!d.tiles.in_bounds(g.pos)) continue;
    const bool usable = open0[g.pos] && !taken.count(g.pos);
    open0[g.pos] = 0;  // a secret door is wall; the others are nodes of their own
    if (!usable || g.kind == DoorKind::Secret) continue;
    if (g.kind == DoorKind::Gate && (g.switch_id < 1 || g.switch_id > kMaxSwitch)) continue;
    if (g.kind == DoorKind::OneWay && direction_name(g.dir).empty()) continue;
    taken.insert(g.pos);
    doors.push_back({g.kind == DoorKind::Gate ? NodeKind::Gate : NodeKind::OneWay, static_cast<int>(i), g.pos});
  }
  for (const PNode& dn : doors) open0[dn.pos] = 0;
  return {std::move(open0), std::move(doors)};
}

PModel::PModel(const Dungeon& dd, const SolveOptions& oo) : d(dd), o(oo) {
  rule = o.key_rule.value_or(d.key_rule);
  auto [open0, doors] = area_cells(d, o);
  RegionMap regions = label_regions(open0, o.moves);
  areas = regions.count();
  node = std::move(regions.labels);
  nodes.resize(static_cast<size_t>(areas));
  for (const PNode& dn : doors) {
    node[dn.pos] = static_cast<int32_t>(nodes.size());
    nodes.push_back(dn);
  }
  out.resize(nodes.size());
  lock_bit.assign(nodes.size(), -1);
  for (size_t n = 0; n < nodes.size(); ++n)
    if (nodes[n].kind == NodeKind::Lock) lock_bit[n] = locks++;
  build_links(open0);
  group.assign(nodes.size(), -1);
  toggles.assign(nodes.size(), 0);
  objective_node.assign(d.objectives.size(), -1);
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Objective& ob = d.objectives[i];
    const int n = d.tiles.in_bounds(ob.pos) ? node[ob.pos] : -1;
    objective_node[i] = n;
    if (n < 0) {
      unplaced = true;
      continue;
    }
    if (group[static_cast<size_t>(n)] < 0) group[static_cast<size_t>(n)] = groups++;
    if (ob.kind == ObjectiveKind::Switch && ob.switch_id >= 1 && ob.switch_id <= kMaxSwitch)
      toggles[static_cast<size_t>(n)] |= 1u << (ob.switch_id - 1);
    if (ob.kind == ObjectiveKind::Start && start_node < 0) start_node = n, start_objective = static_cast<int>(i);
    if (ob.kind == ObjectiveKind::Exit && exit_node < 0) exit_node = n, exit_objective = static_cast<int>(i);
  }
  node = Grid<int32_t>();  // 4 bytes per cell, not kept through the walk: see area_labels()
}

void PModel::build_links(const Grid<uint8_t>& open0) {
  for (size_t j = static_cast<size_t>(areas); j < nodes.size(); ++j) {
    const PNode& dn = nodes[j];
    const int me = static_cast<int>(j);
    if (dn.kind == NodeKind::OneWay) {
      const Point v = d.doors[static_cast<size_t>(dn.index)].dir;
      const Point before{dn.pos.x - v.x, dn.pos.y - v.y}, after{dn.pos.x + v.x, dn.pos.y + v.y};
      // A one-way door next to another links only where both doors' ways agree.
      auto agrees = [&](Point c, Point from, Point to) {
        const PNode& other = nodes[static_cast<size_t>(node[c])];
        return other.kind != NodeKind::OneWay ||
               one_way_step_allowed(d.doors[static_cast<size_t>(other.index)], from, to);
      };
      if (d.tiles.in_bounds(before) && node[before] >= 0 && agrees(before, before, dn.pos)) link(node[before], me);
      if (d.tiles.in_bounds(after) && node[after] >= 0 && agrees(after, dn.pos, after)) link(me, node[after]);
      continue;
    }
    std::set<int> seen;
    for (int dir = 0; dir < 8; ++dir) {
      const Point q{dn.pos.x + kDirections[dir].x, dn.pos.y + kDirections[dir].y};
      if (!d.tiles.in_bounds(q) || node[q] < 0) continue;
      const PNode& other = nodes[static_cast<size_t>(node[q])];
      if (other.kind == NodeKind::OneWay) continue;  // its own links say how it is passed
      auto open = [&](Point c) { return d.tiles.in_bounds(c) && (open0[c] != 0 || c == dn.pos || c == q); };
      if (!step_allowed_at(o.moves, dn.pos, dir, open) || !seen.insert(node[q]).second) continue;
      link(me, node[q]);
      if (other.kind == NodeKind::Area) link(node[q], me);  // door-door links come from both doors
    }
  }
  for (auto& l : out) {
    std::sort(l.begin(), l.end());
    l.erase(std::unique(l.begin(), l.end()), l.end());
  }
}

std::string node_name(const PModel& m, int n) {
  const PNode& pn = m.nodes[static_cast<size_t>(n)];
  switch (pn.kind) {
    case NodeKind::Lock: return locked_door_name(m.lock_id(n), pn.pos);
    case NodeKind::Gate: return gate_name(m.door(n));
    case NodeKind::OneWay: return one_way_door_name(m.door(n));
    case NodeKind::Area: break;
  }
  return "the area at " + to_string(pn.pos);
}

}  // namespace catacomb::solving
