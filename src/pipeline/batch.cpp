// generate_batch: one config, many seeds, on a pool of threads. Each worker takes the next index
// from an atomic counter and generates that seed alone (config.threads = 1), so a seed's outcome
// is generate_dungeon's for that seed whatever the thread count; only the order in which the sink
// hears the seeds varies. Memory: one GenerateResult per worker at a time, handed to the sink.
// And the split of a batch into shards for several processes or machines (shard_range): integer
// arithmetic on the seed count alone, the same on every machine.
#include <catacomb/pipeline/generate.hpp>

#include <algorithm>
#include <atomic>
#include <charconv>
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

namespace {

std::string shard_expected() { return "K/N with 1 <= K <= N <= " + std::to_string(kMaxBatchShards) + ", e.g. 1/4"; }

}  // namespace

void BatchShard::check() const {
  if (index < 1 || count < 1 || index > count || count > kMaxBatchShards)
    throw InvalidArgument(FieldProblem{"shard", std::to_string(index) + "/" + std::to_string(count), shard_expected()});
}

BatchShard parse_batch_shard(std::string_view text, std::string_view field) {
  auto number = [&](std::string_view s, int& v) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && ec == std::errc() && end == s.data() + s.size();
  };
  const size_t slash = text.find('/');
  BatchShard shard{0, 0};
  if (slash == std::string_view::npos || !number(text.substr(0, slash), shard.index) ||
      !number(text.substr(slash + 1), shard.count) || shard.index < 1 || shard.index > shard.count ||
      shard.count > kMaxBatchShards)
    throw InvalidArgument(FieldProblem{std::string(field), std::string(text), shard_expected()});
  return shard;
}

ShardRange shard_range(uint64_t total, const BatchShard& shard) {
  shard.check();
  // floor(K total / N) as K q + floor(K r / N) (total = q N + r): K r < N^2 <= 10^12, no overflow
  // for any total up to 2^64 - 1.
  const auto n = static_cast<uint64_t>(shard.count);
  const uint64_t q = total / n, r = total % n;
  const auto bound = [&](uint64_t k) { return k * q + k * r / n; };
  const uint64_t lo = bound(static_cast<uint64_t>(shard.index) - 1), hi = bound(static_cast<uint64_t>(shard.index));
  return {lo, hi - lo};
}

std::span<const uint64_t> shard_seeds(std::span<const uint64_t> seeds, const BatchShard& shard) {
  const ShardRange r = shard_range(seeds.size(), shard);
  return seeds.subspan(static_cast<size_t>(r.first), static_cast<size_t>(r.count));
}

}  // namespace catacomb
