// Writing certificates (verify.cpp reads and checks them, on its own).
#include <catacomb/io/certificate.hpp>

#include <cstdio>
#include <nlohmann/json.hpp>

namespace catacomb {

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
  out += "\n  ],\n  \"total_cost\": " + ojson(total).dump() + "\n}\n";
  return out;
}

}  // namespace catacomb
