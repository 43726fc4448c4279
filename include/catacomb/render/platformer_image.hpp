#pragma once
/// Pictures of side-view levels: a route with its jump arcs, and the navigation graph with the
/// softlock areas shaded. Both start from the plain preview (render_preview) at `scale` pixels
/// per tile. Move colours: walk white, climb green, fall and drop blue, jump orange; every move
/// is drawn through the centres of the cells its foot passes (move_cells), so a jump shows its
/// arc: up, across, down.
#include <catacomb/export.hpp>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/platformer/level_check.hpp>
#include <catacomb/platformer/nav_graph.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The colour a move of kind `k` is drawn in.
Rgb move_colour(MoveKind k);

/// The preview with the route's moves drawn on it and the first and last cells marked (start
/// green, goal red). Throws InvalidArgument for a bad scale.
Image render_platformer_route(const Dungeon& d, const std::vector<Move>& moves, int scale = 4);

/// The preview with every node as a dot and every edge of the graph drawn (jump arcs blended
/// at 40 %, then falls and drops, then walks and climbs), and the cells of each softlock area shaded red. `report` may
/// be null (no shading). Throws InvalidArgument for a bad scale.
Image render_nav_graph(const Dungeon& d, const NavGraph& graph, const PlatformerReport* report, int scale = 4);

}  // namespace catacomb
CATACOMB_PUBLIC_END
