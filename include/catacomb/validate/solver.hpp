#pragma once
/// The completability solver: can a player who starts at the start collect what there is to
/// collect and reach the exit, opening locked doors with keys under the map's key rule? It is
/// independent of the generators and works on any Dungeon.
///
/// The player's state is the set of locked doors already opened. Position is compressed to the
/// areas between locked doors: with the doors of a state open, everything connected to the start
/// can be walked to and back (doors stay open), and every key there can be picked up (holding a
/// key never hurts), so a state stands for "the player is somewhere in the start's component,
/// holding every key in it, minus the keys spent". Keys held per lock are then the keys of that
/// lock in the component (reusable: any one opens every door of its lock), minus the doors of
/// that lock opened (consumable). A move opens one closed door next to the component with a key
/// held. Under reusable keys opening a door never hurts, so the states form one chain (the
/// closure); under consumable keys the solver searches every reachable state breadth first.
///
/// A map with progression (gates and their switches, one-way doors, secret doors:
/// Dungeon::has_progression) is searched over position × keys × opened doors × switch states:
/// a one-way door means the player may not get back, so the state keeps the node the player
/// stands in (an area between doors, or a door's cell), the switch states, the locked doors
/// opened and which nodes holding objectives were visited (keys are picked up on arrival). A
/// move passes to a neighbouring node (a closed locked door opened with a key held, a gate only
/// while open, a one-way door only its way) or toggles a switch standing in the node. Completable
/// means one playthrough visits every objective and ends at the exit (what a certificate shows);
/// secret doors count as wall. Breadth first, so the walkthrough has the fewest moves between
/// nodes. Capped by SolveOptions::max_states.
///
/// Completable, on every map: some playthrough takes every objective and then reaches the exit.
/// Unlosable (Solution::loss): every state a player can reach, in any order of play, is still
/// completable. With only locked doors a state is the set of doors opened (a player walks
/// anywhere and back between them, and may take or leave anything); with progression the proof
/// searches every state of a model that keeps every choice (unlosable.cpp): the node the player
/// stands on (an area, or an objective's or door's own cell: taking an objective is stepping on
/// it), the switches, the doors opened, the objectives taken and the secret doors found (a player
/// may use a secret door it has found; a finishing playthrough never counts on one it has not).
/// A search stopped at max_states proves nothing: LossStatus::NotProven.
#include <catacomb/export.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Default cap on the states the solver visits (each state costs a few bytes per locked door
/// plus a walk over the area graph).
inline constexpr int64_t kDefaultMaxSolverStates = 1000000;

/// Options of solve_dungeon: the rules the player moves under and a cap on the search.
struct SolveOptions {
  /// Which terrain can be walked and what it costs.
  CostTable costs = CostTable::dungeon();
  /// How the player moves. A closed locked door is impassable, so it blocks diagonal steps past
  /// its corner exactly as a wall does under the diagonal policy.
  Moves moves;
  /// The key rule; the dungeon's own (Dungeon::key_rule) when empty.
  std::optional<KeyRule> key_rule = std::nullopt;
  /// States visited before the solver gives up with SolveStatus::StateCap. [Limit: >= 1]
  int64_t max_states = kDefaultMaxSolverStates;
};

/// What a walkthrough step does.
enum class StepKind : uint8_t {
  TakeKey,    ///< walk to a key with a lock id and pick it up
  OpenDoor,   ///< walk into a locked door, opening it (a consumable key is spent)
  Take,       ///< walk to another objective (treasure, a key without a lock, ...) and take it
  ReachExit,  ///< walk to the exit: the last step
  Toggle,     ///< walk to a switch and toggle it (its gates open or close)
  OneWay,     ///< walk through to a one-way door's cell, passing it its one way (the next step leaves it)
};
/// "take-key", "open-door", "take", "reach-exit", "toggle", "one-way".
std::string_view step_kind_name(StepKind k);
/// The kind called `name`, if any.
std::optional<StepKind> step_kind_from_name(std::string_view name);

/// One step of a walkthrough: a walk from where the previous step ended to a key, a door, an
/// objective or the exit.
struct WalkStep {
  /// What the step does.
  StepKind kind = StepKind::Take;
  /// Index into Dungeon::objectives (TakeKey, Take, ReachExit) or -1.
  int objective = -1;
  /// Index into Dungeon::locks (OpenDoor) or -1.
  int door = -1;
  /// The lock id of the key or door; 0 otherwise.
  int lock = 0;
  /// A toggle's switch id (1 to kMaxSwitch); 0 otherwise.
  int switch_id = 0;
  /// Where the step ends.
  Point target;
  /// Every cell walked, from where the previous step ended (the start for the first step) to
  /// `target`, both included; adjacent cells under the moves.
  std::vector<Point> route;
  /// Cost of the route (the entry costs of every cell after the first, diagonals scaled).
  double cost = 0;
};

/// A dead end: a state the player can reach from which the dungeon can no longer be completed (a
/// consumable key spent on the wrong door, a one-way door passed with an objective left behind or
/// into an area without the exit, a switch left in a state that shuts the way).
struct Softlock {
  /// The shortest sequence of steps (fewest doors opened) that leads there.
  std::vector<WalkStep> steps;
  /// One sentence naming what led there: the door opened last that spent the key needed, or the
  /// one-way door passed or the switch toggled last.
  std::string message;
};

/// The design of the walkthrough, for reviews.
struct WalkMetrics {
  /// Length (moves) and cost of the critical path: start to exit taking only the keys and
  /// opening only the doors the exit needs (the plan that opens the fewest doors).
  int64_t critical_length = 0;
  /// Cost of the critical path (the entry costs of its cells, diagonals scaled).
  double critical_cost = 0;
  /// Keys picked up on the critical path.
  int keys_on_critical_path = 0;
  /// Doors opened on the critical path.
  int doors_on_critical_path = 0;
  /// Times the full walkthrough's route enters an area (between locked doors) it had already
  /// left.
  int backtracking = 0;
  /// Objectives other than start and exit that the critical path does not pass.
  int optional_objectives = 0;
  /// Length and cost of the full walkthrough.
  int64_t walkthrough_length = 0;
  /// Cost of the full walkthrough.
  double walkthrough_cost = 0;
};

/// How solve_dungeon ended.
enum class SolveStatus : uint8_t {
  Completable,     ///< some playthrough takes every objective and then reaches the exit
  NotCompletable,  ///< none does (or there is no start)
  StateCap,        ///< the search visited SolveOptions::max_states states without an answer
};
/// "completable", "not-completable", "state-cap".
std::string_view solve_status_name(SolveStatus s);

/// What a secret door shortens: the walk between the cells on its two sides without it.
struct SecretShortcut {
  /// The secret door's cell.
  Point pos;
  Point from;  ///< one cell it joins: its straight neighbour on one side (west or north)
  Point to;    ///< the other cell it joins, its straight neighbour on the opposite side
  /// Moves from `from` to `to` without the secret door, every locked door and gate open and every
  /// one-way door closed (-1 when there is no other two-way way); through it the walk is 2 moves.
  int64_t without = -1;
  /// One sentence: "secret door at 5,3 shortens the two-way walk between 4,3 and 6,3 from 14 moves to 2".
  std::string message;
};

/// What solve_dungeon found: whether the map can be finished, a walkthrough, why each
/// objective it cannot reach is out of reach, softlocks and the design metrics.
struct Solution {
  /// Completable, NotCompletable or StateCap.
  SolveStatus status = SolveStatus::NotCompletable;
  /// The key rule the map was solved under.
  KeyRule key_rule = KeyRule::Reusable;
  /// States visited.
  int64_t states = 0;
  /// Areas between locked doors (regions of passable cells with every locked door closed).
  int areas = 0;
  /// The walkthrough: every objective that can be taken on the way, the doors opened as they
  /// are needed, and (when completable) the exit last. When not completable, the steps that can
  /// be taken before the player is stuck.
  std::vector<WalkStep> walkthrough;
  /// Per objective (Dungeon::objectives order): how many walkthrough steps have been taken when
  /// it first becomes reachable (0 = from the start); -1 when the walkthrough never reaches it.
  std::vector<int> reachable_after;
  /// Per objective: why it cannot be reached ("key 2 at 5,3 lies behind door 2 at 31,7, ...");
  /// empty when it can.
  std::vector<std::string> reasons;
  /// When completable: the shortest way into a softlock, when there is one.
  std::optional<Softlock> softlock;
  /// When completable: how many of the states a player can reach are softlocks (states as
  /// LossStatus counts them: doors opened on a map with only locked doors, the proof's states
  /// with progression).
  int64_t softlock_states = 0;
  /// Whether the dungeon can be lost (see LossStatus); Losable whenever it is not completable.
  LossStatus loss = LossStatus::NotProven;
  /// When completable: the critical path as steps (start to exit taking only the keys and
  /// opening only the doors the exit needs; WalkMetrics::critical_length is its moves). Where
  /// the walkthrough must visit everything (the progression solver's maps), the walkthrough
  /// itself. Empty when not completable.
  std::vector<WalkStep> critical_path;
  /// The walkthrough's design metrics.
  WalkMetrics metrics;
  /// Per secret door (Dungeon::doors order): what it shortens. Secret doors are never used by
  /// the proof (they count as wall).
  std::vector<SecretShortcut> secrets;
  /// For StateCap and for maps without a start or exit: one sentence saying so.
  std::string message;
};

/// One state a player can reach, with the first move of a shortest way on to the end: what a
/// certificate of unlosability lists (reachable_states, io/certificate.hpp).
struct ReachableState {
  /// Where the player stands: the cell of a door or of an objective (each is a place of its own),
  /// or the first cell in row-major order of an area (passable cells a player walks between, and
  /// back, without touching a door or an objective).
  Point at;
  /// Bit s - 1: switch s is on.
  uint32_t switches = 0;
  /// Three bit sets over the dungeon's own lists, 64 bits to a word (bit i in word i / 64), one
  /// after the other: the locked doors opened (bit i: Dungeon::locks[i]; lock_words words), the
  /// secret doors found (bit i: Dungeon::doors[i]; door_words), the objectives taken (bit i:
  /// Dungeon::objectives[i]; objective_words). Never the start or the exit: reaching them is not
  /// taking them.
  std::vector<uint64_t> sets;
  /// The state a shortest way to finish moves to next (an index into ReachableStates::states);
  /// -1 for a finished state (every objective taken, standing on the exit).
  int32_t next = -1;
  /// Moves from here to a finished state along `next`: 0 when finished, else the next state's + 1.
  int32_t rank = 0;
};

/// The states a player can reach on a dungeon proven unlosable that a certificate lists (see
/// Solution::loss): every state that has taken least, besides keys, among the reachable states
/// alike in everything else (place, switches, doors opened and found, keys taken), and the
/// states on each one's way to the end. A state that has taken more objectives that are not keys
/// makes the same moves and finishes as the one below it does (docs/proofs.md), so these stand
/// for all.
struct ReachableStates {
  /// The proof's answer. `states` is filled only when Unlosable.
  LossStatus status = LossStatus::NotProven;
  /// Words of the locked doors' set in ReachableState::sets: ceil(Dungeon::locks.size() / 64).
  size_t lock_words = 0;
  /// Words of the doors' set (found secret doors): ceil(Dungeon::doors.size() / 64).
  size_t door_words = 0;
  /// Words of the objectives' set (taken): ceil(Dungeon::objectives.size() / 64).
  size_t objective_words = 0;
  /// Each listed state once, in the order a breadth-first search from the start finds them: the
  /// first is where play begins (at the start, with what lies on its cell taken).
  std::vector<ReachableState> states;
  /// The states the proof searched (all of them; `states` lists fewer).
  int64_t searched = 0;
};

/// The proof of unlosability of `d` under `options` with every reachable state kept (the same
/// search as solve_dungeon's Solution::loss on maps with progression; on maps with only locked
/// doors the same model, which can reach max_states where the solver's coarser one does not:
/// then NotProven). Throws InvalidArgument for bad options. Memory: the states themselves, a
/// few words each, at most max_states of them.
ReachableStates reachable_states(const Dungeon& d, const SolveOptions& options);

/// Solves `d`. Throws InvalidArgument for bad options (moves, max_states < 1). Locked doors off
/// the map or on impassable tiles are treated as walls.
Solution solve_dungeon(const Dungeon& d, const SolveOptions& options);
/// Solves `d` under the rules it records (recorded_rules: its costs, moves and key rule).
/// Throws InvalidArgument for a recipe catacomb does not know.
Solution solve_dungeon(const Dungeon& d);

}  // namespace catacomb
CATACOMB_PUBLIC_END
