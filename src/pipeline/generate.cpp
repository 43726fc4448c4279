// The pipeline: one attempt loop for every generator. Attempt k draws from attempt_seed(seed, k)
// and each stage from its own stream of that seed (the names in core/rng.hpp's `streams`),
// derived here and passed down as Rng&: tuning one stage never reshuffles another's draws. An
// attempt either yields a dungeon that passed its checks or says why not; the loop records the
// reasons and gives up after max_attempts (a count, never a time, so the outcome does not depend
// on the machine). The stage hook hears every stage as it begins and Done after every attempt.
// The config's checks are in config.cpp, the recipe a dungeon records in recipe.cpp.
#include <catacomb/pipeline/generate.hpp>

#include <algorithm>
#include <optional>

#include <catacomb/core/error.hpp>
#include "shared/core/enum_names.hpp"
#include <catacomb/generator/locks.hpp>
#include <catacomb/generator/objectives.hpp>
#include <catacomb/generator/progression_doors.hpp>
#include <catacomb/generator/room_graph.hpp>
#include <catacomb/platformer/nav_graph.hpp>
#include <catacomb/platformer/side_view_rooms.hpp>
#include "pipeline/mission_deaths.hpp"

namespace catacomb {
namespace {

void tell(const StageHook& on_stage, GenerateStage s) {
  if (on_stage) on_stage(s);
}

// Why an attempt failed; nullopt when it yielded its dungeon (in the attempt's GenerateResult).
using Failure = std::optional<std::string>;

// What every attempt of one generate_dungeon call shares, worked out once.
struct Run {
  const GenerateConfig& config;
  CostTable costs;           // the table objectives, decoration and locks are placed under
  ValidateOptions validate;  // the options the result is validated under
  const StageHook& on_stage;
  const TemplateSet* templates = nullptr;  // the set with the theme applied; null for none
  struct Partial* partial = nullptr;       // the best partial layout so far (keep_partial)
  MissionDeaths* deaths = nullptr;         // with a mission: where its attempts died
};

// The best partial layout of a mission's failed attempts (GenerateConfig::keep_partial).
struct Partial {
  int attempt = 0;  // the current attempt, from 1
  int score = -1;   // the best's rooms x 10,000 + corridors
  std::shared_ptr<Dungeon> best;
  std::string summary;
  // Keeps `plan` (the current attempt's, failed) when it placed more than the best so far, with
  // the corridors between its rooms that route.
  void offer(TemplatePlan plan, const TemplateLayoutConfig& tc, Rng& rng) {
    if (plan.dungeon.mission.empty()) return;
    const int rooms = static_cast<int>(plan.placed.size());
    if (rooms * 10000 + 9999 <= score) return;  // cannot beat the best, whatever it joins
    if (plan.corridors == 0) {                  // placement failed: join what was placed
      plan.why.clear();
      join_templates(plan, tc, rng);
    }
    const int s = rooms * 10000 + plan.corridors;
    if (s <= score) return;
    score = s;
    summary = "attempt " + std::to_string(attempt) + ": " + std::to_string(rooms) + " of " +
              std::to_string(plan.dungeon.mission.nodes.size()) + " rooms, " + std::to_string(plan.corridors) + " of " +
              std::to_string(plan.dungeon.mission.edges.size()) + " passages";
    best = std::make_shared<Dungeon>(std::move(plan.dungeon));
  }
};

Dungeon make_rooms(const GenerateConfig& c, uint64_t seed, GenerateResult& out, const StageHook& on_stage) {
  tell(on_stage, GenerateStage::Terrain);
  Rng layout_rng = Rng::stream(seed, streams::kRoomsLayout);
  RoomLayout layout = layout_rooms(c.width, c.height, c.rooms, layout_rng);
  out.dropped_rooms = layout.dropped;
  Dungeon d;
  d.tiles = Grid<Terrain>(c.width, c.height, Terrain::Wall);
  for (const Rect& r : layout.rooms)
    for (int y = r.y; y < r.bottom(); ++y)
      for (int x = r.x; x < r.right(); ++x) d.tiles(x, y) = Terrain::Floor;
  Rng graph_rng = Rng::stream(seed, streams::kRoomsGraph);
  std::vector<RoomEdge> edges = connect_rooms(layout.connection_points, c.loop_fraction, graph_rng);
  tell(on_stage, GenerateStage::Connection);
  out.corridors = carve_corridors(d.tiles, layout.rooms, layout.connection_points, edges, c.dig);
  d.rooms = layout.rooms;
  return d;
}

Dungeon make_caves(const GenerateConfig& c, uint64_t seed, GenerateResult& out, const StageHook& on_stage) {
  tell(on_stage, GenerateStage::Terrain);
  Rng fill_rng = Rng::stream(seed, streams::kCavesFill);
  Dungeon d = generate_caves(c.width, c.height, c.caves, fill_rng);
  tell(on_stage, GenerateStage::Connection);
  out.cave = connect_cave_regions(d.tiles, c.cave_regions);
  return d;
}

// Switches, one-way doors and secret doors when asked, after the locks, each from its own stream.
Failure place_progression_doors(const Run& run, uint64_t seed, Dungeon& d) {
  const GenerateConfig& c = run.config;
  if (c.switches > 0) {
    Rng rng = Rng::stream(seed, streams::kSwitches);
    if (DoorPlacement p = place_switches(d, c.switches, run.costs, c.moves, rng); !p.ok()) return std::move(p.why);
  }
  if (c.one_way > 0) {
    Rng rng = Rng::stream(seed, streams::kOneWayDoors);
    if (DoorPlacement p = place_one_way_doors(d, c.one_way, run.costs, c.moves, rng); !p.ok()) return std::move(p.why);
  }
  if (c.secret_doors > 0) {
    Rng rng = Rng::stream(seed, streams::kSecretDoors);
    if (DoorPlacement p = place_secret_doors(d, c.secret_doors, run.costs, c.moves, rng); !p.ok())
      return std::move(p.why);
  }
  return std::nullopt;
}

// The end of every top-down attempt: locks and keys when asked (a mission's locks are its
// edges': then only the key rule is recorded), the independent validator and, for a dungeon with
// a mission, the mission check.
Failure lock_and_validate(const Run& run, uint64_t seed, Dungeon&& d, GenerateResult& r) {
  const GenerateConfig& config = run.config;
  if (config.locks > 0) {
    Rng lock_rng = Rng::stream(seed, streams::kLocks);
    LockPlacement locked;
    switch (config.lock_layout) {
      case LockLayout::Tree:
        locked = place_lock_tree(d, config.locks, config.key_rule, run.costs, config.moves, lock_rng);
        break;
      case LockLayout::Cycles:
        locked = place_lock_cycles(d, config.locks, config.key_rule, config.cycle_one_way, run.costs, config.moves,
                                   lock_rng);
        break;
      default: locked = place_locks(d, config.locks, config.key_rule, run.costs, config.moves, lock_rng);
    }
    if (!locked.ok()) return std::move(locked.why);
  } else if (d.has_locks()) {
    d.key_rule = config.key_rule;
  }
  if (Failure why = place_progression_doors(run, seed, d)) return why;
  tell(run.on_stage, GenerateStage::Validation);
  ValidationReport rep = validate_dungeon(d, run.validate);
  if (!rep.valid) return rep.problems.front().message;
  if (rep.mission && !rep.mission->satisfied) return "mission not kept: " + rep.mission->problems.front();
  r.dungeon = std::move(d);
  r.report = std::move(rep);
  return std::nullopt;
}

bool uses_templates(const GenerateConfig& c) {
  return c.templates != nullptr || (c.mission != nullptr && !c.mission->empty());
}

TemplateLayoutConfig template_layout_config(const GenerateConfig& c) {
  TemplateLayoutConfig t;
  t.room_count = c.rooms.room_count;
  t.loop_fraction = c.loop_fraction;
  t.dig = c.dig;
  // A mission's room has one place to be (beside its parent): it gets more tries.
  const bool mission = c.mission && !c.mission->empty();
  t.tries = mission ? std::max(200, c.rooms.max_iterations)
                    : std::max(20, c.rooms.max_iterations / std::max(1, c.rooms.room_count));
  t.min_side = c.rooms.min_side;
  t.max_side = c.rooms.max_side;
  return t;
}

// Rooms from templates (and a mission): placement, then passages; nullopt with the reason in
// `why` when either failed.
std::optional<TemplatePlan> make_templates(const Run& run, const TemplateSet& set, uint64_t seed, Failure& why) {
  const GenerateConfig& c = run.config;
  static const Mission kNoMission;
  const TemplateLayoutConfig tc = template_layout_config(c);
  tell(run.on_stage, GenerateStage::Terrain);
  Rng layout_rng = Rng::stream(seed, streams::kTemplatesLayout);
  TemplatePlan plan = place_templates(c.width, c.height, set, c.mission ? *c.mission : kNoMission, tc, layout_rng);
  tell(run.on_stage, GenerateStage::Connection);
  Rng join_rng = Rng::stream(seed, streams::kTemplatesJoin);
  join_templates(plan, tc, join_rng);
  tell(run.on_stage, GenerateStage::Objectives);
  Rng obj_rng = Rng::stream(seed, streams::kObjectives);
  place_template_objectives(plan, c.objectives, obj_rng);
  if (!plan.ok()) {
    why = plan.why;
    if (run.deaths) run.deaths->count(plan.failed_node, plan.failed_edge);
    if (run.partial) run.partial->offer(std::move(plan), tc, join_rng);
    return std::nullopt;
  }
  return plan;
}

// Template attempts: the three template stages, locks (without a mission), then the validator
// and, with a mission, the mission check.
Failure attempt_templates(const Run& run, const TemplateSet& set, uint64_t seed, GenerateResult& r) {
  Failure why;
  std::optional<TemplatePlan> plan = make_templates(run, set, seed, why);
  if (!plan) return why;
  r.dropped_rooms = plan->dropped;
  r.corridors.corridors = plan->corridors;
  Dungeon d = std::move(plan->dungeon);
  tell(run.on_stage, GenerateStage::Decoration);
  return lock_and_validate(run, seed, std::move(d), r);
}

// Top-down attempts (rooms, caves): terrain, connection, objectives, decoration and locks, then
// the independent validator.
Failure attempt_top_down(const Run& run, uint64_t seed, GenerateResult& r) {
  const GenerateConfig& config = run.config;
  const CostTable& costs = run.costs;
  const StageHook& on_stage = run.on_stage;
  Dungeon d = config.generator == GeneratorKind::Caves ? make_caves(config, seed, r, on_stage)
                                                       : make_rooms(config, seed, r, on_stage);
  tell(on_stage, GenerateStage::Objectives);
  Rng obj_rng = Rng::stream(seed, streams::kObjectives);
  ObjectivePlacement placed = place_objectives(d, config.objectives, costs, config.moves, obj_rng, config.threads);
  if (!placed.ok()) return std::move(placed.why);
  tell(on_stage, GenerateStage::Decoration);
  Rng decor_rng = Rng::stream(seed, streams::kDecor);
  r.decor = decorate(d, config.decor, costs, config.moves, decor_rng);
  return lock_and_validate(run, seed, std::move(d), r);
}

// Side-view attempts: lay out (terrain and objectives), check strictly (no softlocks) and repair
// with ladders (one per problem objective, at most objectives + 2), then the top-down validator
// for the report (the map's open cells, for batch statistics).
Failure attempt_platformer(const Run& run, uint64_t seed, GenerateResult& r) {
  const GenerateConfig& config = run.config;
  const StageHook& on_stage = run.on_stage;
  tell(on_stage, GenerateStage::Terrain);
  Rng layout_rng = Rng::stream(seed, streams::kPlatformerLayout);
  Rng placing_rng = Rng::stream(seed, streams::kPlatformerObjectives);
  const TemplateSet& rooms = run.templates ? *run.templates : default_side_view_rooms();
  Dungeon d = layout_platformer_level(config.width, config.height, config.objectives, config.platformer,
                                      config.movement, rooms, layout_rng, placing_rng);
  tell(on_stage, GenerateStage::Connection);
  PlatformerCheckOptions strict;
  strict.strict = true;
  strict.allow_softlocks = config.allow_softlocks;
  std::vector<std::string> repairs;
  PlatformerReport rep = check_platformer_level(d, NavGraph(d.tiles, config.movement), strict);
  while (!rep.valid && static_cast<int>(repairs.size()) < config.objectives + 2) {
    std::optional<std::string> fix = repair_platformer_level(d, config.movement);
    if (!fix) break;
    repairs.push_back(std::move(*fix));
    rep = check_platformer_level(d, NavGraph(d.tiles, config.movement), strict);
  }
  if (!rep.valid) return rep.problems.front().message;
  if (static_cast<int>(d.objectives.size()) != config.objectives + 2)
    return std::string("too few rooms with room for the objectives");
  tell(on_stage, GenerateStage::Validation);
  r.report = validate_dungeon(d, run.validate);
  r.platformer_report = std::move(rep);
  r.repairs = std::move(repairs);
  r.dungeon = std::move(d);
  return std::nullopt;
}

}  // namespace

namespace {

using detail::EnumNames;

constexpr EnumNames<GenerateStage, 6> kGenerateStageNames = {{{GenerateStage::Terrain, "terrain"},
                                                              {GenerateStage::Connection, "connection"},
                                                              {GenerateStage::Objectives, "objectives"},
                                                              {GenerateStage::Decoration, "decoration"},
                                                              {GenerateStage::Validation, "validation"},
                                                              {GenerateStage::Done, "done"}}};

}  // namespace

uint64_t attempt_seed(uint64_t seed, int attempt) {
  if (attempt == 0) return seed;
  uint64_t s = seed ^ (uint64_t{0xA0761D6478BD642F} * static_cast<uint64_t>(attempt));
  return splitmix64(s);
}

std::string_view generate_stage_name(GenerateStage s) { return detail::enum_name(kGenerateStageNames, s); }

ValidateOptions validate_options_for(const GenerateConfig& config) {
  ValidateOptions v;
  v.costs = config.cost_table();
  v.moves = config.moves;
  v.keep_maps = config.keep_maps;
  v.threads = config.threads;
  v.allow_softlocks = config.allow_softlocks;
  return v;
}

GenerateResult generate_dungeon(const GenerateConfig& config, uint64_t seed, const StageHook& on_stage) {
  // Every problem, a mission's that rule it out whatever the seed too, before any attempt.
  config.check();
  if (const auto [w, h] = config.map_size(); w != config.width || h != config.height) {
    GenerateConfig sized = config;  // a size chosen from the mission: the recipe records it
    sized.width = w;
    sized.height = h;
    return generate_dungeon(sized, seed, on_stage);
  }
  const bool platformer = config.generator == GeneratorKind::Platformer;
  Run run{config, config.cost_table(), validate_options_for(config), on_stage};
  // Without locks or progression doors reachability is completability.
  if (!platformer)
    run.validate.solve = config.locks > 0 || config.switches > 0 || config.one_way > 0 || config.secret_doors > 0;
  const bool templated = uses_templates(config);
  if (!platformer && templated) run.validate.solve = run.validate.solve || (config.mission && !config.mission->empty());
  TemplateSet themed;
  if (config.templates) {
    themed = config.templates->with_theme(config.theme);
    run.templates = &themed;
  }
  const auto attempt_fn = [&](const Run& r, uint64_t s, GenerateResult& out) -> Failure {
    if (platformer) return attempt_platformer(r, s, out);
    if (templated) return attempt_templates(r, themed, s, out);
    return attempt_top_down(r, s, out);
  };
  Partial partial;
  if (config.keep_partial && templated && config.mission && !config.mission->empty()) run.partial = &partial;
  MissionDeaths deaths(config.mission && !config.mission->empty() && !platformer ? config.mission.get() : nullptr);
  if (deaths.mission) run.deaths = &deaths;
  std::vector<std::string> failures;
  auto last = [&] { return failures.empty() ? std::string("no reason") : failures.back(); };
  auto fail = [&](const std::string& message) {
    if (partial.best) throw PartialLayoutError(message, std::move(partial.best), partial.summary);
    throw GenerationError(message);
  };
  for (int attempt = 0; attempt < config.max_attempts; ++attempt) {
    if (attempt > 0 && config.stop && config.stop())
      fail("stopped after " + std::to_string(attempt) + " of " + std::to_string(config.max_attempts) + " attempts (" +
           last() + ")");
    partial.attempt = attempt + 1;
    GenerateResult r;
    const Failure why = attempt_fn(run, attempt_seed(seed, attempt), r);
    tell(on_stage, GenerateStage::Done);
    if (why) {
      failures.push_back("attempt " + std::to_string(attempt + 1) + ": " + *why);
      continue;
    }
    r.dungeon.seed = seed;
    r.dungeon.generator = generator_kind_name(config.generator);
    r.dungeon.params = config.params();
    r.dungeon.attempts = attempt + 1;
    r.failures = std::move(failures);
    return r;
  }
  fail("no valid dungeon in " + std::to_string(config.max_attempts) + " attempts (" + last() + ")" +
       deaths.most(config.max_attempts));
  return {};  // not reached
}

}  // namespace catacomb
