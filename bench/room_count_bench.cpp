// The largest --room-count each map size accepts, timed (issue 15, D4: 1,000 / 3,000 / 10,000
// rooms in 80x50 took 3 s / 71 s / over 90 s in layout_rooms, 100,000 never finished).
//
// BM_LargestRoomCount/<side>: layout_rooms with room_count = max_room_count for the size (the
// largest count the CLI accepts there) and the other defaults; 80x50 is arg 0. BM_RoomCount/<n>:
// n rooms on the smallest square map (multiple of 64) that accepts them, so the counts the issue
// names are timed where they are allowed. BM_GenerateLargest/<side>: the whole rooms pipeline
// (layout, graph, corridors, objectives, decoration, validation) at the largest count. A table
// closes the run: every accepted request should finish within kBudgetSeconds.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

#include <catacomb/pipeline/generate.hpp>
#include <catacomb/generator/rooms.hpp>

namespace {

constexpr double kBudgetSeconds = 5.0;

struct Row {
  int width = 0, height = 0, rooms = 0, kept = 0;
  double seconds = 0;
};
std::map<std::string, Row>& rows() {
  static std::map<std::string, Row> r;
  return r;
}

std::pair<int, int> size_of(int64_t arg) {
  return arg == 0 ? std::pair{80, 50} : std::pair{static_cast<int>(arg), static_cast<int>(arg)};
}

void time_layout(benchmark::State& state, const std::string& name, int width, int height, int rooms) {
  catacomb::RoomLayoutConfig c;
  c.room_count = rooms;
  int kept = 0;
  for (auto _ : state) {
    catacomb::Rng rng = catacomb::Rng::stream(1, "rooms.layout");
    catacomb::RoomLayout l = catacomb::layout_rooms(width, height, c, rng);
    kept = static_cast<int>(l.rooms.size());
    benchmark::DoNotOptimize(l);
  }
  state.counters["rooms"] = rooms;
  state.counters["kept"] = kept;
  state.counters["width"] = width;
  state.counters["height"] = height;
  Row& row = rows()[name];
  row = {width, height, rooms, kept, 0};
}

void BM_LargestRoomCount(benchmark::State& state) {
  const auto [w, h] = size_of(state.range(0));
  time_layout(state, "layout " + std::to_string(w) + "x" + std::to_string(h), w, h,
              catacomb::max_room_count(w, h, catacomb::RoomLayoutConfig{}));
}

void BM_RoomCount(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  int side = 64;
  while (side < catacomb::kMaxSide && catacomb::max_room_count(side, side, catacomb::RoomLayoutConfig{}) < n)
    side += 64;
  if (catacomb::max_room_count(side, side, catacomb::RoomLayoutConfig{}) < n) {
    state.SkipWithError("no map size accepts this many rooms");
    return;
  }
  time_layout(state, "layout " + std::to_string(n) + " rooms", side, side, n);
}

void BM_GenerateLargest(benchmark::State& state) {
  const auto [w, h] = size_of(state.range(0));
  catacomb::GenerateConfig c;
  c.width = w;
  c.height = h;
  c.rooms.room_count = catacomb::max_room_count(w, h, c.rooms);
  int kept = 0;
  for (auto _ : state) {
    catacomb::GenerateResult r = catacomb::generate_dungeon(c, 1);
    kept = static_cast<int>(r.dungeon.rooms.size());
    benchmark::DoNotOptimize(r);
  }
  state.counters["rooms"] = c.rooms.room_count;
  state.counters["kept"] = kept;
  rows()["generate " + std::to_string(w) + "x" + std::to_string(h)] = {w, h, c.rooms.room_count, kept, 0};
}

BENCHMARK(BM_LargestRoomCount)
    ->Arg(0)
    ->Arg(256)
    ->Arg(1024)
    ->Arg(4096)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_RoomCount)
    ->Arg(1000)
    ->Arg(3000)
    ->Arg(10000)
    ->Arg(30000)
    ->Arg(75000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_GenerateLargest)->Arg(0)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

// Collects each case's median (Google Benchmark reports it as the "_median" aggregate).
class Reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      if (r.aggregate_name != "median" || r.error_occurred) continue;
      const std::string name = r.run_name.function_name;
      const int64_t arg = std::stoll(r.run_name.args);
      std::string key;
      if (name == "BM_LargestRoomCount" || name == "BM_GenerateLargest") {
        const auto [w, h] = size_of(arg);
        key = std::string(name == "BM_LargestRoomCount" ? "layout " : "generate ") + std::to_string(w) + "x" +
              std::to_string(h);
      } else {
        key = "layout " + std::to_string(arg) + " rooms";
      }
      auto it = rows().find(key);
      if (it != rows().end()) it->second.seconds = r.GetAdjustedRealTime() / 1e3;  // ms -> s
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  Reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf("\nLargest accepted --room-count, median wall time (budget %.0f s per request)\n", kBudgetSeconds);
  std::printf("%-24s %12s %8s %8s %10s  %s\n", "case", "map", "rooms", "kept", "seconds", "within budget");
  for (const auto& [name, row] : rows()) {
    if (row.seconds <= 0) continue;
    std::printf("%-24s %5dx%-6d %8d %8d %10.3f  %s\n", name.c_str(), row.width, row.height, row.rooms, row.kept,
                row.seconds, row.seconds <= kBudgetSeconds ? "yes" : "NO");
  }
  benchmark::Shutdown();
  return 0;
}
