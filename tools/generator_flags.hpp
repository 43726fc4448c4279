#pragma once
/// The generator parameters of `catacomb generate` and `catacomb batch` as flags and as keys of a
/// JSON config file (--config), with flags given on the command line overriding the file. One
/// table lists the parameters once, for both commands and for both the flags and the file.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <catacomb/generator/pipeline.hpp>

namespace catacomb::cli {

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
  /// malformed config file, an unknown key or a mistyped value, a bad --diagonal or --connect;
  /// IoError when the file cannot be read. Does not call GenerateConfig::check().
  GenerateConfig resolve();

 private:
  using Field = std::variant<int*, double*, uint64_t*, std::string*, bool*>;
  struct Param {
    Param(const char* n, const char* h, Field f) : name(n), help(h), field(f) {}
    const char* name;  // flag without "--", and JSON key with '-' as '_'
    const char* help;
    Field field;
    CLI::Option* option = nullptr;
    std::variant<int, double, uint64_t, std::string, bool> given;  // what the flag parsed into
  };
  void load_config(const std::string& text);

  GenerateConfig cfg_;
  uint64_t* seed_ = nullptr;
  std::string diagonal_ = "no-corner-cut";
  std::string connect_ = "connect";
  std::string config_path_;
  std::vector<Param> params_;
};

}  // namespace catacomb::cli
