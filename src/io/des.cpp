// The MiniHack des-file writer: the map (each wall drawn by its 8 neighbours), then a DOOR line
// per door tile in row-major order (with a "# catacomb:" comment for what NetHack cannot say),
// then one line per objective. Linear in the cells; a door tile's locked or progression door is
// found by Dungeon::lock_at and door_at (a scan of the few doors, for door tiles only: a dungeon
// holds at most one door per cell, so the first found is the one).
#include <catacomb/io/game_formats.hpp>

namespace catacomb {
namespace {

bool open_at(const Grid<Terrain>& tiles, int x, int y) {
  return tiles.in_bounds(x, y) && tiles[Point{x, y}] != Terrain::Wall;
}

char wall_char(const Grid<Terrain>& tiles, int x, int y) {
  if (open_at(tiles, x - 1, y) || open_at(tiles, x + 1, y)) return '|';
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (open_at(tiles, x + dx, y + dy)) return '-';
  return ' ';
}

std::string cell(Point p) {
  std::string s(1, '(');
  s += std::to_string(p.x);
  s += ',';
  s += std::to_string(p.y);
  s += ')';
  return s;
}

// The map's rows; a secret door's cell (on the map, not a wall) is 'S', set after the rows are
// written so that the cells are not each looked up among the doors.
void write_map(const Dungeon& d, std::string& out) {
  const Grid<Terrain>& tiles = d.tiles;
  const size_t first = out.size();
  for (int y = 0; y < tiles.height(); ++y) {
    for (int x = 0; x < tiles.width(); ++x) {
      const Terrain t = tiles[Point{x, y}];
      if (t == Terrain::Wall) out += wall_char(tiles, x, y);
      else out += t == Terrain::Corridor ? '#' : t == Terrain::Door ? '+' : t == Terrain::Water ? '}' : '.';
    }
    out += '\n';
  }
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Secret && tiles.in_bounds(g.pos) && tiles[g.pos] != Terrain::Wall)
      out[first + static_cast<size_t>(g.pos.y) * static_cast<size_t>(tiles.width() + 1) + static_cast<size_t>(g.pos.x)] =
          'S';
}

// The DOOR line of the door tile at `p` (with its comment), or only the comment of a secret door.
void write_door(Point p, const ProgressionDoor* g, int lock, std::string& out) {
  std::string state = "closed";
  if (lock != 0) {
    out += "# catacomb: locked door at " + cell(p) + " lock " + std::to_string(lock) + "\n";
    state = "locked";
  } else if (g && g->kind == DoorKind::Gate) {
    out += "# catacomb: gate at " + cell(p) + " switch " + std::to_string(g->switch_id) + " open when " +
           (g->open_when_off ? "off" : "on") + "\n";
    state = g->open_when_off ? "open" : "locked";
  } else if (g && g->kind == DoorKind::OneWay) {
    out += "# catacomb: one-way door at " + cell(p) + " " + std::string(direction_name(g->dir)) + "\n";
  } else if (g) {  // secret: 'S' in the map, no DOOR line
    out += "# catacomb: secret door at " + cell(p) + "\n";
    return;
  }
  out += "DOOR:" + state + "," + cell(p) + "\n";
}

void write_objective(const Objective& o, std::string& out) {
  const std::string at = cell(o.pos);
  const std::string xy = std::to_string(o.pos.x) + "," + std::to_string(o.pos.y);
  switch (o.kind) {
    case ObjectiveKind::Start: out += "BRANCH:(" + xy + "," + xy + "),(0,0,0,0)\n"; return;
    case ObjectiveKind::Exit: out += "STAIR:" + at + ",down\n"; return;
    case ObjectiveKind::Key:
      out += "OBJECT:('(',\"skeleton key\")," + at +
             (o.lock ? ",name:\"key of lock " + std::to_string(o.lock) + "\"" : std::string()) + "\n";
      return;
    case ObjectiveKind::Treasure: out += "OBJECT:('$',\"gold piece\")," + at + "\n"; return;
    case ObjectiveKind::Switch:
      out += "ENGRAVING:" + at + ",burn,\"switch " + std::to_string(o.switch_id) + "\"\n";
      return;
    case ObjectiveKind::Objective: break;
  }
  out += "ENGRAVING:" + at + ",burn,\"" + std::string(objective_kind_name(o.kind)) + "\"\n";
}

}  // namespace

std::string write_des(const Dungeon& dungeon, std::string_view name) {
  for (const char c : name)
    if (c == '"' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw InvalidArgument(
          FieldProblem{"name", std::string(name), "text without '\"' or control characters (the MAZE's quoted name)"});
  const Grid<Terrain>& tiles = dungeon.tiles;
  std::string out = "MAZE: \"" + std::string(name) + "\", ' '\nFLAGS: premapped\nGEOMETRY:center,center\nMAP\n";
  out.reserve(out.size() + tiles.cells().size() + static_cast<size_t>(tiles.height()) + 64);
  write_map(dungeon, out);
  out += "ENDMAP\nREGION:(0,0," + std::to_string(tiles.width() - 1) + "," + std::to_string(tiles.height() - 1) +
         "),lit,\"ordinary\"\n";
  for (int y = 0; y < tiles.height(); ++y) {
    for (int x = 0; x < tiles.width(); ++x) {
      if (tiles[Point{x, y}] != Terrain::Door) continue;
      write_door({x, y}, dungeon.door_at({x, y}), dungeon.lock_at({x, y}), out);
    }
  }
  for (const Objective& o : dungeon.objectives) write_objective(o, out);
  return out;
}

}  // namespace catacomb
