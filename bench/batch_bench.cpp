// Batch throughput: `catacomb batch`'s engine (run_batch) on 128 x 128 rooms and caves, with 1
// and 2 worker threads. Each map is generated, validated, analysed, and written as PNG (scale
// 4), JSON and ASCII to a temporary directory, with its contact sheet thumbnail and pages:
// everything a batch does but the final summaries. Reported as "maps_per_s", a rate over wall
// time (UseRealTime: the workers' CPU time is not the main thread's).
//
//   cmake -S . -B build/bench -DCATACOMB_BUILD_BENCH=ON && cmake --build build/bench --target batch_bench
//   build/bench/bench/batch_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//
// Seeds advance from one iteration to the next, so the figure covers many dungeons.
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tools/batch/batch_run.hpp"

namespace {

using catacomb::cli::BatchJob;

// A scratch directory removed with its contents at the end.
struct ScratchDir {
  ScratchDir() {
    std::string templ = (std::filesystem::temp_directory_path() / "catacomb-batch-bench-XXXXXX").string();
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    if (::mkdtemp(buf.data())) path = buf.data();
  }
  ~ScratchDir() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
  }
  std::string path;
};

constexpr uint64_t kSeedsPerIteration = 32;

void run(benchmark::State& state, const char* generator) {
  ScratchDir dir;
  if (dir.path.empty()) {
    state.SkipWithError("cannot create a temporary directory");
    return;
  }
  BatchJob job;
  job.config.generator = catacomb::parse_generator_kind(generator);
  job.config.width = job.config.height = 128;
  // Keep the room density of the default 80x50 map (16 rooms for 4000 cells), as generate_bench.
  if (job.config.generator == catacomb::GeneratorKind::Rooms) job.config.rooms.room_count = 128 * 128 * 16 / 4000;
  job.threads = static_cast<int>(state.range(0));
  job.dir = dir.path;
  uint64_t seed = 0;
  int64_t maps = 0;
  for (auto _ : state) {
    job.seeds = {seed, kSeedsPerIteration};
    seed += kSeedsPerIteration;
    const catacomb::cli::BatchResult r = catacomb::cli::run_batch(job);
    maps += static_cast<int64_t>(r.finished);  // rows go to the journal (none here), not into the result
  }
  state.counters["maps_per_s"] = benchmark::Counter(static_cast<double>(maps), benchmark::Counter::kIsRate);
}

void BM_BatchRooms128(benchmark::State& state) { run(state, "rooms"); }
void BM_BatchCaves128(benchmark::State& state) { run(state, "caves"); }

BENCHMARK(BM_BatchRooms128)->ArgName("threads")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BatchCaves128)->ArgName("threads")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
