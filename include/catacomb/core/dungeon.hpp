#pragma once
/// Dungeon: a terrain grid with its objectives, rooms and the recipe that made it.
/// This is the value that generators return, validate checks and io reads and writes.
#include <catacomb/export.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/mission.hpp>
#include <catacomb/core/terrain.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What an objective is for.
enum class ObjectiveKind : uint8_t {
  Start,      ///< where the player enters; every other objective must be reachable from it
  Exit,       ///< the way out
  Key,        ///< a key to collect
  Treasure,   ///< treasure to collect
  Objective,  ///< any other point of interest (what ASCII digits read back as)
  Switch,     ///< a switch: standing on it, the player may toggle the gates of its switch id
};

/// "start", "exit", "key", "treasure", "objective", "switch".
std::string_view objective_kind_name(ObjectiveKind k);
/// The kind called `name`, if any.
std::optional<ObjectiveKind> objective_kind_from_name(std::string_view name);

/// Lock ids run from 1 to kMaxLock; 0 means "no lock".
inline constexpr int kMaxLock = 9;
/// Switch ids run from 1 to kMaxSwitch; 0 means "no switch". A player's switch states are one
/// bit per id (bit s - 1 set: switch s is on; every switch starts off).
inline constexpr int kMaxSwitch = 9;

/// One objective: a kind at a cell.
struct Objective {
  /// What the objective is (start, exit, key, treasure or a plain objective).
  ObjectiveKind kind = ObjectiveKind::Objective;
  /// The cell it stands on.
  Point pos;
  /// For a key: the lock it opens, 1 to kMaxLock; 0 for a key that opens nothing and for every
  /// other kind.
  int lock = 0;
  /// For a switch: its id, 1 to kMaxSwitch; 0 for every other kind.
  int switch_id = 0;
  /// Equal when kind, cell, lock and switch are equal.
  friend bool operator==(const Objective&, const Objective&) = default;
};

/// A locked door: a door tile that can only be entered (or cut past diagonally) once it has been
/// opened with a key of the same lock id.
struct LockedDoor {
  /// The door's cell.
  Point pos;
  /// 1 to kMaxLock.
  int lock = 1;
  /// Equal when cell and lock are equal.
  friend bool operator==(const LockedDoor&, const LockedDoor&) = default;
};

/// A door of a progression kind: a gate (DoorKind::Gate), a one-way door (DoorKind::OneWay) or a
/// secret door (DoorKind::Secret). It stands on a passable tile (a Door tile as generated); the
/// rules of passing it are gate_open and one_way_step_allowed, written once here and read by the
/// solver, the certificate replay and every format. For the corner rule of a diagonal step past
/// it, a shut gate, a one-way door and a secret door count as blocked (as a wall does); an open
/// gate, like an opened locked door, does not.
struct ProgressionDoor {
  /// The door's cell.
  Point pos;
  /// Gate, OneWay or Secret.
  DoorKind kind = DoorKind::Gate;
  /// A gate's switch, 1 to kMaxSwitch; 0 for the other kinds.
  int switch_id = 0;
  /// A gate: open while its switch is off (else open while it is on). False for the other kinds.
  bool open_when_off = false;
  /// A one-way door: the one straight step it is passed in ({0, -1} north, {1, 0} east, {0, 1}
  /// south, {-1, 0} west): entered only from pos - dir, left only to pos + dir. {0, 0} otherwise.
  Point dir{};
  /// Equal when every field is equal.
  friend bool operator==(const ProgressionDoor&, const ProgressionDoor&) = default;
};

/// True when gate `g` is open under switch states `switches` (bit s - 1: switch s on).
constexpr bool gate_open(const ProgressionDoor& g, uint32_t switches) {
  const bool on = g.switch_id >= 1 && g.switch_id <= kMaxSwitch && ((switches >> (g.switch_id - 1)) & 1u) != 0;
  return on != g.open_when_off;
}
/// True when the straight or diagonal step `from` -> `to` may pass one-way door `w` there: a step
/// into w.pos only from w.pos - w.dir, a step out of it only to w.pos + w.dir; steps that do not
/// touch w.pos are not its business (true).
constexpr bool one_way_step_allowed(const ProgressionDoor& w, Point from, Point to) {
  if (to == w.pos) return from.x == w.pos.x - w.dir.x && from.y == w.pos.y - w.dir.y;
  if (from == w.pos) return to.x == w.pos.x + w.dir.x && to.y == w.pos.y + w.dir.y;
  return true;
}
/// "north", "east", "south", "west" for a one-way door's direction; "" for another point.
std::string_view direction_name(Point dir);
/// The unit step called `name` ("north", "east", "south", "west"), if any.
std::optional<Point> direction_from_name(std::string_view name);

/// What opening a locked door does to the key.
enum class KeyRule : uint8_t {
  Reusable,    ///< a key opens every door of its lock id and is kept (the default)
  Consumable,  ///< a key opens one door of its lock id and is spent
};
/// "reusable", "consumable".
std::string_view key_rule_name(KeyRule r);

/// Whether a dungeon (or a side-view level) can be lost: whether every state a player can reach,
/// in any order of play, still has a playthrough that takes every objective and then reaches the
/// exit (docs/proofs.md).
enum class LossStatus : uint8_t {
  Unlosable,  ///< proven: every reachable state can still be finished
  Losable,    ///< some reachable state cannot (a softlock)
  NotProven,  ///< the search reached its cap of states first: neither is proven
};
/// "unlosable", "losable", "not-proven".
std::string_view loss_status_name(LossStatus s);
/// Parses a key rule name; throws InvalidArgument "<field> = <name> (expected reusable or
/// consumable)" otherwise.
KeyRule parse_key_rule(std::string_view name, const std::string& field = "key_rule");

/// A generator parameter value as recorded in a dungeon's recipe.
using ParamValue = std::variant<int64_t, double, bool, std::string>;
/// Named parameters in the order the generator lists them (never reordered: outputs are
/// byte-identical for the same recipe).
using Params = std::vector<std::pair<std::string, ParamValue>>;

/// A map with its objectives and the recipe that made it: what generators return, the map
/// formats read and write, and validation checks.
struct Dungeon {
  /// The terrain, one tile per cell (x the column, y the row, origin top-left).
  Grid<Terrain> tiles;
  std::vector<Objective> objectives;  ///< start first when there is one, then exit, then the rest
  std::vector<Rect> rooms;            ///< rooms of a room generator; empty for caves
  /// The seed the map was generated from (0 for a map of unknown origin).
  uint64_t seed = 0;
  std::string generator;  ///< "caves", "rooms", or "" for a map of unknown origin
  /// The recipe: the generator's parameters, in the generator's order.
  Params params;
  /// Locked doors, in row-major order of their cells (at most one per cell); each stands on a
  /// Door tile. Empty for a dungeon without locks.
  std::vector<LockedDoor> locks;
  /// How keys open locked doors.
  KeyRule key_rule = KeyRule::Reusable;
  /// Attempts the generator needed to produce a valid dungeon (1 = the first try); 0 when
  /// unknown (a map read from a file that does not say).
  int attempts = 0;
  /// For each room, in the order of `rooms`, the mission node and room template it was made for;
  /// empty when no room was (a dungeon without templates or a mission).
  std::vector<RoomLabel> room_labels;
  /// The mission graph the dungeon was laid out from; empty when none.
  Mission mission;
  /// Gates, one-way doors and secret doors, in row-major order of their cells (at most one door
  /// of any kind per cell, none on a locked door's cell). Empty for a dungeon without them.
  std::vector<ProgressionDoor> doors;

  /// The first objective of kind `k`, if any.
  std::optional<Point> find(ObjectiveKind k) const {
    for (const Objective& o : objectives)
      if (o.kind == k) return o.pos;
    return std::nullopt;
  }
  /// The lock id of the locked door at `p`, 0 when there is none.
  int lock_at(Point p) const {
    for (const LockedDoor& l : locks)
      if (l.pos == p) return l.lock;
    return 0;
  }
  /// True when the dungeon has locked doors or keys with a lock id (what the map formats write
  /// the lock fields for; a dungeon without them is written exactly as before locks existed).
  bool has_locks() const {
    if (!locks.empty() || key_rule != KeyRule::Reusable) return true;
    for (const Objective& o : objectives)
      if (o.lock != 0) return true;
    return false;
  }
  /// True when the dungeon has gates, one-way doors, secret doors or switches (what the map
  /// formats write the progression fields for, and what the solver searches switch states and
  /// positions for; a dungeon without them is written and solved exactly as before they existed).
  bool has_progression() const {
    if (!doors.empty()) return true;
    for (const Objective& o : objectives)
      if (o.kind == ObjectiveKind::Switch || o.switch_id != 0) return true;
    return false;
  }
  /// The progression door at `p`, or null.
  const ProgressionDoor* door_at(Point p) const {
    for (const ProgressionDoor& g : doors)
      if (g.pos == p) return &g;
    return nullptr;
  }
  /// Equal when every field is equal.
  friend bool operator==(const Dungeon&, const Dungeon&) = default;
};

/// Every bad progression field of `d` ({"door at 3,4", "...", "..."}): doors inside the map, on
/// passable tiles, one per cell and not on a locked door; a gate's switch 1 to kMaxSwitch; a
/// one-way door's direction a unit straight step whose cells before and after are on the map;
/// switches 1 to kMaxSwitch on switch objectives only and not on a door's cell. Empty when good.
std::vector<FieldProblem> progression_problems(const Dungeon& d, const CostTable& costs);
/// Sorts d.doors into row-major order of their cells.
void sort_doors(Dungeon& d);

/// Edits one cell: sets d.tiles at `p` to `t` (a game digging a wall, flooding a room). The map
/// then plays as edited: a certificate written before no longer holds for it. Throws
/// InvalidArgument, leaving `d` unchanged, for a cell off the map or a cell holding a locked,
/// gate, one-way or secret door set to anything but Terrain::Door (the door would stand on no
/// door).
void set_terrain(Dungeon& d, Point p, Terrain t);

/// 64-bit FNV-1a hash of what decides how a map plays: the terrain grid (as grid_hash), the
/// locked doors, the objectives (kind, cell, lock) and the key rule. Certificates name their map
/// by it.
uint64_t map_hash(const Dungeon& d);

/// One lock id per cell (0 = no locked door) for the dungeon's shape, from d.locks; locks off
/// the map are skipped.
Grid<uint8_t> lock_grid(const Dungeon& d);
/// Sorts d.locks into row-major order of their cells.
void sort_locks(Dungeon& d);

/// 64-bit FNV-1a hash of the terrain grid (width, height, then one byte per cell): the golden
/// hash tests pin per seed.
uint64_t grid_hash(const Grid<Terrain>& g);

}  // namespace catacomb
CATACOMB_PUBLIC_END
