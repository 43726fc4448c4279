#pragma once
/// The platformer moves and the jump arc: the one home of what a body may do from a cell where
/// it rests (a node: see side_view.hpp). Every move starts and ends at a node.
///
/// - Walk: one column sideways, to a node at the same row (ground, or a ladder beside you).
/// - Fall: one column sideways off a ledge (the cell beside fits the body but is no node), then
///   straight down to the first node at or below it.
/// - Climb: up one row from a ladder cell to a node above (another ladder cell, or the cell on
///   top of the ladder, where the body stands); down one row onto a ladder cell below.
/// - Drop: down through the cell below when it is a platform or air (letting go of a ladder),
///   then straight down to the first node at or below it.
/// - Jump, from a cell where the body stands (side_view.hpp: on ground, a platform or a ladder
///   rung with ladder below; not from the bottom rung of a ladder hanging in the air): the arc model is a discretised
///   jump, per column: the body rises straight up `rise` rows (1 to H), then moves sideways
///   `glide` columns at that height (0 to D + 1), then falls straight down to the first node at
///   or below. Every cell of the arc must fit the whole body (solid tiles block it; platforms
///   and ladders do not). A step of H beside the body is met with rise H and glide 1; a gap of D
///   columns with glide D + 1; H + 1 and D + 1 would need a rise or glide beyond the limits.
/// When max_fall > 0, a move whose descent is longer than max_fall rows is not a move: the rows
/// from the cell beside the ledge (fall), from `from` (drop) or from the arc's top row (jump)
/// down to where the body lands.
///
/// A move's cost is the number of cells its foot cell passes through after leaving `from` (its
/// tiles travelled), plus jump_penalty for a jump. Every move therefore costs at least the
/// Manhattan distance between its ends, which makes Manhattan distance an admissible and
/// consistent A* heuristic.
#include <catacomb/export.hpp>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/platformer/movement_model.hpp>
#include <catacomb/platformer/side_view.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The kinds of move a side-view body makes (see the file's comment for each).
enum class MoveKind : uint8_t { Walk, Fall, Climb, Drop, Jump };
/// "walk", "fall", "climb", "drop", "jump".
std::string_view move_kind_name(MoveKind k);

/// One move between two nodes.
struct Move {
  /// What kind of move it is.
  MoveKind kind = MoveKind::Walk;
  /// The foot cell it starts at.
  Point from;
  /// The foot cell it ends at.
  Point to;
  int cost = 0;   ///< tiles travelled (+ jump_penalty for a jump)
  int dir = 0;    ///< sideways direction -1 or +1 (walk, fall, jump with glide > 0); 0 otherwise
  int rise = 0;   ///< jump: rows risen straight up
  int glide = 0;  ///< jump: columns moved sideways at the top
  /// Equal when every field is equal.
  friend bool operator==(const Move&, const Move&) = default;
};

/// The foot cells a move passes through after `from`, in order, ending with `to`.
std::vector<Point> move_cells(const Move& m);

/// Where a body falling from `top` (a cell that fits it) comes to rest: the first node at or
/// below `top` in its column. nullopt when that is more than `max_fall` rows below `top`
/// (max_fall 0: no limit).
std::optional<Point> fall_landing(const SideView& view, Point top, int max_fall);

/// Calls emit(const Move&) for every move out of node `from`, in a fixed order: walk or fall
/// left, then right; climb up; climb down or drop; then jumps by rise 1..H, each with glide 0
/// (straight up, dir 0) then to the left and to the right by glide 1..D+1. A move that lands
/// back on `from` is not emitted; several moves may reach the same cell. `from` must be a node.
template <typename Emit>
void for_each_move(const SideView& v, const MovementModel& model, Point from, Emit&& emit);

// ---- implementation ----------------------------------------------------------------------

template <typename Emit>
void for_each_move(const SideView& v, const MovementModel& model, Point from, Emit&& emit) {
  const int x = from.x, y = from.y;
  Point land;
  // Rows fallen from `top` to the landing (written to `land`), or -1 beyond max_fall.
  auto fall = [&v, &land](Point top, int max_fall) {
    const std::optional<Point> at = fall_landing(v, top, max_fall);
    if (!at) return -1;
    land = *at;
    return at->y - top.y;
  };
  for (int dir : {-1, 1}) {
    const Point side{x + dir, y};
    if (v.node(side)) {
      emit(Move{MoveKind::Walk, from, side, 1, dir, 0, 0});
    } else if (v.fits(side)) {
      const int fallen = fall(side, model.max_fall);
      if (fallen >= 0) emit(Move{MoveKind::Fall, from, land, 1 + fallen, dir, 0, 0});
    }
  }
  if (v.ladder(x, y) && v.node(x, y - 1)) emit(Move{MoveKind::Climb, from, {x, y - 1}, 1, 0, 0, 0});
  if (v.ladder(x, y + 1) && v.fits(x, y + 1)) {
    emit(Move{MoveKind::Climb, from, {x, y + 1}, 1, 0, 0, 0});
  } else if (!v.solid(x, y + 1) && v.fits(x, y + 1)) {
    // The descent starts at `from`: one row more than the fall from the cell below.
    const int fallen = fall({x, y + 1}, model.max_fall);
    if (fallen >= 0 && (model.max_fall == 0 || fallen + 1 <= model.max_fall))
      emit(Move{MoveKind::Drop, from, land, 1 + fallen, 0, 0, 0});
  }
  if (!v.stands(from)) return;
  for (int rise = 1; rise <= model.jump_height; ++rise) {
    const int top = y - rise;
    if (!v.fits(x, top)) break;
    const int fallen = fall({x, top}, model.max_fall);
    if (fallen >= 0 && land != from)
      emit(Move{MoveKind::Jump, from, land, rise + fallen + model.jump_penalty, 0, rise, 0});
    for (int dir : {-1, 1}) {
      for (int glide = 1; glide <= model.jump_distance + 1; ++glide) {
        const Point at{x + dir * glide, top};
        if (!v.fits(at)) break;
        const int f = fall(at, model.max_fall);
        if (f >= 0 && land != from)
          emit(Move{MoveKind::Jump, from, land, rise + glide + f + model.jump_penalty, dir, rise, glide});
      }
    }
  }
}

}  // namespace catacomb
CATACOMB_PUBLIC_END
