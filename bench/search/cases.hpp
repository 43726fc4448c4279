// search_bench's cases: one map, its problems, its engines, the untimed correctness pass and
// the timed rounds that run the engines interleaved on the same problems.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <catacomb/io/movingai.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/pathing/search.hpp>

#include "engines.hpp"

namespace catacomb::bench {

/// Problems per Moving AI map: at most this many of its scen/ file, spread evenly over the file
/// (see Sampling), so every bucket of path lengths is in.
inline constexpr size_t kSample = 1000;
/// Queries an engine answers in a row before the next engine takes the same block (default).
inline constexpr size_t kDefaultBlock = 100;

struct SearchCase {
  std::string name;
  CostGrid costs;
  /// start, goal and the reference cost (the published optimum, or catacomb's Dijkstra).
  std::vector<Scenario> problems;
  std::vector<std::string> engine_names;  // catacomb_astar first
  std::vector<std::unique_ptr<Engine>> engines;
  // The Navigator's build: CPU milliseconds (median of kBuilds) and what it holds.
  double navigator_build_ms = 0;
  NavigatorStats navigator_stats;
  // Filled by check_costs:
  std::vector<double> mean_expanded;
  std::vector<int> mismatches_reference;  // cost differs from the problem's reference cost
  std::vector<int> mismatches_astar;      // cost differs from catacomb A*'s
  std::vector<double> worst_excess;       // largest (cost - reference) / reference
  // Filled by each round: microseconds per query (this thread's CPU time), one per round.
  std::vector<std::vector<double>> rounds_us;

  /// The engine called `name`, or -1.
  int engine(const std::string& name) const;
};

/// Which kSample problems of a scen/ file: Spread takes problem floor(i * n / kSample); Stride
/// takes every k-th from the first, k = ceil(n / kSample), as ../shared/peers/peer_bench's
/// --max-queries does, so that the two harnesses can time the very same problems.
enum class Sampling { Spread, Stride };

/// A map of ../shared/bench/movingai (`dir`), its sample, and all four engines.
std::unique_ptr<SearchCase> load_movingai_case(const std::string& dir, const std::string& name, Sampling sampling);
/// A generated cave (catacomb's caves generator with water and vegetation, `side` x `side`,
/// `seed`; or a rooms map, `kind` Rooms, with the default map's density of rooms) under the tutorial's cost table, with `queries` random pairs of cells of one area
/// (catacomb's Rng, the same seed), referenced by catacomb's Dijkstra (A* above 256 x 256, where
/// a Dijkstra per problem would take minutes); no JPS (uniform costs only).
std::unique_ptr<SearchCase> make_generated_case(int side, uint64_t seed, size_t queries,
                                                GeneratorKind kind = GeneratorKind::Caves);

/// Untimed: every engine on every problem; fills the expansions and the mismatch counts.
void check_costs(SearchCase& c);
/// One timed round: blocks of `block` problems, each block answered by every engine in turn
/// (the engine that goes first rotates with the block and the round), so that a slow spell of
/// a shared machine falls on all engines alike. Returns microseconds per query per engine.
std::vector<double> run_round(SearchCase& c, int round, size_t block);

}  // namespace catacomb::bench
