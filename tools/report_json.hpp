#pragma once
/// The entries `catacomb validate --json` writes in both of its reports, the grid one and the
/// platformer one (movement_flags.cpp), written here once; and the grid report itself, which
/// the WebAssembly package (bindings/wasm) returns from validate() as well.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/analysis.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb::cli {

/// The head of an entry of the report's "objectives": {"kind", "x", "y"}, in that order; each
/// report appends its own fields after these (an ordered_json keeps the order).
nlohmann::ordered_json objective_json(const Objective& o);

/// One entry of the report's "problems": {"kind", "message", "objective"}, the objective's index
/// or null when `objective` is negative (a problem of the whole map).
nlohmann::ordered_json problem_json(std::string_view kind, const std::string& message, int objective);

/// The grid map's report of `catacomb validate --json`: valid, regions, the objectives, the
/// problems, the design metrics (loops, dead ends, chokepoints) and the solver's walkthrough.
nlohmann::ordered_json validation_report_json(const ValidationReport& rep, const MapAnalysis& analysis);

}  // namespace catacomb::cli
