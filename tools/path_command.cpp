// catacomb path: find a route on a map, as the tutorial's demo does, and show how it was found.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/render/overlay.hpp>
#include <catacomb/pathing/player_path.hpp>
#include <catacomb/pathing/search.hpp>
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "tools/memory_budget.hpp"
#include "tools/number_flags.hpp"
#include "tools/movement_flags.hpp"
#include "shared/core/enum_names.hpp"
#include "shared/pathing/search_names.hpp"

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

// --keys "1,3" (a lock id per key held; repeat an id for several consumable keys) or "none".
PlayerState parse_keys(const std::string& text) {
  PlayerState s;
  if (text == "none") return s;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t comma = std::min(text.find(',', at), text.size());
    int lock = 0;
    if (!parse_strict_number(text.substr(at, comma - at), lock) || lock < 1 || lock > kMaxLock)
      throw InvalidArgument(FieldProblem{"--keys", text, "lock ids 1 to 9 separated by commas, e.g. 1,3, or none"});
    s.add_key(lock);
    at = comma + 1;
  }
  return s;
}

// --switches "1,3" (the ids of the switches that are on; the others are off) or "none".
uint32_t parse_switches(const std::string& text) {
  uint32_t on = 0;
  if (text == "none") return on;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t comma = std::min(text.find(',', at), text.size());
    int id = 0;
    if (!parse_strict_number(text.substr(at, comma - at), id) || id < 1 || id > kMaxSwitch)
      throw InvalidArgument(
          FieldProblem{"--switches", text, "switch ids 1 to 9 separated by commas, e.g. 1,3, or none"});
    on |= 1u << (id - 1);
    at = comma + 1;
  }
  return on;
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
        "  catacomb path locked.json --from 3,4 --to 60,30 --keys 1,3   # a player without key 2\n"
        "With --keys or --all-keys the route is a player's: a locked door is closed unless a key of its\n"
        "lock is held (under the map's key rule, a consumable key opens one door), and the doors the\n"
        "route opens are listed; without either, locked doors are walked as the door tiles they are.\n"
        "--switches 1,3 (the switches that are on; with --keys, --all-keys or alone) makes it a player's\n"
        "route through gates, one-way and secret doors: a gate is open or shut by its switch, a one-way\n"
        "door is passed its way only, a secret door is passable.\n"
        "MAP is a catacomb .json or .txt map, a Moving AI .map, or a Tiled .tmj/.tmx map. Coordinates\n"
        "are X,Y (column, row).\n"
        "Exit codes: 0 a route was found (or, with --closest, a partial one), 1 no route, 2 bad input, 3 I/O error.\n");
    sub->add_option("MAP", map_path_, "Map file")->required();
    sub->add_option("--from", from_, "Start cell X,Y")->required();
    sub->add_option("--to", to_, "Goal cell X,Y")->required();
    sub->add_option("--algorithm", algorithm_, detail::enum_expected(detail::kAlgorithmNames))->capture_default_str();
    add_number_option(*sub, "--neighbors", options_.moves.neighbors, "4 or 8");
    sub->add_option("--diagonal", diagonal_, detail::enum_expected(detail::kDiagonalPolicyNames))->capture_default_str();
    sub->add_option("--heuristic", heuristic_, detail::enum_expected(detail::kHeuristicNames))->capture_default_str();
    add_number_option(*sub, "--weight", options_.heuristic_scale, "Heuristic weight (1 = optimal)");
    add_number_option(*sub, "--cost-scale", options_.cost_scale, "Flatten costs: cost' = 1 + s*(cost-1), 0 to 1");
    sub->add_option("--costs", costs_, "Cost table: " + detail::enum_expected(detail::kCostPresetNames))
        ->capture_default_str();
    add_number_option(*sub, "--budget", options_.budget, "Most nodes to expand (0 = no limit)");
    sub->add_flag("--closest", options_.fallback_to_closest,
                  "When the goal cannot be reached, return the path to the closest reachable cell");
    sub->add_flag("--json", json_, "Print {found, cost, length, expanded, path} as JSON");
    sub->add_option("--png", png_, "Draw visited cells, the frontier and the path")->type_name("FILE");
    add_number_option(*sub, "--scale", scale_, "PNG pixels per tile (1 to 64)");
    sub->add_option("--keys", keys_, "Keys held: lock ids, e.g. 1,3 (locked doors of other locks stay closed), or none")
        ->type_name("IDS");
    sub->add_flag("--all-keys", all_keys_, "Hold every key of the map (locked doors open as they are met)");
    sub->add_option("--switches", switches_, "Switches that are on: ids, e.g. 1,3 (the others are off), or none")
        ->type_name("IDS");
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
    if (!keys_.empty() && all_keys_)
      throw InvalidArgument(FieldProblem{"--keys", keys_, "either --keys or --all-keys, not both"});
    GridSearch search;
    PathResult r;
    const bool player = !keys_.empty() || all_keys_ || !switches_.empty();
    if (player) {
      PlayerState state = all_keys_ ? all_keys_state(d) : parse_keys(keys_.empty() ? "none" : keys_);
      if (!switches_.empty()) state.switches = parse_switches(switches_);
      r = find_path(d, MapRules{costs, options_.moves, d.key_rule}, from, to, state, options_);
    } else {
      search.set_map(d.tiles, costs);
      r = search.find_path(from, to, options_);
    }
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
      if (player) {
        nlohmann::ordered_json doors = nlohmann::ordered_json::array();
        for (const LockedDoor& l : r.doors_opened) doors.push_back({{"x", l.pos.x}, {"y", l.pos.y}, {"lock", l.lock}});
        j["doors_opened"] = doors;
      }
      out << j.dump() << "\n";
    } else {
      out << path_status_name(r.status) << (r.partial ? " (partial: path to the closest reachable cell)" : "")
          << ": cost " << format_number(r.cost) << ", " << (r.path.empty() ? 0 : r.path.size() - 1) << " moves, "
          << r.expanded << " nodes expanded\n";
      for (const LockedDoor& l : r.doors_opened) out << "  opens door " << l.lock << " at " << to_string(l.pos) << "\n";
    }
    if (!png_.empty()) {
      std::vector<Point> visited, frontier;
      if (!player) search.last_search_cells(visited, frontier);
      write_png(png_, render_search(d, visited, frontier, r.path, from, to, scale_));
    }
    return r.found() || r.partial ? kExitOk : kExitFailed;
  }

 private:
  std::string map_path_, from_, to_, algorithm_ = "astar", diagonal_ = "no-corner-cut", heuristic_ = "octile",
                                     costs_ = "dungeon", png_;
  std::string keys_, switches_;
  bool json_ = false, all_keys_ = false;
  int scale_ = 4;
  SearchOptions options_;
  MemoryBudget memory_;
  MovementFlags movement_;
};

}  // namespace

std::unique_ptr<Command> add_path_command(CLI::App& app) { return std::make_unique<PathCommand>(app); }

}  // namespace catacomb::cli
