// Boost.Graph's astar_search as a search_bench engine. Compiled in its own file at -O2 (see
// bench/CMakeLists.txt): with GCC 12, Boost's A* runs 6-17 % slower at the Release build's -O3
// than at -O2, measured with the independent harness ../shared/peers built both ways, and a
// peer is timed at its best.
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "engines.hpp"

// Boost.Graph's headers are not ours to keep warning-free; GCC 12 reports a false
// maybe-uninitialized inside its edge iterator and false array-bounds errors inside std::vector
// when Boost's CSR constructor is inlined here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Warray-bounds"
#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>

#include <catacomb/pathing/moves.hpp>

namespace catacomb::bench {
namespace {

// A compressed_sparse_row_graph is Boost's representation for graphs that do not change (an
// adjacency_list keeps each edge's weight in its own heap allocation and was 1.3-1.6x slower
// here): one vertex per passable cell, one edge per legal move weighted by the destination's
// cost (times sqrt(2) for a diagonal). The property maps are allocated once; astar_search
// initialises them on every query.
class BoostAStar : public Engine {
 public:
  struct Weight {
    double w;
  };
  using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, Weight>;
  using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

  explicit BoostAStar(const CostGrid& costs) : width_(costs.width()) {
    auto passable = [&](Point p) { return costs.in_bounds(p) && costs[p] != CostTable::kImpassable; };
    vertex_of_.assign(costs.size(), -1);
    for (size_t i = 0; i < costs.size(); ++i)
      if (costs.cells()[i] != CostTable::kImpassable) {
        vertex_of_[i] = static_cast<int>(cell_of_.size());
        cell_of_.push_back(costs.point(i));
        min_cost_ = std::min(min_cost_, costs.cells()[i]);
      }
    std::vector<std::pair<size_t, size_t>> edges;
    std::vector<Weight> weights;
    for (size_t v = 0; v < cell_of_.size(); ++v) {
      const Point p = cell_of_[v];
      for (int d = 0; d < 8; ++d) {
        const Point q{p.x + kDirections[d].x, p.y + kDirections[d].y};
        if (!passable(q)) continue;
        const bool diagonal = d >= 4;
        if (diagonal && (!passable({q.x, p.y}) || !passable({p.x, q.y}))) continue;
        edges.emplace_back(v, static_cast<size_t>(vertex_of_[costs.index(q)]));
        weights.push_back({costs[q] * (diagonal ? kSqrt2 : 1.0)});
      }
    }
    graph_ = Graph(boost::edges_are_sorted, edges.begin(), edges.end(), weights.begin(), cell_of_.size());
    predecessor_.resize(cell_of_.size());
    distance_.resize(cell_of_.size());
    rank_.resize(cell_of_.size());
    color_.resize(cell_of_.size());
  }

  Answer solve(Point s, Point g) override {
    const auto vs = static_cast<Vertex>(vertex_of_[static_cast<size_t>(s.y * width_ + s.x)]);
    const auto vg = static_cast<Vertex>(vertex_of_[static_cast<size_t>(g.y * width_ + g.x)]);
    Answer a;
    Visitor visitor{vg, &a.expanded};
    const auto index = boost::get(boost::vertex_index, graph_);
    try {
      boost::astar_search(graph_, vs, Octile{&cell_of_, cell_of_[vg], min_cost_},
                          boost::visitor(visitor)
                              .weight_map(boost::get(&Weight::w, graph_))
                              .predecessor_map(boost::make_iterator_property_map(predecessor_.begin(), index))
                              .distance_map(boost::make_iterator_property_map(distance_.begin(), index))
                              .rank_map(boost::make_iterator_property_map(rank_.begin(), index))
                              .color_map(boost::make_iterator_property_map(color_.begin(), index)));
    } catch (const Found&) { a.cost = distance_[vg]; }
    return a;
  }

 private:
  struct Found {};
  struct Octile : boost::astar_heuristic<Graph, double> {
    const std::vector<Point>* cells;
    Point goal;
    double scale;
    Octile(const std::vector<Point>* c, Point g, double s) : cells(c), goal(g), scale(s) {}
    double operator()(Vertex v) const {
      const Point p = (*cells)[v];
      const int dx = std::abs(p.x - goal.x), dy = std::abs(p.y - goal.y);
      return (std::abs(dx - dy) + std::min(dx, dy) * kSqrt2) * scale;
    }
  };
  struct Visitor : boost::default_astar_visitor {
    Vertex goal;
    int64_t* expanded;
    Visitor(Vertex g, int64_t* e) : goal(g), expanded(e) {}
    void examine_vertex(Vertex v, const Graph&) {
      ++*expanded;
      if (v == goal) throw Found{};
    }
  };

  int width_;
  double min_cost_ = std::numeric_limits<double>::infinity();
  std::vector<int> vertex_of_;
  std::vector<Point> cell_of_;
  Graph graph_;
  std::vector<Vertex> predecessor_;
  std::vector<double> distance_, rank_;
  std::vector<boost::default_color_type> color_;
};

}  // namespace

std::unique_ptr<Engine> make_boost_astar(const CostGrid& costs) { return std::make_unique<BoostAStar>(costs); }

}  // namespace catacomb::bench

#pragma GCC diagnostic pop
