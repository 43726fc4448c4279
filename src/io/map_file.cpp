// Choosing a map's format: by the file name's extension when it has one of ours, by the content
// otherwise, and a content that is clearly another format than the extension says is refused as
// a mismatch. The file is read through the bounded reader with the chosen format's limits; a
// Tiled map's external tilesets are read (bounded too) relative to the map's directory.
#include <catacomb/io/map_file.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/io/tiled_read.hpp>
#include "shared/core/bounded_input.hpp"

namespace catacomb {
namespace {

enum class MapFormat { Json, TiledJson, TiledXml, MovingAi, Ascii };

const char* format_label(MapFormat f) {
  switch (f) {
    case MapFormat::Json: return "a JSON map";
    case MapFormat::TiledJson: return "a Tiled JSON map";
    case MapFormat::TiledXml: return "a Tiled XML map";
    case MapFormat::MovingAi: return "a Moving AI map";
    case MapFormat::Ascii: return "an ASCII map";
  }
  return "";
}

// The format an extension names (case-insensitive), if it is one of ours.
std::optional<MapFormat> format_of_name(std::string_view name) {
  const size_t dot = name.find_last_of('.');
  const size_t slash = name.find_last_of("/\\");
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return std::nullopt;
  std::string ext(name.substr(dot + 1));
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
  if (ext == "json") return MapFormat::Json;
  if (ext == "tmj") return MapFormat::TiledJson;
  if (ext == "tmx") return MapFormat::TiledXml;
  if (ext == "map") return MapFormat::MovingAi;
  if (ext == "txt") return MapFormat::Ascii;
  return std::nullopt;
}

// A JSON document that is not a catacomb map and has what every Tiled map has (layers and
// tilesets) is a Tiled map.
bool looks_like_tiled_json(std::string_view text) {
  return text.find("\"catacomb-map\"") == std::string_view::npos && text.find("\"layers\"") != std::string_view::npos &&
         text.find("\"tilesets\"") != std::string_view::npos;
}

// The format the content looks like ("{" first: JSON, catacomb's or Tiled's; "<" first: Tiled
// XML; "type " first: Moving AI), or nothing when it looks like none of them (as ASCII maps do).
std::optional<MapFormat> format_of_content(std::string_view head) {
  if (head.starts_with("{")) return looks_like_tiled_json(head) ? MapFormat::TiledJson : MapFormat::Json;
  if (head.starts_with("<")) return MapFormat::TiledXml;
  if (head.starts_with("type ") || head.starts_with("type\t")) return MapFormat::MovingAi;
  return std::nullopt;
}

std::string_view skip_space(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  return first == std::string_view::npos ? std::string_view{} : text.substr(first);
}

// The format to read `text` (BOM removed) as; throws for a content that contradicts the extension.
// A .json file may hold a Tiled map (Tiled saved JSON maps as .json before .tmj).
MapFormat choose_format(std::string_view text, std::string_view name) {
  const std::optional<MapFormat> by_name = format_of_name(name);
  const std::optional<MapFormat> by_content = format_of_content(skip_space(text));
  if (!by_name) return by_content.value_or(MapFormat::Ascii);
  if (*by_name == MapFormat::Json && by_content == MapFormat::TiledJson) return MapFormat::TiledJson;
  if (*by_name == MapFormat::TiledJson && by_content == MapFormat::Json)
    return MapFormat::TiledJson;  // says what is missing
  const bool contradicts = by_content ? *by_content != *by_name
                                      : *by_name != MapFormat::Ascii && *by_name != MapFormat::MovingAi;
  if (contradicts) {
    const std::string_view head = skip_space(text).substr(0, 12);
    throw InvalidArgument("map format = " + std::string(format_label(by_content.value_or(MapFormat::Ascii))) +
                          " by its content (it starts with '" + std::string(head) + "'), but the file name says " +
                          format_label(*by_name) +
                          " (expected the content to match the extension .json, .tmj, .tmx, .txt or .map)");
  }
  return *by_name;
}

std::string_view without_bom(std::string_view text) { return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text; }

MapFile parse(std::string_view text, const std::string& name, const TiledSourceReader& read_source,
              const MapSizeCheck& check_size) {
  text = without_bom(text);
  try {
    switch (choose_format(text, name)) {
      case MapFormat::Json: return read_json_map_and_costs(text, CostTable::dungeon(), check_size);
      case MapFormat::TiledJson:
        return {read_tiled_map(text, TiledSyntax::Json, read_source, check_size), std::nullopt};
      case MapFormat::TiledXml: return {read_tiled_map(text, TiledSyntax::Xml, read_source, check_size), std::nullopt};
      case MapFormat::MovingAi: {
        MapFile f;
        f.dungeon.tiles = read_movingai_map(text, check_size);
        return f;
      }
      case MapFormat::Ascii: break;
    }
    return {read_ascii(text, check_size), std::nullopt};
  } catch (const InvalidArgument& e) {
    if (name.empty()) throw;
    throw InvalidArgument(name + ": " + e.what());
  }
}

}  // namespace

Dungeon parse_map(std::string_view text, const std::string& name) { return parse(text, name, {}, {}).dungeon; }

MapFile parse_map_file(std::string_view text, const std::string& name, const MapSizeCheck& check_size) {
  return parse(text, name, {}, check_size);
}

ReadLimits map_read_limits(std::string_view head, const std::string& name) {
  const MapFormat f = format_of_name(name).value_or(
      format_of_content(skip_space(without_bom(head))).value_or(MapFormat::Ascii));
  const bool lines = f == MapFormat::MovingAi || f == MapFormat::Ascii;
  ReadLimits limits;
  limits.max_bytes = kMaxMapFileBytes;
  limits.max_line = lines ? kMaxMapLineBytes : 0;
  limits.what = std::string(format_label(f)) + " of at most " + std::to_string(kMaxSide) + "x" +
                std::to_string(kMaxSide) + " tiles" + (lines ? ", a row per line" : "");
  return limits;
}

Dungeon load_map(const std::string& path, const MapSizeCheck& check_size) {
  return load_map_file(path, check_size).dungeon;
}

MapFile load_map_file(const std::string& path, const MapSizeCheck& check_size) {
  const std::string text = detail::read_bounded(path,
                                                [&](std::string_view head) { return map_read_limits(head, path); });
  // A Tiled map's external tilesets are named relative to the map's own directory.
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  const TiledSourceReader read_source = [&dir](const std::string& source) {
    ReadLimits limits;
    limits.max_bytes = kMaxMapFileBytes;
    limits.what = "a Tiled tileset";
    return read_file((dir / std::filesystem::path(source)).generic_string(), limits);
  };
  return parse(text, path, read_source, check_size);
}

}  // namespace catacomb
