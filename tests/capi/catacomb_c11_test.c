/* The C API as a C11 program sees it: generate, round-trip JSON, validate, route, draw, and every
 * entry point given NULL and bad values. Prints "N passed, M failed"; exits non-zero on a failure.
 * Compiled as C11 with the project's warnings (-Wall -Wextra -Wpedantic, -Werror under CI). */
#include <catacomb/catacomb.h>
#include <catacomb/version.hpp> /* preprocessor only: usable from C */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int g_passed = 0;
static int g_failed = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (cond) {                                                                \
      ++g_passed;                                                              \
    } else {                                                                   \
      ++g_failed;                                                              \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      fprintf(stderr, "  last error: \"%s\"\n", catacomb_last_error());        \
    }                                                                          \
  } while (0)

/* The last error contains `part`. */
#define CHECK_ERROR(part)                                                                                            \
  do {                                                                                                               \
    if (strstr(catacomb_last_error(), (part)) != NULL) {                                                             \
      ++g_passed;                                                                                                    \
    } else {                                                                                                         \
      ++g_failed;                                                                                                    \
      fprintf(stderr, "%s:%d: last error \"%s\" lacks \"%s\"\n", __FILE__, __LINE__, catacomb_last_error(), (part)); \
    }                                                                                                                \
  } while (0)

static int abs_int(int v) { return v < 0 ? -v : v; }

static void test_version(void) {
  CHECK(strcmp(catacomb_version(), CATACOMB_VERSION) == 0);
  CHECK(strcmp(catacomb_version(), "0.2.0") >= 0);
}

/* Width, height, every tile and every objective agree. */
static int same_dungeon(const catacomb_dungeon* a, const catacomb_dungeon* b) {
  const int w = catacomb_dungeon_width(a), h = catacomb_dungeon_height(a);
  if (w != catacomb_dungeon_width(b) || h != catacomb_dungeon_height(b)) return 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (catacomb_dungeon_tile(a, x, y) != catacomb_dungeon_tile(b, x, y)) return 0;
  const int n = catacomb_dungeon_objective_count(a);
  if (n != catacomb_dungeon_objective_count(b)) return 0;
  for (int i = 0; i < n; ++i) {
    const char *ka = NULL, *kb = NULL;
    int xa = -1, ya = -1, xb = -2, yb = -2;
    if (catacomb_dungeon_objective(a, i, &ka, &xa, &ya) != 0) return 0;
    if (catacomb_dungeon_objective(b, i, &kb, &xb, &yb) != 0) return 0;
    if (strcmp(ka, kb) != 0 || xa != xb || ya != yb) return 0;
  }
  return 1;
}

static void test_generate_round_trip_validate(const char* config_json, uint64_t seed) {
  catacomb_config* config = catacomb_config_from_json(config_json);
  CHECK(config != NULL);
  CHECK(strcmp(catacomb_last_error(), "") == 0);
  catacomb_dungeon* d = catacomb_generate(config, seed);
  CHECK(d != NULL);
  if (!config || !d) {
    catacomb_dungeon_free(d);
    catacomb_config_free(config);
    return;
  }
  CHECK(catacomb_dungeon_seed(d) == seed);
  const int w = catacomb_dungeon_width(d), h = catacomb_dungeon_height(d);
  CHECK(w >= 3 && h >= 3);

  /* Objectives: the start first, then the exit, drawn as '<' and '>'. */
  const int n = catacomb_dungeon_objective_count(d);
  CHECK(n >= 2);
  const char* kind = NULL;
  int sx = -1, sy = -1, ex = -1, ey = -1;
  CHECK(catacomb_dungeon_objective(d, 0, &kind, &sx, &sy) == 0);
  CHECK(kind != NULL && strcmp(kind, "start") == 0);
  CHECK(catacomb_dungeon_objective(d, 1, &kind, &ex, &ey) == 0);
  CHECK(kind != NULL && strcmp(kind, "exit") == 0);
  CHECK(catacomb_dungeon_tile(d, sx, sy) == '<');
  CHECK(catacomb_dungeon_tile(d, ex, ey) == '>');
  if (n > 2) {
    int ox = -1, oy = -1;
    CHECK(catacomb_dungeon_objective(d, 2, NULL, &ox, &oy) == 0);
    CHECK(catacomb_dungeon_tile(d, ox, oy) == '1');
  }
  /* The border is wall; every cell is a legend character. */
  CHECK(catacomb_dungeon_tile(d, 0, 0) == '#');
  CHECK(catacomb_dungeon_tile(d, w - 1, h - 1) == '#');
  int legend_only = 1;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (!strchr("#.,+~\"=<>123456789", catacomb_dungeon_tile(d, x, y)) || catacomb_dungeon_tile(d, x, y) == 0)
        legend_only = 0;
  CHECK(legend_only);

  /* Text: the tiles row by row, then (after an empty line) the trailer naming the digits' kinds. */
  char* text = catacomb_dungeon_to_text(d);
  CHECK(text != NULL);
  if (text) {
    CHECK(strlen(text) > (size_t)(w + 1) * (size_t)h);
    CHECK(text[(size_t)(w + 1) * (size_t)h - 1] == '\n' && text[(size_t)(w + 1) * (size_t)h] == '\n');
    CHECK(strstr(text, "\n1: key\n") != NULL);
    CHECK(text[(size_t)sy * (size_t)(w + 1) + (size_t)sx] == '<');
    catacomb_string_free(text);
  }

  /* JSON round trip: the same tiles and objectives, and the same bytes written again. */
  char* json = catacomb_dungeon_to_json(d);
  CHECK(json != NULL);
  catacomb_dungeon* back = json ? catacomb_dungeon_from_json(json) : NULL;
  CHECK(back != NULL);
  if (back) {
    CHECK(same_dungeon(d, back));
    CHECK(catacomb_dungeon_seed(back) == seed);
    char* again = catacomb_dungeon_to_json(back);
    CHECK(again != NULL && strstr(again, "\"format\": \"catacomb-map\"") != NULL);
    catacomb_string_free(again);
  }

  /* The same config and seed give the same dungeon. */
  catacomb_dungeon* twin = catacomb_generate(config, seed);
  char* twin_json = catacomb_dungeon_to_json(twin);
  CHECK(json && twin_json && strcmp(json, twin_json) == 0);
  catacomb_string_free(twin_json);
  catacomb_dungeon_free(twin);

  CHECK(catacomb_validate(d) == 1);
  CHECK(strcmp(catacomb_last_error(), "") == 0);
  if (back) CHECK(catacomb_validate(back) == 1);

  /* The route from start to exit: starts and ends there, one step at a time, over passable cells. */
  const int len = catacomb_find_path(d, sx, sy, ex, ey, NULL, 0, NULL);
  CHECK(len >= 2);
  if (len >= 2) {
    int* xy = malloc(sizeof(int) * 2 * (size_t)len);
    double cost = -1;
    CHECK(xy != NULL);
    if (xy) {
      CHECK(catacomb_find_path(d, sx, sy, ex, ey, xy, len, &cost) == len);
      CHECK(cost > 0);
      CHECK(xy[0] == sx && xy[1] == sy);
      CHECK(xy[2 * len - 2] == ex && xy[2 * len - 1] == ey);
      int steps_ok = 1;
      for (int i = 1; i < len; ++i) {
        const int dx = abs_int(xy[2 * i] - xy[2 * i - 2]), dy = abs_int(xy[2 * i + 1] - xy[2 * i - 1]);
        if (dx > 1 || dy > 1 || dx + dy == 0) steps_ok = 0;
        if (catacomb_dungeon_tile(d, xy[2 * i], xy[2 * i + 1]) == '#') steps_ok = 0;
      }
      CHECK(steps_ok);
      /* The navigator (no keys: this config has no locks) finds a route of the same cost. */
      catacomb_navigator* nav = catacomb_navigator_new(d, NULL);
      CHECK(nav != NULL);
      double nav_cost = -1;
      CHECK(catacomb_navigator_find_path(nav, sx, sy, ex, ey, NULL, 0, &nav_cost) >= 2);
      CHECK(nav_cost > cost - 1e-9 && nav_cost < cost + 1e-9);
      CHECK(catacomb_navigator_bytes_per_cell(nav) > 0);
      CHECK(catacomb_navigator_find_path(nav, -1, sy, ex, ey, NULL, 0, NULL) == -1);
      CHECK(catacomb_last_error_code() == CATACOMB_INVALID_ARGUMENT);
      catacomb_navigator_free(nav);
      /* A buffer too small takes the first cells and still reports the whole length. */
      int two[4] = {-1, -1, -1, -1};
      CHECK(catacomb_find_path(d, sx, sy, ex, ey, two, 2, NULL) == len);
      CHECK(two[0] == xy[0] && two[1] == xy[1] && two[2] == xy[2] && two[3] == xy[3]);

      /* A PNG with the route. */
      const char* png = "catacomb_c11_test.png";
      CHECK(catacomb_dungeon_write_png(d, png, 2, xy, len) == 0);
      FILE* f = fopen(png, "rb");
      CHECK(f != NULL);
      if (f) {
        unsigned char sig[8] = {0};
        CHECK(fread(sig, 1, 8, f) == 8);
        CHECK(sig[0] == 0x89 && sig[1] == 'P' && sig[2] == 'N' && sig[3] == 'G');
        fclose(f);
      }
      remove(png);
      free(xy);
    }
  }
  /* From a wall: no route, start-blocked as in C++, the cell and its terrain named. */
  CHECK(catacomb_find_path(d, 0, 0, w - 1, h - 1, NULL, 0, NULL) == 0);
  CHECK(catacomb_last_error_code() == CATACOMB_START_BLOCKED);
  CHECK_ERROR("the start 0,0 is wall (start-blocked)");

  catacomb_string_free(json);
  catacomb_dungeon_free(back);
  catacomb_dungeon_free(d);
  catacomb_config_free(config);
}

static void test_config_json_round_trip(void) {
  catacomb_config* a = catacomb_config_from_json(
      "{\"generator\": \"caves\", \"width\": 60, \"room-count\": 9, "
      "\"costs\": \"tutorial\", \"diagonal\": \"always\"}");
  CHECK(a != NULL);
  char* ja = catacomb_config_to_json(a);
  CHECK(ja != NULL && strstr(ja, "\"generator\": \"caves\"") != NULL);
  CHECK(ja != NULL && strstr(ja, "\"room_count\": 9") != NULL);
  CHECK(ja != NULL && strstr(ja, "\"costs\": \"tutorial\"") != NULL);
  catacomb_config* b = ja ? catacomb_config_from_json(ja) : NULL;
  CHECK(b != NULL);
  char* jb = catacomb_config_to_json(b);
  CHECK(ja && jb && strcmp(ja, jb) == 0);
  /* A "seed" key is ignored: the seed is catacomb_generate's. */
  catacomb_config* seeded = catacomb_config_from_json("{\"seed\": 5}");
  CHECK(seeded != NULL);
  catacomb_string_free(ja);
  catacomb_string_free(jb);
  catacomb_config_free(a);
  catacomb_config_free(b);
  catacomb_config_free(seeded);
}

static void test_bad_configs(void) {
  CHECK(catacomb_config_from_json(NULL) == NULL);
  CHECK_ERROR("json = NULL");
  CHECK(catacomb_config_from_json("{\"width\": ") == NULL);
  CHECK_ERROR("config = JSON text (expected a JSON object: ");
  CHECK(catacomb_config_from_json("[1, 2]") == NULL);
  CHECK(strcmp(catacomb_last_error(), "config = JSON text (expected a JSON object)") == 0);
  CHECK(catacomb_config_from_json("{\"width\": 99999}") == NULL);
  CHECK(strcmp(catacomb_last_error(), "width = 99999 (expected 16 to 16384)") == 0);
  CHECK(catacomb_config_from_json("{\"colour\": 1}") == NULL);
  CHECK_ERROR("config key \"colour\" (expected one of generator, width, height, ");
  CHECK(catacomb_config_from_json("{\"width\": \"wide\"}") == NULL);
  CHECK(strcmp(catacomb_last_error(), "config key \"width\" = \"wide\" (expected an integer)") == 0);
  CHECK(catacomb_config_from_json("{\"width\": 1e999}") == NULL);
  CHECK_ERROR("config = JSON text (expected a JSON object: ");
  CHECK(catacomb_config_from_json("{\"generator\": \"lava\"}") == NULL);
  CHECK(strcmp(catacomb_last_error(), "generator = lava (expected rooms, caves or platformer)") == 0);
  CHECK(catacomb_config_from_json("{\"seed\": -1}") == NULL);
  CHECK_ERROR("config key \"seed\"");
  /* Deep nesting is refused before anything recurses over it. */
  enum { kDepth = 200000 };
  char* deep = malloc(2 * kDepth + 16);
  CHECK(deep != NULL);
  if (deep) {
    strcpy(deep, "{\"width\": ");
    size_t at = strlen(deep);
    for (int i = 0; i < kDepth; ++i) deep[at++] = '[';
    for (int i = 0; i < kDepth; ++i) deep[at++] = ']';
    deep[at++] = '}';
    deep[at] = '\0';
    CHECK(catacomb_config_from_json(deep) == NULL);
    CHECK_ERROR("nested deeper than 64 levels");
    CHECK(catacomb_dungeon_from_json(deep) == NULL);
    CHECK_ERROR("nested deeper than 64 levels");
    free(deep);
  }
  /* A long bad value is cut short in the message. */
  catacomb_config* long_value = catacomb_config_from_json(
      "{\"width\": "
      "\"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww\"}");
  CHECK(long_value == NULL);
  CHECK(strlen(catacomb_last_error()) < 140);
  CHECK_ERROR("...");
  /* A config that cannot give a valid dungeon: generation fails with the reason. */
  catacomb_config* hopeless = catacomb_config_from_json(
      "{\"generator\": \"caves\", \"width\": 3, \"height\": 3, \"objectives\": 9, \"max_attempts\": 2}");
  CHECK(hopeless != NULL);
  CHECK(catacomb_generate(hopeless, 1) == NULL);
  CHECK_ERROR("no valid dungeon in 2 attempts");
  catacomb_config_free(hopeless);
}

static void test_bad_dungeons(void) {
  CHECK(catacomb_dungeon_from_json(NULL) == NULL);
  CHECK_ERROR("json = NULL");
  CHECK(catacomb_dungeon_from_json("not json") == NULL);
  CHECK_ERROR("JSON map = unparsable");
  CHECK(catacomb_dungeon_from_json("{\"format\": \"catacomb-map\", \"version\": 1, \"width\": 99999}") == NULL);
  CHECK(strcmp(catacomb_last_error(), "JSON map width = 99999 (expected 1 to 16384)") == 0);
  CHECK(catacomb_dungeon_from_json("{\"format\": \"catacomb-map\", \"version\": 1, \"width\": 1e999}") == NULL);
  CHECK_ERROR("JSON map = unparsable");

  /* A readable map without a start is invalid, and says why. */
  catacomb_dungeon* d = catacomb_dungeon_from_json(
      "{\"format\": \"catacomb-map\", \"version\": 1, \"width\": 4, \"height\": 3, "
      "\"tiles\": [\"####\", \"#..#\", \"####\"], \"objectives\": [{\"kind\": \"exit\", \"x\": 2, \"y\": 1}]}");
  CHECK(d != NULL);
  if (!d) return;
  CHECK(catacomb_dungeon_width(d) == 4 && catacomb_dungeon_height(d) == 3);
  CHECK(catacomb_dungeon_tile(d, 1, 1) == '.');
  CHECK(catacomb_dungeon_tile(d, 2, 1) == '>');
  CHECK(catacomb_validate(d) == 0);
  CHECK(strlen(catacomb_last_error()) > 0);
  CHECK(strchr(catacomb_last_error(), '\n') == NULL);

  /* Cells and indices off the map. */
  CHECK(catacomb_dungeon_tile(d, 4, 0) == 0);
  CHECK(strcmp(catacomb_last_error(), "x = 4 (expected 0 to 3)") == 0);
  CHECK(catacomb_dungeon_tile(d, 0, -1) == 0);
  CHECK(strcmp(catacomb_last_error(), "y = -1 (expected 0 to 2)") == 0);
  CHECK(catacomb_dungeon_tile(d, 0, 0) == '#');
  CHECK(strcmp(catacomb_last_error(), "") == 0);
  int x = 7;
  CHECK(catacomb_dungeon_objective(d, 1, NULL, &x, NULL) == -1);
  CHECK(strcmp(catacomb_last_error(), "index = 1 (expected 0 to 0)") == 0);
  CHECK(x == 7);
  CHECK(catacomb_dungeon_objective(d, -1, NULL, NULL, NULL) == -1);
  CHECK(catacomb_find_path(d, 1, 1, 9, 1, NULL, 0, NULL) == -1);
  CHECK(strcmp(catacomb_last_error(), "x1 = 9 (expected 0 to 3)") == 0);
  CHECK(catacomb_find_path(d, 1, 1, 2, 1, NULL, -1, NULL) == -1);
  CHECK(catacomb_find_path(d, 1, 1, 2, 1, NULL, 4, NULL) == -1);
  CHECK_ERROR("out_xy = NULL");
  CHECK(catacomb_find_path(d, 1, 1, 2, 1, NULL, 0, NULL) == 2);
  CHECK(catacomb_dungeon_write_png(d, "catacomb_c11_test_bad.png", 0, NULL, 0) == -1);
  CHECK(strcmp(catacomb_last_error(), "scale = 0 (expected 1 to 64)") == 0);
  CHECK(catacomb_dungeon_write_png(d, NULL, 1, NULL, 0) == -1);
  CHECK(catacomb_dungeon_write_png(d, "catacomb_c11_test_bad.png", 1, NULL, 3) == -1);
  const int off_map[4] = {1, 1, 40, 1};
  CHECK(catacomb_dungeon_write_png(d, "catacomb_c11_test_bad.png", 1, off_map, 2) == -1);
  CHECK_ERROR("route cell 1 = ");
  CHECK(catacomb_dungeon_write_png(d, "no-such-directory/x/map.png", 1, NULL, 0) == -1);
  CHECK_ERROR("cannot ");
  catacomb_dungeon_free(d);
}

/* The room graph of a hand-written cave: two areas split by a door locked with lock 1. */
static void test_room_graph(void) {
  catacomb_dungeon* d = catacomb_dungeon_from_json(
      "{\"format\": \"catacomb-map\", \"version\": 1, \"width\": 7, \"height\": 3, "
      "\"legend\": {\"#\": {\"name\": \"wall\"}, \".\": {\"name\": \"floor\"}, "
      "\"A\": {\"name\": \"door\", \"lock\": 1}}, "
      "\"tiles\": [\"#######\", \"#..A..#\", \"#######\"], "
      "\"objectives\": [{\"kind\": \"start\", \"x\": 1, \"y\": 1}]}");
  CHECK(d != NULL);
  if (!d) return;
  catacomb_graph* g = catacomb_graph_new(d);
  CHECK(g != NULL);
  CHECK(catacomb_graph_node_count(g) == 2);
  const char* kind = NULL;
  int room = 0, x = -1, y = -1, w = 0, h = 0, a = -1, b = -1, lock = -1, doors = -1, node = -2;
  long long cells = 0;
  CHECK(catacomb_graph_node(g, 1, &kind, &room, &x, &y, &w, &h, &cells) == 0);
  CHECK(kind && strcmp(kind, "area") == 0 && room == -1 && x == 4 && y == 1 && w == 2 && h == 1 && cells == 2);
  double intensity = 0;
  int critical = 0;
  /* No exit, so no critical path: both -1. */
  CHECK(catacomb_graph_node_intensity(g, 1, &intensity, &critical) == 0);
  CHECK(intensity == -1.0 && critical == -1);
  CHECK(catacomb_graph_node_intensity(g, 2, NULL, NULL) == -1);
  CHECK(strcmp(catacomb_last_error(), "index = 2 (expected 0 to 1)") == 0);
  CHECK(catacomb_graph_edge_count(g) == 1);
  CHECK(catacomb_graph_edge(g, 0, &a, &b, &lock, &x, &y, &doors) == 0);
  CHECK(a == 0 && b == 1 && lock == 1 && x == 3 && y == 1 && doors == 1);
  CHECK(catacomb_graph_edge_door(g, 0, 0, &x, &y, &lock) == 0);
  CHECK(x == 3 && y == 1 && lock == 1);
  CHECK(catacomb_graph_edge_door(g, 0, 1, NULL, NULL, NULL) == -1);
  CHECK(strcmp(catacomb_last_error(), "door = 1 (expected 0 to 0)") == 0);
  CHECK(catacomb_graph_node_at(g, 5, 1, &node) == 0 && node == 1);
  CHECK(catacomb_graph_node_at(g, 7, 1, &node) == -1);
  CHECK(catacomb_last_error_code() == CATACOMB_INVALID_ARGUMENT);
  CHECK(catacomb_graph_node_count(NULL) == -1);
  CHECK(strcmp(catacomb_last_error(), "graph = NULL (expected a graph handle)") == 0);
  catacomb_graph_free(g);
  catacomb_graph_free(NULL);
  catacomb_dungeon_free(d);
}

static void test_null_handles(void) {
  CHECK(catacomb_generate(NULL, 1) == NULL);
  CHECK(strcmp(catacomb_last_error(), "config = NULL (expected a config handle)") == 0);
  CHECK(catacomb_config_to_json(NULL) == NULL);
  CHECK(catacomb_dungeon_to_json(NULL) == NULL);
  CHECK(strcmp(catacomb_last_error(), "dungeon = NULL (expected a dungeon handle)") == 0);
  CHECK(catacomb_dungeon_to_text(NULL) == NULL);
  CHECK(catacomb_dungeon_width(NULL) == 0);
  CHECK(catacomb_dungeon_height(NULL) == 0);
  CHECK(catacomb_dungeon_seed(NULL) == 0);
  CHECK(catacomb_dungeon_tile(NULL, 0, 0) == 0);
  CHECK(catacomb_dungeon_objective_count(NULL) == -1);
  CHECK(catacomb_dungeon_objective(NULL, 0, NULL, NULL, NULL) == -1);
  CHECK(catacomb_dungeon_objective_switch(NULL, 0) == -1);
  CHECK(catacomb_dungeon_door_count(NULL) == -1);
  CHECK(catacomb_dungeon_door(NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL) == -1);
  CHECK(catacomb_player_set_switch(NULL, 1, 1) == -1);
  CHECK(strcmp(catacomb_last_error(), "player = NULL (expected a player handle)") == 0);
  CHECK(catacomb_player_switches(NULL) == -1);
  CHECK(catacomb_validate(NULL) == -1);
  CHECK_ERROR("dungeon = NULL");
  CHECK(catacomb_find_path(NULL, 0, 0, 0, 0, NULL, 0, NULL) == -1);
  CHECK(catacomb_dungeon_write_png(NULL, "x.png", 1, NULL, 0) == -1);
  catacomb_config_free(NULL);
  catacomb_dungeon_free(NULL);
  catacomb_string_free(NULL);
  CHECK(catacomb_last_error() != NULL);
}

/* A build farm's job k of n: catacomb_shard_seeds's ranges, from C, cover the seeds in order. */
static void test_shard_seeds(void) {
  uint64_t next = 5, first = 0, count = 0;
  int k;
  for (k = 1; k <= 4; ++k) {
    CHECK(catacomb_shard_seeds(5, 10, k, 4, &first, &count) == 0);
    CHECK(first == next);
    CHECK(count == 2 || count == 3);
    next += count;
  }
  CHECK(next == 15);
  CHECK(catacomb_shard_seeds(5, 10, 0, 4, &first, &count) == -1);
  CHECK(strcmp(catacomb_last_error(), "shard = 0/4 (expected K/N with 1 <= K <= N <= 1000000, e.g. 1/4)") == 0);
  CHECK(catacomb_shard_seeds(5, 10, 1, 4, NULL, &count) == -1);
  CHECK_ERROR("shard_first = NULL");
}

/* A game replaying the walkthrough of a dungeon with consumable keys and switches, its player's
 * state kept in step: a key taken is added, a door opened is marked and its key spent
 * (catacomb_player_remove_key), a switch toggled; each step's route (catacomb_report_step_route)
 * starts where the previous one ended, and the player can walk it from the state so far. */
static void test_walkthrough_replay(void) {
  catacomb_config* config = catacomb_config_from_json(
      "{\"width\": 60, \"height\": 40, \"locks\": 2, \"key_rule\": \"consumable\", \"switches\": 1}");
  CHECK(config != NULL);
  catacomb_dungeon* d = config ? catacomb_generate(config, 5) : NULL;
  CHECK(d != NULL);
  catacomb_report* report = d ? catacomb_report_new(d) : NULL;
  catacomb_player* player = catacomb_player_new();
  CHECK(report != NULL && player != NULL);
  if (report && player) {
    const int steps = catacomb_report_step_count(report);
    int from_x = -1, from_y = -1, doors = 0, toggles = 0, ok = 1;
    CHECK(steps >= 5);
    for (int i = 0; i < steps && ok; ++i) {
      const char* kind = NULL;
      int x = -1, y = -1, lock = -1;
      ok = catacomb_report_step(report, i, &kind, &x, &y, &lock, NULL, NULL) == 0;
      const int n = catacomb_report_step_route(report, i, NULL, 0);
      int* route = n > 0 ? malloc(2 * (size_t)n * sizeof(int)) : NULL;
      ok = ok && route != NULL && catacomb_report_step_route(report, i, route, n) == n;
      if (!ok) {
        free(route);
        break;
      }
      ok = route[2 * n - 2] == x && route[2 * n - 1] == y && (i == 0 || (route[0] == from_x && route[1] == from_y));
      ok = ok && catacomb_find_player_path(d, player, route[0], route[1], x, y, NULL, 0, NULL, NULL, 0, NULL) > 0;
      if (strcmp(kind, "take-key") == 0) {
        ok = ok && catacomb_player_add_key(player, lock) == 0;
      } else if (strcmp(kind, "open-door") == 0) {
        ok = ok && catacomb_player_open_door(player, x, y) == 0 && catacomb_player_remove_key(player, lock) == 0;
        ++doors;
      } else if (strcmp(kind, "toggle") == 0) {
        const int id = catacomb_report_step_switch(report, i);
        const int on = (catacomb_player_switches(player) >> (id - 1)) & 1;
        ok = ok && id >= 1 && id <= 9 && catacomb_player_set_switch(player, id, !on) == 0;
        ++toggles;
      } else {
        ok = ok && catacomb_report_step_switch(report, i) == 0;
      }
      if (!ok)
        fprintf(stderr, "  walkthrough step %d (%s at %d,%d) failed: %s\n", i, kind, x, y, catacomb_last_error());
      from_x = x;
      from_y = y;
      free(route);
    }
    CHECK(ok);
    CHECK(doors >= 2);
    CHECK(toggles >= 1);
    /* Every key taken was spent on a door: none is left, and spending one more is refused. */
    CHECK(catacomb_player_keys(player, 1) == 0 && catacomb_player_keys(player, 2) == 0);
    CHECK(catacomb_player_remove_key(player, 1) == -1);
    CHECK(catacomb_last_error_code() == CATACOMB_INVALID_ARGUMENT);
    CHECK_ERROR("lock = 1 (expected a lock the player holds a key of");
  }
  catacomb_player_free(player);
  catacomb_report_free(report);
  catacomb_dungeon_free(d);
  catacomb_config_free(config);
}

/* A dungeon from the starter template set and the two-cycles mission (nine rooms), set key by key
 * and from a JSON config. */
static void test_templates_and_mission(void) {
  const char* set = CATACOMB_SOURCE_DIR "/examples/templates/crypt.tmj";
  const char* mission = CATACOMB_SOURCE_DIR "/examples/missions/two-cycles.json";
  catacomb_config* c = catacomb_config_new();
  CHECK(c != NULL);
  CHECK(catacomb_config_set(c, "templates", set) == 0);
  CHECK(catacomb_config_set(c, "mission", mission) == 0);
  catacomb_dungeon* d = catacomb_generate(c, 2);
  CHECK(d != NULL);
  CHECK(catacomb_dungeon_room_count(d) == 9);
  CHECK(catacomb_completable(d) == 1);
  char json[1024];
  snprintf(json, sizeof json, "{\"templates\": \"%s\", \"mission\": \"%s\"}", set, mission);
  catacomb_config* from_json = catacomb_config_from_json(json);
  CHECK(from_json != NULL);
  catacomb_dungeon* twin = from_json ? catacomb_generate(from_json, 2) : NULL;
  CHECK(twin != NULL);
  if (d && twin) CHECK(same_dungeon(d, twin));
  CHECK(catacomb_config_set(c, "templates", "no-such-set.tmj") == -1);
  CHECK(catacomb_last_error_code() == CATACOMB_IO);
  CHECK_ERROR("no-such-set.tmj");
  catacomb_dungeon_free(twin);
  catacomb_dungeon_free(d);
  catacomb_config_free(from_json);
  catacomb_config_free(c);
}

/* Cells, sight, distances, a walked path and an edit, as a C game uses them (libtcod's map, FOV,
 * Dijkstra and path walker): enums, caller buffers and status codes. */
static void test_cells_sight_and_walking(void) {
  catacomb_config* c = catacomb_config_from_json("{\"locks\": 1}");
  catacomb_dungeon* d = c ? catacomb_generate(c, 4) : NULL;
  CHECK(d != NULL);
  if (!d) {
    catacomb_config_free(c);
    return;
  }
  const int w = catacomb_dungeon_width(d), h = catacomb_dungeon_height(d);
  int sx = 0, sy = 0, ex = 0, ey = 0;
  catacomb_objective_kind kind = CATACOMB_OBJECTIVE_OTHER;
  CHECK(catacomb_dungeon_objective(d, 0, NULL, &sx, &sy) == 0);
  CHECK(catacomb_dungeon_objective(d, 1, NULL, &ex, &ey) == 0);
  CHECK(catacomb_dungeon_objective_kind(d, 0, &kind) == 0 && kind == CATACOMB_OBJECTIVE_START);
  catacomb_terrain t = CATACOMB_TERRAIN_WALL;
  CHECK(catacomb_dungeon_terrain(d, sx, sy, &t) == 0 && t != CATACOMB_TERRAIN_WALL);
  CHECK(catacomb_dungeon_terrain(d, w, 0, &t) == -1);
  CHECK(catacomb_last_error_code() == CATACOMB_INVALID_ARGUMENT);
  int walkable = -1, blocks = -1;
  CHECK(catacomb_dungeon_walkable(d, NULL, sx, sy, &walkable) == 0 && walkable == 1);
  CHECK(catacomb_dungeon_blocks_sight(d, NULL, 0, 0, &blocks) == 0 && blocks == 1);
  double cost = 0;
  CHECK(catacomb_dungeon_cost(d, sx, sy, &cost) == 0 && cost > 0);
  int lx = 0, ly = 0, lock = 0, index = -2;
  catacomb_door_kind door = CATACOMB_DOOR_NONE;
  CHECK(catacomb_dungeon_locked_door(d, 0, &lx, &ly, &lock) == 0);
  CHECK(catacomb_dungeon_door_at(d, lx, ly, &door, &index) == 1 && door == CATACOMB_DOOR_LOCKED && index == 0);

  unsigned char* seen = malloc((size_t)w * (size_t)h);
  double* dist = malloc((size_t)w * (size_t)h * sizeof(double));
  CHECK(seen != NULL && dist != NULL);
  if (seen && dist) {
    CHECK(catacomb_fov(d, NULL, sx, sy, 8, 1, seen, (size_t)w * (size_t)h) == 0);
    CHECK(seen[sy * w + sx] == 1);
    CHECK(catacomb_fov(d, NULL, sx, sy, -1, 1, seen, (size_t)w * (size_t)h) == -1);
    CHECK_ERROR("radius = -1");
    CHECK(catacomb_distance_map(d, sx, sy, dist, (size_t)w * (size_t)h) == 0);
    CHECK(dist[sy * w + sx] == 0);
    catacomb_path* path = catacomb_path_new(d, NULL, sx, sy, ex, ey);
    CHECK(path != NULL && catacomb_path_size(path) > 0);
    int x = sx, y = sy, steps = 0;
    while (path && catacomb_path_walk(path, &x, &y) == 1) ++steps;
    CHECK(path != NULL && steps == catacomb_path_size(path) && x == ex && y == ey);
    CHECK(path != NULL && catacomb_path_cost(path) > dist[ey * w + ex] - 1e-9 &&
          catacomb_path_cost(path) < dist[ey * w + ex] + 1e-9);
    catacomb_path_free(path);
  }
  CHECK(catacomb_dungeon_set_terrain(d, 0, 0, CATACOMB_TERRAIN_FLOOR) == 0);
  CHECK(catacomb_dungeon_tile(d, 0, 0) == '.');
  CHECK(catacomb_dungeon_set_terrain(d, 0, 0, (catacomb_terrain)9) == -1);
  CHECK_ERROR("terrain = 9 (expected 0 to 8)");
  free(dist);
  free(seen);
  catacomb_dungeon_free(d);
  catacomb_config_free(c);
}

int main(void) {
  test_version();
  test_generate_round_trip_validate("{}", 7);
  test_generate_round_trip_validate("{\"generator\": \"caves\", \"width\": 64, \"height\": 40, \"water\": 0.1}", 11);
  test_generate_round_trip_validate("{\"generator\": \"rooms\", \"neighbors\": 4, \"costs\": \"tutorial\"}", 3);
  test_config_json_round_trip();
  test_bad_configs();
  test_bad_dungeons();
  test_null_handles();
  test_room_graph();
  test_walkthrough_replay();
  test_templates_and_mission();
  test_cells_sight_and_walking();
  test_shard_seeds();
  printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
