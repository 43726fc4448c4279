// Validation: one region labelling and one distance map from the start answer every question
// (reachability, route cost, route length, unreachable cells); routes come from descending the
// distance map. O(cells) with unit-or-larger step costs (a bucket queue), else O(cells log cells).
// Memory: the region labels (4 bytes per cell), dropped before the distance map (8 bytes per cell
// and 1 of legal moves) is made, unless the report keeps both.
#include <catacomb/validate/validate.hpp>

#include <map>
#include <sstream>

#include <catacomb/pathing/search.hpp>

namespace catacomb {

std::string_view problem_kind_name(ProblemKind k) {
  switch (k) {
    case ProblemKind::NoStart: return "no-start";
    case ProblemKind::SeveralStarts: return "several-starts";
    case ProblemKind::OffMap: return "off-map";
    case ProblemKind::Impassable: return "impassable";
    case ProblemKind::Unreachable: return "unreachable";
    case ProblemKind::SharedCell: return "shared-cell";
  }
  return "?";
}

ValidationReport validate_dungeon(const Dungeon& d, const ValidateOptions& options) {
  options.moves.check();
  ValidationReport rep;
  const Grid<Terrain>& tiles = d.tiles;
  RegionMap regions = label_regions(tiles, options.costs, options.moves);
  rep.regions = regions.count();
  for (int64_t s : regions.sizes) rep.passable_cells += s;

  auto name = [&](size_t i) {
    const Objective& o = d.objectives[i];
    return std::string(objective_kind_name(o.kind)) + " at " + to_string(o.pos);
  };
  auto add = [&](ProblemKind k, int idx, std::string msg) { rep.problems.push_back({k, idx, std::move(msg)}); };

  std::optional<size_t> start;
  int starts = 0;
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (d.objectives[i].kind == ObjectiveKind::Start) {
      ++starts;
      if (!start) start = i;
    }
  if (starts == 0) add(ProblemKind::NoStart, -1, "no start objective: nothing can be reached");
  if (starts > 1)
    add(ProblemKind::SeveralStarts, -1, std::to_string(starts) + " start objectives (expected exactly one)");

  rep.objectives.resize(d.objectives.size());
  std::map<Point, size_t> first_at;
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    ObjectiveReport& r = rep.objectives[i];
    r.objective = d.objectives[i];
    r.on_map = tiles.in_bounds(r.objective.pos);
    if (!r.on_map) {
      add(ProblemKind::OffMap, static_cast<int>(i),
          name(i) + " is off the " + std::to_string(tiles.width()) + "x" + std::to_string(tiles.height()) + " map");
      continue;
    }
    r.passable = options.costs.passable(tiles[r.objective.pos]);
    if (!r.passable)
      add(ProblemKind::Impassable, static_cast<int>(i),
          name(i) + " stands on " + std::string(terrain_name(tiles[r.objective.pos])) + ", which is impassable");
    auto [it, fresh] = first_at.emplace(r.objective.pos, i);
    if (!fresh) add(ProblemKind::SharedCell, static_cast<int>(i), name(i) + " shares its cell with " + name(it->second));
  }

  const bool usable_start = start && rep.objectives[*start].on_map && rep.objectives[*start].passable;
  std::vector<Point> sources;
  if (usable_start) sources.push_back(d.objectives[*start].pos);
  if (usable_start) {
    const int32_t region = regions.label(d.objectives[*start].pos);
    rep.unreachable_cells = rep.passable_cells - regions.sizes[static_cast<size_t>(region)];
  } else {
    rep.unreachable_cells = rep.passable_cells;
  }
  if (!options.keep_maps) regions = RegionMap{};  // its labels (4 bytes per cell) are done with
  // Costs come from the terrain through the cost table: no cost grid (8 bytes per cell).
  DistanceMap distances = distance_map(tiles, options.costs, sources, options.moves);

  for (size_t i = 0; i < d.objectives.size(); ++i) {
    ObjectiveReport& r = rep.objectives[i];
    if (!r.on_map || !r.passable || !usable_start) continue;
    const double c = distances.dist[r.objective.pos];
    if (c == kUnreached) {
      add(ProblemKind::Unreachable, static_cast<int>(i),
          name(i) + " cannot be reached from the start at " + to_string(d.objectives[*start].pos));
      continue;
    }
    r.reachable = true;
    r.cost = c;
    std::vector<Point> down = descend(distances, tiles, options.costs, r.objective.pos);
    r.route.assign(down.rbegin(), down.rend());
    r.length = r.route.empty() ? 0 : static_cast<int64_t>(r.route.size()) - 1;
  }
  rep.valid = rep.problems.empty();
  if (options.keep_maps) {
    rep.region_map = std::move(regions);
    rep.distances = std::move(distances);
  }
  return rep;
}

}  // namespace catacomb
