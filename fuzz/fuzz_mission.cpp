// The mission reader (io/mission_json.hpp) on any bytes: a Mission with no problems, or
// InvalidArgument; what it reads, written again by mission_to_json, reads back to the same
// mission (nodes, edges, objectives, doors and name).
#include <catacomb/core/error.hpp>
#include <catacomb/io/mission_json.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  Mission m;
  try {
    m = read_mission(fuzz::as_text(data, size), "fuzz");
  } catch (const InvalidArgument&) { return 0; }
  fuzz::check(m.problems().empty(), "read_mission returned a mission with problems");
  const Mission again = read_mission(mission_to_json(m), "fuzz");
  fuzz::check(again == m, "mission write -> read round trip");
  return 0;
}
