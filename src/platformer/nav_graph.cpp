// Navigation graph construction: one row-major scan numbers the nodes, a second one lists each
// node's moves (for_each_move) into a compressed sparse row layout, keeping the cheapest move
// per target cell. Deterministic: no hashing, fixed scan and move orders.
#include <catacomb/platformer/nav_graph.hpp>

#include <limits>

#include <catacomb/core/error.hpp>

namespace catacomb {

NavGraph::NavGraph(const Grid<Terrain>& tiles, const MovementModel& model)
    : width_(tiles.width()), height_(tiles.height()), model_(model) {
  model.check();
  const SideView view(tiles, model.body_height);
  node_of_cell_.assign(static_cast<size_t>(width_) * static_cast<size_t>(height_), -1);
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x)
      if (view.node(x, y)) {
        node_of_cell_[static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x)] =
            static_cast<int32_t>(cells_.size());
        cells_.push_back({x, y});
      }
  first_edge_.reserve(cells_.size() + 1);
  std::vector<NavEdge> local;
  for (const Point from : cells_) {
    first_edge_.push_back(static_cast<uint32_t>(edges_.size()));
    local.clear();
    for_each_move(view, model, from, [&](const Move& m) {
      const int32_t to = node_at(m.to);
      for (NavEdge& e : local)
        if (e.to == to) {
          if (m.cost < e.cost)
            e = NavEdge{to,
                        m.cost,
                        m.kind,
                        static_cast<int8_t>(m.dir),
                        static_cast<uint8_t>(m.rise),
                        static_cast<uint8_t>(m.glide)};
          return;
        }
      local.push_back(NavEdge{to, m.cost, m.kind, static_cast<int8_t>(m.dir), static_cast<uint8_t>(m.rise),
                              static_cast<uint8_t>(m.glide)});
    });
    edges_.insert(edges_.end(), local.begin(), local.end());
    if (edges_.size() > std::numeric_limits<uint32_t>::max())
      throw InvalidArgument(FieldProblem{"navigation graph edges", std::to_string(edges_.size()), "at most 2^32 - 1"});
  }
  first_edge_.push_back(static_cast<uint32_t>(edges_.size()));
}

Move NavGraph::move(int n, const NavEdge& e) const {
  return Move{e.kind, cell(n), cell(e.to), e.cost, e.dir, e.rise, e.glide};
}

size_t NavGraph::memory_bytes() const {
  return node_of_cell_.capacity() * sizeof(int32_t) + cells_.capacity() * sizeof(Point) +
         first_edge_.capacity() * sizeof(uint32_t) + edges_.capacity() * sizeof(NavEdge);
}

}  // namespace catacomb
