#pragma once
/// The generator parameters of `catacomb generate` and `catacomb batch` as flags and as keys of a
/// JSON config file (--config), with flags given on the command line overriding the file. The
/// parameters, their help and the config reader come from the library's one table
/// (<catacomb/io/config_json.hpp>): here they only become CLI11 flags.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <catacomb/pipeline/generate.hpp>
#include <catacomb/io/config_json.hpp>

namespace catacomb::cli {

/// The flags that give `cfg` on a command line: " --name value" for every generator parameter
/// whose value differs from the default config's (" --name" for a flag turned on, " --name=false"
/// for one turned off), in the table's order; "" for the defaults. Numbers in their shortest
/// round-trip form, so the command regenerates the same dungeons.
std::string generator_flags_text(const GenerateConfig& cfg);

class GeneratorFlags {
 public:
  /// Declares --config and every generator parameter flag on `sub`. `sub` must outlive this.
  /// With `seed`, also --seed (and the config key "seed"), written there by resolve(); without
  /// it (batch: seeds come from --seeds), a "seed" key in the config file is ignored.
  explicit GeneratorFlags(CLI::App& sub, uint64_t* seed = nullptr);
  GeneratorFlags(const GeneratorFlags&) = delete;
  GeneratorFlags& operator=(const GeneratorFlags&) = delete;

  /// After parsing: the defaults, overridden by the config file (when --config was given), then
  /// by the flags given on the command line. Throws InvalidArgument for an unreadable or
  /// malformed config file, an unknown key or a mistyped value, a bad choice (--generator,
  /// --costs, --diagonal, --connect); IoError when the file cannot be read. Does not call
  /// GenerateConfig::check(). With --templates and --mission, reads those files (a template set
  /// with problems is refused, each problem named). With --mission, a side given neither as a
  /// flag nor in the config file is 0: chosen from the mission (GenerateConfig::map_size).
  GenerateConfig resolve();

  /// The file flags given, which generator_flags_text cannot know (the config holds the template
  /// set and the mission read, not their paths): " --templates PATH", " --theme TAG",
  /// " --mission PATH" in that order, each only when given; "" for none. A value holding anything
  /// but letters, digits and -_./:+,@= is single-quoted for a POSIX shell. For the commands that
  /// regenerate a batch's seeds, run from the directory the batch was run in.
  std::string file_flags_text() const;

 private:
  // The defaults, the config file and the table's flags; whether the width and the height were
  // given (by the file or a flag).
  GenerateConfig resolve_table(bool& width_given, bool& height_given);

  struct Flag {
    const ConfigParam* param = nullptr;
    CLI::Option* option = nullptr;
    /// What the flag parsed into; a choice's name for the enum fields.
    std::variant<int, double, uint64_t, std::string, bool> given;
  };

  uint64_t* seed_ = nullptr;
  std::string config_path_;
  std::string templates_path_, theme_, mission_path_;  // files, not parameters of the table
  std::vector<Flag> flags_;
};

}  // namespace catacomb::cli
