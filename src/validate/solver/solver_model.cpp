// The solver's model: building the node graph, and the questions the search asks of it.
#include "validate/solver/solver_model.hpp"

#include <optional>
#include <set>

#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/regions.hpp>
#include "shared/pathing/region_sizes.hpp"
#include "validate/solver/door_names.hpp"

namespace catacomb::solving {

Model::Model(const Dungeon& dd, const SolveOptions& oo, const detail::RegionSizes* lent) : d(dd), o(oo) {
  rule = o.key_rule.value_or(d.key_rule);
  const int w = d.tiles.width(), h = d.tiles.height();
  std::set<Point> door_cells;  // the first usable door on a cell counts
  for (size_t i = 0; i < d.locks.size(); ++i) {
    const LockedDoor& l = d.locks[i];
    if (!d.tiles.in_bounds(l.pos) || l.lock < 1 || l.lock > kMaxLock || door_cells.count(l.pos) != 0) continue;
    if (!o.costs.passable(d.tiles[l.pos])) continue;
    door_cells.insert(l.pos);
    doors.push_back({l.pos, l.lock, static_cast<int>(i)});
  }
  objective_node.assign(d.objectives.size(), -1);
  if (doors.empty()) {
    // One node per area and no links: the objectives' areas are all the solver needs.
    std::optional<detail::RegionSizes> own;
    if (!lent || lent->probe_labels.size() != d.objectives.size()) {
      std::vector<Point> at;
      for (const Objective& ob : d.objectives) at.push_back(ob.pos);
      own = detail::region_sizes(d.tiles, o.costs, o.moves, at);
    }
    const detail::RegionSizes& regions = own ? *own : *lent;
    areas = static_cast<int>(regions.sizes.size());
    adj.resize(static_cast<size_t>(areas));
    for (size_t i = 0; i < d.objectives.size(); ++i) objective_node[i] = regions.probe_labels[i];
  } else {
    build_door_graph(w, h);
  }
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Objective& ob = d.objectives[i];
    if (!doors.empty() && d.tiles.in_bounds(ob.pos)) objective_node[i] = node[ob.pos];
    if (ob.kind == ObjectiveKind::Start && start_node < 0 && objective_node[i] >= 0) {
      start_node = objective_node[i];
      start_objective = static_cast<int>(i);
    }
    if (ob.kind == ObjectiveKind::Exit && exit_objective < 0) exit_objective = static_cast<int>(i);
  }
}

void Model::build_door_graph(int w, int h) {
  Grid<uint8_t> open0(w, h, 0);  // passable with every locked door closed
  for (size_t i = 0; i < open0.size(); ++i) open0.cells()[i] = o.costs.passable(d.tiles.cells()[i]) ? 1 : 0;
  for (const DoorNode& dn : doors) open0[dn.pos] = 0;
  RegionMap regions = label_regions(open0, o.moves);
  areas = regions.count();
  node = std::move(regions.labels);
  for (size_t j = 0; j < doors.size(); ++j) node[doors[j].pos] = areas + static_cast<int32_t>(j);
  std::vector<std::set<int>> links(static_cast<size_t>(areas) + doors.size());
  for (size_t j = 0; j < doors.size(); ++j) {
    const Point p = doors[j].pos;
    for (int dir = 0; dir < 8; ++dir) {
      const Point q{p.x + kDirections[dir].x, p.y + kDirections[dir].y};
      if (!d.tiles.in_bounds(q) || node[q] < 0) continue;
      auto open = [&](Point c) { return d.tiles.in_bounds(c) && (open0[c] != 0 || c == p || c == q); };
      if (!step_allowed_at(o.moves, p, dir, open)) continue;
      const int a = node[p], b = node[q];
      links[static_cast<size_t>(a)].insert(b);
      links[static_cast<size_t>(b)].insert(a);
    }
  }
  for (const auto& l : links) adj.emplace_back(l.begin(), l.end());
}

bool Model::is_key(size_t i) const {
  const Objective& ob = d.objectives[i];
  return ob.kind == ObjectiveKind::Key && ob.lock >= 1 && ob.lock <= kMaxLock;
}

std::vector<uint8_t> Model::component(const State& s) const {
  std::vector<uint8_t> in(adj.size(), 0);
  if (start_node < 0) return in;
  std::vector<int> stack{start_node};
  in[static_cast<size_t>(start_node)] = 1;
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    for (int m : adj[static_cast<size_t>(n)]) {
      if (in[static_cast<size_t>(m)]) continue;
      if (m >= areas && !is_open(s, m - areas)) continue;
      in[static_cast<size_t>(m)] = 1;
      stack.push_back(m);
    }
  }
  return in;
}

bool Model::contains(const std::vector<uint8_t>& comp, size_t objective) const {
  const int n = objective_node[objective];
  return n >= 0 && comp[static_cast<size_t>(n)] != 0;
}

std::array<int, kMaxLock + 1> Model::held(const State& s, const std::vector<uint8_t>& comp) const {
  std::array<int, kMaxLock + 1> k{};
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (is_key(i) && contains(comp, i)) ++k[static_cast<size_t>(d.objectives[i].lock)];
  if (rule == KeyRule::Consumable)
    for (size_t j = 0; j < doors.size(); ++j)
      if (is_open(s, static_cast<int>(j))) --k[static_cast<size_t>(doors[j].lock)];
  return k;
}

std::vector<int> Model::openable(const State& s, const std::vector<uint8_t>& comp) const {
  const auto k = held(s, comp);
  std::vector<int> out;
  for (size_t j = 0; j < doors.size(); ++j) {
    if (is_open(s, static_cast<int>(j)) || k[static_cast<size_t>(doors[j].lock)] <= 0) continue;
    for (int m : adj[static_cast<size_t>(areas) + j])
      if (comp[static_cast<size_t>(m)]) {
        out.push_back(static_cast<int>(j));
        break;
      }
  }
  return out;
}

bool Model::goal(const std::vector<uint8_t>& comp) const {
  if (exit_objective >= 0) return contains(comp, static_cast<size_t>(exit_objective));
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (!contains(comp, i)) return false;
  return true;
}

int Model::objectives_in(const std::vector<uint8_t>& comp) const {
  int n = 0;
  for (size_t i = 0; i < d.objectives.size(); ++i) n += contains(comp, i) ? 1 : 0;
  return n;
}

std::string objective_name(const Objective& o) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on " " + std::to_string(...) here.
  std::string s(objective_kind_name(o.kind));
  if (o.lock != 0) {
    s += ' ';
    s += std::to_string(o.lock);
  }
  s += " at ";
  s += to_string(o.pos);
  return s;
}

std::string door_name(const DoorNode& dn) { return locked_door_name(dn.lock, dn.pos); }

}  // namespace catacomb::solving
