#pragma once
/// Validation of a side-view level under a movement model: directed reachability over the
/// navigation graph. Independent of any generator.
///
/// A level is valid when it has exactly one start and one exit, every objective rests on a
/// node (stands on something or hangs on a ladder), every objective is reachable from the start,
/// and the objectives can all be collected in one trip that ends at the exit: there is an order
/// start -> o1 -> ... -> ok -> exit in which each is reachable from the one before (moves are
/// one-way, so "reachable from the start" and "the exit reachable from it" are not enough).
///
/// Softlocks: nodes reachable from the start from which the exit can no longer be reached (a pit
/// deeper than the jump height, a ledge reached only by a fall). They are grouped into areas
/// (connected by moves either way) and reported; they make a level invalid only with `strict`.
///
/// Unlosable (PlatformerReport::loss, as for top-down maps, docs/proofs.md): every state a player
/// can reach, in any order of play, can still collect every objective and then reach the exit. A
/// state is where the body rests and the objectives taken (taken on resting on their cell; a jump
/// over one does not take it); the proof searches every such state (the nodes between objectives
/// merged by strongly connected components, which have the same future). A level that can be lost
/// is invalid (problem "softlock") unless `allow_softlocks`; a search stopped at `max_states` is
/// "not proven" (problem "softlock-not-proven"), never "none".
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/platformer/nav_graph.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Options of check_platformer_level.
struct PlatformerCheckOptions {
  /// Softlock areas make the level invalid.
  bool strict = false;
  /// Keep a level a player can lose (or not proven unlosable) valid: the loss is only reported.
  bool allow_softlocks = false;
  /// States the proof of unlosability searches before it gives up (NotProven). [Limit: >= 1]
  int64_t max_states = 1000000;
};

/// One objective's result.
struct PlatformerObjectiveReport {
  /// The objective, as in the dungeon.
  Objective objective;
  bool rests = false;           ///< on a node: stands on something or hangs on a ladder
  bool reachable = false;       ///< from the start
  bool exit_reachable = false;  ///< the exit can be reached from it
  int64_t cost = 0;             ///< cheapest route cost from the start (when reachable)
  int moves = 0;                ///< moves on that route
};

/// A connected area of softlock nodes.
struct SoftlockArea {
  std::vector<Point> cells;  ///< its nodes' cells, row-major
  Rect bounds;               ///< the smallest rectangle holding them
  Move entry;                ///< the first move (in node order) into the area from outside it
};

/// What is wrong, one entry per problem.
struct PlatformerProblem {
  std::string kind;     ///< "start", "exit", "off-map", "no-footing", "unreachable", "no-way-out", "order", "softlock"
  std::string message;  ///< one sentence naming the cells
  int objective = -1;   ///< index into the dungeon's objectives, or -1
};

/// What check_platformer_level found: whether the level can be finished in one trip, each
/// objective's result, the softlocks and every problem.
struct PlatformerReport {
  /// True when one trip from the start collects every objective and ends at the exit (and, with
  /// strict, no softlock exists).
  bool valid = false;
  /// Nodes of the navigation graph (resting cells).
  int nodes = 0;
  /// Edges of the navigation graph (moves).
  int64_t edges = 0;
  int reachable_nodes = 0;                            ///< nodes reachable from the start
  std::vector<PlatformerObjectiveReport> objectives;  ///< in the dungeon's order
  std::vector<int> collect_order;  ///< objective indices in an order that collects them all, when one exists
  /// Areas the player can reach but not leave towards the exit.
  std::vector<SoftlockArea> softlocks;
  /// Whether the level can be lost (Losable whenever it cannot be finished in one trip).
  LossStatus loss = LossStatus::NotProven;
  /// States the proof of unlosability searched.
  int64_t loss_states = 0;
  /// Of those, the states from which the level can no longer be finished (0 when not proven).
  int64_t softlock_states = 0;
  /// The moves of play into the first such state (fewest moves between places), when there is one.
  std::vector<Move> softlock_moves;
  /// One sentence on that state ("after the fall from 3,2 to 3,6 (2 moves ...) the level can no
  /// longer be finished"); empty when none.
  std::string softlock_message;
  /// Every problem found; empty when valid.
  std::vector<PlatformerProblem> problems;
};

/// Checks `d` over `graph` (built from d.tiles). Every problem is listed, never only the first.
PlatformerReport check_platformer_level(const Dungeon& d, const NavGraph& graph,
                                        const PlatformerCheckOptions& options = {});

/// Which nodes are reachable from `from` (forward) or can reach `from` (backward): one flag
/// per node.
std::vector<uint8_t> reachable_nodes(const NavGraph& graph, int from, bool backward = false);

}  // namespace catacomb
CATACOMB_PUBLIC_END
