#pragma once
/// The navigation graph of a side-view map under a movement model: nodes are the cells where
/// the body rests (stands, or hangs on a ladder: side_view.hpp), edges the moves between them
/// (move_rules.hpp), directed (a fall is one-way) and each with its kind and cost. Built once,
/// then queried any number of times (find_platformer_path, check_platformer_level).
///
/// Determinism: nodes are numbered in row-major order of their cells; a node's edges are its
/// moves in for_each_move's order, keeping for each target cell only the cheapest move (the
/// first of equal cost). The same map and model give the same graph everywhere.
///
/// Memory: 4 bytes per cell (the cell -> node index), 12 bytes per node (its cell and its
/// first edge) and 12 bytes per edge (NavEdge). Build time O(nodes * H * D * fall length).
#include <catacomb/export.hpp>
#include <cstdint>
#include <span>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/platformer/move_rules.hpp>
#include <catacomb/platformer/movement_model.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// One stored edge: enough to rebuild the Move (NavGraph::move).
struct NavEdge {
  int32_t to = 0;    ///< target node
  int32_t cost = 0;  ///< the move's cost
  /// Move::kind
  MoveKind kind = MoveKind::Walk;
  int8_t dir = 0;     ///< Move::dir
  uint8_t rise = 0;   ///< Move::rise
  uint8_t glide = 0;  ///< Move::glide
};

/// The navigation graph of a side-view map under one movement model: a node per cell where the
/// body rests, a directed edge per move (the cheapest per target). Built once, then answers any
/// number of queries; read-only after construction.
class NavGraph {
 public:
  /// Builds the graph. Throws InvalidArgument for a bad model (model.check()).
  NavGraph(const Grid<Terrain>& tiles, const MovementModel& model);

  /// Columns of the map. [Units: cells]
  int width() const { return width_; }
  /// Rows of the map. [Units: cells]
  int height() const { return height_; }
  /// The movement model the graph was built for.
  const MovementModel& model() const { return model_; }
  /// Number of nodes (cells where the body rests).
  int node_count() const { return static_cast<int>(cells_.size()); }
  /// Number of edges (moves).
  int64_t edge_count() const { return static_cast<int64_t>(edges_.size()); }
  /// The node at cell `p`, or -1 when the body cannot rest there (or `p` is off the map).
  int node_at(Point p) const {
    if (p.x < 0 || p.y < 0 || p.x >= width_ || p.y >= height_) return -1;
    return node_of_cell_[static_cast<size_t>(p.y) * static_cast<size_t>(width_) + static_cast<size_t>(p.x)];
  }
  /// The cell of node `n` (0 <= n < node_count()).
  Point cell(int n) const { return cells_[static_cast<size_t>(n)]; }
  /// The edges out of node `n`.
  std::span<const NavEdge> edges(int n) const {
    const auto b = first_edge_[static_cast<size_t>(n)], e = first_edge_[static_cast<size_t>(n) + 1];
    return {edges_.data() + b, e - b};
  }
  /// The full move of edge `e` out of node `n`.
  Move move(int n, const NavEdge& e) const;
  /// Bytes held by the graph's arrays.
  size_t memory_bytes() const;

 private:
  int width_ = 0, height_ = 0;
  MovementModel model_;
  std::vector<int32_t> node_of_cell_;
  std::vector<Point> cells_;
  std::vector<uint32_t> first_edge_;  // node_count + 1 offsets into edges_
  std::vector<NavEdge> edges_;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
