#pragma once
/// The Moving AI Lab grid benchmark formats (Sturtevant 2012, movingai.com/benchmarks):
/// octile maps (.map) and scenario files (.map.scen).
///
/// Map: four header lines "type octile", "height H", "width W", "map", then H rows of exactly W
/// characters. Origin (0, 0) at the upper left, x = column, y = row. Passable: '.', 'G', 'S'
/// (read as Terrain::Floor); blocked: '@', 'O', 'T', 'W' (read as Terrain::Wall).
///
/// Scenario: "version 1", then one problem per line, tab- (or space-) separated:
/// bucket, map, map width, map height, start x, start y, goal x, goal y, optimal length.
/// Lengths assume 8 neighbours, diagonal cost sqrt(2) and no corner cutting, and are printed to
/// about 6 significant digits in some editions: compare with a relative tolerance (1e-5).
/// Both readers accept "\r\n" line ends and skip blank lines after the map rows / problems.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Parses a .map file's text. Throws InvalidArgument naming the line and what was expected
/// ("movingai map line 5 = ... (expected ...)") for a bad header, a missing, short or long row,
/// an unknown character, or sides outside [1, kMaxSide]. `check_size`, when given, is called
/// with the header's width and height before the rows are read.
Grid<Terrain> read_movingai_map(std::string_view text, const MapSizeCheck& check_size = {});

/// The map as .map text: cells passable under `costs` become '.', the others '@'; header
/// "type octile\nheight H\nwidth W\nmap\n", every row ending in '\n'.
std::string write_movingai_map(const Grid<Terrain>& tiles, const CostTable& costs);

/// One problem of a scenario file.
struct Scenario {
  /// The problem's bucket (the file's first column), by optimal length.
  int bucket = 0;
  /// The map column as written (e.g. "maps/dao/arena2.map" or "arena2.map").
  std::string map;
  int map_width = 0;   ///< [Units: cells]
  int map_height = 0;  ///< [Units: cells]
  /// Start cell.
  Point start;
  /// Goal cell.
  Point goal;
  /// Published optimal cost (8 neighbours, sqrt(2) diagonals, no corner cutting).
  double optimal_length = 0;
  /// Equal when every column is equal.
  friend bool operator==(const Scenario&, const Scenario&) = default;
};

/// Parses a .map.scen file's text: the "version 1" header (also "version 1.0"), then one problem
/// per non-blank line. Throws InvalidArgument naming the line number and the bad field
/// ("movingai scenario line 7 start_x = abc (expected an integer >= 0)"). Checks each line on its
/// own (fields, numbers, start and goal inside the stated map size), not against a map.
std::vector<Scenario> read_scenarios(std::string_view text);

/// Largest scenario file read: 64 MiB (over a million problems).
inline constexpr uint64_t kMaxScenarioFileBytes = uint64_t{64} << 20;
/// Longest line of a scenario file.
inline constexpr uint64_t kMaxScenarioLineBytes = 4096;

/// Reads and parses a .map file. Throws IoError (unreadable) or InvalidArgument (malformed,
/// the message prefixed with the path).
Grid<Terrain> load_movingai_map(const std::string& path);
/// Reads and parses a .map.scen file; errors as load_movingai_map.
std::vector<Scenario> load_scenarios(const std::string& path);

}  // namespace catacomb
CATACOMB_PUBLIC_END
