#pragma once
// A brute force for whether a side-view level can be lost, written from the rules alone and
// sharing no code with platformer/level_loss.cpp: breadth first over (node of the navigation
// graph, objectives taken), taking an objective on resting on its node; a state can finish when
// a state resting on the exit with every objective taken is reachable from it.
#include <cstdint>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/platformer/nav_graph.hpp>

namespace catacomb::test {

struct BruteLevelLoss {
  bool completable = false;  // the start can finish
  bool unlosable = false;    // every reachable state can finish
  int64_t states = 0;        // reachable (node, taken) states
  int64_t softlocks = 0;     // of those, the ones that cannot finish
};

BruteLevelLoss brute_force_level_loss(const Dungeon& d, const NavGraph& g);

}  // namespace catacomb::test
