// The JSON map reader on any bytes: a Dungeon or InvalidArgument; what it reads writes back to
// the same tiles, objectives and rooms.
#include <catacomb/core/error.hpp>
#include <catacomb/io/json_map.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  Dungeon d;
  try {
    d = read_json_map(fuzz::as_text(data, size));
  } catch (const InvalidArgument&) { return 0; }
  const Dungeon again = read_json_map(write_json_map(d));
  fuzz::check(again.tiles == d.tiles && again.objectives == d.objectives && again.rooms == d.rooms,
              "JSON map write -> read round trip");
  return 0;
}
