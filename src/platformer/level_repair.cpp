// Ladder repair of side-view levels: for the first objective that cannot be reached from the
// start (or else cannot reach the exit), candidate ladders run from the objective's row down to
// the ground, or up to the ceiling beside it, in columns at most 16 away; they are tried
// shortest first (then nearest, then leftmost), each on a copy with a rebuilt navigation graph,
// and the first after which the objective is reached both ways is kept. At most 66 graph builds.
#include <catacomb/platformer/level_generator.hpp>

#include <algorithm>
#include <cstdlib>

#include <catacomb/platformer/level_check.hpp>
#include <catacomb/platformer/nav_graph.hpp>

namespace catacomb {

std::optional<std::string> repair_platformer_level(Dungeon& d, const MovementModel& model) {
  const NavGraph graph(d.tiles, model);
  const PlatformerReport rep = check_platformer_level(d, graph);
  // The first objective the start cannot reach; else the first (not the start) from which the
  // exit cannot be reached.
  int target = -1;
  for (int pass = 0; pass < 2 && target < 0; ++pass)
    for (size_t i = 0; i < rep.objectives.size() && target < 0; ++i) {
      const PlatformerObjectiveReport& o = rep.objectives[i];
      if (!o.rests || o.objective.kind == ObjectiveKind::Start) continue;
      if (pass == 0 ? !o.reachable : (o.reachable && !o.exit_reachable)) target = static_cast<int>(i);
    }
  const std::optional<Point> start = d.find(ObjectiveKind::Start), exit = d.find(ObjectiveKind::Exit);
  if (target < 0 || !start || !exit) return std::nullopt;
  const Point t = d.objectives[static_cast<size_t>(target)].pos;

  struct Candidate {
    int length, distance, x, y0, y1;
  };
  std::vector<Candidate> candidates;
  for (int x = std::max(0, t.x - 16); x <= std::min(d.tiles.width() - 1, t.x + 16); ++x) {
    if (d.tiles(x, t.y) == Terrain::Wall) continue;
    // Down from the objective's row to the ground: reached from below.
    int y = t.y;
    while (y + 1 < d.tiles.height() && d.tiles(x, y + 1) != Terrain::Wall) ++y;
    if (y > t.y && y + 1 < d.tiles.height()) candidates.push_back({y - t.y + 1, std::abs(x - t.x), x, t.y, y});
    // Up from the objective's row to the ceiling, beside it: a way out of a pit.
    if (x == t.x) continue;
    y = t.y;
    while (y - 1 > 0 && d.tiles(x, y - 1) != Terrain::Wall) --y;
    if (y < t.y) candidates.push_back({t.y - y + 1, std::abs(x - t.x), x, y, t.y});
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.length != b.length) return a.length < b.length;
    if (a.distance != b.distance) return a.distance < b.distance;
    if (a.x != b.x) return a.x < b.x;
    return a.y0 < b.y0;
  });
  for (const Candidate& c : candidates) {
    Grid<Terrain> tiles = d.tiles;
    for (int y = c.y0; y <= c.y1; ++y) tiles(c.x, y) = Terrain::Ladder;
    const NavGraph g(tiles, model);
    const int n = g.node_at(t);
    if (n < 0) continue;
    if (!reachable_nodes(g, g.node_at(*start))[static_cast<size_t>(n)]) continue;
    if (!reachable_nodes(g, g.node_at(*exit), /*backward=*/true)[static_cast<size_t>(n)]) continue;
    d.tiles = std::move(tiles);
    return "ladder at column " + std::to_string(c.x) + ", rows " + std::to_string(c.y0) + " to " +
           std::to_string(c.y1) + " (" + std::to_string(c.length) + " tiles) for the " +
           std::string(objective_kind_name(d.objectives[static_cast<size_t>(target)].kind)) + " at (" + to_string(t) +
           ")";
  }
  return std::nullopt;
}

}  // namespace catacomb
