// The ASCII map reader on any bytes: a Dungeon or InvalidArgument, nothing else; what it reads
// writes back to the same tiles, objectives and doors (gates, one-way and secret).
#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  Dungeon d;
  try {
    d = read_ascii(fuzz::as_text(data, size));
  } catch (const InvalidArgument&) { return 0; }
  const Dungeon again = read_ascii(write_ascii(d));
  fuzz::check(again.tiles == d.tiles && again.objectives == d.objectives && again.doors == d.doors,
              "ASCII write -> read round trip");
  return 0;
}
