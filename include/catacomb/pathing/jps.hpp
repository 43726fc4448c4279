#pragma once
/// Jump Point Search (Harabor & Grastien 2011, 2014) on uniform-cost 8-neighbour grids WITHOUT
/// corner cutting: a diagonal move needs both orthogonal neighbours passable (the Moving AI
/// convention). It returns A*'s optimal cost while expanding only "jump points", the cells where
/// an optimal path may have to turn.
///
/// The map is held as bit rows (64 cells per word, one blocked cell of padding on every side)
/// plus a transposed copy, so that straight jumps run word by word with count-trailing-zeros
/// (block-based JPS). GridSearch dispatches Algorithm::Jps here; it can also be used directly.
#include <catacomb/export.hpp>
#include <cstdint>
#include <memory>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/search.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

namespace detail {
/// Library-internal: the Navigator's access to a JumpPointSearch (src/pathing/jps_access.hpp).
struct CATACOMB_HIDDEN JpsAccess;
}  // namespace detail

/// A reusable JPS object bound to one map. It owns its scratch buffers: repeated queries on the
/// same map allocate nothing but the returned path after the first. Not thread-safe: use one per
/// thread (find_path is non-const for that reason).
class JumpPointSearch {
 public:
  JumpPointSearch();
  ~JumpPointSearch();
  /// Moves the bound map and scratch buffers; the source is left empty.
  JumpPointSearch(JumpPointSearch&&) noexcept;
  /// Moves the bound map and scratch buffers; the source is left empty.
  JumpPointSearch& operator=(JumpPointSearch&&) noexcept;

  /// Binds a map (copied into bit rows): passable[p] != 0 means passable. Every passable cell
  /// costs 1 to enter, a diagonal move kSqrt2; no corner cutting. Allocates about 23 bytes per
  /// cell (bit lines, precomputed masks, node state) and precomputes in O(cells).
  void set_map(const Grid<uint8_t>& passable);
  /// One optimal query (the same cost as A* with the octile heuristic). Requires a bound map.
  /// `path` is the full cell-by-cell path from start to goal, both inclusive: jump points are
  /// expanded into single steps, each a legal no-corner-cut move; `cost` is the sum of its step
  /// costs (1 straight, kSqrt2 diagonal, added in path order); `expanded` counts the jump points
  /// taken off the open list (corridor turns, which the search follows without stopping, are
  /// not jump points here). `budget` = most jump points to expand before BudgetExhausted
  /// (0 = no limit). Throws InvalidArgument for start or goal off the bound map or a negative
  /// budget; an impassable start or goal gives StartBlocked or GoalBlocked. start == goal gives Found with a
  /// one-cell path of cost 0.
  PathResult find_path(Point start, Point goal, int64_t budget = 0);

 private:
  friend struct detail::JpsAccess;  ///< the Navigator's landmark heuristic (library-internal)
  struct CATACOMB_HIDDEN Impl;      // library-internal (src/), not exported
  std::unique_ptr<Impl> impl_;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
