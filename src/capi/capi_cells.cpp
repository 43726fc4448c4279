// The C API's cell queries: terrain, objective and door kinds as enums, what a player may walk
// on, what a cell costs and what blocks sight, and the field of view (catacomb_fov over a dungeon
// and a player, catacomb_fov_grid over a caller's own map), over <catacomb/pathing/fov.hpp> and
// <catacomb/pathing/player_path.hpp>.
#include "capi_internal.hpp"

#include <catacomb/pathing/fov.hpp>

using namespace catacomb;
using namespace catacomb::capi;

// The C enums are the C++ ones, value for value.
static_assert(CATACOMB_TERRAIN_WALL == static_cast<int>(Terrain::Wall) &&
              CATACOMB_TERRAIN_FLOOR == static_cast<int>(Terrain::Floor) &&
              CATACOMB_TERRAIN_CORRIDOR == static_cast<int>(Terrain::Corridor) &&
              CATACOMB_TERRAIN_DOOR == static_cast<int>(Terrain::Door) &&
              CATACOMB_TERRAIN_WATER == static_cast<int>(Terrain::Water) &&
              CATACOMB_TERRAIN_VEGETATION == static_cast<int>(Terrain::Vegetation) &&
              CATACOMB_TERRAIN_ROAD == static_cast<int>(Terrain::Road) &&
              CATACOMB_TERRAIN_LADDER == static_cast<int>(Terrain::Ladder) &&
              CATACOMB_TERRAIN_PLATFORM == static_cast<int>(Terrain::Platform) &&
              CATACOMB_TERRAIN_PLATFORM == kTerrainCount - 1);
static_assert(CATACOMB_DOOR_OPEN == static_cast<int>(DoorKind::Open) &&
              CATACOMB_DOOR_LOCKED == static_cast<int>(DoorKind::Locked) &&
              CATACOMB_DOOR_GATE == static_cast<int>(DoorKind::Gate) &&
              CATACOMB_DOOR_ONE_WAY == static_cast<int>(DoorKind::OneWay) &&
              CATACOMB_DOOR_SECRET == static_cast<int>(DoorKind::Secret));
static_assert(CATACOMB_OBJECTIVE_START == static_cast<int>(ObjectiveKind::Start) &&
              CATACOMB_OBJECTIVE_EXIT == static_cast<int>(ObjectiveKind::Exit) &&
              CATACOMB_OBJECTIVE_KEY == static_cast<int>(ObjectiveKind::Key) &&
              CATACOMB_OBJECTIVE_TREASURE == static_cast<int>(ObjectiveKind::Treasure) &&
              CATACOMB_OBJECTIVE_OTHER == static_cast<int>(ObjectiveKind::Objective) &&
              CATACOMB_OBJECTIVE_SWITCH == static_cast<int>(ObjectiveKind::Switch));

namespace {

// Cell (x, y) of the dungeon, the handle and the cell checked.
Point cell_of(const catacomb_dungeon* dungeon, int x, int y) {
  need(dungeon, "dungeon", "a dungeon handle");
  need_range("x", x, 0, dungeon->dungeon.tiles.width() - 1);
  need_range("y", y, 0, dungeon->dungeon.tiles.height() - 1);
  return {x, y};
}

// The player's state (NULL: no key, no door opened, every switch off), checked against the map.
PlayerState state_of(const catacomb_dungeon* dungeon, const catacomb_player* player) {
  if (!player) return PlayerState{};
  player->state.check(dungeon->dungeon);
  return player->state;
}

// The gate, one-way or secret door on `p`, if any.
const ProgressionDoor* progression_door_at(const Dungeon& d, Point p, int* index) {
  for (size_t i = 0; i < d.doors.size(); ++i)
    if (d.doors[i].pos == p) {
      if (index) *index = static_cast<int>(i);
      return &d.doors[i];
    }
  return nullptr;
}

}  // namespace

extern "C" {

int catacomb_dungeon_terrain(const catacomb_dungeon* dungeon, int x, int y, catacomb_terrain* out) {
  return guarded<int>(-1, [&] {
    const Point p = cell_of(dungeon, x, y);
    need(out, "out", "where to write the terrain");
    *out = static_cast<catacomb_terrain>(dungeon->dungeon.tiles[p]);
    return 0;
  });
}

int catacomb_dungeon_objective_kind(const catacomb_dungeon* dungeon, int index, catacomb_objective_kind* out) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need(out, "out", "where to write the kind");
    const std::vector<Objective>& objectives = dungeon->dungeon.objectives;
    if (objectives.empty())
      throw InvalidArgument(FieldProblem{"index", std::to_string(index), "an objective, but the dungeon has none"});
    need_range("index", index, 0, static_cast<int>(objectives.size()) - 1);
    *out = static_cast<catacomb_objective_kind>(objectives[static_cast<size_t>(index)].kind);
    return 0;
  });
}

int catacomb_dungeon_door_kind(const catacomb_dungeon* dungeon, int index, catacomb_door_kind* out) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need(out, "out", "where to write the kind");
    const std::vector<ProgressionDoor>& doors = dungeon->dungeon.doors;
    if (doors.empty())
      throw InvalidArgument(
          FieldProblem{"index", std::to_string(index), "a gate, one-way or secret door, but the dungeon has none"});
    need_range("index", index, 0, static_cast<int>(doors.size()) - 1);
    *out = static_cast<catacomb_door_kind>(doors[static_cast<size_t>(index)].kind);
    return 0;
  });
}

int catacomb_dungeon_walkable(const catacomb_dungeon* dungeon, const catacomb_player* player, int x, int y, int* out) {
  return guarded<int>(-1, [&] {
    const Point p = cell_of(dungeon, x, y);
    need(out, "out", "where to write the answer");
    const Dungeon& d = dungeon->dungeon;
    bool walkable = dungeon->options.costs.passable(d.tiles[p]);
    if (player) {
      const PlayerState state = state_of(dungeon, player);
      const ProgressionDoor* g = progression_door_at(d, p, nullptr);
      walkable = walkable && door_open_for(d, state, p) &&
                 !(g && g->kind == DoorKind::Gate && !gate_open(*g, state.switches));
    }
    *out = walkable ? 1 : 0;
    return 0;
  });
}

int catacomb_dungeon_cost(const catacomb_dungeon* dungeon, int x, int y, double* out) {
  return guarded<int>(-1, [&] {
    const Point p = cell_of(dungeon, x, y);
    need(out, "out", "where to write the cost");
    *out = dungeon->options.costs[dungeon->dungeon.tiles[p]];
    return 0;
  });
}

int catacomb_dungeon_door_at(const catacomb_dungeon* dungeon, int x, int y, catacomb_door_kind* kind, int* index) {
  return guarded<int>(-1, [&] {
    const Point p = cell_of(dungeon, x, y);
    const Dungeon& d = dungeon->dungeon;
    catacomb_door_kind k = CATACOMB_DOOR_NONE;
    int i = -1;
    for (size_t l = 0; l < d.locks.size() && k == CATACOMB_DOOR_NONE; ++l)
      if (d.locks[l].pos == p) k = CATACOMB_DOOR_LOCKED, i = static_cast<int>(l);
    if (k == CATACOMB_DOOR_NONE)
      if (const ProgressionDoor* g = progression_door_at(d, p, &i)) k = static_cast<catacomb_door_kind>(g->kind);
    if (k == CATACOMB_DOOR_NONE && d.tiles[p] == Terrain::Door) k = CATACOMB_DOOR_OPEN;
    if (kind) *kind = k;
    if (index) *index = i;
    return k == CATACOMB_DOOR_NONE ? 0 : 1;
  });
}

int catacomb_dungeon_blocks_sight(const catacomb_dungeon* dungeon, const catacomb_player* player, int x, int y,
                                  int* out) {
  return guarded<int>(-1, [&] {
    const Point p = cell_of(dungeon, x, y);
    need(out, "out", "where to write the answer");
    *out = blocks_sight(dungeon->dungeon, state_of(dungeon, player), p) ? 1 : 0;
    return 0;
  });
}

int catacomb_fov(const catacomb_dungeon* dungeon, const catacomb_player* player, int x, int y, int radius,
                 int light_walls, unsigned char* out, size_t size) {
  return guarded<int>(-1, [&] {
    const Point p = cell_of(dungeon, x, y);
    need(out, "out", "room for width * height bytes");
    const Grid<Terrain>& tiles = dungeon->dungeon.tiles;
    if (size < tiles.size())
      throw InvalidArgument(FieldProblem{"size", std::to_string(size), std::to_string(tiles.size()) + " or more"});
    const Grid<uint8_t> seen = field_of_view(dungeon->dungeon, state_of(dungeon, player), p,
                                             FovOptions{radius, light_walls != 0});
    std::memcpy(out, seen.data(), seen.size());
    return 0;
  });
}

int catacomb_fov_grid(const unsigned char* blocks, int width, int height, int x, int y, int radius, int light_walls,
                      unsigned char* out) {
  return guarded<int>(-1, [&] {
    need(blocks, "blocks", "width * height bytes");
    need(out, "out", "room for width * height bytes");
    need_range("width", width, 1, kMaxSide);
    need_range("height", height, 1, kMaxSide);
    need_range("x", x, 0, width - 1);
    need_range("y", y, 0, height - 1);
    const size_t n = static_cast<size_t>(width) * static_cast<size_t>(height);
    const Grid<uint8_t> map(width, height, std::vector<uint8_t>(blocks, blocks + n));
    const Grid<uint8_t> seen = field_of_view(map, {x, y}, FovOptions{radius, light_walls != 0});
    std::memcpy(out, seen.data(), n);
    return 0;
  });
}

}  // extern "C"
