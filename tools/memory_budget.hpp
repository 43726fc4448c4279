#pragma once
/// Memory bounded by the request: each subcommand that works on a map estimates its peak memory
/// from the map's cell count before the work starts, and refuses a request beyond --max-memory
/// (default: half the machine's physical memory) saying how much it would need.
///
/// Peak memory per cell, measured with /usr/bin/time on 4096x4096 and 16384x16384 maps (release
/// build, bench/scale.sh; the fixed part is a few MB): generate 57 (rooms) and 35 (caves) bytes,
/// validate a JSON map 11 bytes, path (A*) 38 to 41 bytes, path with JPS 60 bytes (its jump
/// tables and per-cell node state come on top of the map). The estimates round these up. So a
/// 16384x16384 request needs about 17 GB to generate rooms (11 GB caves), 8.6 GB to validate and
/// 13 GB to route on (17 GB with JPS).
#include <CLI/CLI.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <cstdint>
#include <string>

namespace catacomb::cli {

/// Bytes per cell of the estimates.
inline constexpr uint64_t kGenerateBytesPerCell = 64;       // rooms and side-view levels
inline constexpr uint64_t kGenerateCavesBytesPerCell = 40;  // caves
inline constexpr uint64_t kValidateBytesPerCell = 32;
inline constexpr uint64_t kPathBytesPerCell = 48;     // every algorithm but JPS
inline constexpr uint64_t kPathJpsBytesPerCell = 64;  // JPS

/// The estimate for generating with `g`.
inline uint64_t generate_bytes_per_cell(GeneratorKind g) {
  return g == GeneratorKind::Caves ? kGenerateCavesBytesPerCell : kGenerateBytesPerCell;
}

/// The --max-memory flag: a budget in MiB; 0 (the default) means half the physical memory.
struct MemoryBudget {
  uint64_t max_mib = 0;
  /// Declares --max-memory on `sub`.
  void add_option(CLI::App& sub);
  /// The budget in bytes (half the physical memory when --max-memory is 0; 4 GiB when that
  /// cannot be found).
  uint64_t bytes() const;
  /// Throws InvalidArgument {"--max-memory", budget, "at least N MiB: <what> needs about B bytes per
  /// cell x C cells"} when copies x cells x bytes_per_cell exceeds the budget.
  void check(const std::string& what, uint64_t cells, uint64_t bytes_per_cell, uint64_t copies = 1) const;
  /// load_map_file(path) with check(what, cells, bytes_per_cell) made from the size the map
  /// declares, before its tiles are decoded (so a small compressed file that declares a huge
  /// map is refused at once); the refusal is thrown as check throws it.
  MapFile load_map(const std::string& path, const std::string& what, uint64_t bytes_per_cell) const;
};

}  // namespace catacomb::cli
