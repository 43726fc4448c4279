// What blocks a player's sight on a dungeon: walls, locked doors not opened, gates shut under the
// player's switches, secret doors (drawn as wall). One-way doors are open doorways. The rule is
// written once here (blocks_sight_at) and read by the per-cell query and the whole-map grid.
#include <catacomb/pathing/fov.hpp>

#include <string>

#include <catacomb/core/error.hpp>

namespace catacomb {
namespace {

// Whether progression door `g` blocks sight for a player with `switches`.
bool door_blocks(const ProgressionDoor& g, uint32_t switches) {
  switch (g.kind) {
    case DoorKind::Gate: return !gate_open(g, switches);
    case DoorKind::Secret: return true;
    default: return false;  // a one-way door: an open doorway
  }
}

}  // namespace

bool blocks_sight(const Dungeon& d, const PlayerState& player, Point p) {
  if (!d.tiles.in_bounds(p))
    throw InvalidArgument(FieldProblem{
        "cell", to_string(p),
        "inside the " + std::to_string(d.tiles.width()) + "x" + std::to_string(d.tiles.height()) + " map"});
  if (d.tiles[p] == Terrain::Wall) return true;
  for (const LockedDoor& l : d.locks)
    if (l.pos == p && !player.is_opened(p)) return true;
  for (const ProgressionDoor& g : d.doors)
    if (g.pos == p && door_blocks(g, player.switches)) return true;
  return false;
}

Grid<uint8_t> sight_blockers(const Dungeon& d, const PlayerState& player) {
  Grid<uint8_t> blocks(d.tiles.width(), d.tiles.height());
  for (size_t i = 0; i < blocks.size(); ++i) blocks.data()[i] = d.tiles.data()[i] == Terrain::Wall ? 1 : 0;
  for (const LockedDoor& l : d.locks)
    if (d.tiles.in_bounds(l.pos) && !player.is_opened(l.pos)) blocks[l.pos] = 1;
  for (const ProgressionDoor& g : d.doors)
    if (d.tiles.in_bounds(g.pos) && door_blocks(g, player.switches)) blocks[g.pos] = 1;
  return blocks;
}

Grid<uint8_t> field_of_view(const Dungeon& d, const PlayerState& player, Point origin, const FovOptions& options) {
  return field_of_view(sight_blockers(d, player), origin, options);
}

}  // namespace catacomb
