// The Moving AI scenario reader on any bytes: problems or InvalidArgument, every problem inside
// the map size it states.
#include <catacomb/core/error.hpp>
#include <catacomb/io/movingai.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  std::vector<Scenario> problems;
  try {
    problems = read_scenarios(fuzz::as_text(data, size));
  } catch (const InvalidArgument&) { return 0; }
  for (const Scenario& s : problems) {
    fuzz::check(s.map_width >= 1 && s.map_height >= 1 && s.map_width <= kMaxSide && s.map_height <= kMaxSide,
                "scenario map size in range");
    fuzz::check(s.start.x >= 0 && s.start.x < s.map_width && s.start.y >= 0 && s.start.y < s.map_height &&
                    s.goal.x >= 0 && s.goal.x < s.map_width && s.goal.y >= 0 && s.goal.y < s.map_height,
                "scenario start and goal inside the map");
    fuzz::check(s.optimal_length >= 0 && !s.map.empty(), "scenario length and map name");
  }
  return 0;
}
