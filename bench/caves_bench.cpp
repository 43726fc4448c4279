// Cave smoothing speed. One 4096 x 4096 random fill (45 % wall, seed 1), one smoothing pass by:
//   PlainBytePass      a straightforward byte-per-cell pass written here (the baseline),
//   ReferencePass      smooth_pass_reference,
//   SmoothPass         smooth_pass (byte masks in and out, bit-parallel inside),
//   BitPass            smooth_pass_bits (bit grids in and out: what cave_mask runs per pass),
// for the default 4-5 rule, and the same for the variant "R1 >= 5 or R2 <= 2" (baseline: its
// reference). Each reports cell updates per second ("cells/s"); at the end a table gives each
// figure against its baseline. Before timing, every implementation's output is checked against
// the baseline's, and the program fails if any differs.
// Also generate_caves end to end (default recipe: fill, 5 passes, terrain) at 64, 256 and 1024
// square, with map cells per second.
//
//   build/h-cbench/bench/caves_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include <catacomb/generator/caves.hpp>
#include "generator/caves/bit_grid.hpp"
#include "support/reference/smooth_pass_reference.hpp"

namespace catacomb {
namespace {

using detail::BitGrid;
using detail::smooth_pass_bits;
using test::smooth_pass_reference;

constexpr int kSide = 4096;
constexpr double kCells = double{kSide} * kSide;

const WallMask& input() {
  static const WallMask m = [] {
    Rng rng = Rng::stream(1, "caves.fill");
    return random_fill(kSide, kSide, 45.0, rng);
  }();
  return m;
}

// The pass as one first writes it: nine reads per cell, out-of-map counted as wall.
void plain_byte_pass(const WallMask& src, WallMask& dst, int wall_threshold) {
  const int w = src.width(), h = src.height();
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      int walls = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = x + dx, ny = y + dy;
          walls += (nx < 0 || ny < 0 || nx >= w || ny >= h) ? 1 : src(nx, ny);
        }
      dst(x, y) = walls >= wall_threshold ? 1 : 0;
    }
  for (int x = 0; x < w; ++x) dst(x, 0) = dst(x, h - 1) = 1;
  for (int y = 0; y < h; ++y) dst(0, y) = dst(w - 1, y) = 1;
}

void count_cells(benchmark::State& state, double cells_per_iteration, const char* counter = "cells/s") {
  state.counters[counter] = benchmark::Counter(cells_per_iteration * static_cast<double>(state.iterations()),
                                               benchmark::Counter::kIsRate);
}

template <class Pass>
void run_byte_pass(benchmark::State& state, Pass pass) {
  const WallMask& src = input();
  WallMask dst(kSide, kSide, 0);
  for (auto _ : state) {
    pass(src, dst);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  count_cells(state, kCells);
}

void run_bit_pass(benchmark::State& state, int wall_threshold, int open_threshold) {
  const BitGrid src(input());
  BitGrid dst(kSide, kSide);
  for (auto _ : state) {
    smooth_pass_bits(src, dst, wall_threshold, open_threshold);
    benchmark::DoNotOptimize(dst.row(0));
    benchmark::ClobberMemory();
  }
  count_cells(state, kCells);
}

void BM_PlainBytePass(benchmark::State& state) {
  run_byte_pass(state, [](const WallMask& s, WallMask& d) { plain_byte_pass(s, d, 5); });
}
void BM_ReferencePass(benchmark::State& state) {
  run_byte_pass(state, [](const WallMask& s, WallMask& d) { smooth_pass_reference(s, d, 5); });
}
void BM_SmoothPass(benchmark::State& state) {
  run_byte_pass(state, [](const WallMask& s, WallMask& d) { smooth_pass(s, d, 5); });
}
void BM_BitPass(benchmark::State& state) { run_bit_pass(state, 5, -1); }

void BM_VariantReferencePass(benchmark::State& state) {
  run_byte_pass(state, [](const WallMask& s, WallMask& d) { smooth_pass_reference(s, d, 5, 2); });
}
void BM_VariantSmoothPass(benchmark::State& state) {
  run_byte_pass(state, [](const WallMask& s, WallMask& d) { smooth_pass(s, d, 5, 2); });
}
void BM_VariantBitPass(benchmark::State& state) { run_bit_pass(state, 5, 2); }

void BM_GenerateCaves(benchmark::State& state) {
  const CaveConfig cfg;
  const int side = static_cast<int>(state.range(0));
  uint64_t seed = 0;
  for (auto _ : state) {
    Dungeon d = generate_caves(side, side, cfg, ++seed);
    benchmark::DoNotOptimize(d.tiles.data());
  }
  count_cells(state, static_cast<double>(side) * side, "map cells/s");
}

BENCHMARK(BM_PlainBytePass)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReferencePass)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SmoothPass)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BitPass)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VariantReferencePass)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VariantSmoothPass)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VariantBitPass)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GenerateCaves)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMicrosecond);

// Baseline of each compared benchmark.
const std::map<std::string, std::string> kBaseline = {
    {"BM_PlainBytePass", "BM_PlainBytePass"},
    {"BM_ReferencePass", "BM_PlainBytePass"},
    {"BM_SmoothPass", "BM_PlainBytePass"},
    {"BM_BitPass", "BM_PlainBytePass"},
    {"BM_VariantReferencePass", "BM_VariantReferencePass"},
    {"BM_VariantSmoothPass", "BM_VariantReferencePass"},
    {"BM_VariantBitPass", "BM_VariantReferencePass"},
};

// Every implementation gives its baseline's cells on the benchmark input.
bool outputs_agree() {
  const WallMask& src = input();
  bool ok = true;
  auto expect = [&](const WallMask& got, const WallMask& want, const char* what) {
    if (got != want) {
      std::fprintf(stderr, "caves_bench: %s differs from its baseline\n", what);
      ok = false;
    }
  };
  for (int open : {-1, 2}) {
    WallMask want(kSide, kSide, 0), got(kSide, kSide, 0);
    if (open < 0) {
      plain_byte_pass(src, want, 5);
      smooth_pass_reference(src, got, 5, open);
      expect(got, want, "smooth_pass_reference");
    } else {
      smooth_pass_reference(src, want, 5, open);
    }
    smooth_pass(src, got, 5, open);
    expect(got, want, "smooth_pass");
    BitGrid bits(kSide, kSide);
    smooth_pass_bits(BitGrid(src), bits, 5, open);
    expect(bits.to_mask(), want, "smooth_pass_bits");
  }
  return ok;
}

// The console output, then each benchmark's cells/s against its baseline (medians when the run
// has repetitions, else the single run).
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  RatioReporter() : ConsoleReporter(OO_Tabular) {}  // no colour codes: the output goes into reports

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type == Run::RT_Aggregate && !median) continue;
      auto it = run.counters.find("cells/s");
      if (it == run.counters.end()) continue;
      const std::string name = run.run_name.str();
      if (median || !medians_.count(name)) rates_[name] = it->second.value;
      if (median) medians_.insert(name);
      if (std::find(order_.begin(), order_.end(), name) == order_.end()) order_.push_back(name);
    }
  }

  void Finalize() override {
    std::ostream& out = GetOutputStream();
    char line[160];
    std::snprintf(line, sizeof line, "\n%-26s %14s  %s\n", "cell updates", "per second", "vs baseline");
    out << line;
    for (const std::string& name : order_) {
      const double rate = rates_[name];
      std::snprintf(line, sizeof line, "%-26s %14.3e", name.c_str(), rate);
      out << line;
      auto base = kBaseline.find(name);
      if (base != kBaseline.end() && rates_.count(base->second) && rates_[base->second] > 0) {
        std::snprintf(line, sizeof line, "  %8.2fx %s", rate / rates_[base->second], base->second.c_str());
        out << line;
      }
      out << "\n";
    }
    ConsoleReporter::Finalize();
  }

 private:
  std::map<std::string, double> rates_;
  std::set<std::string> medians_;  // names whose rate is a median
  std::vector<std::string> order_;
};

}  // namespace
}  // namespace catacomb

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (!catacomb::outputs_agree()) return 1;
  std::printf("outputs agree: every pass gives its baseline's cells on the %dx%d input\n", catacomb::kSide,
              catacomb::kSide);
  std::fflush(stdout);
  catacomb::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
