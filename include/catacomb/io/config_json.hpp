#pragma once
/// Generator configs as JSON, and the one table of generator parameters behind them.
///
///   {"generator": "caves", "width": 120, "height": 80, "fill": 47, "deep_water": true}
///
/// A config is a JSON object whose keys are parameter names, with '_' or '-' between words
/// ("room_count" or "room-count"). Values are JSON integers, numbers or booleans, and strings for
/// the choices (generator "rooms"/"caves", costs "dungeon"/"tutorial"/"uniform", connect,
/// diagonal; and "cost", a game's own costs: "water=impassable,vegetation=7.5"). Keys left out
/// keep the base config's value. The same table gives the flags of
/// `catacomb generate` and `catacomb batch` (`--room-count`), so a key and its flag always
/// agree, and so do their help texts.
#include <catacomb/export.hpp>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include <catacomb/core/terrain.hpp>
#include <catacomb/generator/cave_regions.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/pathing/moves.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Where one parameter's value lives: a field of a GenerateConfig (a number, a flag, one of the
/// choice enums, or the game's costs, which are set and read as text like a choice:
/// cost_overrides_text), or the seed (uint64_t*), which is not part of a config.
using ConfigField = std::variant<int*, double*, bool*, uint64_t*, GeneratorKind*, CostPreset*, CaveConnect*,
                                 DiagonalPolicy*, KeyRule*, CostOverrides*, LockLayout*>;

/// One generator parameter.
struct ConfigParam {
  /// The flag without "--" ("room-count"); the JSON key is the same with '_' ("room_count").
  std::string_view name;
  /// One line for --help: what the parameter does and its limits.
  std::string_view help;
  /// The field the parameter sets: inside `config`, or `seed` for the "seed" parameter.
  ConfigField (*field)(GenerateConfig& config, uint64_t& seed);

  /// The JSON key: `name` with '_' for '-'.
  std::string key() const;
  /// True for the "seed" parameter (not a config field).
  bool is_seed() const { return name == "seed"; }
};

/// Every generator parameter, in the order `catacomb generate --help` lists them: generator,
/// seed, width, height, objectives, the rooms parameters, the caves parameters, decoration,
/// costs, moves, max-attempts.
std::span<const ConfigParam> generate_config_params();

/// A choice field's value by name ("caves", "no-corner-cut"; for `cost`, its text). Throws InvalidArgument for a
/// number or boolean field.
std::string config_choice_name(const ConfigField& field);
/// Sets a choice field from its name. Throws InvalidArgument "<key> = <name> (expected ...)" for
/// a name the choice does not have, and for a number or boolean field.
void set_config_choice(const ConfigField& field, std::string_view name, const std::string& key);

/// Largest config file the CLI reads (--config): 1 MiB, far more than any recipe needs.
inline constexpr uint64_t kMaxConfigFileBytes = uint64_t{1} << 20;

/// Reads a JSON config over `base`: every key present overrides that field, the rest stay.
/// With `seed`, a "seed" key (an integer from 0 to 2^64-1) is accepted and written there; without
/// it (a batch, whose seeds come from elsewhere) a "seed" key holding such an integer is ignored.
/// Throws InvalidArgument, one line each:
///   - "config = <source> (expected a JSON object: <reason>)" for text that is not JSON, nests
///     deeper than 64 levels or has a number beyond a double (1e999);
///   - "config = <source> (expected a JSON object)" for JSON that is not an object;
///   - "config key \"colour\" (expected one of generator, seed, width, ...)" for an unknown key;
///   - "config key \"width\" = \"wide\" (expected an integer)" for a value of the wrong type
///     (integers from -1e9 to 1e9 for integer fields);
///   - "<key> = <name> (expected ...)" for a choice name that does not exist.
/// Does not call GenerateConfig::check(): a value in range is the caller's to check.
GenerateConfig generate_config_from_json(std::string_view json, const GenerateConfig& base = {},
                                         uint64_t* seed = nullptr, std::string_view source = "JSON text");

/// What a JSON config may name besides the table's parameters: files, read by
/// generate_config_and_sources_from_json (the C API's catacomb_config_from_json; the CLI takes
/// them as --templates, --theme and --mission). Paths are kept as written, for the caller to load
/// (load_template_set, load_mission) and to write back.
struct ConfigSources {
  /// "templates": the path of a room template set drawn in Tiled (.tmj or .tmx); "" for none.
  std::string templates;
  /// "mission" as a string: the path of a mission file (io/mission_json.hpp); "" otherwise.
  std::string mission_path;
  /// "mission" as a JSON object: the mission itself, as JSON text (what read_mission reads); ""
  /// otherwise.
  std::string mission_json;
};

/// generate_config_from_json (no seed) that also reads "templates" (a string: a path), "theme"
/// (a string: GenerateConfig::theme) and "mission" (a string, a mission file's path, or an
/// object, the mission itself) into `sources` (reset first). Reads no file. Throws
/// InvalidArgument as generate_config_from_json does, and for a value of the wrong type
/// ("config key \"mission\" = 7 (expected a mission file's path or a mission object)").
/// With `seed`, "seed" is read into it too, as generate_config_from_json reads it (the
/// WebAssembly package, whose config holds the seed and the sources' contents). With a
/// "mission", a "width" or "height" left out is 0: chosen from the mission when it is generated
/// (GenerateConfig::map_size), as the CLI chooses it when --width and --height are left out.
GenerateConfig generate_config_and_sources_from_json(std::string_view json, ConfigSources& sources,
                                                     const GenerateConfig& base = {}, uint64_t* seed = nullptr);

/// generate_config_to_json (no seed) followed by "templates", "theme" and "mission" when set:
/// what generate_config_and_sources_from_json reads back.
std::string generate_config_and_sources_to_json(const GenerateConfig& config, const ConfigSources& sources);

/// The config as a JSON object with every parameter of the table (keys with '_', in table
/// order, two-space indentation, ending in '\n'), but "cost" only when the config has a game's
/// costs (so a config without writes as before); with `seed`, a "seed" key too. Reading it back
/// with generate_config_from_json gives the same values.
std::string generate_config_to_json(const GenerateConfig& config, const uint64_t* seed = nullptr);

}  // namespace catacomb
CATACOMB_PUBLIC_END
