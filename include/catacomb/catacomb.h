/*
 * catacomb's C API (C11): seeded procedural dungeons, proven playable, for C programs, engines
 * and other languages (C#/Unity, Godot, Rust, Python via ctypes or cffi).
 *
 * A thin layer over the C++ library (<catacomb/catacomb.hpp>) with opaque handles:
 *
 *   catacomb_config* config = catacomb_config_from_json("{\"generator\": \"caves\"}");
 *   catacomb_dungeon* dungeon = catacomb_generate(config, 7);
 *   if (!dungeon) fprintf(stderr, "%s\n", catacomb_last_error());
 *   int valid = catacomb_validate(dungeon);          // 1
 *   catacomb_dungeon_free(dungeon);
 *   catacomb_config_free(config);
 *
 * Error model: no C++ exception ever crosses this API. A function that fails returns NULL, -1
 * (or 0 where documented) and sets a thread-local message read with catacomb_last_error(): the
 * same one-line messages as the C++ library and the CLI ("width = 99999 (expected 16 to
 * 16384)"). A function that can fail clears the message when it succeeds. Every entry point
 * accepts NULL and out-of-range arguments without crashing.
 *
 * Ownership: a handle or string returned by a function is the caller's, freed with the matching
 * *_free function (freeing NULL does nothing). Handles are never changed after creation, but for
 * those documented as mutable (players, navigators, paths) and catacomb_dungeon_set_terrain.
 *
 * Thread safety: every function may be called from any thread. Functions taking a const handle
 * may run concurrently on the same handle; freeing a handle, or editing a dungeon
 * (catacomb_dungeon_set_terrain), must not race with its other use.
 *
 * Coordinates are cells: x from 0 (left) to width - 1, y from 0 (top) to height - 1.
 */
#ifndef CATACOMB_CATACOMB_H
#define CATACOMB_CATACOMB_H

#include <stddef.h>
#include <stdint.h>

/* CATACOMB_C_API marks the exported functions. A Windows DLL build defines CATACOMB_SHARED for
 * the library and its consumers (the CMake target carries it); elsewhere the functions are
 * visible even though the library is built with hidden visibility. */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(CATACOMB_SHARED) && defined(CATACOMB_BUILDING_LIBRARY)
#define CATACOMB_C_API __declspec(dllexport)
#elif defined(CATACOMB_SHARED)
#define CATACOMB_C_API __declspec(dllimport)
#else
#define CATACOMB_C_API
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define CATACOMB_C_API __attribute__((visibility("default")))
#else
#define CATACOMB_C_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** A generator config: every parameter of `catacomb generate` (opaque, immutable). */
typedef struct catacomb_config catacomb_config;
/** A dungeon: terrain, objectives, and the cost table and moves it is validated and routed under
 *  (opaque; immutable but for catacomb_dungeon_set_terrain). */
typedef struct catacomb_dungeon catacomb_dungeon;
/** A player's state for key-aware routes: the keys held and the locked doors opened (opaque,
 *  mutable; further progression state will be more setters on the same handle). */
typedef struct catacomb_player catacomb_player;
/** A navigator: many shortest-path queries on one dungeon, its locked doors set for a player
 *  (opaque, mutable: one per thread). */
typedef struct catacomb_navigator catacomb_navigator;

/** What a call ended with, for a binding to switch on (catacomb_last_error_code). Codes 1 to 3
 *  are the CLI's exit codes for the same outcomes. */
typedef enum catacomb_status {
  CATACOMB_OK = 0,               /**< the call succeeded */
  CATACOMB_NO_VALID_DUNGEON = 1, /**< generation found no valid dungeon within max_attempts */
  CATACOMB_INVALID_ARGUMENT = 2, /**< a NULL, out-of-range or malformed argument; the message names it */
  CATACOMB_IO = 3,               /**< a file could not be read or written; the message names it */
  CATACOMB_NOT_COMPLETABLE = 4,  /**< the dungeon is invalid or cannot be finished (catacomb_validate) */
  CATACOMB_NO_ROUTE = 5,         /**< no route between the cells (a find_path call returned 0) */
  CATACOMB_OUT_OF_MEMORY = 6,    /**< an allocation failed */
  CATACOMB_INTERNAL = 7,         /**< a bug in catacomb: please report the message */
  CATACOMB_START_BLOCKED = 8,    /**< no route: the start is a cell the rules never enter (C++: "start-blocked") */
  CATACOMB_GOAL_BLOCKED = 9,     /**< no route: the goal is a cell the rules never enter (C++: "goal-blocked") */
  CATACOMB_REJECTED = 10 /**< a certificate does not hold for the dungeon (catacomb_verify); the message says where */
} catacomb_status;

/* --- library ---------------------------------------------------------------------------- */

/** The library's version, "0.2.0". A static string: never free it. */
CATACOMB_C_API const char* catacomb_version(void);

/** The message of the last failed call on this thread, one line without a trailing newline;
 *  "" when the last call that can fail succeeded. Valid until the next catacomb call on this
 *  thread. Never NULL; never free it. */
CATACOMB_C_API const char* catacomb_last_error(void);

/** The catacomb_status of the last call on this thread that can fail: CATACOMB_OK after a
 *  success, else the code that goes with catacomb_last_error(). */
CATACOMB_C_API catacomb_status catacomb_last_error_code(void);

/** Frees a string returned by this API (catacomb_dungeon_to_json, ...). NULL does nothing. */
CATACOMB_C_API void catacomb_string_free(char* s);

/* --- configs ---------------------------------------------------------------------------- */

/** Reads a generator config from a NUL-terminated JSON object with the keys of
 *  `catacomb generate --config` ("generator", "width", "room_count" or "room-count", ...);
 *  keys left out keep their defaults, so "{}" is the default 80x50 rooms config. A "seed" key
 *  is ignored (the seed is catacomb_generate's argument). Three more keys take what `catacomb
 *  generate` takes as files (docs/templates.md): "templates", the path of a room template set
 *  drawn in Tiled (.tmj or .tmx; refused with its problems, as --templates refuses it), "theme",
 *  a tag of the set's templates, and "mission", a mission file's path or the mission itself as a
 *  JSON object ({"templates": "examples/templates/crypt.tmj", "mission":
 *  "examples/missions/two-cycles.json"}); the files are read here, paths from the working
 *  directory (CATACOMB_IO when one cannot be read). With a "mission", a "width" or "height"
 *  left out is chosen from the mission and the templates (as `catacomb generate --mission`
 *  chooses it; catacomb_config_get tells the size chosen). The config is checked: NULL for bad
 *  JSON, an unknown key, a mistyped value or a value out of range ({"width": 99999}), with the
 *  reason in catacomb_last_error(). Free with catacomb_config_free. */
CATACOMB_C_API catacomb_config* catacomb_config_from_json(const char* json);

/** The config as a JSON object with every parameter (what catacomb_config_from_json reads back
 *  to the same config), ending in '\n'. NULL (and the last error set) for a NULL config. Free
 *  with catacomb_string_free. */
CATACOMB_C_API char* catacomb_config_to_json(const catacomb_config* config);

/** Frees a config. NULL does nothing. */
CATACOMB_C_API void catacomb_config_free(catacomb_config* config);

/* --- dungeons --------------------------------------------------------------------------- */

/** Generates a valid dungeon from `config` and a 64-bit seed: the same config and seed give the
 *  same dungeon on every platform. The dungeon keeps the config's cost table and moves for
 *  catacomb_validate and catacomb_find_path. NULL on error (a NULL config; no valid dungeon
 *  within the config's max_attempts: "no valid dungeon in 20 attempts (...)"). Free with
 *  catacomb_dungeon_free. */
CATACOMB_C_API catacomb_dungeon* catacomb_generate(const catacomb_config* config, uint64_t seed);

/** Reads a catacomb JSON map (what catacomb_dungeon_to_json and `catacomb generate --json`
 *  write) from a NUL-terminated string. The dungeon is validated and routed under the default
 *  "dungeon" cost table and 8-neighbour moves without corner cutting. NULL on error (NULL, bad
 *  JSON, a missing or bad key: "JSON map width = 99999 (expected 1 to 16384)"). Free with
 *  catacomb_dungeon_free. */
CATACOMB_C_API catacomb_dungeon* catacomb_dungeon_from_json(const char* json);

/** The dungeon as a catacomb JSON map (the bytes `catacomb generate --json` writes for it),
 *  ending in '\n'. NULL on error. Free with catacomb_string_free. */
CATACOMB_C_API char* catacomb_dungeon_to_json(const catacomb_dungeon* dungeon);

/** The dungeon as an ASCII map (the text `catacomb generate --txt` writes): one line per row,
 *  each ending in '\n', objectives drawn as markers, then, when markers cannot say everything,
 *  an empty line and a trailer ("1: key", "key-rule: consumable"). NULL on error (also for a map read from JSON
 *  with more objectives than the legend can mark). Free with catacomb_string_free. */
CATACOMB_C_API char* catacomb_dungeon_to_text(const catacomb_dungeon* dungeon);

/** Frees a dungeon. NULL does nothing. */
CATACOMB_C_API void catacomb_dungeon_free(catacomb_dungeon* dungeon);

/** Width in cells (1 to 16384); 0 for NULL (last error set). */
CATACOMB_C_API int catacomb_dungeon_width(const catacomb_dungeon* dungeon);

/** Height in cells (1 to 16384); 0 for NULL (last error set). */
CATACOMB_C_API int catacomb_dungeon_height(const catacomb_dungeon* dungeon);

/** The seed the dungeon was generated from (as recorded in a JSON map); 0 for NULL (last error
 *  set) or a map that records none. */
CATACOMB_C_API uint64_t catacomb_dungeon_seed(const catacomb_dungeon* dungeon);

/** The character of cell (x, y) in the ASCII legend: terrain '#' wall, '.' floor, ',' corridor,
 *  '+' door, '~' water, '"' vegetation, '=' road; an objective standing on the cell is drawn
 *  instead: '<' start, '>' exit, 'a' to 'i' keys of locks 1 to 9, '1' to '9' the other further
 *  objectives in order; a door locked with lock 1 to 9 is 'A' to 'I' (as in
 *  catacomb_dungeon_to_text). 0 for NULL or a cell off the map (last error set). */
CATACOMB_C_API char catacomb_dungeon_tile(const catacomb_dungeon* dungeon, int x, int y);

/** Number of objectives (start first, then exit, then keys and treasure); -1 for NULL. */
CATACOMB_C_API int catacomb_dungeon_objective_count(const catacomb_dungeon* dungeon);

/** Objective `index` (0 to count - 1): its kind's name ("start", "exit", "key", "treasure" or
 *  "objective"; a static string, never free it) and its cell. Any out-pointer may be NULL. Returns
 *  0, or -1 for NULL or an index out of range (last error set; the out-values are untouched). */
CATACOMB_C_API int catacomb_dungeon_objective(const catacomb_dungeon* dungeon, int index, const char** kind, int* x,
                                              int* y);

/** The lock id (1 to 9) of objective `index` when it is a key with a lock, else 0; -1 for NULL or
 *  an index out of range (last error set). */
CATACOMB_C_API int catacomb_dungeon_objective_lock(const catacomb_dungeon* dungeon, int index);

/** The switch id (1 to 9) of objective `index` when it is a switch (kind "switch"), else 0; -1
 *  for NULL or an index out of range (last error set). */
CATACOMB_C_API int catacomb_dungeon_objective_switch(const catacomb_dungeon* dungeon, int index);

/** The lock id (1 to 9) of the locked door at (x, y), 0 when the cell has none; -1 for NULL or a
 *  cell off the map (last error set). Generate with {"locks": N} in the config. */
CATACOMB_C_API int catacomb_dungeon_lock(const catacomb_dungeon* dungeon, int x, int y);

/** 1 when the dungeon can be finished (the exit reached through its locked doors under its key
 *  rule, every objective taken on the way), 0 when not, -1 on error (last error set). */
CATACOMB_C_API int catacomb_completable(const catacomb_dungeon* dungeon);

/** 1 when the dungeon cannot be lost: every state a player can reach, in any order of play, can
 *  still take every objective and reach the exit (docs/proofs.md); 0 when a player can be stuck
 *  for good, or the dungeon is not completable; 2 when the search reached its state cap (not
 *  proven either way); -1 on error (last error set). */
CATACOMB_C_API int catacomb_unlosable(const catacomb_dungeon* dungeon);

/* --- certificates ----------------------------------------------------------------------- */

/** The certificate of a valid dungeon (the JSON `catacomb validate --certificate` writes for it,
 *  docs/formats.md): the walkthrough a player can replay, with the map's hash and rules, and the
 *  states that prove it cannot be lost when it is proven unlosable. Solves the dungeon (as
 *  catacomb_report_new). NULL on error: CATACOMB_NOT_COMPLETABLE for a dungeon that is invalid
 *  or cannot be finished (the message names the first problem). Free with catacomb_string_free. */
CATACOMB_C_API char* catacomb_certificate(const catacomb_dungeon* dungeon);

/** Checks `certificate` (JSON text, as catacomb_certificate or `catacomb validate --certificate`
 *  writes it) against the dungeon in one pass, without a search of its own (`catacomb verify`).
 *  Returns 1 when it holds, 0 when it does not (catacomb_last_error() names the step or state
 *  that failed, code CATACOMB_REJECTED), -1 on error (a NULL argument). `unlosable`, when not
 *  NULL, is set to 1 when the certificate also proves that no player can lose the dungeon (its
 *  unlosable states were checked and hold), else 0. */
CATACOMB_C_API int catacomb_verify(const catacomb_dungeon* dungeon, const char* certificate, int* unlosable);

/* --- validation and routes -------------------------------------------------------------- */

/** Validates the dungeon under its cost table and moves: exactly one start, every objective on
 *  the map, on a passable cell of its own and reachable from the start. Returns 1 when valid,
 *  0 when not (catacomb_last_error() then names the first problem), -1 on error (NULL). */
CATACOMB_C_API int catacomb_validate(const catacomb_dungeon* dungeon);

/** The cheapest route from (x0, y0) to (x1, y1) under the dungeon's cost table and moves (A*,
 *  ties broken the same way on every platform). Writes up to `capacity` cells, start and goal
 *  included, to `out_xy` as x, y pairs (out_xy holds 2 * capacity ints; it may be NULL when
 *  capacity is 0) and the route's cost to `out_cost` when not NULL. Returns the number of cells
 *  in the route, which may exceed capacity (call again with a larger buffer); 0 when there is
 *  none, with the last error code saying why, as catacomb::PathStatus does in C++:
 *  CATACOMB_NO_ROUTE (the goal cannot be reached), CATACOMB_START_BLOCKED or
 *  CATACOMB_GOAL_BLOCKED (the start or the goal is impassable: "no route from 0,0 to 5,5: the
 *  start 0,0 is wall (start-blocked)"); -1 on error (NULL dungeon, a cell off the map,
 *  capacity < 0, out_xy NULL with capacity > 0). */
CATACOMB_C_API int catacomb_find_path(const catacomb_dungeon* dungeon, int x0, int y0, int x1, int y1, int* out_xy,
                                      int capacity, double* out_cost);

/** A player holding no key and having opened no door. NULL only when out of memory. Free with
 *  catacomb_player_free. */
CATACOMB_C_API catacomb_player* catacomb_player_new(void);

/** A player holding every key of `dungeon` (one per key objective with a lock id), no door
 *  opened. NULL on error (a NULL dungeon). Free with catacomb_player_free. */
CATACOMB_C_API catacomb_player* catacomb_player_all_keys(const catacomb_dungeon* dungeon);

/** Frees a player. NULL does nothing. */
CATACOMB_C_API void catacomb_player_free(catacomb_player* player);

/** Gives the player one more key of lock `lock` (1 to 9). Returns 0, or -1 on error (NULL, a
 *  lock out of range: "lock = 12 (expected 1 to 9)"). */
CATACOMB_C_API int catacomb_player_add_key(catacomb_player* player, int lock);

/** Spends one key of lock `lock` (1 to 9). Under the consumable key rule a game calls it, with
 *  catacomb_player_open_door for the door, each time the player opens a locked door (the doors
 *  catacomb_find_player_path reports in `out_doors`, in order), so that the player's state stays
 *  the game's. Returns 0, or -1 on error (NULL; a lock out of range: "lock = 12 (expected 1 to
 *  9)"; no key of the lock held: "lock = 2 (expected a lock the player holds a key of (it holds
 *  none))"), the state then unchanged. */
CATACOMB_C_API int catacomb_player_remove_key(catacomb_player* player, int lock);

/** The number of keys of lock `lock` (1 to 9) the player holds; -1 on error (NULL, a lock out of
 *  range; last error set). */
CATACOMB_C_API int catacomb_player_keys(const catacomb_player* player, int lock);

/** Marks the locked door at (x, y) opened (open for good, whatever the keys). Returns 0, or -1
 *  on error (NULL; the cell is checked against the dungeon when the player is used). */
CATACOMB_C_API int catacomb_player_open_door(catacomb_player* player, int x, int y);

/** Turns switch `switch_id` (1 to 9) on (on != 0) or off (on == 0) in the player's state; every
 *  switch starts off. Returns 0, or -1 on error (NULL, an id out of range: "switch = 12 (expected
 *  1 to 9)"). */
CATACOMB_C_API int catacomb_player_set_switch(catacomb_player* player, int switch_id, int on);

/** The player's switch states: bit s - 1 set when switch s is on; -1 for NULL (last error set). */
CATACOMB_C_API int catacomb_player_switches(const catacomb_player* player);

/** catacomb_find_path for a player: a locked door is closed unless the player has opened it or
 *  holds a key of its lock (under the dungeon's consumable key rule, each key opens one door); a
 *  gate is open or shut by the player's switches (catacomb_player_set_switch), a one-way door is
 *  passed its way only, a secret door is passable (see catacomb::find_path). Writes the route as catacomb_find_path does, and the locked doors it opens, in the order
 *  walked, to `out_doors` as x, y, lock triples (3 * door_capacity ints; may be NULL when
 *  door_capacity is 0) with their number in `*out_door_count` when not NULL. Returns the number of
 *  cells, 0 when there is no route for this player (the last error code as for
 *  catacomb_find_path), -1 on error (as catacomb_find_path, plus a NULL player and an opened cell
 *  that is not a locked door: "opened[0] = 2,1 (expected a locked door of the map)"). */
CATACOMB_C_API int catacomb_find_player_path(const catacomb_dungeon* dungeon, const catacomb_player* player, int x0,
                                             int y0, int x1, int y1, int* out_xy, int capacity, double* out_cost,
                                             int* out_doors, int door_capacity, int* out_door_count);

/** A navigator for `dungeon` under the rules it records, its locked doors set as `player` finds
 *  them (NULL player: no key held, no door opened): built once (landmark tables, about 16 bytes
 *  per cell), then each query is far cheaper than catacomb_find_player_path. A held consumable
 *  key counts as opening every door of its lock. NULL on error (a NULL dungeon, a bad player:
 *  CATACOMB_INVALID_ARGUMENT; CATACOMB_OUT_OF_MEMORY). Free with catacomb_navigator_free. */
CATACOMB_C_API catacomb_navigator* catacomb_navigator_new(const catacomb_dungeon* dungeon,
                                                          const catacomb_player* player);

/** Frees a navigator. NULL does nothing. */
CATACOMB_C_API void catacomb_navigator_free(catacomb_navigator* navigator);

/** Sets the locked doors of the navigator's dungeon as `player` finds them (O(doors): no table
 *  is rebuilt). Returns 0, or -1 on error (NULL navigator or player, a bad player). */
CATACOMB_C_API int catacomb_navigator_set_player(catacomb_navigator* navigator, const catacomb_player* player);

/** Opens (open != 0) or closes (open == 0) the locked door at (x, y), whatever the keys: O(1).
 *  Returns 0, or -1 on error (NULL, a cell that is not a locked door of the dungeon). */
CATACOMB_C_API int catacomb_navigator_set_door(catacomb_navigator* navigator, int x, int y, int open);

/** The cheapest route from (x0, y0) to (x1, y1), doors as they stand: the same cost as
 *  catacomb_find_player_path when keys need no rationing. Writes the route as catacomb_find_path
 *  does. Returns the number of cells, 0 when there is no route (CATACOMB_NO_ROUTE;
 *  CATACOMB_START_BLOCKED or CATACOMB_GOAL_BLOCKED when the start or the goal cannot be entered),
 *  -1 on error (NULL navigator, a cell off the map, capacity < 0, out_xy NULL with capacity > 0). */
CATACOMB_C_API int catacomb_navigator_find_path(catacomb_navigator* navigator, int x0, int y0, int x1, int y1,
                                                int* out_xy, int capacity, double* out_cost);

/** Bytes per cell the navigator keeps (landmark tables and cell costs), or -1 on error (NULL). */
CATACOMB_C_API double catacomb_navigator_bytes_per_cell(const catacomb_navigator* navigator);

/* --- layers, rooms, batches -------------------------------------------------------------- */

/** Copies the terrain of every cell, row-major (index y * width + x), one ASCII legend character
 *  per cell ('#' wall, '.' floor, ',' corridor, '+' door, '~' water, '"' vegetation, '=' road,
 *  'H' ladder, '-' platform): no markers, so a key never hides the floor under it (objectives and
 *  locks are lists: catacomb_dungeon_objective, catacomb_dungeon_locked_door). Writes
 *  min(size, cells) bytes to `buffer` (no NUL) and returns the number of cells (call with size 0
 *  to ask); -1 on error (NULL dungeon, NULL buffer with size > 0). */
CATACOMB_C_API long long catacomb_dungeon_tiles(const catacomb_dungeon* dungeon, char* buffer, size_t size);

/** The same with the markers drawn over the terrain, as catacomb_dungeon_tile gives them. */
CATACOMB_C_API long long catacomb_dungeon_cells(const catacomb_dungeon* dungeon, char* buffer, size_t size);

/** The number of locked doors, or -1 on error. */
CATACOMB_C_API int catacomb_dungeon_locked_door_count(const catacomb_dungeon* dungeon);

/** Locked door `index` (row-major order of cells): its cell and lock id (1 to 9). 0, or -1 on
 *  error (NULL dungeon, index out of range). Output pointers may be NULL. */
CATACOMB_C_API int catacomb_dungeon_locked_door(const catacomb_dungeon* dungeon, int index, int* x, int* y, int* lock);

/** The number of gates, one-way and secret doors, or -1 on error (NULL dungeon). */
CATACOMB_C_API int catacomb_dungeon_door_count(const catacomb_dungeon* dungeon);

/** Gate, one-way or secret door `index` (row-major order of cells): its cell, its kind ("gate",
 *  "one-way" or "secret"; a static string, never free it), a gate's switch id (1 to 9; 0 for the
 *  other kinds), whether a gate is open while its switch is off (1) or while it is on (0; 0 for
 *  the other kinds), and a one-way door's direction: the straight step (dx, dy) it is passed in
 *  ((0, -1) north, (1, 0) east, (0, 1) south, (-1, 0) west; (0, 0) for the other kinds). Output
 *  pointers may be NULL. 0, or -1 on error (NULL dungeon, index out of range; the out-values are
 *  untouched). */
CATACOMB_C_API int catacomb_dungeon_door(const catacomb_dungeon* dungeon, int index, int* x, int* y, const char** kind,
                                         int* switch_id, int* open_when_off, int* dx, int* dy);

/** The number of rooms (0 for caves), or -1 on error. */
CATACOMB_C_API int catacomb_dungeon_room_count(const catacomb_dungeon* dungeon);

/** Room `index`: its top-left cell and size in cells. 0, or -1 on error. Output pointers may be
 *  NULL. */
CATACOMB_C_API int catacomb_dungeon_room(const catacomb_dungeon* dungeon, int index, int* x, int* y, int* width,
                                         int* height);

/** Generates the dungeons of seeds first_seed to first_seed + count - 1 with `config`, on up to
 *  `threads` threads (1 to 256; the dungeons are the same for any number), writing seed i's
 *  terrain (as catacomb_dungeon_tiles) to tiles + i * width * height, so `tiles` holds count *
 *  width * height bytes (`tiles_size`, checked before any work), and its catacomb_status to
 *  statuses[i] (CATACOMB_NO_VALID_DUNGEON leaves its cells '#'). Returns the number of seeds with
 *  a dungeon, or -1 on error (NULL, count < 1, a buffer too small). */
CATACOMB_C_API int catacomb_generate_batch(const catacomb_config* config, uint64_t first_seed, int count, int threads,
                                           char* tiles, size_t tiles_size, int* statuses);

/** Shard `shard` of `shards` (1 <= shard <= shards <= 1000000) of the seeds first_seed to
 *  first_seed + count - 1, for a batch split across processes or machines (a build farm's job K
 *  of N): writes the shard's first seed to *shard_first and its number of seeds to *shard_count
 *  (0 for an empty shard, when shards > count). Shards 1 to `shards` in order hold every seed
 *  exactly once, in order, and catacomb_generate_batch on each gives, shard after shard, what one
 *  batch of every seed gives, whatever `shards` (the library's shard_range). For a list of seeds,
 *  pass first_seed 0: *shard_first is then a position in the list. Returns 0, or -1 on error (a
 *  bad shard, NULL outputs, a last seed past 2^64 - 1). */
CATACOMB_C_API int catacomb_shard_seeds(uint64_t first_seed, uint64_t count, int shard, int shards,
                                        uint64_t* shard_first, uint64_t* shard_count);

/* --- reports ---------------------------------------------------------------------------- */

/** A validation report: every problem and the walkthrough (opaque, immutable). */
typedef struct catacomb_report catacomb_report;

/** Validates the dungeon under its rules with the solver on. NULL on error. Free with
 *  catacomb_report_free. */
CATACOMB_C_API catacomb_report* catacomb_report_new(const catacomb_dungeon* dungeon);

/** Frees a report. NULL does nothing. */
CATACOMB_C_API void catacomb_report_free(catacomb_report* report);

/** 1 when the dungeon is valid, 0 when not, -1 on error. */
CATACOMB_C_API int catacomb_report_valid(const catacomb_report* report);

/** The number of problems (0 when valid), or -1 on error. */
CATACOMB_C_API int catacomb_report_problem_count(const catacomb_report* report);

/** Problem `index`: its sentence (valid while the report lives), its kind ("unreachable", ...;
 *  static) and the index of the objective concerned (-1 for none). NULL on error. */
CATACOMB_C_API const char* catacomb_report_problem(const catacomb_report* report, int index, const char** kind,
                                                   int* objective);

/** The number of walkthrough steps (0 without a solution), or -1 on error. */
CATACOMB_C_API int catacomb_report_step_count(const catacomb_report* report);

/** Walkthrough step `index` (0 to count - 1): its kind (a static string, one of six: "take-key"
 *  walks to a key with a lock id and takes it, "open-door" walks into a locked door and opens it
 *  (spending a consumable key), "take" walks to another objective and takes it, "reach-exit"
 *  walks to the exit (the last step), "toggle" walks to a switch and toggles it (its switch id:
 *  catacomb_report_step_switch), "one-way" walks through to a one-way door's cell, passing it its
 *  one way), where it ends, its lock id (0 for none), the moves walked (its route's cells less
 *  one: catacomb_report_step_route) and its cost. 0, or -1 on error. Output pointers may be
 *  NULL. */
CATACOMB_C_API int catacomb_report_step(const catacomb_report* report, int index, const char** kind, int* x, int* y,
                                        int* lock, int* moves, double* cost);

/** The switch id (1 to 9) walkthrough step `index` toggles when it is a "toggle" step, else 0;
 *  -1 on error (NULL report, index out of range; last error set). */
CATACOMB_C_API int catacomb_report_step_switch(const catacomb_report* report, int index);

/** Walkthrough step `index`'s route: every cell walked, from where the previous step ended (the
 *  start for the first step) to where it ends, both included. Writes up to `capacity` cells to
 *  `out_xy` as x, y pairs (out_xy holds 2 * capacity ints; it may be NULL when capacity is 0) and
 *  returns the number of cells in the route, which may exceed capacity (call again with a larger
 *  buffer); -1 on error (NULL report, index out of range, capacity < 0, out_xy NULL with capacity
 *  > 0). */
CATACOMB_C_API int catacomb_report_step_route(const catacomb_report* report, int index, int* out_xy, int capacity);

/* --- room graph ------------------------------------------------------------------------- */

/** The room graph of a dungeon (opaque, immutable): its rooms (or, without rooms, as in a cave,
 *  its areas between doors) as nodes, the corridors and doors joining them as edges with their
 *  locks (see <catacomb/validate/room_graph.hpp>). */
typedef struct catacomb_graph catacomb_graph;

/** The room graph of the dungeon under its rules. NULL on error. Free with catacomb_graph_free. */
CATACOMB_C_API catacomb_graph* catacomb_graph_new(const catacomb_dungeon* dungeon);

/** Frees a graph. NULL does nothing. */
CATACOMB_C_API void catacomb_graph_free(catacomb_graph* graph);

/** The number of nodes: rooms in the dungeon's order (or areas), then passages; -1 on error. */
CATACOMB_C_API int catacomb_graph_node_count(const catacomb_graph* graph);

/** Node `index`: its kind ("room", "area" or "passage"; static), its room index (-1 unless a
 *  room), its rectangle (a room's, or the bounding box of its cells) and its passable cells. 0,
 *  or -1 on error. Output pointers may be NULL. */
CATACOMB_C_API int catacomb_graph_node(const catacomb_graph* graph, int index, const char** kind, int* room, int* x,
                                       int* y, int* width, int* height, long long* cells);

/** Node `index`'s place in the dungeon's progression: its intensity (0 at the start to 1 at the
 *  exit's node, rising along the critical path; -1 when the dungeon has no critical path or the
 *  node is not connected to it) and the order in which the critical path first enters it (0 for
 *  the start's node; -1 when it does not). See graph_intensity in
 *  <catacomb/validate/room_graph.hpp> for the formula. 0, or -1 on error (NULL graph, index out
 *  of range). Output pointers may be NULL. */
CATACOMB_C_API int catacomb_graph_node_intensity(const catacomb_graph* graph, int index, double* intensity,
                                                 int* critical);

/** The number of edges, or -1 on error. */
CATACOMB_C_API int catacomb_graph_edge_count(const catacomb_graph* graph);

/** Edge `index`: the nodes it joins (a < b), its lock (the highest lock id among its doors, 0 for
 *  none), a cell of it (where to draw it) and its number of doors. 0, or -1 on error. Output
 *  pointers may be NULL. */
CATACOMB_C_API int catacomb_graph_edge(const catacomb_graph* graph, int index, int* a, int* b, int* lock, int* x,
                                       int* y, int* door_count);

/** Door `door` of edge `edge` (row-major order): its cell and lock id (0 for a door without a
 *  lock). 0, or -1 on error. Output pointers may be NULL. */
CATACOMB_C_API int catacomb_graph_edge_door(const catacomb_graph* graph, int edge, int door, int* x, int* y, int* lock);

/** The node the cell (x, y) belongs to, written to `node` (-1 for a wall or a cell of a corridor
 *  that is an edge). 0, or -1 on error (NULL graph or node, a cell off the map). */
CATACOMB_C_API int catacomb_graph_node_at(const catacomb_graph* graph, int x, int y, int* node);

/* --- config setters --------------------------------------------------------------------- */

/** The default config (an 80x50 rooms dungeon). NULL only when out of memory. */
CATACOMB_C_API catacomb_config* catacomb_config_new(void);

/** The number of parameters catacomb_config_set takes: every parameter of `catacomb generate`'s
 *  table but the seed, then "threads", "time_limit_ms", "templates", "theme" and "mission". */
CATACOMB_C_API int catacomb_config_param_count(void);

/** Parameter `index`'s key ("room_count"; static), or NULL (last error set) out of range. */
CATACOMB_C_API const char* catacomb_config_param_key(int index);

/** Sets parameter `key` ("room_count" or "room-count") from its text ("12", "0.5", "true",
 *  "caves"). The config is checked as catacomb_config_from_json checks it: a bad value leaves it
 *  unchanged and gives -1 with CATACOMB_INVALID_ARGUMENT ("room_count = 0 (expected 1 to 500)").
 *  "threads" (1 to 256) is the threads one dungeon's generation may use. "time_limit_ms" (0, the
 *  default: none) stops catacomb_generate's attempts once that many milliseconds have passed
 *  (CATACOMB_NO_VALID_DUNGEON, "time limit of 500 ms reached: ..."); a dungeon made within it is
 *  the seed's own, and it is not part of the recipe (catacomb_config_to_json leaves it out). "templates" (a template
 *  set's path, read now: CATACOMB_IO when it cannot be read, CATACOMB_INVALID_ARGUMENT naming
 *  its problems), "theme" (a tag of the set's templates: set the templates first) and "mission"
 *  (a mission file's path, or its JSON text when it starts with '{') are what
 *  catacomb_config_from_json takes under those keys; "" sets none. With a mission, a "width" or
 *  "height" not set (or set to "0") is chosen from the mission and the templates, as `catacomb
 *  generate --mission` chooses it (catacomb_config_get tells it). Returns 0 or -1. */
CATACOMB_C_API int catacomb_config_set(catacomb_config* config, const char* key, const char* value);

/** Parameter `key`'s value as text (what catacomb_config_set reads back). Free with
 *  catacomb_string_free. NULL on error. */
CATACOMB_C_API char* catacomb_config_get(const catacomb_config* config, const char* key);

/* --- images ----------------------------------------------------------------------------- */

/** Writes the dungeon as a PNG preview (the image `catacomb generate --png` writes), `scale`
 *  pixels per cell (1 to 64), to the file `path` (replaced atomically). When `route_cells` > 0,
 *  the route `route_xy` (x, y pairs as catacomb_find_path writes them) is drawn over it. Returns
 *  0, or -1 on error (NULL, a bad scale or route, an image too large, the file cannot be
 *  written: "cannot write 'x.png': ..."). */
CATACOMB_C_API int catacomb_dungeon_write_png(const catacomb_dungeon* dungeon, const char* path, int scale,
                                              const int* route_xy, int route_cells);

/** Writes the dungeon as a Tiled map (`catacomb generate --tmj path`): the .tmj at `path` and its
 *  tileset image beside it (named after the map: docs/formats.md), each replaced atomically.
 *  Returns 0, or -1 on error (NULL, a path whose directory does not exist: CATACOMB_INVALID_ARGUMENT;
 *  a file that cannot be written: CATACOMB_IO). */
CATACOMB_C_API int catacomb_dungeon_write_tmj(const catacomb_dungeon* dungeon, const char* path);

/** The dungeon as a Moving AI .map (the text `catacomb generate --map` writes: its terrain as the
 *  format's letters under the dungeon's costs). NULL on error. Free with catacomb_string_free. */
CATACOMB_C_API char* catacomb_dungeon_to_movingai(const catacomb_dungeon* dungeon);

/* --- game formats: a des-file, a level string, numpy arrays (docs/formats.md) ------------- */

/** The dungeon as a MiniHack des-file (the text `catacomb generate --des` writes: the map, a
 *  DOOR line per door, the objectives, "# catacomb:" comments for what NetHack cannot say), its
 *  MAZE named `name` (NULL: "catacomb"). NULL on error (NULL dungeon; a name holding '"' or a
 *  control character: CATACOMB_INVALID_ARGUMENT). Free with catacomb_string_free. */
CATACOMB_C_API char* catacomb_dungeon_to_des(const catacomb_dungeon* dungeon, const char* name);

/** The dungeon as a Griddly level string (the text `catacomb generate --level-string` writes:
 *  one line per row, cells separated by spaces). Its characters are the default legend's updated
 *  with `legend_json`, a JSON object of entries by name, each text ({"start": "W", "keys":
 *  "KVDOp!;_|"}; the names and defaults: docs/formats.md); NULL or "" for the default. NULL on
 *  error (NULL dungeon; a legend that is not a JSON object, an unknown name, or not one printable
 *  ASCII character per thing, none a digit, a space or '.', none standing for two things:
 *  CATACOMB_INVALID_ARGUMENT naming the entry). Free with catacomb_string_free. */
CATACOMB_C_API char* catacomb_dungeon_to_level_string(const catacomb_dungeon* dungeon, const char* legend_json);

/** The dungeon's .npz level buffer (the bytes `catacomb generate --npz` writes: numpy arrays
 *  tiles, start, goal, route, objectives, locks, doors, key_rule and seed, docs/formats.md; no
 *  time stamp, so the same dungeon gives the same bytes). Writes min(size, bytes) bytes to
 *  `buffer` and returns the number of bytes (call with size 0 to ask; each call validates the
 *  dungeon for its route); -1 on error (NULL dungeon, NULL buffer with size > 0). */
CATACOMB_C_API long long catacomb_dungeon_npz(const catacomb_dungeon* dungeon, unsigned char* buffer, size_t size);

/** Writes the dungeon's .npz level buffer (catacomb_dungeon_npz's bytes) to the file `path`,
 *  replaced atomically. Returns 0, or -1 on error (NULL, a path whose directory does not exist:
 *  CATACOMB_INVALID_ARGUMENT; a file that cannot be written: CATACOMB_IO). */
CATACOMB_C_API int catacomb_dungeon_write_npz(const catacomb_dungeon* dungeon, const char* path);

/* --- cells, sight, distances, walking and edits ------------------------------------------ */

/** What a cell is made of: core's catacomb::Terrain, value for value. */
typedef enum catacomb_terrain {
  CATACOMB_TERRAIN_WALL = 0,       /**< impassable rock ('#') */
  CATACOMB_TERRAIN_FLOOR = 1,      /**< open ground inside rooms and caves ('.') */
  CATACOMB_TERRAIN_CORRIDOR = 2,   /**< dug passage between rooms (',') */
  CATACOMB_TERRAIN_DOOR = 3,       /**< where a corridor enters a room ('+'); locked or not */
  CATACOMB_TERRAIN_WATER = 4,      /**< shallow water: passable, slow ('~') */
  CATACOMB_TERRAIN_VEGETATION = 5, /**< trees and undergrowth: passable, slower ('"') */
  CATACOMB_TERRAIN_ROAD = 6,       /**< paved road: the cheapest ground ('=') */
  CATACOMB_TERRAIN_LADDER = 7,     /**< side view: a ladder ('H') */
  CATACOMB_TERRAIN_PLATFORM = 8    /**< side view: a one-way platform ('-') */
} catacomb_terrain;

/** A door's kind: core's catacomb::DoorKind, value for value, and CATACOMB_DOOR_NONE. */
typedef enum catacomb_door_kind {
  CATACOMB_DOOR_NONE = -1,   /**< no door on the cell */
  CATACOMB_DOOR_OPEN = 0,    /**< a plain door tile: always passable */
  CATACOMB_DOOR_LOCKED = 1,  /**< a locked door (catacomb_dungeon_locked_door) */
  CATACOMB_DOOR_GATE = 2,    /**< a gate of a switch (catacomb_dungeon_door: "gate") */
  CATACOMB_DOOR_ONE_WAY = 3, /**< a one-way door (catacomb_dungeon_door: "one-way") */
  CATACOMB_DOOR_SECRET = 4   /**< a secret door, drawn as wall (catacomb_dungeon_door: "secret") */
} catacomb_door_kind;

/** An objective's kind: core's catacomb::ObjectiveKind, value for value (the names
 *  catacomb_dungeon_objective gives as strings). */
typedef enum catacomb_objective_kind {
  CATACOMB_OBJECTIVE_START = 0,    /**< "start" */
  CATACOMB_OBJECTIVE_EXIT = 1,     /**< "exit" */
  CATACOMB_OBJECTIVE_KEY = 2,      /**< "key" */
  CATACOMB_OBJECTIVE_TREASURE = 3, /**< "treasure" */
  CATACOMB_OBJECTIVE_OTHER = 4,    /**< "objective" */
  CATACOMB_OBJECTIVE_SWITCH = 5    /**< "switch" */
} catacomb_objective_kind;

/** The terrain of cell (x, y), written to `*out`. 0, or -1 on error (NULL dungeon or out, a cell
 *  off the map: "x = 80 (expected 0 to 79)"). */
CATACOMB_C_API int catacomb_dungeon_terrain(const catacomb_dungeon* dungeon, int x, int y, catacomb_terrain* out);

/** The kind of objective `index` as an enum (the same objective as catacomb_dungeon_objective).
 *  0, or -1 on error (NULL, an index out of range). */
CATACOMB_C_API int catacomb_dungeon_objective_kind(const catacomb_dungeon* dungeon, int index,
                                                   catacomb_objective_kind* out);

/** The kind of gate, one-way or secret door `index` (catacomb_dungeon_door's list) as an enum.
 *  0, or -1 on error (NULL, an index out of range). */
CATACOMB_C_API int catacomb_dungeon_door_kind(const catacomb_dungeon* dungeon, int index, catacomb_door_kind* out);

/** 1 written to `*out` when a player may stand on cell (x, y), else 0. With a NULL player, the
 *  terrain alone under the dungeon's cost table, as catacomb_find_path routes (a locked door is
 *  its door tile). With a player, as catacomb_find_player_path routes: also a locked door the
 *  player has neither opened nor holds a key of, and a gate shut under its switches, are not
 *  walkable; a one-way or secret door on passable terrain is (a one-way door is entered from one
 *  side only: catacomb_dungeon_door gives its direction). 0, or -1 on error (NULL dungeon or out,
 *  a cell off the map, a player whose opened doors are not locked doors of the dungeon). */
CATACOMB_C_API int catacomb_dungeon_walkable(const catacomb_dungeon* dungeon, const catacomb_player* player, int x,
                                             int y, int* out);

/** The cost of entering cell (x, y) under the dungeon's cost table, written to `*out`: positive
 *  and finite, or infinity (isinf) where the terrain is never entered. Doors are not consulted
 *  (catacomb_dungeon_walkable does). 0, or -1 on error (NULL dungeon or out, a cell off the map). */
CATACOMB_C_API int catacomb_dungeon_cost(const catacomb_dungeon* dungeon, int x, int y, double* out);

/** The door on cell (x, y): its kind to `*kind` (CATACOMB_DOOR_NONE when there is none;
 *  CATACOMB_DOOR_OPEN for a door tile that is no locked or progression door) and to `*index` its
 *  index in catacomb_dungeon_locked_door's list (CATACOMB_DOOR_LOCKED) or catacomb_dungeon_door's
 *  (gate, one-way, secret), -1 otherwise. A secret door stands on a door tile but is drawn as
 *  wall. Output pointers may be NULL. Returns 1 when the cell has a door, 0 when not, -1 on error
 *  (NULL dungeon, a cell off the map). */
CATACOMB_C_API int catacomb_dungeon_door_at(const catacomb_dungeon* dungeon, int x, int y, catacomb_door_kind* kind,
                                            int* index);

/** 1 written to `*out` when cell (x, y) blocks `player`'s sight (NULL: no door opened, every
 *  switch off), else 0: a wall; a locked door the player has not opened (holding its key does not
 *  open it: catacomb_player_open_door does); a gate shut under the player's switches; a secret
 *  door (it looks like a wall). A one-way door does not block sight: it is an open doorway,
 *  passed one way only, and sight is symmetric. See <catacomb/pathing/fov.hpp>. 0, or -1 on error
 *  (NULL dungeon or out, a cell off the map, a bad player). */
CATACOMB_C_API int catacomb_dungeon_blocks_sight(const catacomb_dungeon* dungeon, const catacomb_player* player, int x,
                                                 int y, int* out);

/** The field of view of `player` (NULL: no door opened, every switch off) from cell (x, y):
 *  symmetric shadowcasting, the set libtcod's TCOD_map_compute_fov(..., FOV_SYMMETRIC_SHADOWCAST)
 *  computes on the same sight blockers (catacomb_dungeon_blocks_sight). Writes width * height
 *  bytes to `out`, row-major (index y * width + x): 1 seen, 0 not. `radius` 0 sees as far as the
 *  map goes, else only cells with dx * dx + dy * dy < radius * radius; with `light_walls` != 0 a
 *  blocking cell the view reaches is seen (the walls round a room), with 0 none is. `size` is
 *  the bytes `out` holds. 0, or -1 on error (NULL dungeon or out, a cell off the map, radius <
 *  0, size < width * height, a bad player). */
CATACOMB_C_API int catacomb_fov(const catacomb_dungeon* dungeon, const catacomb_player* player, int x, int y,
                                int radius, int light_walls, unsigned char* out, size_t size);

/** The same field of view over a caller's own map, as libtcod takes it: `blocks` holds width *
 *  height bytes, row-major, nonzero where a cell blocks sight; writes width * height bytes to
 *  `out` (1 seen, 0 not). 0, or -1 on error (NULL, width or height outside 1 to 16384, a cell off
 *  the map, radius < 0). */
CATACOMB_C_API int catacomb_fov_grid(const unsigned char* blocks, int width, int height, int x, int y, int radius,
                                     int light_walls, unsigned char* out);

/** The distance map from cell (x, y): the cost of the cheapest route from it to every cell under
 *  the dungeon's cost table and moves (Dijkstra; the terrain alone, as catacomb_find_path routes),
 *  the source 0, infinity (isinf) where no route reaches. Writes width * height doubles to `out`,
 *  row-major; `count` is the doubles `out` holds. An impassable source reaches nothing (every
 *  cell infinity). 0, or -1 on error (NULL dungeon or out, a cell off the map, count < width *
 *  height). */
CATACOMB_C_API int catacomb_distance_map(const catacomb_dungeon* dungeon, int x, int y, double* out, size_t count);

/** A route to walk step by step, as libtcod's TCOD_path_walk (opaque, mutable: one per thread). */
typedef struct catacomb_path catacomb_path;

/** The route catacomb_find_path (NULL player) or catacomb_find_player_path (a player) finds from
 *  (x0, y0) to (x1, y1), held to be walked: its steps are the cells after the start, the goal
 *  last. When there is no route the path has 0 steps and the last error code says why
 *  (CATACOMB_NO_ROUTE, CATACOMB_START_BLOCKED, CATACOMB_GOAL_BLOCKED), as for catacomb_find_path.
 *  NULL on error (NULL dungeon, a cell off the map, a bad player). Free with catacomb_path_free. */
CATACOMB_C_API catacomb_path* catacomb_path_new(const catacomb_dungeon* dungeon, const catacomb_player* player, int x0,
                                                int y0, int x1, int y1);

/** Frees a path. NULL does nothing. */
CATACOMB_C_API void catacomb_path_free(catacomb_path* path);

/** The number of steps (the route's cells less its start; 0 without a route, or when start and
 *  goal are the same cell), or -1 on error (NULL). Walking does not change it. */
CATACOMB_C_API int catacomb_path_size(const catacomb_path* path);

/** Step `index` (0 to size - 1; 0 is the cell next to the start), written to x and y (either may
 *  be NULL). 0, or -1 on error (NULL path, index out of range). */
CATACOMB_C_API int catacomb_path_get(const catacomb_path* path, int index, int* x, int* y);

/** The route's cost (0 without a route), or -1 on error (NULL). */
CATACOMB_C_API double catacomb_path_cost(const catacomb_path* path);

/** Walks one step: writes the next cell to x and y (either may be NULL) and returns 1; returns 0
 *  when every step has been walked (x and y untouched), -1 on error (NULL path). */
CATACOMB_C_API int catacomb_path_walk(catacomb_path* path, int* x, int* y);

/** The number of steps not yet walked, or -1 on error (NULL). */
CATACOMB_C_API int catacomb_path_remaining(const catacomb_path* path);

/** Sets cell (x, y)'s terrain to `terrain` (a game digging a wall, flooding a room): the one
 *  function that changes a dungeon after its creation. The dungeon is then no longer the one its
 *  seed and recipe make: a certificate or walkthrough written before (catacomb_report_new,
 *  `catacomb generate --certificate`) no longer holds for it, and catacomb_validate,
 *  catacomb_completable and every route answer for the edited map. It must not run concurrently
 *  with any other use of the same handle (a navigator or report made before keeps the old map).
 *  0, or -1 on error, the dungeon unchanged: NULL, a cell off the map, a value that is no
 *  catacomb_terrain ("terrain = 12 (expected 0 to 8)"), or a cell holding a locked, gate, one-way
 *  or secret door set to anything but CATACOMB_TERRAIN_DOOR (the door would stand on no door). */
CATACOMB_C_API int catacomb_dungeon_set_terrain(catacomb_dungeon* dungeon, int x, int y, catacomb_terrain terrain);

#ifdef __cplusplus
}
#endif

#endif /* CATACOMB_CATACOMB_H */
