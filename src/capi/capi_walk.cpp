// The C API's distance maps, step-by-step paths (catacomb_path, as libtcod's TCOD_path_walk) and
// the one edit of a dungeon after its creation, catacomb_dungeon_set_terrain.
#include "capi_internal.hpp"

#include <catacomb/pathing/distance_map.hpp>

using namespace catacomb;
using namespace catacomb::capi;

struct catacomb_path {
  /// The route's cells after its start, the goal last.
  std::vector<catacomb::Point> steps;
  /// The next step catacomb_path_walk gives.
  size_t next = 0;
  /// The route's cost (0 without a route).
  double cost = 0;
};

namespace {

void need_cell(const catacomb_dungeon* dungeon, const char* xname, int x, const char* yname, int y) {
  need_range(xname, x, 0, dungeon->dungeon.tiles.width() - 1);
  need_range(yname, y, 0, dungeon->dungeon.tiles.height() - 1);
}

// The route catacomb_find_path or catacomb_find_player_path gives.
PathResult route(const catacomb_dungeon* dungeon, const catacomb_player* player, Point from, Point to) {
  if (!player) {
    SearchOptions options;
    options.moves = dungeon->options.moves;
    return find_path(dungeon->dungeon.tiles, dungeon->options.costs, from, to, options);
  }
  const MapRules rules{dungeon->options.costs, dungeon->options.moves,
                       dungeon->options.key_rule.value_or(dungeon->dungeon.key_rule)};
  return find_path(dungeon->dungeon, rules, from, to, player->state);
}

// The legend character of cell `p` as make_handle draws it: terrain, a locked door over it, an
// objective's marker over both.
char cell_char(const Dungeon& d, Point p) {
  char c = terrain_char(d.tiles[p]);
  const int lock = d.lock_at(p);
  if (lock >= 1 && lock <= kMaxLock) c = door_char(lock);
  const std::vector<char> markers = objective_markers(d.objectives);
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (markers[i] != '\0' && d.objectives[i].pos == p) c = markers[i];
  return c;
}

}  // namespace

extern "C" {

int catacomb_distance_map(const catacomb_dungeon* dungeon, int x, int y, double* out, size_t count) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need_cell(dungeon, "x", x, "y", y);
    need(out, "out", "room for width * height doubles");
    const Grid<Terrain>& tiles = dungeon->dungeon.tiles;
    if (count < tiles.size())
      throw InvalidArgument(FieldProblem{"count", std::to_string(count), std::to_string(tiles.size()) + " or more"});
    const DistanceMap m = distance_map(tiles, dungeon->options.costs, {Point{x, y}}, dungeon->options.moves);
    std::copy(m.dist.cells().begin(), m.dist.cells().end(), out);
    return 0;
  });
}

catacomb_path* catacomb_path_new(const catacomb_dungeon* dungeon, const catacomb_player* player, int x0, int y0, int x1,
                                 int y1) {
  return guarded<catacomb_path*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need_cell(dungeon, "x0", x0, "y0", y0);
    need_cell(dungeon, "x1", x1, "y1", y1);
    auto h = std::make_unique<catacomb_path>();
    const PathResult r = route(dungeon, player, {x0, y0}, {x1, y1});
    if (!r.found()) {
      no_route(r, {x0, y0}, {x1, y1}, dungeon->dungeon.tiles);  // the answer's code, kept after return
      return h.release();
    }
    h->steps.assign(r.path.begin() + 1, r.path.end());
    h->cost = r.cost;
    return h.release();
  });
}

void catacomb_path_free(catacomb_path* path) { delete path; }

int catacomb_path_size(const catacomb_path* path) {
  return guarded<int>(-1, [&] {
    need(path, "path", "a path handle");
    return static_cast<int>(path->steps.size());
  });
}

int catacomb_path_get(const catacomb_path* path, int index, int* x, int* y) {
  return guarded<int>(-1, [&] {
    need(path, "path", "a path handle");
    if (path->steps.empty())
      throw InvalidArgument(FieldProblem{"index", std::to_string(index), "a step, but the path has none"});
    need_range("index", index, 0, static_cast<int>(path->steps.size()) - 1);
    const Point p = path->steps[static_cast<size_t>(index)];
    if (x) *x = p.x;
    if (y) *y = p.y;
    return 0;
  });
}

double catacomb_path_cost(const catacomb_path* path) {
  return guarded<double>(-1, [&] {
    need(path, "path", "a path handle");
    return path->cost;
  });
}

int catacomb_path_walk(catacomb_path* path, int* x, int* y) {
  return guarded<int>(-1, [&] {
    need(path, "path", "a path handle");
    if (path->next >= path->steps.size()) return 0;
    const Point p = path->steps[path->next++];
    if (x) *x = p.x;
    if (y) *y = p.y;
    return 1;
  });
}

int catacomb_path_remaining(const catacomb_path* path) {
  return guarded<int>(-1, [&] {
    need(path, "path", "a path handle");
    return static_cast<int>(path->steps.size() - path->next);
  });
}

int catacomb_dungeon_set_terrain(catacomb_dungeon* dungeon, int x, int y, catacomb_terrain terrain) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need_cell(dungeon, "x", x, "y", y);
    const int t = static_cast<int>(terrain);
    need_range("terrain", t, 0, kTerrainCount - 1);
    Dungeon& d = dungeon->dungeon;
    const Point p{x, y};
    set_terrain(d, p, static_cast<Terrain>(t));
    dungeon->cells[p] = cell_char(d, p);
    return 0;
  });
}

}  // extern "C"
