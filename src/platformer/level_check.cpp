// Level validation by breadth-first reachability over the navigation graph: one forward search
// from the start, one backward search from the exit (over the reversed edges), one forward
// search per further objective to find the collection order, and one Dijkstra per objective for
// its route cost. Softlock areas are the connected components (edges taken both ways) of the
// nodes reached from the start that cannot reach the exit. Time O(k (V + E)) for k objectives.
#include <catacomb/platformer/level_check.hpp>

#include <algorithm>
#include <string>

#include <catacomb/platformer/solver.hpp>
#include "platformer/level_loss.hpp"

namespace catacomb {
namespace {

// Reversed edges in CSR form.
struct Reverse {
  std::vector<uint32_t> first;
  std::vector<int32_t> from;
};

Reverse reverse_edges(const NavGraph& g) {
  Reverse r;
  const size_t n = static_cast<size_t>(g.node_count());
  r.first.assign(n + 1, 0);
  for (int a = 0; a < g.node_count(); ++a)
    for (const NavEdge& e : g.edges(a)) ++r.first[static_cast<size_t>(e.to) + 1];
  for (size_t i = 0; i < n; ++i) r.first[i + 1] += r.first[i];
  r.from.resize(r.first[n]);
  std::vector<uint32_t> at(r.first.begin(), r.first.end() - 1);
  for (int a = 0; a < g.node_count(); ++a)
    for (const NavEdge& e : g.edges(a)) r.from[at[static_cast<size_t>(e.to)]++] = a;
  return r;
}

std::string cell_text(Point p) {
  std::string s(1, '(');  // appended, not "(" + ...: GCC 12 warns falsely (-Wrestrict) on that form
  s += to_string(p);
  s += ')';
  return s;
}

}  // namespace

std::vector<uint8_t> reachable_nodes(const NavGraph& g, int from, bool backward) {
  std::vector<uint8_t> seen(static_cast<size_t>(g.node_count()), 0);
  if (from < 0 || from >= g.node_count()) return seen;
  Reverse rev;
  if (backward) rev = reverse_edges(g);
  std::vector<int> queue{from};
  seen[static_cast<size_t>(from)] = 1;
  for (size_t i = 0; i < queue.size(); ++i) {
    const int a = queue[i];
    auto visit = [&](int b) {
      if (!seen[static_cast<size_t>(b)]) {
        seen[static_cast<size_t>(b)] = 1;
        queue.push_back(b);
      }
    };
    if (backward) {
      for (uint32_t k = rev.first[static_cast<size_t>(a)]; k < rev.first[static_cast<size_t>(a) + 1]; ++k)
        visit(rev.from[k]);
    } else {
      for (const NavEdge& e : g.edges(a)) visit(e.to);
    }
  }
  return seen;
}

namespace {

void add_problem(PlatformerReport& rep, std::string kind, std::string message, int objective = -1) {
  rep.problems.push_back({std::move(kind), std::move(message), objective});
}

// The first start and the first exit among the objectives (-1 when there is none).
struct Ends {
  int start_index = -1;
  int exit_index = -1;
};

// One report per objective: on the map, resting on a node; and exactly one start and one exit.
Ends check_objectives(const Dungeon& d, const NavGraph& g, PlatformerReport& rep) {
  Ends ends;
  int starts = 0, exits = 0;
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Objective& o = d.objectives[i];
    PlatformerObjectiveReport r;
    r.objective = o;
    const bool on_map = o.pos.x >= 0 && o.pos.y >= 0 && o.pos.x < g.width() && o.pos.y < g.height();
    r.rests = g.node_at(o.pos) >= 0;
    const std::string name = std::string(objective_kind_name(o.kind)) + " at " + cell_text(o.pos);
    if (!on_map) add_problem(rep, "off-map", name + " is off the map", static_cast<int>(i));
    else if (!r.rests)
      add_problem(rep, "no-footing", name + " does not stand on anything (nor hang on a ladder) for this body",
                  static_cast<int>(i));
    if (o.kind == ObjectiveKind::Start && starts++ == 0) ends.start_index = static_cast<int>(i);
    if (o.kind == ObjectiveKind::Exit && exits++ == 0) ends.exit_index = static_cast<int>(i);
    rep.objectives.push_back(r);
  }
  if (starts != 1) add_problem(rep, "start", "the map has " + std::to_string(starts) + " starts (expected exactly 1)");
  if (exits != 1) add_problem(rep, "exit", "the map has " + std::to_string(exits) + " exits (expected exactly 1)");
  return ends;
}

// Each objective on a node: reached from the start (with its route's cost and moves), and the exit
// reached from it.
void check_reachability(const Dungeon& d, const NavGraph& g, int start_index, int start, int exit,
                        const std::vector<uint8_t>& from_start, const std::vector<uint8_t>& to_exit,
                        PlatformerReport& rep) {
  for (size_t i = 0; i < rep.objectives.size(); ++i) {
    PlatformerObjectiveReport& r = rep.objectives[i];
    const int n = g.node_at(r.objective.pos);
    if (n < 0 || start < 0) continue;
    r.reachable = from_start[static_cast<size_t>(n)] != 0;
    r.exit_reachable = exit >= 0 && to_exit[static_cast<size_t>(n)] != 0;
    const std::string name = std::string(objective_kind_name(r.objective.kind)) + " at " + cell_text(r.objective.pos);
    if (r.reachable) {
      const PlatformerRoute route = find_platformer_path(g, d.objectives[static_cast<size_t>(start_index)].pos,
                                                         r.objective.pos);
      r.cost = route.cost;
      r.moves = static_cast<int>(route.moves.size());
    } else {
      add_problem(rep, "unreachable", name + " cannot be reached from the start", static_cast<int>(i));
    }
    if (exit >= 0 && r.reachable && !r.exit_reachable)
      add_problem(rep, "no-way-out", "the exit cannot be reached from the " + name, static_cast<int>(i));
  }
}

// Collection order: the further objectives must lie on one chain of reachability (the
// condensation of a directed graph is a DAG, and one trip visits its components in order).
// Sorting by how many of the others each reaches gives that chain when there is one.
void check_collect_order(const Dungeon& d, const NavGraph& g, const Ends& ends, PlatformerReport& rep) {
  std::vector<int> further;
  for (size_t i = 0; i < rep.objectives.size(); ++i)
    if (static_cast<int>(i) != ends.start_index && static_cast<int>(i) != ends.exit_index &&
        rep.objectives[i].reachable && rep.objectives[i].exit_reachable)
      further.push_back(static_cast<int>(i));
  std::vector<std::vector<uint8_t>> reach;
  std::vector<int> reaches(further.size(), 0);
  for (int i : further) reach.push_back(reachable_nodes(g, g.node_at(d.objectives[static_cast<size_t>(i)].pos)));
  for (size_t a = 0; a < further.size(); ++a)
    for (size_t b = 0; b < further.size(); ++b)
      reaches[a] += reach[a][static_cast<size_t>(g.node_at(d.objectives[static_cast<size_t>(further[b])].pos))];
  std::vector<size_t> order(further.size());
  for (size_t a = 0; a < order.size(); ++a) order[a] = a;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return reaches[a] > reaches[b]; });
  bool chain = true;
  for (size_t k = 0; k + 1 < order.size(); ++k) {
    const int next = g.node_at(d.objectives[static_cast<size_t>(further[order[k + 1]])].pos);
    if (!reach[order[k]][static_cast<size_t>(next)]) {
      chain = false;
      add_problem(rep, "order",
                  "the objectives cannot all be collected in one trip: after the " +
                      std::string(objective_kind_name(d.objectives[static_cast<size_t>(further[order[k]])].kind)) +
                      " at " + cell_text(d.objectives[static_cast<size_t>(further[order[k]])].pos) + ", the " +
                      std::string(objective_kind_name(d.objectives[static_cast<size_t>(further[order[k + 1]])].kind)) +
                      " at " + cell_text(d.objectives[static_cast<size_t>(further[order[k + 1]])].pos) +
                      " can no longer be reached");
      break;
    }
  }
  if (chain) {
    rep.collect_order.push_back(ends.start_index);
    for (size_t k : order) rep.collect_order.push_back(further[k]);
    rep.collect_order.push_back(ends.exit_index);
  }
}

// The softlock area grown from `seed` over the nodes flagged in `soft` (edges taken both ways),
// marked `id` in `area_of`: its cells, bounds and the first move (in node order) into it.
SoftlockArea grow_softlock_area(const NavGraph& g, const Reverse& rev, const std::vector<uint8_t>& soft,
                                const std::vector<uint8_t>& from_start, int seed, int32_t id,
                                std::vector<int32_t>& area_of) {
  std::vector<int> members{seed};
  area_of[static_cast<size_t>(seed)] = id;
  for (size_t k = 0; k < members.size(); ++k) {
    const int a = members[k];
    auto visit = [&](int b) {
      if (soft[static_cast<size_t>(b)] && area_of[static_cast<size_t>(b)] < 0) {
        area_of[static_cast<size_t>(b)] = id;
        members.push_back(b);
      }
    };
    for (const NavEdge& e : g.edges(a)) visit(e.to);
    for (uint32_t j = rev.first[static_cast<size_t>(a)]; j < rev.first[static_cast<size_t>(a) + 1]; ++j)
      visit(rev.from[j]);
  }
  std::sort(members.begin(), members.end());  // node order is row-major cell order
  SoftlockArea area;
  int x0 = g.width(), y0 = g.height(), x1 = -1, y1 = -1;
  for (int m : members) {
    const Point p = g.cell(m);
    area.cells.push_back(p);
    x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
  }
  area.bounds = Rect{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
  bool entry_found = false;
  for (int a = 0; a < g.node_count() && !entry_found; ++a) {
    if (!from_start[static_cast<size_t>(a)] || area_of[static_cast<size_t>(a)] == id) continue;
    for (const NavEdge& e : g.edges(a))
      if (area_of[static_cast<size_t>(e.to)] == id) {
        area.entry = g.move(a, e);
        entry_found = true;
        break;
      }
  }
  return area;
}

// Softlock areas: the components of the nodes reached from the start that cannot reach the exit;
// problems only with strict.
void find_softlocks(const NavGraph& g, const std::vector<uint8_t>& from_start, const std::vector<uint8_t>& to_exit,
                    const PlatformerCheckOptions& options, PlatformerReport& rep) {
  std::vector<uint8_t> soft(static_cast<size_t>(g.node_count()), 0);
  for (size_t n = 0; n < soft.size(); ++n) soft[n] = from_start[n] && !to_exit[n];
  const Reverse rev = reverse_edges(g);
  std::vector<int32_t> area_of(soft.size(), -1);
  for (int seed = 0; seed < g.node_count(); ++seed) {
    if (!soft[static_cast<size_t>(seed)] || area_of[static_cast<size_t>(seed)] >= 0) continue;
    const int32_t id = static_cast<int32_t>(rep.softlocks.size());
    rep.softlocks.push_back(grow_softlock_area(g, rev, soft, from_start, seed, id, area_of));
  }
  for (const SoftlockArea& a : rep.softlocks) {
    if (!options.strict) break;
    add_problem(rep, "softlock",
                "softlock: " + std::to_string(a.cells.size()) + " cells around " + cell_text(a.cells.front()) +
                    " from which the exit cannot be reached, entered by a " +
                    std::string(move_kind_name(a.entry.kind)) + " from " + cell_text(a.entry.from));
  }
}

// Whether the level can be lost (platformer/level_loss.cpp): a problem unless allowed, for a
// level that can otherwise be finished in one trip (one that cannot is Losable, its problems
// already said why).
void check_loss(const Dungeon& d, const NavGraph& g, const PlatformerCheckOptions& options, PlatformerReport& rep) {
  if (!rep.problems.empty() && !(rep.problems.size() == rep.softlocks.size() && options.strict)) {
    rep.loss = LossStatus::Losable;
    return;
  }
  const platformer_loss::LevelLoss proof = platformer_loss::prove_level_unlosable(d, g, options.max_states);
  rep.loss = proof.completable || proof.status == LossStatus::NotProven ? proof.status : LossStatus::Losable;
  rep.loss_states = proof.states;
  rep.softlock_states = proof.softlock_states;
  rep.softlock_moves = proof.way_in;
  rep.softlock_message = proof.message;
  if (options.allow_softlocks) return;
  if (rep.loss == LossStatus::Losable) add_problem(rep, "softlock", proof.message);
  else if (rep.loss == LossStatus::NotProven)
    add_problem(rep, "softlock-not-proven",
                "whether the level can be lost is not proven: the search reached its cap of " +
                    std::to_string(options.max_states) + " states (--max-states)");
}

}  // namespace

PlatformerReport check_platformer_level(const Dungeon& d, const NavGraph& g, const PlatformerCheckOptions& options) {
  PlatformerReport rep;
  rep.nodes = g.node_count();
  rep.edges = g.edge_count();
  const Ends ends = check_objectives(d, g, rep);

  const int start = ends.start_index >= 0 ? g.node_at(d.objectives[static_cast<size_t>(ends.start_index)].pos) : -1;
  const int exit = ends.exit_index >= 0 ? g.node_at(d.objectives[static_cast<size_t>(ends.exit_index)].pos) : -1;
  const std::vector<uint8_t> from_start = reachable_nodes(g, start);
  const std::vector<uint8_t> to_exit = reachable_nodes(g, exit, /*backward=*/true);
  for (uint8_t f : from_start) rep.reachable_nodes += f;

  check_reachability(d, g, ends.start_index, start, exit, from_start, to_exit, rep);
  if (start >= 0 && exit >= 0) {
    check_collect_order(d, g, ends, rep);
    find_softlocks(g, from_start, to_exit, options, rep);
  }
  check_loss(d, g, options, rep);
  rep.valid = rep.problems.empty();
  return rep;
}

}  // namespace catacomb
