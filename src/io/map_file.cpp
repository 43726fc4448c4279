#include <catacomb/io/map_file.hpp>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/atomic_file.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/movingai.hpp>

namespace catacomb {

Dungeon parse_map(std::string_view text, const std::string& name) {
  size_t first = text.find_first_not_of(" \t\r\n");
  std::string_view head = first == std::string_view::npos ? std::string_view{} : text.substr(first);
  try {
    if (head.starts_with("{")) return read_json_map(text);
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

Dungeon load_map(const std::string& path) { return parse_map(read_file(path), path); }

}  // namespace catacomb
