// catacomb path: find a route on a map, as the tutorial's demo does, and show how it was found.
#include <nlohmann/json.hpp>
#include <ostream>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/render/overlay.hpp>
#include <catacomb/pathing/search.hpp>
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "tools/memory_budget.hpp"
#include "tools/number_flags.hpp"
#include "tools/movement_flags.hpp"

namespace catacomb::cli {
namespace {

Point parse_point(const std::string& flag, const std::string& text) {
  const size_t comma = text.find(',');
  auto bad = [&]() -> Point { throw InvalidArgument(FieldProblem{flag, text, "X,Y with integers, e.g. 3,4"}); };
  if (comma == std::string::npos) return bad();
  Point p;
  if (!parse_strict_number(text.substr(0, comma), p.x) || !parse_strict_number(text.substr(comma + 1), p.y))
    return bad();
  return p;
}

class PathCommand : public Command {
 public:
  explicit PathCommand(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("path", "Find a route between two cells of a map");
    sub->footer(
        "Examples:\n"
        "  catacomb path dungeon.json --from 3,4 --to 60,30\n"
        "  catacomb path arena2.map --from 10,10 --to 200,150 --algorithm jps --json\n"
        "  catacomb path cave.txt --from 2,2 --to 70,40 --heuristic manhattan --neighbors 4 --png search.png\n"
        "  catacomb path level.txt --movement platformer --jump-height 3 --from 1,8 --to 20,3 --json\n"
        "MAP is a catacomb .json or .txt map, a Moving AI .map, or a Tiled .tmj/.tmx map. Coordinates\n"
        "are X,Y (column, row).\n"
        "Exit codes: 0 a route was found (or, with --closest, a partial one), 1 no route, 2 bad input, 3 I/O error.\n");
    sub->add_option("MAP", map_path_, "Map file")->required();
    sub->add_option("--from", from_, "Start cell X,Y")->required();
    sub->add_option("--to", to_, "Goal cell X,Y")->required();
    sub->add_option("--algorithm", algorithm_, "astar, dijkstra, bfs, greedy or jps")->capture_default_str();
    add_number_option(*sub, "--neighbors", options_.moves.neighbors, "4 or 8");
    sub->add_option("--diagonal", diagonal_, "never, no-corner-cut, one-free or always")->capture_default_str();
    sub->add_option("--heuristic", heuristic_, "manhattan, octile, chebyshev, euclidean or zero")->capture_default_str();
    add_number_option(*sub, "--weight", options_.heuristic_scale, "Heuristic weight (1 = optimal)");
    add_number_option(*sub, "--cost-scale", options_.cost_scale, "Flatten costs: cost' = 1 + s*(cost-1), 0 to 1");
    sub->add_option("--costs", costs_, "Cost table: dungeon, tutorial or uniform")->capture_default_str();
    add_number_option(*sub, "--budget", options_.budget, "Most nodes to expand (0 = no limit)");
    sub->add_flag("--closest", options_.fallback_to_closest,
                  "When the goal cannot be reached, return the path to the closest reachable cell");
    sub->add_flag("--json", json_, "Print {found, cost, length, expanded, path} as JSON");
    sub->add_option("--png", png_, "Draw visited cells, the frontier and the path")->type_name("FILE");
    add_number_option(*sub, "--scale", scale_, "PNG pixels per tile (1 to 64)");
    memory_.add_option(*sub);
    movement_.add_to(sub);
  }

  int run(std::ostream& out, std::ostream&) override {
    const Point from = parse_point("--from", from_), to = parse_point("--to", to_);
    options_.algorithm = parse_algorithm(algorithm_, "--algorithm");
    options_.heuristic = parse_heuristic(heuristic_, "--heuristic");
    options_.moves.diagonal = parse_diagonal_policy(diagonal_, "--diagonal");
    options_.check();
    const CostTable costs = CostTable::preset(parse_cost_preset(costs_));
    if (!png_.empty()) check_writable_path("--png", png_);
    // The budget is checked from the map's header, before its tiles are decoded.
    Dungeon d = memory_
                    .load_map(map_path_, "path",
                              options_.algorithm == Algorithm::Jps ? kPathJpsBytesPerCell : kPathBytesPerCell)
                    .dungeon;
    if (auto model = movement_.resolve(d)) return run_platformer_path(out, d, *model, {from, to, json_, png_, scale_});
    if (!png_.empty()) check_image_scale(d.tiles.width(), d.tiles.height(), scale_, "--scale");
    auto off_map = [&](const char* flag, Point p) {
      if (!d.tiles.in_bounds(p))
        throw InvalidArgument(FieldProblem{
            flag, to_string(p),
            "inside the " + std::to_string(d.tiles.width()) + "x" + std::to_string(d.tiles.height()) + " map"});
    };
    off_map("--from", from);
    off_map("--to", to);
    GridSearch search;
    search.set_map(d.tiles, costs);
    PathResult r = search.find_path(from, to, options_);
    if (json_) {
      nlohmann::ordered_json j;
      j["found"] = r.found();
      j["status"] = path_status_name(r.status);
      j["partial"] = r.partial;
      j["cost"] = r.cost;
      j["length"] = r.path.empty() ? 0 : r.path.size() - 1;
      j["expanded"] = r.expanded;
      nlohmann::ordered_json path = nlohmann::ordered_json::array();
      for (const Point& p : r.path) path.push_back({p.x, p.y});
      j["path"] = path;
      out << j.dump() << "\n";
    } else {
      out << path_status_name(r.status) << (r.partial ? " (partial: path to the closest reachable cell)" : "")
          << ": cost " << format_number(r.cost) << ", " << (r.path.empty() ? 0 : r.path.size() - 1) << " moves, "
          << r.expanded << " nodes expanded\n";
    }
    if (!png_.empty()) {
      std::vector<Point> visited, frontier;
      search.last_search_cells(visited, frontier);
      write_png(png_, render_search(d, visited, frontier, r.path, from, to, scale_));
    }
    return r.found() || r.partial ? kExitOk : kExitFailed;
  }

 private:
  std::string map_path_, from_, to_, algorithm_ = "astar", diagonal_ = "no-corner-cut", heuristic_ = "octile",
                                     costs_ = "dungeon", png_;
  bool json_ = false;
  int scale_ = 4;
  SearchOptions options_;
  MemoryBudget memory_;
  MovementFlags movement_;
};

}  // namespace

std::unique_ptr<Command> add_path_command(CLI::App& app) { return std::make_unique<PathCommand>(app); }

}  // namespace catacomb::cli
