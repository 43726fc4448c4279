// The C API's other formats: Tiled maps and Moving AI maps, the bytes the CLI's --tmj and --map
// write (io/tiled.cpp, io/movingai.cpp).
#include "capi_internal.hpp"

#include <catacomb/core/atomic_file.hpp>
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

}  // extern "C"
