// Validation: one region labelling and one distance map from the start answer every question
// (reachability, route cost, route length, unreachable cells); routes come from descending the
// distance map. O(cells) with unit-or-larger step costs (a bucket queue), else O(cells log cells).
// Memory: the distance map (8 bytes per cell and 1 of legal moves); the labelling writes no
// label grid (4 bytes per cell) unless the report keeps its maps, region sizes being all it needs.
#include <catacomb/validate/validate.hpp>

#include <map>
#include <optional>
#include <sstream>

#include <catacomb/core/error.hpp>

#include <catacomb/pathing/map_rules.hpp>
#include <catacomb/pathing/search.hpp>
#include "shared/core/enum_names.hpp"
#include "shared/core/large_pages.hpp"
#include "shared/core/two_threads.hpp"
#include "shared/pathing/region_sizes.hpp"
#include "shared/pathing/terrain_flood.hpp"
#include "validate/solver/solver_model.hpp"

namespace catacomb {

namespace {
constexpr detail::EnumNames<ProblemKind, 12> kProblemKindNames = {
    {{ProblemKind::NoStart, "no-start"},
     {ProblemKind::SeveralStarts, "several-starts"},
     {ProblemKind::OffMap, "off-map"},
     {ProblemKind::Impassable, "impassable"},
     {ProblemKind::Unreachable, "unreachable"},
     {ProblemKind::SharedCell, "shared-cell"},
     {ProblemKind::Locked, "locked"},
     {ProblemKind::NotCompletable, "not-completable"},
     {ProblemKind::SolverCap, "solver-cap"},
     {ProblemKind::BadLock, "bad-lock"},
     {ProblemKind::Softlock, "softlock"},
     {ProblemKind::SoftlockNotProven, "softlock-not-proven"}}};
}  // namespace

std::string_view problem_kind_name(ProblemKind k) { return detail::enum_name(kProblemKindNames, k); }

ValidateOptions map_rules(const Dungeon& d, const std::optional<CostTable>& legend) {
  const MapRules rules = recorded_rules(d, legend);
  ValidateOptions o;
  o.costs = rules.costs;
  o.moves = rules.moves;
  o.key_rule = rules.key_rule;
  return o;
}

ValidationReport validate_dungeon(const Dungeon& d) { return validate_dungeon(d, map_rules(d)); }

Solution solve_for_report(const Dungeon& d, const ValidationReport& report) {
  return solve_for_report(d, report, map_rules(d));
}

SolveOptions solve_options(const ValidateOptions& options) {
  SolveOptions so;
  so.costs = options.costs;
  so.moves = options.moves;
  so.key_rule = options.key_rule;
  so.max_states = options.max_states;
  return so;
}

namespace {

// solve_for_report with validation's own flood of the terrain and its grid of distances for
// the walkthrough's steps, when it may take them (see solving::StartRoutes).
Solution solve_with(const Dungeon& d, const ValidationReport& report, const ValidateOptions& options,
                    const detail::TerrainFlood* flood, detail::TerrainFlood::Leg* leg,
                    const detail::RegionSizes* regions) {
  const SolveOptions so = solve_options(options);
  // Without doors the walkthrough starts on the report's routes (solving::StartRoutes): from the
  // first start, when validation could start there (on the map, on a passable cell).
  solving::StartRoutes known;
  for (size_t i = 0; i < report.objectives.size() && i < d.objectives.size(); ++i)
    if (d.objectives[i].kind == ObjectiveKind::Start) {
      if (report.objectives[i].on_map && report.objectives[i].passable)
        known = {static_cast<int>(i), &report.objectives, flood, leg, regions};
      break;
    }
  return solving::solve_dungeon(d, so, known);
}

}  // namespace

Solution solve_for_report(const Dungeon& d, const ValidationReport& report, const ValidateOptions& options) {
  return solve_with(d, report, options, nullptr, nullptr, nullptr);
}

namespace {

// The steps of validate_dungeon, sharing the dungeon, the options and the report they fill.
struct Validation {
  const Dungeon& d;
  const ValidateOptions& options;
  ValidationReport& rep;
  const Grid<Terrain>& tiles;

  Validation(const Dungeon& dungeon, const ValidateOptions& o, ValidationReport& report)
      : d(dungeon), options(o), rep(report), tiles(dungeon.tiles) {}

  std::string name(size_t i) const {
    const Objective& o = d.objectives[i];
    return std::string(objective_kind_name(o.kind)) + " at " + to_string(o.pos);
  }
  void add(ProblemKind k, int idx, std::string msg) { rep.problems.push_back({k, idx, std::move(msg)}); }

  // The first start, and a problem unless there is exactly one.
  std::optional<size_t> find_start() {
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
    return start;
  }

  // Each objective's cell: on the map, passable, not shared with an earlier objective.
  void check_objective_cells() {
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
      if (!fresh)
        add(ProblemKind::SharedCell, static_cast<int>(i), name(i) + " shares its cell with " + name(it->second));
    }
  }

  // The regions and the flood of the terrain, and the distance map's storage, in `leg` (every
  // cell kUnreached).
  void survey(RegionMap& regions, detail::RegionSizes& counts, std::optional<detail::TerrainFlood>& flood,
              detail::TerrainFlood::Leg& leg) const {
    // The distance map's storage, and the flood of the terrain: costs come from the terrain
    // through the cost table (no cost grid, 8 bytes per cell); the flood keeps the terrain's legal
    // moves (1 byte per cell) for the walkthrough's steps, and its distances are the grid those
    // steps reuse (see solve_with). With a second thread (see ValidateOptions::threads), it works
    // out the legal moves while this one labels the regions, then both bring in the grid's pages.
    std::vector<double> cells;
    detail::reserve_large(cells, tiles.size());
    detail::PagePopulator pages(cells.data(), tiles.size() * sizeof(double));
    // The regions: their labels (4 bytes per cell) only when the report keeps its maps; otherwise
    // their sizes, from the same runs with no label written. The objectives' cells are the probes,
    // in order: the start's gives the cells it cannot reach, and the walkthrough of a map without
    // doors takes them all as its areas (solve_with).
    std::vector<Point> probes;
    for (const Objective& o : d.objectives) probes.push_back(o.pos);
    const bool two = options.threads > 1 && tiles.size() * sizeof(double) >= detail::kTwoThreadPopulateBytes;
    detail::in_two(two, [&](int half) {
      if (half == 1) {
        flood.emplace(tiles, options.costs, options.moves);
      } else if (options.keep_maps) {
        regions = label_regions(tiles, options.costs, options.moves);
        counts.sizes = regions.sizes;
        for (const Point p : probes) counts.probe_labels.push_back(tiles.in_bounds(p) ? regions.label(p) : kNoRegion);
      } else {
        counts = detail::region_sizes(tiles, options.costs, options.moves, probes);
      }
      pages.run();
    });
    cells.assign(tiles.size(), kUnreached);
    leg.map.dist = Grid<double>(tiles.width(), tiles.height(), std::move(cells));
    leg.map.moves = options.moves;
  }

  // Each objective the start reaches: its cost and its route, descending the distance map.
  void measure_routes(const DistanceMap& distances, size_t start) {
    for (size_t i = 0; i < d.objectives.size(); ++i) {
      ObjectiveReport& r = rep.objectives[i];
      if (!r.on_map || !r.passable) continue;
      const double c = distances.dist[r.objective.pos];
      if (c == kUnreached) {
        add(ProblemKind::Unreachable, static_cast<int>(i),
            name(i) + " cannot be reached from the start at " + to_string(d.objectives[start].pos));
        continue;
      }
      r.reachable = true;
      r.cost = c;
      std::vector<Point> down = descend(distances, tiles, options.costs, r.objective.pos);
      r.route.assign(down.rbegin(), down.rend());
      r.length = r.route.empty() ? 0 : static_cast<int64_t>(r.route.size()) - 1;
    }
  }

  // Each locked door: on the map, with a lock id of 1 to 9, on a passable cell, alone on it.
  void check_locks() {
    // Gates, one-way and secret doors and switches: each bad field a problem of its own.
    if (d.has_progression())
      for (const FieldProblem& p : progression_problems(d, options.costs)) add(ProblemKind::BadLock, -1, to_string(p));
    std::map<Point, int> lock_cells;
    for (const LockedDoor& l : d.locks) {
      const std::string door = "locked door " + std::to_string(l.lock) + " at " + to_string(l.pos);
      if (!tiles.in_bounds(l.pos)) add(ProblemKind::BadLock, -1, door + " is off the map");
      else if (l.lock < 1 || l.lock > kMaxLock) add(ProblemKind::BadLock, -1, door + " has a lock id outside 1 to 9");
      else if (!options.costs.passable(tiles[l.pos]))
        add(ProblemKind::BadLock, -1,
            door + " stands on " + std::string(terrain_name(tiles[l.pos])) + ", which is impassable");
      else if (!lock_cells.emplace(l.pos, l.lock).second)
        add(ProblemKind::BadLock, -1, door + " shares its cell with another locked door");
    }
  }

  // The walkthrough's verdict as problems: the state cap, the exit not completable, the
  // objectives it finds locked away.
  void report_solution(const Solution& sol, bool usable_start) {
    if (sol.status == SolveStatus::StateCap) {
      add(ProblemKind::SolverCap, -1, sol.message);
    } else if (usable_start) {
      std::optional<size_t> exit;
      for (size_t i = 0; i < d.objectives.size() && !exit; ++i)
        if (d.objectives[i].kind == ObjectiveKind::Exit) exit = i;
      if (sol.status == SolveStatus::NotCompletable && exit && rep.objectives[*exit].reachable &&
          !sol.reasons[*exit].empty())
        add(ProblemKind::NotCompletable, static_cast<int>(*exit), "not completable: " + sol.reasons[*exit]);
      for (size_t i = 0; i < d.objectives.size(); ++i)
        if (rep.objectives[i].reachable && !sol.reasons[i].empty() && (!exit || i != *exit))
          add(ProblemKind::Locked, static_cast<int>(i), sol.reasons[i]);
      // Not completable with the exit in reach and no objective's own problem saying why.
      if (sol.status == SolveStatus::NotCompletable && rep.problems.empty())
        add(ProblemKind::NotCompletable, exit ? static_cast<int>(*exit) : -1,
            "not completable: no playthrough takes every objective and then reaches the exit");
      if (sol.status == SolveStatus::Completable && !options.allow_softlocks) report_loss(sol);
    }
  }
  // A dungeon a player can lose is invalid unless softlocks are allowed; so is one whose search
  // for softlocks stopped at the cap: "not proven" is never "none".
  void report_loss(const Solution& sol) {
    if (sol.loss == LossStatus::Losable)
      add(ProblemKind::Softlock, -1,
          "a player can be stuck for good: " +
              (sol.softlock ? sol.softlock->message : std::string("the start cannot finish every order of play")));
    else if (sol.loss == LossStatus::NotProven)
      add(ProblemKind::SoftlockNotProven, -1,
          "not proven unlosable: the search for softlocks reached its cap of " + std::to_string(options.max_states) +
              " states (raise it with --max-states, or allow softlocks)");
  }
};

}  // namespace

ValidationReport validate_dungeon(const Dungeon& d, const ValidateOptions& options) {
  options.moves.check();
  if (options.threads < 1)
    throw InvalidArgument(FieldProblem{"threads", std::to_string(options.threads), "at least 1"});
  ValidationReport rep;
  Validation v(d, options, rep);
  const std::optional<size_t> start = v.find_start();
  v.check_objective_cells();

  const bool usable_start = start && rep.objectives[*start].on_map && rep.objectives[*start].passable;
  RegionMap regions;
  detail::RegionSizes counts;
  std::optional<detail::TerrainFlood> flood;
  detail::TerrainFlood::Leg leg;
  v.survey(regions, counts, flood, leg);
  rep.regions = static_cast<int>(counts.sizes.size());
  for (int64_t s : counts.sizes) rep.passable_cells += s;
  if (usable_start) {
    rep.unreachable_cells = rep.passable_cells - counts.sizes[static_cast<size_t>(counts.probe_labels[*start])];
  } else {
    rep.unreachable_cells = rep.passable_cells;
  }
  if (usable_start) {
    flood->add_source(leg.map, d.objectives[*start].pos, options.threads);  // the map from the start
    v.measure_routes(leg.map, *start);
  }
  // The walkthrough's steps take over the flood and its grid where it walks this terrain (a
  // map without locked doors) and the report does not keep the grid; otherwise the grid (8
  // bytes per cell) goes before the solver makes its own.
  const bool lend = !options.keep_maps && d.locks.empty();
  if (options.keep_maps) rep.distances = std::move(leg.map);
  if (!lend) {
    leg.map = DistanceMap{};
    flood.reset();
  }
  if (options.solve) {
    v.check_locks();
    Solution sol = lend ? solve_with(d, rep, options, &*flood, &leg, &counts) : solve_for_report(d, rep, options);
    v.report_solution(sol, usable_start);
    rep.solution = std::move(sol);
  }
  rep.valid = rep.problems.empty();
  if (options.keep_maps) rep.region_map = std::move(regions);
  if (!d.mission.empty()) rep.mission = check_mission(d);
  return rep;
}

}  // namespace catacomb
