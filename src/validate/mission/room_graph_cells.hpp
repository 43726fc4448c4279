#pragma once
// The room graph's nodes and edges without the solver (room_graph.cpp), for the overloads of
// room_graph that add the critical path (room_graph_progression.cpp).
#include <catacomb/validate/room_graph.hpp>

namespace catacomb::detail {

// room_graph(d, rules) before graph_intensity: every node's critical and intensity -1.
RoomGraph room_graph_cells(const Dungeon& d, const MapRules& rules);

}  // namespace catacomb::detail
