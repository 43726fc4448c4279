// generate_dungeon_within: generate_dungeon under a time limit. The steady clock is read only by
// the stop hook, between attempts; an attempt runs as it would without a limit, so a dungeon
// returned is the seed's own. The one place the CLI's --time-limit, the C API's time_limit_ms and
// Python's time_limit are made.
#include <catacomb/pipeline/generate.hpp>

#include <chrono>
#include <memory>

namespace catacomb {

GenerateResult generate_dungeon_within(const GenerateConfig& config, uint64_t seed, int64_t limit_ms,
                                       const StageHook& on_stage) {
  if (limit_ms < 0)
    throw InvalidArgument(FieldProblem{"time limit", std::to_string(limit_ms) + " ms", "0 (none) or more ms"});
  if (limit_ms == 0) return generate_dungeon(config, seed, on_stage);
  GenerateConfig timed = config;
  auto stopped = std::make_shared<bool>(false);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
  timed.stop = [deadline, stopped, outer = config.stop] {
    if (outer && outer()) return true;
    return *stopped = std::chrono::steady_clock::now() >= deadline;
  };
  const std::string why = "time limit of " + std::to_string(limit_ms) + " ms reached: ";
  try {
    return generate_dungeon(timed, seed, on_stage);
  } catch (const PartialLayoutError& e) {
    if (!*stopped) throw;
    throw PartialLayoutError(why + e.what(), std::make_shared<const Dungeon>(e.partial()), e.summary());
  } catch (const GenerationError& e) {
    if (!*stopped) throw;
    throw GenerationError(why + e.what());
  }
}

}  // namespace catacomb
