#pragma once
// The solver for maps with progression (internal to validate/): gates and switches, one-way
// doors, secret doors. See solver.hpp for the model and solver_progression.cpp for the search.
#include <cstdint>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/solver.hpp>
#include "shared/pathing/terrain_flood.hpp"

namespace catacomb::solving {

// The states the search over every order may take before the solver turns to the closed states
// (progression_search.hpp): about 0.2 s of search.
inline constexpr int64_t kEveryOrderBudget = 50000;

// Solves a map with Dungeon::has_progression() under checked options; `every_order_budget`: see
// kEveryOrderBudget (0: the closed states at once).
// `leg`: a grid of distances of this map's size its walks may take (PModel::lent_leg), or null.
Solution solve_progression(const Dungeon& d, const SolveOptions& options,
                           int64_t every_order_budget = kEveryOrderBudget, detail::TerrainFlood::Leg* leg = nullptr);

}  // namespace catacomb::solving
