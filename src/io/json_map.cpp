#include <catacomb/io/json_map.hpp>

#include <array>
#include <nlohmann/json.hpp>
#include <optional>

#include <catacomb/core/error.hpp>
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
  ojson legend = ojson::object();
  std::array<bool, kTerrainCount> used{};
  for (Terrain t : d.tiles.cells()) used[static_cast<size_t>(t)] = true;
  for (Terrain t : kAllTerrains) {
    if (is_side_view_terrain(t) && !used[static_cast<size_t>(t)]) continue;  // top-down maps as before
    ojson e;
    e["name"] = terrain_name(t);
    e["passable"] = costs.passable(t);
    e["cost"] = costs.passable(t) ? ojson(costs[t]) : ojson(nullptr);
    legend[std::string(1, terrain_char(t))] = e;
  }
  j["legend"] = legend;
  ojson tiles = ojson::array();
  for (int y = 0; y < d.tiles.height(); ++y) {
    std::string row;
    row.reserve(static_cast<size_t>(d.tiles.width()));
    for (int x = 0; x < d.tiles.width(); ++x) row.push_back(terrain_char(d.tiles(x, y)));
    tiles.push_back(std::move(row));
  }
  j["tiles"] = std::move(tiles);
  ojson objs = ojson::array();
  for (const Objective& o : d.objectives)
    objs.push_back(ojson{{"kind", objective_kind_name(o.kind)}, {"x", o.pos.x}, {"y", o.pos.y}});
  j["objectives"] = objs;
  ojson rooms = ojson::array();
  for (const Rect& r : d.rooms)
    rooms.push_back(ojson{{"x", r.x}, {"y", r.y}, {"width", r.width}, {"height", r.height}});
  j["rooms"] = rooms;
  return j.dump(2) + "\n";
}

Dungeon read_json_map(std::string_view text) {
  const ojson j = parse_json_input<ojson>(text, "JSON map", "unparsable", "JSON");
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

  // Character -> terrain: the file's legend by name, else ours.
  std::array<std::optional<Terrain>, 256> decode{};
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
      d.objectives.push_back({*k, p});
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

}  // namespace catacomb
