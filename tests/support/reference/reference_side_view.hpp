#pragma once
// Side-view movement simulated step by step, the oracle of the navigation graph
// (tests/platformer/nav_graph_test.cpp): the movement rules written again from their text
// (move_rules.hpp, side_view.hpp), without the library's SideView or for_each_move.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/platformer/movement_model.hpp>

namespace catacomb::test {

/// True when a body rests at `p` of the map `rows` under `m`: it stands on ground or holds a
/// ladder with room for its body. In `rows`, '#' is solid (and so is everything off the map), 'H'
/// a ladder, '-' a platform, anything else air.
bool reference_rests(const std::vector<std::string>& rows, const MovementModel& m, Point p);

/// The cheapest cost from the resting cell `start` to every resting cell a body reaches on
/// `rows` under `m`, by Dijkstra over micro-steps: each step moves the foot one cell and costs 1,
/// leaving the ground in a jump m.jump_penalty more.
std::map<Point, int64_t> reference_rest_costs(const std::vector<std::string>& rows, const MovementModel& m,
                                              Point start);

}  // namespace catacomb::test
