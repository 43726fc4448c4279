// A map of any format (parse_map: JSON, Moving AI or ASCII by content), validated and routed on:
// the search finds a route to an objective exactly when validate says it is reachable, at the
// cost validate reports; the map survives write -> read in the JSON, ASCII and Moving AI formats.
#include <cmath>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/pathing/search.hpp>
#include <catacomb/validate/validate.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  Dungeon d;
  try {
    d = parse_map(fuzz::as_text(data, size));
  } catch (const InvalidArgument&) { return 0; }
  const ValidateOptions options;
  const ValidationReport report = validate_dungeon(d, options);
  const Objective* start = nullptr;
  int starts = 0;
  for (const Objective& o : d.objectives)
    if (o.kind == ObjectiveKind::Start && ++starts == 1) start = &o;
  if (starts == 1 && d.tiles.in_bounds(start->pos)) {
    GridSearch search;
    search.set_map(d.tiles, options.costs);
    SearchOptions so;
    so.moves = options.moves;
    for (const ObjectiveReport& o : report.objectives) {
      if (!d.tiles.in_bounds(o.objective.pos)) {
        fuzz::check(!o.reachable, "an objective off the map is not reachable");
        continue;
      }
      const PathResult r = search.find_path(start->pos, o.objective.pos, so);
      fuzz::check(r.found() == o.reachable, "a route exists exactly when validate says reachable");
      if (r.found())
        fuzz::check(std::abs(r.cost - o.cost) <= 1e-9 * std::max(1.0, o.cost), "route cost equals validate's cost");
    }
  } else {
    fuzz::check(!report.valid, "a map without exactly one start on the map is invalid");
  }

  const Dungeon json = read_json_map(write_json_map(d));
  fuzz::check(json.tiles == d.tiles && json.objectives == d.objectives && json.rooms == d.rooms, "JSON round trip");
  std::string ascii;
  try {
    ascii = write_ascii(d);  // refuses what ASCII cannot hold (two starts, objectives off the map)
  } catch (const InvalidArgument&) {}
  if (!ascii.empty()) {
    Grid<Terrain> expected = d.tiles;  // a marker stands on floor in ASCII
    for (const Objective& o : d.objectives) expected[o.pos] = Terrain::Floor;
    fuzz::check(read_ascii(ascii).tiles == expected, "ASCII round trip");
  }
  const Grid<Terrain> moving = read_movingai_map(write_movingai_map(d.tiles, options.costs));
  for (int y = 0; y < d.tiles.height(); ++y)
    for (int x = 0; x < d.tiles.width(); ++x)
      fuzz::check(options.costs.passable(moving(x, y)) == options.costs.passable(d.tiles(x, y)),
                  "Moving AI round trip");
  return 0;
}
