// Reading Tiled maps. Two front ends fill one small model of the map (size, properties,
// tilesets with their tiles' classes and properties, the terrain layer's gids, the objects):
// nlohmann-json for .tmj/.tsj and pugixml for .tmx/.tsx. One back end turns the model into a
// Dungeon, so both syntaxes follow the same rules (see tiled_read.hpp).
//
// Memory: the terrain layer's gids as 32-bit values (4 bytes per cell) next to the file's text.
// A JSON "data" array never becomes a tree of json values (16 bytes and more each): the parser
// callback moves each number into a plain vector as it is read and leaves an index behind.
// Every size (width, height, data length, inflated bytes, tiles, objects) is checked before
// the memory it implies is allocated. Time is linear in the file.
#include <catacomb/io/tiled_read.hpp>

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

#if CATACOMB_TILED_READER
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "core/parse_number.hpp"
#include "io/json_input.hpp"
#include "io/tiled_decode.hpp"
#endif

namespace catacomb {

bool tiled_reader_available() { return CATACOMB_TILED_READER != 0; }

#if !CATACOMB_TILED_READER

Dungeon read_tiled_map(std::string_view, TiledSyntax, const TiledSourceReader&) {
  throw InvalidArgument(FieldProblem{"Tiled map", "not readable by this build",
                                     "a catacomb built with the Tiled reader (CATACOMB_TILED_READER=ON, pugixml and "
                                     "zlib); export the map from Tiled as JSON or use a catacomb .json map"});
}

#else

namespace {

using json = nlohmann::json;

/// Most tiles described in all tilesets, and most objects, of one map.
constexpr size_t kMaxTiledItems = size_t{1} << 20;

[[noreturn]] void bad(const std::string& what, const std::string& value, const std::string& expected) {
  throw InvalidArgument(FieldProblem{"Tiled map " + what, value, expected});
}

/// A value of the file quoted for a message: at most 40 bytes, printable ASCII only.
std::string shown(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size() && i < 40; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    out += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '?';
  }
  return out + (s.size() > 40 ? "...\"" : "\"");
}

struct Property {
  std::string name;
  ParamValue value;
};
using Properties = std::vector<Property>;

const Property* find_property(const Properties& props, std::string_view name) {
  for (const Property& p : props)
    if (p.name == name) return &p;
  return nullptr;
}

std::string property_text(const Property* p) {
  if (!p) return {};
  if (const auto* s = std::get_if<std::string>(&p->value)) return *s;
  return {};
}

struct Tile {
  std::string cls;
  Properties props;
};

struct Tileset {
  uint32_t firstgid = 0;
  std::string name;
  std::map<uint32_t, Tile> tiles;  // by local id
};

struct Object {
  int64_t id = 0;
  std::string name, cls;
  double x = 0, y = 0, width = 0, height = 0;
  bool point = false;
  uint32_t gid = 0;
};

struct Model {
  int width = 0, height = 0;
  double tile_width = 0, tile_height = 0;
  Properties props;
  std::vector<Tileset> tilesets;
  bool have_tile_layer = false;
  std::vector<uint32_t> gids;
  std::vector<Object> objects;
};

// Checks the map's header fields, in the order Tiled documents them.
void check_header(const Model& m, std::string_view orientation, bool infinite) {
  if (infinite) bad("infinite", "true", "a finite map (Map > Map Properties > Infinite off)");
  if (orientation != "orthogonal") bad("orientation", shown(orientation), "\"orthogonal\"");
  check_grid_size(m.width, m.height, "Tiled map");
  if (!(m.tile_width > 0) || !(m.tile_height > 0) || m.tile_width > 1e6 || m.tile_height > 1e6)
    bad("tile size", std::to_string(m.tile_width) + " x " + std::to_string(m.tile_height), "positive pixel sizes");
}

size_t cell_count(const Model& m) { return static_cast<size_t>(m.width) * static_cast<size_t>(m.height); }

// --- the JSON front end (.tmj, .tsj) -------------------------------------------------------------

ParamValue json_property_value(const json& type, const json& value, const std::string& where) {
  const std::string t = type.is_string() ? type.get<std::string>() : "string";
  if ((t == "int" || t == "object") && value.is_number_integer()) return value.get<int64_t>();
  if (t == "float" && value.is_number()) return value.get<double>();
  if (t == "bool" && value.is_boolean()) return value.get<bool>();
  if (value.is_string()) return value.get<std::string>();
  if (t == "class") return std::string();  // a custom class: not a recipe value
  bad(where, json_excerpt(value), "a value of type " + shown(t));
}

Properties json_properties(const json& obj, const std::string& where) {
  Properties props;
  auto it = obj.find("properties");
  if (it == obj.end()) return props;
  if (!it->is_array()) bad(where + " properties", json_excerpt(*it), "an array");
  for (const json& p : *it) {
    if (!p.is_object() || !p.contains("name") || !p["name"].is_string())
      bad(where + " property", json_excerpt(p), "an object with a \"name\"");
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
  if (!it->is_number() || !std::isfinite(it->get<double>())) bad(where + " " + key, json_excerpt(*it), "a number");
  return it->get<double>();
}

int64_t json_int(const json& obj, const char* key, const std::string& where, int64_t lo, int64_t hi) {
  auto it = obj.find(key);
  if (it == obj.end()) bad(where + key, "missing", "an integer");
  if (!it->is_number_integer()) bad(where + key, json_excerpt(*it), "an integer");
  const int64_t v = it->get<int64_t>();
  if (v < lo || v > hi) bad(where + key, json_excerpt(*it), std::to_string(lo) + " to " + std::to_string(hi));
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
  std::vector<std::vector<uint32_t>> arrays;
};

JsonDocument parse_json_document(std::string_view text, const std::string& what) {
  JsonDocument doc;
  bool after_data_key = false, collecting = false;
  int nested = 0;
  std::vector<uint32_t> current;
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
        current = {};
        return true;
      }
      if (event == E::value && nested == 0) {
        if (!parsed.is_number_unsigned() || parsed.get<uint64_t>() > 0xFFFFFFFFu)
          bad("layer data", json_excerpt(parsed), "tile ids (unsigned 32-bit integers)");
        if (current.size() >= static_cast<size_t>(kMaxSide) * static_cast<size_t>(kMaxSide))
          bad("layer data", "more than " + std::to_string(int64_t{kMaxSide} * kMaxSide) + " tile ids",
              "at most width * height");
        current.push_back(parsed.get<uint32_t>() & ~detail::kTiledGidFlags);
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
  if (!tiles->is_array()) bad(where + " tiles", json_excerpt(*tiles), "an array");
  if (tiles->size() > kMaxTiledItems) bad(where + " tiles", std::to_string(tiles->size()), "at most 2^20 tiles");
  for (const json& t : *tiles) {
    if (!t.is_object()) bad(where + " tile", json_excerpt(t), "an object");
    const auto id = static_cast<uint32_t>(json_int(t, "id", where + " tile ", 0, 0x0FFFFFFF));
    out.tiles[id] = Tile{json_class(t), json_properties(t, where + " tile " + std::to_string(id))};
  }
  return out;
}

bool is_json_name(std::string_view source) {
  auto ends = [&](std::string_view ext) {
    if (source.size() < ext.size()) return false;
    for (size_t i = 0; i < ext.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(source[source.size() - ext.size() + i])) != ext[i]) return false;
    return true;
  };
  return ends(".tsj") || ends(".json");
}

Tileset xml_tileset_file(std::string_view text, uint32_t firstgid, const std::string& where);

Tileset external_tileset(const std::string& source, uint32_t firstgid, const TiledSourceReader& read_source,
                         const std::string& where) {
  if (!read_source)
    bad(where + " source", shown(source),
        "an embedded tileset, or the map read from its file so that its external tilesets can be read");
  const std::string text = read_source(source);
  if (is_json_name(source)) {
    JsonDocument doc = parse_json_document(text, "Tiled tileset " + shown(source));
    return json_tileset(doc.root, firstgid, "tileset " + shown(source));
  }
  return xml_tileset_file(text, firstgid, "tileset " + shown(source));
}

void json_layers(const json& layers, Model& m, const json*& terrain, int depth) {
  if (!layers.is_array()) bad("layers", json_excerpt(layers), "an array");
  for (const json& layer : layers) {
    if (!layer.is_object()) bad("layer", json_excerpt(layer), "an object");
    const std::string type = json_string(layer, "type");
    if (type == "group" && depth < 16 && layer.contains("layers")) {
      json_layers(layer["layers"], m, terrain, depth + 1);
    } else if (type == "tilelayer") {
      if (!terrain || (json_string(*terrain, "name") != "terrain" && json_string(layer, "name") == "terrain"))
        terrain = &layer;
    } else if (type == "objectgroup" && layer.contains("objects")) {
      const json& objects = layer["objects"];
      if (!objects.is_array()) bad("objects", json_excerpt(objects), "an array");
      for (const json& o : objects) {
        if (!o.is_object()) bad("object", json_excerpt(o), "an object");
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
          if (!g->is_number_unsigned() || g->get<uint64_t>() > 0xFFFFFFFFu) bad(where + " gid", json_excerpt(*g), "a tile id");
          ob.gid = g->get<uint32_t>() & ~detail::kTiledGidFlags;
        }
        m.objects.push_back(std::move(ob));
      }
    }
  }
}

Model read_json(std::string_view text, const TiledSourceReader& read_source) {
  JsonDocument doc = parse_json_document(text, "Tiled map");
  const json& j = doc.root;
  Model m;
  if (json_string(j, "type") != "map" && !j.contains("layers"))
    bad("type", j.contains("type") ? json_excerpt(j["type"]) : "missing", "\"map\" (a Tiled JSON map, .tmj)");
  m.width = static_cast<int>(json_int(j, "width", "", 0, kMaxSide + 1));
  m.height = static_cast<int>(json_int(j, "height", "", 0, kMaxSide + 1));
  m.tile_width = json_number(j, "tilewidth", "map");
  m.tile_height = json_number(j, "tileheight", "map");
  check_header(m, j.contains("orientation") ? json_string(j, "orientation") : "orthogonal", j.value("infinite", false) == true);
  m.props = json_properties(j, "map");

  if (auto ts = j.find("tilesets"); ts != j.end()) {
    if (!ts->is_array()) bad("tilesets", json_excerpt(*ts), "an array");
    for (const json& t : *ts) {
      if (!t.is_object()) bad("tileset", json_excerpt(t), "an object");
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
    if (json_int(*terrain, "width", "layer ", 0, kMaxSide + 1) != m.width ||
        json_int(*terrain, "height", "layer ", 0, kMaxSide + 1) != m.height)
      bad("layer " + shown(json_string(*terrain, "name")) + " size",
          std::to_string((*terrain)["width"].get<int64_t>()) + " x " + std::to_string((*terrain)["height"].get<int64_t>()),
          "the map's size, " + std::to_string(m.width) + " x " + std::to_string(m.height));
    auto data = terrain->find("data");
    if (data == terrain->end()) bad(where, "missing", "the layer's tile ids");
    const std::string encoding = json_string(*terrain, "encoding");
    if (encoding == "base64") {
      if (!data->is_string()) bad(where, json_excerpt(*data), "base64 text");
      m.gids = detail::tiled_gids_from_base64(data->get_ref<const std::string&>(), json_string(*terrain, "compression"),
                                              cell_count(m), "Tiled map " + where);
    } else if (encoding.empty() || encoding == "csv") {
      if (!data->is_number_unsigned() || data->get<uint64_t>() >= doc.arrays.size())
        bad(where, json_excerpt(*data), "an array of tile ids");
      m.gids = std::move(doc.arrays[data->get<size_t>()]);
      if (m.gids.size() != cell_count(m))
        bad(where, std::to_string(m.gids.size()) + " tile ids", std::to_string(cell_count(m)) + " (width * height)");
    } else {
      bad(where + " encoding", shown(encoding), "csv or base64");
    }
  }
  return m;
}

// --- the XML front end (.tmx, .tsx) --------------------------------------------------------------

ParamValue xml_property_value(const pugi::xml_node& p, const std::string& where) {
  const std::string type = p.attribute("type").as_string("string");
  // Multi-line strings are written as the element's text instead of a value attribute.
  const std::string text = p.attribute("value") ? p.attribute("value").as_string() : p.text().as_string();
  if (type == "int" || type == "object") {
    int64_t v = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || ptr != end || text.empty()) bad(where, shown(text), "an integer");
    return v;
  }
  if (type == "float") {
    double v = 0;
    if (!detail::parse_finite_double(text, v)) bad(where, shown(text), "a number");
    return v;
  }
  if (type == "bool") {
    if (text != "true" && text != "false") bad(where, shown(text), "true or false");
    return text == "true";
  }
  return text;
}

Properties xml_properties(const pugi::xml_node& node, const std::string& where) {
  Properties props;
  for (const pugi::xml_node& p : node.child("properties").children("property")) {
    const std::string name = p.attribute("name").as_string();
    props.push_back({name, xml_property_value(p, where + " property " + shown(name))});
  }
  return props;
}

double xml_number(const pugi::xml_node& node, const char* attr, const std::string& where) {
  const pugi::xml_attribute a = node.attribute(attr);
  if (!a) return 0;
  double v = 0;
  if (!detail::parse_finite_double(a.as_string(), v)) bad(where + " " + attr, shown(a.as_string()), "a number");
  return v;
}

int64_t xml_int(const pugi::xml_node& node, const char* attr, const std::string& where, int64_t lo, int64_t hi) {
  const pugi::xml_attribute a = node.attribute(attr);
  if (!a) bad(where + attr, "missing", "an integer");
  const std::string_view s = a.as_string();
  int64_t v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || s.empty()) bad(where + attr, shown(s), "an integer");
  if (v < lo || v > hi) bad(where + attr, shown(s), std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

std::string xml_class(const pugi::xml_node& node) {
  const char* c = node.attribute("class").as_string();
  return *c ? c : node.attribute("type").as_string();
}

pugi::xml_document parse_xml(std::string_view text, const std::string& what) {
  pugi::xml_document doc;
  const pugi::xml_parse_result r = doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!r)
    throw InvalidArgument(FieldProblem{what, "unparsable", std::string("XML: ") + r.description() + " at byte " +
                                                               std::to_string(r.offset)});
  return doc;
}

Tileset xml_tileset(const pugi::xml_node& ts, uint32_t firstgid, const std::string& where) {
  Tileset out;
  out.firstgid = firstgid;
  out.name = ts.attribute("name").as_string();
  size_t n = 0;
  for (const pugi::xml_node& t : ts.children("tile")) {
    if (++n > kMaxTiledItems) bad(where + " tiles", "more than 2^20", "at most 2^20 tiles");
    const auto id = static_cast<uint32_t>(xml_int(t, "id", where + " tile ", 0, 0x0FFFFFFF));
    out.tiles[id] = Tile{xml_class(t), xml_properties(t, where + " tile " + std::to_string(id))};
  }
  return out;
}

Tileset xml_tileset_file(std::string_view text, uint32_t firstgid, const std::string& where) {
  const pugi::xml_document doc = parse_xml(text, "Tiled " + where);
  const pugi::xml_node ts = doc.child("tileset");
  if (!ts) bad(where, "no <tileset> element", "a Tiled tileset (.tsx)");
  return xml_tileset(ts, firstgid, where);
}

void xml_layers(const pugi::xml_node& parent, Model& m, pugi::xml_node& terrain, int depth) {
  for (const pugi::xml_node& layer : parent.children()) {
    const std::string_view kind = layer.name();
    if (kind == "group" && depth < 16) {
      xml_layers(layer, m, terrain, depth + 1);
    } else if (kind == "layer") {
      if (!terrain || (std::string_view(terrain.attribute("name").as_string()) != "terrain" &&
                       std::string_view(layer.attribute("name").as_string()) == "terrain"))
        terrain = layer;
    } else if (kind == "objectgroup") {
      for (const pugi::xml_node& o : layer.children("object")) {
        if (m.objects.size() >= kMaxTiledItems) bad("objects", "more than 2^20", "at most 2^20 objects");
        Object ob;
        ob.id = o.attribute("id").as_llong();
        const std::string where = "object " + std::to_string(ob.id);
        ob.name = o.attribute("name").as_string();
        ob.cls = xml_class(o);
        ob.x = xml_number(o, "x", where);
        ob.y = xml_number(o, "y", where);
        ob.width = xml_number(o, "width", where);
        ob.height = xml_number(o, "height", where);
        ob.point = static_cast<bool>(o.child("point"));
        if (o.attribute("gid"))
          ob.gid = static_cast<uint32_t>(xml_int(o, "gid", where + " ", 0, 0xFFFFFFFF)) & ~detail::kTiledGidFlags;
        m.objects.push_back(std::move(ob));
      }
    }
  }
}

Model read_xml(std::string_view text, const TiledSourceReader& read_source) {
  const pugi::xml_document doc = parse_xml(text, "Tiled map");
  const pugi::xml_node map = doc.child("map");
  if (!map) bad("document", "no <map> element", "a Tiled map (.tmx)");
  Model m;
  m.width = static_cast<int>(xml_int(map, "width", "", 0, kMaxSide + 1));
  m.height = static_cast<int>(xml_int(map, "height", "", 0, kMaxSide + 1));
  m.tile_width = xml_number(map, "tilewidth", "map");
  m.tile_height = xml_number(map, "tileheight", "map");
  check_header(m, map.attribute("orientation").as_string("orthogonal"), map.attribute("infinite").as_int() != 0);
  m.props = xml_properties(map, "map");

  for (const pugi::xml_node& t : map.children("tileset")) {
    const auto firstgid = static_cast<uint32_t>(xml_int(t, "firstgid", "tileset ", 1, 0x0FFFFFFF));
    const std::string source = t.attribute("source").as_string();
    m.tilesets.push_back(source.empty() ? xml_tileset(t, firstgid, "tileset " + shown(t.attribute("name").as_string()))
                                        : external_tileset(source, firstgid, read_source, "tileset"));
  }

  pugi::xml_node terrain;
  xml_layers(map, m, terrain, 0);
  if (terrain) {
    m.have_tile_layer = true;
    const std::string name = terrain.attribute("name").as_string();
    const std::string where = "layer " + shown(name) + " data";
    if (xml_int(terrain, "width", "layer ", 0, kMaxSide + 1) != m.width ||
        xml_int(terrain, "height", "layer ", 0, kMaxSide + 1) != m.height)
      bad("layer " + shown(name) + " size",
          std::string(terrain.attribute("width").as_string()) + " x " + terrain.attribute("height").as_string(),
          "the map's size, " + std::to_string(m.width) + " x " + std::to_string(m.height));
    const pugi::xml_node data = terrain.child("data");
    if (!data) bad(where, "missing", "a <data> element");
    if (data.child("chunk")) bad(where, "chunks", "a finite map's data");
    const std::string encoding = data.attribute("encoding").as_string();
    const std::string what = "Tiled map " + where;
    if (encoding == "csv") {
      m.gids = detail::tiled_gids_from_csv(data.text().as_string(), cell_count(m), what);
    } else if (encoding == "base64") {
      m.gids = detail::tiled_gids_from_base64(data.text().as_string(), data.attribute("compression").as_string(),
                                              cell_count(m), what);
    } else if (encoding.empty()) {  // the old XML form: one <tile gid="..."/> per cell
      m.gids.reserve(cell_count(m));
      for (const pugi::xml_node& t : data.children("tile")) {
        if (m.gids.size() == cell_count(m))
          bad(where, "more than " + std::to_string(cell_count(m)) + " <tile> elements", "width * height");
        m.gids.push_back(static_cast<uint32_t>(t.attribute("gid").as_ullong() & 0xFFFFFFFFu) & ~detail::kTiledGidFlags);
      }
      if (m.gids.size() != cell_count(m))
        bad(where, std::to_string(m.gids.size()) + " <tile> elements", std::to_string(cell_count(m)) + " (width * height)");
    } else {
      bad(where + " encoding", shown(encoding), "csv or base64");
    }
  }
  return m;
}

// --- the model as a Dungeon ----------------------------------------------------------------------

// The tile a gid refers to: the tileset with the largest firstgid not above it.
const Tile* tile_of(const std::vector<Tileset>& tilesets, uint32_t gid) {
  const Tileset* best = nullptr;
  for (const Tileset& ts : tilesets)
    if (ts.firstgid <= gid && (!best || ts.firstgid > best->firstgid)) best = &ts;
  if (!best) return nullptr;
  auto it = best->tiles.find(gid - best->firstgid);
  return it == best->tiles.end() ? nullptr : &it->second;
}

std::optional<Terrain> terrain_of(const Tile* tile) {
  if (!tile) return std::nullopt;
  return terrain_from_name(property_text(find_property(tile->props, "terrain")));
}

std::optional<ObjectiveKind> objective_of(const Object& o, const std::vector<Tileset>& tilesets) {
  if (auto k = objective_kind_from_name(o.cls)) return k;
  if (!o.cls.empty() || o.gid == 0) return std::nullopt;
  const Tile* tile = tile_of(tilesets, o.gid);  // a tile object takes its tile's class
  if (!tile) return std::nullopt;
  if (auto k = objective_kind_from_name(property_text(find_property(tile->props, "objective")))) return k;
  return objective_kind_from_name(tile->cls);
}

std::string terrain_names() {
  std::string s;
  for (Terrain t : kAllTerrains) s += (s.empty() ? "" : ", ") + std::string(terrain_name(t));
  return s;
}

int cell_of(double pixels, double tile, const std::string& where) {
  const double c = std::floor(pixels / tile);
  constexpr double kLimit = 4.0 * kMaxSide;  // as the JSON map reader: off the map is reported, not refused
  if (!(c >= -kLimit && c <= kLimit)) bad(where, std::to_string(pixels) + " pixels", "a position near the map");
  return static_cast<int>(c);
}

Dungeon to_dungeon(Model& m) {
  bool any_terrain = false;
  for (const Tileset& ts : m.tilesets)
    for (const auto& entry : ts.tiles) any_terrain = any_terrain || terrain_of(&entry.second).has_value();
  if (!any_terrain)
    bad("tilesets", m.tilesets.empty() ? "none" : "no tile with a \"terrain\" property",
        "catacomb's terrain tileset: tiles whose string property \"terrain\" is one of " + terrain_names() +
            " (export the map with catacomb generate --tmj)");
  if (!m.have_tile_layer) bad("layers", "no tile layer", "a tile layer named \"terrain\"");

  Dungeon d;
  d.tiles = Grid<Terrain>(m.width, m.height, Terrain::Wall);
  uint32_t last_gid = 0;
  Terrain last = Terrain::Wall;
  bool have_last = false;
  for (size_t i = 0; i < m.gids.size(); ++i) {
    const uint32_t gid = m.gids[i];
    if (!have_last || gid != last_gid) {
      const auto t = terrain_of(tile_of(m.tilesets, gid));
      const int x = static_cast<int>(i % static_cast<size_t>(m.width)), y = static_cast<int>(i / static_cast<size_t>(m.width));
      if (!t)
        bad("terrain at (" + std::to_string(x) + "," + std::to_string(y) + ")",
            gid == 0 ? std::string("an empty cell") : "tile id " + std::to_string(gid) + " without a \"terrain\" property",
            "a terrain tile (" + terrain_names() + ")");
      last_gid = gid;
      last = *t;
      have_last = true;
    }
    d.tiles.data()[i] = last;
  }
  std::vector<uint32_t>().swap(m.gids);

  for (const Object& o : m.objects) {
    const std::string where = "object " + std::to_string(o.id) + " (" + shown(o.name) + ")";
    if (auto kind = objective_of(o, m.tilesets)) {
      // Where the object is drawn: a point, the centre of a tile object (anchored at its
      // bottom-left corner) or of a rectangle.
      double cx = o.x, cy = o.y;
      if (o.gid != 0) {
        cx += o.width / 2;
        cy -= o.height / 2;
      } else if (!o.point) {
        cx += o.width / 2;
        cy += o.height / 2;
      }
      d.objectives.push_back({*kind, {cell_of(cx, m.tile_width, where + " x"), cell_of(cy, m.tile_height, where + " y")}});
    } else if (o.cls == "room" && o.gid == 0 && !o.point) {
      // Clipped to the map: a room dragged partly off the map keeps its part on it.
      const double x0 = std::max(0.0, std::round(o.x / m.tile_width)), y0 = std::max(0.0, std::round(o.y / m.tile_height));
      const double x1 = std::min<double>(m.width, std::round((o.x + o.width) / m.tile_width));
      const double y1 = std::min<double>(m.height, std::round((o.y + o.height) / m.tile_height));
      if (x1 > x0 && y1 > y0)
        d.rooms.push_back({static_cast<int>(x0), static_cast<int>(y0), static_cast<int>(x1 - x0), static_cast<int>(y1 - y0)});
    }
  }
  // Start first, then exit, then the rest in layer order: the order catacomb's maps keep.
  std::stable_sort(d.objectives.begin(), d.objectives.end(), [](const Objective& a, const Objective& b) {
    auto rank = [](ObjectiveKind k) { return k == ObjectiveKind::Start ? 0 : k == ObjectiveKind::Exit ? 1 : 2; };
    return rank(a.kind) < rank(b.kind);
  });

  for (const Property& p : m.props) {
    if (p.name == "seed") {
      const std::string* s = std::get_if<std::string>(&p.value);
      const int64_t* i = std::get_if<int64_t>(&p.value);
      uint64_t seed = 0;
      bool ok = i && *i >= 0;
      if (ok) seed = static_cast<uint64_t>(*i);
      if (s) {
        auto [ptr, ec] = std::from_chars(s->data(), s->data() + s->size(), seed);
        ok = ec == std::errc() && ptr == s->data() + s->size() && !s->empty();
      }
      if (!ok) bad("property seed", s ? shown(*s) : "not a number", "an unsigned 64-bit decimal integer");
      d.seed = seed;
    } else if (p.name == "generator") {
      d.generator = property_text(&p);
    } else if (p.name == "attempts") {
      if (const int64_t* i = std::get_if<int64_t>(&p.value); i && *i >= 0 && *i < 1000000) d.attempts = static_cast<int>(*i);
    } else {
      d.params.emplace_back(p.name.starts_with("param.") ? p.name.substr(6) : p.name, p.value);
    }
  }
  return d;
}

}  // namespace

Dungeon read_tiled_map(std::string_view text, TiledSyntax syntax, const TiledSourceReader& read_source) {
  Model m = syntax == TiledSyntax::Json ? read_json(text, read_source) : read_xml(text, read_source);
  return to_dungeon(m);
}

#endif  // CATACOMB_TILED_READER

}  // namespace catacomb
