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
constexpr detail::EnumNames<CaveConnect, 2> kCaveConnectNames = {{{CaveConnect::Connect, "connect"},
                                                                  {CaveConnect::Largest, "largest"}}};
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

CaveRegionStats connect_cave_regions(Grid<Terrain>& tiles, const CaveRegionConfig& config) {
  config.check();
  CaveRegionStats stats;
  const CostTable floor_only = CostTable::dungeon();
  RegionMap regions = label_regions(tiles, floor_only, Moves{4, DiagonalPolicy::Never, kSqrt2});
  stats.regions_before = regions.count();
  if (regions.count() == 0) return stats;
  const int32_t main = regions.largest();
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
  if (config.connect == CaveConnect::Largest) return stats;

  // Dig costs: floor 1, wall dig_cost, the border never. As terrain under a table, 1 byte a
  // cell: walls stay walls, everything else is floor, and the border is a byte that names no
  // terrain (impassable under every table).
  // The search starts from the main region's edge: its cells with a neighbour outside it. The
  // cells inside (every neighbour in the main region) are closed off, as the border is. A
  // cheapest route from the region leaves it for the last time from an edge cell and never comes
  // back, so the distances outside the region, the cheapest cell of each kept region and the
  // descents from them are those of a search from every cell of the region, without taking
  // each of its cells.
  const int w = tiles.width(), h = tiles.height();
  constexpr auto kBorder = static_cast<Terrain>(0xFF);
  const int32_t* label = regions.labels.cells().data();
  CostTable cost = CostTable::dungeon();
  cost.set(Terrain::Floor, 1.0);
  cost.set(Terrain::Wall, config.dig_cost);
  // Row y, columns [x0, x1), of the dig terrain into `out`; the main region's edge cells among
  // them go to `edge`, less (x0, y0) (a window's own coordinates).
  auto dig_row = [&](int y, int x0, int x1, int y0, Terrain* out, std::vector<Point>& edge) {
    const Terrain* in = tiles.row(y);
    const int32_t* l = label + static_cast<size_t>(y) * static_cast<size_t>(w);
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
  };
  const Moves four{4, DiagonalPolicy::Never, kSqrt2};
  // Each kept region's cheapest cell (lowest index among equals) and the route down from it, as
  // the search from the whole main region gives them, but searched in a window round the region
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
  std::vector<bool> wanted(keep.begin(), keep.end());
  wanted[static_cast<size_t>(main)] = false;
  std::optional<NearestInGroups> whole;
  Grid<Terrain> dig;  // the whole map's dig terrain, made with `whole`
  int64_t budget = int64_t{w} * h / 4;  // cells the windows may still cover
  auto cheapest_route = [&](int32_t r) -> std::vector<Point> {
    const Rect& box = regions.bounds[static_cast<size_t>(r)];
    for (int m = 16;; m *= 2) {
      const int x0 = std::max(0, box.x - m), y0 = std::max(0, box.y - m);
      const int x1 = std::min(w, box.right() + m), y1 = std::min(h, box.bottom() + m);
      const int ww = x1 - x0, wh = y1 - y0;
      if (int64_t{ww} * wh * 4 > int64_t{w} * h || int64_t{ww} * wh > budget) break;
      budget -= int64_t{ww} * wh;
      Grid<Terrain> part(ww, wh);
      Grid<int32_t> group(ww, wh, kNoRegion);
      std::vector<Point> edge;
      for (int y = 0; y < wh; ++y) {
        dig_row(y + y0, x0, x1, y0, &part(0, y), edge);
        const int32_t* l = label + static_cast<size_t>(y + y0) * static_cast<size_t>(w) + static_cast<size_t>(x0);
        for (int x = 0; x < ww; ++x)
          if (l[x] == r) group(x, y) = 0;
      }
      const NearestInGroups near = nearest_in_groups(part, cost, edge, four, group, {true});
      if (near.cost[0] != kUnreached && near.cost[0] <= m - 2) {
        std::vector<Point> path = descend(near.map, part, cost, near.cell[0]);
        for (Point& p : path) p = {p.x + x0, p.y + y0};
        return path;
      }
    }
    budget = 0;  // the whole region's search is made: it answers every region after this one
    if (!whole) {
      dig = Grid<Terrain>(w, h);
      std::vector<Point> sources;
      for (int y = 0; y < h; ++y) dig_row(y, 0, w, 0, &dig(0, y), sources);
      whole = nearest_in_groups(dig, cost, sources, four, regions.labels, wanted);
    }
    if (whole->cost[static_cast<size_t>(r)] == kUnreached) return {};
    return descend(whole->map, dig, cost, whole->cell[static_cast<size_t>(r)]);
  };
  // Every route is found on the uncarved cave (the search's dig terrain is read from `tiles`),
  // then they are carved in label order.
  std::vector<std::vector<Point>> routes(static_cast<size_t>(regions.count()));
  for (int32_t r = 0; r < regions.count(); ++r)
    if (wanted[static_cast<size_t>(r)]) routes[static_cast<size_t>(r)] = cheapest_route(r);
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
