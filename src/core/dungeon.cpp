#include <catacomb/core/dungeon.hpp>

#include <array>

namespace catacomb {
namespace {
constexpr std::array<std::string_view, 5> kKindNames = {"start", "exit", "key", "treasure", "objective"};
}  // namespace

std::string_view objective_kind_name(ObjectiveKind k) { return kKindNames[static_cast<size_t>(k)]; }

std::optional<ObjectiveKind> objective_kind_from_name(std::string_view name) {
  for (size_t i = 0; i < kKindNames.size(); ++i)
    if (kKindNames[i] == name) return static_cast<ObjectiveKind>(i);
  return std::nullopt;
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
