#pragma once
/// Decoration: water pools and vegetation patches on floor, so the cost table has something to
/// do. A pool never cuts an objective off: after each one is placed, reachability is checked
/// again and a pool that broke it is taken back (as Brogue does for its lakes).
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Water pools and vegetation patches grown on the floor of a dungeon.
struct DecorConfig {
  /// Share of floor cells to turn into water. [Limit: 0 to 0.5]
  double water = 0.05;
  /// Share of floor cells to turn into vegetation. [Limit: 0 to 0.5]
  double vegetation = 0.07;
  /// Cells per pool or patch, drawn uniformly in [min_blob, max_blob]. [Limit: 1 to 100000]
  int min_blob = 6;
  /// Largest pool or patch. [Limit: min_blob to 100000] [Units: cells]
  int max_blob = 30;

  /// Every bad field ({"<field>", "<value>", "<expected>"}); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
};

/// What decoration did, for reports and tests.
struct DecorStats {
  int pools = 0;       ///< water pools placed
  int patches = 0;     ///< vegetation patches placed
  int taken_back = 0;  ///< blobs removed again because they cut an objective off
  /// floor cells turned into water
  int64_t water_cells = 0;
  /// floor cells turned into vegetation
  int64_t vegetation_cells = 0;
};

/// Decorates floor cells of `d` (never an objective's cell, corridors or doors). Blobs grow from
/// a random floor cell by random frontier growth, then one cellular-automaton pass rounds them
/// (a floor cell with at least 5 of its 8 neighbours in the blob joins it). When the terrain is
/// impassable under `costs`, each blob is checked and taken back if any objective stops being
/// reachable from the start. Throws InvalidArgument for a bad config or bad moves.
DecorStats decorate(Dungeon& d, const DecorConfig& config, const CostTable& costs, const Moves& moves, Rng& rng);

}  // namespace catacomb
CATACOMB_PUBLIC_END
