#include <catacomb/io/map_file.hpp>

#include <cctype>
#include <filesystem>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/atomic_file.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/io/tiled_read.hpp>

namespace catacomb {
namespace {

bool has_extension(const std::string& name, std::string_view ext) {
  if (name.size() < ext.size()) return false;
  for (size_t i = 0; i < ext.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(name[name.size() - ext.size() + i])) != ext[i]) return false;
  return true;
}

// A JSON document is a Tiled map when its name says so (.tmj) or when it is not a catacomb map
// and has what every Tiled map has (layers and tilesets).
bool is_tiled_json(std::string_view text, const std::string& name) {
  if (has_extension(name, ".tmj")) return true;
  return text.find("\"catacomb-map\"") == std::string_view::npos && text.find("\"layers\"") != std::string_view::npos &&
         text.find("\"tilesets\"") != std::string_view::npos;
}

Dungeon parse(std::string_view text, const std::string& name, const TiledSourceReader& read_source) {
  size_t first = text.find_first_not_of(" \t\r\n");
  std::string_view head = first == std::string_view::npos ? std::string_view{} : text.substr(first);
  try {
    if (head.starts_with("{"))
      return is_tiled_json(head, name) ? read_tiled_map(text, TiledSyntax::Json, read_source) : read_json_map(text);
    if (head.starts_with("<") || has_extension(name, ".tmx")) return read_tiled_map(text, TiledSyntax::Xml, read_source);
    if (head.starts_with("type ") || name.ends_with(".map")) {
      Dungeon d;
      d.tiles = read_movingai_map(text);
      return d;
    }
    return read_ascii(text);
  } catch (const InvalidArgument& e) {
    if (name.empty()) throw;
    throw InvalidArgument(name + ": " + e.what());
  }
}

}  // namespace

Dungeon parse_map(std::string_view text, const std::string& name) { return parse(text, name, {}); }

Dungeon load_map(const std::string& path) {
  // A Tiled map's external tilesets are named relative to the map's own directory.
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  const TiledSourceReader read_source = [&dir](const std::string& source) {
    return read_file((dir / std::filesystem::path(source)).generic_string());
  };
  return parse(read_file(path), path, read_source);
}

}  // namespace catacomb
