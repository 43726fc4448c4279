#pragma once
/// Objective placement: a start, an exit as far from the start as the map allows (largest route
/// cost), and further objectives (keys and treasure, alternating) in distinct rooms, or in
/// distinct areas of a cave (far from every objective placed before).
#include <catacomb/export.hpp>
#include <string>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Most further objectives (they are marked '1'..'9' in ASCII maps).
inline constexpr int kMaxFurtherObjectives = 9;

/// What place_objectives did. A failure is an expected outcome of a random layout (the pipeline
/// then tries its next attempt), not an error: it is reported here, never thrown.
struct ObjectivePlacement {
  /// Why the objectives could not be placed (too few rooms, too little floor, nothing reachable
  /// from the start), in the words of GenerationError's attempt list and the batch report; empty
  /// when they were.
  std::string why;
  /// Whether the start, the exit and every further objective are in d.objectives (why is empty).
  bool ok() const noexcept { return why.empty(); }
};

/// Places the start, the exit and `further` more objectives on floor cells of `d` (replacing
/// any objectives it had). With rooms, each objective gets its own room; without, objectives
/// go to the start's region, each far from the others. Returns the placement: ok(), or why it
/// could not (too few rooms, too little floor): the caller regenerates. Throws InvalidArgument for
/// `further` outside 0 to kMaxFurtherObjectives or bad moves. `threads` (at least 1) lets a
/// cave's floods of 1M cells or more run on two threads: the same objectives for any number.
[[nodiscard]] ObjectivePlacement place_objectives(Dungeon& d, int further, const CostTable& costs, const Moves& moves,
                                                  Rng& rng, int threads = 1);

}  // namespace catacomb
CATACOMB_PUBLIC_END
