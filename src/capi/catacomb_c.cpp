// The C API: a thin layer over the C++ library. Every entry point catches every exception and
// turns it into a NULL / -1 / 0 return plus the thread-local last error, and checks its
// pointers and numbers before touching anything.
#include <catacomb/catacomb.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <thread>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/config_json.hpp>
#include <catacomb/core/threads.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/render/overlay.hpp>
#include <catacomb/core/player_state.hpp>
#include <catacomb/pathing/player_path.hpp>
#include <catacomb/pathing/search.hpp>
#include <catacomb/validate/validate.hpp>
#include <catacomb/version.hpp>

struct catacomb_config {
  catacomb::GenerateConfig config;
};

struct catacomb_dungeon {
  catacomb::Dungeon dungeon;
  /// The cost table and moves it is validated and routed under (and its JSON legend written with).
  catacomb::ValidateOptions options;
  /// The ASCII legend character of every cell, markers included (built once: handles are
  /// immutable, so concurrent readers share it without locks).
  catacomb::Grid<char> cells;
};

struct catacomb_player {
  catacomb::PlayerState state;
};

struct catacomb_report {
  catacomb::ValidationReport report;
};

namespace {

using namespace catacomb;

thread_local std::string t_error;
thread_local catacomb_status t_code = CATACOMB_OK;
// What catacomb_last_error returns: t_error, or a static message when even that cannot be stored.
thread_local const char* t_error_text = "";

void set_error(const char* message, catacomb_status code = CATACOMB_INVALID_ARGUMENT) noexcept {
  t_code = code;
  try {
    t_error = message;
    t_error_text = t_error.c_str();
  } catch (...) { t_error_text = "out of memory"; }
}

void clear_error() noexcept {
  t_code = CATACOMB_OK;
  t_error.clear();
  t_error_text = "";
}

// Runs `body`, turning any exception into the last error and `failed`; clears the error first.
template <class T, class F>
T guarded(T failed, F&& body) noexcept {
  clear_error();
  try {
    return body();
  } catch (const std::bad_alloc&) {
    set_error("out of memory", CATACOMB_OUT_OF_MEMORY);
  } catch (const catacomb::InvalidArgument& e) {
    set_error(e.what(), CATACOMB_INVALID_ARGUMENT);
  } catch (const catacomb::IoError& e) {
    set_error(e.what(), CATACOMB_IO);
  } catch (const catacomb::GenerationError& e) {
    set_error(e.what(), CATACOMB_NO_VALID_DUNGEON);
  } catch (const catacomb::Error& e) { set_error(e.what(), CATACOMB_INTERNAL); } catch (const std::exception& e) {
    set_error((std::string("internal error: ") + e.what()).c_str(), CATACOMB_INTERNAL);
  } catch (...) { set_error("internal error: an unknown exception", CATACOMB_INTERNAL); }
  return failed;
}

template <class P>
void need(const P* p, const char* name, const char* what) {
  if (!p) throw InvalidArgument(std::string(name) + " = NULL (expected " + what + ")");
}

void need_range(const char* name, int v, int lo, int hi) {
  if (v < lo || v > hi)
    throw InvalidArgument(std::string(name) + " = " + std::to_string(v) + " (expected " + std::to_string(lo) + " to " +
                          std::to_string(hi) + ")");
}

char* copy_string(const std::string& s) {
  char* out = static_cast<char*>(std::malloc(s.size() + 1));
  if (!out) throw std::bad_alloc();
  std::memcpy(out, s.data(), s.size() + 1);
  return out;
}

// A route's end on a cell the rules never enter: named as such ("x0, y0 = 0,0 (expected a
// passable cell, not wall)").
void need_passable(const catacomb_dungeon& h, const char* name, Point p) {
  const Terrain t = h.dungeon.tiles[p];
  if (!h.options.costs.passable(t))
    throw InvalidArgument(FieldProblem{name, to_string(p), "a passable cell, not " + std::string(terrain_name(t))});
}

// "No route" is an answer (0), with its own code for a binding that asks.
int no_route(Point from, Point to) {
  set_error(("no route from " + to_string(from) + " to " + to_string(to)).c_str(), CATACOMB_NO_ROUTE);
  return 0;
}

catacomb_dungeon* make_handle(Dungeon d, const ValidateOptions& options) {
  auto h = std::make_unique<catacomb_dungeon>();
  h->cells = Grid<char>(d.tiles.width(), d.tiles.height(), '#');
  for (int y = 0; y < d.tiles.height(); ++y)
    for (int x = 0; x < d.tiles.width(); ++x) h->cells(x, y) = terrain_char(d.tiles(x, y));
  for (const LockedDoor& l : d.locks)
    if (d.tiles.in_bounds(l.pos) && l.lock >= 1 && l.lock <= kMaxLock) h->cells[l.pos] = door_char(l.lock);
  const std::vector<char> markers = objective_markers(d.objectives);
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (markers[i] != '\0' && d.tiles.in_bounds(d.objectives[i].pos)) h->cells[d.objectives[i].pos] = markers[i];
  h->dungeon = std::move(d);
  h->options = options;
  return h.release();
}

// The keys catacomb_config_set takes: the parameter table's (iterated, never listed here) but
// the seed, then "threads".
const std::vector<std::string>& config_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> out;
    for (const ConfigParam& p : generate_config_params())
      if (!p.is_seed()) out.push_back(p.key());
    out.emplace_back("threads");
    return out;
  }();
  return keys;
}

std::string key_of(const char* key) {
  std::string k = key;
  std::replace(k.begin(), k.end(), '-', '_');
  return k;
}

const ConfigParam& param_of(const std::string& key) {
  for (const ConfigParam& p : generate_config_params())
    if (!p.is_seed() && p.key() == key) return p;
  std::string all;
  for (const std::string& k : config_keys()) all += (all.empty() ? "" : ", ") + k;
  throw InvalidArgument(FieldProblem{"key", key, "one of " + all});
}

int parse_int_value(const std::string& key, const char* text) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0' || errno != 0 || v < -1000000000LL || v > 1000000000LL)
    throw InvalidArgument(FieldProblem{key, text, "an integer"});
  return static_cast<int>(v);
}

double parse_double_value(const std::string& key, const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(v)) throw InvalidArgument(FieldProblem{key, text, "a number"});
  return v;
}

void set_param(const ConfigField& field, const std::string& key, const char* text) {
  if (auto* i = std::get_if<int*>(&field)) {
    **i = parse_int_value(key, text);
  } else if (auto* d = std::get_if<double*>(&field)) {
    **d = parse_double_value(key, text);
  } else if (auto* b = std::get_if<bool*>(&field)) {
    const std::string t = text;
    if (t != "true" && t != "false") throw InvalidArgument(FieldProblem{key, t, "true or false"});
    **b = t == "true";
  } else {
    set_config_choice(field, text, key);
  }
}

std::string param_text(const ConfigField& field) {
  if (auto* i = std::get_if<int*>(&field)) return std::to_string(**i);
  if (auto* d = std::get_if<double*>(&field)) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", **d);
    return buf;
  }
  if (auto* b = std::get_if<bool*>(&field)) return **b ? "true" : "false";
  return config_choice_name(field);
}

}  // namespace

extern "C" {

const char* catacomb_version(void) { return CATACOMB_VERSION; }

const char* catacomb_last_error(void) { return t_error_text; }

catacomb_status catacomb_last_error_code(void) { return t_code; }

void catacomb_string_free(char* s) { std::free(s); }

catacomb_config* catacomb_config_from_json(const char* json) {
  return guarded<catacomb_config*>(nullptr, [&] {
    need(json, "json", "a JSON object");
    auto h = std::make_unique<catacomb_config>();
    h->config = generate_config_from_json(json);
    h->config.check();
    return h.release();
  });
}

char* catacomb_config_to_json(const catacomb_config* config) {
  return guarded<char*>(nullptr, [&] {
    need(config, "config", "a config handle");
    return copy_string(generate_config_to_json(config->config));
  });
}

void catacomb_config_free(catacomb_config* config) { delete config; }

catacomb_dungeon* catacomb_generate(const catacomb_config* config, uint64_t seed) {
  return guarded<catacomb_dungeon*>(nullptr, [&] {
    need(config, "config", "a config handle");
    const GenerateConfig& c = config->config;
    GenerateResult r = generate_dungeon(c, seed);
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
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    const std::vector<Objective>& objectives = dungeon->dungeon.objectives;
    if (objectives.empty())
      throw InvalidArgument("index = " + std::to_string(index) + " (expected an objective, but the dungeon has none)");
    need_range("index", index, 0, static_cast<int>(objectives.size()) - 1);
    return objectives[static_cast<size_t>(index)].lock;
  });
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
    need(dungeon, "dungeon", "a dungeon handle");
    ValidateOptions o = dungeon->options;
    o.solve = true;
    const ValidationReport r = validate_dungeon(dungeon->dungeon, o);
    return r.valid && r.solution && r.solution->status == SolveStatus::Completable ? 1 : 0;
  });
}

int catacomb_dungeon_objective(const catacomb_dungeon* dungeon, int index, const char** kind, int* x, int* y) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    const std::vector<Objective>& objectives = dungeon->dungeon.objectives;
    if (objectives.empty())
      throw InvalidArgument("index = " + std::to_string(index) + " (expected an objective, but the dungeon has none)");
    need_range("index", index, 0, static_cast<int>(objectives.size()) - 1);
    const Objective& o = objectives[static_cast<size_t>(index)];
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
    need_passable(*dungeon, "x0, y0", {x0, y0});
    need_passable(*dungeon, "x1, y1", {x1, y1});
    SearchOptions options;
    options.moves = dungeon->options.moves;
    PathResult r = find_path(tiles, dungeon->options.costs, {x0, y0}, {x1, y1}, options);
    if (!r.found()) return no_route({x0, y0}, {x1, y1});
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
    need_passable(*dungeon, "x0, y0", {x0, y0});
    need_passable(*dungeon, "x1, y1", {x1, y1});
    PathResult r = find_path(dungeon->dungeon, rules, {x0, y0}, {x1, y1}, player->state);
    if (out_door_count) *out_door_count = r.found() ? static_cast<int>(r.doors_opened.size()) : 0;
    if (!r.found()) return no_route({x0, y0}, {x1, y1});
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

int catacomb_generate_batch(const catacomb_config* config, uint64_t first_seed, int count, int threads, char* tiles,
                            size_t tiles_size, int* statuses) {
  return guarded<int>(-1, [&] {
    need(config, "config", "a config handle");
    need_range("count", count, 1, 1 << 24);
    need_range("threads", threads, 1, kMaxThreads);
    need(tiles, "tiles", "room for count x width x height bytes");
    need(statuses, "statuses", "room for count statuses");
    const GenerateConfig& c = config->config;
    const auto cells = static_cast<size_t>(c.width) * static_cast<size_t>(c.height);
    if (tiles_size / cells < static_cast<size_t>(count))
      throw InvalidArgument(FieldProblem{
          "tiles_size", std::to_string(tiles_size),
          "at least " + std::to_string(cells) + " x " + std::to_string(count) + " bytes (width x height x count)"});
    GenerateConfig one = c;
    one.threads = 1;
    std::atomic<int> next{0}, made{0};
    // Each worker takes the next seed; a seed's cells and status depend on its seed only.
    auto work = [&] {
      for (int i = next++; i < count; i = next++) {
        char* out = tiles + static_cast<size_t>(i) * cells;
        try {
          const GenerateResult r = generate_dungeon(one, first_seed + static_cast<uint64_t>(i));
          for (size_t k = 0; k < cells; ++k) out[k] = terrain_char(r.dungeon.tiles.data()[k]);
          statuses[i] = CATACOMB_OK;
          ++made;
        } catch (const GenerationError&) {
          std::memset(out, '#', cells);
          statuses[i] = CATACOMB_NO_VALID_DUNGEON;
        } catch (const std::bad_alloc&) {
          std::memset(out, '#', cells);
          statuses[i] = CATACOMB_OUT_OF_MEMORY;
        } catch (...) {
          std::memset(out, '#', cells);
          statuses[i] = CATACOMB_INTERNAL;
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::min(threads, count); ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    return made.load();
  });
}

catacomb_report* catacomb_report_new(const catacomb_dungeon* dungeon) {
  return guarded<catacomb_report*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    auto h = std::make_unique<catacomb_report>();
    ValidateOptions o = dungeon->options;
    o.solve = true;
    h->report = validate_dungeon(dungeon->dungeon, o);
    return h.release();
  });
}

void catacomb_report_free(catacomb_report* report) { delete report; }

int catacomb_report_valid(const catacomb_report* report) {
  return guarded<int>(-1, [&] {
    need(report, "report", "a report handle");
    return report->report.valid ? 1 : 0;
  });
}

int catacomb_report_problem_count(const catacomb_report* report) {
  return guarded<int>(-1, [&] {
    need(report, "report", "a report handle");
    return static_cast<int>(report->report.problems.size());
  });
}

const char* catacomb_report_problem(const catacomb_report* report, int index, const char** kind, int* objective) {
  return guarded<const char*>(nullptr, [&] {
    need(report, "report", "a report handle");
    const std::vector<Problem>& problems = report->report.problems;
    if (problems.empty())
      throw InvalidArgument(FieldProblem{"index", std::to_string(index), "a problem, but the report has none"});
    need_range("index", index, 0, static_cast<int>(problems.size()) - 1);
    const Problem& p = problems[static_cast<size_t>(index)];
    if (kind) *kind = problem_kind_name(p.kind).data();
    if (objective) *objective = p.objective;
    return p.message.c_str();
  });
}

int catacomb_report_step_count(const catacomb_report* report) {
  return guarded<int>(-1, [&] {
    need(report, "report", "a report handle");
    return report->report.solution ? static_cast<int>(report->report.solution->walkthrough.size()) : 0;
  });
}

int catacomb_report_step(const catacomb_report* report, int index, const char** kind, int* x, int* y, int* lock,
                         int* moves, double* cost) {
  return guarded<int>(-1, [&] {
    need(report, "report", "a report handle");
    const int n = report->report.solution ? static_cast<int>(report->report.solution->walkthrough.size()) : 0;
    if (n == 0)
      throw InvalidArgument(FieldProblem{"index", std::to_string(index), "a step, but the walkthrough has none"});
    need_range("index", index, 0, n - 1);
    const WalkStep& s = report->report.solution->walkthrough[static_cast<size_t>(index)];
    if (kind) *kind = step_kind_name(s.kind).data();
    if (x) *x = s.target.x;
    if (y) *y = s.target.y;
    if (lock) *lock = s.lock;
    if (moves) *moves = s.route.empty() ? 0 : static_cast<int>(s.route.size() - 1);
    if (cost) *cost = s.cost;
    return 0;
  });
}

catacomb_config* catacomb_config_new(void) {
  return guarded<catacomb_config*>(nullptr, [&] { return std::make_unique<catacomb_config>().release(); });
}

int catacomb_config_param_count(void) { return static_cast<int>(config_keys().size()); }

const char* catacomb_config_param_key(int index) {
  return guarded<const char*>(nullptr, [&] {
    const std::vector<std::string>& keys = config_keys();
    need_range("index", index, 0, static_cast<int>(keys.size()) - 1);
    return keys[static_cast<size_t>(index)].c_str();
  });
}

int catacomb_config_set(catacomb_config* config, const char* key, const char* value) {
  return guarded<int>(-1, [&] {
    need(config, "config", "a config handle");
    need(key, "key", "a parameter name");
    need(value, "value", "the parameter's value as text");
    GenerateConfig next = config->config;
    uint64_t seed = 0;
    const std::string k = key_of(key);
    if (k == "threads") {
      next.threads = parse_int_value(k, value);
    } else {
      set_param(param_of(k).field(next, seed), k, value);
    }
    next.check();
    config->config = std::move(next);
    return 0;
  });
}

char* catacomb_config_get(const catacomb_config* config, const char* key) {
  return guarded<char*>(nullptr, [&] {
    need(config, "config", "a config handle");
    need(key, "key", "a parameter name");
    const std::string k = key_of(key);
    if (k == "threads") return copy_string(std::to_string(config->config.threads));
    GenerateConfig copy = config->config;
    uint64_t seed = 0;
    return copy_string(param_text(param_of(k).field(copy, seed)));
  });
}

}  // extern "C"
