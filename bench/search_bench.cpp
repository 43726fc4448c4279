// Grid search on the Moving AI benchmarks and on generated caves under the tutorial's costs:
// catacomb's A* (GridSearch), Jump Point Search and Navigator (built once per map: its build time
// and bytes per cell are printed) against libtcod's A* and Boost.Graph's astar_search, on the
// same problems in the same process, interleaved.
//
// Problems: 1,000 of each Moving AI map's scen/ file spread over the file (search/cases.hpp;
// --sample=stride takes the same problems as ../shared/peers/peer_bench --max-queries 1000), and
// 1,000 random pairs of one area of a 256x256 cave (caves generator, seed 1, water and vegetation)
// under the tutorial's table (road 1, floor 3, water 5, vegetation 10), and 200 of a 1024x1024 one
// (and, with --maps=rooms1024_tutorial or all, of a 1024x1024 rooms map under the same table).
// Cost model: 8 neighbours, no corner cutting, a move costs the destination's cost, times sqrt(2)
// on a diagonal; octile heuristic (times the smallest cell cost) for catacomb and Boost, libtcod's
// own Euclidean one. Every engine's path cost is checked against the published optimum (the cave:
// catacomb's Dijkstra) and against catacomb A*'s (relative 1e-5); mismatches are printed.
//
// Timing, robust to a shared machine whose speed swings from minute to minute: one Google
// Benchmark case per map, each repetition one round over the whole sample in which the engines
// take turns block by block (--block=N queries each, default 100: search/cases.cpp; smaller
// blocks cost the fastest engine its warm caches, JPS 40 % at 16), this thread's CPU time. Each
// round therefore yields one ratio per engine pair measured in the same seconds; the table gives
// per engine its median time per query over the rounds, and per ratio the median of the rounds'
// ratios and their range (min-max). Rounds: 5 in random order of maps unless
// --benchmark_repetitions says otherwise. Run (bench preset):
//   build/bench/bench/search_bench [--maps=arena2,den520d,...|all] [--block=N] [--sample=spread|stride]
//   [--benchmark_repetitions=N]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "search/cases.hpp"

namespace {

using namespace catacomb;
using namespace catacomb::bench;

const char* const kCave = "cave256_tutorial";
const char* const kBigCave = "cave1024_tutorial";
// A rooms map of the same size (rooms generator, the default map's density of rooms), same costs.
const char* const kBigRooms = "rooms1024_tutorial";
// Problems on the 1024 x 1024 cave: libtcod takes tens of milliseconds a query there.
constexpr size_t kBigCaveSample = 200;
const char* const kDefaultMaps[] = {"arena2", "den520d", "brc202d", "lak303d", kCave, kBigCave};
const char* const kAllMaps[] = {"arena2",     "den520d",     "brc202d",     "lak303d",        "16room_000",
                                "32room_000", "maze512-1-0", "maze512-4-0", "random512-10-0", "random512-25-0",
                                kCave,        kBigCave,      kBigRooms};
const char* const kColumns[] = {"catacomb_astar", "catacomb_jps", "catacomb_nav", "libtcod_astar", "boost_astar"};

size_t g_block = kDefaultBlock;          // --block=N
Sampling g_sampling = Sampling::Spread;  // --sample=spread|stride

void run_rounds(benchmark::State& state, SearchCase* c) {
  std::vector<double> us;
  const int round = static_cast<int>(c->rounds_us.empty() ? 0 : c->rounds_us[0].size());
  for (auto _ : state) us = run_round(*c, round, g_block);
  c->rounds_us.resize(c->engines.size());
  for (size_t e = 0; e < c->engines.size(); ++e) {
    c->rounds_us[e].push_back(us[e]);
    state.counters[c->engine_names[e] + "_us"] = us[e];
  }
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// "4.2x (3.9-4.6)": the median over the rounds of peer / ours, and its range.
std::string ratio(const SearchCase& c, const char* peer, const char* ours) {
  const int p = c.engine(peer), o = c.engine(ours);
  if (p < 0 || o < 0 || c.rounds_us.empty()) return "-";
  std::vector<double> r;
  for (size_t k = 0; k < c.rounds_us[0].size(); ++k)
    r.push_back(c.rounds_us[static_cast<size_t>(p)][k] / c.rounds_us[static_cast<size_t>(o)][k]);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1fx (%.1f-%.1f)", median(r), *std::min_element(r.begin(), r.end()),
                *std::max_element(r.begin(), r.end()));
  return buf;
}

void print_table(const std::vector<std::unique_ptr<SearchCase>>& cases) {
  std::printf(
      "\nPer query (median microseconds over the rounds / mean expansions), catacomb A*'s ns per expansion,"
      "\nand each ratio's median over the rounds (its range over the rounds):\n");
  std::printf("%-17s %5s %6s | %17s | %17s | %17s | %17s | %17s | %6s | %-17s %-17s %-17s %-17s\n", "map", "n",
              "rounds", "catacomb A*", "catacomb JPS", "Navigator", "libtcod A*", "Boost A*", "ns/exp", "Boost/A*",
              "tcod/A*", "Boost/JPS", "Boost/Navigator");
  for (const auto& c : cases) {
    const size_t rounds = c->rounds_us.empty() ? 0 : c->rounds_us[0].size();
    std::printf("%-17s %5zu %6zu |", c->name.c_str(), c->problems.size(), rounds);
    for (const char* column : kColumns) {
      const int e = c->engine(column);
      if (e < 0 || rounds == 0) std::printf(" %17s |", "-");
      else
        std::printf(" %8.1f %8.1f |", median(c->rounds_us[static_cast<size_t>(e)]),
                    c->mean_expanded[static_cast<size_t>(e)]);
    }
    const double ns_per_expansion = rounds ? median(c->rounds_us[0]) * 1000 / c->mean_expanded[0] : 0;
    std::printf(" %6.1f | %-17s %-17s %-17s %-17s\n", ns_per_expansion,
                ratio(*c, "boost_astar", "catacomb_astar").c_str(),
                ratio(*c, "libtcod_astar", "catacomb_astar").c_str(), ratio(*c, "boost_astar", "catacomb_jps").c_str(),
                ratio(*c, "boost_astar", "catacomb_nav").c_str());
  }
  std::printf(
      "(ratio = peer / catacomb per round; engines interleaved in blocks of %zu queries. Guards: catacomb\n"
      " A* 36-46 ns per expansion on the DAO maps; Boost/JPS >= 25x on lak303d.)\n",
      g_block);
  std::printf("\nThe Navigator's build (CPU, median of 3) and what it holds:\n");
  std::printf("%-17s %9s %8s %10s %10s %10s %9s\n", "map", "cells", "engine", "build ms", "bytes/cell", "scratch/cell",
              "landmarks");
  for (const auto& c : cases)
    std::printf("%-17s %9zu %8s %10.1f %10.2f %10.2f %9d\n", c->name.c_str(), c->costs.size(),
                std::string(c->navigator_stats.engine).c_str(), c->navigator_build_ms,
                c->navigator_stats.bytes_per_cell, c->navigator_stats.scratch_bytes_per_cell,
                c->navigator_stats.landmarks);
  std::printf(
      "\nCost checks (relative 1e-5), problems whose cost differs from the reference (published optimum;"
      "\n%s: catacomb's Dijkstra) / from catacomb A*:\n",
      kCave);
  for (const auto& c : cases) {
    std::printf("%-16s", c->name.c_str());
    for (size_t e = 0; e < c->engines.size(); ++e)
      std::printf("  %s %d/%d (worst +%.2g%%)", c->engine_names[e].c_str(), c->mismatches_reference[e],
                  c->mismatches_astar[e], c->worst_excess[e] * 100);
    std::printf("\n");
  }
  std::printf(
      "(libtcod stops when the goal is first put on its open list, not when it is taken off it, so\n"
      " under varied costs some of its paths cost more than optimal; it plans in floats.)\n");
}

}  // namespace

int main(int argc, char** argv) {
  // Our own flags first: --maps=a,b,c or --maps=all, --block=N, --sample=spread|stride.
  std::vector<std::string> names(std::begin(kDefaultMaps), std::end(kDefaultMaps));
  std::vector<char*> rest;
  bool repetitions_given = false;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--benchmark_repetitions", 23) == 0) repetitions_given = true;
    if (std::strncmp(argv[i], "--block=", 8) == 0) {
      const long block = std::strtol(argv[i] + 8, nullptr, 10);
      if (block < 1) {
        std::fprintf(stderr, "search_bench: --block = %s (expected a whole number >= 1)\n", argv[i] + 8);
        return 2;
      }
      g_block = static_cast<size_t>(block);
    } else if (std::strncmp(argv[i], "--sample=", 9) == 0) {
      const std::string sample = argv[i] + 9;
      if (sample != "spread" && sample != "stride") {
        std::fprintf(stderr, "search_bench: --sample = %s (expected spread or stride)\n", sample.c_str());
        return 2;
      }
      g_sampling = sample == "spread" ? Sampling::Spread : Sampling::Stride;
    } else if (std::strncmp(argv[i], "--maps=", 7) == 0) {
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
  // Five rounds per map, maps in random order, unless the caller chose the repetitions.
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
  std::vector<std::unique_ptr<SearchCase>> cases;
  try {
    for (const std::string& name : names) {
      if (name == kCave) cases.push_back(make_generated_case(256, 1, kSample));
      else if (name == kBigCave) cases.push_back(make_generated_case(1024, 1, kBigCaveSample));
      else if (name == kBigRooms) cases.push_back(make_generated_case(1024, 1, kBigCaveSample, GeneratorKind::Rooms));
      else cases.push_back(load_movingai_case(dir, name, g_sampling));
      check_costs(*cases.back());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "search_bench: %s\n", e.what());
    return 2;
  }
  for (const auto& c : cases)
    benchmark::RegisterBenchmark(c->name.c_str(), run_rounds, c.get())
        ->Iterations(1)
        ->ReportAggregatesOnly(true)
        ->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  print_table(cases);
  return 0;
}
