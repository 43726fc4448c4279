// Grid search on the Moving AI benchmarks: catacomb's A* (GridSearch) and Jump Point Search
// against libtcod's A* and Boost.Graph's astar_search, on the same problems in the same process.
//
// Problems: 1,000 of each map's scen/ file (all of them when fewer), spread evenly over the file
// (problem floor(i * n / 1000) for i = 0..999), so that every bucket of path lengths is represented:
// scen files are sorted by length, and their first 1,000 problems would be only the short ones.
// Cost model: 8 neighbours, no corner cutting, straight 1, diagonal sqrt(2), octile heuristic;
// libtcod gets a cost callback that forbids corner cutting and its own diagonal factor 1.41 (its
// heuristic is Euclidean and its costs are floats). Every engine's path cost is checked against the
// published optimal length and against the others (relative 1e-5); mismatches are counted and
// printed, not hidden.
//
// Each Google Benchmark case runs one engine over one map's whole sample per iteration; the
// counters give microseconds (of this thread's CPU time, so that other work on a shared machine
// does not count) and expansions per query. Unless told otherwise, every case is repeated 5 times
// in random order (--benchmark_repetitions=5 --benchmark_enable_random_interleaving=true), so a
// slow spell of a shared machine falls on all engines alike. A table is printed at the end: per
// engine the median of its repetitions, the ratios of those medians, and each ratio's range
// (slowest peer run over fastest catacomb run, and the other way round). Run (bench preset):
//   build/bench/bench/search_bench [--benchmark_filter=arena2] [--maps=arena2,den520d,...|all]
#include <benchmark/benchmark.h>
#include <libtcod/path.h>

#include <algorithm>
// Boost.Graph's headers are not ours to keep warning-free; GCC 12 reports a false
// maybe-uninitialized inside its edge iterator when inlined here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#pragma GCC diagnostic pop
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include <catacomb/io/movingai.hpp>
#include <catacomb/pathing/jps.hpp>
#include <catacomb/pathing/search.hpp>

namespace {

using namespace catacomb;

constexpr size_t kSample = 1000;
constexpr double kTolerance = 1e-5;

const char* const kDefaultMaps[] = {"arena2", "den520d", "brc202d", "lak303d", "maze512-1-0"};
const char* const kAllMaps[] = {"arena2",     "den520d",    "brc202d",     "lak303d",        "16room_000",
                                "32room_000", "maze512-1-0", "maze512-4-0", "random512-10-0", "random512-25-0"};

// This thread's CPU time in microseconds.
double cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

bool same_cost(double a, double b) { return std::abs(a - b) <= kTolerance * std::max(1.0, std::abs(b)); }

// Cost of a cell-by-cell path under the benchmark's model (1 straight, sqrt(2) diagonal).
double octile_cost(const std::vector<Point>& path) {
  double c = 0;
  for (size_t i = 1; i < path.size(); ++i)
    c += (path[i].x != path[i - 1].x && path[i].y != path[i - 1].y) ? kSqrt2 : 1.0;
  return c;
}

// --- the engines: each answers one query with (cost, expansions), cost < 0 for "no path" ------

struct Answer {
  double cost = -1;
  int64_t expanded = 0;
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual Answer solve(Point s, Point g) = 0;
};

class CatacombAStar : public Engine {
 public:
  explicit CatacombAStar(const Grid<Terrain>& tiles) { search_.set_map(tiles, CostTable::uniform()); }
  Answer solve(Point s, Point g) override {
    const PathResult r = search_.find_path(s, g, options_);
    return {r.found() ? r.cost : -1, r.expanded};
  }

 private:
  GridSearch search_;
  SearchOptions options_;  // A*, 8 neighbours, no corner cutting, sqrt(2), octile, weight 1
};

class CatacombJps : public Engine {
 public:
  explicit CatacombJps(const Grid<uint8_t>& passable) { jps_.set_map(passable); }
  Answer solve(Point s, Point g) override {
    const PathResult r = jps_.find_path(s, g);
    return {r.found() ? r.cost : -1, r.expanded};
  }

 private:
  JumpPointSearch jps_;
};

// libtcod's A* through its cost-callback form.
class LibtcodAStar : public Engine {
 public:
  explicit LibtcodAStar(const Grid<uint8_t>& passable) : map_(&passable) {
    path_ = TCOD_path_new_using_function(passable.width(), passable.height(), &LibtcodAStar::cost, this, 1.41f);
  }
  ~LibtcodAStar() override { TCOD_path_delete(path_); }
  LibtcodAStar(const LibtcodAStar&) = delete;
  LibtcodAStar& operator=(const LibtcodAStar&) = delete;

  Answer solve(Point s, Point g) override {
    calls_ = 0;
    Answer a;
    if (TCOD_path_compute(path_, s.x, s.y, g.x, g.y)) {
      const int n = TCOD_path_size(path_);
      cells_.assign(1, s);
      for (int i = 0; i < n; ++i) {
        int x = 0, y = 0;
        TCOD_path_get(path_, i, &x, &y);
        cells_.push_back({x, y});
      }
      a.cost = octile_cost(cells_);
    }
    // libtcod does not count expansions; it calls the cost function once per in-bounds neighbour
    // of every cell it takes off its heap (8 on these walled maps).
    a.expanded = calls_ / 8;
    return a;
  }

 private:
  static float cost(int x0, int y0, int x1, int y1, void* self) {
    auto* me = static_cast<LibtcodAStar*>(self);
    ++me->calls_;
    const Grid<uint8_t>& m = *me->map_;
    if (!m(x1, y1)) return 0.0f;
    if (x0 != x1 && y0 != y1 && (!m(x1, y0) || !m(x0, y1))) return 0.0f;  // no corner cutting
    return 1.0f;
  }

  const Grid<uint8_t>* map_;
  TCOD_path_t path_ = nullptr;
  int64_t calls_ = 0;
  std::vector<Point> cells_;
};

// GCC 12 reports false array-bounds errors inside std::vector when Boost's CSR constructor is
// inlined here (a known false positive of that release); not ours to fix.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
// Boost.Graph's astar_search on a compressed_sparse_row_graph built once per map (Boost's
// representation for graphs that do not change; an adjacency_list keeps each edge's weight in its
// own heap allocation and was 1.3-1.6x slower here): one vertex per passable cell, edges of weight
// 1 and sqrt(2) (no corner cutting), octile heuristic, early exit at the goal. The property maps
// are allocated once; astar_search initialises them on every query.
class BoostAStar : public Engine {
 public:
  struct Weight {
    double w;
  };
  using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, Weight>;
  using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

  explicit BoostAStar(const Grid<uint8_t>& passable) : width_(passable.width()) {
    vertex_of_.assign(passable.size(), -1);
    for (size_t i = 0; i < passable.size(); ++i)
      if (passable.cells()[i]) {
        vertex_of_[i] = static_cast<int>(cell_of_.size());
        cell_of_.push_back(passable.point(i));
      }
    std::vector<std::pair<size_t, size_t>> edges;
    std::vector<Weight> weights;
    for (size_t v = 0; v < cell_of_.size(); ++v) {
      const Point p = cell_of_[v];
      for (int d = 0; d < 8; ++d) {
        const Point q{p.x + kDirections[d].x, p.y + kDirections[d].y};
        if (!passable.in_bounds(q) || !passable[q]) continue;
        const bool diagonal = d >= 4;
        if (diagonal && (!passable(q.x, p.y) || !passable(p.x, q.y))) continue;
        edges.emplace_back(v, static_cast<size_t>(vertex_of_[passable.index(q)]));
        weights.push_back({diagonal ? kSqrt2 : 1.0});
      }
    }
    graph_ = Graph(boost::edges_are_sorted, edges.begin(), edges.end(), weights.begin(), cell_of_.size());
    predecessor_.resize(cell_of_.size());
    distance_.resize(cell_of_.size());
    rank_.resize(cell_of_.size());
    color_.resize(cell_of_.size());
  }

  Answer solve(Point s, Point g) override {
    const auto vs = static_cast<Vertex>(vertex_of_[static_cast<size_t>(s.y * width_ + s.x)]);
    const auto vg = static_cast<Vertex>(vertex_of_[static_cast<size_t>(g.y * width_ + g.x)]);
    Answer a;
    Visitor visitor{vg, &a.expanded};
    try {
      boost::astar_search(
          graph_, vs, Octile{&cell_of_, cell_of_[vg]},
          boost::visitor(visitor)
              .weight_map(boost::get(&Weight::w, graph_))
              .predecessor_map(boost::make_iterator_property_map(predecessor_.begin(), boost::get(boost::vertex_index, graph_)))
              .distance_map(boost::make_iterator_property_map(distance_.begin(), boost::get(boost::vertex_index, graph_)))
              .rank_map(boost::make_iterator_property_map(rank_.begin(), boost::get(boost::vertex_index, graph_)))
              .color_map(boost::make_iterator_property_map(color_.begin(), boost::get(boost::vertex_index, graph_))));
    } catch (const Found&) {
      a.cost = distance_[vg];
    }
    return a;
  }

 private:
  struct Found {};
  struct Octile : boost::astar_heuristic<Graph, double> {
    const std::vector<Point>* cells;
    Point goal;
    Octile(const std::vector<Point>* c, Point g) : cells(c), goal(g) {}
    double operator()(Vertex v) const {
      const Point p = (*cells)[v];
      const int dx = std::abs(p.x - goal.x), dy = std::abs(p.y - goal.y);
      return std::abs(dx - dy) + std::min(dx, dy) * kSqrt2;
    }
  };
  struct Visitor : boost::default_astar_visitor {
    Vertex goal;
    int64_t* expanded;
    Visitor(Vertex g, int64_t* e) : goal(g), expanded(e) {}
    void examine_vertex(Vertex v, const Graph&) {
      ++*expanded;
      if (v == goal) throw Found{};
    }
  };

  int width_;
  std::vector<int> vertex_of_;
  std::vector<Point> cell_of_;
  Graph graph_;
  std::vector<Vertex> predecessor_;
  std::vector<double> distance_, rank_;
  std::vector<boost::default_color_type> color_;
};

#pragma GCC diagnostic pop

// --- one map: its sample, its engines, the correctness pass and the timings -------------------

const char* const kEngineNames[] = {"catacomb_astar", "catacomb_jps", "libtcod_astar", "boost_astar"};
constexpr int kEngines = 4;

struct MapCase {
  std::string name;
  std::vector<Scenario> problems;
  Grid<uint8_t> passable;
  std::unique_ptr<Engine> engines[kEngines];
  double mean_expanded[kEngines] = {};
  int mismatches_published[kEngines] = {};  // cost differs from optimal_length
  int mismatches_astar[kEngines] = {};      // cost differs from catacomb A*'s
  std::vector<double> runs_us[kEngines];     // mean microseconds per query of each measured run
};

std::vector<std::unique_ptr<MapCase>> load_cases(const std::string& dir, const std::vector<std::string>& names) {
  std::vector<std::unique_ptr<MapCase>> cases;
  for (const std::string& name : names) {
    auto c = std::make_unique<MapCase>();
    c->name = name;
    c->problems = load_scenarios(dir + "/scen/" + name + ".map.scen");
    if (c->problems.size() > kSample) {
      std::vector<Scenario> spread(kSample);
      for (size_t i = 0; i < kSample; ++i) spread[i] = c->problems[i * c->problems.size() / kSample];
      c->problems = std::move(spread);
    }
    const Grid<Terrain> tiles = load_movingai_map(dir + "/maps/" + name + ".map");
    c->passable = Grid<uint8_t>(tiles.width(), tiles.height(), 0);
    for (size_t i = 0; i < tiles.size(); ++i) c->passable.cells()[i] = tiles.cells()[i] == Terrain::Floor;
    c->engines[0] = std::make_unique<CatacombAStar>(tiles);
    c->engines[1] = std::make_unique<CatacombJps>(c->passable);
    c->engines[2] = std::make_unique<LibtcodAStar>(c->passable);
    c->engines[3] = std::make_unique<BoostAStar>(c->passable);
    // Correctness pass (untimed): every engine on every problem.
    std::vector<double> astar_cost(c->problems.size());
    for (int e = 0; e < kEngines; ++e) {
      int64_t expanded = 0;
      for (size_t i = 0; i < c->problems.size(); ++i) {
        const Scenario& p = c->problems[i];
        const Answer a = c->engines[e]->solve(p.start, p.goal);
        expanded += a.expanded;
        if (e == 0) astar_cost[i] = a.cost;
        if (a.cost < 0 || !same_cost(a.cost, p.optimal_length)) ++c->mismatches_published[e];
        if (!same_cost(a.cost, astar_cost[i])) ++c->mismatches_astar[e];
      }
      c->mean_expanded[e] = static_cast<double>(expanded) / static_cast<double>(c->problems.size());
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

void run_case(benchmark::State& state, MapCase* c, int e) {
  Engine& engine = *c->engines[e];
  int64_t queries = 0;
  double sink = 0;
  const double t0 = cpu_us();
  for (auto _ : state) {
    for (const Scenario& p : c->problems) {
      const Answer a = engine.solve(p.start, p.goal);
      sink += a.cost;
    }
    queries += static_cast<int64_t>(c->problems.size());
  }
  const double us = cpu_us() - t0;
  benchmark::DoNotOptimize(sink);
  const double per_query = us / static_cast<double>(queries);
  state.counters["us_per_query"] = per_query;
  state.counters["expanded_per_query"] = c->mean_expanded[e];
  state.counters["problems"] = static_cast<double>(c->problems.size());
  state.SetItemsProcessed(queries);
}

// Forwards the runs to the console and keeps each measured run's microseconds per query for the
// table. When cases are repeated, only the aggregates (mean, median, ...) reach the console.
class Collector : public benchmark::ConsoleReporter {
 public:
  explicit Collector(const std::vector<std::unique_ptr<MapCase>>* cases)
      : ConsoleReporter(isatty(fileno(stdout)) ? OO_ColorTabular : OO_Tabular), cases_(cases) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    std::vector<Run> shown;
    for (const Run& run : runs) {
      if (run.run_type == Run::RT_Aggregate) {
        shown.push_back(run);
        continue;
      }
      if (run.repetitions <= 1) shown.push_back(run);
      const auto it = run.counters.find("us_per_query");
      if (run.error_occurred || it == run.counters.end()) continue;
      const std::string name = run.run_name.function_name;  // "<map>/<engine>"
      for (const auto& c : *cases_)
        for (int e = 0; e < kEngines; ++e)
          if (name == c->name + "/" + kEngineNames[e]) c->runs_us[e].push_back(it->second.value);
    }
    if (!shown.empty()) ConsoleReporter::ReportRuns(shown);
  }

 private:
  const std::vector<std::unique_ptr<MapCase>>* cases_;
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void print_table(const std::vector<std::unique_ptr<MapCase>>& cases) {
  std::printf("\nPer query, %zu problems spread over each scen/ file (median microseconds over the runs /"
              " mean expansions):\n",
              kSample);
  std::printf("%-15s %5s %4s | %17s | %17s | %17s | %17s | %-17s %-17s %-17s\n", "map", "n", "runs", "catacomb A*",
              "catacomb JPS", "libtcod A*", "Boost A*", "Boost/A*", "tcod/A*", "Boost/JPS");
  for (const auto& c : cases) {
    size_t runs = c->runs_us[0].size();
    for (int e = 1; e < kEngines; ++e) runs = std::min(runs, c->runs_us[e].size());
    std::printf("%-15s %5zu %4zu |", c->name.c_str(), c->problems.size(), runs);
    for (int e = 0; e < kEngines; ++e) std::printf(" %8.1f %8.1f |", median(c->runs_us[e]), c->mean_expanded[e]);
    // peer / ours: the ratio of the medians, then its range over the runs.
    auto ratio = [&](int peer, int ours) {
      const std::vector<double>& p = c->runs_us[peer];
      const std::vector<double>& o = c->runs_us[ours];
      if (p.empty() || o.empty()) return std::string("-");
      const double lo = *std::min_element(p.begin(), p.end()) / *std::max_element(o.begin(), o.end());
      const double hi = *std::max_element(p.begin(), p.end()) / *std::min_element(o.begin(), o.end());
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.1fx (%.1f-%.1f)", median(p) / median(o), lo, hi);
      return std::string(buf);
    };
    std::printf(" %-17s %-17s %-17s\n", ratio(3, 0).c_str(), ratio(2, 0).c_str(), ratio(3, 1).c_str());
  }
  std::printf("(ratio = peer / catacomb, median of the runs; in brackets its range over the runs. Targets on\n"
              " the DAO maps: Boost/A* >= 5x, tcod/A* >= 10x, Boost/JPS >= 25x.)\n");
  std::printf("\nCost checks (relative 1e-5), problems whose cost differs from the published optimal_length"
              " / from catacomb A*:\n");
  for (const auto& c : cases) {
    std::printf("%-15s", c->name.c_str());
    for (int e = 0; e < kEngines; ++e)
      std::printf("  %s %d/%d", kEngineNames[e], c->mismatches_published[e], c->mismatches_astar[e]);
    std::printf("\n");
  }
  std::printf("(libtcod plans with diagonal cost 1.41 in floats and a Euclidean heuristic, and does not\n"
              " re-expand improved cells, so some of its paths cost more than optimal under sqrt(2).)\n");
}

}  // namespace

int main(int argc, char** argv) {
  // Our own flag first: --maps=a,b,c or --maps=all.
  std::vector<std::string> names(std::begin(kDefaultMaps), std::end(kDefaultMaps));
  std::vector<char*> rest;
  bool repetitions_given = false;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--benchmark_repetitions", 23) == 0) repetitions_given = true;
    if (std::strncmp(argv[i], "--maps=", 7) == 0) {
      std::string list = argv[i] + 7;
      names.clear();
      if (list == "all") {
        names.assign(std::begin(kAllMaps), std::end(kAllMaps));
      } else {
        for (size_t pos = 0; pos <= list.size();) {
          size_t comma = list.find(',', pos);
          if (comma == std::string::npos) comma = list.size();
          if (comma > pos) names.push_back(list.substr(pos, comma - pos));
          pos = comma + 1;
        }
      }
    } else {
      rest.push_back(argv[i]);
    }
  }
  // Repeat every case in random order unless the caller chose the repetitions.
  char default_repetitions[] = "--benchmark_repetitions=5";
  char default_interleaving[] = "--benchmark_enable_random_interleaving=true";
  if (!repetitions_given) {
    rest.push_back(default_repetitions);
    rest.push_back(default_interleaving);
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  if (benchmark::ReportUnrecognizedArguments(rest_argc, rest.data())) return 1;

  const std::string dir = std::string(CATACOMB_SHARED_DIR) + "/bench/movingai";
  std::vector<std::unique_ptr<MapCase>> cases;
  try {
    cases = load_cases(dir, names);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "search_bench: %s\n", e.what());
    return 2;
  }
  for (const auto& c : cases)
    for (int e = 0; e < kEngines; ++e)
      benchmark::RegisterBenchmark((c->name + "/" + kEngineNames[e]).c_str(), run_case, c.get(), e)
          ->Unit(benchmark::kMillisecond);
  Collector collector(&cases);
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::Shutdown();
  print_table(cases);
  return 0;
}
