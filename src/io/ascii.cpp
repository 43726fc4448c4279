// The ASCII map format: one character per cell (terrain_char), objectives as '<' '>' and the
// digits 1-9, locked doors 'A'-'I' and keys 'a'-'i', progression doors with the JSON map's letters
// (gates 'J'-'R' / 'j'-'r', one-way '^' 'v' ')' '(', secret 'S': progression_door_char), an
// optional "!key=value" header line with the platformer movement, and a trailer after an empty
// line for what the markers cannot say (a digit's kind and a switch's id, the key rule). 'H' is a
// ladder or lock 8's door, decided from the header and the other lock signs; every other letter
// means one thing. Reading checks every row and names the line and column of a bad character.
// O(cells) both ways.
#include <catacomb/io/ascii.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/platformer/movement_model.hpp>
#include "io/text_lines.hpp"
#include "shared/core/problems.hpp"

namespace catacomb {

std::vector<char> objective_markers(const std::vector<Objective>& objectives) {
  std::vector<char> markers;
  markers.reserve(objectives.size());
  int starts = 0, exits = 0, others = 0;
  for (const Objective& o : objectives) {
    if (o.kind == ObjectiveKind::Start) markers.push_back(++starts == 1 ? '<' : '\0');
    else if (o.kind == ObjectiveKind::Exit) markers.push_back(++exits == 1 ? '>' : '\0');
    else if (o.kind == ObjectiveKind::Key && o.lock >= 1 && o.lock <= kMaxLock) markers.push_back(key_char(o.lock));
    else markers.push_back(++others <= kMaxAsciiObjectives ? static_cast<char>('0' + others) : '\0');
  }
  return markers;
}

namespace {

// The side-view header: "!key=value key=value ...\n" with the movement keys the params hold,
// in movement_param_keys() order; empty for a map that records no platformer movement.
std::string movement_header(const Params& params) {
  if (!recorded_movement(params)) return {};
  std::string line = "!";
  for (const std::string& key : movement_param_keys())
    for (const auto& [k, v] : params) {
      if (k != key) continue;
      if (line.size() > 1) line += ' ';
      line += k + "=";
      if (const auto* i = std::get_if<int64_t>(&v)) line += std::to_string(*i);
      else if (const auto* s = std::get_if<std::string>(&v)) line += *s;
      break;
    }
  return line + "\n";
}

// Parses the header line (without its '!') into params.
void read_movement_header(std::string_view line, Params& params) {
  const std::vector<std::string> keys = movement_param_keys();
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ') {
      ++i;
      continue;
    }
    size_t end = line.find(' ', i);
    if (end == std::string_view::npos) end = line.size();
    const std::string_view token = line.substr(i, end - i);
    i = end;
    const size_t eq = token.find('=');
    const std::string key(token.substr(0, eq == std::string_view::npos ? token.size() : eq));
    bool known = false;
    for (const std::string& k : keys) known = known || k == key;
    if (eq == std::string_view::npos || !known)
      throw InvalidArgument(FieldProblem{"ASCII map header", "'" + printable_text(token, 64) + "'",
                                         "key=value with a key among movement, jump_height, jump_distance, "
                                         "body_height, max_fall, jump_penalty"});
    const std::string_view value = token.substr(eq + 1);
    bool digits = !value.empty() && value.size() <= 9;
    for (char c : value) digits = digits && c >= '0' && c <= '9';
    if (digits) params.emplace_back(key, static_cast<int64_t>(std::stoll(std::string(value))));
    else params.emplace_back(key, printable_text(value, 64));
  }
  recorded_movement(params);  // throws for a bad value, naming it
}

}  // namespace
char door_char(int lock) { return static_cast<char>('A' + lock - 1); }
char key_char(int lock) { return static_cast<char>('a' + lock - 1); }

char progression_door_char(const ProgressionDoor& g) {
  if (g.kind == DoorKind::Gate && g.switch_id >= 1 && g.switch_id <= kMaxSwitch)
    return static_cast<char>((g.open_when_off ? 'j' : 'J') + g.switch_id - 1);
  if (g.kind == DoorKind::Secret) return 'S';
  if (g.kind != DoorKind::OneWay) return '\0';
  const std::string_view dir = direction_name(g.dir);
  return dir == "north" ? '^' : dir == "south" ? 'v' : dir == "east" ? ')' : dir == "west" ? '(' : '\0';
}

std::string write_ascii(const Dungeon& d) {
  // A door or switch ASCII cannot carry (no letter, off the map, an objective on its cell) is
  // refused, naming it, before anything is written.
  if (d.has_progression()) throw_if_problems(progression_problems(d, CostTable::dungeon()));
  const int w = d.tiles.width(), h = d.tiles.height();
  const std::string header = movement_header(d.params);
  std::string out = header;
  out.reserve(header.size() + static_cast<size_t>(w + 1) * static_cast<size_t>(h));
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) out.push_back(terrain_char(d.tiles(x, y)));
    out.push_back('\n');
  }
  for (const LockedDoor& l : d.locks) {
    if (!d.tiles.in_bounds(l.pos) || l.lock < 1 || l.lock > kMaxLock)
      throw InvalidArgument(FieldProblem{"locked door at " + to_string(l.pos), "lock " + std::to_string(l.lock),
                                         "a lock 1 to 9 inside the map"});
    out[header.size() + static_cast<size_t>(l.pos.y) * static_cast<size_t>(w + 1) + static_cast<size_t>(l.pos.x)] =
        door_char(l.lock);
  }
  // 'H' is a ladder in a side-view map and lock 8's door in a map with locks (see read_ascii): a
  // map that would need it to be both cannot be written.
  bool ladder = false;
  for (Terrain t : d.tiles.cells()) ladder = ladder || t == Terrain::Ladder;
  bool lock_8 = false;
  for (const LockedDoor& l : d.locks) lock_8 = lock_8 || l.lock == 8;
  if (!header.empty() && lock_8)
    throw InvalidArgument(FieldProblem{"locked doors", "lock 8 in a side-view map",
                                       "locks 1-7 or 9 ('H' is a ladder in a side-view ASCII map)"});
  if (header.empty() && ladder && d.has_locks())
    throw InvalidArgument(
        FieldProblem{"ladders", "in a top-down map with locks",
                     "a side-view map (recorded platformer movement) or no locks ('H' is lock 8's door in a "
                     "top-down ASCII map with locks)"});
  const std::vector<char> markers = objective_markers(d.objectives);
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Objective& o = d.objectives[i];
    if (!d.tiles.in_bounds(o.pos))
      throw InvalidArgument("objective " + std::string(objective_kind_name(o.kind)) + " at " + to_string(o.pos) +
                            " (expected inside the map)");
    for (size_t j = 0; j < i; ++j)  // one marker a cell: a second would hide the first
      if (d.objectives[j].pos == o.pos)
        throw InvalidArgument("objectives at " + to_string(o.pos) + " = " +
                              std::string(objective_kind_name(d.objectives[j].kind)) + " and " +
                              std::string(objective_kind_name(o.kind)) + " (expected one per cell in an ASCII map)");
    if (markers[i] == '\0') {
      if (o.kind == ObjectiveKind::Start)
        throw InvalidArgument("start objectives = 2 (expected at most 1 in an ASCII map)");
      if (o.kind == ObjectiveKind::Exit)
        throw InvalidArgument("exit objectives = 2 (expected at most 1 in an ASCII map)");
      throw InvalidArgument("further objectives = " + std::to_string(kMaxAsciiObjectives + 1) +
                            " (expected at most 9 in an ASCII map)");
    }
    out[header.size() + static_cast<size_t>(o.pos.y) * static_cast<size_t>(w + 1) + static_cast<size_t>(o.pos.x)] =
        markers[i];
  }
  for (const ProgressionDoor& g : d.doors)
    out[header.size() + static_cast<size_t>(g.pos.y) * static_cast<size_t>(w + 1) + static_cast<size_t>(g.pos.x)] =
        progression_door_char(g);
  // The trailer: what the markers cannot say (a digit's kind and switch, the key rule), after an
  // empty line.
  std::string trailer;
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Objective& o = d.objectives[i];
    if (markers[i] < '1' || markers[i] > '9' || o.kind == ObjectiveKind::Objective) continue;
    trailer.push_back(markers[i]);
    trailer += ": ";
    trailer += objective_kind_name(o.kind);
    if (o.kind == ObjectiveKind::Switch) {
      trailer.push_back(' ');
      trailer.push_back(static_cast<char>('0' + o.switch_id));  // 1 to 9: progression_problems
    }
    trailer.push_back('\n');
  }
  if (d.has_locks()) trailer += "key-rule: " + std::string(key_rule_name(d.key_rule)) + "\n";
  if (!trailer.empty()) out += "\n" + trailer;
  return out;
}

namespace {

// A digit's kind in the trailer: "key", "treasure", "objective" or "switch <1-9>".
void read_digit_kind(Objective& o, std::string_view value, const std::string& where) {
  std::string_view name = value;
  int switch_id = 0;
  if (value.starts_with("switch")) {
    const std::string_view id = value.substr(6);
    if (id.size() != 2 || id[0] != ' ' || id[1] < '1' || id[1] > '0' + kMaxSwitch)
      throw InvalidArgument(where + " kind = '" + printable_text(value, 40) + "' (expected 'switch <1-9>')");
    name = "switch";
    switch_id = id[1] - '0';
  }
  auto kind = objective_kind_from_name(name);
  if (!kind || *kind == ObjectiveKind::Start || *kind == ObjectiveKind::Exit)
    throw InvalidArgument(where + " kind = '" + printable_text(value, 40) +
                          "' (expected key, treasure, objective or switch <1-9>)");
  o.kind = *kind;
  o.switch_id = switch_id;
}

// The progression door a grid letter stands for (pos unset), if any: the inverse of
// progression_door_char.
std::optional<ProgressionDoor> door_from_char(char c) {
  ProgressionDoor g;
  if (c >= 'J' && c < 'J' + kMaxSwitch) g.switch_id = c - 'J' + 1;
  else if (c >= 'j' && c < 'j' + kMaxSwitch) g = {{}, DoorKind::Gate, c - 'j' + 1, true, {}};
  else if (c == 'S') g.kind = DoorKind::Secret;
  else if (c == '^' || c == 'v' || c == ')' || c == '(') {
    g.kind = DoorKind::OneWay;
    g.dir = c == '^' ? Point{0, -1} : c == 'v' ? Point{0, 1} : c == ')' ? Point{1, 0} : Point{-1, 0};
  } else return std::nullopt;
  return g;
}

// "<digit>: <kind>" and "key-rule: <rule>" lines; `first_line` is the 1-based number of the
// first one, `digits` how many digit objectives the grid holds.
void read_trailer(Dungeon& d, const std::vector<std::string_view>& lines, size_t first_line, int digits) {
  const size_t first_digit = (d.find(ObjectiveKind::Start) ? 1u : 0u) + (d.find(ObjectiveKind::Exit) ? 1u : 0u);
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string where = "ASCII map line " + std::to_string(first_line + i);
    const std::string_view line = lines[i];
    const size_t colon = line.find(": ");
    if (colon == std::string_view::npos)
      throw InvalidArgument(where + " = '" + printable_text(line, 40) +
                            "' (expected '<digit>: <kind>' or 'key-rule: <rule>')");
    const std::string_view name = line.substr(0, colon), value = line.substr(colon + 2);
    if (name == "key-rule") {
      d.key_rule = parse_key_rule(value, where + " key-rule");
    } else if (name.size() == 1 && name[0] >= '1' && name[0] <= '9') {
      const int k = name[0] - '0';
      if (k > digits)
        throw InvalidArgument(where + ": objective '" + std::string(name) + "' (expected one on the map)");
      read_digit_kind(d.objectives[first_digit + static_cast<size_t>(k) - 1], value, where);
    } else {
      throw InvalidArgument(where + " = '" + printable_text(line, 40) +
                            "' (expected '<digit>: <kind>' or 'key-rule: <rule>')");
    }
  }
}

// 'H' is both the door of lock 8 (top-down maps with locks) and a ladder (side-view maps): a
// ladder in a map whose header records platformer movement, or in one with no other sign of
// locks (no key 'a'-'i', no door 'A'-'G' or 'I', no key-rule trailer line, which catacomb
// writes for every map with locks); otherwise lock 8's door.
bool h_is_ladder(const Params& header, const std::vector<std::string_view>& rows,
                 const std::vector<std::string_view>& trailer) {
  if (recorded_movement(header).has_value()) return true;
  bool locks = false;
  for (std::string_view line : rows)
    for (char c : line)
      locks = locks || (c >= 'a' && c < 'a' + kMaxLock) || (c >= 'A' && c < 'A' + kMaxLock && c != 'H');
  for (std::string_view line : trailer) locks = locks || line.starts_with("key-rule:");
  return !locks;
}

// The markers of a grid, where they stand: '<', '>', each digit (by its value), the keys in
// row-major order.
struct GridMarkers {
  std::optional<Point> start, exit;
  std::array<std::optional<Point>, 10> digits{};
  std::vector<Objective> keys;
};

// The rows of tiles (each as long as the first; `first_row` + 1 the line number of the first)
// into d's tiles, locks and doors, a cell at a time; returns the markers. Throws naming the line
// and column of a bad or repeated character.
GridMarkers read_grid(Dungeon& d, const std::vector<std::string_view>& rows, size_t first_row, bool h_ladder) {
  const size_t w = rows[0].size();
  GridMarkers m;
  for (size_t y = 0; y < rows.size(); ++y) {
    if (rows[y].size() != w)
      throw InvalidArgument("ASCII map line " + std::to_string(first_row + y + 1) +
                            " length = " + std::to_string(rows[y].size()) + " (expected " + std::to_string(w) +
                            ", the length of the first row)");
    for (size_t x = 0; x < w; ++x) {
      const char c = rows[y][x];
      const Point p{static_cast<int>(x), static_cast<int>(y)};
      auto where = [&] {
        return "ASCII map line " + std::to_string(first_row + y + 1) + " column " + std::to_string(x + 1);
      };
      Terrain t = Terrain::Floor;
      if (c == '<' || c == '>') {
        auto& slot = c == '<' ? m.start : m.exit;
        if (slot)
          throw InvalidArgument(where() + ": second '" + std::string(1, c) + "' (expected one, the first is at " +
                                to_string(*slot) + ")");
        slot = p;
      } else if (c >= '1' && c <= '9') {
        auto& slot = m.digits[static_cast<size_t>(c - '0')];
        if (slot) throw InvalidArgument(where() + ": second '" + std::string(1, c) + "' (expected each digit once)");
        slot = p;
      } else if (c >= 'A' && c < 'A' + kMaxLock && !(c == 'H' && h_ladder)) {
        t = Terrain::Door;
        d.locks.push_back({p, c - 'A' + 1});
      } else if (c >= 'a' && c < 'a' + kMaxLock) {
        m.keys.push_back({ObjectiveKind::Key, p, c - 'a' + 1});
      } else if (auto door = door_from_char(c)) {
        t = Terrain::Door;
        door->pos = p;
        d.doors.push_back(*door);
      } else if (auto tt = terrain_from_char(c)) {
        t = *tt;
      } else {
        throw InvalidArgument(where() + ": character '" + std::string(1, c) +
                              "' (expected one of # . , + ~ \" = H - < > 1-9 A-I a-i J-R j-r ^ v ) ( S)");
      }
      d.tiles[p] = t;
    }
  }
  return m;
}

// The markers as d's objectives, in catacomb's order: the start, the exit, the digits 1 to n
// (refused with a gap), the keys by lock (row-major among equals). Returns n.
int add_objectives(Dungeon& d, GridMarkers& m) {
  if (m.start) d.objectives.push_back({ObjectiveKind::Start, *m.start});
  if (m.exit) d.objectives.push_back({ObjectiveKind::Exit, *m.exit});
  int last = 0;
  for (int k = 1; k <= 9; ++k) {
    if (!m.digits[static_cast<size_t>(k)]) continue;
    if (k != last + 1)
      throw InvalidArgument("ASCII map objective '" + std::to_string(k) + "' without '" + std::to_string(last + 1) +
                            "' (expected objectives numbered 1 to n without gaps)");
    last = k;
    d.objectives.push_back({ObjectiveKind::Objective, *m.digits[static_cast<size_t>(k)]});
  }
  std::stable_sort(m.keys.begin(), m.keys.end(),
                   [](const Objective& a, const Objective& b) { return a.lock < b.lock; });
  d.objectives.insert(d.objectives.end(), m.keys.begin(), m.keys.end());
  return last;
}

}  // namespace

Dungeon read_ascii(std::string_view text, const MapSizeCheck& check_size) {
  std::vector<std::string_view> lines = split_lines(text);
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  Params header;
  size_t first_row = 0;  // the line number of the first row of tiles, minus one
  if (!lines.empty() && lines.front().starts_with('!')) {
    read_movement_header(lines.front().substr(1), header);
    lines.erase(lines.begin());
    first_row = 1;
  }
  // The grid ends at the first empty line; the trailer follows.
  std::vector<std::string_view> trailer;
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].empty()) {
      trailer.assign(lines.begin() + static_cast<std::ptrdiff_t>(i) + 1, lines.end());
      lines.resize(i);
      break;
    }
  const bool h_ladder = h_is_ladder(header, lines, trailer);
  if (lines.empty()) throw InvalidArgument("ASCII map = empty (expected at least one row of tiles)");
  const size_t w = lines[0].size();
  if (w == 0)
    throw InvalidArgument("ASCII map line " + std::to_string(first_row + 1) + " = empty (expected a row of tiles)");
  if (w > static_cast<size_t>(kMaxSide) || lines.size() > static_cast<size_t>(kMaxSide))
    throw InvalidArgument("ASCII map size = " + std::to_string(w) + "x" + std::to_string(lines.size()) +
                          " (expected at most " + std::to_string(kMaxSide) + " per side)");
  if (check_size) check_size(static_cast<int>(w), static_cast<int>(lines.size()));
  Dungeon d;
  d.params = std::move(header);
  d.tiles = Grid<Terrain>(static_cast<int>(w), static_cast<int>(lines.size()), Terrain::Wall);
  GridMarkers markers = read_grid(d, lines, first_row, h_ladder);
  const int digits = add_objectives(d, markers);
  read_trailer(d, trailer, first_row + lines.size() + 2, digits);
  // Doors came in row-major order; a switch objective and the doors are checked together (a
  // one-way door at the edge, a marker cannot stand on a door as the grid has one letter a cell).
  if (d.has_progression()) throw_if_problems(progression_problems(d, CostTable::dungeon()));
  return d;
}

}  // namespace catacomb
