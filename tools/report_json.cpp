// The entries both reports of `catacomb validate --json` share, and the grid report itself
// (report_json.hpp), which the WebAssembly package's validate() returns too. Plain
// nlohmann::ordered_json objects: the keys come out in the order written here.
#include "tools/report_json.hpp"

#include <utility>

namespace catacomb::cli {

using ojson = nlohmann::ordered_json;

ojson objective_json(const Objective& o) {
  return ojson{{"kind", objective_kind_name(o.kind)}, {"x", o.pos.x}, {"y", o.pos.y}};
}

ojson problem_json(std::string_view kind, const std::string& message, int objective) {
  ojson e{{"kind", kind}, {"message", message}};
  e["objective"] = objective >= 0 ? ojson(objective) : ojson(nullptr);
  return e;
}

ojson validation_report_json(const ValidationReport& rep, const MapAnalysis& analysis) {
  ojson j;
  j["valid"] = rep.valid;
  j["regions"] = rep.regions;
  j["passable_cells"] = rep.passable_cells;
  j["unreachable_cells"] = rep.unreachable_cells;
  ojson objs = ojson::array();
  for (const ObjectiveReport& o : rep.objectives) {
    ojson e = objective_json(o.objective);
    e["reachable"] = o.reachable;
    e["cost"] = o.reachable ? ojson(o.cost) : ojson(nullptr);
    e["length"] = o.reachable ? ojson(o.length) : ojson(nullptr);
    objs.push_back(std::move(e));
  }
  j["objectives"] = std::move(objs);
  ojson probs = ojson::array();
  for (const Problem& p : rep.problems)
    probs.push_back(problem_json(problem_kind_name(p.kind), p.message, p.objective));
  j["problems"] = std::move(probs);
  auto cells = [](const std::vector<Point>& ps) {
    ojson a = ojson::array();
    a.get_ref<ojson::array_t&>().reserve(ps.size());
    for (Point p : ps) a.push_back(ojson::array({p.x, p.y}));
    return a;
  };
  j["loops"] = analysis.loops;
  j["dead_ends"] = cells(analysis.dead_ends);
  j["chokepoints"] = cells(analysis.chokepoints);
  j["dead_end_rooms"] = analysis.dead_end_rooms;
  if (rep.solution) {
    const Solution& s = *rep.solution;
    ojson sol;
    sol["status"] = solve_status_name(s.status);
    sol["completable"] = s.status == SolveStatus::Completable;
    sol["key_rule"] = key_rule_name(s.key_rule);
    sol["states"] = s.states;
    sol["areas"] = s.areas;
    if (!s.message.empty()) sol["message"] = s.message;
    ojson reach = ojson::array();
    for (size_t i = 0; i < s.reachable_after.size(); ++i) {
      ojson e{{"objective", i}};
      e["reachable_after_step"] = s.reachable_after[i] >= 0 ? ojson(s.reachable_after[i]) : ojson(nullptr);
      if (!s.reasons[i].empty()) e["reason"] = s.reasons[i];
      reach.push_back(std::move(e));
    }
    sol["objectives"] = std::move(reach);
    auto steps = [&](const std::vector<WalkStep>& list) {
      ojson a = ojson::array();
      for (const WalkStep& st : list) {
        ojson e{{"action", step_kind_name(st.kind)}};
        e["objective"] = st.objective >= 0 ? ojson(st.objective) : ojson(nullptr);
        e["door"] = st.door >= 0 ? ojson(st.door) : ojson(nullptr);
        e["lock"] = st.lock;
        e["at"] = ojson::array({st.target.x, st.target.y});
        e["cost"] = st.cost;
        e["length"] = st.route.size() - 1;
        e["route"] = cells(st.route);
        a.push_back(std::move(e));
      }
      return a;
    };
    sol["walkthrough"] = steps(s.walkthrough);
    if (s.status == SolveStatus::Completable) {
      const WalkMetrics& m = s.metrics;
      sol["metrics"] = ojson{{"critical_path_length", m.critical_length},
                             {"critical_path_cost", m.critical_cost},
                             {"keys_on_critical_path", m.keys_on_critical_path},
                             {"doors_on_critical_path", m.doors_on_critical_path},
                             {"backtracking", m.backtracking},
                             {"optional_objectives", m.optional_objectives},
                             {"walkthrough_length", m.walkthrough_length},
                             {"walkthrough_cost", m.walkthrough_cost}};
    }
    sol["unlosable"] = s.loss == LossStatus::NotProven ? ojson(nullptr) : ojson(s.loss == LossStatus::Unlosable);
    sol["loss"] = loss_status_name(s.loss);
    sol["softlock_states"] = s.softlock_states;
    if (s.softlock) sol["softlock"] = ojson{{"message", s.softlock->message}, {"steps", steps(s.softlock->steps)}};
    j["solution"] = std::move(sol);
  }
  if (rep.mission) j["mission"] = ojson{{"satisfied", rep.mission->satisfied}, {"problems", rep.mission->problems}};
  return j;
}

}  // namespace catacomb::cli
