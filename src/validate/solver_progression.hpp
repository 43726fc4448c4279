#pragma once
// The solver for maps with progression (internal to validate/): gates and switches, one-way
// doors, secret doors. See solver.hpp for the model and solver_progression.cpp for the search.
#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/solver.hpp>

namespace catacomb::solving {

// Solves a map with Dungeon::has_progression() under checked options.
Solution solve_progression(const Dungeon& d, const SolveOptions& options);

}  // namespace catacomb::solving
