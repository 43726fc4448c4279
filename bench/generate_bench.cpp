// Generation speed: generate + validate for each generator at 64x64, 256x256 and 1024x1024.
//
//   cmake --preset bench && cmake --build --preset bench
//   build/bench/bench/generate_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// Seeds vary per iteration (seed = iteration number), so a median covers many dungeons.
#include <benchmark/benchmark.h>

#include <catacomb/generator/pipeline.hpp>

namespace {

using catacomb::GenerateConfig;

void run(benchmark::State& state, const char* generator) {
  GenerateConfig cfg;
  cfg.generator = catacomb::parse_generator_kind(generator);
  cfg.width = cfg.height = static_cast<int>(state.range(0));
  if (cfg.generator == catacomb::GeneratorKind::Rooms) {
    // Keep the room density of the default 80x50 map (16 rooms for 4000 cells).
    cfg.rooms.room_count = std::max(4, static_cast<int>(int64_t{cfg.width} * cfg.height * 16 / 4000));
  }
  uint64_t seed = 0;
  int64_t attempts = 0;
  for (auto _ : state) {
    catacomb::GenerateResult r = catacomb::generate_dungeon(cfg, seed++);
    attempts += r.dungeon.attempts;
    benchmark::DoNotOptimize(r.dungeon.tiles.data());
  }
  state.counters["attempts_per_map"] =
      benchmark::Counter(static_cast<double>(attempts), benchmark::Counter::kAvgIterations);
  state.counters["cells"] = static_cast<double>(int64_t{cfg.width} * cfg.height);
}

void BM_GenerateRooms(benchmark::State& state) { run(state, "rooms"); }
void BM_GenerateCaves(benchmark::State& state) { run(state, "caves"); }

BENCHMARK(BM_GenerateRooms)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GenerateCaves)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
