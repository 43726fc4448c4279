// Writing certificates (verify.cpp reads and checks them, on its own).
#include <catacomb/io/certificate.hpp>

#include <cstdio>
#include <nlohmann/json.hpp>

namespace catacomb {
namespace {

// A bit set as hex digits, most significant first, no leading zeros ("0" when empty).
std::string hex_set(const uint64_t* words, size_t n) {
  size_t top = n;
  while (top > 0 && words[top - 1] == 0) --top;
  if (top == 0) return "0";
  char buf[17];
  std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(words[top - 1]));
  std::string out = buf;
  for (size_t w = top - 1; w-- > 0;) {
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(words[w]));
    out += buf;
  }
  return out;
}

// The "unlosable" section, one state per line: [x, y, switches, opened, found, taken, next, rank].
std::string unlosable_section(const ReachableStates& r) {
  std::string out = "  \"unlosable\": {\"states\": " + std::to_string(r.states.size()) + ", \"list\": [";
  const size_t found_at = r.lock_words, taken_at = r.lock_words + r.door_words;
  for (size_t i = 0; i < r.states.size(); ++i) {
    const ReachableState& s = r.states[i];
    out += (i ? ",\n    [" : "\n    [") + std::to_string(s.at.x) + ", " + std::to_string(s.at.y) + ", " +
           std::to_string(s.switches) + ", \"" + hex_set(s.sets.data(), r.lock_words) + "\", \"" +
           hex_set(s.sets.data() + found_at, r.door_words) + "\", \"" +
           hex_set(s.sets.data() + taken_at, r.objective_words) + "\", " + std::to_string(s.next) + ", " +
           std::to_string(s.rank) + "]";
  }
  return out + "\n  ]}";
}

}  // namespace

std::string write_certificate(const Dungeon& d, const Solution& solution, const ValidateOptions& rules) {
  using ojson = nlohmann::ordered_json;
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(map_hash(d)));
  ojson j;
  j["format"] = "catacomb-certificate";
  j["version"] = 1;
  j["map_hash"] = hash;
  ojson r;
  r["neighbors"] = rules.moves.neighbors;
  r["diagonal"] = diagonal_policy_name(rules.moves.diagonal);
  r["diagonal_cost"] = rules.moves.diagonal_cost;
  r["key_rule"] = key_rule_name(rules.key_rule.value_or(d.key_rule));
  ojson costs = ojson::object();
  for (Terrain t : kAllTerrains)
    costs[std::string(terrain_name(t))] = rules.costs.passable(t) ? ojson(rules.costs[t]) : ojson(nullptr);
  r["costs"] = costs;
  j["rules"] = r;
  ojson steps = ojson::array();
  double total = 0;
  for (size_t i = 0; i < solution.walkthrough.size(); ++i) {
    const WalkStep& st = solution.walkthrough[i];
    ojson s;
    s["step"] = i + 1;
    s["action"] = step_kind_name(st.kind);
    s["at"] = ojson::array({st.target.x, st.target.y});
    if (st.lock != 0) s["lock"] = st.lock;
    if (st.switch_id != 0) s["switch"] = st.switch_id;
    s["cost"] = st.cost;
    ojson route = ojson::array();
    for (const Point& p : st.route) route.push_back(ojson::array({p.x, p.y}));
    s["route"] = route;
    steps.push_back(s);
    total += st.cost;
  }
  // One step per line: readable, and a diff shows which step changed.
  std::string out = "{\n";
  for (auto it = j.begin(); it != j.end(); ++it)
    out += "  " + ojson(it.key()).dump() + ": " + it.value().dump() + ",\n";
  out += "  \"steps\": [";
  for (size_t i = 0; i < steps.size(); ++i) out += std::string(i ? "," : "") + "\n    " + steps[i].dump();
  out += "\n  ],\n  \"total_cost\": " + ojson(total).dump();
  // A map proven unlosable carries every state a player can reach and a way on from each.
  if (solution.loss == LossStatus::Unlosable && solution.status == SolveStatus::Completable) {
    SolveOptions so = solve_options(rules);
    so.key_rule = rules.key_rule.value_or(d.key_rule);
    const ReachableStates states = reachable_states(d, so);
    if (states.status == LossStatus::Unlosable) out += ",\n" + unlosable_section(states);
  }
  out += "\n}\n";
  return out;
}

}  // namespace catacomb
