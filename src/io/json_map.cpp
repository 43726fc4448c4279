// The JSON map format ("catacomb-map", version 1): reading it back with every field checked and
// named in the error ("JSON map <field> = <value> (expected ...)"); writing is in
// json_map_write.cpp. Reading takes a fast path for the "tiles" array (split_tiles): its rows are
// copied 8 bytes at a time into one buffer that becomes the grid's storage, decoded in place, and
// only the rest of the document goes to the JSON parser; a document it does not recognise is
// parsed whole instead, giving the same map. O(cells) time; no second grid beside the tiles. The
// legend's costs (read_json_legend_costs) are read apart.
#include <catacomb/io/json_map.hpp>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/pipeline/generate.hpp>
#include "shared/core/enum_names.hpp"
#include "shared/core/large_pages.hpp"
#include "io/json_input.hpp"
#include "io/mission_value.hpp"
#include "shared/core/problems.hpp"

namespace catacomb {
namespace {

using ojson = nlohmann::ordered_json;

[[noreturn]] void bad(const std::string& what, const std::string& got, const std::string& expected) {
  throw InvalidArgument("JSON map " + what + " = " + got + " (expected " + expected + ")");
}

const ojson& need(const ojson& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) bad(where + key, "missing", "a value");
  return *it;
}

int need_int(const ojson& obj, const char* key, const std::string& where, int lo, int hi) {
  const ojson& v = need(obj, key, where);
  if (!v.is_number_integer()) bad(where + key, json_excerpt(v), "an integer");
  auto n = v.get<int64_t>();
  if (n < lo || n > hi) bad(where + key, json_excerpt(v), std::to_string(lo) + " to " + std::to_string(hi));
  return static_cast<int>(n);
}

}  // namespace

namespace {

using RowViews = std::vector<std::string_view>;

// The rows of a JSON map's top-level "tiles" array read in place (split_tiles), when the
// document was parsed with that array emptied: their characters one row after another, in
// storage of the map's terrain type, which json_map_from decodes in place and keeps as the
// map's tiles when every row has the width (no second grid of 1 byte per cell).
struct RowsRead {
  std::vector<Terrain> cells;  // the rows' characters, as bytes
  RowViews rows;               // into cells
};

// The names of the params the generators record as numbers with a fraction (fill, dig_cost,
// loop_fraction...): those their default configs give as double, in none as another type.
// JSON has one kind of number, so a reader that parses a map and writes it again (JavaScript's
// JSON.parse then JSON.stringify, among them the wasm package's fromJSON of an object) turns
// "fill": 45.0 into "fill": 45; read as double again, such a param is written back as the
// generator wrote it (45.0), the same bytes whichever way the number was spelled.
const std::vector<std::string>& fractional_param_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> doubles, others;
    for (GeneratorKind g : {GeneratorKind::Rooms, GeneratorKind::Caves, GeneratorKind::Platformer}) {
      GenerateConfig config;
      config.generator = g;
      for (const auto& [name, value] : config.params())
        (std::holds_alternative<double>(value) ? doubles : others).push_back(name);
    }
    std::erase_if(doubles,
                  [&](const std::string& n) { return std::find(others.begin(), others.end(), n) != others.end(); });
    std::sort(doubles.begin(), doubles.end());
    doubles.erase(std::unique(doubles.begin(), doubles.end()), doubles.end());
    return doubles;
  }();
  return names;
}

bool is_fractional_param(const std::string& name) {
  const std::vector<std::string>& names = fractional_param_names();
  return std::binary_search(names.begin(), names.end(), name);
}

// The map's own fields besides its cells: seed, generator, attempts, params and key rule.
void read_map_fields(const ojson& j, Dungeon& d) {
  if (auto it = j.find("seed"); it != j.end()) {
    if (!it->is_number_unsigned()) bad("seed", json_excerpt(*it), "an integer from 0 to 2^64-1");
    d.seed = it->get<uint64_t>();
  }
  if (auto it = j.find("generator"); it != j.end() && it->is_string()) d.generator = it->get<std::string>();
  if (auto it = j.find("attempts"); it != j.end() && it->is_number_unsigned() && it->get<uint64_t>() < 1000000)
    d.attempts = static_cast<int>(it->get<uint64_t>());
  if (auto it = j.find("params"); it != j.end() && it->is_object()) {
    for (auto& [k, v] : it->items()) {
      if (v.is_boolean()) d.params.emplace_back(k, v.get<bool>());
      else if (v.is_number_integer() && !is_fractional_param(k)) d.params.emplace_back(k, v.get<int64_t>());
      else if (v.is_number()) d.params.emplace_back(k, v.get<double>());
      else if (v.is_string()) d.params.emplace_back(k, v.get<std::string>());
    }
  }

  if (auto it = j.find("key_rule"); it != j.end()) {
    if (!it->is_string()) bad("key_rule", json_excerpt(*it), "\"reusable\" or \"consumable\"");
    const std::string rule = it->get<std::string>();
    if (rule != "reusable" && rule != "consumable")
      bad("key_rule", json_excerpt(*it), "\"reusable\" or \"consumable\"");
    d.key_rule = parse_key_rule(rule);
  }
}

// Character -> terrain (and lock): the file's legend by name, else ours.
struct Legend {
  std::array<std::optional<Terrain>, 256> decode{};
  std::array<int, 256> lock_of{};
  std::array<std::optional<ProgressionDoor>, 256> door_of{};  // pos unset
};

// A legend entry's progression fields ("gate" with "open_when", "one_way", "secret"), if any.
std::optional<ProgressionDoor> legend_door(const std::string& k, const ojson& v) {
  const std::string where = "legend[\"" + k + "\"].";
  const int kinds = (v.contains("gate") ? 1 : 0) + (v.contains("one_way") ? 1 : 0) + (v.contains("secret") ? 1 : 0) +
                    (v.contains("lock") ? 1 : 0);
  if (kinds > 1) bad("legend[\"" + k + "\"]", json_excerpt(v), "at most one of lock, gate, one_way and secret");
  ProgressionDoor g;
  if (auto it = v.find("gate"); it != v.end()) {
    if (!it->is_number_integer() || it->get<int64_t>() < 1 || it->get<int64_t>() > kMaxSwitch)
      bad(where + "gate", json_excerpt(*it), "a switch id 1 to 9");
    g.switch_id = static_cast<int>(it->get<int64_t>());
    if (auto w = v.find("open_when"); w != v.end()) {
      if (*w != "on" && *w != "off") bad(where + "open_when", json_excerpt(*w), "\"on\" or \"off\"");
      g.open_when_off = *w == "off";
    }
    return g;
  }
  if (v.contains("open_when")) bad(where + "open_when", json_excerpt(v["open_when"]), "only on a gate");
  if (auto it = v.find("one_way"); it != v.end()) {
    const std::optional<Point> dir = it->is_string() ? direction_from_name(it->get<std::string>()) : std::nullopt;
    if (!dir) bad(where + "one_way", json_excerpt(*it), "\"north\", \"east\", \"south\" or \"west\"");
    g.kind = DoorKind::OneWay;
    g.dir = *dir;
    return g;
  }
  if (auto it = v.find("secret"); it != v.end()) {
    if (*it != true) bad(where + "secret", json_excerpt(*it), "true");
    g.kind = DoorKind::Secret;
    return g;
  }
  return std::nullopt;
}

Legend read_legend(const ojson& j) {
  Legend legend;
  std::array<std::optional<Terrain>, 256>& decode = legend.decode;
  for (Terrain t : kAllTerrains) decode[static_cast<unsigned char>(terrain_char(t))] = t;
  if (auto it = j.find("legend"); it != j.end()) {
    if (!it->is_object()) bad("legend", json_excerpt(*it), "an object");
    decode = {};
    for (auto& [k, v] : it->items()) {
      if (k.size() != 1) bad("legend key", json_excerpt(ojson(k)), "a single character");
      if (!v.is_object() || !v.contains("name") || !v["name"].is_string())
        bad("legend[\"" + k + "\"]", json_excerpt(v), "an object with a \"name\"");
      auto t = terrain_from_name(v["name"].get<std::string>());
      if (!t)
        bad("legend[\"" + k + "\"].name", json_excerpt(v["name"]), "a terrain name such as \"wall\" or \"floor\"");
      decode[static_cast<unsigned char>(k[0])] = *t;
      if (auto l = v.find("lock"); l != v.end()) {
        if (!l->is_number_integer() || l->get<int64_t>() < 1 || l->get<int64_t>() > kMaxLock)
          bad("legend[\"" + k + "\"].lock", json_excerpt(*l), "a lock id 1 to 9");
        legend.lock_of[static_cast<unsigned char>(k[0])] = static_cast<int>(l->get<int64_t>());
      }
      legend.door_of[static_cast<unsigned char>(k[0])] = legend_door(k, v);
    }
  }
  return legend;
}

// The rows of "tiles" (read in place, or views of the document's strings), each checked to be a
// string of w characters, h of them.
RowViews tile_rows(const ojson& j, int w, int h, const RowsRead* rows_read) {
  const ojson& tiles = need(j, "tiles", "");
  RowViews rows;
  if (rows_read) {
    rows = rows_read->rows;
    if (rows.size() != static_cast<size_t>(h))
      bad("tiles", std::to_string(rows.size()) + " rows", std::to_string(h) + " rows (the height)");
  } else {
    if (!tiles.is_array() || tiles.size() != static_cast<size_t>(h))
      bad("tiles", tiles.is_array() ? std::to_string(tiles.size()) + " rows" : tiles.type_name(),
          std::to_string(h) + " rows (the height)");
    for (const ojson& row : tiles)
      rows.push_back(row.is_string() ? row.get_ref<const std::string&>() : std::string_view());
  }
  // Every row is checked against width and height before the grid is allocated for them.
  for (int y = 0; y < h; ++y) {
    const bool text = rows_read || tiles[static_cast<size_t>(y)].is_string();
    if (!text || rows[static_cast<size_t>(y)].size() != static_cast<size_t>(w))
      bad("tiles[" + std::to_string(y) + "]",
          text ? std::to_string(rows[static_cast<size_t>(y)].size()) + " characters"
               : tiles[static_cast<size_t>(y)].type_name(),
          std::to_string(w) + " characters (the width)");
  }
  return rows;
}

// The map's tiles and locked doors from its checked rows, through the legend.
void decode_tiles(const RowViews& rows, const Legend& legend, int w, int h, RowsRead* rows_read, Dungeon& d) {
  const std::array<int, 256>& lock_of = legend.lock_of;
  // Each byte's terrain (kNone: not in the legend), and whether any byte names a lock.
  constexpr uint8_t kNone = 0xFF;
  std::array<uint8_t, 256> code{};
  bool any_lock = false;
  for (size_t c = 0; c < 256; ++c) {
    code[c] = legend.decode[c] ? static_cast<uint8_t>(*legend.decode[c]) : kNone;
    any_lock = any_lock || lock_of[c] != 0 || legend.door_of[c].has_value();
  }
  // Rows read in place lie one after another (read_rows), each w long (checked above): row y
  // at y * w of their storage, which then becomes the map's tiles, each character replaced by
  // its terrain (its locks read first).
  const auto uw = static_cast<size_t>(w);
  const bool in_place = rows_read != nullptr;
  if (!in_place) d.tiles = Grid<Terrain>(w, h, Terrain::Wall);
  for (int y = 0; y < h; ++y) {
    const std::string_view s = rows[static_cast<size_t>(y)];
    if (any_lock) {
      for (int x = 0; x < w; ++x) {
        const auto c = static_cast<unsigned char>(s[static_cast<size_t>(x)]);
        if (lock_of[c] != 0) {
          d.locks.push_back({{x, y}, lock_of[c]});
        } else if (legend.door_of[c]) {
          d.doors.push_back(*legend.door_of[c]);
          d.doors.back().pos = {x, y};
        }
      }
    }
    Terrain* out = in_place ? rows_read->cells.data() + static_cast<size_t>(y) * uw : d.tiles.row(y);
    for (int x = 0; x < w; ++x) {
      const auto c = static_cast<unsigned char>(s[static_cast<size_t>(x)]);
      if (code[c] == kNone)
        bad("tiles[" + std::to_string(y) + "][" + std::to_string(x) + "]",
            "'" + std::string(1, static_cast<char>(c)) + "'", "a character of the legend");
      out[x] = static_cast<Terrain>(code[c]);
    }
  }
  if (in_place) {
    rows_read->cells.resize(uw * static_cast<size_t>(h));
    d.tiles = Grid<Terrain>(w, h, std::move(rows_read->cells));
  }
}

void read_objectives(const ojson& j, Dungeon& d) {
  if (auto it = j.find("objectives"); it != j.end()) {
    if (!it->is_array()) bad("objectives", it->type_name(), "an array");
    for (size_t i = 0; i < it->size(); ++i) {
      const ojson& o = (*it)[i];
      std::string where = "objectives[" + std::to_string(i) + "].";
      if (!o.is_object()) bad("objectives[" + std::to_string(i) + "]", json_excerpt(o), "an object");
      const ojson& kind = need(o, "kind", where);
      auto k = kind.is_string() ? objective_kind_from_name(kind.get<std::string>()) : std::nullopt;
      if (!k) bad(where + "kind", json_excerpt(kind), detail::enum_expected(detail::kObjectiveKindNames));
      // Coordinates may lie off the map: validation reports that, reading does not refuse it.
      Point p{need_int(o, "x", where, -kMaxSide * 4, kMaxSide * 4),
              need_int(o, "y", where, -kMaxSide * 4, kMaxSide * 4)};
      int lock = 0;
      if (o.contains("lock")) {
        if (*k != ObjectiveKind::Key)
          bad(where + "lock", json_excerpt(o["lock"]), "no lock on a " + kind.get<std::string>());
        lock = need_int(o, "lock", where, 1, kMaxLock);
      }
      int switch_id = 0;
      if (o.contains("switch")) {
        if (*k != ObjectiveKind::Switch)
          bad(where + "switch", json_excerpt(o["switch"]), "no switch on a " + kind.get<std::string>());
        switch_id = need_int(o, "switch", where, 1, kMaxSwitch);
      } else if (*k == ObjectiveKind::Switch) {
        bad(where + "switch", "missing", "a switch id 1 to 9 on a switch");
      }
      d.objectives.push_back({*k, p, lock, switch_id});
    }
  }
}

void read_rooms(const ojson& j, int w, int h, Dungeon& d) {
  if (auto it = j.find("rooms"); it != j.end()) {
    if (!it->is_array()) bad("rooms", it->type_name(), "an array");
    for (size_t i = 0; i < it->size(); ++i) {
      const ojson& r = (*it)[i];
      std::string where = "rooms[" + std::to_string(i) + "].";
      if (!r.is_object()) bad("rooms[" + std::to_string(i) + "]", json_excerpt(r), "an object");
      d.rooms.push_back({need_int(r, "x", where, 0, w - 1), need_int(r, "y", where, 0, h - 1),
                         need_int(r, "width", where, 1, w), need_int(r, "height", where, 1, h)});
      RoomLabel label;
      for (const char* key : {"node", "template"}) {
        auto f = r.find(key);
        if (f == r.end()) continue;
        if (!f->is_string() || f->get_ref<const std::string&>().size() > 200)
          bad(where + key, json_excerpt(*f), "a string of at most 200 characters");
        (key[0] == 'n' ? label.node : label.template_name) = f->get<std::string>();
      }
      if (!label.node.empty() || !label.template_name.empty()) {
        d.room_labels.resize(d.rooms.size());
        d.room_labels.back() = std::move(label);
      }
    }
  }
}

Dungeon json_map_from(const ojson& j, RowsRead* rows_read = nullptr, const MapSizeCheck& check_size = {}) {
  if (!j.is_object()) bad("document", j.type_name(), "an object");
  if (!j.contains("format"))
    bad("format", "missing", "\"catacomb-map\": the document has no \"format\" key, so it is not a catacomb JSON map");
  const ojson& format = need(j, "format", "");
  if (format != "catacomb-map") bad("format", json_excerpt(format), "\"catacomb-map\"");
  const ojson& version = need(j, "version", "");
  if (version != 1) bad("version", json_excerpt(version), "1");
  const int w = need_int(j, "width", "", 1, kMaxSide);
  const int h = need_int(j, "height", "", 1, kMaxSide);
  if (check_size) check_size(w, h);  // the parsed size, should the scan before the parse have missed it

  Dungeon d;
  read_map_fields(j, d);
  const Legend legend = read_legend(j);
  const RowViews rows = tile_rows(j, w, h, rows_read);
  decode_tiles(rows, legend, w, h, rows_read, d);
  read_objectives(j, d);
  read_rooms(j, w, h, d);
  if (!d.room_labels.empty()) d.room_labels.resize(d.rooms.size());
  if (auto it = j.find("mission"); it != j.end()) d.mission = detail::mission_from_value(*it, "", "JSON map mission");
  if (d.has_progression()) {
    sort_doors(d);
    throw_if_problems(progression_problems(d, CostTable::dungeon()));
  }
  return d;
}

// A JSON map's text with its "tiles" array emptied, and that array's rows decoded in one
// buffer: the rows (16 MB at 4096x4096) never become JSON strings, each read 8 bytes at a time
// here instead of by the JSON parser's lexer a byte at a time into a string it grows.
struct SplitTiles {
  std::string rest;
  RowsRead read;
};

size_t skip_space(std::string_view t, size_t i) {
  while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t')) ++i;
  return i;
}

// Whether any of 8 bytes needs a look of its own in a row: a quote or backslash, or a byte
// outside printable ASCII (0x20 to 0x7E). May say so of a plain word (carries), never the
// reverse: the byte-by-byte path then decides.
bool needs_look(uint64_t v) {
  constexpr uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  auto zero_byte = [&](uint64_t x) { return (x - ones) & ~x & highs; };
  const uint64_t control = (v - 0x20 * ones) & ~v & highs;  // bytes below 0x20 (and carries)
  const uint64_t high = (v | (v + ones)) & highs;           // 0x7F and above
  return (zero_byte(v ^ (0x22 * ones)) | zero_byte(v ^ (0x5C * ones)) | control | high) != 0;
}

// The array of JSON strings at `i` ('['), decoded into `out`; returns the index past its ']'.
// nullopt unless every element is a string of printable ASCII, with no escape but \" \\ and \/.
std::optional<size_t> read_rows(std::string_view t, size_t i, SplitTiles& out) {
  if (i >= t.size() || t[i] != '[') return std::nullopt;
  detail::reserve_large(out.read.cells, t.size() - i);  // the rows take fewer bytes than their text
  out.read.cells.resize(t.size() - i);
  char* const base = reinterpret_cast<char*>(out.read.cells.data());
  char* o = base;
  std::vector<std::pair<size_t, size_t>> spans;  // offset and length of each row in bytes
  i = skip_space(t, i + 1);
  if (i < t.size() && t[i] == ']') return i + 1;
  for (;;) {
    if (i >= t.size() || t[i] != '"') return std::nullopt;
    ++i;
    const char* row = o;
    for (;;) {
      while (i + 8 <= t.size()) {
        uint64_t v;
        std::memcpy(&v, t.data() + i, 8);
        if (needs_look(v)) break;
        std::memcpy(o, &v, 8);
        o += 8;
        i += 8;
      }
      if (i >= t.size()) return std::nullopt;
      const auto c = static_cast<unsigned char>(t[i]);
      if (c == '"') break;
      if (c == '\\') {
        if (i + 1 >= t.size()) return std::nullopt;
        const char e = t[i + 1];
        if (e != '"' && e != '\\' && e != '/') return std::nullopt;
        *o++ = e;
        i += 2;
        continue;
      }
      if (c < 0x20 || c > 0x7E) return std::nullopt;
      *o++ = static_cast<char>(c);
      ++i;
    }
    spans.emplace_back(static_cast<size_t>(row - base), static_cast<size_t>(o - row));
    i = skip_space(t, i + 1);
    if (i < t.size() && t[i] == ']') break;
    if (i >= t.size() || t[i] != ',') return std::nullopt;
    i = skip_space(t, i + 1);
  }
  for (const auto& [at, n] : spans) out.read.rows.emplace_back(base + at, n);
  return i + 1;
}

// The split, for a document that is an object with one member "tiles" of plain string rows;
// nullopt for anything else, which the JSON parser then reads whole (and names what is wrong).
std::optional<SplitTiles> split_tiles(std::string_view t) {
  size_t i = skip_space(t, 0);
  if (i >= t.size() || t[i] != '{') return std::nullopt;
  SplitTiles out;
  size_t begin = 0, end = 0;
  int depth = 0, found = 0;
  while (i < t.size()) {
    const char c = t[i];
    if (c == '"') {
      const size_t start = i;
      for (++i; i < t.size() && t[i] != '"'; ++i)
        if (t[i] == '\\') ++i;
      if (i >= t.size()) return std::nullopt;
      ++i;
      if (depth != 1 || t.substr(start, i - start) != "\"tiles\"") continue;
      const size_t colon = skip_space(t, i);
      if (colon >= t.size() || t[colon] != ':') continue;  // a value "tiles", not the key
      begin = skip_space(t, colon + 1);
      const std::optional<size_t> past = read_rows(t, begin, out);
      if (!past || ++found > 1) return std::nullopt;
      i = end = *past;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') --depth;
    ++i;
  }
  if (found != 1) return std::nullopt;
  out.rest.reserve(t.size() - (end - begin) + 2);
  out.rest.append(t.substr(0, begin)).append("[]").append(t.substr(end));
  return out;
}

// Parses a JSON map's text and gives `use(json, rows)`'s result: the rows read in place when
// the text splits (split_tiles) and the rest parses, else null rows and the whole text parsed
// (the same map either way, and the whole text's errors).
template <typename Use>
auto parse_map(std::string_view text, const Use& use) {
  if (std::optional<SplitTiles> split = split_tiles(text)) {
    std::optional<ojson> rest;
    try {
      rest = parse_json_input<ojson>(split->rest, "JSON map", "unparsable", "JSON");
    } catch (const InvalidArgument&) {  // read whole below, for the whole text's message
    }
    if (rest) return use(*rest, &split->read);
  }
  return use(parse_json_input<ojson>(text, "JSON map", "unparsable", "JSON"), nullptr);
}

}  // namespace

Dungeon read_json_map(std::string_view text) {
  return parse_map(text, [](const ojson& j, RowsRead* rows) { return json_map_from(j, rows); });
}

}  // namespace catacomb

namespace catacomb {

namespace {

std::optional<CostTable> legend_costs_from(const ojson& j, const CostTable& base) {
  auto it = j.is_object() ? j.find("legend") : j.end();
  if (it == j.end() || !it->is_object()) return std::nullopt;
  CostTable costs = base;
  bool stated = false;
  for (auto& [k, v] : it->items()) {
    if (!v.is_object() || v.contains("lock") || v.contains("gate") || v.contains("one_way") || v.contains("secret") ||
        !v.contains("name") || !v["name"].is_string())
      continue;
    const auto t = terrain_from_name(v["name"].get<std::string>());
    if (!t) continue;
    const std::string where = "legend[\"" + k + "\"].";
    if (auto p = v.find("passable"); p != v.end()) {
      if (!p->is_boolean()) bad(where + "passable", json_excerpt(*p), "true or false");
      stated = true;
      if (!p->get<bool>()) {
        costs.set(*t, CostTable::kImpassable);
        continue;
      }
    }
    if (auto c = v.find("cost"); c != v.end() && !c->is_null()) {
      if (!c->is_number() || !(c->get<double>() > 0) || !(c->get<double>() < CostTable::kImpassable))
        bad(where + "cost", json_excerpt(*c), "a number > 0");
      costs.set(*t, c->get<double>());
      stated = true;
    }
  }
  if (!stated) return std::nullopt;
  return costs;
}

}  // namespace

std::optional<CostTable> read_json_legend_costs(std::string_view text, const CostTable& base) {
  return legend_costs_from(parse_json_input<ojson>(text, "JSON map", "unparsable", "JSON"), base);
}

MapFile read_json_map_and_costs(std::string_view text, const CostTable& base, const MapSizeCheck& check_size) {
  check_json_declared_size(text, check_size);  // before the rows are split out and parsed
  return parse_map(text, [&](const ojson& j, RowsRead* rows) {
    return MapFile{json_map_from(j, rows, check_size), legend_costs_from(j, base)};
  });
}

}  // namespace catacomb
