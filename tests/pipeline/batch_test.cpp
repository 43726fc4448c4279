#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/pipeline/generate.hpp>

namespace catacomb {
namespace {

// Small maps with a lock and one attempt: about half the seeds fail, so both outcomes show.
GenerateConfig small_locked() {
  GenerateConfig c;
  c.width = 32;
  c.height = 24;
  c.locks = 1;
  c.max_attempts = 1;
  return c;
}

// Each seed's JSON map, or "failed: <why>", from generate_batch on `threads` threads.
std::vector<std::string> batch(const GenerateConfig& c, const std::vector<uint64_t>& seeds, int threads,
                               size_t* made = nullptr) {
  std::vector<std::string> out(seeds.size());
  std::vector<int> heard(seeds.size(), 0);
  std::mutex m;
  const size_t n = generate_batch(c, seeds, threads, [&](size_t i, BatchItem&& item) {
    const std::lock_guard lock(m);
    ++heard[i];
    EXPECT_EQ(item.seed, seeds[i]);
    EXPECT_FALSE(item.error);
    out[i] = item.result ? write_json_map(item.result->dungeon) : "failed: " + item.failure;
  });
  for (size_t i = 0; i < seeds.size(); ++i) EXPECT_EQ(heard[i], 1) << "index " << i;
  if (made) *made = n;
  return out;
}

TEST(BatchTest, EverySeedIsWhatGenerateDungeonGivesForAnyThreadCount) {
  const GenerateConfig c = small_locked();
  std::vector<uint64_t> seeds;
  for (uint64_t s = 1; s <= 40; ++s) seeds.push_back(s * 7919);
  size_t made = 0;
  const std::vector<std::string> one = batch(c, seeds, 1, &made);
  int failed = 0;
  for (size_t i = 0; i < seeds.size(); ++i) {
    std::string alone;
    try {
      alone = write_json_map(generate_dungeon(c, seeds[i]).dungeon);
    } catch (const GenerationError& e) {
      alone = std::string("failed: ") + e.what();
      ++failed;
    }
    EXPECT_EQ(one[i], alone) << "seed " << seeds[i];
  }
  EXPECT_GT(failed, 0);  // the test sees both outcomes
  EXPECT_LT(failed, 40);
  EXPECT_EQ(made, seeds.size() - static_cast<size_t>(failed));
  EXPECT_EQ(batch(c, seeds, 3), one);
  EXPECT_EQ(batch(c, seeds, 64), one);  // more threads than seeds
}

TEST(BatchTest, BadInputIsRefusedBeforeAnySeed) {
  const std::vector<uint64_t> seeds = {1, 2};
  int calls = 0;
  const BatchSink count = [&](size_t, BatchItem&&) { ++calls; };
  EXPECT_THROW(generate_batch(small_locked(), seeds, 0, count), InvalidArgument);
  EXPECT_THROW(generate_batch(small_locked(), seeds, kMaxThreads + 1, count), InvalidArgument);
  EXPECT_THROW(generate_batch(small_locked(), seeds, 1, BatchSink{}), InvalidArgument);
  GenerateConfig bad = small_locked();
  bad.width = 3;
  EXPECT_THROW(generate_batch(bad, seeds, 1, count), InvalidArgument);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(generate_batch(small_locked(), {}, 2, count), 0u);
}

// Shards 1..N of a batch, in order, hold every seed exactly once and in order, for any N (more
// shards than seeds too), with sizes that differ by at most one.
TEST(BatchShardTest, ShardsInOrderCoverTheSeedsOnceInOrder) {
  std::vector<uint64_t> seeds;
  for (uint64_t s = 0; s < 23; ++s) seeds.push_back(1000 + s * s);
  for (size_t total : {size_t{0}, size_t{1}, size_t{7}, size_t{23}}) {
    const std::span<const uint64_t> all(seeds.data(), total);
    for (int n : {1, 2, 3, 5, 7, 23, 40}) {
      std::vector<uint64_t> joined;
      uint64_t smallest = total, largest = 0;
      for (int k = 1; k <= n; ++k) {
        const std::span<const uint64_t> part = shard_seeds(all, {k, n});
        const ShardRange r = shard_range(total, {k, n});
        EXPECT_EQ(r.first, joined.size()) << k << "/" << n << " of " << total;
        EXPECT_EQ(r.count, part.size());
        smallest = std::min<uint64_t>(smallest, part.size());
        largest = std::max<uint64_t>(largest, part.size());
        joined.insert(joined.end(), part.begin(), part.end());
      }
      EXPECT_EQ(joined, std::vector<uint64_t>(all.begin(), all.end())) << n << " shards of " << total;
      EXPECT_LE(largest - smallest, 1u) << n << " shards of " << total;
    }
  }
  // floor((K-1) M / N) .. floor(K M / N): 10 seeds in 3 shards are 3, 3 and 4.
  EXPECT_EQ(shard_range(10, {1, 3}).count, 3u);
  EXPECT_EQ(shard_range(10, {2, 3}).first, 3u);
  EXPECT_EQ(shard_range(10, {3, 3}).count, 4u);
  // No overflow at the top of the 64-bit range with the most shards.
  const uint64_t huge = 18446744073709551615u;
  const ShardRange last = shard_range(huge, {kMaxBatchShards, kMaxBatchShards});
  EXPECT_EQ(last.first + last.count, huge);
  const ShardRange second = shard_range(huge, {2, kMaxBatchShards});
  EXPECT_EQ(second.first, shard_range(huge, {1, kMaxBatchShards}).count);
}

// Each shard's generate_batch, put together in shard order, is one generate_batch of every seed.
TEST(BatchShardTest, ShardedBatchesGiveTheUnshardedBatchWhateverN) {
  const GenerateConfig c = small_locked();
  std::vector<uint64_t> seeds;
  for (uint64_t s = 1; s <= 12; ++s) seeds.push_back(s * 104729);
  const std::vector<std::string> one = batch(c, seeds, 1);
  for (int n : {2, 5, 12, 15}) {
    std::vector<std::string> joined;
    for (int k = 1; k <= n; ++k) {
      const std::span<const uint64_t> part = shard_seeds(seeds, {k, n});
      const std::vector<std::string> got = batch(c, std::vector<uint64_t>(part.begin(), part.end()), 2);
      joined.insert(joined.end(), got.begin(), got.end());
    }
    EXPECT_EQ(joined, one) << n << " shards";
  }
}

TEST(BatchShardTest, ShardsAreReadAndCheckedNamingTheBadValue) {
  EXPECT_EQ(parse_batch_shard("2/8").index, 2);
  EXPECT_EQ(parse_batch_shard("2/8").count, 8);
  EXPECT_EQ(parse_batch_shard("1000000/1000000").index, kMaxBatchShards);
  for (const char* bad : {"", "2", "0/3", "4/3", "1/1000001", "1/-2", "a/b", "1/2/3", " 1/2", "1/2 "}) {
    try {
      parse_batch_shard(bad, "SHARD");
      ADD_FAILURE() << "accepted " << bad;
    } catch (const InvalidArgument& e) {
      EXPECT_EQ(std::string(e.what()),
                std::string("SHARD = ") + bad + " (expected K/N with 1 <= K <= N <= 1000000, e.g. 1/4)");
    }
  }
  for (const BatchShard bad :
       {BatchShard{0, 3}, BatchShard{4, 3}, BatchShard{1, 0}, BatchShard{1, kMaxBatchShards + 1}})
    EXPECT_THROW(shard_range(10, bad), InvalidArgument);
  EXPECT_THROW(shard_seeds(std::vector<uint64_t>{1, 2}, {3, 2}), InvalidArgument);
}

}  // namespace
}  // namespace catacomb
