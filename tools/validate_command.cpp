// catacomb validate: check that every objective of a map is reachable, and say why not.
#include <nlohmann/json.hpp>
#include <ostream>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/io/atomic_file.hpp>
#include <catacomb/io/image.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/io/annotate.hpp>
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "tools/memory_budget.hpp"
#include "tools/number_flags.hpp"
#include "tools/movement_flags.hpp"
#include <catacomb/validate/analysis.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb::cli {
namespace {

class ValidateCommand : public Command {
 public:
  explicit ValidateCommand(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("validate", "Check that every objective of a map can be reached");
    sub->footer(
        "Examples:\n"
        "  catacomb validate dungeon.json\n"
        "  catacomb validate edited.txt --json --png report.png\n"
        "  catacomb validate level.tmx        (a map edited and re-saved in Tiled, .tmx or .tmj)\n"
        "  catacomb validate level.txt --movement platformer --jump-height 3 --jump-distance 4 --json\n"
        "MAP is a catacomb .json, ASCII .txt (objectives: '<' start, '>' exit, 1-9 others) or Tiled\n"
        ".tmj/.tmx map (terrain from the tile layer, objectives and rooms from the object layers).\n"
        "Exit codes: 0 valid, 1 invalid (the reasons are listed), 2 bad input, 3 I/O error.\n");
    sub->add_option("MAP", map_path_, "Map to check (.json, .txt, .tmj or .tmx)")->required();
    sub->add_flag("--json", json_, "Print the report as JSON");
    sub->add_option("--png", png_, "Write a picture of regions, unreachable cells and routes")->type_name("FILE");
    add_number_option(*sub, "--scale", scale_, "PNG pixels per tile (1 to 64)");
    sub->add_option("--overlay", overlay_,
                    "What the PNG shows (comma-separated): regions, routes, heatmap, dead-ends, chokepoints, "
                    "unreachable, or all")
        ->capture_default_str();
    sub->add_flag("--grid", grid_, "Draw grid lines between tiles on the PNG (--scale 4 or more)");
    sub->add_option("--costs", costs_, "Cost table: dungeon, tutorial or uniform")->capture_default_str();
    sub->add_flag("--deep-water", deep_water_, "Water cannot be crossed");
    add_number_option(*sub, "--neighbors", options_.moves.neighbors, "Player moves: 4 or 8 neighbours");
    memory_.add_option(*sub);
    sub->add_option("--diagonal", diagonal_, "never, no-corner-cut, one-free or always")->capture_default_str();
    movement_.add_to(sub);
    sub->add_flag("--strict", strict_, "Platformer: softlock areas make the map invalid");
  }

  int run(std::ostream& out, std::ostream&) override {
    options_.costs = CostTable::preset(parse_cost_preset(costs_));
    if (deep_water_) options_.costs.set(Terrain::Water, CostTable::kImpassable);
    options_.moves.diagonal = parse_diagonal_policy(diagonal_);
    options_.moves.check();
    AnnotateOptions annotate;
    annotate.scale = scale_;
    annotate.overlays = parse_overlays(overlay_, "--overlay");
    annotate.grid = grid_;
    if (!png_.empty()) check_writable_path("--png", png_);
    Dungeon d = load_map(map_path_);
    memory_.check("validate", uint64_t(d.tiles.width()) * uint64_t(d.tiles.height()), kValidateBytesPerCell);
    if (auto model = movement_.resolve(d))
      return run_platformer_validate(out, d, *model, {map_path_, json_, strict_, png_, scale_});
    if (!png_.empty()) check_annotate_options(annotate, d.tiles.width(), d.tiles.height());
    options_.keep_maps = !png_.empty();  // the picture draws the region and distance maps
    ValidationReport rep = validate_dungeon(d, options_);
    const MapAnalysis analysis = analyse_map(d, rep, options_);
    if (json_) {
      out << report_json(rep, analysis).dump(2) << "\n";
    } else {
      out << map_path_ << ": " << (rep.valid ? "valid" : "INVALID") << ", " << rep.regions
          << (rep.regions == 1 ? " region" : " regions") << ", " << rep.unreachable_cells
          << " unreachable passable cells\n";
      for (const ObjectiveReport& o : rep.objectives) {
        out << "  " << objective_kind_name(o.objective.kind) << " at " << to_string(o.objective.pos) << ": ";
        if (o.reachable) out << "reachable, cost " << format_number(o.cost) << ", " << o.length << " moves\n";
        else out << "not reachable\n";
      }
      for (const Problem& p : rep.problems) out << "  problem (" << problem_kind_name(p.kind) << "): " << p.message << "\n";
      out << "  design: " << analysis.loops << (analysis.loops == 1 ? " loop, " : " loops, ") << analysis.dead_ends.size()
          << " dead ends, " << analysis.chokepoints.size() << " chokepoints\n";
    }
    if (!png_.empty()) write_png(png_, render_annotated(d, rep, analysis, annotate));
    return rep.valid ? kExitOk : kExitFailed;
  }

 private:
  static nlohmann::ordered_json report_json(const ValidationReport& rep, const MapAnalysis& analysis) {
    using ojson = nlohmann::ordered_json;
    ojson j;
    j["valid"] = rep.valid;
    j["regions"] = rep.regions;
    j["passable_cells"] = rep.passable_cells;
    j["unreachable_cells"] = rep.unreachable_cells;
    ojson objs = ojson::array();
    for (const ObjectiveReport& o : rep.objectives) {
      ojson e{{"kind", objective_kind_name(o.objective.kind)}, {"x", o.objective.pos.x}, {"y", o.objective.pos.y},
              {"reachable", o.reachable}};
      e["cost"] = o.reachable ? ojson(o.cost) : ojson(nullptr);
      e["length"] = o.reachable ? ojson(o.length) : ojson(nullptr);
      objs.push_back(e);
    }
    j["objectives"] = objs;
    ojson probs = ojson::array();
    for (const Problem& p : rep.problems) {
      ojson e{{"kind", problem_kind_name(p.kind)}, {"message", p.message}};
      e["objective"] = p.objective >= 0 ? ojson(p.objective) : ojson(nullptr);
      probs.push_back(e);
    }
    j["problems"] = probs;
    auto cells = [](const std::vector<Point>& ps) {
      ojson a = ojson::array();
      for (Point p : ps) a.push_back(ojson::array({p.x, p.y}));
      return a;
    };
    j["loops"] = analysis.loops;
    j["dead_ends"] = cells(analysis.dead_ends);
    j["chokepoints"] = cells(analysis.chokepoints);
    return j;
  }

  std::string map_path_, png_, costs_ = "dungeon", diagonal_ = "no-corner-cut";
  std::string overlay_ = "regions,routes,unreachable";
  bool json_ = false, deep_water_ = false, grid_ = false;
  int scale_ = 4;
  ValidateOptions options_;
  MemoryBudget memory_;
  MovementFlags movement_;
  bool strict_ = false;
};

}  // namespace

std::unique_ptr<Command> add_validate_command(CLI::App& app) { return std::make_unique<ValidateCommand>(app); }

}  // namespace catacomb::cli
