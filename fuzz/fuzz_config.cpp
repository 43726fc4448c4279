// The --config reader on any bytes: a config or InvalidArgument; a config it reads, written back,
// reads as the same JSON.
#include <catacomb/core/error.hpp>
#include <catacomb/io/config_json.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  uint64_t seed = 0;
  GenerateConfig cfg;
  try {
    cfg = generate_config_from_json(fuzz::as_text(data, size), {}, &seed, "fuzz");
  } catch (const InvalidArgument&) { return 0; }
  try {
    cfg.check();
  } catch (const InvalidArgument&) {}
  const std::string written = generate_config_to_json(cfg, &seed);
  uint64_t seed2 = 0;
  const GenerateConfig again = generate_config_from_json(written, {}, &seed2, "fuzz");
  fuzz::check(generate_config_to_json(again, &seed2) == written && seed2 == seed, "config write -> read round trip");
  return 0;
}
