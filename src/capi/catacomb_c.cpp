// The C API: a thin layer over the C++ library. Every entry point catches every exception and
// turns it into a NULL / -1 / 0 return plus the thread-local last error, and checks its
// pointers and numbers before touching anything (capi_internal.hpp). This file: the version, the
// last error, and dungeons (generate, JSON and text, cells and markers, objectives, locked doors,
// rooms, validation, PNG). Configs are in capi_config.cpp, routes and players in capi_paths.cpp,
// validation reports in capi_report.cpp, batches in capi_batch.cpp.
#include "capi_internal.hpp"

#include <optional>

using namespace catacomb;
using namespace catacomb::capi;

namespace {

// Objective `index` of a dungeon handle, the handle and the index checked (InvalidArgument).
const Objective& objective_at(const catacomb_dungeon* dungeon, int index) {
  need(dungeon, "dungeon", "a dungeon handle");
  const std::vector<Objective>& objectives = dungeon->dungeon.objectives;
  if (objectives.empty())
    throw InvalidArgument("index = " + std::to_string(index) + " (expected an objective, but the dungeon has none)");
  need_range("index", index, 0, static_cast<int>(objectives.size()) - 1);
  return objectives[static_cast<size_t>(index)];
}

// The solver's answer for the dungeon under its rules, or nullopt when the map is invalid for
// another reason; softlocks are part of the answer here, not a problem.
std::optional<Solution> solved(const catacomb_dungeon* dungeon) {
  need(dungeon, "dungeon", "a dungeon handle");
  ValidateOptions o = dungeon->options;
  o.solve = true;
  o.allow_softlocks = true;
  ValidationReport r = validate_dungeon(dungeon->dungeon, o);
  if (!r.valid || !r.solution) return std::nullopt;
  return std::move(r.solution);
}

}  // namespace

extern "C" {

const char* catacomb_version(void) { return CATACOMB_VERSION; }

const char* catacomb_last_error(void) { return t_error_text; }

catacomb_status catacomb_last_error_code(void) { return t_code; }

void catacomb_string_free(char* s) { std::free(s); }

catacomb_dungeon* catacomb_generate(const catacomb_config* config, uint64_t seed) {
  return guarded<catacomb_dungeon*>(nullptr, [&] {
    need(config, "config", "a config handle");
    const GenerateConfig& c = config->config;
    GenerateResult r = generate_dungeon_within(c, seed, config->time_limit_ms);
    return make_handle(std::move(r.dungeon), validate_options_for(c));
  });
}

catacomb_dungeon* catacomb_dungeon_from_json(const char* json) {
  return guarded<catacomb_dungeon*>(nullptr, [&] {
    need(json, "json", "a catacomb JSON map");
    Dungeon d = read_json_map(json);
    ValidateOptions rules = map_rules(d, read_json_legend_costs(json, CostTable::dungeon()));
    return make_handle(std::move(d), rules);
  });
}

char* catacomb_dungeon_to_json(const catacomb_dungeon* dungeon) {
  return guarded<char*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return copy_string(write_json_map(dungeon->dungeon, dungeon->options.costs));
  });
}

char* catacomb_dungeon_to_text(const catacomb_dungeon* dungeon) {
  return guarded<char*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return copy_string(write_ascii(dungeon->dungeon));
  });
}

void catacomb_dungeon_free(catacomb_dungeon* dungeon) { delete dungeon; }

int catacomb_dungeon_width(const catacomb_dungeon* dungeon) {
  return guarded<int>(0, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return dungeon->dungeon.tiles.width();
  });
}

int catacomb_dungeon_height(const catacomb_dungeon* dungeon) {
  return guarded<int>(0, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return dungeon->dungeon.tiles.height();
  });
}

uint64_t catacomb_dungeon_seed(const catacomb_dungeon* dungeon) {
  return guarded<uint64_t>(0, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return dungeon->dungeon.seed;
  });
}

char catacomb_dungeon_tile(const catacomb_dungeon* dungeon, int x, int y) {
  return guarded<char>('\0', [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need_range("x", x, 0, dungeon->cells.width() - 1);
    need_range("y", y, 0, dungeon->cells.height() - 1);
    return dungeon->cells(x, y);
  });
}

int catacomb_dungeon_objective_count(const catacomb_dungeon* dungeon) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return static_cast<int>(dungeon->dungeon.objectives.size());
  });
}

int catacomb_dungeon_objective_lock(const catacomb_dungeon* dungeon, int index) {
  return guarded<int>(-1, [&] { return objective_at(dungeon, index).lock; });
}

int catacomb_dungeon_objective_switch(const catacomb_dungeon* dungeon, int index) {
  return guarded<int>(-1, [&] { return objective_at(dungeon, index).switch_id; });
}

int catacomb_dungeon_lock(const catacomb_dungeon* dungeon, int x, int y) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    const Dungeon& d = dungeon->dungeon;
    need_range("x", x, 0, d.tiles.width() - 1);
    need_range("y", y, 0, d.tiles.height() - 1);
    return d.lock_at({x, y});
  });
}

int catacomb_completable(const catacomb_dungeon* dungeon) {
  return guarded<int>(-1, [&] {
    const std::optional<Solution> s = solved(dungeon);
    return s && s->status == SolveStatus::Completable ? 1 : 0;
  });
}

int catacomb_unlosable(const catacomb_dungeon* dungeon) {
  return guarded<int>(-1, [&] {
    const std::optional<Solution> s = solved(dungeon);
    if (!s || s->status != SolveStatus::Completable) return 0;
    return s->loss == LossStatus::Unlosable ? 1 : s->loss == LossStatus::Losable ? 0 : 2;
  });
}

int catacomb_dungeon_objective(const catacomb_dungeon* dungeon, int index, const char** kind, int* x, int* y) {
  return guarded<int>(-1, [&] {
    const Objective& o = objective_at(dungeon, index);
    // objective_kind_name returns views of string literals: NUL-terminated, static.
    if (kind) *kind = objective_kind_name(o.kind).data();
    if (x) *x = o.pos.x;
    if (y) *y = o.pos.y;
    return 0;
  });
}

int catacomb_validate(const catacomb_dungeon* dungeon) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    ValidationReport report = validate_dungeon(dungeon->dungeon, dungeon->options);
    if (report.valid) return 1;
    set_error(report.problems.empty() ? "invalid" : report.problems.front().message.c_str(), CATACOMB_NOT_COMPLETABLE);
    return 0;
  });
}

int catacomb_dungeon_write_png(const catacomb_dungeon* dungeon, const char* path, int scale, const int* route_xy,
                               int route_cells) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need(path, "path", "a file name");
    if (route_cells < 0)
      throw InvalidArgument("route_cells = " + std::to_string(route_cells) + " (expected 0 or more)");
    if (route_cells > 0) need(route_xy, "route_xy", "route_cells x, y pairs");
    const Dungeon& d = dungeon->dungeon;
    need_range("scale", scale, 1, 64);
    Image img = render_preview(d, {scale});
    if (route_cells > 0) {
      std::vector<Point> route(static_cast<size_t>(route_cells));
      for (size_t i = 0; i < route.size(); ++i) {
        route[i] = {route_xy[2 * i], route_xy[2 * i + 1]};
        if (!d.tiles.in_bounds(route[i]))
          throw InvalidArgument("route cell " + std::to_string(i) + " = " + to_string(route[i]) +
                                " (expected inside the map)");
        if (i > 0 && (std::abs(route[i].x - route[i - 1].x) > 1 || std::abs(route[i].y - route[i - 1].y) > 1 ||
                      route[i] == route[i - 1]))
          throw InvalidArgument("route cell " + std::to_string(i) + " = " + to_string(route[i]) +
                                " (expected a neighbour of route cell " + std::to_string(i - 1) + " = " +
                                to_string(route[i - 1]) + ")");
      }
      draw_path(img, route, scale, {255, 255, 255});
      for (const Objective& o : d.objectives)
        if (d.tiles.in_bounds(o.pos)) draw_marker(img, o, scale);
    }
    write_png(path, img);
    return 0;
  });
}

long long catacomb_dungeon_tiles(const catacomb_dungeon* dungeon, char* buffer, size_t size) {
  return guarded<long long>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    if (size > 0) need(buffer, "buffer", "room for size bytes");
    const Grid<Terrain>& tiles = dungeon->dungeon.tiles;
    const size_t n = std::min(size, tiles.size());
    for (size_t i = 0; i < n; ++i) buffer[i] = terrain_char(tiles.data()[i]);
    return static_cast<long long>(tiles.size());
  });
}

long long catacomb_dungeon_cells(const catacomb_dungeon* dungeon, char* buffer, size_t size) {
  return guarded<long long>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    if (size > 0) need(buffer, "buffer", "room for size bytes");
    const size_t n = std::min(size, dungeon->cells.size());
    if (n > 0) std::memcpy(buffer, dungeon->cells.data(), n);
    return static_cast<long long>(dungeon->cells.size());
  });
}

int catacomb_dungeon_locked_door_count(const catacomb_dungeon* dungeon) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return static_cast<int>(dungeon->dungeon.locks.size());
  });
}

int catacomb_dungeon_locked_door(const catacomb_dungeon* dungeon, int index, int* x, int* y, int* lock) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    const std::vector<LockedDoor>& locks = dungeon->dungeon.locks;
    if (locks.empty())
      throw InvalidArgument(FieldProblem{"index", std::to_string(index), "a locked door, but the dungeon has none"});
    need_range("index", index, 0, static_cast<int>(locks.size()) - 1);
    const LockedDoor& l = locks[static_cast<size_t>(index)];
    if (x) *x = l.pos.x;
    if (y) *y = l.pos.y;
    if (lock) *lock = l.lock;
    return 0;
  });
}

int catacomb_dungeon_door_count(const catacomb_dungeon* dungeon) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return static_cast<int>(dungeon->dungeon.doors.size());
  });
}

int catacomb_dungeon_door(const catacomb_dungeon* dungeon, int index, int* x, int* y, const char** kind, int* switch_id,
                          int* open_when_off, int* dx, int* dy) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    const std::vector<ProgressionDoor>& doors = dungeon->dungeon.doors;
    if (doors.empty())
      throw InvalidArgument(
          FieldProblem{"index", std::to_string(index), "a gate, one-way or secret door, but the dungeon has none"});
    need_range("index", index, 0, static_cast<int>(doors.size()) - 1);
    const ProgressionDoor& g = doors[static_cast<size_t>(index)];
    if (x) *x = g.pos.x;
    if (y) *y = g.pos.y;
    if (kind) *kind = door_kind_name(g.kind).data();  // views of string literals: NUL-terminated, static
    if (switch_id) *switch_id = g.switch_id;
    if (open_when_off) *open_when_off = g.open_when_off ? 1 : 0;
    if (dx) *dx = g.dir.x;
    if (dy) *dy = g.dir.y;
    return 0;
  });
}

int catacomb_dungeon_room_count(const catacomb_dungeon* dungeon) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return static_cast<int>(dungeon->dungeon.rooms.size());
  });
}

int catacomb_dungeon_room(const catacomb_dungeon* dungeon, int index, int* x, int* y, int* width, int* height) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    const std::vector<Rect>& rooms = dungeon->dungeon.rooms;
    if (rooms.empty())
      throw InvalidArgument(FieldProblem{"index", std::to_string(index), "a room, but the dungeon has none"});
    need_range("index", index, 0, static_cast<int>(rooms.size()) - 1);
    const Rect& r = rooms[static_cast<size_t>(index)];
    if (x) *x = r.x;
    if (y) *y = r.y;
    if (width) *width = r.width;
    if (height) *height = r.height;
    return 0;
  });
}

}  // extern "C"
