// The JSON front end of the Tiled reader (.tmj maps, .tsj tilesets): nlohmann-json, with the
// terrain layer's "data" moved into a plain vector by the parser callback (see tiled_read.cpp).
#include "io/tiled_model.hpp"

#if CATACOMB_TILED_JSON
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>

#include <nlohmann/json.hpp>

#include "shared/core/parse_number.hpp"
#include "io/json_input.hpp"
#include "io/sorted_json.hpp"
#include "io/tiled_decode.hpp"

namespace catacomb::detail::tiled {
namespace {

using json = detail::Json;

// --- the JSON front end (.tmj, .tsj) -------------------------------------------------------------

ParamValue json_property_value(const json& type, const json& value, const std::string& where) {
  const std::string t = type.is_string() ? type.get<std::string>() : "string";
  if ((t == "int" || t == "object") && value.is_number_integer()) return value.get<int64_t>();
  if (t == "float" && value.is_number()) return value.get<double>();
  if (t == "bool" && value.is_boolean()) return value.get<bool>();
  if (value.is_string()) return value.get<std::string>();
  if (t == "class") return std::string();  // a custom class: not a recipe value
  bad(where, sorted_excerpt(value), "a value of type " + shown(t));
}

Properties json_properties(const json& obj, const std::string& where) {
  Properties props;
  auto it = obj.find("properties");
  if (it == obj.end()) return props;
  if (!it->is_array()) bad(where + " properties", sorted_excerpt(*it), "an array");
  for (const json& p : *it) {
    if (!p.is_object() || !p.contains("name") || !p["name"].is_string())
      bad(where + " property", sorted_excerpt(p), "an object with a \"name\"");
    const std::string name = p["name"].get<std::string>();
    props.push_back({name, json_property_value(p.contains("type") ? p["type"] : json(), p.value("value", json("")),
                                               where + " property " + shown(name))});
  }
  return props;
}

std::string json_string(const json& obj, const char* key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

double json_number(const json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) return 0;
  if (!it->is_number() || !std::isfinite(it->get<double>())) bad(where + " " + key, sorted_excerpt(*it), "a number");
  return it->get<double>();
}

int64_t json_int(const json& obj, const char* key, const std::string& where, int64_t lo, int64_t hi) {
  auto it = obj.find(key);
  if (it == obj.end()) bad(where + key, "missing", "an integer");
  if (!it->is_number_integer()) bad(where + key, sorted_excerpt(*it), "an integer");
  const int64_t v = it->get<int64_t>();
  if (v < lo || v > hi) bad(where + key, sorted_excerpt(*it), std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

// The class of a Tiled object or tile: "type" up to Tiled 1.8 and from 1.10, "class" in 1.9.
std::string json_class(const json& obj) {
  std::string c = json_string(obj, "class");
  return c.empty() ? json_string(obj, "type") : c;
}

/// A parsed JSON document whose "data" arrays were moved out into `arrays` (the array in the
/// tree is replaced by its index there).
struct JsonDocument {
  json root;
  std::vector<LayerCells> arrays;
};

// `cells`: the cells a layer's data is expected to hold (the map's declared size; 0 when not
// known), reserved for each "data" array as it starts.
JsonDocument parse_json_document(std::string_view text, const std::string& what, size_t cells = 0) {
  JsonDocument doc;
  bool after_data_key = false, collecting = false;
  int nested = 0;
  LayerCells current;
  auto callback = [&](int, json::parse_event_t event, json& parsed) -> bool {
    using E = json::parse_event_t;
    if (collecting) {
      if (event == E::array_start || event == E::object_start) {
        ++nested;
        return true;
      }
      if ((event == E::array_end || event == E::object_end) && nested > 0) {
        --nested;
        return true;
      }
      if (event == E::array_end) {
        collecting = false;
        parsed = doc.arrays.size();
        doc.arrays.push_back(std::move(current));
        current = LayerCells();
        return true;
      }
      if (event == E::value && nested == 0) {
        if (!parsed.is_number_unsigned() || parsed.get<uint64_t>() > 0xFFFFFFFFu)
          bad("layer data", sorted_excerpt(parsed), "tile ids (unsigned 32-bit integers)");
        if (current.size() >= static_cast<size_t>(kMaxSide) * static_cast<size_t>(kMaxSide))
          bad("layer data", "more than " + std::to_string(int64_t{kMaxSide} * kMaxSide) + " tile ids",
              "at most width * height");
        current.push(parsed.get<uint32_t>() & ~detail::kTiledGidFlags);
        return false;
      }
      return true;
    }
    if (event == E::key) {
      after_data_key = parsed.is_string() && parsed.get_ref<const std::string&>() == "data";
      return true;
    }
    if (event == E::array_start && after_data_key) {
      collecting = true;
      nested = 0;
      current.start(cells, "Tiled map layer data");
    }
    after_data_key = false;
    return true;
  };
  doc.root = parse_json_input<json>(text, what, "unparsable", "JSON", callback);
  if (!doc.root.is_object()) bad("document", doc.root.type_name(), "a JSON object");
  return doc;
}

Tileset json_tileset(const json& ts, uint32_t firstgid, const std::string& where) {
  Tileset out;
  out.firstgid = firstgid;
  out.name = json_string(ts, "name");
  auto tiles = ts.find("tiles");
  if (tiles == ts.end()) return out;
  if (!tiles->is_array()) bad(where + " tiles", sorted_excerpt(*tiles), "an array");
  if (tiles->size() > kMaxTiledItems) bad(where + " tiles", std::to_string(tiles->size()), "at most 2^20 tiles");
  for (const json& t : *tiles) {
    if (!t.is_object()) bad(where + " tile", sorted_excerpt(t), "an object");
    const auto id = static_cast<uint32_t>(json_int(t, "id", where + " tile ", 0, 0x0FFFFFFF));
    out.tiles[id] = Tile{json_class(t), json_properties(t, where + " tile " + std::to_string(id))};
  }
  return out;
}

void json_layers(const json& layers, Model& m, const json*& terrain, int depth) {
  if (!layers.is_array()) bad("layers", sorted_excerpt(layers), "an array");
  for (const json& layer : layers) {
    if (!layer.is_object()) bad("layer", sorted_excerpt(layer), "an object");
    const std::string type = json_string(layer, "type");
    if (type == "group" && depth < 16 && layer.contains("layers")) {
      json_layers(layer["layers"], m, terrain, depth + 1);
    } else if (type == "tilelayer") {
      if (!terrain || (json_string(*terrain, "name") != "terrain" && json_string(layer, "name") == "terrain"))
        terrain = &layer;
    } else if (type == "objectgroup" && layer.contains("objects")) {
      const json& objects = layer["objects"];
      if (!objects.is_array()) bad("objects", sorted_excerpt(objects), "an array");
      for (const json& o : objects) {
        if (!o.is_object()) bad("object", sorted_excerpt(o), "an object");
        if (m.objects.size() >= kMaxTiledItems) bad("objects", "more than 2^20", "at most 2^20 objects");
        Object ob;
        ob.id = o.contains("id") && o["id"].is_number_integer() ? o["id"].get<int64_t>() : 0;
        const std::string where = "object " + std::to_string(ob.id);
        ob.name = json_string(o, "name");
        ob.cls = json_class(o);
        ob.x = json_number(o, "x", where);
        ob.y = json_number(o, "y", where);
        ob.width = json_number(o, "width", where);
        ob.height = json_number(o, "height", where);
        ob.point = o.value("point", false) == true;
        if (auto g = o.find("gid"); g != o.end()) {
          if (!g->is_number_unsigned() || g->get<uint64_t>() > 0xFFFFFFFFu)
            bad(where + " gid", sorted_excerpt(*g), "a tile id");
          ob.gid = g->get<uint32_t>() & ~detail::kTiledGidFlags;
        }
        ob.props = json_properties(o, where);
        m.objects.push_back(std::move(ob));
      }
    }
  }
}

}  // namespace

Tileset json_tileset_file(std::string_view text, uint32_t firstgid, const std::string& where) {
  JsonDocument doc = parse_json_document(text, "Tiled " + where);
  return json_tileset(doc.root, firstgid, where);
}

Model read_json(std::string_view text, const TiledSourceReader& read_source, const MapSizeCheck& check_size) {
  // The size the map declares, checked before the parse reads a layer's data array into cells.
  const JsonDeclaredSize declared = json_declared_size(text);
  size_t expected_cells = 0;
  if (declared.width && declared.height && *declared.width >= 1 && *declared.width <= kMaxSide &&
      *declared.height >= 1 && *declared.height <= kMaxSide) {
    if (check_size) check_size(static_cast<int>(*declared.width), static_cast<int>(*declared.height));
    // Reserved for each data array: never more than the text could hold ("1," per cell), so
    // that a small file declaring a huge map reserves no more than its size.
    expected_cells = std::min(static_cast<size_t>(*declared.width) * static_cast<size_t>(*declared.height),
                              text.size() / 2 + 1);
  }
  JsonDocument doc = parse_json_document(text, "Tiled map", expected_cells);
  const json& j = doc.root;
  Model m;
  if (json_string(j, "type") != "map" && !j.contains("layers"))
    bad("type", j.contains("type") ? sorted_excerpt(j["type"]) : "missing", "\"map\" (a Tiled JSON map, .tmj)");
  m.width = static_cast<int>(json_int(j, "width", "", 0, kMaxSide + 1));
  m.height = static_cast<int>(json_int(j, "height", "", 0, kMaxSide + 1));
  m.tile_width = json_number(j, "tilewidth", "map");
  m.tile_height = json_number(j, "tileheight", "map");
  check_header(m, j.contains("orientation") ? json_string(j, "orientation") : "orthogonal",
               j.value("infinite", false) == true);
  if (check_size) check_size(m.width, m.height);  // the parsed size, should the scan have missed it
  m.props = json_properties(j, "map");

  if (auto ts = j.find("tilesets"); ts != j.end()) {
    if (!ts->is_array()) bad("tilesets", sorted_excerpt(*ts), "an array");
    for (const json& t : *ts) {
      if (!t.is_object()) bad("tileset", sorted_excerpt(t), "an object");
      const auto firstgid = static_cast<uint32_t>(json_int(t, "firstgid", "tileset ", 1, 0x0FFFFFFF));
      const std::string source = json_string(t, "source");
      m.tilesets.push_back(source.empty() ? json_tileset(t, firstgid, "tileset " + shown(json_string(t, "name")))
                                          : external_tileset(source, firstgid, read_source, "tileset"));
    }
  }

  const json* terrain = nullptr;
  if (auto layers = j.find("layers"); layers != j.end()) json_layers(*layers, m, terrain, 0);
  if (terrain) {
    m.have_tile_layer = true;
    const std::string where = "layer " + shown(json_string(*terrain, "name")) + " data";
    if (terrain->contains("chunks")) bad(where, "chunks", "a finite map's data");
    // Both read (and so both checked) before either is compared: a layer whose width differs and
    // whose height is missing is told its height is missing, not read past it.
    const int64_t layer_w = json_int(*terrain, "width", "layer ", 0, kMaxSide + 1);
    const int64_t layer_h = json_int(*terrain, "height", "layer ", 0, kMaxSide + 1);
    if (layer_w != m.width || layer_h != m.height)
      bad("layer " + shown(json_string(*terrain, "name")) + " size",
          std::to_string(layer_w) + " x " + std::to_string(layer_h),
          "the map's size, " + std::to_string(m.width) + " x " + std::to_string(m.height));
    auto data = terrain->find("data");
    if (data == terrain->end()) bad(where, "missing", "the layer's tile ids");
    const std::string encoding = json_string(*terrain, "encoding");
    if (encoding == "base64") {
      if (!data->is_string()) bad(where, sorted_excerpt(*data), "base64 text");
      m.cells.start(cell_count(m), "Tiled map " + where);
      detail::tiled_gids_from_base64(data->get_ref<const std::string&>(), json_string(*terrain, "compression"),
                                     cell_count(m), "Tiled map " + where, m.cells);
    } else if (encoding.empty() || encoding == "csv") {
      if (!data->is_number_unsigned() || data->get<uint64_t>() >= doc.arrays.size())
        bad(where, sorted_excerpt(*data), "an array of tile ids");
      m.cells = std::move(doc.arrays[data->get<size_t>()]);
      if (m.cells.size() != cell_count(m))
        bad(where, std::to_string(m.cells.size()) + " tile ids", std::to_string(cell_count(m)) + " (width * height)");
    } else {
      bad(where + " encoding", shown(encoding), "csv or base64");
    }
  }
  return m;
}

}  // namespace catacomb::detail::tiled

#endif  // CATACOMB_TILED_JSON
