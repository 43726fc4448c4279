// Choosing a map's format: by the file name's extension when it has one of ours, by the content
// otherwise, and a content that is clearly another format than the extension says is refused as
// a mismatch. The file is read through the bounded reader with the chosen format's limits.
#include <catacomb/io/map_file.hpp>

#include <algorithm>
#include <optional>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/atomic_file.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/movingai.hpp>
#include "io/bounded_input.hpp"

namespace catacomb {
namespace {

enum class MapFormat { Json, MovingAi, Ascii };

const char* format_label(MapFormat f) {
  switch (f) {
    case MapFormat::Json: return "a JSON map";
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
  std::transform(ext.begin(), ext.end(), ext.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
  if (ext == "json") return MapFormat::Json;
  if (ext == "map") return MapFormat::MovingAi;
  if (ext == "txt") return MapFormat::Ascii;
  return std::nullopt;
}

// The format the content looks like ("{" first: JSON, "type " first: Moving AI), or nothing when
// it looks like neither (which ASCII maps do).
std::optional<MapFormat> format_of_content(std::string_view head) {
  if (head.starts_with("{")) return MapFormat::Json;
  if (head.starts_with("type ") || head.starts_with("type\t")) return MapFormat::MovingAi;
  return std::nullopt;
}

std::string_view skip_space(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  return first == std::string_view::npos ? std::string_view{} : text.substr(first);
}

// The format to read `text` (BOM removed) as; throws for a content that contradicts the extension.
MapFormat choose_format(std::string_view text, std::string_view name) {
  const std::optional<MapFormat> by_name = format_of_name(name);
  const std::optional<MapFormat> by_content = format_of_content(skip_space(text));
  if (!by_name) return by_content.value_or(MapFormat::Ascii);
  const bool contradicts = by_content ? *by_content != *by_name : *by_name == MapFormat::Json;
  if (contradicts) {
    const std::string_view head = skip_space(text).substr(0, 12);
    throw InvalidArgument("map format = " + std::string(format_label(by_content.value_or(MapFormat::Ascii))) +
                          " by its content (it starts with '" + std::string(head) +
                          "'), but the file name says " + format_label(*by_name) +
                          " (expected the content to match the extension .json, .txt or .map)");
  }
  return *by_name;
}

std::string_view without_bom(std::string_view text) {
  return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
}

}  // namespace

Dungeon parse_map(std::string_view text, const std::string& name) {
  text = without_bom(text);
  try {
    switch (choose_format(text, name)) {
      case MapFormat::Json: return read_json_map(text);
      case MapFormat::MovingAi: {
        Dungeon d;
        d.tiles = read_movingai_map(text);
        return d;
      }
      case MapFormat::Ascii: break;
    }
    return read_ascii(text);
  } catch (const InvalidArgument& e) {
    if (name.empty()) throw;
    throw InvalidArgument(name + ": " + e.what());
  }
}

ReadLimits map_read_limits(std::string_view head, const std::string& name) {
  const MapFormat f = format_of_name(name).value_or(
      format_of_content(skip_space(without_bom(head))).value_or(MapFormat::Ascii));
  ReadLimits limits;
  limits.max_bytes = kMaxMapFileBytes;
  limits.max_line = f == MapFormat::Json ? 0 : kMaxMapLineBytes;
  limits.what = std::string(format_label(f)) + " of at most " + std::to_string(kMaxSide) + "x" +
                std::to_string(kMaxSide) + " tiles" +
                (f == MapFormat::Json ? "" : ", a row per line");
  return limits;
}

Dungeon load_map(const std::string& path) {
  const std::string text =
      detail::read_bounded(path, [&](std::string_view head) { return map_read_limits(head, path); });
  return parse_map(text, path);
}

}  // namespace catacomb
