#pragma once
/// Whether a dungeon keeps the intent of the mission it records (Dungeon::mission): besides being
/// completable (validate.hpp), every node has its room, every edge is a passage between exactly
/// its two rooms with a door of its kind, no passage joins rooms the mission does not join, and
/// each objective stands in the room of its node.
///
/// Passages are found without the generator's help: the open cells outside every room are
/// flooded (8-connected, so a diagonal touch counts as a way), and each such corridor joins the
/// rooms whose open cells it touches (8-adjacent); two rooms whose open cells touch join
/// directly. A locked edge is a passage every way into one of its two rooms is a locked door of
/// its lock; an open edge's passage has no locked door. O(cells + rooms^2).
#include <catacomb/export.hpp>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The mission check's answer.
struct MissionReport {
  /// Every node, edge and objective as the mission says.
  bool satisfied = false;
  /// What is not, one sentence each ("edge hall-crypt: no passage"), in the order of the
  /// mission's nodes, then edges, then passages; empty when satisfied.
  std::vector<std::string> problems;
};

/// Checks `d` against d.mission (satisfied, with no problems, for a dungeon without a mission).
MissionReport check_mission(const Dungeon& d);

}  // namespace catacomb
CATACOMB_PUBLIC_END
