// The C API's navigator: a catacomb::Navigator for one dungeon under the rules it records, its
// locked doors set for a player, queried many times. A thin layer: checks, then the C++ calls.
#include <catacomb/pathing/navigator.hpp>

#include "capi_internal.hpp"

using namespace catacomb;
using namespace catacomb::capi;

struct catacomb_navigator {
  // Borrowed: the caller keeps it alive. Its locked doors never change (catacomb_dungeon_set_terrain
  // refuses a door's cell); an edited terrain is not seen: the navigator keeps the map it was built on.
  const catacomb_dungeon* dungeon;
  catacomb::Navigator navigator;
};

extern "C" {

catacomb_navigator* catacomb_navigator_new(const catacomb_dungeon* dungeon, const catacomb_player* player) {
  return guarded<catacomb_navigator*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    const PlayerState state = player ? player->state : PlayerState{};
    return std::make_unique<catacomb_navigator>(catacomb_navigator{dungeon, Navigator(dungeon->dungeon, state)})
        .release();
  });
}

void catacomb_navigator_free(catacomb_navigator* navigator) { delete navigator; }

int catacomb_navigator_set_player(catacomb_navigator* navigator, const catacomb_player* player) {
  return guarded<int>(-1, [&] {
    need(navigator, "navigator", "a navigator handle");
    need(player, "player", "a player handle");
    navigator->navigator.set_state(navigator->dungeon->dungeon, player->state);
    return 0;
  });
}

int catacomb_navigator_set_door(catacomb_navigator* navigator, int x, int y, int open) {
  return guarded<int>(-1, [&] {
    need(navigator, "navigator", "a navigator handle");
    if (navigator->dungeon->dungeon.lock_at({x, y}) == 0 || !navigator->dungeon->dungeon.tiles.in_bounds({x, y}))
      throw InvalidArgument(FieldProblem{"x, y", to_string(Point{x, y}), "a locked door of the dungeon"});
    navigator->navigator.set_door({x, y}, open != 0);
    return 0;
  });
}

int catacomb_navigator_find_path(catacomb_navigator* navigator, int x0, int y0, int x1, int y1, int* out_xy,
                                 int capacity, double* out_cost) {
  return guarded<int>(-1, [&] {
    need(navigator, "navigator", "a navigator handle");
    if (capacity < 0) throw InvalidArgument("capacity = " + std::to_string(capacity) + " (expected 0 or more)");
    if (capacity > 0) need(out_xy, "out_xy", "room for capacity cells");
    const Navigator& nav = navigator->navigator;
    need_range("x0", x0, 0, nav.width() - 1);
    need_range("y0", y0, 0, nav.height() - 1);
    need_range("x1", x1, 0, nav.width() - 1);
    need_range("y1", y1, 0, nav.height() - 1);
    const PathResult r = navigator->navigator.find_path({x0, y0}, {x1, y1});
    if (!r.found()) return no_route(r, {x0, y0}, {x1, y1}, navigator->dungeon->dungeon.tiles);
    const size_t n = std::min(r.path.size(), static_cast<size_t>(capacity));
    for (size_t i = 0; i < n; ++i) {
      out_xy[2 * i] = r.path[i].x;
      out_xy[2 * i + 1] = r.path[i].y;
    }
    if (out_cost) *out_cost = r.cost;
    return static_cast<int>(r.path.size());
  });
}

double catacomb_navigator_bytes_per_cell(const catacomb_navigator* navigator) {
  return guarded<double>(-1, [&] {
    need(navigator, "navigator", "a navigator handle");
    return navigator->navigator.stats().bytes_per_cell;
  });
}

}  // extern "C"
