// The recipe a generated dungeon records (GenerateConfig::params()): the parameters that made it,
// in a fixed order, each generator's own and only what was asked for (a dungeon without locks,
// switches, costs of its own or templates keeps the bytes it had before those options existed).
// Written into every output format's params; the attempt loop is in generate.cpp.
#include <catacomb/pipeline/generate.hpp>

namespace catacomb {
namespace {

std::string hex64(uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[static_cast<size_t>(i)] = digits[v & 15];
  return s;
}

// A template set in a recipe: its name, the hash of all in it that shapes a dungeon, the theme.
void record_templates(Params& p, const TemplateSet* templates, const std::string& theme) {
  if (!templates) return;
  p.emplace_back("templates", templates->name);
  p.emplace_back("templates_hash", hex64(templates->hash()));
  if (!theme.empty()) p.emplace_back("theme", theme);
}

// A lock layout in a recipe, only with locks and not a chain (a chain's recipe keeps its bytes).
void record_lock_layout(Params& p, const GenerateConfig& c) {
  if (c.locks == 0 || c.lock_layout == LockLayout::Chain) return;
  p.emplace_back("lock_layout", std::string(lock_layout_name(c.lock_layout)));
  if (c.lock_layout == LockLayout::Cycles && c.cycle_one_way) p.emplace_back("cycle_one_way", true);
}

// Softlocks allowed, only when asked for (a recipe without keeps its bytes).
void record_allow_softlocks(Params& p, const GenerateConfig& c) {
  if (c.allow_softlocks) p.emplace_back("allow_softlocks", true);
}

// Switches, one-way and secret doors in a recipe, each only when asked for (a recipe without
// keeps its bytes).
void record_progression_doors(Params& p, const GenerateConfig& c) {
  if (c.switches > 0) p.emplace_back("switches", int64_t{c.switches});
  if (c.one_way > 0) p.emplace_back("one_way", int64_t{c.one_way});
  if (c.secret_doors > 0) p.emplace_back("secret_doors", int64_t{c.secret_doors});
}

// A game's own costs in a recipe, only when there are any (a recipe without keeps its bytes).
void record_cost(Params& p, const CostOverrides& cost) {
  if (!cost.empty()) p.emplace_back("cost", cost_overrides_text(cost));
}

}  // namespace

Params GenerateConfig::params() const {
  Params p;
  p.emplace_back("width", int64_t{width});
  p.emplace_back("height", int64_t{height});
  if (generator == GeneratorKind::Caves) {
    for (auto& kv : caves.params()) p.push_back(kv);
    p.emplace_back("min_region", int64_t{cave_regions.min_region});
    p.emplace_back("connect", std::string(cave_connect_name(cave_regions.connect)));
    p.emplace_back("dig_cost", cave_regions.dig_cost);
  } else if (generator == GeneratorKind::Platformer) {
    p.emplace_back("room_width", int64_t{platformer.room_width});
    p.emplace_back("room_height", int64_t{platformer.room_height});
    p.emplace_back("platforms", platformer.platforms);
    p.emplace_back("ladders", platformer.ladders);
    p.emplace_back("blocks", platformer.blocks);
    p.emplace_back("objectives", int64_t{objectives});
    record_templates(p, templates.get(), theme);  // the built-in rooms without (side_view_rooms.hpp)
    record_movement(p, movement);
    p.emplace_back("max_attempts", int64_t{max_attempts});
    return p;
  } else if (templates || (mission && !mission->empty())) {
    record_templates(p, templates.get(), theme);
    if (mission && !mission->empty()) {
      p.emplace_back("mission", mission->name);
      p.emplace_back("min_side", int64_t{rooms.min_side});
      p.emplace_back("max_side", int64_t{rooms.max_side});
    } else {
      p.emplace_back("room_count", int64_t{rooms.room_count});
      p.emplace_back("loop_fraction", loop_fraction);
    }
    p.emplace_back("max_iterations", int64_t{rooms.max_iterations});
    p.emplace_back("dig_reuse", dig.reuse);
    p.emplace_back("dig_rock", dig.rock);
    p.emplace_back("dig_turn", dig.turn);
    p.emplace_back("objectives", int64_t{objectives});
    p.emplace_back("costs", std::string(cost_preset_name(costs)));
    p.emplace_back("deep_water", deep_water);
    record_cost(p, cost);
    p.emplace_back("neighbors", int64_t{moves.neighbors});
    p.emplace_back("diagonal", std::string(diagonal_policy_name(moves.diagonal)));
    p.emplace_back("max_attempts", int64_t{max_attempts});
    if (locks > 0 || (mission && !mission->empty())) p.emplace_back("key_rule", std::string(key_rule_name(key_rule)));
    if (locks > 0) p.emplace_back("locks", int64_t{locks});
    record_lock_layout(p, *this);
    record_progression_doors(p, *this);
    record_allow_softlocks(p, *this);
    return p;
  } else {
    p.emplace_back("room_count", int64_t{rooms.room_count});
    p.emplace_back("min_side", int64_t{rooms.min_side});
    p.emplace_back("max_side", int64_t{rooms.max_side});
    p.emplace_back("min_distance", int64_t{rooms.min_distance});
    p.emplace_back("max_iterations", int64_t{rooms.max_iterations});
    p.emplace_back("loop_fraction", loop_fraction);
    p.emplace_back("dig_reuse", dig.reuse);
    p.emplace_back("dig_rock", dig.rock);
    p.emplace_back("dig_room", dig.room);
    p.emplace_back("dig_turn", dig.turn);
    p.emplace_back("corridor_width", int64_t{dig.width});
  }
  p.emplace_back("objectives", int64_t{objectives});
  p.emplace_back("water", decor.water);
  p.emplace_back("vegetation", decor.vegetation);
  p.emplace_back("min_blob", int64_t{decor.min_blob});
  p.emplace_back("max_blob", int64_t{decor.max_blob});
  p.emplace_back("costs", std::string(cost_preset_name(costs)));
  p.emplace_back("deep_water", deep_water);
  record_cost(p, cost);
  p.emplace_back("neighbors", int64_t{moves.neighbors});
  p.emplace_back("diagonal", std::string(diagonal_policy_name(moves.diagonal)));
  p.emplace_back("max_attempts", int64_t{max_attempts});
  if (locks > 0) {  // only with locks: a dungeon without them keeps its recipe byte for byte
    p.emplace_back("locks", int64_t{locks});
    p.emplace_back("key_rule", std::string(key_rule_name(key_rule)));
  }
  record_lock_layout(p, *this);
  record_progression_doors(p, *this);
  record_allow_softlocks(p, *this);
  return p;
}

}  // namespace catacomb
