/* catacomb from C: generate a dungeon from a JSON config, check that it is playable, find the
 * route from the start to the exit, print it over the map and write a PNG of it.
 *
 *   ./catacomb_c_example [seed] [out.png]
 *
 * Build against an installed catacomb, either way:
 *   cc -std=c11 main.c $(pkg-config --cflags --libs catacomb) -o catacomb_c_example
 *   cmake -S . -B build -DCMAKE_PREFIX_PATH=/path/to/prefix && cmake --build build
 */
#include <catacomb/catacomb.h>

#include <stdio.h>
#include <stdlib.h>

static const char* kConfig =
    "{\"generator\": \"rooms\", \"width\": 60, \"height\": 30, \"room_count\": 10,"
    " \"objectives\": 2, \"water\": 0.05}";

int main(int argc, char** argv) {
  const uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 7;
  const char* png = argc > 2 ? argv[2] : "route.png";
  int status = 1;
  catacomb_dungeon* dungeon = NULL;
  char* map = NULL;
  int* route = NULL;

  printf("catacomb %s\n", catacomb_version());
  catacomb_config* config = catacomb_config_from_json(kConfig);
  if (!config) {
    fprintf(stderr, "config: %s\n", catacomb_last_error());
    goto done;
  }
  dungeon = catacomb_generate(config, seed);
  if (!dungeon) {
    fprintf(stderr, "generate: %s\n", catacomb_last_error());
    goto done;
  }
  const int valid = catacomb_validate(dungeon);
  if (valid != 1) {
    fprintf(stderr, "validate: %s\n", valid == 0 ? catacomb_last_error() : "error");
    goto done;
  }

  /* The start and the exit are the first two objectives. */
  int sx, sy, ex, ey;
  if (catacomb_dungeon_objective(dungeon, 0, NULL, &sx, &sy) != 0 ||
      catacomb_dungeon_objective(dungeon, 1, NULL, &ex, &ey) != 0) {
    fprintf(stderr, "objectives: %s\n", catacomb_last_error());
    goto done;
  }
  /* Ask for the length first, then fetch the cells. */
  const int cells = catacomb_find_path(dungeon, sx, sy, ex, ey, NULL, 0, NULL);
  if (cells <= 0) {
    fprintf(stderr, "route: %s\n", cells == 0 ? "none" : catacomb_last_error());
    goto done;
  }
  route = malloc(sizeof(int) * 2 * (size_t)cells);
  double cost = 0;
  if (!route || catacomb_find_path(dungeon, sx, sy, ex, ey, route, cells, &cost) != cells) goto done;

  /* The map with the route drawn as '*' (the start and exit markers stay). */
  map = catacomb_dungeon_to_text(dungeon);
  if (!map) goto done;
  const int width = catacomb_dungeon_width(dungeon);
  for (int i = 1; i + 1 < cells; ++i) map[route[2 * i + 1] * (width + 1) + route[2 * i]] = '*';
  fputs(map, stdout);
  printf("seed %llu: %dx%d, valid; route from (%d,%d) to (%d,%d): %d cells, cost %.2f\n", (unsigned long long)seed,
         width, catacomb_dungeon_height(dungeon), sx, sy, ex, ey, cells, cost);

  if (catacomb_dungeon_write_png(dungeon, png, 8, route, cells) != 0) {
    fprintf(stderr, "png: %s\n", catacomb_last_error());
    goto done;
  }
  printf("wrote %s\n", png);
  status = 0;

done:
  free(route);
  catacomb_string_free(map);
  catacomb_dungeon_free(dungeon);
  catacomb_config_free(config);
  return status;
}
