// The generator parameter table (one row per parameter, serving the JSON key, the flag and its
// help) and the JSON config reader and writer built on it.
#include <catacomb/io/config_json.hpp>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <type_traits>

#include <catacomb/core/error.hpp>
#include "io/json_input.hpp"
#include "io/sorted_json.hpp"

namespace catacomb {
namespace {

#define CATACOMB_FIELD(member) [](GenerateConfig& c, uint64_t&) -> ConfigField { return &c.member; }

const std::array kParams = {
    ConfigParam{"generator", "rooms, caves or platformer (side view)", CATACOMB_FIELD(generator)},
    ConfigParam{"seed", "64-bit seed: the same seed and parameters give the same files",
                [](GenerateConfig&, uint64_t& seed) -> ConfigField { return &seed; }},
    ConfigParam{"width", "map width in tiles (rooms 16+, caves 3+, at most 16384)", CATACOMB_FIELD(width)},
    ConfigParam{"height", "map height in tiles (rooms 16+, caves 3+, at most 16384)", CATACOMB_FIELD(height)},
    ConfigParam{"objectives", "further objectives besides start and exit: keys and treasure (0 to 9)",
                CATACOMB_FIELD(objectives)},
    ConfigParam{"locks", "locked doors in a chain, each with its key before it, the exit behind the last (0 to 9)",
                CATACOMB_FIELD(locks)},
    ConfigParam{"key-rule", "reusable (a key opens every door of its lock) or consumable (one door, then spent)",
                CATACOMB_FIELD(key_rule)},
    ConfigParam{"lock-layout",
                "rooms and caves: chain (locks in a row), tree (keys in side areas behind locks of their own) or "
                "cycles (a loop round each lock, its key at the end of the other way)",
                CATACOMB_FIELD(lock_layout)},
    ConfigParam{"cycle-one-way",
                "lock-layout cycles: each loop's way back is a one-way door (instead of a second locked door)",
                CATACOMB_FIELD(cycle_one_way)},
    ConfigParam{"switches", "switches, each opening a gate between the start and the exit, placed before it (0 to 9)",
                CATACOMB_FIELD(switches)},
    ConfigParam{"one-way", "one-way doors: drops through thin walls back towards the start (0 to 9)",
                CATACOMB_FIELD(one_way)},
    ConfigParam{"secret-doors", "secret doors: shortcuts through thin walls, never needed (0 to 9)",
                CATACOMB_FIELD(secret_doors)},
    ConfigParam{"allow-softlocks",
                "keep dungeons a player can lose for good (by default an attempt with a softlock is retried)",
                CATACOMB_FIELD(allow_softlocks)},
    ConfigParam{"room-count", "rooms: rooms created before perturbation (2 to 100000)",
                CATACOMB_FIELD(rooms.room_count)},
    ConfigParam{"min-side", "rooms: smallest room side (6 or more)", CATACOMB_FIELD(rooms.min_side)},
    ConfigParam{"max-side", "rooms: largest room side (min-side to 256)", CATACOMB_FIELD(rooms.max_side)},
    ConfigParam{"min-distance", "rooms: wall cells kept between rooms (3 to 64)", CATACOMB_FIELD(rooms.min_distance)},
    ConfigParam{"max-iterations", "rooms: separation iterations before rooms still too close are dropped",
                CATACOMB_FIELD(rooms.max_iterations)},
    ConfigParam{"loop-fraction", "rooms: share of extra candidate edges carved as loops (0 to 1)",
                CATACOMB_FIELD(loop_fraction)},
    ConfigParam{"dig-reuse", "rooms: corridor router cost of reusing a corridor", CATACOMB_FIELD(dig.reuse)},
    ConfigParam{"dig-rock", "rooms: corridor router cost of digging rock", CATACOMB_FIELD(dig.rock)},
    ConfigParam{"dig-room", "rooms: corridor router cost of crossing another room", CATACOMB_FIELD(dig.room)},
    ConfigParam{"dig-turn", "rooms: extra cost per corridor turn, for straighter corridors (0 = off)",
                CATACOMB_FIELD(dig.turn)},
    ConfigParam{"corridor-width", "rooms: corridor width, 1 or 2", CATACOMB_FIELD(dig.width)},
    ConfigParam{"fill", "caves: percent of cells that start as wall (0 to 100)", CATACOMB_FIELD(caves.fill)},
    ConfigParam{"passes", "caves: smoothing passes (0 to 100)", CATACOMB_FIELD(caves.passes)},
    ConfigParam{"wall-threshold", "caves: walls in the 3x3 block that make a wall (0 to 9; 5 is the 4-5 rule)",
                CATACOMB_FIELD(caves.wall_threshold)},
    ConfigParam{"open-passes", "caves: first passes that also wall up cells with few walls within two steps",
                CATACOMB_FIELD(caves.open_passes)},
    ConfigParam{"open-threshold",
                "caves: in those passes, at most this many walls in the 5x5 block make a wall (0 to 25)",
                CATACOMB_FIELD(caves.open_threshold)},
    ConfigParam{"min-region", "caves: floor regions smaller than this are filled",
                CATACOMB_FIELD(cave_regions.min_region)},
    ConfigParam{"connect", "caves: connect (tunnel every region to the largest) or largest (keep only it)",
                CATACOMB_FIELD(cave_regions.connect)},
    ConfigParam{"dig-cost", "caves: tunnel cost of digging one wall cell (1 to 1000)",
                CATACOMB_FIELD(cave_regions.dig_cost)},
    ConfigParam{"room-width", "platformer: room pitch in columns, interior + 1 wall (6 to 64)",
                CATACOMB_FIELD(platformer.room_width)},
    ConfigParam{"room-height", "platformer: room pitch in rows, interior + 1 floor (6 to 64, body-height + 4 or more)",
                CATACOMB_FIELD(platformer.room_height)},
    ConfigParam{"platforms", "platformer: chance a room gets a one-way platform (0 to 1)",
                CATACOMB_FIELD(platformer.platforms)},
    ConfigParam{"ladders", "platformer: chance a room gets a ledge above jump height with a ladder (0 to 1)",
                CATACOMB_FIELD(platformer.ladders)},
    ConfigParam{"blocks", "platformer: chance a room gets a low block on its floor (0 to 1)",
                CATACOMB_FIELD(platformer.blocks)},
    ConfigParam{"jump-height", "platformer: highest step a jump gets onto, in tiles (1 to 64)",
                CATACOMB_FIELD(movement.jump_height)},
    ConfigParam{"jump-distance", "platformer: widest gap a jump crosses, in empty columns (0 to 64)",
                CATACOMB_FIELD(movement.jump_distance)},
    ConfigParam{"body-height", "platformer: tiles the body occupies, 1 or 2", CATACOMB_FIELD(movement.body_height)},
    ConfigParam{"max-fall", "platformer: most rows fallen in one move, 0 = any (0 to 16384)",
                CATACOMB_FIELD(movement.max_fall)},
    ConfigParam{"jump-penalty", "platformer: cost added to each jump (0 to 1000)",
                CATACOMB_FIELD(movement.jump_penalty)},
    ConfigParam{"water", "share of floor turned into water pools (0 to 0.5)", CATACOMB_FIELD(decor.water)},
    ConfigParam{"vegetation", "share of floor turned into vegetation (0 to 0.5)", CATACOMB_FIELD(decor.vegetation)},
    ConfigParam{"min-blob", "smallest pool or patch, in cells", CATACOMB_FIELD(decor.min_blob)},
    ConfigParam{"max-blob", "largest pool or patch, in cells", CATACOMB_FIELD(decor.max_blob)},
    ConfigParam{"costs", "cost table to validate under: dungeon, tutorial or uniform", CATACOMB_FIELD(costs)},
    ConfigParam{"deep-water", "water cannot be crossed (pools are then kept from cutting objectives off)",
                CATACOMB_FIELD(deep_water)},
    ConfigParam{"cost",
                "the game's own costs over the table: terrain=cost items joined by ',', a cost > 0 or impassable "
                "(water=impassable,vegetation=7.5); what is generated is valid under them, and records them",
                CATACOMB_FIELD(cost)},
    ConfigParam{"neighbors", "player moves: 4 or 8 neighbours", CATACOMB_FIELD(moves.neighbors)},
    ConfigParam{"diagonal", "diagonal policy: never, no-corner-cut, one-free or always",
                CATACOMB_FIELD(moves.diagonal)},
    ConfigParam{"max-attempts", "attempts per seed before giving up on it (1 to 1000)", CATACOMB_FIELD(max_attempts)},
};

#undef CATACOMB_FIELD

std::string key_of(std::string_view name) {
  std::string k(name);
  for (char& c : k)
    if (c == '-') c = '_';
  return k;
}

// Choices are set and read by name; the game's costs by their text, the same way.
template <class T>
constexpr bool kIsChoice = std::is_enum_v<T> || std::is_same_v<T, CostOverrides>;

}  // namespace

std::string ConfigParam::key() const { return key_of(name); }

std::span<const ConfigParam> generate_config_params() { return kParams; }

std::string config_choice_name(const ConfigField& field) {
  return std::visit(
      [](auto* f) -> std::string {
        using T = std::remove_pointer_t<decltype(f)>;
        if constexpr (std::is_same_v<T, GeneratorKind>) return std::string(generator_kind_name(*f));
        else if constexpr (std::is_same_v<T, CostPreset>) return std::string(cost_preset_name(*f));
        else if constexpr (std::is_same_v<T, CaveConnect>) return std::string(cave_connect_name(*f));
        else if constexpr (std::is_same_v<T, DiagonalPolicy>) return std::string(diagonal_policy_name(*f));
        else if constexpr (std::is_same_v<T, KeyRule>) return std::string(key_rule_name(*f));
        else if constexpr (std::is_same_v<T, LockLayout>) return std::string(lock_layout_name(*f));
        else if constexpr (std::is_same_v<T, CostOverrides>) return cost_overrides_text(*f);
        else throw InvalidArgument("config field = a number or flag (expected a choice)");
      },
      field);
}

void set_config_choice(const ConfigField& field, std::string_view name, const std::string& key) {
  std::visit(
      [&](auto* f) {
        using T = std::remove_pointer_t<decltype(f)>;
        if constexpr (std::is_same_v<T, GeneratorKind>) *f = parse_generator_kind(name, key);
        else if constexpr (std::is_same_v<T, CostPreset>) *f = parse_cost_preset(name, key);
        else if constexpr (std::is_same_v<T, CaveConnect>) *f = parse_cave_connect(name, key);
        else if constexpr (std::is_same_v<T, DiagonalPolicy>) *f = parse_diagonal_policy(name, key);
        else if constexpr (std::is_same_v<T, KeyRule>) *f = parse_key_rule(name, key);
        else if constexpr (std::is_same_v<T, LockLayout>) *f = parse_lock_layout(name, key);
        else if constexpr (std::is_same_v<T, CostOverrides>) *f = parse_cost_overrides(name, key);
        else throw InvalidArgument(FieldProblem{key, std::string(name), "a number or flag, not a name"});
      },
      field);
}

namespace {

// The keys ConfigSources holds, read by generate_config_and_sources_from_json.
constexpr std::array<std::string_view, 3> kSourceKeys = {"templates", "theme", "mission"};

// Reads a source key's value into `sources` (or the config's theme).
void read_source(const std::string& key, const std::string& quoted, const detail::Json& value, GenerateConfig& cfg,
                 ConfigSources& sources) {
  const bool object = key == "mission" && value.is_object();
  if (!value.is_string() && !object) {
    const char* want = key == "templates" ? "a template set's path (.tmj or .tmx)"
                       : key == "theme"   ? "a tag of the template set"
                                          : "a mission file's path or a mission object";
    throw InvalidArgument(FieldProblem{"config key " + quoted, detail::sorted_excerpt(value), want});
  }
  if (key == "templates") sources.templates = value.get<std::string>();
  else if (key == "theme") cfg.theme = value.get<std::string>();
  else if (object) {
    sources.mission_path.clear();
    sources.mission_json = detail::sorted_json(value).dump();  // keys sorted, as before
  } else {
    sources.mission_path = value.get<std::string>();
    sources.mission_json.clear();
  }
}

GenerateConfig read_config(std::string_view json, const GenerateConfig& base, uint64_t* seed, std::string_view source,
                           ConfigSources* sources) {
  const std::string src(source);
  const auto j = parse_json_input<detail::Json>(json, "config", src, "a JSON object");
  if (!j.is_object()) throw InvalidArgument(FieldProblem{"config", src, "a JSON object"});
  GenerateConfig cfg = base;
  uint64_t no_seed = 0;
  for (const auto& it : detail::sorted_members(j)) {
    const std::string key = key_of(it.key());
    const detail::Json& value = it.value();
    // A recipe written for `generate` may name a seed: a batch's seeds come from elsewhere.
    if (!seed && key == "seed" && value.is_number_unsigned()) continue;
    const ConfigParam* p = nullptr;
    for (const ConfigParam& q : kParams)
      if ((seed || !q.is_seed()) && q.key() == key) p = &q;
    const std::string quoted = json_excerpt(detail::Json(it.key()));
    if (!p && sources && std::find(kSourceKeys.begin(), kSourceKeys.end(), key) != kSourceKeys.end()) {
      read_source(key, quoted, value, cfg, *sources);
      continue;
    }
    if (!p) {
      std::string names;
      for (const ConfigParam& q : kParams)
        if (seed || !q.is_seed()) names += (names.empty() ? "" : ", ") + q.key();
      if (sources)
        for (std::string_view k : kSourceKeys) names += ", " + std::string(k);
      throw InvalidArgument("config key " + quoted + " (expected one of " + names + ")");
    }
    auto bad = [&](const char* want) {
      throw InvalidArgument(FieldProblem{"config key " + quoted, detail::sorted_excerpt(value), want});
    };
    const ConfigField field = p->field(cfg, seed ? *seed : no_seed);
    std::visit(
        [&](auto* f) {
          using T = std::remove_pointer_t<decltype(f)>;
          if constexpr (std::is_same_v<T, bool>) {
            if (!value.is_boolean()) bad("true or false");
            *f = value.get<bool>();
          } else if constexpr (kIsChoice<T>) {
            if (!value.is_string()) bad("a string");
            set_config_choice(field, value.get_ref<const std::string&>(), p->key());
          } else if constexpr (std::is_same_v<T, uint64_t>) {
            if (!value.is_number_unsigned()) bad("an integer from 0 to 2^64-1");
            *f = value.get<uint64_t>();
          } else if constexpr (std::is_same_v<T, int>) {
            constexpr int64_t kLimit = 1000000000;
            const bool ok = value.is_number_unsigned() ? value.get<uint64_t>() <= uint64_t{kLimit}
                                                       : value.is_number_integer() && value.get<int64_t>() >= -kLimit &&
                                                             value.get<int64_t>() <= kLimit;
            if (!ok) bad("an integer");
            *f = static_cast<int>(value.get<int64_t>());
          } else {
            if (!value.is_number()) bad("a number");
            *f = value.get<double>();
          }
        },
        field);
  }
  return cfg;
}

nlohmann::ordered_json config_object(const GenerateConfig& config, const uint64_t* seed) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  GenerateConfig copy = config;
  uint64_t seed_copy = seed ? *seed : 0;
  for (const ConfigParam& p : kParams) {
    if (p.is_seed() && !seed) continue;
    if (p.key() == "cost" && config.cost.empty()) continue;  // a config without keeps its bytes
    // A chain (the default) and no one-way return: the config keeps the bytes it had before layouts.
    if (p.key() == "lock_layout" && config.lock_layout == LockLayout::Chain) continue;
    if (p.key() == "cycle_one_way" && !config.cycle_one_way) continue;
    if (p.key() == "allow_softlocks" && !config.allow_softlocks) continue;
    // Switches, one-way and secret doors likewise, written only when set.
    if ((p.key() == "switches" && config.switches == 0) || (p.key() == "one_way" && config.one_way == 0) ||
        (p.key() == "secret_doors" && config.secret_doors == 0))
      continue;
    std::visit(
        [&](auto* f) {
          using T = std::remove_pointer_t<decltype(f)>;
          if constexpr (kIsChoice<T>) j[p.key()] = config_choice_name(f);
          else j[p.key()] = *f;
        },
        p.field(copy, seed_copy));
  }
  return j;
}

}  // namespace

GenerateConfig generate_config_from_json(std::string_view json, const GenerateConfig& base, uint64_t* seed,
                                         std::string_view source) {
  return read_config(json, base, seed, source, nullptr);
}

GenerateConfig generate_config_and_sources_from_json(std::string_view json, ConfigSources& sources,
                                                     const GenerateConfig& base, uint64_t* seed) {
  sources = ConfigSources{};
  GenerateConfig cfg = read_config(json, base, seed, "JSON text", &sources);
  if (sources.mission_path.empty() && sources.mission_json.empty()) return cfg;
  // With a mission, a side the text leaves out is chosen from it (0: GenerateConfig::map_size):
  // read again over a base of 0 x 0, a side the text gives reads the same over both bases.
  GenerateConfig zero = base;
  zero.width = zero.height = 0;
  ConfigSources ignored;
  uint64_t seed_copy = seed ? *seed : 0;
  zero = read_config(json, zero, seed ? &seed_copy : nullptr, "JSON text", &ignored);
  if (zero.width != cfg.width) cfg.width = 0;
  if (zero.height != cfg.height) cfg.height = 0;
  return cfg;
}

std::string generate_config_to_json(const GenerateConfig& config, const uint64_t* seed) {
  return config_object(config, seed).dump(2) + "\n";
}

std::string generate_config_and_sources_to_json(const GenerateConfig& config, const ConfigSources& sources) {
  nlohmann::ordered_json j = config_object(config, nullptr);
  if (!sources.templates.empty()) j["templates"] = sources.templates;
  if (!config.theme.empty()) j["theme"] = config.theme;
  if (!sources.mission_json.empty()) j["mission"] = nlohmann::ordered_json::parse(sources.mission_json);
  else if (!sources.mission_path.empty()) j["mission"] = sources.mission_path;
  return j.dump(2) + "\n";
}

}  // namespace catacomb
