// The C API's batches: catacomb_generate_batch generates seeds first_seed .. first_seed + count - 1
// on `threads` threads into the caller's buffer, the same bytes as one catacomb_generate each.
#include "capi_internal.hpp"

using namespace catacomb;
using namespace catacomb::capi;

extern "C" {

int catacomb_generate_batch(const catacomb_config* config, uint64_t first_seed, int count, int threads, char* tiles,
                            size_t tiles_size, int* statuses) {
  return guarded<int>(-1, [&] {
    need(config, "config", "a config handle");
    need_range("count", count, 1, 1 << 24);
    need_range("threads", threads, 1, kMaxThreads);
    need(tiles, "tiles", "room for count x width x height bytes");
    need(statuses, "statuses", "room for count statuses");
    const GenerateConfig& c = config->config;
    const auto cells = static_cast<size_t>(c.width) * static_cast<size_t>(c.height);
    if (tiles_size / cells < static_cast<size_t>(count))
      throw InvalidArgument(FieldProblem{
          "tiles_size", std::to_string(tiles_size),
          "at least " + std::to_string(cells) + " x " + std::to_string(count) + " bytes (width x height x count)"});
    GenerateConfig one = c;
    one.threads = 1;
    std::atomic<int> next{0}, made{0};
    // Each worker takes the next seed; a seed's cells and status depend on its seed only.
    auto work = [&] {
      for (int i = next++; i < count; i = next++) {
        char* out = tiles + static_cast<size_t>(i) * cells;
        try {
          const GenerateResult r = generate_dungeon(one, first_seed + static_cast<uint64_t>(i));
          for (size_t k = 0; k < cells; ++k) out[k] = terrain_char(r.dungeon.tiles.data()[k]);
          statuses[i] = CATACOMB_OK;
          ++made;
        } catch (const GenerationError&) {
          std::memset(out, '#', cells);
          statuses[i] = CATACOMB_NO_VALID_DUNGEON;
        } catch (const std::bad_alloc&) {
          std::memset(out, '#', cells);
          statuses[i] = CATACOMB_OUT_OF_MEMORY;
        } catch (...) {
          std::memset(out, '#', cells);
          statuses[i] = CATACOMB_INTERNAL;
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::min(threads, count); ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    return made.load();
  });
}

}  // extern "C"
