#pragma once
// Internal (not installed): what every file of the C API shares: the handles behind the opaque
// pointers of <catacomb/catacomb.h>, the thread-local last error and `guarded`, which turns any
// exception into a NULL / -1 / 0 return plus that error, and the argument checks.
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
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>
#include <catacomb/render/overlay.hpp>
#include <catacomb/core/player_state.hpp>
#include <catacomb/pathing/player_path.hpp>
#include <catacomb/pathing/search.hpp>
#include <catacomb/validate/validate.hpp>
#include <catacomb/version.hpp>

struct catacomb_config {
  catacomb::GenerateConfig config;
  /// Where its template set and mission came from (as given: read back by catacomb_config_get
  /// and catacomb_config_to_json); config.templates and config.mission hold them loaded.
  catacomb::ConfigSources sources;
  /// catacomb_generate's time limit in ms ("time_limit_ms"; 0: none). Not part of the recipe.
  int64_t time_limit_ms = 0;
  /// Whether "width" and "height" were given (set, or keys of the JSON): with a mission, a side
  /// not given is chosen from it (GenerateConfig::map_size), as `catacomb generate` chooses it.
  bool width_given = false, height_given = false;
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

namespace catacomb::capi {

inline thread_local std::string t_error;
inline thread_local catacomb_status t_code = CATACOMB_OK;
// What catacomb_last_error returns: t_error, or a static message when even that cannot be stored.
inline thread_local const char* t_error_text = "";

inline void set_error(const char* message, catacomb_status code = CATACOMB_INVALID_ARGUMENT) noexcept {
  t_code = code;
  try {
    t_error = message;
    t_error_text = t_error.c_str();
  } catch (...) { t_error_text = "out of memory"; }
}

inline void clear_error() noexcept {
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
inline void need(const P* p, const char* name, const char* what) {
  if (!p) throw InvalidArgument(std::string(name) + " = NULL (expected " + what + ")");
}

inline void need_range(const char* name, int v, int lo, int hi) {
  if (v < lo || v > hi)
    throw InvalidArgument(std::string(name) + " = " + std::to_string(v) + " (expected " + std::to_string(lo) + " to " +
                          std::to_string(hi) + ")");
}

inline char* copy_string(const std::string& s) {
  char* out = static_cast<char*>(std::malloc(s.size() + 1));
  if (!out) throw std::bad_alloc();
  std::memcpy(out, s.data(), s.size() + 1);
  return out;
}

// "No route" is an answer (0), with its own code for a binding that asks: CATACOMB_NO_ROUTE, or,
// as the C++ PathStatus says, CATACOMB_START_BLOCKED / CATACOMB_GOAL_BLOCKED when the start or the
// goal is a cell the rules never enter ("no route from 0,0 to 5,5: the start 0,0 is wall
// (start-blocked)").
inline int no_route(const PathResult& r, Point from, Point to, const Grid<Terrain>& tiles) {
  std::string message = "no route from " + to_string(from) + " to " + to_string(to);
  catacomb_status code = CATACOMB_NO_ROUTE;
  if (r.status == PathStatus::StartBlocked || r.status == PathStatus::GoalBlocked) {
    const bool start = r.status == PathStatus::StartBlocked;
    const Point p = start ? from : to;
    message += std::string(": the ") + (start ? "start " : "goal ") + to_string(p) + " is " +
               std::string(terrain_name(tiles[p])) + " (" + std::string(path_status_name(r.status)) + ")";
    code = start ? CATACOMB_START_BLOCKED : CATACOMB_GOAL_BLOCKED;
  }
  set_error(message.c_str(), code);
  return 0;
}

inline catacomb_dungeon* make_handle(Dungeon d, const ValidateOptions& options) {
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

}  // namespace catacomb::capi
