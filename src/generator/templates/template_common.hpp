#pragma once
// Internal (not installed): what both placements of the template layouts share, the free one
// (template_placement.cpp) and the mission's (template_mission.cpp).
#include <string>
#include <vector>

#include <catacomb/generator/template_layout.hpp>

namespace catacomb::detail {

// Picks an index of `candidates` by weight; -1 when there is none.
int pick_weighted(const TemplateSet& set, const std::vector<int>& candidates, Rng& rng);
// Whether template t has a spot for objectives of kind k.
bool has_spot(const RoomTemplate& t, ObjectiveKind k);
// A generated rectangle: floor inside a wall ring, a socket on every edge cell but the corners.
RoomTemplate generated_room(int inner_w, int inner_h);
// Whether a and b come within `gap` cells of each other.
bool overlaps(const Rect& a, const Rect& b, int gap);
// Whether room rect `r` fits: on the map, `gap` from every room and a cell from every lane.
bool fits(const Rect& r, int width, int height, const std::vector<PlacedTemplate>& placed,
          const std::vector<Rect>& lanes = {}, int gap = kTemplateGap);
// One of the orientations t allows, at random.
int random_orientation(const RoomTemplate& t, Rng& rng);
// Paints p's tiles and adds it to the plan, its sockets unused.
void put(TemplatePlan& plan, PlacedTemplate p);
// A random free spot for `base` anywhere on the map (within its middle half when `central`);
// false when `tries` found none.
bool place_anywhere(TemplatePlan& plan, const RoomTemplate& base, int index, const TemplateLayoutConfig& config,
                    Rng& rng, bool central = false);
// The templates (by index in `set`) that may stand for node `v` of `m`: its type, all its tags,
// sockets for its edges, and fewer of them placed (`counts`, per template) than their max.
std::vector<int> node_candidates(const Mission& m, int v, const TemplateSet& set, const std::vector<int>& counts);
// With a mission: one room per node, breadth-first from the start's (template_mission.cpp); sets
// plan.why when a node finds no place.
void place_mission(TemplatePlan& plan, const TemplateSet& set, const Mission& m, const TemplateLayoutConfig& config,
                   Rng& rng);

}  // namespace catacomb::detail
