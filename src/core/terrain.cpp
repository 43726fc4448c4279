// Terrain characters and names (one table), the cost table's checked setter, its presets
// (dungeon, tutorial, uniform) and their names, and the summaries the searches use (the
// cheapest cost, whether every passable cost is the same), and a game's own costs over a table
// (CostOverrides) with their text form.
#include <catacomb/core/terrain.hpp>

#include <cmath>
#include <string>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include "shared/core/enum_names.hpp"
#include "shared/core/parse_number.hpp"

namespace catacomb {
namespace {

struct TerrainInfo {
  char ch;
  std::string_view name;
};

constexpr std::array<TerrainInfo, kTerrainCount> kInfo = {{
    {'#', "wall"},
    {'.', "floor"},
    {',', "corridor"},
    {'+', "door"},
    {'~', "water"},
    {'"', "vegetation"},
    {'=', "road"},
    {'H', "ladder"},
    {'-', "platform"},
}};

}  // namespace

char terrain_char(Terrain t) { return kInfo[static_cast<size_t>(t)].ch; }
std::string_view terrain_name(Terrain t) { return kInfo[static_cast<size_t>(t)].name; }

std::optional<Terrain> terrain_from_char(char c) {
  for (Terrain t : kAllTerrains)
    if (terrain_char(t) == c) return t;
  return std::nullopt;
}

std::optional<Terrain> terrain_from_name(std::string_view name) {
  for (Terrain t : kAllTerrains)
    if (terrain_name(t) == name) return t;
  return std::nullopt;
}

void CostTable::set(Terrain t, double cost) {
  if (!(cost == kImpassable || (std::isfinite(cost) && cost > 0)))
    throw InvalidArgument(FieldProblem{"cost of " + std::string(terrain_name(t)), format_fixed(cost, 6),
                                       "a finite number > 0, or impassable"});
  costs_[static_cast<size_t>(t)] = cost;
}

CostTable CostTable::dungeon() {
  CostTable c;
  c.set(Terrain::Floor, 1);
  c.set(Terrain::Corridor, 1);
  c.set(Terrain::Door, 1);
  c.set(Terrain::Road, 1);
  c.set(Terrain::Vegetation, 2);
  c.set(Terrain::Water, 3);
  c.set(Terrain::Ladder, 1);
  c.set(Terrain::Platform, 1);
  return c;
}

CostTable CostTable::tutorial() {
  CostTable c;
  c.set(Terrain::Road, 1);
  c.set(Terrain::Floor, 3);
  c.set(Terrain::Corridor, 3);
  c.set(Terrain::Door, 3);
  c.set(Terrain::Water, 5);
  c.set(Terrain::Vegetation, 10);
  c.set(Terrain::Ladder, 3);
  c.set(Terrain::Platform, 3);
  return c;
}

CostTable CostTable::uniform() {
  CostTable c;
  for (Terrain t : kAllTerrains)
    if (t != Terrain::Wall) c.set(t, 1);
  return c;
}

std::string_view cost_preset_name(CostPreset p) { return detail::enum_name(detail::kCostPresetNames, p); }

CostPreset parse_cost_preset(std::string_view name, const std::string& field) {
  return detail::parse_enum(detail::kCostPresetNames, name, field);
}

CostTable CostTable::preset(CostPreset p) {
  switch (p) {
    case CostPreset::Dungeon: return dungeon();
    case CostPreset::Tutorial: return tutorial();
    case CostPreset::Uniform: return uniform();
  }
  throw InvalidArgument(
      FieldProblem{"cost table", std::to_string(static_cast<int>(p)), detail::enum_expected(detail::kCostPresetNames)});
}

CostTable CostTable::preset(std::string_view name) { return preset(parse_cost_preset(name, "cost table")); }

double CostTable::min_cost() const {
  double m = kImpassable;
  for (double c : costs_)
    if (c < m) m = c;
  return m;
}

bool CostTable::uniform_costs() const {
  double first = kImpassable;
  for (double c : costs_) {
    if (c == kImpassable) continue;
    if (first == kImpassable) first = c;
    else if (c != first) return false;
  }
  return true;
}

void CostOverrides::set(Terrain t, double cost) {
  CostTable check;
  check.set(t, cost);  // the one rule for a cost: > 0 and finite, or impassable
  costs_[static_cast<size_t>(t)] = cost;
}

bool CostOverrides::empty() const {
  for (const std::optional<double>& c : costs_)
    if (c) return false;
  return true;
}

CostTable CostOverrides::apply(CostTable base) const {
  for (Terrain t : kAllTerrains)
    if (const std::optional<double>& c = costs_[static_cast<size_t>(t)]) base.set(t, *c);
  return base;
}

CostOverrides CostOverrides::all_of(const CostTable& table) {
  CostOverrides o;
  for (Terrain t : kAllTerrains) o.costs_[static_cast<size_t>(t)] = table[t];
  return o;
}

std::string cost_overrides_text(const CostOverrides& o) {
  std::string text;
  for (Terrain t : kAllTerrains) {
    const std::optional<double> c = o[t];
    if (!c) continue;
    if (!text.empty()) text += ',';
    text += terrain_name(t);
    text += '=';
    text += *c == CostTable::kImpassable ? std::string("impassable") : format_shortest(*c);
  }
  return text;
}

CostOverrides parse_cost_overrides(std::string_view text, const std::string& field) {
  CostOverrides o;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find(',', begin);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view item = text.substr(begin, end - begin);
    const size_t eq = item.find('=');
    const std::string shown = item.empty() ? "''" : std::string(item);
    if (eq == std::string_view::npos)
      throw InvalidArgument(
          FieldProblem{field, shown, "terrain=cost items joined by ',', e.g. water=impassable,vegetation=7.5"});
    const std::optional<Terrain> t = terrain_from_name(item.substr(0, eq));
    if (!t) {
      std::string names;
      for (Terrain k : kAllTerrains) names += (names.empty() ? "" : ", ") + std::string(terrain_name(k));
      throw InvalidArgument(FieldProblem{field, shown, "a terrain name before '=': " + names});
    }
    const std::string_view value = item.substr(eq + 1);
    double cost = 0;
    if (value == "impassable") cost = CostTable::kImpassable;
    else if (!detail::parse_finite_double(value, cost) || !(cost > 0))
      throw InvalidArgument(FieldProblem{field, shown, "a cost after '=': a finite number > 0 or impassable"});
    o.set(*t, cost);
    begin = end + 1;
  }
  return o;
}

}  // namespace catacomb
