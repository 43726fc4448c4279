// The generator parameter table of `catacomb generate` and `catacomb batch`: one row per
// parameter, serving both the flag and the config key.
#include "tools/generator_flags.hpp"

#include <nlohmann/json.hpp>

#include <catacomb/core/error.hpp>
#include <catacomb/io/atomic_file.hpp>

namespace catacomb::cli {
namespace {

std::string key_of(const std::string& flag) {
  std::string k = flag;
  for (char& c : k)
    if (c == '-') c = '_';
  return k;
}

}  // namespace

GeneratorFlags::GeneratorFlags(CLI::App& sub, uint64_t* seed) : seed_(seed) {
  sub.add_option("--config", config_path_, "JSON file of parameters (keys as the flags, '_' for '-')")
      ->type_name("FILE");
  params_ = {
      {"generator", "rooms or caves", &cfg_.generator},
      {"width", "map width in tiles (rooms 16+, caves 3+, at most 16384)", &cfg_.width},
      {"height", "map height in tiles (rooms 16+, caves 3+, at most 16384)", &cfg_.height},
      {"objectives", "further objectives besides start and exit: keys and treasure (0 to 9)", &cfg_.objectives},
      {"room-count", "rooms: rooms created before perturbation (2 to 100000)", &cfg_.rooms.room_count},
      {"min-side", "rooms: smallest room side (6 or more)", &cfg_.rooms.min_side},
      {"max-side", "rooms: largest room side (min-side to 256)", &cfg_.rooms.max_side},
      {"min-distance", "rooms: wall cells kept between rooms (3 to 64)", &cfg_.rooms.min_distance},
      {"max-iterations", "rooms: separation iterations before rooms still too close are dropped",
       &cfg_.rooms.max_iterations},
      {"loop-fraction", "rooms: share of extra candidate edges carved as loops (0 to 1)", &cfg_.loop_fraction},
      {"dig-reuse", "rooms: corridor router cost of reusing a corridor", &cfg_.dig.reuse},
      {"dig-rock", "rooms: corridor router cost of digging rock", &cfg_.dig.rock},
      {"dig-room", "rooms: corridor router cost of crossing another room", &cfg_.dig.room},
      {"dig-turn", "rooms: extra cost per corridor turn, for straighter corridors (0 = off)", &cfg_.dig.turn},
      {"corridor-width", "rooms: corridor width, 1 or 2", &cfg_.dig.width},
      {"fill", "caves: percent of cells that start as wall (0 to 100)", &cfg_.caves.fill},
      {"passes", "caves: smoothing passes (0 to 100)", &cfg_.caves.passes},
      {"wall-threshold", "caves: walls in the 3x3 block that make a wall (0 to 9; 5 is the 4-5 rule)",
       &cfg_.caves.wall_threshold},
      {"open-passes", "caves: first passes that also wall up cells with few walls within two steps",
       &cfg_.caves.open_passes},
      {"open-threshold", "caves: in those passes, at most this many walls in the 5x5 block make a wall (0 to 25)",
       &cfg_.caves.open_threshold},
      {"min-region", "caves: floor regions smaller than this are filled", &cfg_.cave_regions.min_region},
      {"connect", "caves: connect (tunnel every region to the largest) or largest (keep only it)", &connect_},
      {"dig-cost", "caves: tunnel cost of digging one wall cell (1 to 1000)", &cfg_.cave_regions.dig_cost},
      {"water", "share of floor turned into water pools (0 to 0.5)", &cfg_.decor.water},
      {"vegetation", "share of floor turned into vegetation (0 to 0.5)", &cfg_.decor.vegetation},
      {"min-blob", "smallest pool or patch, in cells", &cfg_.decor.min_blob},
      {"max-blob", "largest pool or patch, in cells", &cfg_.decor.max_blob},
      {"costs", "cost table to validate under: dungeon, tutorial or uniform", &cfg_.costs},
      {"deep-water", "water cannot be crossed (pools are then kept from cutting objectives off)", &cfg_.deep_water},
      {"neighbors", "player moves: 4 or 8 neighbours", &cfg_.moves.neighbors},
      {"diagonal", "diagonal policy: never, no-corner-cut, one-free or always", &diagonal_},
      {"max-attempts", "attempts per seed before giving up on it (1 to 1000)", &cfg_.max_attempts},
  };
  if (seed_)
    params_.insert(params_.begin() + 1,
                   Param("seed", "64-bit seed: the same seed and parameters give the same files", seed_));
  for (Param& p : params_) {
    const std::string flag = std::string("--") + p.name;
    std::visit(
        [&](auto* f) {
          using T = std::remove_pointer_t<decltype(f)>;
          p.given = *f;
          if constexpr (std::is_same_v<T, bool>) {
            p.option = sub.add_flag(flag, std::get<bool>(p.given), p.help);
          } else {
            p.option = sub.add_option(flag, std::get<T>(p.given), p.help)->capture_default_str();
          }
        },
        p.field);
  }
}

GenerateConfig GeneratorFlags::resolve() {
  if (!config_path_.empty()) load_config(read_file(config_path_));
  for (Param& p : params_)
    if (p.option->count() > 0)
      std::visit([&](auto* f) { *f = std::get<std::remove_pointer_t<decltype(f)>>(p.given); }, p.field);
  cfg_.moves.diagonal = parse_diagonal_policy(diagonal_);
  cfg_.cave_regions.connect = parse_cave_connect(connect_);
  return cfg_;
}

void GeneratorFlags::load_config(const std::string& text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw InvalidArgument("--config = " + config_path_ + " (expected a JSON object: " + e.what() + ")");
  }
  if (!j.is_object()) throw InvalidArgument("--config = " + config_path_ + " (expected a JSON object)");
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string key = it.key();
    const nlohmann::json& value = it.value();
    // A recipe written for `generate` may name a seed: the batch's seeds come from --seeds.
    if (!seed_ && key_of(key) == "seed" && value.is_number_unsigned()) continue;
    Param* p = nullptr;
    for (Param& q : params_)
      if (key_of(q.name) == key_of(key)) p = &q;
    if (!p) {
      std::string names;
      for (const Param& q : params_) names += (names.empty() ? "" : ", ") + key_of(q.name);
      throw InvalidArgument("config key \"" + key + "\" (expected one of " + names + ")");
    }
    auto bad = [&](const char* want) {
      throw InvalidArgument("config key \"" + key + "\" = " + value.dump() + " (expected " + want + ")");
    };
    std::visit(
        [&](auto* f) {
          using T = std::remove_pointer_t<decltype(f)>;
          if constexpr (std::is_same_v<T, bool>) {
            if (!value.is_boolean()) bad("true or false");
            *f = value.get<bool>();
          } else if constexpr (std::is_same_v<T, std::string>) {
            if (!value.is_string()) bad("a string");
            *f = value.get<std::string>();
          } else if constexpr (std::is_same_v<T, uint64_t>) {
            if (!value.is_number_unsigned()) bad("an integer from 0 to 2^64-1");
            *f = value.get<uint64_t>();
          } else if constexpr (std::is_same_v<T, int>) {
            if (!value.is_number_integer() || value.get<int64_t>() < -1000000000 || value.get<int64_t>() > 1000000000)
              bad("an integer");
            *f = static_cast<int>(value.get<int64_t>());
          } else {
            if (!value.is_number()) bad("a number");
            *f = value.get<double>();
          }
        },
        p->field);
  }
}

}  // namespace catacomb::cli
