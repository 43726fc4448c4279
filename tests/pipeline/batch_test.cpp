#include <gtest/gtest.h>

#include <mutex>
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

}  // namespace
}  // namespace catacomb
