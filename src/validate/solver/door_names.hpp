#pragma once
// The names the solver's reports give doors (internal to validate/solver/), one home for the
// locks-only solver (solver_model.cpp), the progression solver (progression_model.cpp) and the
// proof of unlosability (unlosable.cpp): "door 2 at 4,1", "gate at 3,1 of switch 1 (open while it
// is on)", "one-way door at 3,2 (passed going south only)".
#include <string>

#include <catacomb/core/dungeon.hpp>

namespace catacomb::solving {

inline std::string locked_door_name(int lock, Point pos) {
  return "door " + std::to_string(lock) + " at " + to_string(pos);
}

inline std::string gate_name(const ProgressionDoor& g) {
  return "gate at " + to_string(g.pos) + " of switch " + std::to_string(g.switch_id) + " (open while it is " +
         (g.open_when_off ? "off)" : "on)");
}

inline std::string one_way_door_name(const ProgressionDoor& g) {
  return "one-way door at " + to_string(g.pos) + " (passed going " + std::string(direction_name(g.dir)) + " only)";
}

}  // namespace catacomb::solving
