// The bounded-memory parts of a batch summary: the keyed line sorter and the streamed
// percentiles, each made to spill with a tiny chunk and checked against the in-memory answer.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "support/test_support.hpp"
#include "tools/batch/batch_report.hpp"
#include "tools/batch/batch_stream.hpp"
#include "tools/batch/percentiles.hpp"

namespace catacomb {
namespace {

using cli::KeyedLineSorter;
using cli::StreamPercentiles;

std::vector<std::pair<uint64_t, std::string>> drained(KeyedLineSorter& s) {
  std::vector<std::pair<uint64_t, std::string>> out;
  s.drain([&](uint64_t k, std::string_view line) { out.emplace_back(k, std::string(line)); });
  return out;
}

TEST(KeyedLineSorterTest, InMemoryAndSpilledGiveTheKeysInOrderWithTheirLastLine) {
  for (size_t chunk : {size_t{1} << 30, size_t{300}, size_t{1}}) {
    test::TempDir dir;
    std::mt19937_64 rng(7);
    std::map<uint64_t, std::string> expected;
    {
      KeyedLineSorter sorter(dir.file(".catacomb-batch.journal"), chunk);
      for (int i = 0; i < 2000; ++i) {
        const uint64_t key = i % 5 == 0 ? ~uint64_t{0} - rng() % 3 : rng() % 700;  // duplicates, huge keys
        const std::string line = "{\"i\":" + std::to_string(i) + ",\"pad\":\"" + std::string(rng() % 40, 'x') + "\"}";
        sorter.add(key, line);
        expected[key] = line;
      }
      if (chunk == 300) {
        EXPECT_GT(sorter.runs(), 10u);
      } else if (chunk == size_t{1} << 30) {
        EXPECT_EQ(sorter.runs(), 0u);
      }
      const auto got = drained(sorter);
      ASSERT_EQ(got.size(), expected.size()) << "chunk " << chunk;
      size_t i = 0;
      for (const auto& [key, line] : expected) {
        EXPECT_EQ(got[i].first, key);
        EXPECT_EQ(got[i].second, line) << "key " << key << ", chunk " << chunk;
        ++i;
      }
    }
    EXPECT_TRUE(test::list_dir(dir.path()).empty()) << "the spill file is removed";
  }
}

TEST(KeyedLineSorterTest, NothingAddedDrainsNothing) {
  test::TempDir dir;
  KeyedLineSorter sorter(dir.file("j"), 10);
  EXPECT_TRUE(drained(sorter).empty());
}

TEST(StreamPercentilesTest, SpilledSelectionIsExactlyTheSortedAnswer) {
  std::mt19937_64 rng(11);
  for (size_t n : {size_t{1}, size_t{2}, size_t{3}, size_t{99}, size_t{100}, size_t{101}, size_t{1000}, size_t{4099}}) {
    test::TempDir dir;
    std::vector<double> values;
    StreamPercentiles in_memory(dir.file("j"), 1 << 20), spilled(dir.file("j"), 7);
    for (size_t i = 0; i < n; ++i) {
      double v = 0;
      switch (rng() % 4) {
        case 0: v = static_cast<double>(rng() % 50); break;           // ties
        case 1: v = -static_cast<double>(rng() % 1000) / 8.0; break;  // negatives
        case 2: v = std::ldexp(static_cast<double>(rng() % 1000), static_cast<int>(rng() % 60) - 30); break;
        default: v = static_cast<double>(rng()) / 3.0; break;
      }
      values.push_back(v);
      in_memory.add(v);
      spilled.add(v);
    }
    EXPECT_EQ(spilled.spilled(), n >= 7);
    const cli::Percentiles want = cli::nearest_rank_percentiles(values);
    for (StreamPercentiles* s : {&in_memory, &spilled}) {
      const cli::Percentiles got = s->result();
      EXPECT_EQ(got.min, want.min) << n;
      EXPECT_EQ(got.p50, want.p50) << n;
      EXPECT_EQ(got.p90, want.p90) << n;
      EXPECT_EQ(got.p99, want.p99) << n;
      EXPECT_EQ(got.max, want.max) << n;
    }
  }
}

TEST(BatchJournalRowTest, AJournalLineGivesBackTheValuesInFullAndTheLockColumns) {
  cli::SeedRow row;
  row.seed = 18446744073709551615ull;
  row.valid = true;
  row.attempts = 2;
  row.open_fraction = 1.0 / 3.0;
  row.route_cost = 12.3456789;
  row.route_length = 10;
  row.critical_length = 17;
  row.critical_cost = 18.25;
  row.keys_on_critical_path = 2;
  row.backtracking = 3;
  row.optional_objectives = 1;
  row.branchiness = 0.25;
  row.cycles = 2;
  row.critical_share = 0.125;
  row.generate_ms = 0.1234567;
  row.png = "seed-18446744073709551615.png";
  const cli::BatchColumns columns{false, false, true, false, true};
  const std::string line = cli::batch_journal_row(row, columns);
  ASSERT_EQ(line.back(), '\n');
  EXPECT_EQ(line.substr(0, line.find(",\"open_fraction_exact\"")) + "}\n", cli::batch_jsonl_row(row, columns));
  cli::SeedRow back;
  ASSERT_TRUE(cli::batch_row_from_jsonl(std::string_view(line).substr(0, line.size() - 1), back));
  EXPECT_EQ(back.seed, row.seed);
  EXPECT_EQ(back.open_fraction, row.open_fraction);
  EXPECT_EQ(back.route_cost, row.route_cost);
  EXPECT_EQ(back.generate_ms, row.generate_ms);
  EXPECT_EQ(back.critical_length, 17);
  EXPECT_EQ(back.critical_cost, 18.25);
  EXPECT_EQ(back.keys_on_critical_path, 2);
  EXPECT_EQ(back.backtracking, 3);
  EXPECT_EQ(back.optional_objectives, 1);
  EXPECT_EQ(back.branchiness, 0.25);
  EXPECT_EQ(back.cycles, 2);
  EXPECT_EQ(back.critical_share, 0.125);
  EXPECT_EQ(cli::batch_csv_row(back, columns), cli::batch_csv_row(row, columns));
  // A seeds.jsonl line (rounded values) reads back too.
  ASSERT_TRUE(cli::batch_row_from_jsonl(cli::batch_jsonl_row(row, columns), back));
  EXPECT_EQ(back.route_cost, 12.346);
  EXPECT_EQ(cli::batch_csv_row(back, columns), cli::batch_csv_row(row, columns));
  // A count that is not a whole number the row's field holds is refused, not converted (the
  // fuzzer's find: "objectives" past uint64 parses as a float, past every int).
  for (const char* bad : {"518446744073709551615", "5.5e20", "2147483648", "-1.5", "1.0"}) {
    const std::string edited = std::regex_replace(line, std::regex("\"objectives\":[0-9]+"),
                                                  std::string("\"objectives\":") + bad);
    ASSERT_NE(edited, line) << bad;
    EXPECT_FALSE(cli::batch_row_from_jsonl(std::string_view(edited).substr(0, edited.size() - 1), back)) << bad;
  }
}

}  // namespace
}  // namespace catacomb
