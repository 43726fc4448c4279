// Mission graphs (issue #52): random connected mission graphs by vertex range (10-19, 20-29,
// 30-39, 40-49) and independent-cycle count (0 to 5), drawn by our own generator from a fixed
// seed, each laid out with examples/templates/crypt.tmj at the size the library chooses for it
// (no --width/--height: GenerateConfig::map_size) over several seeds with the default attempts
// (20), the whole process timed: generate_dungeon (placement, corridors, validation, the mission
// check) and the certificate (write_certificate, replayed by verify_certificate). A seed succeeds
// when its dungeon is valid, completable, keeps its mission and its certificate is accepted.
//
//   cmake --preset bench && cmake --build --preset bench --target mission_graphs_bench
//   build/bench/bench/mission_graphs_bench [--graphs=10] [--seeds=20] [--vertices=10,20,30,40]
//                                          [--cycles=0,1,2,3,4,5] [--threads=T] [--list]
//
// --graphs: graphs per group; --seeds: layout seeds per graph (1..S); --vertices: the groups'
// first vertex counts (10 is 10-19); --cycles: the groups' cycle counts; --threads: graphs laid
// out at once (default one per core; every figure but the times is the same for any count);
// --list prints each graph (its vertices, edges and chosen size) before the table.
//
// The graphs: N uniform in the range; a random tree (vertex i joins a vertex before it, drawn
// uniformly among those with a free socket), then `cycles` edges between two vertices not yet
// joined, each with a free socket, which makes E - V + 1 = cycles independent cycles. A vertex
// never has more edges than the most sockets a crypt template has (the start and exit vertices:
// than their types' templates have). Vertex 0 holds the start (type start); the vertex farthest
// from it (the first such, breadth-first) holds the exit (type exit); the others ask for any
// template. Every graph is checked connected with its cycle count before it is used.
//
// Output: a markdown table, one row per group: the median size chosen for its graphs, the share
// of seeds that succeed, the mean attempts of those that made a dungeon, the median and p90
// whole-process time over every seed (nearest rank: tools/batch/percentiles.hpp), failures
// included (a seed that fails spends its 20 attempts), and the reason most of its failed seeds
// gave (where their attempts died most, from the GenerationError) with how many gave it.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/io/template_set.hpp>
#include <catacomb/pipeline/generate.hpp>
#include "tools/batch/percentiles.hpp"

namespace {

using catacomb::GenerateConfig;
using catacomb::Mission;
using Clock = std::chrono::steady_clock;

const std::string kExamples = std::string(CATACOMB_BENCH_DIR) + "/../examples/";

std::shared_ptr<const catacomb::TemplateSet> crypt() {
  static const auto set = [] {
    catacomb::TemplateSetReading r = catacomb::load_template_set(kExamples + "templates/crypt.tmj");
    if (!r.problems.empty()) {
      std::fprintf(stderr, "mission_graphs_bench: crypt.tmj: %s\n", r.problems.front().text().c_str());
      std::exit(1);
    }
    return std::make_shared<const catacomb::TemplateSet>(std::move(r.set));
  }();
  return set;
}

// The most sockets of a template of `type` in `set` ("" for every template).
int most_sockets(const catacomb::TemplateSet& set, const std::string& type) {
  size_t most = 0;
  for (const catacomb::RoomTemplate& t : set.templates)
    if (type.empty() || t.type == type) most = std::max(most, t.sockets.size());
  return static_cast<int>(most);
}

// printf's `format` with one int, as a string (GCC 12 warns, -Wrestrict, at a literal + to_string).
std::string text(const char* format, int value) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof buf, format, value);
  return std::string(buf, static_cast<size_t>(std::max(0, n)));
}

bool joined(const Mission& m, int a, int b) {
  for (const catacomb::MissionEdge& e : m.edges)
    if ((e.a == a && e.b == b) || (e.a == b && e.b == a)) return true;
  return false;
}

// Breadth-first distances from node 0 (-1: not reached).
std::vector<int> distances(const Mission& m) {
  std::vector<int> d(m.nodes.size(), -1), queue = {0};
  d[0] = 0;
  for (size_t head = 0; head < queue.size(); ++head)
    for (int e : m.edges_at(queue[head])) {
      const catacomb::MissionEdge& edge = m.edges[static_cast<size_t>(e)];
      const int u = edge.a == queue[head] ? edge.b : edge.a;
      if (d[static_cast<size_t>(u)] < 0) {
        d[static_cast<size_t>(u)] = d[static_cast<size_t>(queue[head])] + 1;
        queue.push_back(u);
      }
    }
  return d;
}

// A random connected mission of `n` nodes with `cycles` independent cycles (see the header);
// nullopt when the degree caps left no pair to close a cycle with (the caller draws again).
std::optional<Mission> random_mission(int n, int cycles, const catacomb::TemplateSet& set, catacomb::Rng& rng) {
  const int cap_any = most_sockets(set, ""), cap_start = most_sockets(set, "start");
  const int cap_exit = most_sockets(set, "exit");
  Mission m;
  m.nodes.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) m.nodes[static_cast<size_t>(i)].id = text("n%d", i);
  std::vector<int> degree(static_cast<size_t>(n), 0), cap(static_cast<size_t>(n), cap_any);
  cap[0] = cap_start;
  auto add = [&](int a, int b) {
    m.edges.push_back({a, b, catacomb::DoorKind::Open, 0, 0});
    ++degree[static_cast<size_t>(a)];
    ++degree[static_cast<size_t>(b)];
  };
  for (int i = 1; i < n; ++i) {  // the tree; the exit's cap is applied once it is known
    std::vector<int> open;
    for (int j = 0; j < i; ++j)
      if (degree[static_cast<size_t>(j)] < cap[static_cast<size_t>(j)]) open.push_back(j);
    if (open.empty()) return std::nullopt;
    add(open[rng.index_below(open.size())], i);
  }
  // The exit: the farthest node from the start with no more edges than an exit template has sockets.
  const std::vector<int> d = distances(m);
  int exit = -1;
  for (int i = 1; i < n; ++i)
    if (degree[static_cast<size_t>(i)] <= cap_exit &&
        (exit < 0 || d[static_cast<size_t>(i)] > d[static_cast<size_t>(exit)]))
      exit = i;
  if (exit < 0) return std::nullopt;
  cap[static_cast<size_t>(exit)] = cap_exit;
  for (int k = 0; k < cycles; ++k) {
    std::vector<std::pair<int, int>> pairs;
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        if (degree[static_cast<size_t>(a)] < cap[static_cast<size_t>(a)] &&
            degree[static_cast<size_t>(b)] < cap[static_cast<size_t>(b)] && !joined(m, a, b))
          pairs.emplace_back(a, b);
    if (pairs.empty()) return std::nullopt;
    const auto [a, b] = pairs[rng.index_below(pairs.size())];
    add(a, b);
  }
  m.nodes[0].type = "start";
  m.nodes[0].objectives.push_back({catacomb::ObjectiveKind::Start, 0, 0});
  m.nodes[static_cast<size_t>(exit)].type = "exit";
  m.nodes[static_cast<size_t>(exit)].objectives.push_back({catacomb::ObjectiveKind::Exit, 0, 0});
  m.name = text("g%dc", n) + std::to_string(cycles);
  // Connected, with its cycles: the generator's own check.
  const std::vector<int> reach = distances(m);
  const bool connected = std::none_of(reach.begin(), reach.end(), [](int x) { return x < 0; });
  if (!connected || static_cast<int>(m.edges.size()) - n + 1 != cycles || !m.problems().empty()) {
    std::fprintf(stderr, "mission_graphs_bench: graph %s is not a connected mission with %d cycles\n", m.name.c_str(),
                 cycles);
    std::exit(1);
  }
  return m;
}

struct Group {
  int lo = 10, cycles = 0;
  std::vector<Mission> graphs;
};

// What one seed of one graph gave.
struct Outcome {
  bool ok = false;
  int attempts = 0;  // of a seed that made a dungeon
  double ms = 0;     // whole process
  std::string why;   // a failure's reason (the GenerationError's, up to the first " (")
};

Outcome lay_out(const GenerateConfig& cfg, uint64_t seed) {
  Outcome o;
  const Clock::time_point t0 = Clock::now();
  try {
    const catacomb::GenerateResult r = catacomb::generate_dungeon(cfg, seed);
    catacomb::ValidateOptions rules = catacomb::validate_options_for(cfg);
    const bool kept = r.report.valid && r.report.mission && r.report.mission->satisfied && r.report.solution &&
                      r.report.solution->status == catacomb::SolveStatus::Completable;
    bool certified = false;
    if (kept) {
      const std::string cert = catacomb::write_certificate(r.dungeon, *r.report.solution, rules);
      certified = catacomb::verify_certificate(r.dungeon, cert, catacomb::map_rules(r.dungeon)).accepted;
    }
    o.ok = kept && certified;
    o.attempts = r.dungeon.attempts;
    if (!o.ok) o.why = "made, but not valid, kept and certified";
  } catch (const catacomb::GenerationError& e) {
    const std::string what = e.what();
    const size_t most = what.find("attempts died most at ");
    o.why = most == std::string::npos ? what.substr(0, what.find(" ("))
                                      : what.substr(most, what.find(':', most) - most);
  } catch (const catacomb::InvalidArgument& e) { o.why = std::string("refused: ") + e.what(); }
  o.ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  return o;
}

// Lays out every graph of `g` over seeds 1..seeds on `threads` threads and prints its row.
void print_group(const Group& g, const std::shared_ptr<const catacomb::TemplateSet>& set, int seeds, int threads,
                 bool list) {
  std::vector<Outcome> out(g.graphs.size() * static_cast<size_t>(seeds));
  std::vector<int> sides;
  for (const Mission& m : g.graphs) {
    GenerateConfig cfg;
    cfg.templates = set;
    cfg.mission = std::make_shared<const Mission>(m);
    cfg.width = cfg.height = 0;
    sides.push_back(cfg.map_size().first);
    if (list)
      std::fprintf(stderr, "%s: %zu nodes, %zu edges, %dx%d\n", m.name.c_str(), m.nodes.size(), m.edges.size(),
                   cfg.map_size().first, cfg.map_size().second);
  }
  {
    std::vector<std::jthread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        for (size_t k = static_cast<size_t>(t); k < out.size(); k += static_cast<size_t>(threads)) {
          GenerateConfig cfg;
          cfg.templates = set;
          cfg.mission = std::make_shared<const Mission>(g.graphs[k / static_cast<size_t>(seeds)]);
          cfg.width = cfg.height = 0;  // chosen from the mission
          out[k] = lay_out(cfg, 1 + k % static_cast<size_t>(seeds));
        }
      });
  }
  int ok = 0;
  int64_t attempts = 0;
  std::vector<double> ms;
  std::map<std::string, int> reasons;
  for (const Outcome& o : out) {
    ok += o.ok;
    attempts += o.ok ? o.attempts : 0;
    ms.push_back(o.ms);
    if (!o.ok) ++reasons[o.why];
  }
  std::sort(sides.begin(), sides.end());
  const catacomb::cli::Percentiles p = catacomb::cli::nearest_rank_percentiles(ms);
  std::string worst = "-";
  int worst_n = 0;
  for (const auto& [why, n] : reasons)
    if (n > worst_n) worst = why + " (" + std::to_string(n) + ")", worst_n = n;
  const int side = sides[sides.size() / 2];
  std::printf("| %d-%d | %d | %dx%d | %.1f %% | %.2f | %.0f | %.0f | %s |\n", g.lo, g.lo + 9, g.cycles, side, side,
              100.0 * ok / static_cast<double>(out.size()), ok > 0 ? static_cast<double>(attempts) / ok : 0.0, p.p50,
              p.p90, worst.c_str());
  std::fflush(stdout);
}

std::vector<int> parse_list(const char* text) {
  std::vector<int> out;
  for (const char* p = text; *p;) {
    out.push_back(std::atoi(p));
    const char* comma = std::strchr(p, ',');
    if (!comma) break;
    p = comma + 1;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int graphs = 10, seeds = 20;
  int threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  std::vector<int> starts = {10, 20, 30, 40}, cycle_counts = {0, 1, 2, 3, 4, 5};
  bool list = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--graphs=", 9) == 0) graphs = std::max(1, std::atoi(argv[i] + 9));
    else if (std::strncmp(argv[i], "--seeds=", 8) == 0) seeds = std::max(1, std::atoi(argv[i] + 8));
    else if (std::strncmp(argv[i], "--threads=", 10) == 0) threads = std::max(1, std::atoi(argv[i] + 10));
    else if (std::strncmp(argv[i], "--vertices=", 11) == 0) starts = parse_list(argv[i] + 11);
    else if (std::strncmp(argv[i], "--cycles=", 9) == 0) cycle_counts = parse_list(argv[i] + 9);
    else if (std::strcmp(argv[i], "--list") == 0) list = true;
    else {
      std::fprintf(stderr, "mission_graphs_bench: unknown argument %s (see the comment atop the source)\n", argv[i]);
      return 2;
    }
  }
  const auto set = crypt();
  // The graphs, from one fixed stream: the same graphs every run, whichever groups are asked for.
  std::vector<Group> groups;
  for (int lo : starts)
    for (int c : cycle_counts) {
      Group g{lo, c, {}};
      catacomb::Rng rng = catacomb::Rng::stream(static_cast<uint64_t>(lo * 100 + c), "mission-graphs");
      while (static_cast<int>(g.graphs.size()) < graphs)
        if (auto m = random_mission(static_cast<int>(rng.uniform_int(lo, lo + 9)), c, *set, rng)) {
          m->name += text("-%d", static_cast<int>(g.graphs.size()));
          g.graphs.push_back(std::move(*m));
        }
      groups.push_back(std::move(g));
    }
  std::printf(
      "Mission graphs laid out with crypt.tmj, size chosen from the mission, %d graphs x %d seeds per group, "
      "max_attempts 20, %d thread%s\n\n",
      graphs, seeds, threads, threads == 1 ? "" : "s");
  std::printf("| vertices | cycles | size (median) | success | mean attempts | median ms | p90 ms | most failures |\n");
  std::printf("|---|---:|---|---:|---:|---:|---:|---|\n");
  for (const Group& g : groups) print_group(g, set, seeds, threads, list);
  return 0;
}
