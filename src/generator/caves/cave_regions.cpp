// Cave regions after the cellular automaton: the 4-connected passable regions (under the
// dungeon cost table) are labelled, those under min_region (or, with "largest", every one but
// the largest) are filled with wall, and with "connect" each kept region is joined to the
// largest by a tunnel dug along a cheapest route (floor 1, wall dig_cost) from the largest
// region's edge, searched in a window round the region when that gives the map's answer, else
// once over the whole map. Routes are found on the uncarved cave and carved in label order;
// ties go to the lowest cell index, so the result is deterministic.
#include <catacomb/generator/cave_regions.hpp>

#include <algorithm>
#include <optional>

#include <catacomb/core/error.hpp>
#include "shared/core/enum_names.hpp"
#include "shared/core/problems.hpp"
#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/regions.hpp>

namespace catacomb {

namespace {
constexpr detail::EnumNames<CaveConnect, 2> kCaveConnectNames = {
    {{CaveConnect::Connect, "connect"}, {CaveConnect::Largest, "largest"}}};
}  // namespace

// A value out of the enum keeps the name it has always had: largest.
std::string_view cave_connect_name(CaveConnect c) {
  return detail::enum_name(kCaveConnectNames, c == CaveConnect::Connect ? c : CaveConnect::Largest);
}

CaveConnect parse_cave_connect(std::string_view name, const std::string& field) {
  return detail::parse_enum(kCaveConnectNames, name, field);
}

std::vector<FieldProblem> CaveRegionConfig::problems() const {
  std::vector<FieldProblem> p;
  if (min_region < 0 || min_region > 1000000) p.push_back({"min_region", std::to_string(min_region), "0 to 1000000"});
  if (!(dig_cost >= 1 && dig_cost <= 1000)) p.push_back({"dig_cost", format_number(dig_cost), "1 to 1000"});
  return p;
}

void CaveRegionConfig::check() const { throw_if_problems(problems()); }

namespace {

// Fills (makes wall) each region but the largest that is smaller than min_region, or every one
// of them with CaveConnect::Largest, each within its bounds. Returns which regions are kept.
std::vector<bool> fill_regions(Grid<Terrain>& tiles, const RegionMap& regions, int32_t main,
                               const CaveRegionConfig& config, CaveRegionStats& stats) {
  std::vector<bool> keep(static_cast<size_t>(regions.count()), true);
  for (int32_t r = 0; r < regions.count(); ++r) {
    if (r == main) continue;
    const bool small = regions.sizes[static_cast<size_t>(r)] < config.min_region;
    if (small || config.connect == CaveConnect::Largest) {
      keep[static_cast<size_t>(r)] = false;
      ++stats.filled_regions;
      stats.filled_cells += regions.sizes[static_cast<size_t>(r)];
    }
  }
  for (int32_t r = 0; r < regions.count(); ++r) {  // each filled region, within its bounds
    if (keep[static_cast<size_t>(r)]) continue;
    const Rect& b = regions.bounds[static_cast<size_t>(r)];
    for (int y = b.y; y < b.bottom(); ++y)
      for (int x = b.x; x < b.right(); ++x)
        if (regions.labels(x, y) == r) tiles(x, y) = Terrain::Wall;
  }
  return keep;
}

// The cheapest route from the main region to each kept region, on the uncarved cave.
//
// Dig costs: floor 1, wall dig_cost, the border never. As terrain under a table, 1 byte a
// cell: walls stay walls, everything else is floor, and the border is a byte that names no
// terrain (impassable under every table).
// The search starts from the main region's edge: its cells with a neighbour outside it. The
// cells inside (every neighbour in the main region) are closed off, as the border is. A
// cheapest route from the region leaves it for the last time from an edge cell and never comes
// back, so the distances outside the region, the cheapest cell of each kept region and the
// descents from them are those of a search from every cell of the region, without taking
// each of its cells.
class RegionRoutes {
 public:
  // `wanted`: the regions to route to (the kept ones but the main region).
  RegionRoutes(const Grid<Terrain>& tiles, const RegionMap& regions, int32_t main, std::vector<bool> wanted,
               double dig_cost)
      : tiles_(tiles),
        regions_(regions),
        main_(main),
        w_(tiles.width()),
        h_(tiles.height()),
        label_(regions.labels.cells().data()),
        wanted_(std::move(wanted)),
        budget_(int64_t{w_} * h_ / 4) {
    cost_.set(Terrain::Floor, 1.0);
    cost_.set(Terrain::Wall, dig_cost);
  }

  // Whether region r is to be routed to.
  bool wanted(int32_t r) const { return wanted_[static_cast<size_t>(r)]; }

  // Region r's cheapest cell (lowest index among equals) and the route down from it, as the
  // search from the whole main region gives them, but searched in a window round the region
  // where that gives the same answer (the map's search reaches every cell within the cost of the
  // farthest region, nearly every wall of a cave, where most regions lie a few walls off).
  // Why a window answers exactly: every step costs at least 1, so a route of cost C has at most C
  // steps. A window of margin m round the region's bounding box holds every route of cost <= m
  // to a cell of the region, so the window's search (its sources the main region's edge cells in
  // it) gives each of the region's cells of cost <= m its true cost, and the others no less than
  // theirs (fewer routes): when the cheapest it finds costs C <= m - 2, the region's cheapest
  // cells and their cost are the map's. The route down from that cell passes only cells within C
  // steps of the box, and reads beside each cell p only neighbours n whose distance plus the
  // step into p is p's distance: such an n is cheaper than p, so its own cheapest route ends
  // within C steps of the box as well, and the window holds its true distance (every other
  // neighbour is no match in either map: its distance is at least p's minus the step, and the
  // window's is no less). So the route down is the map's, step for step. Windows stop where they
  // would cost more than that search: a window that would pass a quarter of the map, and every
  // window once they have covered a quarter of the map's cells (a cave of many regions), give way
  // to the search from the whole region, made once.
  std::vector<Point> cheapest_route(int32_t r) {
    if (std::optional<std::vector<Point>> path = route_in_window(r)) return std::move(*path);
    budget_ = 0;  // the whole region's search is made: it answers every region after this one
    if (!whole_) {
      dig_ = Grid<Terrain>(w_, h_);
      std::vector<Point> sources;
      for (int y = 0; y < h_; ++y) dig_row(y, 0, w_, 0, &dig_(0, y), sources);
      whole_ = nearest_in_groups(dig_, cost_, sources, kFour, regions_.labels, wanted_);
    }
    if (whole_->cost[static_cast<size_t>(r)] == kUnreached) return {};
    return descend(whole_->map, dig_, cost_, whole_->cell[static_cast<size_t>(r)]);
  }

 private:
  static constexpr auto kBorder = static_cast<Terrain>(0xFF);
  static constexpr Moves kFour{4, DiagonalPolicy::Never, kSqrt2};

  // Row y, columns [x0, x1), of the dig terrain into `out`; the main region's edge cells among
  // them go to `edge`, less (x0, y0) (a window's own coordinates).
  void dig_row(int y, int x0, int x1, int y0, Terrain* out, std::vector<Point>& edge) const {
    const int w = w_, h = h_;
    const int32_t main = main_;
    const Terrain* in = tiles_.row(y);
    const int32_t* l = label_ + static_cast<size_t>(y) * static_cast<size_t>(w);
    for (int x = x0; x < x1; ++x) {
      Terrain& t = out[x - x0];
      if (y == 0 || y == h - 1 || x == 0 || x == w - 1) {
        t = kBorder;
      } else if (l[x] != main) {
        t = in[x] == Terrain::Wall ? Terrain::Wall : Terrain::Floor;
      } else if (l[x - 1] == main && l[x + 1] == main && l[x - w] == main && l[x + w] == main) {
        t = kBorder;
      } else {
        t = Terrain::Floor;
        edge.push_back({x - x0, y - y0});
      }
    }
  }

  // The route to region r from windows of margin 16, 32, ... round it, while they are within
  // the budget; nothing when none answered.
  std::optional<std::vector<Point>> route_in_window(int32_t r) {
    const Rect& box = regions_.bounds[static_cast<size_t>(r)];
    for (int m = 16;; m *= 2) {
      const int x0 = std::max(0, box.x - m), y0 = std::max(0, box.y - m);
      const int x1 = std::min(w_, box.right() + m), y1 = std::min(h_, box.bottom() + m);
      const int ww = x1 - x0, wh = y1 - y0;
      if (int64_t{ww} * wh * 4 > int64_t{w_} * h_ || int64_t{ww} * wh > budget_) return std::nullopt;
      budget_ -= int64_t{ww} * wh;
      Grid<Terrain> part(ww, wh);
      Grid<int32_t> group(ww, wh, kNoRegion);
      std::vector<Point> edge;
      for (int y = 0; y < wh; ++y) {
        dig_row(y + y0, x0, x1, y0, &part(0, y), edge);
        const int32_t* l = label_ + static_cast<size_t>(y + y0) * static_cast<size_t>(w_) + static_cast<size_t>(x0);
        for (int x = 0; x < ww; ++x)
          if (l[x] == r) group(x, y) = 0;
      }
      const NearestInGroups near = nearest_in_groups(part, cost_, edge, kFour, group, {true});
      if (near.cost[0] != kUnreached && near.cost[0] <= m - 2) {
        std::vector<Point> path = descend(near.map, part, cost_, near.cell[0]);
        for (Point& p : path) p = {p.x + x0, p.y + y0};
        return path;
      }
    }
  }

  const Grid<Terrain>& tiles_;
  const RegionMap& regions_;
  const int32_t main_;
  const int w_, h_;
  const int32_t* const label_;
  CostTable cost_ = CostTable::dungeon();
  const std::vector<bool> wanted_;
  std::optional<NearestInGroups> whole_;
  Grid<Terrain> dig_;  // the whole map's dig terrain, made with `whole_`
  int64_t budget_;     // cells the windows may still cover
};

}  // namespace

CaveRegionStats connect_cave_regions(Grid<Terrain>& tiles, const CaveRegionConfig& config) {
  config.check();
  CaveRegionStats stats;
  const CostTable floor_only = CostTable::dungeon();
  RegionMap regions = label_regions(tiles, floor_only, Moves{4, DiagonalPolicy::Never, kSqrt2});
  stats.regions_before = regions.count();
  if (regions.count() == 0) return stats;
  const int32_t main = regions.largest();
  const std::vector<bool> keep = fill_regions(tiles, regions, main, config, stats);
  if (config.connect == CaveConnect::Largest) return stats;

  std::vector<bool> wanted(keep.begin(), keep.end());
  wanted[static_cast<size_t>(main)] = false;
  RegionRoutes router(tiles, regions, main, std::move(wanted), config.dig_cost);
  // Every route is found on the uncarved cave (the search's dig terrain is read from `tiles`),
  // then they are carved in label order.
  std::vector<std::vector<Point>> routes(static_cast<size_t>(regions.count()));
  for (int32_t r = 0; r < regions.count(); ++r)
    if (router.wanted(r)) routes[static_cast<size_t>(r)] = router.cheapest_route(r);
  for (const std::vector<Point>& path : routes) {
    int64_t dug = 0;
    for (const Point& p : path)
      if (tiles[p] == Terrain::Wall) {
        tiles[p] = Terrain::Floor;
        ++dug;
      }
    if (dug > 0) ++stats.tunnels;
    stats.carved += dug;
  }
  return stats;
}

}  // namespace catacomb
