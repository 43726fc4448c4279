#pragma once
// The walk of a plan on the grid for maps with progression (internal to validate/), the secret
// doors' shortcuts and the walkthrough's metrics. See progression_walk.cpp.
#include <vector>

#include <catacomb/validate/solver.hpp>
#include "validate/solver/progression_model.hpp"

namespace catacomb::solving {

// The walkthrough of `plan` (node moves) from the start, one step per event, ending at the exit
// when `to_exit`.
std::vector<WalkStep> walk_plan(const PModel& m, const std::vector<Move>& plan, bool to_exit);

// What each secret door shortens: the walk between its opposite straight neighbours without
// it, every locked door and gate open (one-way and other secret doors closed).
std::vector<SecretShortcut> secret_shortcuts(const PModel& m);

// The walkthrough's metrics (the plan visits everything: it is the critical path), with each
// cell's area in `area` (PModel::area_labels) for the backtracking count.
void fill_progression_metrics(const PModel& m, const Grid<int32_t>& area, Solution& s);

}  // namespace catacomb::solving
