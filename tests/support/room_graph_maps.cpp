// The maps the room graph's tests share (room_graph_maps.hpp).
#include "support/room_graph_maps.hpp"

#include <catacomb/core/terrain.hpp>

namespace catacomb::test {

Dungeon map_of(const std::vector<std::string>& rows) {
  Dungeon d;
  d.tiles = Grid<Terrain>(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()), Terrain::Wall);
  for (int y = 0; y < d.tiles.height(); ++y)
    for (int x = 0; x < d.tiles.width(); ++x) {
      const char c = rows[static_cast<size_t>(y)][static_cast<size_t>(x)];
      if (c >= 'A' && c <= 'I') {
        d.tiles(x, y) = Terrain::Door;
        d.locks.push_back(LockedDoor{{x, y}, c - 'A' + 1});
      } else {
        d.tiles(x, y) = *terrain_from_char(c);
      }
    }
  return d;
}

GenerateConfig caves_or_rooms(uint64_t seed) {
  GenerateConfig cfg;
  cfg.generator = seed % 2 ? GeneratorKind::Caves : GeneratorKind::Rooms;
  cfg.locks = static_cast<int>(seed % 4);
  return cfg;
}

}  // namespace catacomb::test
