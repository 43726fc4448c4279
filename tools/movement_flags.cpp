// The movement flags and the side-view runs of `path` and `validate`.
#include "tools/movement_flags.hpp"

#include <nlohmann/json.hpp>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/render/platformer_image.hpp>
#include <catacomb/platformer/level_check.hpp>
#include <catacomb/platformer/nav_graph.hpp>
#include <catacomb/platformer/solver.hpp>
#include "tools/cli.hpp"
#include "tools/report_json.hpp"

namespace catacomb::cli {

void MovementFlags::add_to(CLI::App* sub) {
  sub->add_option("--movement", movement_,
                  "grid (top-down), platformer (side view), or recorded: the map's own (default)")
      ->capture_default_str();
  sub->add_option("--jump-height", jump_height_, "Platformer: highest step a jump gets onto, tiles (default 3)");
  sub->add_option("--jump-distance", jump_distance_, "Platformer: widest gap a jump crosses, columns (default 4)");
  sub->add_option("--body-height", body_height_, "Platformer: tiles the body occupies, 1 or 2 (default 1)");
  sub->add_option("--max-fall", max_fall_, "Platformer: most rows fallen in one move, 0 = any (default 0)");
  sub->add_option("--jump-penalty", jump_penalty_, "Platformer: cost added to each jump (default 1)");
}

std::optional<MovementModel> MovementFlags::resolve(const Dungeon& d) const {
  if (movement_ != "grid" && movement_ != "platformer" && movement_ != "recorded")
    throw InvalidArgument(FieldProblem{"--movement", movement_, "grid, platformer or recorded"});
  if (movement_ == "grid") return std::nullopt;
  std::optional<MovementModel> model = recorded_movement(d.params);
  const bool any_flag = jump_height_ || jump_distance_ || body_height_ || max_fall_ || jump_penalty_;
  if (!model && movement_ == "recorded" && !any_flag) return std::nullopt;
  if (!model && movement_ == "recorded")
    throw InvalidArgument(FieldProblem{"--movement", "recorded",
                                       "platformer with --jump-height and the other platformer flags (the map "
                                       "records no platformer movement)"});
  if (!model) model = MovementModel{};
  if (jump_height_) model->jump_height = *jump_height_;
  if (jump_distance_) model->jump_distance = *jump_distance_;
  if (body_height_) model->body_height = *body_height_;
  if (max_fall_) model->max_fall = *max_fall_;
  if (jump_penalty_) model->jump_penalty = *jump_penalty_;
  std::vector<FieldProblem> problems = model->problems();
  for (FieldProblem& p : problems) {  // the library's field names -> the flags' names
    std::string flag = "--" + p.field;
    for (char& c : flag)
      if (c == '_') c = '-';
    p.field = flag;
  }
  if (!problems.empty()) throw InvalidArgument(std::move(problems));
  return model;
}

namespace {

using ojson = nlohmann::ordered_json;

ojson cell_json(Point p) { return ojson::array({p.x, p.y}); }

ojson move_json(const Move& m) {
  ojson j;
  j["kind"] = move_kind_name(m.kind);
  j["from"] = cell_json(m.from);
  j["to"] = cell_json(m.to);
  j["cost"] = m.cost;
  if (m.kind == MoveKind::Jump) {
    j["rise"] = m.rise;
    j["glide"] = m.glide;
    j["dir"] = m.dir;
  }
  return j;
}

ojson model_json(const MovementModel& m) {
  return ojson{{"jump_height", m.jump_height},
               {"jump_distance", m.jump_distance},
               {"body_height", m.body_height},
               {"max_fall", m.max_fall},
               {"jump_penalty", m.jump_penalty}};
}

}  // namespace

int run_platformer_path(std::ostream& out, const Dungeon& d, const MovementModel& model, const PlatformerPathArgs& a) {
  if (!a.png.empty()) check_image_scale(d.tiles.width(), d.tiles.height(), a.scale, "--scale");
  const NavGraph graph(d.tiles, model);
  PlatformerRoute r;
  try {
    r = find_platformer_path(graph, a.from, a.to);
  } catch (const InvalidArgument& e) {
    std::vector<FieldProblem> problems = e.problems();
    for (FieldProblem& p : problems) p.field = "--" + p.field;
    throw InvalidArgument(std::move(problems));
  }
  if (a.json) {
    ojson j;
    j["found"] = r.found();
    j["status"] = path_status_name(r.status);
    j["movement"] = "platformer";
    j["model"] = model_json(model);
    j["cost"] = r.cost;
    j["length"] = r.moves.size();
    j["expanded"] = r.expanded;
    ojson moves = ojson::array();
    for (const Move& m : r.moves) moves.push_back(move_json(m));
    j["moves"] = moves;
    out << j.dump() << "\n";
  } else {
    out << path_status_name(r.status) << ": cost " << r.cost << ", " << r.moves.size() << " moves, " << r.expanded
        << " nodes expanded\n";
    for (const Move& m : r.moves)
      out << "  " << move_kind_name(m.kind) << " " << to_string(m.from) << " -> " << to_string(m.to) << "\n";
  }
  if (!a.png.empty()) write_png(a.png, render_platformer_route(d, r.moves, a.scale));
  return r.found() ? kExitOk : kExitFailed;
}

int run_platformer_validate(std::ostream& out, const Dungeon& d, const MovementModel& model,
                            const PlatformerValidateArgs& a) {
  if (!a.png.empty()) check_image_scale(d.tiles.width(), d.tiles.height(), a.scale, "--scale");
  const NavGraph graph(d.tiles, model);
  PlatformerCheckOptions options;
  options.strict = a.strict;
  options.allow_softlocks = a.allow_softlocks;
  options.max_states = a.max_states;
  const PlatformerReport rep = check_platformer_level(d, graph, options);
  if (a.json) {
    ojson j;
    j["valid"] = rep.valid;
    j["movement"] = "platformer";
    j["model"] = model_json(model);
    j["nodes"] = rep.nodes;
    j["edges"] = rep.edges;
    j["reachable_nodes"] = rep.reachable_nodes;
    ojson objs = ojson::array();
    for (const PlatformerObjectiveReport& o : rep.objectives) {
      ojson e = objective_json(o.objective);
      e["rests"] = o.rests;
      e["reachable"] = o.reachable;
      e["exit_reachable"] = o.exit_reachable;
      e["cost"] = o.reachable ? ojson(o.cost) : ojson(nullptr);
      e["moves"] = o.reachable ? ojson(o.moves) : ojson(nullptr);
      objs.push_back(e);
    }
    j["objectives"] = objs;
    j["collect_order"] = rep.collect_order;
    ojson probs = ojson::array();
    for (const PlatformerProblem& p : rep.problems) probs.push_back(problem_json(p.kind, p.message, p.objective));
    j["problems"] = probs;
    ojson soft = ojson::array();
    for (const SoftlockArea& s : rep.softlocks) {
      ojson cells = ojson::array();
      for (Point p : s.cells) cells.push_back(cell_json(p));
      soft.push_back(ojson{
          {"size", s.cells.size()},
          {"bounds", {{"x", s.bounds.x}, {"y", s.bounds.y}, {"width", s.bounds.width}, {"height", s.bounds.height}}},
          {"entry", move_json(s.entry)},
          {"cells", cells}});
    }
    j["softlocks"] = soft;
    j["unlosable"] = rep.loss == LossStatus::NotProven ? ojson(nullptr) : ojson(rep.loss == LossStatus::Unlosable);
    j["loss"] = loss_status_name(rep.loss);
    j["loss_states"] = rep.loss_states;
    j["softlock_states"] = rep.softlock_states;
    if (!rep.softlock_message.empty()) {
      ojson moves = ojson::array();
      for (const Move& m : rep.softlock_moves) moves.push_back(move_json(m));
      j["softlock"] = ojson{{"message", rep.softlock_message}, {"moves", moves}};
    }
    out << j.dump(2) << "\n";
  } else {
    out << a.map_path << ": " << (rep.valid ? "valid" : "INVALID") << " (platformer: jump height " << model.jump_height
        << ", jump distance " << model.jump_distance << ", body height " << model.body_height << "), " << rep.nodes
        << " nodes, " << rep.edges << " moves, " << rep.reachable_nodes << " reachable from the start\n";
    for (const PlatformerObjectiveReport& o : rep.objectives) {
      out << "  " << objective_kind_name(o.objective.kind) << " at " << to_string(o.objective.pos) << ": ";
      if (o.reachable) out << "reachable, cost " << o.cost << ", " << o.moves << " moves\n";
      else out << "not reachable\n";
    }
    for (const PlatformerProblem& p : rep.problems) out << "  problem (" << p.kind << "): " << p.message << "\n";
    out << "  unlosable: "
        << (rep.loss == LossStatus::Unlosable ? "yes"
            : rep.loss == LossStatus::Losable ? "no"
                                              : "not proven")
        << " (" << rep.loss_states << " states of play searched";
    if (rep.softlock_states > 0) out << ", " << rep.softlock_states << " of them cannot finish";
    out << ")\n";
    if (!rep.softlock_message.empty()) out << "  softlock: " << rep.softlock_message << "\n";
    for (const SoftlockArea& s : rep.softlocks)
      out << "  softlock: " << s.cells.size() << " cells in " << s.bounds.width << "x" << s.bounds.height << " at "
          << to_string(Point{s.bounds.x, s.bounds.y}) << ", entered by a " << move_kind_name(s.entry.kind) << " from "
          << to_string(s.entry.from) << " to " << to_string(s.entry.to) << "\n";
  }
  if (!a.png.empty()) write_png(a.png, render_nav_graph(d, graph, &rep, a.scale));
  return rep.valid ? kExitOk : kExitFailed;
}

}  // namespace catacomb::cli
