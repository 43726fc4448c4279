// The MiniHack des-file writer: the map (each wall drawn by its 8 neighbours), then a DOOR line
// per door tile in row-major order (with a "# catacomb:" comment for what NetHack cannot say),
// then one line per objective. Linear in the cells; the doors are looked up through ordered maps
// (a later door on the same cell wins, as the Python exporter's dicts did).
#include <catacomb/io/game_formats.hpp>

#include <map>
#include <utility>

namespace catacomb {
namespace {

// A cell as a map key (any cell, on the map or not: a door off the map shares no key).
using CellKey = std::pair<int, int>;
CellKey cell_key(Point p) { return {p.y, p.x}; }

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

void write_map(const Dungeon& d, const std::map<CellKey, const ProgressionDoor*>& doors, std::string& out) {
  const Grid<Terrain>& tiles = d.tiles;
  for (int y = 0; y < tiles.height(); ++y) {
    for (int x = 0; x < tiles.width(); ++x) {
      const Terrain t = tiles[Point{x, y}];
      const auto door = doors.find(cell_key({x, y}));
      if (t == Terrain::Wall) out += wall_char(tiles, x, y);
      else if (door != doors.end() && door->second->kind == DoorKind::Secret) out += 'S';
      else out += t == Terrain::Corridor ? '#' : t == Terrain::Door ? '+' : t == Terrain::Water ? '}' : '.';
    }
    out += '\n';
  }
}

// The DOOR line of the door tile at `p` (with its comment), or only the comment of a secret door.
void write_door(Point p, const ProgressionDoor* g, const int* lock, std::string& out) {
  std::string state = "closed";
  if (lock) {
    out += "# catacomb: locked door at " + cell(p) + " lock " + std::to_string(*lock) + "\n";
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
  std::map<CellKey, const ProgressionDoor*> doors;
  for (const ProgressionDoor& g : dungeon.doors) doors[cell_key(g.pos)] = &g;
  std::map<CellKey, int> locks;
  for (const LockedDoor& l : dungeon.locks) locks[cell_key(l.pos)] = l.lock;
  std::string out = "MAZE: \"" + std::string(name) + "\", ' '\nFLAGS: premapped\nGEOMETRY:center,center\nMAP\n";
  out.reserve(out.size() + tiles.cells().size() + static_cast<size_t>(tiles.height()) + 64);
  write_map(dungeon, doors, out);
  out += "ENDMAP\nREGION:(0,0," + std::to_string(tiles.width() - 1) + "," + std::to_string(tiles.height() - 1) +
         "),lit,\"ordinary\"\n";
  for (int y = 0; y < tiles.height(); ++y) {
    for (int x = 0; x < tiles.width(); ++x) {
      if (tiles[Point{x, y}] != Terrain::Door) continue;
      const CellKey key = cell_key({x, y});
      const auto g = doors.find(key);
      const auto lock = locks.find(key);
      write_door({x, y}, g == doors.end() ? nullptr : g->second, lock == locks.end() ? nullptr : &lock->second, out);
    }
  }
  for (const Objective& o : dungeon.objectives) write_objective(o, out);
  return out;
}

}  // namespace catacomb
