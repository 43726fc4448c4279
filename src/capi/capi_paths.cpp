// The C API's routes: catacomb_find_path under the map's rules, and routes for a player holding
// keys (catacomb_player: the keys held and the doors opened) through the locked doors they open.
#include "capi_internal.hpp"

using namespace catacomb;
using namespace catacomb::capi;

extern "C" {

int catacomb_find_path(const catacomb_dungeon* dungeon, int x0, int y0, int x1, int y1, int* out_xy, int capacity,
                       double* out_cost) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    if (capacity < 0) throw InvalidArgument("capacity = " + std::to_string(capacity) + " (expected 0 or more)");
    if (capacity > 0) need(out_xy, "out_xy", "room for capacity cells");
    const Grid<Terrain>& tiles = dungeon->dungeon.tiles;
    need_range("x0", x0, 0, tiles.width() - 1);
    need_range("y0", y0, 0, tiles.height() - 1);
    need_range("x1", x1, 0, tiles.width() - 1);
    need_range("y1", y1, 0, tiles.height() - 1);
    SearchOptions options;
    options.moves = dungeon->options.moves;
    PathResult r = find_path(tiles, dungeon->options.costs, {x0, y0}, {x1, y1}, options);
    if (!r.found()) return no_route(r, {x0, y0}, {x1, y1}, tiles);
    const size_t n = std::min(r.path.size(), static_cast<size_t>(capacity));
    for (size_t i = 0; i < n; ++i) {
      out_xy[2 * i] = r.path[i].x;
      out_xy[2 * i + 1] = r.path[i].y;
    }
    if (out_cost) *out_cost = r.cost;
    return static_cast<int>(r.path.size());
  });
}

catacomb_player* catacomb_player_new(void) {
  return guarded<catacomb_player*>(nullptr, [&] { return std::make_unique<catacomb_player>().release(); });
}

catacomb_player* catacomb_player_all_keys(const catacomb_dungeon* dungeon) {
  return guarded<catacomb_player*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    auto h = std::make_unique<catacomb_player>();
    h->state = all_keys_state(dungeon->dungeon);
    return h.release();
  });
}

void catacomb_player_free(catacomb_player* player) { delete player; }

int catacomb_player_add_key(catacomb_player* player, int lock) {
  return guarded<int>(-1, [&] {
    need(player, "player", "a player handle");
    player->state.add_key(lock);
    return 0;
  });
}

int catacomb_player_remove_key(catacomb_player* player, int lock) {
  return guarded<int>(-1, [&] {
    need(player, "player", "a player handle");
    need_range("lock", lock, 1, kMaxLock);
    int& held = player->state.keys[static_cast<size_t>(lock)];
    if (held == 0)
      throw InvalidArgument(
          FieldProblem{"lock", std::to_string(lock), "a lock the player holds a key of (it holds none)"});
    --held;
    return 0;
  });
}

int catacomb_player_keys(const catacomb_player* player, int lock) {
  return guarded<int>(-1, [&] {
    need(player, "player", "a player handle");
    need_range("lock", lock, 1, kMaxLock);
    return player->state.keys[static_cast<size_t>(lock)];
  });
}

int catacomb_player_set_switch(catacomb_player* player, int switch_id, int on) {
  return guarded<int>(-1, [&] {
    need(player, "player", "a player handle");
    need_range("switch", switch_id, 1, kMaxSwitch);
    const uint32_t bit = 1u << (switch_id - 1);
    player->state.switches = on != 0 ? player->state.switches | bit : player->state.switches & ~bit;
    return 0;
  });
}

int catacomb_player_switches(const catacomb_player* player) {
  return guarded<int>(-1, [&] {
    need(player, "player", "a player handle");
    return static_cast<int>(player->state.switches);
  });
}

int catacomb_player_open_door(catacomb_player* player, int x, int y) {
  return guarded<int>(-1, [&] {
    need(player, "player", "a player handle");
    if (!player->state.is_opened({x, y})) player->state.opened.push_back({x, y});
    return 0;
  });
}

int catacomb_find_player_path(const catacomb_dungeon* dungeon, const catacomb_player* player, int x0, int y0, int x1,
                              int y1, int* out_xy, int capacity, double* out_cost, int* out_doors, int door_capacity,
                              int* out_door_count) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need(player, "player", "a player handle");
    if (capacity < 0) throw InvalidArgument("capacity = " + std::to_string(capacity) + " (expected 0 or more)");
    if (capacity > 0) need(out_xy, "out_xy", "room for capacity cells");
    if (door_capacity < 0)
      throw InvalidArgument("door_capacity = " + std::to_string(door_capacity) + " (expected 0 or more)");
    if (door_capacity > 0) need(out_doors, "out_doors", "room for door_capacity doors");
    const Grid<Terrain>& tiles = dungeon->dungeon.tiles;
    need_range("x0", x0, 0, tiles.width() - 1);
    need_range("y0", y0, 0, tiles.height() - 1);
    need_range("x1", x1, 0, tiles.width() - 1);
    need_range("y1", y1, 0, tiles.height() - 1);
    const MapRules rules{dungeon->options.costs, dungeon->options.moves,
                         dungeon->options.key_rule.value_or(dungeon->dungeon.key_rule)};
    PathResult r = find_path(dungeon->dungeon, rules, {x0, y0}, {x1, y1}, player->state);
    if (out_door_count) *out_door_count = r.found() ? static_cast<int>(r.doors_opened.size()) : 0;
    if (!r.found()) return no_route(r, {x0, y0}, {x1, y1}, tiles);
    const size_t n = std::min(r.path.size(), static_cast<size_t>(capacity));
    for (size_t i = 0; i < n; ++i) {
      out_xy[2 * i] = r.path[i].x;
      out_xy[2 * i + 1] = r.path[i].y;
    }
    const size_t doors = std::min(r.doors_opened.size(), static_cast<size_t>(door_capacity));
    for (size_t i = 0; i < doors; ++i) {
      out_doors[3 * i] = r.doors_opened[i].pos.x;
      out_doors[3 * i + 1] = r.doors_opened[i].pos.y;
      out_doors[3 * i + 2] = r.doors_opened[i].lock;
    }
    if (out_cost) *out_cost = r.cost;
    return static_cast<int>(r.path.size());
  });
}

}  // extern "C"
