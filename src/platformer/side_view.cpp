// SideView's constructor: the body height is checked here; the standing and clearance tests
// themselves are inline in side_view.hpp.
#include <catacomb/platformer/side_view.hpp>

#include <string>

#include <catacomb/core/error.hpp>

namespace catacomb {

SideView::SideView(const Grid<Terrain>& tiles, int body_height) : tiles_(&tiles), body_(body_height) {
  if (body_height < 1 || body_height > 2)
    throw InvalidArgument(FieldProblem{"body_height", std::to_string(body_height), "1 or 2"});
}

}  // namespace catacomb
