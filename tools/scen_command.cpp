// catacomb scen: run every problem of a Moving AI scenario file and compare each path cost with
// the published optimal length. A correctness check of the search engine on real benchmark data,
// plus a report of its speed (wall-clock time per query: a report, nothing here shapes a map).
#include <algorithm>
#include <optional>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/pathing/jps.hpp>
#include <catacomb/pathing/navigator.hpp>
#include <catacomb/pathing/search.hpp>
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "shared/pathing/search_names.hpp"

namespace catacomb::cli {
namespace {

/// Relative tolerance of the comparison with optimal_length (absolute below length 1): the hog2
/// edition prints 6 significant digits.
constexpr double kTolerance = 1e-5;
/// Mismatches listed in the report.
constexpr size_t kMaxListed = 10;

bool matches(double cost, double optimal) {
  return std::abs(cost - optimal) <= kTolerance * std::max(1.0, std::abs(optimal));
}

// The --algorithm choices: the search engine's algorithms (kAlgorithmNames), then "navigator",
// a catacomb::Navigator (not an Algorithm).
std::vector<std::string> algorithm_choices() {
  std::vector<std::string> names;
  for (const auto& a : detail::kAlgorithmNames) names.emplace_back(a.name);
  names.emplace_back("navigator");
  return names;
}

struct Mismatch {
  size_t problem = 0;  // 1-based, in file order
  Scenario scenario;
  PathStatus status = PathStatus::NoPath;
  double cost = 0;
};

// What running a scenario file's problems found.
struct ScenResults {
  size_t problems = 0;
  size_t matched = 0;                 // cost within kTolerance of optimal_length
  double mean_us = 0, median_us = 0;  // wall-clock time per query
  double mean_expanded = 0;           // nodes expanded per query
  std::vector<Mismatch> listed;       // the first kMaxListed mismatches, in file order
  size_t mismatched() const { return problems - matched; }
};

class ScenCommand : public Command {
 public:
  explicit ScenCommand(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("scen", "Run a Moving AI scenario file and check every path cost");
    sub->footer(
        "Runs every problem with 8 neighbours, no corner cutting, diagonal cost sqrt(2), weight 1 and\n"
        "the octile heuristic, and compares each cost with the file's optimal_length (relative\n"
        "tolerance 1e-5). Exit code 0 when every problem matches, 1 when any does not.\n"
        "The map defaults to the scenario's map column: its file name looked up next to the\n"
        "scenario file, then in ../maps/ (the layout scen/X.map.scen, maps/X.map).\n"
        "Example:\n"
        "  catacomb scen bench/movingai/scen/arena2.map.scen --algorithm jps\n"
        "  catacomb scen arena2.map.scen --map arena2.map --algorithm astar --json\n");
    sub->add_option("scenarios", scen_path_, "Scenario file (.map.scen)")->required()->type_name("FILE");
    sub->add_option("--map", map_path_, "Map file (.map); default: found from the scenario's map column")
        ->type_name("FILE");
    sub->add_option("--algorithm", algorithm_, "Search algorithm")
        ->check(CLI::IsMember(algorithm_choices()))
        ->capture_default_str();
    sub->add_flag("--json", json_, "Print one JSON object instead of the text report");
  }

  int run(std::ostream& out, std::ostream&) override {
    // "navigator": a catacomb::Navigator built once for the map (its build is not timed).
    const bool navigator = algorithm_ == "navigator";
    const Algorithm algorithm = navigator ? Algorithm::AStar : parse_algorithm(algorithm_, "algorithm");
    const std::vector<Scenario> problems = load_scenarios(scen_path_);
    // With no problems and no --map there is nothing to run and no map to find.
    const std::string map_path = !map_path_.empty() ? map_path_ : problems.empty() ? "" : find_map(problems);
    const Grid<Terrain> tiles = map_path.empty() ? Grid<Terrain>(1, 1, Terrain::Wall) : load_movingai_map(map_path);
    for (size_t i = 0; i < problems.size(); ++i) {
      const Scenario& s = problems[i];
      if (s.map_width != tiles.width() || s.map_height != tiles.height())
        throw InvalidArgument("map " + map_path + " size = " + std::to_string(tiles.width()) + "x" +
                              std::to_string(tiles.height()) + " (expected " + std::to_string(s.map_width) + "x" +
                              std::to_string(s.map_height) + ", the size problem " + std::to_string(i + 1) + " of " +
                              scen_path_ + " names)");
    }
    const ScenResults results = run_problems(problems, tiles, algorithm, navigator);
    if (json_) print_json(out, results, map_path);
    else print_text(out, results, map_path, tiles);
    return results.mismatched() == 0 ? kExitOk : kExitFailed;
  }

 private:
  // Runs every problem on `tiles` and compares its cost with the optimal length.
  static ScenResults run_problems(const std::vector<Scenario>& problems, const Grid<Terrain>& tiles,
                                  Algorithm algorithm, bool navigator) {
    // Engines are set up before the clock starts; only queries are timed.
    JumpPointSearch jps;
    GridSearch search;
    SearchOptions options;
    options.algorithm = algorithm;
    if (algorithm == Algorithm::Jps) {
      Grid<uint8_t> passable(tiles.width(), tiles.height(), 0);
      for (size_t i = 0; i < tiles.size(); ++i) passable.cells()[i] = tiles.cells()[i] == Terrain::Floor ? 1 : 0;
      jps.set_map(passable);
    } else if (!navigator) {
      search.set_map(tiles, CostTable::uniform());
    }
    std::optional<Navigator> nav;
    if (navigator) nav.emplace(tiles, MapRules{CostTable::uniform(), Moves{}, KeyRule::Reusable});

    ScenResults results;
    std::vector<double> micros;
    micros.reserve(problems.size());
    int64_t expanded = 0;
    for (size_t i = 0; i < problems.size(); ++i) {
      const Scenario& s = problems[i];
      const auto t0 = std::chrono::steady_clock::now();
      const PathResult r = nav                           ? nav->find_path(s.start, s.goal)
                           : algorithm == Algorithm::Jps ? jps.find_path(s.start, s.goal)
                                                         : search.find_path(s.start, s.goal, options);
      const auto t1 = std::chrono::steady_clock::now();
      micros.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
      expanded += r.expanded;
      if (r.found() && matches(r.cost, s.optimal_length)) {
        ++results.matched;
      } else if (results.listed.size() < kMaxListed) {
        results.listed.push_back({i + 1, s, r.status, r.cost});
      }
    }

    const size_t n = problems.size();
    results.problems = n;
    if (n > 0) {
      for (double m : micros) results.mean_us += m;
      results.mean_us /= static_cast<double>(n);
      std::sort(micros.begin(), micros.end());
      results.median_us = n % 2 == 1 ? micros[n / 2] : (micros[n / 2 - 1] + micros[n / 2]) / 2;
      results.mean_expanded = static_cast<double>(expanded) / static_cast<double>(n);
    }
    return results;
  }

  // The report as one JSON object (--json).
  void print_json(std::ostream& out, const ScenResults& results, const std::string& map_path) const {
    nlohmann::ordered_json j;
    j["problems"] = results.problems;
    j["matched"] = results.matched;
    j["mismatched"] = results.mismatched();
    j["mean_us"] = results.mean_us;
    j["median_us"] = results.median_us;
    j["mean_expanded"] = results.mean_expanded;
    j["algorithm"] = algorithm_;
    j["map"] = map_path;
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Mismatch& m : results.listed) {
      nlohmann::ordered_json e;
      e["problem"] = m.problem;
      e["start"] = {m.scenario.start.x, m.scenario.start.y};
      e["goal"] = {m.scenario.goal.x, m.scenario.goal.y};
      e["optimal_length"] = m.scenario.optimal_length;
      e["status"] = std::string(path_status_name(m.status));
      e["cost"] = m.cost;
      list.push_back(std::move(e));
    }
    j["mismatches"] = std::move(list);
    out << j.dump(2) << "\n";
  }

  // The text report: one "name: value" line each, then a line per listed mismatch.
  void print_text(std::ostream& out, const ScenResults& results, const std::string& map_path,
                  const Grid<Terrain>& tiles) const {
    const size_t n = results.problems, mismatched = results.mismatched();
    out << "scenarios: " << scen_path_ << " (" << n << " problems)\n"
        << "map:       "
        << (map_path.empty()
                ? std::string("(none)")
                : map_path + " (" + std::to_string(tiles.width()) + "x" + std::to_string(tiles.height()) + ")")
        << "\n"
        << "algorithm: " << algorithm_ << "\n"
        << "matched:   " << results.matched << " of " << n << " (relative tolerance 1e-5)";
    if (mismatched > 0) out << ", " << mismatched << " mismatched";
    out << "\n"
        << "time:      mean " << format_fixed(results.mean_us, 2) << " us, median "
        << format_fixed(results.median_us, 2) << " us per query\n"
        << "expanded:  mean " << format_fixed(results.mean_expanded, 1) << " nodes per query\n";
    for (const Mismatch& m : results.listed)
      out << "mismatch:  problem " << m.problem << " " << to_string(m.scenario.start) << " -> "
          << to_string(m.scenario.goal) << ": optimal " << format_fixed(m.scenario.optimal_length, 8) << ", got "
          << (m.status == PathStatus::Found ? format_fixed(m.cost, 8) : std::string(path_status_name(m.status)))
          << "\n";
    if (mismatched > results.listed.size())
      out << "mismatch:  ... and " << mismatched - results.listed.size() << " more\n";
  }

  // The map named by the scenario's map column: its file name next to the scenario file, then in
  // ../maps/ relative to it.
  std::string find_map(const std::vector<Scenario>& problems) const {
    namespace fs = std::filesystem;
    const std::string name = fs::path(problems.front().map).filename().string();
    for (size_t i = 1; i < problems.size(); ++i)
      if (fs::path(problems[i].map).filename().string() != name)
        throw InvalidArgument("scenario file " + scen_path_ + " problem " + std::to_string(i + 1) +
                              " map = " + problems[i].map + " (expected the map of problem 1, " + problems.front().map +
                              ", or --map to choose one)");
    const fs::path dir = fs::path(scen_path_).parent_path();
    const fs::path here = dir / name, beside = dir / ".." / "maps" / name;
    std::error_code ec;
    if (fs::is_regular_file(here, ec)) return here.generic_string();
    if (fs::is_regular_file(beside, ec)) return beside.generic_string();
    throw IoError("find the map of", scen_path_,
                  "no " + here.string() + " nor " + beside.string() + " (pass --map FILE)");
  }

  std::string scen_path_;
  std::string map_path_;
  std::string algorithm_ = "astar";
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> add_scen_command(CLI::App& app) { return std::make_unique<ScenCommand>(app); }

}  // namespace catacomb::cli
