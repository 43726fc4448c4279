#pragma once
// Internal (not installed): decoding a Tiled tile layer's data into global tile ids, shared by
// the .tmj and .tmx readers: CSV text, base64, and zlib/gzip inflation bounded by the size the
// map declares (a small file cannot make catacomb allocate more than the map needs).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace catacomb::detail {

/// The three bits of a gid Tiled uses for flips and rotation (and the fourth, hexagonal
/// rotation); masked off: a flipped tile is still the same terrain.
inline constexpr uint32_t kTiledGidFlags = 0xF0000000u;

/// Gids from CSV text ("1,2,3,\n4,..."): exactly `count` unsigned decimal values separated by
/// commas, with any whitespace around them. Throws InvalidArgument naming `what`.
std::vector<uint32_t> tiled_gids_from_csv(std::string_view text, size_t count, const std::string& what);

/// Gids from base64 text (whitespace ignored) holding `count` little-endian 32-bit values,
/// inflated first when `compression` is "zlib" or "gzip" (empty: none). The inflated size may
/// not exceed 4 * count bytes; it must equal it. Throws InvalidArgument naming `what`, e.g. for
/// "zstd" (not supported) or corrupt data.
std::vector<uint32_t> tiled_gids_from_base64(std::string_view text, std::string_view compression, size_t count,
                                             const std::string& what);

}  // namespace catacomb::detail
