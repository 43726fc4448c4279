#pragma once
/// Design analysis of a validated map: the features level designers review, computed from the
/// map alone (never from the generator), under the same moves and costs as validation.
#include <catacomb/export.hpp>
#include <cstdint>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/validate.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The design features of a map, as analyse_map finds them: dead ends, chokepoints, loops and
/// dead-end rooms.
struct MapAnalysis {
  /// Cells reachable from the start with exactly one neighbour reachable in one move (under
  /// the options' moves): the tips of dead-end passages. Row-major order.
  std::vector<Point> dead_ends;
  /// Cells whose removal would cut at least one objective off from the start (the start and
  /// the objective itself excepted): articulation points between the start and an objective.
  /// Row-major order.
  std::vector<Point> chokepoints;
  /// Independent loops a player can walk around: wall areas (8-connected) that do not touch
  /// the map's edge and are enclosed by cells reachable from the start.
  int loops = 0;
  /// Rooms (Dungeon::rooms) reachable from the start with a single way in and out: exactly one
  /// doorway, a run of reachable cells in the ring of cells around the room (orthogonally
  /// connected along the ring). These are the dead ends a player meets in a rooms dungeon, where
  /// corridors join rooms and rarely end in a cell of their own.
  int dead_end_rooms = 0;
};

/// Analyses `d` with the report validate_dungeon(d, options) returned. With options.threads of 2
/// or more, a map of 1M cells or more has each pass over its rows split between two threads:
/// the same answers. Throws InvalidArgument for bad moves, threads below 1, or a report that
/// kept the maps of another map.
MapAnalysis analyse_map(const Dungeon& d, const ValidationReport& report, const ValidateOptions& options);
/// analyse_map under the rules `d` records (map_rules(d)), for the report
/// validate_dungeon(d) returned.
MapAnalysis analyse_map(const Dungeon& d, const ValidationReport& report);

}  // namespace catacomb
CATACOMB_PUBLIC_END
