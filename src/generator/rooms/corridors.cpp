// Corridor carving.
//
// Every cell has a dig cost: the border and the room rings' corners can not be dug, existing
// corridors and doors cost `reuse`, rooms' interiors and wall rings `room`, other rock `rock`.
// For each edge in turn the interiors of its two rooms cost `reuse`, the cheapest 4-connected
// route between the two connection points is found, and its wall cells are carved (Door in a
// wall ring, Corridor elsewhere) and cost `reuse` from then on.
//
// Which cheapest route: at width 1 with no turn penalty and whole-number costs (the common case),
// the canonical one, found by the router of corridor_router.cpp (see corridor_router.hpp).
// Otherwise (a turn penalty, width 2 or fractional costs) the grid search engine finds a
// cheapest route (A*, Manhattan heuristic; its pop order decides between equal routes); with a
// turn penalty the search runs over (cell, heading) states on the generic graph engine.
#include <catacomb/generator/corridors.hpp>

#include <algorithm>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"
#include "generator/rooms/corridor_router.hpp"
#include <catacomb/pathing/graph_search.hpp>
#include <catacomb/pathing/search.hpp>

namespace catacomb {
namespace {

using detail::Zone;
using detail::zone_after;

Grid<Zone> zones(int w, int h, const std::vector<Rect>& rooms) {
  Grid<Zone> zone(w, h, Zone::Rock);
  for (int x = 0; x < w; ++x) zone(x, 0) = zone(x, h - 1) = Zone::NoDig;
  for (int y = 0; y < h; ++y) zone(0, y) = zone(w - 1, y) = Zone::NoDig;
  for (const Rect& r : rooms)
    for (int y = std::max(r.y - 1, 0); y <= std::min(r.bottom(), h - 1); ++y)
      for (int x = std::max(r.x - 1, 0); x <= std::min(r.right(), w - 1); ++x)
        zone(x, y) = zone_after(zone(x, y), r, x, y);
  return zone;
}

struct TurnState {
  int32_t cell;  // row-major index
  int8_t dir;    // heading 0-3 (E, S, W, N), or -1 at the start
  friend bool operator<(const TurnState& a, const TurnState& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.dir < b.dir;
  }
};

// Cheapest route with a turn penalty: a search over (cell, heading) on the graph engine.
std::vector<Point> route_with_turns(const CostGrid& cost, Point from, Point to, double turn) {
  const int w = cost.width();
  auto at = [&](int32_t i) { return Point{i % w, i / w}; };
  auto neighbours = [&](const TurnState& s, auto&& emit) {
    const Point p = at(s.cell);
    for (int8_t d = 0; d < 4; ++d) {
      const Point q{p.x + kDirections[d].x, p.y + kDirections[d].y};
      if (!cost.in_bounds(q)) continue;
      const double c = cost[q];
      if (c == CostTable::kImpassable) continue;
      emit(TurnState{static_cast<int32_t>(cost.index(q)), d}, c + (s.dir >= 0 && s.dir != d ? turn : 0.0));
    }
  };
  const int32_t goal = static_cast<int32_t>(cost.index(to));
  auto h = [&](const TurnState& s) {
    const Point p = at(s.cell);
    return static_cast<double>(std::abs(p.x - to.x) + std::abs(p.y - to.y));
  };
  auto is_goal = [&](const TurnState& s) { return s.cell == goal; };
  GraphSearchOptions opt;
  auto r = find_graph_path(TurnState{static_cast<int32_t>(cost.index(from)), -1}, is_goal, neighbours, h, opt);
  std::vector<Point> path;
  for (const TurnState& s : r.path) path.push_back(at(s.cell));
  return path;
}

}  // namespace

std::vector<FieldProblem> DigCosts::problems() const {
  std::vector<FieldProblem> p;
  auto positive = [&](const char* name, double v) {
    if (!(v > 0 && v < 1e9)) p.push_back({name, format_number(v), "a number > 0"});
  };
  positive("dig_reuse", reuse);
  positive("dig_rock", rock);
  positive("dig_room", room);
  if (!(turn >= 0 && turn <= 1000)) p.push_back({"dig_turn", format_number(turn), "0 to 1000"});
  if (width != 1 && width != 2) p.push_back({"corridor_width", std::to_string(width), "1 or 2"});
  return p;
}

void DigCosts::check() const { throw_if_problems(problems()); }

namespace {

// Refuses bad dig costs, a point per room missing, a point off the map and an edge naming no
// point, all at once.
void check_carve_input(const Grid<Terrain>& tiles, const std::vector<Rect>& rooms, const std::vector<Point>& points,
                       const std::vector<RoomEdge>& edges, const DigCosts& dig) {
  std::vector<FieldProblem> p = dig.problems();
  if (points.size() != rooms.size())
    p.push_back({"points", std::to_string(points.size()) + " points", "one per room: " + std::to_string(rooms.size())});
  for (size_t k = 0; k < points.size(); ++k)
    if (!tiles.in_bounds(points[k]))
      p.push_back({"points[" + std::to_string(k) + "]", to_string(points[k]),
                   "inside the " + std::to_string(tiles.width()) + "x" + std::to_string(tiles.height()) + " map"});
  for (size_t k = 0; k < edges.size(); ++k)
    if (edges[k].a < 0 || edges[k].b < 0 || static_cast<size_t>(edges[k].a) >= points.size() ||
        static_cast<size_t>(edges[k].b) >= points.size())
      p.push_back({"edges[" + std::to_string(k) + "]", std::to_string(edges[k].a) + "-" + std::to_string(edges[k].b),
                   "point indices below " + std::to_string(points.size())});
  throw_if_problems(p);
}

// The carving by the grid search engine (a turn penalty, width 2 or fractional costs): the
// zones, the dig costs and the search that owns the router's costs, shared by its steps.
class SearchedCarver {
 public:
  SearchedCarver(Grid<Terrain>& tiles, const std::vector<Rect>& rooms, const DigCosts& dig, CarveStats& stats)
      : tiles_(tiles), dig_(dig), stats_(stats), zone_(zones(tiles.width(), tiles.height(), rooms)) {
    const int w = tiles.width(), h = tiles.height();
    // `base` is the cost of entering one cell; the router's costs what it sees: for width 2, a
    // path cell p stands for the 2x2 block p, p+x, p+y, p+x+y, so it costs the block's dearest
    // cell (a grid of its own); for width 1 the two are the same, so `base` itself is handed over.
    // The search object owns the router's costs (no copy of a grid of 8 bytes a cell): both routers
    // read them there, and every change goes through it (one cell or one rectangle at a time: no
    // rebuild of its tables per corridor).
    base_ = CostGrid(w, h, CostTable::kImpassable);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) base_(x, y) = base_cost({x, y});
    if (dig.width == 2) {
      CostGrid blocks(w, h, CostTable::kImpassable);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) blocks(x, y) = block_cost({x, y});
      search_.set_costs(std::move(blocks));
    } else {
      search_.set_costs(std::move(base_));  // width 1 reads base no more
    }
    cost_ = &search_.costs();
    opt_.moves = {4, DiagonalPolicy::Never, kSqrt2};
    opt_.heuristic = Heuristic::Manhattan;
  }

  // Edge e: its rooms' interiors made cheap, the cheapest route between its points, the
  // interiors' cost restored, then the route's wall cells carved.
  void carve_edge(const RoomEdge& e, const std::vector<Rect>& rooms, const std::vector<Point>& points) {
    const Rect& ra = rooms[static_cast<size_t>(e.a)];
    const Rect& rb = rooms[static_cast<size_t>(e.b)];
    set_room(ra, true);
    set_room(rb, true);
    const Point from = points[static_cast<size_t>(e.a)], to = points[static_cast<size_t>(e.b)];
    std::vector<Point> path;
    if (dig_.turn > 0) {
      path = route_with_turns(*cost_, from, to, dig_.turn);
    } else {
      path = search_.find_path(from, to, opt_).path;
    }
    set_room(ra, false);
    set_room(rb, false);
    for (const Point& p : path)
      for (int dy = 0; dy < dig_.width; ++dy)
        for (int dx = 0; dx < dig_.width; ++dx) carve({p.x + dx, p.y + dy});
    ++stats_.corridors;
  }

 private:
  double base_cost(Point p) const {
    switch (zone_[p]) {
      case Zone::NoDig: return CostTable::kImpassable;
      case Zone::Interior: return dig_.room;
      case Zone::Ring: return tiles_[p] == Terrain::Wall ? dig_.room : dig_.reuse;
      case Zone::Rock: return tiles_[p] == Terrain::Wall ? dig_.rock : dig_.reuse;
    }
    return CostTable::kImpassable;
  }
  double block_cost(Point p) const {
    double c = 0;
    for (int dy = 0; dy < dig_.width; ++dy)
      for (int dx = 0; dx < dig_.width; ++dx) {
        const Point q{p.x + dx, p.y + dy};
        c = std::max(c, base_.in_bounds(q) ? base_[q] : CostTable::kImpassable);
      }
    return c;
  }
  void set(Point q, double c) {
    if ((*cost_)[q] != c) search_.set_cost(q, c);
  }
  // base[p] = c, and the router's cost of every block that contains p.
  void set_base(Point p, double c) {
    if (dig_.width == 1) return set(p, c);  // the router's costs are base's
    base_[p] = c;
    for (int dy = 0; dy < 2; ++dy)
      for (int dx = 0; dx < 2; ++dx) {
        const Point q{p.x - dx, p.y - dy};
        if (cost_->in_bounds(q)) set(q, block_cost(q));
      }
  }
  void set_room(const Rect& r, bool cheap) {
    const double c = cheap ? dig_.reuse : dig_.room;
    if (dig_.width == 1) {
      // set_area_cost: the same as set_cost cell by cell, for a fraction of the work.
      if (dig_.reuse != dig_.room) search_.set_area_cost(r, c);
      return;
    }
    // Width 2: the whole interior first, then each block that holds an interior cell once.
    for (int y = r.y; y < r.bottom(); ++y)
      for (int x = r.x; x < r.right(); ++x) base_(x, y) = c;
    for (int y = r.y - 1; y < r.bottom(); ++y)
      for (int x = r.x - 1; x < r.right(); ++x)
        if (cost_->in_bounds(x, y)) set({x, y}, block_cost({x, y}));
  }
  void carve(Point p) {
    if (!tiles_.in_bounds(p) || zone_[p] == Zone::NoDig || zone_[p] == Zone::Interior) return;
    if (tiles_[p] != Terrain::Wall) return;
    tiles_[p] = zone_[p] == Zone::Ring ? Terrain::Door : Terrain::Corridor;
    set_base(p, dig_.reuse);
    ++stats_.carved;
  }

  Grid<Terrain>& tiles_;
  const DigCosts& dig_;
  CarveStats& stats_;
  const Grid<Zone> zone_;
  CostGrid base_;
  GridSearch search_;
  const CostGrid* cost_ = nullptr;  // the router's costs, owned by search_
  SearchOptions opt_;
};

// A door that opens onto no corridor (a notch cut into a room's wall where a corridor only
// grazed it) is walled up again: every wall-ring cell touches its room, so this never
// disconnects anything.
void wall_up_lone_doors(Grid<Terrain>& tiles, CarveStats& stats) {
  const int w = tiles.width(), h = tiles.height();
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      if (tiles(x, y) != Terrain::Door) continue;
      bool corridor = false;
      for (int k = 0; k < 4; ++k) corridor |= tiles(x + kDirections[k].x, y + kDirections[k].y) == Terrain::Corridor;
      if (!corridor) {
        tiles(x, y) = Terrain::Wall;
        --stats.carved;
      } else {
        ++stats.doors;
      }
    }
}

}  // namespace

CarveStats carve_corridors(Grid<Terrain>& tiles, const std::vector<Rect>& rooms, const std::vector<Point>& points,
                           const std::vector<RoomEdge>& edges, const DigCosts& dig) {
  check_carve_input(tiles, rooms, points, edges, dig);
  CarveStats stats;
  if (detail::canonical_router_takes(dig)) {
    detail::carve_canonical(tiles, rooms, points, edges, dig, stats);
  } else {
    SearchedCarver carver(tiles, rooms, dig, stats);
    for (const RoomEdge& e : edges) carver.carve_edge(e, rooms, points);
  }
  wall_up_lone_doors(tiles, stats);
  return stats;
}

}  // namespace catacomb
