// Progression doors (#33): the solver on a cave with 9 locks, 4 switches and 4 one-way doors
// (targets: 1024² <= 50 ms, 4096² <= 1 s), beside one labelling of the same map's regions
// (label_regions: the least a whole-map pass costs) as the baseline of the same run; and
// generation with --switches 2 at 256² beside the same maps without (target: <= 2x), and the
// validation of those maps alone (the proof's and the certificate walk's share). Each prints
// its medians and the ratio at the end.
//   build/bench/bench/progression_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <catacomb/pathing/regions.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/solver.hpp>

namespace {

using Clock = std::chrono::steady_clock;

// The process's minor page faults so far (0 where getrusage does not count them).
long minor_faults() {
  rusage u{};
  return getrusage(RUSAGE_SELF, &u) == 0 ? u.ru_minflt : 0;
}

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::map<std::string, double>& medians() {
  static std::map<std::string, double> m;
  return m;
}

// The cave of the solver's target, made once per side (its generation is not timed): filled at
// 52 % (the default 45 % makes an open cave where place_locks finds 2 or 3 chokepoints in a
// row), 9 locks when the cave has the chokepoints for them, else 6, else 3; the count used is
// printed as the benchmark's "locks" counter.
const catacomb::Dungeon& progression_cave(int side) {
  static std::map<int, catacomb::Dungeon> made;
  auto it = made.find(side);
  if (it != made.end()) return it->second;
  catacomb::GenerateConfig c;
  c.generator = catacomb::GeneratorKind::Caves;
  c.width = c.height = side;
  c.caves.fill = 52;
  c.switches = 4;
  c.one_way = 4;
  c.max_attempts = 12;
  c.threads = 2;
  for (int locks : {9, 6, 3, 0}) {
    c.locks = locks;
    try {
      return made.emplace(side, catacomb::generate_dungeon(c, 1).dungeon).first->second;
    } catch (const catacomb::GenerationError&) {
      if (locks == 0) throw;
    }
  }
  throw catacomb::GenerationError("not reached");
}

void BM_SolveProgressionCave(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const catacomb::Dungeon& d = progression_cave(side);
  const catacomb::ValidateOptions rules = catacomb::map_rules(d);
  std::vector<double> wall;
  int64_t states = 0;
  for (auto _ : state) {
    const Clock::time_point t0 = Clock::now();
    const catacomb::Solution s = catacomb::solve_dungeon(d, {rules.costs, rules.moves});
    wall.push_back(ms_since(t0));
    if (s.status != catacomb::SolveStatus::Completable) state.SkipWithError("not completable");
    states = s.states;
  }
  state.counters["states"] = static_cast<double>(states);
  state.counters["doors"] = static_cast<double>(d.doors.size() + d.locks.size());
  int locks = 0;
  for (const catacomb::Objective& o : d.objectives) locks = std::max(locks, o.lock);
  state.counters["locks"] = locks;
  medians()["solve " + std::to_string(side)] = median(wall);
}

void BM_LabelRegionsBaseline(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const catacomb::Dungeon& d = progression_cave(side);
  const catacomb::ValidateOptions rules = catacomb::map_rules(d);
  std::vector<double> wall;
  for (auto _ : state) {
    const Clock::time_point t0 = Clock::now();
    catacomb::RegionMap r = catacomb::label_regions(d.tiles, rules.costs, rules.moves);
    wall.push_back(ms_since(t0));
    benchmark::DoNotOptimize(r.labels.data());
  }
  medians()["label " + std::to_string(side)] = median(wall);
}

// The maps of the generation cases, `side` square (rooms as dense as the default 80x50 map's).
catacomb::GenerateConfig switch_config(catacomb::GeneratorKind g, int side, int switches) {
  catacomb::GenerateConfig c;
  c.generator = g;
  c.width = c.height = side;
  if (g == catacomb::GeneratorKind::Rooms) c.rooms.room_count = c.width * c.height * 16 / 4000;
  c.switches = switches;
  c.max_attempts = 1000;
  return c;
}

void generate(benchmark::State& state, catacomb::GeneratorKind g, int switches) {
  const catacomb::GenerateConfig c = switch_config(g, static_cast<int>(state.range(0)), switches);
  std::vector<double> wall;
  int64_t attempts = 0;
  uint64_t seed = 0;
  const long faults = minor_faults();
  for (auto _ : state) {
    const Clock::time_point t0 = Clock::now();
    catacomb::GenerateResult r = catacomb::generate_dungeon(c, seed++ % 16);  // the same 16 maps each way
    wall.push_back(ms_since(t0));
    attempts += r.dungeon.attempts;
    benchmark::DoNotOptimize(r.dungeon.tiles.data());
  }
  state.counters["attempts_per_map"] = benchmark::Counter(static_cast<double>(attempts),
                                                          benchmark::Counter::kAvgIterations);
  // Pages the process touched for the first time (or again, after giving them back), a map.
  state.counters["page_faults_per_map"] = benchmark::Counter(static_cast<double>(minor_faults() - faults),
                                                             benchmark::Counter::kAvgIterations);
  medians()[std::string(catacomb::generator_kind_name(g)) + (switches ? " switches" : " plain")] = median(wall);
}

void BM_GenerateRoomsPlain(benchmark::State& state) { generate(state, catacomb::GeneratorKind::Rooms, 0); }
void BM_GenerateRoomsSwitches(benchmark::State& state) { generate(state, catacomb::GeneratorKind::Rooms, 2); }
void BM_GenerateCavesPlain(benchmark::State& state) { generate(state, catacomb::GeneratorKind::Caves, 0); }
void BM_GenerateCavesSwitches(benchmark::State& state) { generate(state, catacomb::GeneratorKind::Caves, 2); }

// Validation alone of the same 16 maps each way (made once, not timed): the part of the
// generation's time that proves the map, and for maps with switches walks the certificate.
void validate(benchmark::State& state, catacomb::GeneratorKind g, int switches) {
  const catacomb::GenerateConfig c = switch_config(g, static_cast<int>(state.range(0)), switches);
  std::vector<catacomb::Dungeon> maps;
  for (uint64_t seed = 0; seed < 16; ++seed) maps.push_back(catacomb::generate_dungeon(c, seed).dungeon);
  const catacomb::ValidateOptions options;
  std::vector<double> wall;
  size_t k = 0;
  for (auto _ : state) {
    const Clock::time_point t0 = Clock::now();
    catacomb::ValidationReport r = catacomb::validate_dungeon(maps[k++ % maps.size()], options);
    wall.push_back(ms_since(t0));
    benchmark::DoNotOptimize(r.valid);
  }
  medians()["validate " + std::string(catacomb::generator_kind_name(g)) + (switches ? " switches" : " plain")] = median(
      wall);
}

void BM_ValidateRoomsPlain(benchmark::State& state) { validate(state, catacomb::GeneratorKind::Rooms, 0); }
void BM_ValidateRoomsSwitches(benchmark::State& state) { validate(state, catacomb::GeneratorKind::Rooms, 2); }
void BM_ValidateCavesPlain(benchmark::State& state) { validate(state, catacomb::GeneratorKind::Caves, 0); }
void BM_ValidateCavesSwitches(benchmark::State& state) { validate(state, catacomb::GeneratorKind::Caves, 2); }

}  // namespace

BENCHMARK(BM_SolveProgressionCave)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK(BM_LabelRegionsBaseline)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK(BM_GenerateRoomsPlain)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(32);
BENCHMARK(BM_GenerateRoomsSwitches)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(32);
BENCHMARK(BM_GenerateCavesPlain)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(32);
BENCHMARK(BM_GenerateCavesSwitches)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(32);
BENCHMARK(BM_ValidateRoomsPlain)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(64);
BENCHMARK(BM_ValidateRoomsSwitches)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(64);
BENCHMARK(BM_ValidateCavesPlain)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(64);
BENCHMARK(BM_ValidateCavesSwitches)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(64);

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  auto& m = medians();
  for (const char* side : {"1024", "4096"})
    if (m.count(std::string("solve ") + side) && m.count(std::string("label ") + side))
      std::printf("solve %s²: %.1f ms median, %.1fx one labelling (%.1f ms)\n", side, m[std::string("solve ") + side],
                  m[std::string("solve ") + side] / m[std::string("label ") + side], m[std::string("label ") + side]);
  for (const char* g : {"rooms", "caves"})
    if (m.count(std::string(g) + " switches") && m.count(std::string(g) + " plain"))
      std::printf("generate %s 256² --switches 2: %.1f ms median vs %.1f ms without: %.2fx\n", g,
                  m[std::string(g) + " switches"], m[std::string(g) + " plain"],
                  m[std::string(g) + " switches"] / m[std::string(g) + " plain"]);
  for (const char* g : {"rooms", "caves"}) {
    const std::string v = std::string("validate ") + g;
    if (m.count(v + " switches") && m.count(v + " plain"))
      std::printf("validate %s 256² --switches 2: %.1f ms median vs %.1f ms without (%.1f ms more)\n", g,
                  m[v + " switches"], m[v + " plain"], m[v + " switches"] - m[v + " plain"]);
  }
  return 0;
}
