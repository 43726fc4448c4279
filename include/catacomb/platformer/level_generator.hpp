#pragma once
/// The side-view level generator (`--generator platformer`), after Spelunky: the map is a grid
/// of rooms; a route is walked from a room in the top row, left, right or down, to a room in the
/// bottom row, so the start and the exit are joined by construction, and every other room is
/// joined to the rooms already joined (plus a few loops). Side by side rooms share a doorway at
/// floor level; rooms one above the other share a hole in the floor with a ladder through it.
/// Inside, each room takes a side-view template by its role on the route (side_view_rooms.hpp:
/// the built-in set, or a designer's); a room no template fits gets one-way platforms within
/// jump height of the floor, solid ledges above jump height reached by a ladder, and low blocks
/// on the floor that a jump clears.
///
/// Then a start (in the route's first room), an exit (in its last) and the further objectives
/// (each in its own room where there are enough), every one standing on ground or a platform
/// and chosen among the cells reachable from the start from which the exit can be reached. The
/// level is then checked (check_platformer_level, strictly: no softlocks); one that fails is
/// repaired by a ladder at the cheapest place (repair_platformer_level) or made again from the
/// next attempt seed.
///
/// Determinism: streams "platformer.layout" and "platformer.objectives" of the attempt seed.
#include <catacomb/export.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/core/room_templates.hpp>
#include <catacomb/platformer/movement_model.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The room grid of a side-view level and what each room may hold (see layout_platformer_level).
struct PlatformerConfig {
  /// Room pitch: interior columns + 1 wall column. [Limit: 6 to 64] [Units: tiles]
  int room_width = 10;
  /// Room pitch: interior rows + 1 floor row. [Limit: 6 to 64, and at least body_height + 4]
  /// [Units: tiles]
  int room_height = 8;
  /// Chance that a room gets a one-way platform. [Limit: 0 to 1]
  double platforms = 0.6;
  /// Chance that a room gets a ledge above jump height with a ladder. [Limit: 0 to 1]
  double ladders = 0.4;
  /// Chance that a room gets a low block on its floor. [Limit: 0 to 1]
  double blocks = 0.5;

  /// Every bad field, for a map of width x height (at least one room of this size must fit)
  /// under `model`.
  std::vector<FieldProblem> problems(int width, int height, const MovementModel& model) const;
};

/// One attempt's terrain and objectives, before checking: a start, an exit and up to
/// `objectives` further objectives (kind Key and Treasure alternately). The rooms, their links
/// and furniture draw from `layout` (the pipeline's streams::kPlatformerLayout stream), the
/// objectives' places from `placing` (streams::kPlatformerObjectives). Requires a config without
/// problems.
Dungeon layout_platformer_level(int width, int height, int objectives, const PlatformerConfig& config,
                                const MovementModel& model, Rng& layout, Rng& placing);
/// The same, each room's inside from `rooms` (side-view templates, platformer/side_view_rooms.hpp:
/// a template of the room's role, else of type "any", else today's furniture). The overload
/// without `rooms` uses default_side_view_rooms(). Templates draw from `layout` too.
Dungeon layout_platformer_level(int width, int height, int objectives, const PlatformerConfig& config,
                                const MovementModel& model, const TemplateSet& rooms, Rng& layout, Rng& placing);
/// layout_platformer_level with the two streams the pipeline derives from `seed`.
Dungeon layout_platformer_level(int width, int height, int objectives, const PlatformerConfig& config,
                                const MovementModel& model, uint64_t seed);

/// Repairs one problem of `d` under `model` with a ladder: for the first objective that cannot
/// be reached from the start (or else, not the start, from which the exit cannot be reached),
/// the shortest ladder, from the objective's row down to the ground or up to the ceiling, in a
/// column at most 16 from it, after which the objective can be reached both ways. Returns what was added ("ladder at column 12, rows
/// 4 to 9 (6 tiles) for the exit at (12,4)"), or nullopt when no such ladder exists (or
/// nothing needs repairing).
std::optional<std::string> repair_platformer_level(Dungeon& d, const MovementModel& model);

}  // namespace catacomb
CATACOMB_PUBLIC_END
