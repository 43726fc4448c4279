// Grid search on the Moving AI benchmarks: catacomb's A* (GridSearch) and Jump Point Search
// against libtcod's A* and Boost.Graph's astar_search, on the same problems in the same process.
//
// Problems: the first 1,000 of each map's scen/ file (all of them when fewer), in file order.
// Cost model: 8 neighbours, no corner cutting, straight 1, diagonal sqrt(2), octile heuristic;
// libtcod gets a cost callback that forbids corner cutting and its own diagonal factor 1.41 (its
// heuristic is Euclidean and its costs are floats). Every engine's path cost is checked against the
// published optimal length and against the others (relative 1e-5); mismatches are counted and
// printed, not hidden.
//
// Each Google Benchmark case runs one engine over one map's whole sample per iteration; the
// counters give microseconds (of this thread's CPU time, so that other work on a shared machine
// does not count) and expansions per query. A table with the ratios is printed at the
// end. Run (Release build):
//   build/h-bench/bench/search_bench [--benchmark_filter=arena2] [--maps=arena2,den520d,...|all]
#include <benchmark/benchmark.h>
#include <libtcod/path.h>

#include <algorithm>
// Boost.Graph's headers are not ours to keep warning-free; GCC 12 reports a false
// maybe-uninitialized inside its edge iterator when inlined here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>
#pragma GCC diagnostic pop
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "io/movingai.hpp"
#include "pathing/jps.hpp"
#include "pathing/search.hpp"

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

// Boost.Graph's astar_search on an adjacency list built once per map: one vertex per passable
// cell, edges of weight 1 and sqrt(2) (no corner cutting), octile heuristic, early exit at the
// goal. The property maps are allocated once; astar_search initialises them on every query.
class BoostAStar : public Engine {
 public:
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                      boost::property<boost::edge_weight_t, double>>;
  using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

  explicit BoostAStar(const Grid<uint8_t>& passable) : width_(passable.width()) {
    vertex_of_.assign(passable.size(), -1);
    for (size_t i = 0; i < passable.size(); ++i)
      if (passable.cells()[i]) {
        vertex_of_[i] = static_cast<int>(cell_of_.size());
        cell_of_.push_back(passable.point(i));
      }
    graph_ = Graph(cell_of_.size());
    for (size_t v = 0; v < cell_of_.size(); ++v) {
      const Point p = cell_of_[v];
      for (int d = 0; d < 8; ++d) {
        const Point q{p.x + kDirections[d].x, p.y + kDirections[d].y};
        if (!passable.in_bounds(q) || !passable[q]) continue;
        const bool diagonal = d >= 4;
        if (diagonal && (!passable(q.x, p.y) || !passable(p.x, q.y))) continue;
        boost::add_edge(v, static_cast<size_t>(vertex_of_[passable.index(q)]), diagonal ? kSqrt2 : 1.0, graph_);
      }
    }
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
  double best_us[kEngines] = {0, 0, 0, 0};  // fastest mean per query over the benchmark's runs
};

std::vector<std::unique_ptr<MapCase>> load_cases(const std::string& dir, const std::vector<std::string>& names) {
  std::vector<std::unique_ptr<MapCase>> cases;
  for (const std::string& name : names) {
    auto c = std::make_unique<MapCase>();
    c->name = name;
    c->problems = load_scenarios(dir + "/scen/" + name + ".map.scen");
    if (c->problems.size() > kSample) c->problems.resize(kSample);
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
  if (c->best_us[e] == 0 || per_query < c->best_us[e]) c->best_us[e] = per_query;
  state.counters["us_per_query"] = per_query;
  state.counters["expanded_per_query"] = c->mean_expanded[e];
  state.counters["problems"] = static_cast<double>(c->problems.size());
  state.SetItemsProcessed(queries);
}

void print_table(const std::vector<std::unique_ptr<MapCase>>& cases) {
  std::printf("\nPer query, first %zu problems of each scen/ file (mean microseconds / mean expansions):\n", kSample);
  std::printf("%-15s %5s | %17s | %17s | %17s | %17s | %9s %9s %9s\n", "map", "n", "catacomb A*", "catacomb JPS",
              "libtcod A*", "Boost A*", "Boost/A*", "tcod/A*", "Boost/JPS");
  for (const auto& c : cases) {
    std::printf("%-15s %5zu |", c->name.c_str(), c->problems.size());
    for (int e = 0; e < kEngines; ++e) std::printf(" %8.1f %8.1f |", c->best_us[e], c->mean_expanded[e]);
    auto ratio = [&](int a, int b) { return c->best_us[b] > 0 ? c->best_us[a] / c->best_us[b] : 0.0; };
    std::printf(" %8.1fx %8.1fx %8.1fx\n", ratio(3, 0), ratio(2, 0), ratio(3, 1));
  }
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
  for (int i = 0; i < argc; ++i) {
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
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  print_table(cases);
  return 0;
}
