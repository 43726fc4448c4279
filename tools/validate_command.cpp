// catacomb validate: check that every objective of a map is reachable, and say why not.
#include <nlohmann/json.hpp>
#include <ostream>

#include <catacomb/core/error.hpp>
#include <catacomb/core/threads.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/render/annotate.hpp>
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "tools/memory_budget.hpp"
#include "tools/number_flags.hpp"
#include "tools/movement_flags.hpp"
#include "tools/outputs.hpp"
#include "tools/report_json.hpp"
#include "shared/core/enum_names.hpp"
#include "shared/pathing/search_names.hpp"
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
        "  catacomb validate locked.json --png walk.png --overlay walkthrough --certificate walk.cert.json\n"
        "MAP is a catacomb .json, ASCII .txt (objectives: '<' start, '>' exit, 1-9 others, a-i keys, A-I\n"
        "locked doors) or Tiled .tmj/.tmx map (terrain from the tile layer, objectives and rooms from the\n"
        "object layers). It is checked under its own rules (a JSON legend's costs, the recorded cost table,\n"
        "deep water, moves and key rule); --costs, --deep-water, --neighbors, --diagonal and --key-rule\n"
        "override them, with a note on stderr.\n"
        "Exit codes: 0 valid, 1 invalid (the reasons are listed), 2 bad input, 3 I/O error.\n");
    sub->add_option("MAP", map_path_, "Map to check (.json, .txt, .tmj or .tmx)")->required();
    sub->add_flag("--json", json_, "Print the report as JSON");
    sub->add_option("--png", png_, "Write a picture of regions, unreachable cells and routes")->type_name("FILE");
    add_number_option(*sub, "--scale", scale_, "PNG pixels per tile (1 to 64)");
    sub->add_option("--overlay", overlay_, "What the PNG shows (comma-separated): " + overlay_names(", ") + ", or all")
        ->capture_default_str();
    sub->add_flag("--grid", grid_, "Draw grid lines between tiles on the PNG (--scale 4 or more)");
    rule_flags_.push_back(sub->add_option(
        "--costs", costs_, "Cost table: " + detail::enum_expected(detail::kCostPresetNames) + " (default: the map's)"));
    rule_flags_.push_back(sub->add_flag("--deep-water", deep_water_, "Water cannot be crossed (default: the map's)"));
    rule_flags_.push_back(
        add_number_option(*sub, "--neighbors", neighbors_, "Player moves: 4 or 8 neighbours (default: the map's)"));
    rule_flags_.push_back(sub->add_option(
        "--diagonal", diagonal_, detail::enum_expected(detail::kDiagonalPolicyNames) + " (default: the map's)"));
    rule_flags_.push_back(sub->add_option("--key-rule", key_rule_,
                                          detail::enum_expected(detail::kKeyRuleNames) + " (default: the map's)"));
    add_number_option(*sub, "--max-states", max_states_, "Cap on the solver's states (at least 1)");
    sub->add_flag("--allow-softlocks", allow_softlocks_,
                  "A map a player can lose (or not proven unlosable) stays valid: the softlock is only reported");
    add_number_option(*sub, "--threads", threads_,
                      "Threads validation may use (" + threads_range_text() +
                          "; default 2, 1 on a one-core machine); the same report for any");
    sub->add_option("--certificate", certificate_, "Write the walkthrough as a certificate for 'catacomb verify'")
        ->type_name("FILE");
    memory_.add_option(*sub);
    movement_.add_to(sub);
    sub->add_flag("--strict", strict_, "Platformer: softlock areas make the map invalid");
  }

  int run(std::ostream& out, std::ostream& err) override {
    AnnotateOptions annotate;
    annotate.scale = scale_;
    annotate.overlays = parse_overlays(overlay_, "--overlay");
    annotate.grid = grid_;
    if (max_states_ < 1) throw InvalidArgument(FieldProblem{"--max-states", std::to_string(max_states_), "at least 1"});
    if (!threads_in_range(threads_))
      throw InvalidArgument(FieldProblem{"--threads", std::to_string(threads_), threads_range_text()});
    if (!png_.empty()) check_writable_path("--png", png_);
    if (!certificate_.empty()) check_writable_path("--certificate", certificate_);
    // Bounded; a Tiled map's tilesets read beside it; a catacomb JSON map's legend may state its
    // own costs (one parse gives both).
    // The budget is checked from the map's header, before its tiles are decoded.
    MapFile file = memory_.load_map(map_path_, "validate", kValidateBytesPerCell);
    Dungeon& d = file.dungeon;
    if (auto model = movement_.resolve(d))
      return run_platformer_validate(out, d, *model,
                                     {map_path_, json_, strict_, png_, scale_, allow_softlocks_, max_states_});
    ValidateOptions options = map_rules(d, file.legend_costs);
    apply_flags(options, err);
    options.max_states = max_states_;
    options.allow_softlocks = allow_softlocks_;
    options.threads = threads_;
    if (!png_.empty()) check_annotate_options(annotate, d.tiles.width(), d.tiles.height());
    options.keep_maps = !png_.empty();  // the picture draws the region and distance maps
    ValidationReport rep = validate_dungeon(d, options);
    const MapAnalysis analysis = analyse_map(d, rep, options);
    if (json_) {
      out << validation_report_json(rep, analysis).dump(2) << "\n";
    } else {
      out << map_path_ << ": " << (rep.valid ? "valid" : "INVALID") << ", " << rep.regions
          << (rep.regions == 1 ? " region" : " regions") << ", " << rep.unreachable_cells
          << " unreachable passable cells\n";
      for (size_t i = 0; i < rep.objectives.size(); ++i) {
        const ObjectiveReport& o = rep.objectives[i];
        out << "  " << objective_label(o.objective) << ": ";
        if (o.reachable) out << "reachable, cost " << format_number(o.cost) << ", " << o.length << " moves";
        else out << "not reachable";
        if (rep.solution && rep.solution->reachable_after[i] > 0)
          out << ", from walkthrough step " << rep.solution->reachable_after[i];
        out << "\n";
      }
      for (const Problem& p : rep.problems)
        out << "  problem (" << problem_kind_name(p.kind) << "): " << p.message << "\n";
      out << "  design: " << analysis.loops << (analysis.loops == 1 ? " loop, " : " loops, ")
          << analysis.dead_ends.size() << " dead ends, ";
      if (!d.rooms.empty())
        out << analysis.dead_end_rooms << (analysis.dead_end_rooms == 1 ? " dead-end room, " : " dead-end rooms, ");
      out << analysis.chokepoints.size() << " chokepoints\n";
      if (rep.solution) write_walkthrough(out, d, *rep.solution);
      if (rep.mission) {
        out << "  mission " << d.mission.name << ": " << (rep.mission->satisfied ? "satisfied" : "NOT satisfied")
            << "\n";
        for (const std::string& p : rep.mission->problems) out << "    " << p << "\n";
      }
    }
    if (!png_.empty()) write_png(png_, render_annotated(d, rep, analysis, annotate));
    if (!certificate_.empty()) {
      if (!rep.valid || !rep.solution || rep.solution->status != SolveStatus::Completable) {
        err << "catacomb: no certificate written: the map is not valid\n";
      } else {
        write_file_atomic(certificate_, write_certificate(d, *rep.solution, options));
      }
    }
    return rep.valid && (!rep.mission || rep.mission->satisfied) ? kExitOk : kExitFailed;
  }

 private:
  // The flags given on the command line replace the map's own rules, with a note saying so.
  void apply_flags(ValidateOptions& o, std::ostream& err) const {
    std::string given;
    for (const CLI::Option* f : rule_flags_)
      if (f->count() > 0) given += (given.empty() ? "" : ", ") + f->get_name();
    if (given.empty()) return;
    if (rule_flags_[0]->count() > 0 || rule_flags_[1]->count() > 0) {
      o.costs = CostTable::preset(parse_cost_preset(costs_, "--costs"));
      if (deep_water_) o.costs.set(Terrain::Water, CostTable::kImpassable);
    }
    if (rule_flags_[2]->count() > 0) o.moves.neighbors = neighbors_;
    if (rule_flags_[3]->count() > 0) o.moves.diagonal = parse_diagonal_policy(diagonal_, "--diagonal");
    if (rule_flags_[4]->count() > 0) o.key_rule = parse_key_rule(key_rule_, "--key-rule");
    std::vector<FieldProblem> bad = o.moves.problems();
    for (FieldProblem& p : bad) p.field = "--" + p.field;
    if (!bad.empty()) throw InvalidArgument(bad);
    err << "note: " << given << " override" << (given.find(',') == std::string::npos ? "s" : "")
        << " the rules the map states for itself\n";
  }

  static std::string objective_label(const Objective& o) {
    return std::string(objective_kind_name(o.kind)) + (o.lock ? " " + std::to_string(o.lock) : "") + " at " +
           to_string(o.pos);
  }

  static std::string step_text(const Dungeon& d, const WalkStep& st) {
    switch (st.kind) {
      case StepKind::TakeKey: return "take key " + std::to_string(st.lock) + " at " + to_string(st.target);
      case StepKind::OpenDoor: return "open door " + std::to_string(st.lock) + " at " + to_string(st.target);
      case StepKind::Take: return "take the " + objective_label(d.objectives[static_cast<size_t>(st.objective)]);
      case StepKind::ReachExit: return "reach the exit at " + to_string(st.target);
      case StepKind::Toggle: return "toggle switch " + std::to_string(st.switch_id) + " at " + to_string(st.target);
      case StepKind::OneWay: return "pass the one-way door at " + to_string(st.target);
    }
    return "?";
  }

  static void write_walkthrough(std::ostream& out, const Dungeon& d, const Solution& s) {
    out << "  walkthrough (" << solve_status_name(s.status) << ", " << key_rule_name(s.key_rule) << " keys, "
        << s.walkthrough.size() << " steps, " << s.states << (s.states == 1 ? " state" : " states") << " searched):\n";
    if (!s.message.empty()) out << "    " << s.message << "\n";
    for (size_t i = 0; i < s.walkthrough.size(); ++i) {
      const WalkStep& st = s.walkthrough[i];
      out << "    " << i + 1 << ". " << step_text(d, st) << ": " << st.route.size() - 1
          << (st.route.size() == 2 ? " move, cost " : " moves, cost ") << format_number(st.cost) << "\n";
    }
    if (s.status == SolveStatus::Completable) {
      const WalkMetrics& m = s.metrics;
      out << "  critical path: " << m.critical_length << " moves, cost " << format_number(m.critical_cost) << ", "
          << m.keys_on_critical_path << " keys, " << m.doors_on_critical_path << " doors; backtracking "
          << m.backtracking << "; optional objectives " << m.optional_objectives << "\n";
    }
    if (s.softlock) {
      out << "  softlock: " << s.softlock->message << "; " << s.softlock_states
          << (s.softlock_states == 1 ? " state" : " states") << " in all. Shortest way there:";
      for (size_t i = 0; i < s.softlock->steps.size(); ++i)
        out << (i ? ", " : " ") << step_text(d, s.softlock->steps[i]);
      out << "\n";
    }
    for (const SecretShortcut& sc : s.secrets) out << "  " << sc.message << "\n";
  }

  std::string map_path_, png_, certificate_, costs_ = "dungeon", diagonal_ = "no-corner-cut", key_rule_ = "reusable";
  std::string overlay_ = "regions,routes,unreachable";
  bool json_ = false, deep_water_ = false, grid_ = false;
  int scale_ = 4, neighbors_ = 8;
  int threads_ = default_threads();
  int64_t max_states_ = kDefaultMaxSolverStates;
  bool allow_softlocks_ = false;
  std::vector<CLI::Option*> rule_flags_;  // --costs, --deep-water, --neighbors, --diagonal, --key-rule
  MemoryBudget memory_;
  MovementFlags movement_;
  bool strict_ = false;
};

}  // namespace

std::unique_ptr<Command> add_validate_command(CLI::App& app) { return std::make_unique<ValidateCommand>(app); }

}  // namespace catacomb::cli
