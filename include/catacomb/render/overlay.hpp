#pragma once
/// Search pictures and the drawing helpers previews share (region colours, paths). The
/// validation and design overlays are in io/annotate.hpp.
#include <catacomb/export.hpp>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/validate/validate.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// A distinct colour for region label `label` (a fixed palette, cycled).
Rgb region_colour(int32_t label);

/// Draws `path` as a line through the centres of its cells (1 pixel wide, 2 from scale 8).
void draw_path(Image& img, const std::vector<Point>& path, int scale, Rgb colour);

/// The tutorial's demo picture: visited cells tinted blue, the frontier left at the end tinted
/// orange, the path drawn as a line, and the start and goal marked.
Image render_search(const Dungeon& d, const std::vector<Point>& visited, const std::vector<Point>& frontier,
                    const std::vector<Point>& path, Point start, Point goal, int scale = 4);

}  // namespace catacomb
CATACOMB_PUBLIC_END
