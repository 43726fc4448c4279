// The Griddly legend reader (io/game_formats.hpp, read_griddly_legend) on any bytes: a legend with
// no problems, or InvalidArgument; a legend it returns draws a 3x3 map with every kind as a level
// string of one character per cell, each cell the legend's (no digit, space or '.' but terrain's).
#include <catacomb/core/error.hpp>
#include <catacomb/io/game_formats.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  GriddlyLegend legend;
  try {
    legend = read_griddly_legend(fuzz::as_text(data, size));
  } catch (const InvalidArgument&) { return 0; }
  fuzz::check(legend.problems().empty(), "read_griddly_legend returned a legend with problems");
  Dungeon d;
  d.tiles = Grid<Terrain>(3, 3);
  d.tiles[Point{1, 1}] = Terrain::Door;
  d.tiles[Point{0, 0}] = Terrain::Floor;
  d.objectives = {{ObjectiveKind::Start, {0, 0}}, {ObjectiveKind::Switch, {2, 2}, 0, 9}};
  d.doors = {{{1, 1}, DoorKind::OneWay, 0, false, {-1, 0}}};
  const std::string text = write_level_string(d, legend);
  fuzz::check(text.size() == 18, "a 3x3 level string is 3 rows of 5 bytes and a newline");
  fuzz::check(text[0] == legend.start[0] && text[8] == legend.one_way[3] && text[16] == legend.switches[8],
              "each cell is its legend entry's character");
  return 0;
}
