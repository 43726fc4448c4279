// Template layouts (issue #32): generate_dungeon with the crypt room templates
// (examples/templates/crypt.tmj) for 60 rooms at 256x256 without a mission, and for the 30- and
// 100-node example missions (examples/missions/thirty.json, hundred.json) at the sizes they lay
// out at (examples/missions/README.md), each validated (generate_dungeon validates) and certified
// (write_certificate from the report's solution, replayed by verify_certificate), with the time of
// each stage (terrain = placement, connection = corridors, objectives, validation) through the
// stage hook as generate_bench reports them. After the benchmarks, a table of success rates over
// seeds 1..N (N = --rate_seeds, default 1000; 0 skips it) for each shipped example at the CLI's
// defaults (max_attempts 20): the share of seeds that give a dungeon that is valid, completable,
// satisfies its mission and whose certificate verify_certificate accepts.
//
//   cmake --preset bench && cmake --build --preset bench --target templates_bench
//   build/bench/bench/templates_bench [--rate_seeds=1000] [--rate_floor=99] [--rate_threads=T] [google benchmark flags]
// --rate_threads=T shares the rate seeds among T threads (default: one per core; the table is the same).
// --rate_floor=P makes it exit 1 when an example lays out for fewer than P % of the seeds (CI runs
// it with --rate_seeds=1000 --rate_floor=99 and no benchmark: the 1,000-seed check).
//
// Times are wall-clock per map, seed = iteration number (a median covers many layouts); the
// benchmarks allow 1000 attempts so that no seed is given up (attempts_per_map counts them).
// Certification is outside the timed part (cert_ms). Deterministic: the same seeds every run.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>
#include <catacomb/pipeline/generate.hpp>

namespace {

using catacomb::GenerateConfig;
using catacomb::GenerateStage;
using Clock = std::chrono::steady_clock;

constexpr size_t kStages = 6;  // GenerateStage::Terrain .. Done, Done unused
const std::string kExamples = std::string(CATACOMB_BENCH_DIR) + "/../examples/";

// Times the stages through generate_dungeon's stage hook (as generate_bench does).
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

std::shared_ptr<const catacomb::TemplateSet> crypt() {
  static const auto set = [] {
    catacomb::TemplateSetReading r = catacomb::load_template_set(kExamples + "templates/crypt.tmj");
    if (!r.problems.empty()) {
      std::fprintf(stderr, "templates_bench: crypt.tmj: %s\n", r.problems.front().text().c_str());
      std::exit(1);
    }
    return std::make_shared<const catacomb::TemplateSet>(std::move(r.set));
  }();
  return set;
}

// One shipped example: its mission file ("" for none), map size and room count (no mission).
struct Example {
  const char* name;
  const char* mission;
  int width, height, rooms;
};

GenerateConfig config_for(const Example& e) {
  GenerateConfig cfg;
  cfg.templates = crypt();
  cfg.width = e.width;
  cfg.height = e.height;
  if (e.rooms > 0) cfg.rooms.room_count = e.rooms;
  if (e.mission[0] != '\0')
    cfg.mission = std::make_shared<const catacomb::Mission>(
        catacomb::load_mission(kExamples + "missions/" + e.mission));
  return cfg;
}

// What a generated dungeon passes: valid, completable, its mission, its certificate.
struct Checks {
  bool valid = false, completable = false, mission = false, certified = false;
};

Checks check(const catacomb::GenerateResult& r, const GenerateConfig& cfg) {
  Checks c;
  c.valid = r.report.valid;
  c.mission = !r.report.mission || r.report.mission->satisfied;
  catacomb::ValidateOptions rules = catacomb::validate_options_for(cfg);
  std::optional<catacomb::Solution> solution = r.report.solution;
  if (!solution) {  // without locks or a mission generate_dungeon does not run the solver
    rules.solve = true;
    solution = catacomb::validate_dungeon(r.dungeon, rules).solution;
  }
  c.completable = solution && solution->status == catacomb::SolveStatus::Completable;
  if (!c.completable) return c;
  const std::string cert = catacomb::write_certificate(r.dungeon, *solution, rules);
  c.certified = catacomb::verify_certificate(r.dungeon, cert, catacomb::map_rules(r.dungeon)).accepted;
  return c;
}

void run(benchmark::State& state, const Example& e) {
  GenerateConfig cfg = config_for(e);
  cfg.max_attempts = 1000;
  uint64_t seed = 0;
  int64_t attempts = 0, failed = 0;
  StageClock stages;
  const catacomb::StageHook hook = [&stages](GenerateStage s) { stages(s); };
  double cert_ms = 0;
  for (auto _ : state) {
    catacomb::GenerateResult r;
    try {
      r = catacomb::generate_dungeon(cfg, seed++, hook);
    } catch (const catacomb::GenerationError& err) {
      state.SkipWithError(err.what());  // a seed that does not lay out in 1000 attempts
      break;
    }
    attempts += r.dungeon.attempts;
    benchmark::DoNotOptimize(r.dungeon.tiles.data());
    state.PauseTiming();
    const Clock::time_point t = Clock::now();
    const Checks c = check(r, cfg);
    cert_ms += std::chrono::duration<double, std::milli>(Clock::now() - t).count();
    failed += !(c.valid && c.completable && c.mission && c.certified);
    state.ResumeTiming();
  }
  using benchmark::Counter;
  state.counters["attempts_per_map"] = Counter(static_cast<double>(attempts), Counter::kAvgIterations);
  for (size_t s = 0; s + 1 < kStages; ++s)
    state.counters[std::string(catacomb::generate_stage_name(static_cast<GenerateStage>(s))) + "_ms"] = Counter(
        stages.ms[s], Counter::kAvgIterations);
  state.counters["cert_ms"] = Counter(cert_ms, Counter::kAvgIterations);
  state.counters["failed_checks"] = static_cast<double>(failed);
}

// The cases; the mission sizes are those examples/missions/README.md gives.
const Example kRooms60{"crypt 60 rooms", "", 256, 256, 60};
const Example kThirty{"thirty", "thirty.json", 160, 160, 0};
const Example kHundred{"hundred", "hundred.json", 512, 512, 0};

void BM_TemplatesRooms60(benchmark::State& state) { run(state, kRooms60); }
void BM_TemplatesMission30(benchmark::State& state) { run(state, kThirty); }
void BM_TemplatesMission100(benchmark::State& state) { run(state, kHundred); }

BENCHMARK(BM_TemplatesRooms60)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_TemplatesMission30)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_TemplatesMission100)->Unit(benchmark::kMillisecond)->MinTime(1.0);

// What one example gave over some seeds.
struct Tally {
  int generated = 0, valid = 0, completable = 0, mission = 0, certified = 0, all = 0;
  int64_t attempts = 0;
  void add(const Tally& t) {
    generated += t.generated, valid += t.valid, completable += t.completable, mission += t.mission;
    certified += t.certified, all += t.all, attempts += t.attempts;
  }
};

// Seeds first, first + step, ... up to n: a GenerationError (every attempt failed) counts against
// every column.
Tally tally(const GenerateConfig& cfg, int first, int step, int n) {
  Tally t;
  for (int seed = first; seed <= n; seed += step) {
    try {
      const catacomb::GenerateResult r = catacomb::generate_dungeon(cfg, static_cast<uint64_t>(seed));
      const Checks c = check(r, cfg);
      ++t.generated;
      t.attempts += r.dungeon.attempts;
      t.valid += c.valid;
      t.completable += c.completable;
      t.mission += c.mission;
      t.certified += c.certified;
      t.all += c.valid && c.completable && c.mission && c.certified;
    } catch (const catacomb::GenerationError&) {}
  }
  return t;
}

// Success rates over seeds 1..n at the CLI's defaults (max_attempts 20), the seeds shared among
// `threads` threads (each its own seeds; the sums do not depend on how many). Returns how many
// examples are below `floor` % in "all" (each named on stderr).
int rates(int n, double floor, int threads) {
  const Example shipped[] = {{"crypt (no mission)", "", 80, 50, 0},
                             {"linear", "linear.json", 80, 50, 0},
                             {"two-cycles", "two-cycles.json", 80, 50, 0},
                             kThirty,
                             kHundred};
  std::printf("\nSuccess over seeds 1..%d (max_attempts 20, %d thread%s)\n", n, threads, threads == 1 ? "" : "s");
  std::printf("| example | size | generated | valid | completable | mission | certified | all | mean attempts |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
  int below = 0;
  for (const Example& e : shipped) {
    const GenerateConfig cfg = config_for(e);
    std::vector<Tally> parts(static_cast<size_t>(threads));
    {
      std::vector<std::jthread> pool;
      for (int i = 0; i < threads; ++i)
        pool.emplace_back([&, i] { parts[static_cast<size_t>(i)] = tally(cfg, 1 + i, threads, n); });
    }
    Tally t;
    for (const Tally& p : parts) t.add(p);
    const auto pct = [n](int k) { return 100.0 * k / n; };
    std::printf("| %s | %dx%d | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.2f |\n", e.name, e.width,
                e.height, pct(t.generated), pct(t.valid), pct(t.completable), pct(t.mission), pct(t.certified),
                pct(t.all), t.generated > 0 ? static_cast<double>(t.attempts) / t.generated : 0.0);
    if (pct(t.all) < floor) {
      std::fprintf(stderr, "templates_bench: %s lays out for %.1f %% of seeds 1..%d (expected at least %.1f %%)\n",
                   e.name, pct(t.all), n, floor);
      ++below;
    }
  }
  return below;
}

}  // namespace

int main(int argc, char** argv) {
  int rate_seeds = 1000;
  double rate_floor = 0;  // --rate_floor=P: exit 1 when an example lays out for less than P % (CI: 99)
  int rate_threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));  // --rate_threads=T
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--rate_seeds=", 13) == 0) rate_seeds = std::atoi(argv[i] + 13);
    else if (std::strncmp(argv[i], "--rate_floor=", 13) == 0) rate_floor = std::atof(argv[i] + 13);
    else if (std::strncmp(argv[i], "--rate_threads=", 15) == 0) rate_threads = std::max(1, std::atoi(argv[i] + 15));
    else args.push_back(argv[i]);
  }
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (rate_seeds > 0 && rates(rate_seeds, rate_floor, rate_threads) > 0) return 1;
  return 0;
}
