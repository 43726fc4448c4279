// generate_batch: one config, many seeds, on a pool of threads. Each worker takes the next index
// from an atomic counter and generates that seed alone (config.threads = 1), so a seed's outcome
// is generate_dungeon's for that seed whatever the thread count; only the order in which the sink
// hears the seeds varies. Memory: one GenerateResult per worker at a time, handed to the sink.
#include <catacomb/pipeline/generate.hpp>

#include <algorithm>
#include <atomic>
#include <new>
#include <thread>

namespace catacomb {

size_t generate_batch(const GenerateConfig& config, std::span<const uint64_t> seeds, int threads,
                      const BatchSink& take) {
  if (!threads_in_range(threads))
    throw InvalidArgument(FieldProblem{"threads", std::to_string(threads), threads_range_text()});
  if (!take) throw InvalidArgument(FieldProblem{"take", "empty", "a function that takes each seed's outcome"});
  config.check();
  GenerateConfig one = config;
  one.threads = 1;
  std::atomic<size_t> next{0}, made{0};
  auto work = [&] {
    for (size_t i = next++; i < seeds.size(); i = next++) {
      BatchItem item;
      item.seed = seeds[i];
      try {
        item.result = generate_dungeon(one, item.seed);
        ++made;
      } catch (const GenerationError& e) { item.failure = e.what(); } catch (const std::bad_alloc&) {
        item.failure = "out of memory";
        item.out_of_memory = true;
      } catch (...) {
        item.failure = "an internal error";
        item.error = std::current_exception();
      }
      take(i, std::move(item));
    }
  };
  const size_t workers = std::min<size_t>(static_cast<size_t>(threads), std::max<size_t>(seeds.size(), 1));
  std::vector<std::thread> pool;  // not jthread: Emscripten's libc++ has none
  for (size_t t = 1; t < workers; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return made.load();
}

}  // namespace catacomb
