// The dungeon value's helpers: objective kind and key rule names, the grid of locked doors,
// the locks' row-major order, and the two hashes (grid_hash over the size and cells, map_hash
// over the grid hash, locks, objectives and key rule). Both hashes are 64-bit FNV-1a over
// fixed-width little-endian fields, so they are the same on every platform; O(cells).
#include <catacomb/core/dungeon.hpp>

#include <algorithm>
#include <array>

#include <catacomb/core/error.hpp>
#include "shared/core/enum_names.hpp"

namespace catacomb {

using detail::kKeyRuleNames;
using detail::kObjectiveKindNames;

std::string_view objective_kind_name(ObjectiveKind k) { return detail::enum_name(kObjectiveKindNames, k); }

std::optional<ObjectiveKind> objective_kind_from_name(std::string_view name) {
  return detail::enum_value(kObjectiveKindNames, name);
}

// A value out of the enum keeps the name it has always had: reusable.
std::string_view key_rule_name(KeyRule r) {
  return detail::enum_name(kKeyRuleNames, r == KeyRule::Consumable ? r : KeyRule::Reusable);
}

namespace {
constexpr detail::EnumNames<LossStatus, 3> kLossStatusNames = {
    {{LossStatus::Unlosable, "unlosable"}, {LossStatus::Losable, "losable"}, {LossStatus::NotProven, "not-proven"}}};
}  // namespace

std::string_view loss_status_name(LossStatus s) { return detail::enum_name(kLossStatusNames, s); }

KeyRule parse_key_rule(std::string_view name, const std::string& field) {
  return detail::parse_enum(kKeyRuleNames, name, field);
}

Grid<uint8_t> lock_grid(const Dungeon& d) {
  Grid<uint8_t> g(d.tiles.width(), d.tiles.height(), 0);
  for (const LockedDoor& l : d.locks)
    if (g.in_bounds(l.pos)) g[l.pos] = static_cast<uint8_t>(l.lock);
  return g;
}

namespace {
constexpr std::array<std::pair<Point, std::string_view>, 4> kDirectionNames = {
    {{{0, -1}, "north"}, {{1, 0}, "east"}, {{0, 1}, "south"}, {{-1, 0}, "west"}}};
}  // namespace

std::string_view direction_name(Point dir) {
  for (const auto& [p, name] : kDirectionNames)
    if (p == dir) return name;
  return "";
}

std::optional<Point> direction_from_name(std::string_view name) {
  for (const auto& [p, n] : kDirectionNames)
    if (n == name) return p;
  return std::nullopt;
}

std::vector<FieldProblem> progression_problems(const Dungeon& d, const CostTable& costs) {
  std::vector<FieldProblem> out;
  const Grid<uint8_t> locks = lock_grid(d);
  std::vector<Point> seen;
  for (const ProgressionDoor& g : d.doors) {
    const std::string field = std::string(door_kind_name(g.kind)) + " door at " + to_string(g.pos);
    if (g.kind != DoorKind::Gate && g.kind != DoorKind::OneWay && g.kind != DoorKind::Secret)
      out.push_back({field, "kind " + std::string(door_kind_name(g.kind)), "gate, one-way or secret"});
    if (!d.tiles.in_bounds(g.pos)) {
      out.push_back({field, "off the map", "a cell inside the map"});
      continue;
    }
    if (!costs.passable(d.tiles[g.pos]))
      out.push_back({field, std::string(terrain_name(d.tiles[g.pos])), "a passable tile (a door)"});
    if (locks[g.pos] != 0) out.push_back({field, "on a locked door", "a cell without a locked door"});
    if (std::find(seen.begin(), seen.end(), g.pos) != seen.end())
      out.push_back({field, "a second door on the cell", "one door per cell"});
    seen.push_back(g.pos);
    if (g.kind == DoorKind::Gate && (g.switch_id < 1 || g.switch_id > kMaxSwitch))
      out.push_back({field + " switch", std::to_string(g.switch_id), "1 to 9"});
    if (g.kind != DoorKind::Gate && (g.switch_id != 0 || g.open_when_off))
      out.push_back({field + " switch", std::to_string(g.switch_id), "no switch on a door that is not a gate"});
    const bool one_way = g.kind == DoorKind::OneWay;
    if (one_way && direction_name(g.dir).empty())
      out.push_back({field + " direction", to_string(g.dir), "north, east, south or west"});
    else if (one_way && (!d.tiles.in_bounds(Point{g.pos.x - g.dir.x, g.pos.y - g.dir.y}) ||
                         !d.tiles.in_bounds(Point{g.pos.x + g.dir.x, g.pos.y + g.dir.y})))
      out.push_back({field + " direction", std::string(direction_name(g.dir)), "cells before and after on the map"});
    if (!one_way && g.dir != Point{})
      out.push_back({field + " direction", to_string(g.dir), "no direction on a door that is not one-way"});
  }
  for (const Objective& o : d.objectives) {
    const std::string field = std::string(objective_kind_name(o.kind)) + " at " + to_string(o.pos);
    if (o.kind == ObjectiveKind::Switch && (o.switch_id < 1 || o.switch_id > kMaxSwitch))
      out.push_back({field + " switch", std::to_string(o.switch_id), "1 to 9"});
    if (o.kind != ObjectiveKind::Switch && o.switch_id != 0)
      out.push_back({field + " switch", std::to_string(o.switch_id),
                     "no switch on a " + std::string(objective_kind_name(o.kind))});
    // The player cannot start, or find anything, on a door that shuts: a switch, a key, the start
    // or the exit on a gate, one-way or secret door would stand on a cell that is wall part of
    // the time.
    if (d.door_at(o.pos)) out.push_back({field, "on a door", "a cell without a gate, one-way or secret door"});
  }
  return out;
}

void sort_doors(Dungeon& d) {
  std::sort(d.doors.begin(), d.doors.end(), [](const ProgressionDoor& a, const ProgressionDoor& b) {
    return a.pos.y != b.pos.y ? a.pos.y < b.pos.y : a.pos.x < b.pos.x;
  });
}

void sort_locks(Dungeon& d) {
  std::sort(d.locks.begin(), d.locks.end(), [](const LockedDoor& a, const LockedDoor& b) {
    return a.pos.y != b.pos.y ? a.pos.y < b.pos.y : a.pos.x < b.pos.x;
  });
}

uint64_t grid_hash(const Grid<Terrain>& g) {
  uint64_t h = 0xCBF29CE484222325ull;
  auto feed = [&](uint64_t byte) {
    h ^= byte & 0xFF;
    h *= 0x100000001B3ull;
  };
  for (int shift = 0; shift < 32; shift += 8) feed(static_cast<uint64_t>(g.width()) >> shift);
  for (int shift = 0; shift < 32; shift += 8) feed(static_cast<uint64_t>(g.height()) >> shift);
  for (Terrain t : g.cells()) feed(static_cast<uint64_t>(t));
  return h;
}

}  // namespace catacomb

namespace catacomb {

uint64_t map_hash(const Dungeon& d) {
  uint64_t h = 0xCBF29CE484222325ull;
  auto feed = [&](uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) {
      h ^= (value >> (8 * i)) & 0xFF;
      h *= 0x100000001B3ull;
    }
  };
  feed(grid_hash(d.tiles), 8);
  feed(d.locks.size(), 8);
  for (const LockedDoor& l : d.locks) {
    feed(static_cast<uint32_t>(l.pos.x), 4);
    feed(static_cast<uint32_t>(l.pos.y), 4);
    feed(static_cast<uint32_t>(l.lock), 4);
  }
  feed(d.objectives.size(), 8);
  for (const Objective& o : d.objectives) {
    feed(static_cast<uint64_t>(o.kind), 1);
    feed(static_cast<uint32_t>(o.pos.x), 4);
    feed(static_cast<uint32_t>(o.pos.y), 4);
    feed(static_cast<uint32_t>(o.lock), 4);
  }
  feed(static_cast<uint64_t>(d.key_rule), 1);
  // Progression fields only for a map with them: every other map keeps the hash it had.
  if (d.has_progression()) {
    feed(d.doors.size(), 8);
    for (const ProgressionDoor& g : d.doors) {
      feed(static_cast<uint32_t>(g.pos.x), 4);
      feed(static_cast<uint32_t>(g.pos.y), 4);
      feed(static_cast<uint64_t>(g.kind), 1);
      feed(static_cast<uint32_t>(g.switch_id), 4);
      feed(g.open_when_off ? 1 : 0, 1);
      feed(static_cast<uint32_t>(g.dir.x), 4);
      feed(static_cast<uint32_t>(g.dir.y), 4);
    }
    for (const Objective& o : d.objectives) feed(static_cast<uint32_t>(o.switch_id), 4);
  }
  return h;
}

void set_terrain(Dungeon& d, Point p, Terrain t) {
  if (!d.tiles.in_bounds(p))
    throw InvalidArgument(FieldProblem{
        "cell", to_string(p),
        "a cell of the " + std::to_string(d.tiles.width()) + "x" + std::to_string(d.tiles.height()) + " map"});
  if ((d.lock_at(p) != 0 || d.door_at(p) != nullptr) && t != Terrain::Door)
    throw InvalidArgument(FieldProblem{"terrain", std::string(terrain_name(t)),
                                       "door: " + to_string(p) + " holds a locked, gate, one-way or secret door"});
  d.tiles[p] = t;
}

}  // namespace catacomb
