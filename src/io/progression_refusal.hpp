#pragma once
// Internal to io/: the writers that cannot carry progression (gates, switches, one-way and
// secret doors) refuse a map that has it, naming the first such thing, instead of writing the
// map without it (no silent loss).
#include <string>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>

namespace catacomb::detail {

// Throws InvalidArgument "<format> map = a gate at 3,4 (expected a map without gates, one-way
// doors, secret doors or switches: <format> cannot carry them)" when `d` has progression.
inline void refuse_progression(const Dungeon& d, const std::string& format) {
  if (!d.has_progression()) return;
  std::string what;
  if (!d.doors.empty()) {
    const ProgressionDoor& g = d.doors.front();
    what = "a " + std::string(door_kind_name(g.kind)) + " door at " + to_string(g.pos);
  } else {
    for (const Objective& o : d.objectives)
      if (what.empty() && (o.kind == ObjectiveKind::Switch || o.switch_id != 0))
        what = "a switch at " + to_string(o.pos);
  }
  throw InvalidArgument(
      FieldProblem{format + " map", what,
                   "a map without gates, one-way doors, secret doors or switches: " + format + " cannot carry them"});
}

}  // namespace catacomb::detail
