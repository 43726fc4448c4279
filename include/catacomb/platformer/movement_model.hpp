#pragma once
/// The platformer movement model: what a player's body can do in a side-view map, stated as
/// what a level designer can check by eye.
///
/// - jump_height H: the highest step a body gets onto by jumping from flat ground right next
///   to it (a wall column H tiles high beside the body); H + 1 is impossible.
/// - jump_distance D: the widest gap, in empty columns, crossed between two floors at the same
///   height; D + 1 is impossible.
/// - body_height B: tiles the body occupies, from its foot cell upwards; a 2-tall body does not
///   pass under a 1-tile gap.
/// - max_fall: the most rows a body may fall in one move (0 = any height).
/// - jump_penalty: added to a jump's cost on top of the tiles it travels.
///
/// The moves themselves (walk, jump arc, fall, climb, drop) are defined in jump_arc.hpp and
/// nav_graph.hpp. A map records the model it is meant for in its params (the recipe): "movement"
/// = "platformer" and the fields below under their own names (jump_height, ...), so that a JSON
/// map, an ASCII map's header line and a Tiled map's properties all carry it.
#include <catacomb/export.hpp>
#include <optional>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What a side-view player can do: how high and far it jumps, how tall it is, how far it may
/// fall. Recorded in a side-view map's params.
struct MovementModel {
  /// Highest step climbed by a jump. [Limit: 1 to 64] [Units: tiles]
  int jump_height = 3;
  /// Widest gap crossed by a jump at the same height. [Limit: 0 to 64] [Units: empty columns]
  int jump_distance = 4;
  /// Tiles the body occupies, from the foot cell up. [Limit: 1 or 2] [Units: tiles]
  int body_height = 1;
  /// Most rows fallen in one move; 0 = no limit. [Limit: 0 to 16384] [Units: tiles]
  int max_fall = 0;
  /// Added to every jump's cost. [Limit: 0 to 1000] [Units: tiles of travel]
  int jump_penalty = 1;

  /// Every bad field ("jump_height = 0 (expected 1 to 64)"); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
  /// Equal when every field is equal.
  friend bool operator==(const MovementModel&, const MovementModel&) = default;
};

/// The params key that marks a side-view map, and its value: "movement" = "platformer".
inline constexpr const char* kMovementParam = "movement";
/// The value of kMovementParam that marks a side-view map.
inline constexpr const char* kPlatformerMovement = "platformer";

/// The model a map records in its params, if it says "movement": "platformer"; fields it does
/// not give keep their defaults. Throws InvalidArgument for a recorded value out of range or of
/// the wrong type (naming the param).
std::optional<MovementModel> recorded_movement(const Params& params);

/// Writes "movement" = "platformer" and the model's fields into `params`, replacing any that
/// are there and appending the rest in the order movement, jump_height, jump_distance,
/// body_height, max_fall, jump_penalty.
void record_movement(Params& params, const MovementModel& model);

/// The params keys record_movement writes, in its order.
std::vector<std::string> movement_param_keys();

}  // namespace catacomb
CATACOMB_PUBLIC_END
