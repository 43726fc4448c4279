#pragma once
/// Cellular-automata caves (the RogueBasin method the tutorial series teaches):
/// random fill, then smoothing passes of the 4-5 rule, double-buffered, border forced to wall,
/// out-of-map cells counted as wall.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/rng.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Smallest side of a cave map. [Units: cells]
inline constexpr int kMinCaveSide = 3;

/// Every parameter of the cave generator but the map size, which cave_mask and generate_caves
/// take on their own (a GenerateConfig has one size for every generator). Limits are checked by
/// check() at the boundary.
struct CaveConfig {
  /// Share of cells that start as wall. [Limit: 0 to 100] [Units: percent]
  double fill = 45.0;
  /// Smoothing passes of the 4-5 rule: a cell becomes or stays wall when its 3x3 block
  /// (itself included) holds at least `wall_threshold` walls. [Limit: 0 to 100]
  int passes = 5;
  /// Walls in the 3x3 block that make a wall. [Limit: 0 to 9] [Default: 5, the 4-5 rule]
  int wall_threshold = 5;
  /// How many of the first passes use the variant "R1 >= wall_threshold or R2 <= open_threshold"
  /// (R2 = walls within two steps, the 5x5 block), which breaks up large open halls.
  /// [Limit: 0 to passes] [Default: 0, variant off]
  int open_passes = 0;
  /// R2 limit of the variant. [Limit: 0 to 25]
  int open_threshold = 2;

  /// Every bad field for a width x height map, the size included (width and height
  /// kMinCaveSide to kMaxSide): {"fill", "150", "0 to 100"}. Empty when valid.
  std::vector<FieldProblem> problems(int width, int height) const;
  /// Throws InvalidArgument listing every problem.
  void check(int width, int height) const;
  /// The recipe as it is recorded in a dungeon's params, after the map's width and height.
  Params params() const;
};

/// Wall/floor mask: 1 = wall, 0 = floor. The cellular automaton works on this.
using WallMask = Grid<uint8_t>;

/// Random fill: every cell is wall with probability fill/100, then the border is set to wall.
/// Draws from `rng` in row-major order.
WallMask random_fill(int width, int height, double fill_percent, Rng& rng);

/// One smoothing pass: dst[p] = wall when walls(3x3 around p) >= wall_threshold, or, when
/// open_threshold >= 0, when walls(5x5 around p) <= open_threshold. Out-of-map counts as wall;
/// the border of dst is forced to wall. Bit-parallel, 64 cells per word, packing each row of src
/// and unpacking each row of dst on the fly; the tests hold it to a byte-per-cell reference
/// (tests/support/reference/smooth_pass_reference.hpp). Cells hold 0 or 1 (any nonzero cell is
/// read as one wall). dst may be src (the pass is then done in place). Throws InvalidArgument
/// when dst's shape differs from src's.
void smooth_pass(const WallMask& src, WallMask& dst, int wall_threshold, int open_threshold = -1);

/// The raw width x height cave: random fill drawn from `fill` (the pipeline's streams::kCavesFill
/// stream) and `passes` smoothing passes. Deterministic in (size, config, the stream's state).
/// Throws InvalidArgument for a bad size or config, before any allocation or draw.
WallMask cave_mask(int width, int height, const CaveConfig& config, Rng& fill);
/// cave_mask with the fill stream the pipeline derives from `seed` (streams::kCavesFill).
WallMask cave_mask(int width, int height, const CaveConfig& config, uint64_t seed);

/// A width x height cave dungeon: wall and floor terrain, generator "caves", the size and the
/// recipe in params, its fill drawn from `fill`. Throws InvalidArgument for a bad size or config,
/// before any allocation or draw.
Dungeon generate_caves(int width, int height, const CaveConfig& config, Rng& fill);
/// generate_caves with the fill stream the pipeline derives from `seed` (streams::kCavesFill);
/// the dungeon records `seed`.
Dungeon generate_caves(int width, int height, const CaveConfig& config, uint64_t seed);

}  // namespace catacomb
CATACOMB_PUBLIC_END
