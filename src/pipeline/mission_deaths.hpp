#pragma once
// Internal (not installed): where a mission's attempts died, counted across the attempts of one
// generate_dungeon call (the node whose room found no place, or the edge that found no corridor),
// so that the GenerationError after the last attempt names the node or edge most attempts died at,
// with the shortest cycle of the mission through it: what a designer should change. Counts only
// what the layout reports (TemplatePlan::failed_node, failed_edge), whatever algorithm places the
// rooms.
#include <string>
#include <vector>

#include <catacomb/core/mission.hpp>

namespace catacomb {

struct MissionDeaths {
  explicit MissionDeaths(const Mission* m);
  // One attempt died at `node` or `edge` (-1 for neither: nothing is counted).
  void count(int node, int edge);
  // "; attempts died most at node d (type boss, 3 edges): 14 of 20, on the cycle d, a, b"; "" when
  // no attempt was counted.
  std::string most(int attempts) const;

  const Mission* mission = nullptr;
  std::vector<int> nodes, edges;  // attempts died, per node and per edge
};

// The nodes of a shortest cycle of `m` through node v, from v (v not repeated at the end); empty
// when v is on no cycle. Breadth-first per edge at v: O(edges at v x (nodes + edges)).
std::vector<int> shortest_cycle_through(const Mission& m, int v);

}  // namespace catacomb
