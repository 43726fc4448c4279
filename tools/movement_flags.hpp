#pragma once
// The platformer movement flags shared by `path` and `validate` (--movement, --jump-height,
// --jump-distance, --body-height, --max-fall, --jump-penalty), and the side-view runs of both
// commands (platformer_commands.cpp).
#include <CLI/CLI.hpp>
#include <optional>
#include <ostream>
#include <string>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/platformer/movement_model.hpp>

namespace catacomb::cli {

class MovementFlags {
 public:
  /// Declares the flags on `sub`.
  void add_to(CLI::App* sub);
  /// The movement to use for map `d`: --movement grid gives nullopt, --movement platformer a
  /// model, and by default the map's recorded model if it has one (else nullopt). Flags given
  /// override the recorded fields. Throws InvalidArgument naming the flag for a bad value.
  std::optional<MovementModel> resolve(const Dungeon& d) const;

 private:
  std::string movement_ = "recorded";
  std::optional<int> jump_height_, jump_distance_, body_height_, max_fall_, jump_penalty_;
};

struct PlatformerPathArgs {
  Point from, to;
  bool json = false;
  std::string png;
  int scale = 4;
};
/// `path` on a side-view map. Returns the exit code.
int run_platformer_path(std::ostream& out, const Dungeon& d, const MovementModel& model, const PlatformerPathArgs& a);

struct PlatformerValidateArgs {
  std::string map_path;
  bool json = false, strict = false;
  std::string png;
  int scale = 4;
  bool allow_softlocks = false;
  int64_t max_states = 1000000;
};
/// `validate` on a side-view map. Returns the exit code.
int run_platformer_validate(std::ostream& out, const Dungeon& d, const MovementModel& model,
                            const PlatformerValidateArgs& a);

}  // namespace catacomb::cli
