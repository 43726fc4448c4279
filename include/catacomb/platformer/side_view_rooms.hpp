#pragma once
/// Side-view room templates for the platformer generator: its built-in set, and how a room of the
/// room grid picks one by its role on the level's route (core/room_templates.hpp has the model;
/// `catacomb generate --generator platformer --templates SET` takes a set drawn in Tiled with the
/// map property view = side).
///
/// Roles, as Spelunky names its room types: "lr" (on the route, entered and left sideways),
/// "drop" (left through a hole in its floor), "climb" (entered through a hole in its floor, from
/// below: a ladder up into it), "side" (off the route). A room takes a template of its role, else
/// of type "any"; a template no larger than the room's inside, stood on its floor at a random
/// column, mirrored at random where it allows. The ladders and doorways the grid opens stay open
/// whatever the template draws there (a template's wall never closes a link).
#include <catacomb/export.hpp>
#include <string_view>

#include <catacomb/core/room_templates.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The built-in side-view set ("side-view", 9 x 7 rooms: the inside of the default 10 x 8 room
/// pitch): a few templates of each role, drawn for the default movement model (jump height 3,
/// body height 1). The same set is in examples/templates/side-view.tmj, drawn in Tiled.
const TemplateSet& default_side_view_rooms();

/// "lr", "drop", "climb", "side".
inline constexpr std::string_view kSideViewRoles[] = {"lr", "drop", "climb", "side"};

}  // namespace catacomb
CATACOMB_PUBLIC_END
