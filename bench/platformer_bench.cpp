// Side-view levels: navigation graph build, one A* query from the start to the exit over it, and
// the whole generator (layout, checks, repairs), on default-model levels of 80x50 to 1024x600.
//
//   cmake --preset bench && cmake --build --preset bench --target platformer_bench
//   build/bench/bench/platformer_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <catacomb/pipeline/generate.hpp>
#include <catacomb/platformer/nav_graph.hpp>
#include <catacomb/platformer/solver.hpp>

namespace {

using namespace catacomb;

GenerateConfig config(benchmark::State& state) {
  GenerateConfig c;
  c.generator = GeneratorKind::Platformer;
  c.width = static_cast<int>(state.range(0));
  c.height = static_cast<int>(state.range(1));
  return c;
}

void BM_NavGraphBuild(benchmark::State& state) {
  const GenerateConfig c = config(state);
  const Dungeon d = generate_dungeon(c, 3).dungeon;
  size_t bytes = 0;
  int64_t edges = 0;
  for (auto _ : state) {
    const NavGraph g(d.tiles, c.movement);
    bytes = g.memory_bytes();
    edges = g.edge_count();
    benchmark::DoNotOptimize(edges);
  }
  state.counters["bytes_per_cell"] = static_cast<double>(bytes) / (static_cast<double>(c.width) * c.height);
  state.counters["edges"] = static_cast<double>(edges);
}

void BM_PlatformerQuery(benchmark::State& state) {
  const GenerateConfig c = config(state);
  const Dungeon d = generate_dungeon(c, 3).dungeon;
  const NavGraph g(d.tiles, c.movement);
  int64_t expanded = 0;
  for (auto _ : state) {
    const PlatformerRoute r = find_platformer_path(g, *d.find(ObjectiveKind::Start), *d.find(ObjectiveKind::Exit));
    expanded = r.expanded;
    benchmark::DoNotOptimize(r.cost);
  }
  state.counters["expanded"] = static_cast<double>(expanded);
}

void BM_GeneratePlatformer(benchmark::State& state) {
  const GenerateConfig c = config(state);
  uint64_t seed = 0;
  for (auto _ : state) {
    GenerateResult r = generate_dungeon(c, seed++);
    benchmark::DoNotOptimize(r.dungeon.tiles.data());
  }
}

BENCHMARK(BM_NavGraphBuild)->Args({80, 50})->Args({256, 256})->Args({1024, 600})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlatformerQuery)->Args({80, 50})->Args({256, 256})->Args({1024, 600})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GeneratePlatformer)->Args({80, 50})->Args({256, 256})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
