#pragma once
/// Key-aware routes: the cheapest route a player can walk given the keys it holds and the doors
/// it has opened (core/player_state.hpp). A locked door is closed unless the state opens it; the
/// route reports the doors it opens (PathResult::doors_opened).
#include <catacomb/export.hpp>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/player_state.hpp>
#include <catacomb/pathing/map_rules.hpp>
#include <catacomb/pathing/search.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Whether the locked door `door` of `d` can be passed by a player in `state`: opened already,
/// or a key of its lock held (under either key rule; see find_path for how many a consumable
/// key opens). A cell that is not a locked door gives true.
bool door_open_for(const Dungeon& d, const PlayerState& state, Point door);

/// The cheapest route from `start` to `goal` for a player in `state`, under `rules` (moves,
/// costs, key rule) and `options` (algorithm, heuristic, weight, budget; options.moves is
/// replaced by rules.moves). A locked door (Dungeon::locks) is closed, as a wall, unless it is in
/// state.opened or the player holds a key of its lock. Under KeyRule::Consumable each key opens
/// one door: when the player holds fewer keys of a lock than the route could use doors of it,
/// the route is searched over (cell, keys spent) with Dijkstra, so it is the cheapest one that
/// spends no more keys than held (options' algorithm is then not used); otherwise the grid
/// engine answers. The result's doors_opened lists the locked doors on the route that were not
/// opened yet, in the order walked. Gates, one-way and secret doors (Dungeon::doors) follow the
/// rules of core/dungeon.hpp: a gate closed under state.switches (gate_open) is a wall; a one-way
/// door is entered and left only its way (one_way_step_allowed); a one-way or secret door is never
/// cut past diagonally; a secret door is passable (the player may use one it knows; to route a
/// player who has not found it, set its cell to wall in a copy of the dungeon). A map with one-way
/// or secret doors is searched with Dijkstra over cells (and keys spent), options' algorithm
/// unused; a map with none routes exactly as before. Throws InvalidArgument for a start or goal off the map, a bad
/// state (PlayerState::check) or bad options, and when the (cell, keys spent) search would need
/// more than 2^27 states.
PathResult find_path(const Dungeon& d, const MapRules& rules, Point start, Point goal, const PlayerState& state,
                     const SearchOptions& options = {});
/// find_path under the rules `d` records (recorded_rules), with A*.
PathResult find_path(const Dungeon& d, Point start, Point goal, const PlayerState& state);

}  // namespace catacomb
CATACOMB_PUBLIC_END
