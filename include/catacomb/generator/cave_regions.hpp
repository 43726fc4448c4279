#pragma once
/// Region handling for caves: small pockets are filled, and the rest is either joined to the
/// largest region by the cheapest tunnels under a dig-cost model, or dropped.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What the caves generator does with the floor regions left after smoothing.
enum class CaveConnect : uint8_t {
  Connect,  ///< join every remaining region to the largest with the cheapest tunnels
  Largest,  ///< keep only the largest region (fill the others)
};
/// "connect", "largest".
std::string_view cave_connect_name(CaveConnect c);
/// Parses a connect mode name; throws InvalidArgument "<field> = <name> (expected connect or
/// largest)" otherwise.
CaveConnect parse_cave_connect(std::string_view name, const std::string& field = "connect");

/// How the caves generator handles the cave's floor regions: fills the small ones, then joins or
/// drops the rest (see connect_cave_regions).
struct CaveRegionConfig {
  /// Floor regions smaller than this are filled with wall (never the largest).
  /// [Limit: 0 to 1000000] [Units: cells]
  int min_region = 16;
  /// What to do with the regions that remain.
  CaveConnect connect = CaveConnect::Connect;
  /// Cost of digging one wall cell when tunnelling (entering floor costs 1). [Limit: 1 to 1000]
  double dig_cost = 5;

  /// Every bad field ({"<field>", "<value>", "<expected>"}); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
};

/// What the region handling did, for reports and tests.
struct CaveRegionStats {
  int regions_before = 0;  ///< 4-connected floor regions of the raw cave
  int filled_regions = 0;  ///< regions filled (too small, or not the largest)
  /// floor cells of the filled regions, turned into wall
  int64_t filled_cells = 0;
  int tunnels = 0;     ///< tunnels dug
  int64_t carved = 0;  ///< wall cells turned into floor by tunnels
};

/// Applies the region handling to a wall/floor cave in place. Afterwards all floor is one
/// 4-connected region (or there is no floor at all). Tunnels: the cheapest routes of one
/// multi-source Dijkstra from the largest region over dig costs (floor 1, wall dig_cost, border
/// never): for each other region, in label order, the route down from its cheapest cell is
/// carved. (The search runs in a window round each region where that gives the same routes.)
/// Throws InvalidArgument for a bad config.
CaveRegionStats connect_cave_regions(Grid<Terrain>& tiles, const CaveRegionConfig& config);

}  // namespace catacomb
CATACOMB_PUBLIC_END
