// The C API's other formats: Tiled maps, Moving AI maps and the game formats (a des-file, a
// Griddly level string, an .npz level buffer), the bytes the CLI's --tmj, --map, --des,
// --level-string and --npz write (io/tiled.cpp, io/movingai.cpp, io/game_formats.hpp).
#include "capi_internal.hpp"

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/game_formats.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/io/tiled.hpp>

using namespace catacomb;
using namespace catacomb::capi;

extern "C" {

int catacomb_dungeon_write_tmj(const catacomb_dungeon* dungeon, const char* path) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need(path, "path", "a .tmj file name");
    check_writable_path("path", path);
    const TiledExport t = make_tiled(dungeon->dungeon, path, 16, dungeon->options.costs);
    write_file_atomic(tiled_tileset_path(path), t.tileset_png);
    write_file_atomic(path, t.tmj);
    return 0;
  });
}

char* catacomb_dungeon_to_movingai(const catacomb_dungeon* dungeon) {
  return guarded<char*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return copy_string(write_movingai_map(dungeon->dungeon.tiles, dungeon->options.costs));
  });
}

char* catacomb_dungeon_to_des(const catacomb_dungeon* dungeon, const char* name) {
  return guarded<char*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    return copy_string(write_des(dungeon->dungeon, name ? name : "catacomb"));
  });
}

char* catacomb_dungeon_to_level_string(const catacomb_dungeon* dungeon, const char* legend_json) {
  return guarded<char*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    const bool given = legend_json && *legend_json;
    return copy_string(
        write_level_string(dungeon->dungeon, given ? read_griddly_legend(legend_json) : GriddlyLegend{}));
  });
}

long long catacomb_dungeon_npz(const catacomb_dungeon* dungeon, unsigned char* buffer, size_t size) {
  return guarded<long long>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    if (size > 0) need(buffer, "buffer", "bytes to write to (or size 0 to ask the size)");
    const std::string bytes = write_level_npz(dungeon->dungeon, dungeon->options);
    if (size > 0) std::memcpy(buffer, bytes.data(), std::min(size, bytes.size()));
    return static_cast<long long>(bytes.size());
  });
}

int catacomb_dungeon_write_npz(const catacomb_dungeon* dungeon, const char* path) {
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need(path, "path", "an .npz file name");
    check_writable_path("path", path);
    write_file_atomic(path, write_level_npz(dungeon->dungeon, dungeon->options));
    return 0;
  });
}

}  // extern "C"
