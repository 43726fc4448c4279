// catacomb's A* and JPS and libtcod's A* as search_bench engines (Boost's is in boost_astar.cpp,
// compiled on its own: see bench/CMakeLists.txt).
#include "engines.hpp"

#include <libtcod/path.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include <catacomb/pathing/jps.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/navigator.hpp>

namespace catacomb::bench {
namespace {

class CatacombAStar : public Engine {
 public:
  explicit CatacombAStar(const CostGrid& costs) { search_.set_costs(costs); }
  Answer solve(Point s, Point g) override {
    const PathResult r = search_.find_path(s, g, options_);
    return {r.found() ? r.cost : -1, r.expanded};
  }

 private:
  GridSearch search_;
  SearchOptions options_;  // A*, 8 neighbours, no corner cutting, sqrt(2), octile, weight 1
};

class CatacombJps : public Engine {
 public:
  explicit CatacombJps(const CostGrid& costs) {
    Grid<uint8_t> passable(costs.width(), costs.height(), 0);
    for (size_t i = 0; i < costs.size(); ++i) {
      const double c = costs.cells()[i];
      if (c != CostTable::kImpassable && c != 1.0) throw std::invalid_argument("JPS needs uniform costs");
      passable.cells()[i] = c == 1.0;
    }
    jps_.set_map(passable);
  }
  Answer solve(Point s, Point g) override {
    const PathResult r = jps_.find_path(s, g);
    return {r.found() ? r.cost : -1, r.expanded};
  }

 private:
  JumpPointSearch jps_;
};

class CatacombNavigator : public Engine {
 public:
  explicit CatacombNavigator(const CostGrid& costs) : nav_(costs, Moves{}) {}
  Answer solve(Point s, Point g) override {
    const PathResult r = nav_.find_path(s, g);
    return {r.found() ? r.cost : -1, r.expanded};
  }
  const Navigator& navigator() const { return nav_; }

 private:
  Navigator nav_;
};

class LibtcodAStar : public Engine {
 public:
  explicit LibtcodAStar(const CostGrid& costs) : costs_(&costs) {
    path_ = TCOD_path_new_using_function(costs.width(), costs.height(), &LibtcodAStar::cost, this,
                                         static_cast<float>(kSqrt2));
  }
  ~LibtcodAStar() override { TCOD_path_delete(path_); }
  LibtcodAStar(const LibtcodAStar&) = delete;
  LibtcodAStar& operator=(const LibtcodAStar&) = delete;

  Answer solve(Point s, Point g) override {
    calls_ = 0;
    Answer a;
    if (TCOD_path_compute(path_, s.x, s.y, g.x, g.y)) {
      const int n = TCOD_path_size(path_);
      cells_.assign(1, s);
      for (int i = 0; i < n; ++i) {
        int x = 0, y = 0;
        TCOD_path_get(path_, i, &x, &y);
        cells_.push_back({x, y});
      }
      // Re-costed in double under the benchmark's model; an illegal step costs the answer.
      try {
        a.cost = path_cost(*costs_, cells_, Moves{});
      } catch (const std::exception&) { a.cost = -1; }
    }
    // libtcod does not count expansions; it calls the cost function once per in-bounds neighbour
    // of every cell it takes off its heap (8 on these walled maps).
    a.expanded = calls_ / 8;
    return a;
  }

 private:
  // libtcod multiplies a diagonal step's cost by its diagonal factor itself; 0 = blocked.
  static float cost(int x0, int y0, int x1, int y1, void* self) {
    auto* me = static_cast<LibtcodAStar*>(self);
    ++me->calls_;
    const CostGrid& m = *me->costs_;
    const double c = m(x1, y1);
    if (c == CostTable::kImpassable) return 0.0f;
    if (x0 != x1 && y0 != y1 && (m(x1, y0) == CostTable::kImpassable || m(x0, y1) == CostTable::kImpassable))
      return 0.0f;  // no corner cutting
    return static_cast<float>(c);
  }

  const CostGrid* costs_;
  TCOD_path_t path_ = nullptr;
  int64_t calls_ = 0;
  std::vector<Point> cells_;
};

}  // namespace

std::unique_ptr<Engine> make_catacomb_astar(const CostGrid& costs) { return std::make_unique<CatacombAStar>(costs); }
std::unique_ptr<Engine> make_catacomb_jps(const CostGrid& costs) { return std::make_unique<CatacombJps>(costs); }
std::unique_ptr<Engine> make_catacomb_navigator(const CostGrid& costs, NavigatorStats& stats) {
  auto e = std::make_unique<CatacombNavigator>(costs);
  stats = e->navigator().stats();
  return e;
}
std::unique_ptr<Engine> make_libtcod_astar(const CostGrid& costs) { return std::make_unique<LibtcodAStar>(costs); }

}  // namespace catacomb::bench
