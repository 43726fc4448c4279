// The C++ side of bench/python_bench.py: what the library itself does for the Python package's
// generate_many and generate, without Python. BM_GenerateMany generates `seeds` 64 x 64 (or 128 x
// 128) caves on 1 or 2 std::threads taking the next seed from an atomic counter, each map's tiles
// copied into one (N, H, W) buffer: the loop catacomb.generate_many runs with the GIL released.
// BM_GenerateOne is one generate_dungeon call (seeds 1 to 300 in turn), the C++ cost of one
// catacomb.generate. Reported as maps_per_s over wall time (UseRealTime).
//
//   cmake --preset bench && cmake --build --preset bench --target generate_many_bench
//   build/bench/bench/generate_many_bench --benchmark_filter=GenerateMany
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include <catacomb/pipeline/generate.hpp>

namespace {

catacomb::GenerateConfig caves(int side) {
  catacomb::GenerateConfig cfg;
  cfg.generator = catacomb::GeneratorKind::Caves;
  cfg.width = cfg.height = side;
  return cfg;
}

// Args: side, threads. Seeds 1 to 1,000 in every iteration (python_bench.py generates the same).
void BM_GenerateMany(benchmark::State& state) {
  const catacomb::GenerateConfig cfg = caves(static_cast<int>(state.range(0)));
  const int threads = static_cast<int>(state.range(1));
  constexpr uint64_t kSeeds = 1000;
  const size_t cells = size_t(cfg.width) * size_t(cfg.height);
  std::vector<uint8_t> tiles(kSeeds * cells);
  constexpr uint64_t first = 1;
  for (auto _ : state) {
    std::atomic<uint64_t> next{0};
    auto work = [&] {
      for (uint64_t i = next++; i < kSeeds; i = next++) {
        const catacomb::GenerateResult r = catacomb::generate_dungeon(cfg, first + i);
        std::memcpy(tiles.data() + i * cells, r.dungeon.tiles.data(), cells);
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
  }
  benchmark::DoNotOptimize(tiles.data());
  state.counters["maps_per_s"] = benchmark::Counter(static_cast<double>(state.iterations() * kSeeds),
                                                    benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GenerateMany)
    ->Args({64, 1})
    ->Args({64, 2})
    ->Args({128, 1})
    ->Args({128, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_GenerateOne(benchmark::State& state) {
  const catacomb::GenerateConfig cfg = caves(static_cast<int>(state.range(0)));
  uint64_t i = 0;  // seeds 1 to 300 over and over (python_bench.py generates the same)
  for (auto _ : state) benchmark::DoNotOptimize(catacomb::generate_dungeon(cfg, 1 + i++ % 300));
  state.counters["maps_per_s"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                    benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GenerateOne)->Arg(16)->Arg(64)->Arg(128)->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
