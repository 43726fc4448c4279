// The Griddly level string and its legend: the legend's entries by name, their checks (one
// printable ASCII character per thing, none standing for two), the legend read from a JSON
// object, and the writer. The writer is linear in the cells (plus the doors and objectives, drawn
// in the order the Python exporter drew them, so a later one wins a shared cell).
#include <catacomb/io/game_formats.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <cstddef>

#include "io/json_input.hpp"

namespace catacomb {
namespace {

struct Entry {
  std::string_view name;
  std::string GriddlyLegend::*member;
};

// In GRIDDLY_LEGEND's order (the order names are listed in messages).
constexpr std::array<Entry, 13> kEntries = {{{"terrain", &GriddlyLegend::terrain},
                                             {"start", &GriddlyLegend::start},
                                             {"exit", &GriddlyLegend::exit},
                                             {"treasure", &GriddlyLegend::treasure},
                                             {"objective", &GriddlyLegend::objective},
                                             {"key", &GriddlyLegend::key},
                                             {"keys", &GriddlyLegend::keys},
                                             {"locked", &GriddlyLegend::locked},
                                             {"switch", &GriddlyLegend::switches},
                                             {"gate", &GriddlyLegend::gate},
                                             {"gate_off", &GriddlyLegend::gate_off},
                                             {"one_way", &GriddlyLegend::one_way},
                                             {"secret", &GriddlyLegend::secret}}};

// The order the checks run in (the Python exporter's): the one-character entries, terrain,
// one_way, then the entries of one character per id, with what each holds.
struct Rule {
  std::string_view name;
  size_t size;
  std::string_view expected;
};
constexpr std::array<Rule, 13> kRules = {{{"start", 1, "one character"},
                                          {"exit", 1, "one character"},
                                          {"treasure", 1, "one character"},
                                          {"objective", 1, "one character"},
                                          {"key", 1, "one character"},
                                          {"secret", 1, "one character"},
                                          {"terrain", kTerrainCount, "one character per terrain value"},
                                          {"one_way", 4, "4 characters: north, east, south, west"},
                                          {"keys", 9, "9 characters, one per lock id 1 to 9"},
                                          {"locked", 9, "9 characters, one per lock id 1 to 9"},
                                          {"switch", 9, "9 characters, one per switch id 1 to 9"},
                                          {"gate", 9, "9 characters, one per switch id 1 to 9"},
                                          {"gate_off", 9, "9 characters, one per switch id 1 to 9"}}};

// Text as Python's repr writes it ('A', "'", '\\'), bytes outside printable ASCII as \xNN.
std::string py_repr(std::string_view s) {
  const char quote = s.find('\'') != std::string_view::npos && s.find('"') == std::string_view::npos ? '"' : '\'';
  std::string out(1, quote);
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u >= 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out + quote;
}

bool bad_character(char c, bool terrain) {
  const auto u = static_cast<unsigned char>(c);
  return u <= 0x20 || u >= 0x7f || (c >= '0' && c <= '9') || (c == '.' && !terrain);
}

// The character of id `id` (1 to 9) of a per-id entry; InvalidArgument naming `what` outside.
char id_char(const std::string& entry, int id, const std::string& what) {
  if (id < 1 || id > static_cast<int>(entry.size()))
    throw InvalidArgument(FieldProblem{what, std::to_string(id), "1 to " + std::to_string(entry.size())});
  return entry[static_cast<size_t>(id - 1)];
}

}  // namespace

std::string* GriddlyLegend::entry(std::string_view name) {
  for (const Entry& e : kEntries)
    if (e.name == name) return &(this->*e.member);
  return nullptr;
}

const std::string* GriddlyLegend::entry(std::string_view name) const {
  return const_cast<GriddlyLegend*>(this)->entry(name);
}

const std::vector<std::string_view>& griddly_legend_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const Entry& e : kEntries) out.push_back(e.name);
    return out;
  }();
  return names;
}

std::vector<FieldProblem> GriddlyLegend::problems() const {
  std::vector<FieldProblem> out;
  std::array<std::string_view, 128> owner{};  // which entry an ASCII character already stands for
  for (const Rule& rule : kRules) {
    const std::string& value = *entry(rule.name);
    const bool is_terrain = rule.name == "terrain";
    bool bad = false;
    for (const char c : value) bad = bad || bad_character(c, is_terrain);
    if (bad) {
      out.push_back({std::string(rule.name), py_repr(value),
                     std::string(rule.expected) + ", printable ASCII, none a digit, a space" +
                         (is_terrain ? "" : " or '.'") +
                         ": Griddly reads digits as player ids and '.' as an empty cell"});
      continue;
    }
    if (value.size() != rule.size) {
      out.push_back({std::string(rule.name), py_repr(value), std::string(rule.expected)});
      continue;
    }
    if (is_terrain) continue;
    for (const char c : value) {
      std::string_view& taken = owner[static_cast<unsigned char>(c)];  // printable ASCII: checked above
      if (!taken.empty() || this->terrain.find(c) != std::string::npos) {
        out.push_back({"legend " + std::string(rule.name), py_repr(value),
                       "characters of their own: " + py_repr(std::string_view(&c, 1)) + " is also " +
                           std::string(!taken.empty() ? taken : "terrain")});
        break;
      }
      taken = rule.name;
    }
  }
  return out;
}

void GriddlyLegend::check() const {
  std::vector<FieldProblem> found = problems();
  if (!found.empty()) throw InvalidArgument(std::move(found));
}

GriddlyLegend read_griddly_legend(std::string_view json) {
  const auto doc = parse_json_input<nlohmann::ordered_json>(json, "legend", "unparsable",
                                                            "a JSON object of legend entries");
  if (!doc.is_object())
    throw InvalidArgument(FieldProblem{"legend", json_excerpt(doc), "a JSON object of legend entries"});
  GriddlyLegend legend;
  std::vector<FieldProblem> problems;
  for (const auto& item : doc.items()) {
    const std::string& name = item.key();  // named, not a structured binding: lambdas capture it
    const auto& value = item.value();
    std::string* entry = legend.entry(name);
    if (!entry) {
      std::string names;
      for (const std::string_view n : griddly_legend_names()) names += (names.empty() ? "" : ", ") + std::string(n);
      problems.push_back({"legend key", py_repr(name), "one of " + names});
    } else if (!value.is_string()) {
      const auto rule = std::find_if(kRules.begin(), kRules.end(), [&](const Rule& r) { return r.name == name; });
      problems.push_back({name, json_excerpt(value), std::string(rule->expected) + ", as text"});
    } else {
      *entry = value.get<std::string>();
    }
  }
  if (!problems.empty()) throw InvalidArgument(std::move(problems));
  legend.check();
  return legend;
}

std::string write_level_string(const Dungeon& dungeon, const GriddlyLegend& legend) {
  legend.check();
  const Grid<Terrain>& tiles = dungeon.tiles;
  Grid<char> cells(tiles.width(), tiles.height());
  for (size_t i = 0; i < tiles.cells().size(); ++i) {
    const auto t = static_cast<size_t>(tiles.cells()[i]);
    if (t >= legend.terrain.size())  // a tile written from outside (a wasm view), not a terrain
      throw InvalidArgument(FieldProblem{"tiles[" + std::to_string(i) + "]", std::to_string(t),
                                         "a terrain from 0 to " + std::to_string(kTerrainCount - 1)});
    cells.cells()[i] = legend.terrain[t];
  }
  const auto at = [&](Point p, const std::string& what) -> char& {
    if (!tiles.in_bounds(p))
      throw InvalidArgument(FieldProblem{
          what, to_string(p),
          "a cell of the " + std::to_string(tiles.width()) + "x" + std::to_string(tiles.height()) + " map"});
    return cells[p];
  };
  for (size_t i = 0; i < dungeon.locks.size(); ++i) {
    const std::string what = "locks[" + std::to_string(i) + "]";
    at(dungeon.locks[i].pos, what) = id_char(legend.locked, dungeon.locks[i].lock, what + " lock");
  }
  for (size_t i = 0; i < dungeon.doors.size(); ++i) {
    const ProgressionDoor& g = dungeon.doors[i];
    const std::string what = "doors[" + std::to_string(i) + "]";
    char c = legend.secret[0];
    if (g.kind == DoorKind::Gate) {
      c = id_char(g.open_when_off ? legend.gate_off : legend.gate, g.switch_id, what + " switch");
    } else if (g.kind == DoorKind::OneWay) {
      static constexpr Point kSteps[] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
      const Point* step = std::find(std::begin(kSteps), std::end(kSteps), g.dir);
      if (step == std::end(kSteps))
        throw InvalidArgument(FieldProblem{what + " direction", to_string(g.dir), "north, east, south or west"});
      c = legend.one_way[static_cast<size_t>(step - std::begin(kSteps))];
    }
    at(g.pos, what) = c;
  }
  for (size_t i = 0; i < dungeon.objectives.size(); ++i) {
    const Objective& o = dungeon.objectives[i];
    const std::string what = "objectives[" + std::to_string(i) + "]";
    char c = 0;
    switch (o.kind) {
      case ObjectiveKind::Start: c = legend.start[0]; break;
      case ObjectiveKind::Exit: c = legend.exit[0]; break;
      case ObjectiveKind::Treasure: c = legend.treasure[0]; break;
      case ObjectiveKind::Objective: c = legend.objective[0]; break;
      case ObjectiveKind::Key: c = o.lock ? id_char(legend.keys, o.lock, what + " lock") : legend.key[0]; break;
      case ObjectiveKind::Switch: c = id_char(legend.switches, o.switch_id, what + " switch"); break;
    }
    at(o.pos, what) = c;
  }
  std::string out;
  out.reserve(tiles.cells().size() * 2);
  for (int y = 0; y < tiles.height(); ++y) {
    for (int x = 0; x < tiles.width(); ++x) {
      if (x > 0) out += ' ';
      out += cells[Point{x, y}];
    }
    out += '\n';
  }
  return out;
}

}  // namespace catacomb
