#pragma once
/// Validation: checks, independently of any generator, that a map with objectives is playable.
/// Works on any Dungeon: generated, read from a file, or edited by hand. Every problem is
/// listed, never only the first.
#include <catacomb/export.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/mission_check.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/map_rules.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/regions.hpp>
#include <catacomb/validate/solver.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Options of validate_dungeon: the rules the player moves under, what the report keeps, the
/// solver and threads.
struct ValidateOptions {
  /// Which terrain can be walked and what it costs.
  CostTable costs = CostTable::dungeon();
  /// How a player moves (8 neighbours without corner cutting by default).
  Moves moves;
  /// Keep the region map and the distance map in the report (12 bytes per cell), for previews
  /// (render_annotated's regions, unreachable and heatmap overlays). Off, they are computed,
  /// used and dropped, and the report holds only the summary. [Default: off]
  bool keep_maps = false;
  /// Run the completability solver (solver.hpp): locked doors, keys, the walkthrough. Off, a
  /// map is validated as if its locked doors were open doors. [Default: on]
  bool solve = true;
  /// The key rule; the dungeon's own when empty.
  std::optional<KeyRule> key_rule = std::nullopt;
  /// Cap on the solver's states. [Limit: >= 1]
  int64_t max_states = kDefaultMaxSolverStates;
  /// Keep a map that can be lost valid: a softlock (or a search for one stopped at max_states)
  /// is then only reported in the solution, not a problem. [Default: off: a map that a player
  /// can lose, or that is not proven unlosable, is invalid]
  bool allow_softlocks = false;
  /// Threads validation (and analyse_map) may use, the caller's included. With 2 or more, on
  /// maps of 2M cells or more a second thread works out the legal moves while the caller's
  /// labels the regions, then both bring in the pages of the distance map (8 bytes per cell);
  /// the two share the flood from the start (1M cells or more, each flooding its own stripes of
  /// rows) and analyse_map's passes (1M or more, a band of rows each). The report and the
  /// analysis are the same for any number.
  /// [Default: 1] [Limit: >= 1]
  int threads = 1;
};

/// What kind of problem, as a stable code for tools ("no-start", "unreachable", ...).
enum class ProblemKind : uint8_t {
  NoStart,            ///< no objective of kind start
  SeveralStarts,      ///< more than one start
  OffMap,             ///< an objective lies outside the map
  Impassable,         ///< an objective stands on an impassable tile
  Unreachable,        ///< an objective cannot be reached from the start
  SharedCell,         ///< two objectives on the same cell
  Locked,             ///< an objective can be reached only through locked doors the player cannot open
  NotCompletable,     ///< no playthrough takes every objective and then reaches the exit
  SolverCap,          ///< the solver hit its state cap: completability is not proven
  BadLock,            ///< a locked door off the map, on an impassable tile, with a bad lock id, or a
                      ///< second one on a cell
  Softlock,           ///< a player can be stuck for good (Solution::softlock); not with allow_softlocks
  SoftlockNotProven,  ///< the search for softlocks hit the state cap; not with allow_softlocks
};
/// "no-start", "several-starts", "off-map", "impassable", "unreachable", "shared-cell", "locked",
/// "not-completable", "solver-cap", "bad-lock", "softlock", "softlock-not-proven".
std::string_view problem_kind_name(ProblemKind k);

/// One reason a map is not valid.
struct Problem {
  /// What kind of problem it is.
  ProblemKind kind;
  /// Index into Dungeon::objectives of the objective concerned, or -1.
  int objective = -1;
  /// One sentence for people, naming the objective and its cell.
  std::string message;
};

/// One objective's result.
struct ObjectiveReport {
  /// The objective, as in the dungeon.
  Objective objective;
  /// True when it lies on the map.
  bool on_map = false;
  /// True when its tile can be entered under the cost table.
  bool passable = false;
  bool reachable = false;  ///< from the start (the start itself is reachable when passable)
  /// Cost of the cheapest route from the start, when reachable.
  double cost = 0;
  /// Moves along that route, when reachable.
  int64_t length = 0;
  /// The route, start to objective, when reachable.
  std::vector<Point> route;
};

/// What validate_dungeon found: whether the map is valid, each objective's route from the start,
/// the regions and every problem.
struct ValidationReport {
  /// True when the map has no problem (see validate_dungeon).
  bool valid = false;
  /// Connected regions of passable cells (under the options' moves).
  int regions = 0;
  /// Cells that can be entered under the cost table.
  int64_t passable_cells = 0;
  /// Passable cells that cannot be reached from the start (all of them when there is no
  /// usable start). Reported, but not a problem by itself.
  int64_t unreachable_cells = 0;
  std::vector<ObjectiveReport> objectives;  ///< one per Dungeon::objectives entry, same order
  /// Every problem found, each with a sentence; empty when valid.
  std::vector<Problem> problems;
  /// Connected regions of passable cells; only with ValidateOptions::keep_maps.
  std::optional<RegionMap> region_map;
  /// Route costs from the start (all unreached without a start); only with
  /// ValidateOptions::keep_maps.
  std::optional<DistanceMap> distances;
  /// The solver's answer (walkthrough, metrics, softlocks); only with ValidateOptions::solve.
  std::optional<Solution> solution;
  /// The mission check (mission_check.hpp); only for a dungeon with a mission. It does not make
  /// the report invalid: a map can be completable and still not the mission asked for.
  std::optional<MissionReport> mission;
};

/// The rules a map states for itself (recorded_rules, pathing/map_rules.hpp), as validation
/// options: the cost table `legend` gives (a JSON map's legend, read_json_legend_costs) or else
/// the recipe's own; the recipe's moves; the map's key rule. Throws InvalidArgument naming
/// `params.<name>` for a recorded value catacomb does not know.
ValidateOptions map_rules(const Dungeon& d, const std::optional<CostTable>& legend = std::nullopt);

/// Validates `d`. Valid means: exactly one start, every objective on the map, on a passable
/// tile, on its own cell, and reachable from the start; with the solver on, also every locked
/// door well placed, the exit reachable through the locked doors and every objective taken on
/// the walkthrough (a softlock is reported in the solution, not a problem).
ValidationReport validate_dungeon(const Dungeon& d, const ValidateOptions& options);
/// Validates `d` under the rules it records: validate_dungeon(d, map_rules(d)). Throws
/// InvalidArgument for a recipe catacomb does not know.
ValidationReport validate_dungeon(const Dungeon& d);

/// The solver's answer for `d` under `options` (costs, moves, key rule, max_states): the
/// ValidationReport::solution that validate_dungeon(d, options) with the solver on holds, for a
/// report made with it off. `report` must be validate_dungeon's report of `d` under the same
/// costs and moves; on a map without locked doors the walkthrough starts on its routes from the
/// start instead of distance maps of its own.
Solution solve_for_report(const Dungeon& d, const ValidationReport& report, const ValidateOptions& options);
/// solve_for_report under the rules `d` records (map_rules(d)), for a report made under them.
Solution solve_for_report(const Dungeon& d, const ValidationReport& report);

/// The solver's options under validation's: its costs, moves, key rule and max_states.
SolveOptions solve_options(const ValidateOptions& options);

}  // namespace catacomb
CATACOMB_PUBLIC_END
