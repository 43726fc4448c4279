#include <catacomb/io/json_map.hpp>

#include <array>
#include <nlohmann/json.hpp>
#include <optional>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include "io/json_input.hpp"

namespace catacomb {
namespace {

using ojson = nlohmann::ordered_json;

ojson param_json(const ParamValue& v) {
  return std::visit([](const auto& x) { return ojson(x); }, v);
}

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

std::string write_json_map(const Dungeon& d, const CostTable& costs) {
  ojson j;
  j["format"] = "catacomb-map";
  j["version"] = 1;
  j["width"] = d.tiles.width();
  j["height"] = d.tiles.height();
  j["seed"] = d.seed;
  j["generator"] = d.generator;
  if (d.attempts > 0) j["attempts"] = d.attempts;
  ojson params = ojson::object();
  for (const auto& [name, value] : d.params) params[name] = param_json(value);
  j["params"] = params;
  // Lock fields only for a map with locks: a map without them is written as before locks.
  const bool locked = d.has_locks();
  if (locked) j["key_rule"] = key_rule_name(d.key_rule);
  auto legend_entry = [&](Terrain t) {
    ojson e;
    e["name"] = terrain_name(t);
    e["passable"] = costs.passable(t);
    e["cost"] = costs.passable(t) ? ojson(costs[t]) : ojson(nullptr);
    return e;
  };
  ojson legend = ojson::object();
  std::array<bool, kTerrainCount> used_terrain{};
  for (Terrain t : d.tiles.cells()) used_terrain[static_cast<size_t>(t)] = true;
  for (Terrain t : kAllTerrains) {
    if (is_side_view_terrain(t) && !used_terrain[static_cast<size_t>(t)]) continue;  // top-down maps as before
    legend[std::string(1, terrain_char(t))] = legend_entry(t);
  }
  std::array<bool, kMaxLock + 1> used{};
  for (const LockedDoor& l : d.locks) {
    if (!d.tiles.in_bounds(l.pos) || l.lock < 1 || l.lock > kMaxLock)
      throw InvalidArgument(FieldProblem{"locked door at " + to_string(l.pos), "lock " + std::to_string(l.lock),
                                         "a lock 1 to 9 inside the map"});
    used[static_cast<size_t>(l.lock)] = true;
  }
  for (int lock = 1; lock <= kMaxLock; ++lock) {
    if (!used[static_cast<size_t>(lock)]) continue;
    ojson e = legend_entry(Terrain::Door);
    e["lock"] = lock;
    legend[std::string(1, door_char(lock))] = e;
  }
  j["legend"] = legend;
  ojson tiles = ojson::array();
  for (int y = 0; y < d.tiles.height(); ++y) {
    std::string row;
    row.reserve(static_cast<size_t>(d.tiles.width()));
    for (int x = 0; x < d.tiles.width(); ++x) row.push_back(terrain_char(d.tiles(x, y)));
    tiles.push_back(std::move(row));
  }
  for (const LockedDoor& l : d.locks)
    tiles[static_cast<size_t>(l.pos.y)].get_ref<std::string&>()[static_cast<size_t>(l.pos.x)] = door_char(l.lock);
  j["tiles"] = std::move(tiles);
  ojson objs = ojson::array();
  for (const Objective& o : d.objectives) {
    ojson e{{"kind", objective_kind_name(o.kind)}};
    if (o.lock != 0) e["lock"] = o.lock;
    e["x"] = o.pos.x;
    e["y"] = o.pos.y;
    objs.push_back(std::move(e));
  }
  j["objectives"] = objs;
  ojson rooms = ojson::array();
  for (const Rect& r : d.rooms)
    rooms.push_back(ojson{{"x", r.x}, {"y", r.y}, {"width", r.width}, {"height", r.height}});
  j["rooms"] = rooms;
  return j.dump(2) + "\n";
}

namespace {

Dungeon json_map_from(const ojson& j) {
  if (!j.is_object()) bad("document", j.type_name(), "an object");
  const ojson& format = need(j, "format", "");
  if (format != "catacomb-map") bad("format", json_excerpt(format), "\"catacomb-map\"");
  const ojson& version = need(j, "version", "");
  if (version != 1) bad("version", json_excerpt(version), "1");
  const int w = need_int(j, "width", "", 1, kMaxSide);
  const int h = need_int(j, "height", "", 1, kMaxSide);

  Dungeon d;
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
      else if (v.is_number_integer()) d.params.emplace_back(k, v.get<int64_t>());
      else if (v.is_number()) d.params.emplace_back(k, v.get<double>());
      else if (v.is_string()) d.params.emplace_back(k, v.get<std::string>());
    }
  }

  if (auto it = j.find("key_rule"); it != j.end()) {
    if (!it->is_string()) bad("key_rule", json_excerpt(*it), "\"reusable\" or \"consumable\"");
    const std::string rule = it->get<std::string>();
    if (rule != "reusable" && rule != "consumable") bad("key_rule", json_excerpt(*it), "\"reusable\" or \"consumable\"");
    d.key_rule = parse_key_rule(rule);
  }

  // Character -> terrain (and lock): the file's legend by name, else ours.
  std::array<std::optional<Terrain>, 256> decode{};
  std::array<int, 256> lock_of{};
  for (Terrain t : kAllTerrains) decode[static_cast<unsigned char>(terrain_char(t))] = t;
  if (auto it = j.find("legend"); it != j.end()) {
    if (!it->is_object()) bad("legend", json_excerpt(*it), "an object");
    decode = {};
    for (auto& [k, v] : it->items()) {
      if (k.size() != 1) bad("legend key", json_excerpt(ojson(k)), "a single character");
      if (!v.is_object() || !v.contains("name") || !v["name"].is_string())
        bad("legend[\"" + k + "\"]", json_excerpt(v), "an object with a \"name\"");
      auto t = terrain_from_name(v["name"].get<std::string>());
      if (!t) bad("legend[\"" + k + "\"].name", json_excerpt(v["name"]), "a terrain name such as \"wall\" or \"floor\"");
      decode[static_cast<unsigned char>(k[0])] = *t;
      if (auto l = v.find("lock"); l != v.end()) {
        if (!l->is_number_integer() || l->get<int64_t>() < 1 || l->get<int64_t>() > kMaxLock)
          bad("legend[\"" + k + "\"].lock", json_excerpt(*l), "a lock id 1 to 9");
        lock_of[static_cast<unsigned char>(k[0])] = static_cast<int>(l->get<int64_t>());
      }
    }
  }

  const ojson& tiles = need(j, "tiles", "");
  if (!tiles.is_array() || tiles.size() != static_cast<size_t>(h))
    bad("tiles", tiles.is_array() ? std::to_string(tiles.size()) + " rows" : tiles.type_name(),
        std::to_string(h) + " rows (the height)");
  // Every row is checked against width and height before the grid is allocated for them.
  for (int y = 0; y < h; ++y) {
    const ojson& row = tiles[static_cast<size_t>(y)];
    if (!row.is_string() || row.get_ref<const std::string&>().size() != static_cast<size_t>(w))
      bad("tiles[" + std::to_string(y) + "]", row.is_string() ? std::to_string(row.get_ref<const std::string&>().size()) + " characters" : row.type_name(),
          std::to_string(w) + " characters (the width)");
  }
  d.tiles = Grid<Terrain>(w, h, Terrain::Wall);
  for (int y = 0; y < h; ++y) {
    const std::string& s = tiles[static_cast<size_t>(y)].get_ref<const std::string&>();
    for (int x = 0; x < w; ++x) {
      auto t = decode[static_cast<unsigned char>(s[static_cast<size_t>(x)])];
      if (!t)
        bad("tiles[" + std::to_string(y) + "][" + std::to_string(x) + "]", "'" + std::string(1, s[static_cast<size_t>(x)]) + "'",
            "a character of the legend");
      d.tiles(x, y) = *t;
      if (const int lock = lock_of[static_cast<unsigned char>(s[static_cast<size_t>(x)])]) d.locks.push_back({{x, y}, lock});
    }
  }
  if (auto it = j.find("objectives"); it != j.end()) {
    if (!it->is_array()) bad("objectives", it->type_name(), "an array");
    for (size_t i = 0; i < it->size(); ++i) {
      const ojson& o = (*it)[i];
      std::string where = "objectives[" + std::to_string(i) + "].";
      if (!o.is_object()) bad("objectives[" + std::to_string(i) + "]", json_excerpt(o), "an object");
      const ojson& kind = need(o, "kind", where);
      auto k = kind.is_string() ? objective_kind_from_name(kind.get<std::string>()) : std::nullopt;
      if (!k) bad(where + "kind", json_excerpt(kind), "start, exit, key, treasure or objective");
      // Coordinates may lie off the map: validation reports that, reading does not refuse it.
      Point p{need_int(o, "x", where, -kMaxSide * 4, kMaxSide * 4), need_int(o, "y", where, -kMaxSide * 4, kMaxSide * 4)};
      int lock = 0;
      if (o.contains("lock")) {
        if (*k != ObjectiveKind::Key) bad(where + "lock", json_excerpt(o["lock"]), "no lock on a " + kind.get<std::string>());
        lock = need_int(o, "lock", where, 1, kMaxLock);
      }
      d.objectives.push_back({*k, p, lock});
    }
  }
  if (auto it = j.find("rooms"); it != j.end()) {
    if (!it->is_array()) bad("rooms", it->type_name(), "an array");
    for (size_t i = 0; i < it->size(); ++i) {
      const ojson& r = (*it)[i];
      std::string where = "rooms[" + std::to_string(i) + "].";
      if (!r.is_object()) bad("rooms[" + std::to_string(i) + "]", json_excerpt(r), "an object");
      d.rooms.push_back({need_int(r, "x", where, 0, w - 1), need_int(r, "y", where, 0, h - 1),
                         need_int(r, "width", where, 1, w), need_int(r, "height", where, 1, h)});
    }
  }
  return d;
}

}  // namespace

Dungeon read_json_map(std::string_view text) {
  return json_map_from(parse_json_input<ojson>(text, "JSON map", "unparsable", "JSON"));
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
    if (!v.is_object() || v.contains("lock") || !v.contains("name") || !v["name"].is_string()) continue;
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

MapFile read_json_map_and_costs(std::string_view text, const CostTable& base) {
  const ojson j = parse_json_input<ojson>(text, "JSON map", "unparsable", "JSON");
  return {json_map_from(j), legend_costs_from(j, base)};
}

}  // namespace catacomb
