#include "cases.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

#include <benchmark/benchmark.h>

#include <catacomb/core/rng.hpp>
#include <catacomb/pipeline/generate.hpp>

namespace catacomb::bench {
namespace {

constexpr double kTolerance = 1e-5;

bool same_cost(double a, double b) { return std::abs(a - b) <= kTolerance * std::max(1.0, std::abs(b)); }

// This thread's CPU time in microseconds: other work on a shared machine does not count.
double cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

void add_engine(SearchCase& c, const char* name, std::unique_ptr<Engine> engine) {
  c.engine_names.emplace_back(name);
  c.engines.push_back(std::move(engine));
}

// The Navigator, built kBuilds times: its build's median CPU time, and the engine of the last.
void add_navigator(SearchCase& c) {
  constexpr int kBuilds = 3;
  std::vector<double> ms;
  std::unique_ptr<Engine> engine;
  for (int b = 0; b < kBuilds; ++b) {
    engine.reset();
    const double t0 = cpu_us();
    engine = make_catacomb_navigator(c.costs, c.navigator_stats);
    ms.push_back((cpu_us() - t0) / 1000);
  }
  std::sort(ms.begin(), ms.end());
  c.navigator_build_ms = ms[ms.size() / 2];
  add_engine(c, "catacomb_nav", std::move(engine));
}

}  // namespace

int SearchCase::engine(const std::string& n) const {
  for (size_t e = 0; e < engine_names.size(); ++e)
    if (engine_names[e] == n) return static_cast<int>(e);
  return -1;
}

std::unique_ptr<SearchCase> load_movingai_case(const std::string& dir, const std::string& name, Sampling sampling) {
  auto c = std::make_unique<SearchCase>();
  c->name = name;
  const std::vector<Scenario> all = load_scenarios(dir + "/scen/" + name + ".map.scen");
  const size_t n = all.size();
  if (n <= kSample) {
    c->problems = all;
  } else if (sampling == Sampling::Spread) {
    for (size_t i = 0; i < kSample; ++i) c->problems.push_back(all[i * n / kSample]);
  } else {
    for (size_t i = 0; i < n; i += (n + kSample - 1) / kSample) c->problems.push_back(all[i]);
  }
  const Grid<Terrain> tiles = load_movingai_map(dir + "/maps/" + name + ".map");
  c->costs = CostGrid(tiles.width(), tiles.height(), CostTable::kImpassable);
  for (size_t i = 0; i < tiles.size(); ++i)
    if (tiles.cells()[i] == Terrain::Floor) c->costs.cells()[i] = 1.0;
  add_engine(*c, "catacomb_astar", make_catacomb_astar(c->costs));
  add_engine(*c, "catacomb_jps", make_catacomb_jps(c->costs));
  add_navigator(*c);
  add_engine(*c, "libtcod_astar", make_libtcod_astar(c->costs));
  add_engine(*c, "boost_astar", make_boost_astar(c->costs));
  return c;
}

std::unique_ptr<SearchCase> make_generated_case(int side, uint64_t seed, size_t queries, GeneratorKind kind) {
  auto c = std::make_unique<SearchCase>();
  c->name = std::string(kind == GeneratorKind::Rooms ? "rooms" : "cave") + std::to_string(side) + "_tutorial";
  GenerateConfig config;
  config.generator = kind;
  config.width = side;
  config.height = side;
  // Rooms as dense as the default 80x50 map's (16 rooms in 4,000 cells).
  if (kind == GeneratorKind::Rooms) config.rooms.room_count = side * side * 16 / 4000;
  config.costs = CostPreset::Tutorial;
  const Dungeon d = generate_dungeon(config, seed).dungeon;
  c->costs = make_cost_grid(d.tiles, config.cost_table());
  std::vector<Point> open;
  for (size_t i = 0; i < c->costs.size(); ++i)
    if (c->costs.cells()[i] != CostTable::kImpassable) open.push_back(c->costs.point(i));
  GridSearch reference;
  reference.set_costs(c->costs);
  SearchOptions dijkstra;
  dijkstra.algorithm = side <= 256 ? Algorithm::Dijkstra : Algorithm::AStar;
  Rng rng = Rng::stream(seed, "search_bench");
  const auto last = static_cast<int64_t>(open.size()) - 1;
  while (c->problems.size() < queries) {
    Scenario p;
    p.start = open[static_cast<size_t>(rng.uniform_int(0, last))];
    p.goal = open[static_cast<size_t>(rng.uniform_int(0, last))];
    const PathResult r = reference.find_path(p.start, p.goal, dijkstra);
    if (!r.found()) continue;  // another area of the cave
    p.optimal_length = r.cost;
    c->problems.push_back(p);
  }
  add_engine(*c, "catacomb_astar", make_catacomb_astar(c->costs));
  add_navigator(*c);
  add_engine(*c, "libtcod_astar", make_libtcod_astar(c->costs));
  add_engine(*c, "boost_astar", make_boost_astar(c->costs));
  return c;
}

void check_costs(SearchCase& c) {
  const size_t engines = c.engines.size();
  c.mean_expanded.assign(engines, 0);
  c.mismatches_reference.assign(engines, 0);
  c.mismatches_astar.assign(engines, 0);
  c.worst_excess.assign(engines, 0);
  std::vector<double> astar_cost(c.problems.size());
  for (size_t e = 0; e < engines; ++e) {
    int64_t expanded = 0;
    for (size_t i = 0; i < c.problems.size(); ++i) {
      const Scenario& p = c.problems[i];
      const Answer a = c.engines[e]->solve(p.start, p.goal);
      expanded += a.expanded;
      if (e == 0) astar_cost[i] = a.cost;
      if (a.cost < 0 || !same_cost(a.cost, p.optimal_length)) ++c.mismatches_reference[e];
      if (a.cost >= 0 && p.optimal_length > 0)
        c.worst_excess[e] = std::max(c.worst_excess[e], (a.cost - p.optimal_length) / p.optimal_length);
      if (!same_cost(a.cost, astar_cost[i])) ++c.mismatches_astar[e];
    }
    c.mean_expanded[e] = static_cast<double>(expanded) / static_cast<double>(c.problems.size());
  }
}

std::vector<double> run_round(SearchCase& c, int round, size_t block_size) {
  const size_t engines = c.engines.size();
  const size_t n = c.problems.size();
  std::vector<double> us(engines, 0.0);
  double sink = 0;
  for (size_t begin = 0, block = 0; begin < n; begin += block_size, ++block) {
    const size_t end = std::min(n, begin + block_size);
    for (size_t k = 0; k < engines; ++k) {
      const size_t e = (block + k + static_cast<size_t>(round)) % engines;
      Engine& engine = *c.engines[e];
      const double t0 = cpu_us();
      for (size_t i = begin; i < end; ++i) sink += engine.solve(c.problems[i].start, c.problems[i].goal).cost;
      us[e] += cpu_us() - t0;
    }
  }
  benchmark::DoNotOptimize(sink);
  for (double& u : us) u /= static_cast<double>(n);
  return us;
}

}  // namespace catacomb::bench
