#pragma once
// Internal (not installed): where one node of a mission layout goes (mission_spots.cpp), for the
// layout that places the nodes in turn and takes them back (template_mission.cpp).
#include <array>
#include <optional>
#include <vector>

#include "mission_routes.hpp"
#include "template_common.hpp"

namespace catacomb::detail {

// Each template's orientations, made once per layout (a try then copies, never turns, a grid).
class Orientations {
 public:
  const RoomTemplate& get(const RoomTemplate& base, int index, int o) {
    if (index < 0) {  // a generated room: one of its own
      scratch_ = oriented(base, o);
      return scratch_;
    }
    if (cache_.size() <= static_cast<size_t>(index)) cache_.resize(static_cast<size_t>(index) + 1);
    auto& slot = cache_[static_cast<size_t>(index)][static_cast<size_t>(o)];
    if (!slot) slot = oriented(base, o);
    return *slot;
  }

 private:
  std::vector<std::array<std::optional<RoomTemplate>, kOrientations>> cache_;
  RoomTemplate scratch_;
};

// What placing one node changed outside what it appended, to take it back: the sockets of earlier
// rooms it took (room, socket, edge before) and the socket fronts it flipped (room, socket).
struct Undo {
  size_t claims = 0, lanes = 0, routes = 0;
  std::vector<std::array<int, 3>> sockets;
  std::vector<std::array<int, 2>> fronts;
};

// Node v's room beside a room it joins, with its lane and the corridors that close its cycles
// (mission_spots.cpp); false, and nothing changed, when no spot is found.
bool place_node(TemplatePlan& plan, const Mission& m, int v, int via, const RoomTemplate& base, int index,
                const std::vector<int>& room_of, const TemplateLayoutConfig& config, Orientations& turns,
                ClaimMap& claims, Undo& undo, Rng& rng);
// Keeps the fronts of placed room i's free sockets claimed while its node has edges to rooms not
// placed yet (`stamped`: per room and socket, whether it is claimed).
void refront(const TemplatePlan& plan, const Mission& m, int i, const std::vector<int>& room_of,
             std::vector<std::vector<bool>>& stamped, ClaimMap& claims, Undo& undo);

}  // namespace catacomb::detail
