// Terrain characters and names (one table), the cost table's checked setter, its presets
// (dungeon, tutorial, uniform) and their names, and the summaries the searches use (the
// cheapest cost, whether every passable cost is the same).
#include <catacomb/core/terrain.hpp>

#include <cmath>
#include <string>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include "shared/core/enum_names.hpp"

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

}  // namespace catacomb
