// The XML front end of the Tiled reader (.tmx maps, .tsx tilesets): pugixml.
#include "io/tiled_model.hpp"

#if CATACOMB_TILED_READER
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

#include <pugixml.hpp>

#include "shared/core/parse_number.hpp"
#include "io/tiled_decode.hpp"

namespace catacomb::detail::tiled {
namespace {

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
    throw InvalidArgument(FieldProblem{
        what, "unparsable", std::string("XML: ") + r.description() + " at byte " + std::to_string(r.offset)});
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
        ob.props = xml_properties(o, where);
        m.objects.push_back(std::move(ob));
      }
    }
  }
}

}  // namespace

Tileset xml_tileset_file(std::string_view text, uint32_t firstgid, const std::string& where) {
  const pugi::xml_document doc = parse_xml(text, "Tiled " + where);
  const pugi::xml_node ts = doc.child("tileset");
  if (!ts) bad(where, "no <tileset> element", "a Tiled tileset (.tsx)");
  return xml_tileset(ts, firstgid, where);
}

Model read_xml(std::string_view text, const TiledSourceReader& read_source, const MapSizeCheck& check_size) {
  const pugi::xml_document doc = parse_xml(text, "Tiled map");
  const pugi::xml_node map = doc.child("map");
  if (!map) bad("document", "no <map> element", "a Tiled map (.tmx)");
  Model m;
  m.width = static_cast<int>(xml_int(map, "width", "", 0, kMaxSide + 1));
  m.height = static_cast<int>(xml_int(map, "height", "", 0, kMaxSide + 1));
  m.tile_width = xml_number(map, "tilewidth", "map");
  m.tile_height = xml_number(map, "tileheight", "map");
  check_header(m, map.attribute("orientation").as_string("orthogonal"), map.attribute("infinite").as_int() != 0);
  if (check_size) check_size(m.width, m.height);  // before any tileset or layer is read
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
    m.cells.start(cell_count(m), what);
    if (encoding == "csv") {
      detail::tiled_gids_from_csv(data.text().as_string(), cell_count(m), what, m.cells);
    } else if (encoding == "base64") {
      detail::tiled_gids_from_base64(data.text().as_string(), data.attribute("compression").as_string(), cell_count(m),
                                     what, m.cells);
    } else if (encoding.empty()) {  // the old XML form: one <tile gid="..."/> per cell
      for (const pugi::xml_node& t : data.children("tile")) {
        if (m.cells.size() == cell_count(m))
          bad(where, "more than " + std::to_string(cell_count(m)) + " <tile> elements", "width * height");
        m.cells.push(static_cast<uint32_t>(t.attribute("gid").as_ullong() & 0xFFFFFFFFu) & ~detail::kTiledGidFlags);
      }
      if (m.cells.size() != cell_count(m))
        bad(where, std::to_string(m.cells.size()) + " <tile> elements",
            std::to_string(cell_count(m)) + " (width * height)");
    } else {
      bad(where + " encoding", shown(encoding), "csv or base64");
    }
  }
  return m;
}

}  // namespace catacomb::detail::tiled

#elif CATACOMB_TILED_JSON

// Built with the Tiled reader's JSON half alone (CATACOMB_TILED_JSON, no pugixml): XML refused.
namespace catacomb::detail::tiled {

Model read_xml(std::string_view, const TiledSourceReader&, const MapSizeCheck&) {
  bad("syntax", "XML (.tmx)", "Tiled JSON (.tmj): this build reads no XML (CATACOMB_TILED_READER=OFF)");
}

Tileset xml_tileset_file(std::string_view, uint32_t, const std::string& where) {
  bad(where, "XML (.tsx)", "a Tiled JSON tileset (.tsj): this build reads no XML (CATACOMB_TILED_READER=OFF)");
}

}  // namespace catacomb::detail::tiled

#endif  // CATACOMB_TILED_READER
