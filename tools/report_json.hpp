#pragma once
/// The entries `catacomb validate --json` writes in both of its reports, the grid one
/// (validate_command.cpp) and the platformer one (movement_flags.cpp): written here once.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include <catacomb/core/dungeon.hpp>

namespace catacomb::cli {

/// The head of an entry of the report's "objectives": {"kind", "x", "y"}, in that order; each
/// report appends its own fields after these (an ordered_json keeps the order).
nlohmann::ordered_json objective_json(const Objective& o);

/// One entry of the report's "problems": {"kind", "message", "objective"}, the objective's index
/// or null when `objective` is negative (a problem of the whole map).
nlohmann::ordered_json problem_json(std::string_view kind, const std::string& message, int objective);

}  // namespace catacomb::cli
