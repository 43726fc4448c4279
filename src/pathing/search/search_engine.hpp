#pragma once
// Internal to pathing/: the state of a GridSearch (its Impl), shared by the files of the engine:
// search.cpp (binding a map, the cached tables, queries), search_loop.cpp (the best-first loop
// for every mode) and astar_octile.cpp (that loop specialised for the common case, A* with the
// octile heuristic on a map of one cell cost). Nothing here is public API.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include <catacomb/pathing/jps.hpp>
#include <catacomb/pathing/regions.hpp>
#include "pathing/search/open_list.hpp"
#include <catacomb/pathing/search.hpp>

namespace catacomb {
namespace detail {

/// The cached tables are kept per effective diagonal policy (effective_diagonal in moves.hpp):
/// Moves with the same one allow the same steps.
inline size_t moves_slot(const Moves& m) { return static_cast<size_t>(effective_diagonal(m)); }

/// Per-cell search state besides a best g: not reached in this query / expanded (or a wall).
constexpr double kUnseen = std::numeric_limits<double>::infinity();
constexpr double kClosed = -1.0;

/// The outcome of the engine's loop.
struct LoopResult {
  PathStatus status = PathStatus::NoPath;
  uint32_t end = 0;  ///< goal index when found
  int64_t expanded = 0;
  bool have_best = false;  ///< fallback: the closest expanded cell, when tracked
  uint32_t best = 0;
};

/// The fallback's closest expanded cell so far (LoopResult::best): the smallest heuristic
/// distance to the goal, then the cheaper g, then the lower index.
struct Closest {
  double d = 0, g = 0;
  void offer(LoopResult& r, double dist, double eg, uint32_t i) {
    if (!r.have_best || dist < d || (dist == d && (eg < g || (eg == g && i < r.best)))) {
      r.have_best = true;
      r.best = i;
      d = dist;
      g = eg;
    }
  }
};

}  // namespace detail

struct CATACOMB_HIDDEN GridSearch::Impl {
  // The bound map.
  CostGrid costs;
  int w = 0, h = 0;
  int pw = 2;  ///< padded width
  size_t padded = 0;
  std::vector<uint8_t> passable;  ///< padded, 0 on the border

  // Effective costs for one cost_scale (padded, kImpassable on the border and walls).
  std::vector<double> pcost;
  bool pcost_valid = false;
  double pcost_scale = 1.0;
  double min_cost = 1.0;
  bool uniform = true;
  double max_cost = 1.0;

  // Per effective diagonal policy (detail::moves_slot): legal-move masks (padded) and component
  // labels (the region labeller's, unpadded: start and goal share a region exactly when a path
  // joins them), built lazily.
  std::vector<uint8_t> masks[kDiagonalPolicyCount];
  RegionMap labels[kDiagonalPolicyCount];

  // Scratch, structure of arrays so that the hot tests touch little memory: per padded cell
  // one double that is the whole search state of the cell, kUnseen (not reached in this query),
  // the best g found so far (reached, open), or kClosed (expanded, and every wall and border
  // cell for good), so that "closed, or reached at least as cheaply" is one comparison ng < g;
  // and two bytes side by side, the cell's legal moves under the current Moves (a copy of
  // masks[slot]) and the direction of the move that reached it, which are read and written
  // together when the cell is expanded. The cells a query reached are listed, to reset them at
  // the start of the next: room for every cell, left unwritten (so its pages are faulted in only
  // as far as queries fill it: corridor searches list a few hundred cells each).
  std::vector<double> gs;
  std::unique_ptr<uint32_t[]> touched;
  size_t touched_n = 0;
  std::vector<uint8_t> moves_dir;                  ///< [2i] legal moves, [2i + 1] parent direction
  std::optional<DiagonalPolicy> moves_dir_policy;  ///< the effective policy whose masks moves_dir holds
  uint64_t div_m = 1;                              ///< i / pw = (i * div_m) >> div_s for every padded index i
  int div_s = 0;
  detail::BucketQueue<detail::EntryU> open_u;
  detail::BucketQueue<detail::EntryW> open_w;
  bool last_uniform = true;  ///< which queue the last query used
  bool last_valid = false;
  std::vector<uint32_t> stack;

  JumpPointSearch jps;
  bool jps_bound = false;  ///< jps holds the bound map

  uint32_t offset[8] = {};

  /// Binds `costs` (already set): padded tables, search state, offsets; drops every cache.
  void bind();
  /// Padded index of the map cell (x, y).
  size_t pidx(int x, int y) const {
    return static_cast<size_t>(y + 1) * static_cast<size_t>(pw) + static_cast<size_t>(x + 1);
  }
  Point point_of(uint32_t i) const {
    const auto upw = static_cast<uint32_t>(pw);
    return {static_cast<int>(i % upw) - 1, static_cast<int>(i / upw) - 1};
  }

  void ensure_costs(double scale);
  const std::vector<uint8_t>& ensure_masks(const Moves& m);
  /// Component labels for Moves `m` (legal moves are symmetric under every policy, so
  /// connected = reachable): label_regions of the passable cells under `m`.
  const Grid<int32_t>& ensure_labels(const Moves& m);
  /// The passable flags without the padding (1 passable, 0 not), as the labeller and JPS read them.
  Grid<uint8_t> unpadded_passable() const;
  /// Starts a new query: forgets the cells the last one reached.
  void next_generation();

  /// Runs the search loop that suits the mode (search_loop.cpp): `hk` the heuristic (Zero for
  /// Dijkstra and BFS), `hs` its scale, `dc` the diagonal factor (1 for BFS).
  detail::LoopResult run(Heuristic hk, bool uniform_steps, bool greedy, uint32_t start, uint32_t goal, double hs,
                         double dc, double delta, int64_t budget, bool track, Heuristic track_h, double track_dc);
  template <Heuristic H>
  detail::LoopResult run_h(bool uniform_steps, bool greedy, uint32_t start, uint32_t goal, double hs, double dc,
                           double delta, int64_t budget, bool track, Heuristic track_h, double track_dc);
  /// The search loop proper (search_loop.cpp): best-first over entries (f, g, cell, parent
  /// direction), see there.
  template <bool Uniform, Heuristic H, bool Greedy>
  detail::LoopResult loop(uint32_t start, uint32_t goal, double hs, double dc, double delta, int64_t budget, bool track,
                          Heuristic track_h, double track_dc);
  /// loop<true, Heuristic::Octile, false> with hs = 1, specialised (astar_octile.cpp).
  detail::LoopResult loop_octile(uint32_t start, uint32_t goal, double dc, double delta, int64_t budget, bool track,
                                 Heuristic track_h, double track_dc);
  template <bool Track, bool Budget>
  detail::LoopResult loop_octile_t(uint32_t start, uint32_t goal, double dc, double delta, int64_t budget,
                                   Heuristic track_h, double track_dc);

  /// Cells from the start to `end` by parent directions.
  void trace(uint32_t end, std::vector<Point>& path) const;
  /// Sum of step costs along a path of legal moves, in path order (as path_cost adds them).
  double walk_cost(const std::vector<Point>& path, double dc) const;

  PathResult query(Point start, Point goal, const SearchOptions& o);
  /// Throws InvalidArgument unless JPS supports this map and these options.
  void check_jps(const SearchOptions& o) const;
  PathResult query_jps(Point start, Point goal, const SearchOptions& o);
};

}  // namespace catacomb
