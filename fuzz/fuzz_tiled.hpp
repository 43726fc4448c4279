#pragma once
// The Tiled reader on any bytes, shared by fuzz_tiled_tmj and fuzz_tiled_tmx: a Dungeon or
// InvalidArgument (IoError only for an external tileset other than the one catacomb writes);
// what it reads, written again as a .tmj with make_tiled and read back, gives the same tiles,
// objectives (kind, cell, lock and switch), rooms, locks and key rule, and progression doors.
#include <catacomb/core/error.hpp>
#include <catacomb/io/tiled.hpp>
#include <catacomb/io/tiled_read.hpp>

#include "fuzz_common.hpp"

namespace catacomb::fuzz {

inline int fuzz_tiled(const uint8_t* data, size_t size, TiledSyntax syntax) {
  // catacomb's own external tileset (what a batch's maps refer to), under any .tsj name.
  static const std::string tileset = make_tiled_tileset("catacomb-tileset.tsj").tsj;
  const TiledSourceReader read_source = [](const std::string& source) -> std::string {
    if (source.size() >= 4 && source.compare(source.size() - 4, 4, ".tsj") == 0) return tileset;
    throw IoError("read", source, "no such tileset in the fuzzer");
  };
  Dungeon d;
  try {
    d = read_tiled_map(as_text(data, size), syntax, read_source);
  } catch (const InvalidArgument&) { return 0; } catch (const IoError&) {
    return 0;
  }
  std::string tmj;
  try {
    tmj = make_tiled(d, "m.tmj", 8).tmj;
  } catch (const InvalidArgument&) {
    return 0;  // what the writer refuses (parameters that are not UTF-8 text)
  }
  const Dungeon again = read_tiled_map(tmj, TiledSyntax::Json, read_source);
  check(again.tiles == d.tiles, "Tiled write -> read round trip: tiles");
  check(again.objectives.size() == d.objectives.size(), "Tiled write -> read round trip: objective count");
  for (size_t i = 0; i < d.objectives.size(); ++i)
    check(again.objectives[i] == d.objectives[i], "Tiled write -> read round trip: objectives (kind, cell, lock)");
  check(again.rooms == d.rooms, "Tiled write -> read round trip: rooms");
  check(again.locks == d.locks && again.key_rule == d.key_rule, "Tiled write -> read round trip: locks and key rule");
  check(again.doors == d.doors, "Tiled write -> read round trip: gates, one-way and secret doors");
  return 0;
}

}  // namespace catacomb::fuzz
