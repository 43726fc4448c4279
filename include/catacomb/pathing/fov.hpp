#pragma once
/// Field of view: the cells seen from an origin, by symmetric shadowcasting (Albert Ford's
/// algorithm, https://www.albertford.com/shadowcasting/, as libtcod's FOV_SYMMETRIC_SHADOWCAST
/// computes it, in its float arithmetic: the same visible set, cell for cell, with light_walls on
/// or off and any radius; bench/fov_bench.cpp compares the two on thousands of maps). Between open
/// cells sight is symmetric, Ford's property: B is seen from A when A is seen from B (the tests
/// check it on random maps).
#include <catacomb/export.hpp>
#include <cstdint>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/player_state.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// How far and what a field of view shows.
struct FovOptions {
  /// A cell (x, y) is seen only when (x - ox)^2 + (y - oy)^2 < radius^2, as libtcod's
  /// max_radius; 0 sees as far as the map goes. [Limit: >= 0] [Units: cells]
  int radius = 0;
  /// True: a cell that blocks sight is seen when the scan reaches it (the walls around a lit
  /// room), as libtcod's light_walls = true; false: no blocking cell is seen, the origin
  /// included.
  bool light_walls = true;

  /// Every bad field ("radius = -1 (expected 0 or more)"); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
};

/// The cells seen from `origin` over a map where a nonzero byte of `blocks_sight` blocks sight:
/// 1 for a seen cell, 0 otherwise; the origin is always seen (unless it blocks sight and
/// light_walls is false). Cells off the map do not exist (libtcod's edge behaviour: a quadrant
/// stops at the first row whose middle cell is off the map). O(cells the scan reaches) besides
/// clearing the result. Throws InvalidArgument for an origin off the map or bad options.
Grid<uint8_t> field_of_view(const Grid<uint8_t>& blocks_sight, Point origin, const FovOptions& options = {});

/// The same into `visible`, resized (and every cell rewritten) to the map's shape: a caller who
/// keeps `visible` between turns allocates nothing after the first call.
void field_of_view(const Grid<uint8_t>& blocks_sight, Point origin, const FovOptions& options, Grid<uint8_t>& visible);

/// True when cell `p` of `d` blocks sight for `player`: a wall; a locked door the player has not
/// opened (holding its key does not open it); a gate shut under the player's switches; a secret
/// door (it looks like a wall: a game that lets the player find one clears its cell in the grid
/// sight_blockers returns and calls the grid overload). A one-way door does not: it is an open
/// doorway, passed one way only, and sight is symmetric. Water, vegetation, road, ladder and
/// platform do not block sight. Throws InvalidArgument for a cell off the map.
bool blocks_sight(const Dungeon& d, const PlayerState& player, Point p);

/// blocks_sight for every cell of `d`: 1 where the cell blocks sight, 0 elsewhere.
Grid<uint8_t> sight_blockers(const Dungeon& d, const PlayerState& player);

/// The cells `player` sees from `origin` on `d`: field_of_view over sight_blockers(d, player).
/// Throws InvalidArgument for an origin off the map or bad options.
Grid<uint8_t> field_of_view(const Dungeon& d, const PlayerState& player, Point origin, const FovOptions& options = {});

}  // namespace catacomb
CATACOMB_PUBLIC_END
