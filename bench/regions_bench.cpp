// Region labelling speed against OpenCV, on one 4096 x 4096 cave (cave_mask, default recipe:
// 45 % fill, 5 passes of the 4-5 rule, seed 1), floor cells as the foreground, single thread:
//   CatacombLabels          label_regions into a reused RegionMap: labels, sizes and boxes
//   CatacombLabelsFresh     label_regions returning a new RegionMap each call (allocates)
//   CatacombLabelsTerrain   the Grid<Terrain> overload with the dungeon cost table, reused
//   CatacombLabels8         8 neighbours, diagonal policy Always (OpenCV's 8-connectivity)
//   OpenCvLabels            cv::connectedComponents, connectivity 4, CV_32S, labels only, the
//                           output Mat reused (as in a loop over same-size images)
//   OpenCvLabelsFresh       the same with a new output Mat each call
//   OpenCvLabelsWithStats   cv::connectedComponentsWithStats (labels, areas, boxes, centroids)
//   OpenCvLabels8           connectivity 8, labels only
// Before timing, the region count is checked against OpenCV's (which counts the background as
// label 0), and the label grids are compared cell by cell: identical (catacomb label + 1 =
// OpenCV label), or at least the same partition (OpenCV's 8-connectivity algorithm numbers in
// another order); the program fails if the counts or the partitions differ. At the end a table gives each catacomb time against
// its OpenCV counterpart.
//
//   build/h-rbench/bench/regions_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <catacomb/core/terrain.hpp>
#include <catacomb/generator/caves.hpp>
#include <catacomb/pathing/regions.hpp>

namespace catacomb {
namespace {

constexpr int kSide = 4096;
constexpr uint64_t kSeed = 1;
const Moves kFour{4, DiagonalPolicy::Never};
const Moves kEightAlways{8, DiagonalPolicy::Always};

// 1 = floor (passable, OpenCV's foreground), 0 = wall.
const Grid<uint8_t>& passable() {
  static const Grid<uint8_t> g = [] {
    const WallMask walls = cave_mask(kSide, kSide, CaveConfig{}, kSeed);
    Grid<uint8_t> p(walls.width(), walls.height(), 0);
    for (size_t i = 0; i < p.size(); ++i) p.cells()[i] = walls.cells()[i] == 0 ? 1 : 0;
    return p;
  }();
  return g;
}

const Grid<Terrain>& tiles() {
  static const Grid<Terrain> t = [] {
    const Grid<uint8_t>& p = passable();
    Grid<Terrain> g(p.width(), p.height(), Terrain::Wall);
    for (size_t i = 0; i < g.size(); ++i) g.cells()[i] = p.cells()[i] != 0 ? Terrain::Floor : Terrain::Wall;
    return g;
  }();
  return t;
}

cv::Mat image() {
  const Grid<uint8_t>& p = passable();
  return cv::Mat(p.height(), p.width(), CV_8UC1, const_cast<uint8_t*>(p.data()));
}

void BM_CatacombLabels(benchmark::State& state) {
  RegionMap out;
  for (auto _ : state) {
    label_regions(passable(), kFour, out);
    benchmark::DoNotOptimize(out.labels.data());
    benchmark::ClobberMemory();
  }
  state.counters["regions"] = out.count();
}

void BM_CatacombLabelsFresh(benchmark::State& state) {
  int regions = 0;
  for (auto _ : state) {
    RegionMap out = label_regions(passable(), kFour);
    benchmark::DoNotOptimize(out.labels.data());
    benchmark::ClobberMemory();
    regions = out.count();
  }
  state.counters["regions"] = regions;
}

void BM_CatacombLabelsTerrain(benchmark::State& state) {
  const CostTable costs = CostTable::dungeon();
  RegionMap out;
  for (auto _ : state) {
    label_regions(tiles(), costs, kFour, out);
    benchmark::DoNotOptimize(out.labels.data());
    benchmark::ClobberMemory();
  }
  state.counters["regions"] = out.count();
}

void BM_CatacombLabels8(benchmark::State& state) {
  RegionMap out;
  for (auto _ : state) {
    label_regions(passable(), kEightAlways, out);
    benchmark::DoNotOptimize(out.labels.data());
    benchmark::ClobberMemory();
  }
  state.counters["regions"] = out.count();
}

void BM_OpenCvLabels(benchmark::State& state) {
  const cv::Mat img = image();
  cv::Mat labels;
  int n = 0;
  for (auto _ : state) {
    n = cv::connectedComponents(img, labels, 4, CV_32S);
    benchmark::DoNotOptimize(labels.data);
    benchmark::ClobberMemory();
  }
  state.counters["regions"] = n - 1;
}

void BM_OpenCvLabelsFresh(benchmark::State& state) {
  const cv::Mat img = image();
  int n = 0;
  for (auto _ : state) {
    cv::Mat labels;
    n = cv::connectedComponents(img, labels, 4, CV_32S);
    benchmark::DoNotOptimize(labels.data);
    benchmark::ClobberMemory();
  }
  state.counters["regions"] = n - 1;
}

void BM_OpenCvLabelsWithStats(benchmark::State& state) {
  const cv::Mat img = image();
  cv::Mat labels, stats, centroids;
  int n = 0;
  for (auto _ : state) {
    n = cv::connectedComponentsWithStats(img, labels, stats, centroids, 4, CV_32S);
    benchmark::DoNotOptimize(labels.data);
    benchmark::DoNotOptimize(stats.data);
    benchmark::ClobberMemory();
  }
  state.counters["regions"] = n - 1;
}

void BM_OpenCvLabels8(benchmark::State& state) {
  const cv::Mat img = image();
  cv::Mat labels;
  int n = 0;
  for (auto _ : state) {
    n = cv::connectedComponents(img, labels, 8, CV_32S);
    benchmark::DoNotOptimize(labels.data);
    benchmark::ClobberMemory();
  }
  state.counters["regions"] = n - 1;
}

BENCHMARK(BM_CatacombLabels)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_OpenCvLabels)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_OpenCvLabelsWithStats)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CatacombLabelsFresh)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_OpenCvLabelsFresh)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CatacombLabelsTerrain)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CatacombLabels8)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_OpenCvLabels8)->Unit(benchmark::kMillisecond)->UseRealTime();

// Each catacomb benchmark and the OpenCV benchmarks it is compared with.
const std::vector<std::pair<std::string, std::string>> kPairs = {
    {"BM_CatacombLabels", "BM_OpenCvLabels"},           {"BM_CatacombLabels", "BM_OpenCvLabelsWithStats"},
    {"BM_CatacombLabelsFresh", "BM_OpenCvLabelsFresh"}, {"BM_CatacombLabelsTerrain", "BM_OpenCvLabels"},
    {"BM_CatacombLabels8", "BM_OpenCvLabels8"},
};

// Region counts agree with OpenCV's for 4 and 8 connectivity; also reports whether the label
// grids are identical up to OpenCV's background label 0.
bool outputs_agree() {
  const cv::Mat img = image();
  bool ok = true;
  for (const auto& [moves, connectivity] : {std::pair{kFour, 4}, std::pair{kEightAlways, 8}}) {
    const RegionMap ours = label_regions(passable(), moves);
    const RegionMap by_terrain = label_regions(tiles(), CostTable::dungeon(), moves);
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(img, labels, stats, centroids, connectivity, CV_32S);
    // Identical: OpenCV label = catacomb label + 1 everywhere. Same partition: a one-to-one map
    // between the two label sets carries one grid onto the other.
    bool same_labels = true, same_partition = true;
    std::vector<int32_t> to_cv(static_cast<size_t>(ours.count()), -1), to_ours(static_cast<size_t>(n), -2);
    to_ours[0] = kNoRegion;
    for (int y = 0; y < kSide; ++y) {
      const int32_t* cv_row = labels.ptr<int32_t>(y);
      const int32_t* our_row = ours.labels.row(y);
      for (int x = 0; x < kSide; ++x) {
        const int32_t a = our_row[x], b = cv_row[x];
        if (a + 1 != b) same_labels = false;
        if (a == kNoRegion) {
          same_partition = same_partition && b == 0;
          continue;
        }
        int32_t& fwd = to_cv[static_cast<size_t>(a)];
        int32_t& back = to_ours[static_cast<size_t>(b)];
        if (fwd == -1 && back == -2) {
          fwd = b;
          back = a;
        }
        same_partition = same_partition && fwd == b && back == a;
      }
    }
    bool same_stats = same_labels;
    for (int l = 0; l < ours.count() && same_stats; ++l) {
      const Rect b = ours.bounds[static_cast<size_t>(l)];
      const int* s = stats.ptr<int>(l + 1);
      same_stats = s[cv::CC_STAT_AREA] == ours.sizes[static_cast<size_t>(l)] && s[cv::CC_STAT_LEFT] == b.x &&
                   s[cv::CC_STAT_TOP] == b.y && s[cv::CC_STAT_WIDTH] == b.width && s[cv::CC_STAT_HEIGHT] == b.height;
    }
    std::printf("%d-connectivity: catacomb %d regions, OpenCV %d (+ background); label grids %s; sizes and boxes %s\n",
                connectivity, ours.count(), n - 1,
                same_labels      ? "identical"
                : same_partition ? "the same partition, numbered differently"
                                 : "DIFFER",
                same_stats ? "identical" : "not compared");
    if (ours.count() != n - 1 || !same_partition) {
      std::fprintf(stderr, "regions_bench: regions differ from OpenCV's (%d-connectivity)\n", connectivity);
      ok = false;
    }
    if (by_terrain.labels != ours.labels || by_terrain.sizes != ours.sizes || by_terrain.bounds != ours.bounds) {
      std::fprintf(stderr, "regions_bench: the Grid<Terrain> overload differs from the byte overload\n");
      ok = false;
    }
  }
  return ok;
}

// The console output, then each catacomb time against its OpenCV counterpart (medians when the
// run has repetitions, else the single run).
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type == Run::RT_Aggregate && !median) continue;
      const std::string name = run.run_name.function_name;
      if (median || !medians_.count(name)) ms_[name] = run.GetAdjustedRealTime();  // in the run's unit: ms
      if (median) medians_[name] = true;
    }
  }

  void Finalize() override {
    std::ostream& out = GetOutputStream();
    char line[200];
    std::snprintf(line, sizeof line, "\n%-26s %9s   %-26s %9s   %s\n", "catacomb", "ms", "OpenCV", "ms",
                  "time ratio (< 1: catacomb faster)");
    out << line;
    for (const auto& [ours, peer] : kPairs) {
      if (!ms_.count(ours) || !ms_.count(peer)) continue;
      std::snprintf(line, sizeof line, "%-26s %9.2f   %-26s %9.2f   %.2f\n", ours.c_str(), ms_[ours], peer.c_str(),
                    ms_[peer], ms_[ours] / ms_[peer]);
      out << line;
    }
    ConsoleReporter::Finalize();
  }

 private:
  std::map<std::string, double> ms_;
  std::map<std::string, bool> medians_;
};

}  // namespace
}  // namespace catacomb

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  cv::setNumThreads(1);
  std::printf("input: %dx%d cave_mask (fill 45%%, 5 passes, seed %llu), floor = foreground; OpenCV %s, %d thread\n",
              catacomb::kSide, catacomb::kSide, static_cast<unsigned long long>(catacomb::kSeed), CV_VERSION,
              cv::getNumThreads());
  if (!catacomb::outputs_agree()) return 1;
  std::fflush(stdout);
  catacomb::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
