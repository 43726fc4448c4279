// The C API's batches: catacomb_generate_batch generates seeds first_seed .. first_seed + count - 1
// on `threads` threads into the caller's buffer, the same bytes as one catacomb_generate each;
// catacomb_shard_seeds splits such a range for several processes or machines (shard_range).
#include <limits>

#include "capi_internal.hpp"

#include <tuple>

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
    GenerateConfig c = config->config;
    std::tie(c.width, c.height) = c.map_size();  // a width or height of 0 with a mission: chosen from it
    const auto cells = static_cast<size_t>(c.width) * static_cast<size_t>(c.height);
    if (tiles_size / cells < static_cast<size_t>(count))
      throw InvalidArgument(FieldProblem{
          "tiles_size", std::to_string(tiles_size),
          "at least " + std::to_string(cells) + " x " + std::to_string(count) + " bytes (width x height x count)"});
    std::vector<uint64_t> seeds(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) seeds[static_cast<size_t>(i)] = first_seed + static_cast<uint64_t>(i);
    // A seed's cells and status depend on its seed only (generate_batch).
    const size_t made = generate_batch(c, seeds, std::min(threads, count), [&](size_t i, BatchItem&& item) {
      char* out = tiles + i * cells;
      if (item.result) {
        for (size_t k = 0; k < cells; ++k) out[k] = terrain_char(item.result->dungeon.tiles.data()[k]);
        statuses[i] = CATACOMB_OK;
        return;
      }
      std::memset(out, '#', cells);
      statuses[i] = item.out_of_memory ? CATACOMB_OUT_OF_MEMORY
                    : item.error       ? CATACOMB_INTERNAL
                                       : CATACOMB_NO_VALID_DUNGEON;
    });
    return static_cast<int>(made);
  });
}

int catacomb_shard_seeds(uint64_t first_seed, uint64_t count, int shard, int shards, uint64_t* shard_first,
                         uint64_t* shard_count) {
  return guarded<int>(-1, [&] {
    need(shard_first, "shard_first", "room for the shard's first seed");
    need(shard_count, "shard_count", "room for the shard's number of seeds");
    if (count > 0 && first_seed > std::numeric_limits<uint64_t>::max() - (count - 1))
      throw InvalidArgument(FieldProblem{"count", std::to_string(count),
                                         "at most " +
                                             std::to_string(std::numeric_limits<uint64_t>::max() - first_seed + 1) +
                                             " (first_seed + count - 1 at most 2^64 - 1)"});
    const ShardRange r = shard_range(count, BatchShard{shard, shards});
    *shard_first = first_seed + r.first;
    *shard_count = r.count;
    return 0;
  });
}

}  // extern "C"
