#pragma once
/// The rules a map states for itself (its recipe's cost preset, deep water, moves and key rule),
/// and routes on a Dungeon under them: what every function that takes a Dungeon uses by default.
#include <catacomb/export.hpp>
#include <optional>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/search.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// How a player moves on a map and what each terrain costs: the rules routes and validation run
/// under.
struct MapRules {
  /// Which terrain can be walked and what entering it costs.
  CostTable costs = CostTable::dungeon();
  /// Neighbours, diagonal policy and diagonal cost.
  Moves moves;
  /// How keys open locked doors.
  KeyRule key_rule = KeyRule::Reusable;
  /// Equal when costs, moves and key rule are equal.
  friend bool operator==(const MapRules& a, const MapRules& b) {
    return a.costs == b.costs && a.moves.neighbors == b.moves.neighbors && a.moves.diagonal == b.moves.diagonal &&
           a.moves.diagonal_cost == b.moves.diagonal_cost && a.key_rule == b.key_rule;
  }
};

/// The rules `d` records: the cost table `legend` gives (a JSON map's legend,
/// read_json_legend_costs) or else the recipe's "costs" preset (dungeon when the map has none)
/// with its "deep_water" and then its "cost" (a game's own costs, parse_cost_overrides); the moves from the recipe's "neighbors" and "diagonal" (8 without
/// corner cutting when absent); the map's key rule. Throws InvalidArgument naming
/// `params.<name>` for a recorded value catacomb does not know.
MapRules recorded_rules(const Dungeon& d, const std::optional<CostTable>& legend = std::nullopt);

/// The cheapest route from `start` to `goal` on `d` under the rules it records (recorded_rules),
/// with A* (the same answer as find_path(d.tiles, rules.costs, start, goal) with rules.moves).
/// Locked doors are taken as the door tiles they stand on; find_path with a PlayerState
/// (player_path.hpp) closes those the player cannot open. Throws InvalidArgument for a start or
/// goal off the map or a recipe catacomb does not know; an impassable start or goal is a status.
PathResult find_path(const Dungeon& d, Point start, Point goal);

}  // namespace catacomb
CATACOMB_PUBLIC_END
