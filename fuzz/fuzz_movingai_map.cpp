// The Moving AI .map reader on any bytes: a grid or InvalidArgument; written back, the same grid.
#include <catacomb/core/error.hpp>
#include <catacomb/io/movingai.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  Grid<Terrain> g;
  try {
    g = read_movingai_map(fuzz::as_text(data, size));
  } catch (const InvalidArgument&) { return 0; }
  fuzz::check(read_movingai_map(write_movingai_map(g, CostTable::dungeon())) == g,
              "Moving AI write -> read round trip");
  return 0;
}
