// Generation speed: generate + validate for each generator at 64x64 to 4096x4096, with the time
// of each stage (terrain, connection, objectives, decoration, validation, and the analysis the
// CLI runs after them), the same with three locked doors (at 256x256 and 1024x1024; placing the
// locks and keys is timed in the decoration stage, the walkthrough in validation), and rot.js
// (Node, npm package rot-js) on the same sizes in the same run:
// ROT.Map.Cellular with the 4-5 rule, 5 generations and connect() beside catacomb's caves, and
// ROT.Map.Digger beside catacomb's rooms. A table of medians and ratios closes the run.
//
//   scripts/setup.sh --bench      # the peers, rot.js included (npm ci --prefix bench/js)
//   cmake --preset bench && cmake --build --preset bench --target generate_bench
//   build/bench/bench/generate_bench
//
// Times are wall-clock medians per map (seed = iteration number, so a median covers many
// dungeons); the stage counters are means in milliseconds per map, analysis outside the timed
// part. The rot.js cases are skipped with a message when Node or bench/js/node_modules is missing.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/analysis.hpp>

namespace {

using catacomb::GenerateConfig;
using catacomb::GenerateStage;
using Clock = std::chrono::steady_clock;

constexpr size_t kStages = 6;  // GenerateStage::Terrain .. Done, Done unused

// Wall-clock medians in ms per map, by (who, size), for the closing table.
std::map<std::pair<std::string, int>, double>& medians() {
  static std::map<std::pair<std::string, int>, double> m;
  return m;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// Times the stages through generate_dungeon's stage hook.
struct StageClock {
  std::array<double, kStages> ms{};
  GenerateStage current = GenerateStage::Done;
  Clock::time_point since;

  void operator()(GenerateStage s) {
    const Clock::time_point now = Clock::now();
    if (current != GenerateStage::Done)
      ms[static_cast<size_t>(current)] += std::chrono::duration<double, std::milli>(now - since).count();
    current = s;
    since = now;
  }
};

GenerateConfig config_for(const char* generator, int side, int locks,
                          catacomb::LockLayout layout = catacomb::LockLayout::Chain) {
  GenerateConfig cfg;
  cfg.locks = locks;
  cfg.lock_layout = layout;
  cfg.cycle_one_way = layout == catacomb::LockLayout::Cycles;
  // A cave often has too few gates for three locks: the attempts that find none are part of the
  // time (attempts_per_map counts them), and a seed is never given up.
  if (locks > 0) cfg.max_attempts = 1000;
  cfg.generator = catacomb::parse_generator_kind(generator);
  cfg.width = cfg.height = side;
  // As catacomb generate does on a machine of two cores or more: the floods of a map of 1M cells
  // or more (cave placement, validation) share two threads; the same maps for any number.
  cfg.threads = std::thread::hardware_concurrency() > 1 ? 2 : 1;
  if (cfg.generator == catacomb::GeneratorKind::Rooms) {
    // Keep the room density of the default 80x50 map (16 rooms for 4000 cells), up to the most
    // rooms the map's size accepts (max_room_count: 31,568 at 4096x4096).
    cfg.rooms.room_count = std::max(4, static_cast<int>(int64_t{cfg.width} * cfg.height * 16 / 4000));
    cfg.rooms.room_count = std::min(cfg.rooms.room_count, catacomb::max_room_count(side, side, cfg.rooms));
  }
  return cfg;
}

void run(benchmark::State& state, const char* generator, int locks = 0,
         catacomb::LockLayout layout = catacomb::LockLayout::Chain) {
  const int side = static_cast<int>(state.range(0));
  const GenerateConfig cfg = config_for(generator, side, locks, layout);
  catacomb::ValidateOptions vopt;
  vopt.costs = cfg.cost_table();
  vopt.moves = cfg.moves;
  vopt.threads = cfg.threads;  // as the CLI: its second thread takes a band of rows of each pass
  uint64_t seed = 0;
  int64_t attempts = 0;
  StageClock stages;
  const catacomb::StageHook hook = [&stages](GenerateStage s) { stages(s); };
  double analysis_ms = 0;
  std::vector<double> wall;
  for (auto _ : state) {
    const Clock::time_point t0 = Clock::now();
    catacomb::GenerateResult r = catacomb::generate_dungeon(cfg, seed++, hook);
    wall.push_back(ms_since(t0));
    attempts += r.dungeon.attempts;
    benchmark::DoNotOptimize(r.dungeon.tiles.data());
    state.PauseTiming();
    const Clock::time_point t1 = Clock::now();
    catacomb::MapAnalysis a = catacomb::analyse_map(r.dungeon, r.report, vopt);
    analysis_ms += ms_since(t1);
    benchmark::DoNotOptimize(&a);
    state.ResumeTiming();
  }
  using benchmark::Counter;
  state.counters["attempts_per_map"] = Counter(static_cast<double>(attempts), Counter::kAvgIterations);
  for (size_t s = 0; s + 1 < kStages; ++s)
    state.counters[std::string(catacomb::generate_stage_name(static_cast<GenerateStage>(s))) + "_ms"] = Counter(
        stages.ms[s], Counter::kAvgIterations);
  state.counters["analysis_ms"] = Counter(analysis_ms, Counter::kAvgIterations);
  state.counters["cells"] = static_cast<double>(int64_t{side} * side);
  std::string name = "catacomb ";
  name += generator;
  if (locks > 0) name += " locks";
  if (layout != catacomb::LockLayout::Chain) name.append(" ").append(catacomb::lock_layout_name(layout));
  medians()[{name, side}] = median(wall);
}

void BM_GenerateRooms(benchmark::State& state) { run(state, "rooms"); }
void BM_GenerateCaves(benchmark::State& state) { run(state, "caves"); }
void BM_GenerateRoomsLocks(benchmark::State& state) { run(state, "rooms", 3); }
void BM_GenerateCavesLocks(benchmark::State& state) { run(state, "caves", 3); }

BENCHMARK(BM_GenerateRooms)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK(BM_GenerateCaves)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK(BM_GenerateRoomsLocks)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK(BM_GenerateCavesLocks)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->MinTime(0.5);
// Lock-and-key cycles with the one-way return (--lock-layout cycles --cycle-one-way), the same
// three locks and seeds as the chains above: the ratio of the two is the layout's cost.
void BM_GenerateRoomsCycles(benchmark::State& state) { run(state, "rooms", 3, catacomb::LockLayout::Cycles); }
void BM_GenerateCavesCycles(benchmark::State& state) { run(state, "caves", 3, catacomb::LockLayout::Cycles); }
BENCHMARK(BM_GenerateRoomsCycles)->Arg(256)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK(BM_GenerateCavesCycles)->Arg(256)->Unit(benchmark::kMillisecond)->MinTime(0.5);

// rot.js through Node: one child process per case, which times `runs` maps after a warm-up run
// and prints their times; the case reports their median as its manual time.
void rot(benchmark::State& state, const char* kind) {
  const int side = static_cast<int>(state.range(0));
  const int runs = side <= 64 ? 15 : side <= 128 ? 7 : 3;
  const std::string dir = CATACOMB_BENCH_DIR "/js";
  const std::string command = "node " + dir + "/rot_peer.mjs " + kind + " " + std::to_string(side) + " " +
                              std::to_string(runs) + " 2>&1";
  for (auto _ : state) {
    std::FILE* p = (std::system("node --version > /dev/null 2>&1") == 0) ? ::popen(command.c_str(), "r") : nullptr;
    if (p == nullptr) {
      state.SkipWithError("Node.js is missing: scripts/setup.sh --bench installs it");
      return;
    }
    std::string out;
    char buf[4096];
    while (size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    if (::pclose(p) != 0) {
      state.SkipWithError(("rot.js did not run (npm ci --prefix bench/js): " + out.substr(0, 200)).c_str());
      return;
    }
    std::vector<double> ms = nlohmann::json::parse(out).at("ms").get<std::vector<double>>();
    const double m = median(ms);
    state.SetIterationTime(m / 1000.0);
    medians()[{std::string("rot.js ") + kind, side}] = m;
  }
  state.counters["runs"] = runs;
}

void BM_RotCellular(benchmark::State& state) { rot(state, "cellular"); }
void BM_RotDigger(benchmark::State& state) { rot(state, "digger"); }

BENCHMARK(BM_RotCellular)->Arg(64)->Arg(128)->Arg(256)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RotDigger)->Arg(64)->Arg(128)->Arg(256)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);

// The caves and rooms cases at 128 exist for the comparison with rot.js.
BENCHMARK(BM_GenerateRooms)->Arg(128)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK(BM_GenerateCaves)->Arg(128)->Unit(benchmark::kMillisecond)->MinTime(0.5);

void print_ratios() {
  const auto& m = medians();
  std::printf("\nMedian ms per map, and rot.js / catacomb (generate + validate; rot.js generates only)\n");
  std::printf("%-6s %14s %14s %8s %14s %14s %8s\n", "size", "catacomb caves", "rot.js cell.", "ratio", "catacomb rooms",
              "rot.js digger", "ratio");
  for (int side : {64, 128, 256}) {
    auto get = [&](const char* who) {
      auto it = m.find({who, side});
      return it == m.end() ? -1.0 : it->second;
    };
    const double cc = get("catacomb caves"), rc = get("rot.js cellular"), cr = get("catacomb rooms"),
                 rd = get("rot.js digger");
    auto ratio = [](double peer, double ours) { return peer > 0 && ours > 0 ? peer / ours : 0.0; };
    std::printf("%-6d %14.3f %14.3f %7.0fx %14.3f %14.3f %7.0fx\n", side, cc, rc, ratio(rc, cc), cr, rd, ratio(rd, cr));
  }  // The lock-and-key cycles against the chain of as many locks, at 256x256 (when both ran).
  for (const char* g : {"rooms", "caves"}) {
    auto it_chain = m.find({std::string("catacomb ") + g + " locks", 256});
    auto it_cycles = m.find({std::string("catacomb ") + g + " locks cycles", 256});
    if (it_chain != m.end() && it_cycles != m.end())
      std::printf("%s 256x256, 3 locks: cycles %.3f ms, chain %.3f ms, cycles / chain %.2fx\n", g, it_cycles->second,
                  it_chain->second, it_cycles->second / it_chain->second);
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  print_ratios();
  return 0;
}
