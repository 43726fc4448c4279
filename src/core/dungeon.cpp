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

KeyRule parse_key_rule(std::string_view name, const std::string& field) {
  return detail::parse_enum(kKeyRuleNames, name, field);
}

Grid<uint8_t> lock_grid(const Dungeon& d) {
  Grid<uint8_t> g(d.tiles.width(), d.tiles.height(), 0);
  for (const LockedDoor& l : d.locks)
    if (g.in_bounds(l.pos)) g[l.pos] = static_cast<uint8_t>(l.lock);
  return g;
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
  return h;
}

}  // namespace catacomb
