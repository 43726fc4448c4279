// The rules a map records for itself (recorded_rules) and routes on a Dungeon under them: the one
// place that reads a recipe's "costs", "deep_water", "cost", "neighbors" and "diagonal" back into rules
// (validate's map_rules, the C API, the bindings and the CLI all come here). O(params) per call;
// no state, so the same map always gives the same rules.
#include <catacomb/pathing/map_rules.hpp>

#include <string>
#include <string_view>
#include <variant>

#include <catacomb/core/error.hpp>

namespace catacomb {

MapRules recorded_rules(const Dungeon& d, const std::optional<CostTable>& legend) {
  MapRules o;
  auto param = [&](std::string_view name) -> const ParamValue* {
    for (const auto& [k, v] : d.params)
      if (k == name) return &v;
    return nullptr;
  };
  auto text = [&](std::string_view name) -> std::optional<std::string> {
    const ParamValue* v = param(name);
    if (!v) return std::nullopt;
    if (const auto* s = std::get_if<std::string>(v)) return *s;
    throw InvalidArgument(FieldProblem{"params." + std::string(name), "a non-string value", "a name"});
  };
  if (legend) {
    o.costs = *legend;
  } else {
    if (auto c = text("costs")) o.costs = CostTable::preset(parse_cost_preset(*c, "params.costs"));
    if (const ParamValue* v = param("deep_water")) {
      const bool* deep = std::get_if<bool>(v);
      if (!deep) throw InvalidArgument(FieldProblem{"params.deep_water", "a non-boolean value", "true or false"});
      if (*deep) o.costs.set(Terrain::Water, CostTable::kImpassable);
    }
    // A game's own costs over the preset (GenerateConfig::cost), when the recipe has them.
    if (auto c = text("cost")) o.costs = parse_cost_overrides(*c, "params.cost").apply(o.costs);
  }
  if (const ParamValue* v = param("neighbors")) {
    const int64_t* n = std::get_if<int64_t>(v);
    if (!n || (*n != 4 && *n != 8))
      throw InvalidArgument(FieldProblem{"params.neighbors", n ? std::to_string(*n) : "a non-integer value", "4 or 8"});
    o.moves.neighbors = static_cast<int>(*n);
  }
  if (auto diag = text("diagonal")) o.moves.diagonal = parse_diagonal_policy(*diag, "params.diagonal");
  o.key_rule = d.key_rule;
  return o;
}

PathResult find_path(const Dungeon& d, Point start, Point goal) {
  const MapRules rules = recorded_rules(d);
  SearchOptions options;
  options.moves = rules.moves;
  return find_path(d.tiles, rules.costs, start, goal, options);
}

}  // namespace catacomb
