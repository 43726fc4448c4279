#pragma once
/// What each cell of a side-view map is to a body: the one home of the standing, hanging and
/// fitting rules, used by the navigation graph, the jump arcs, the validator, the generator and
/// the pictures.
///
/// Side view: x is the column, y the row, y grows downward and gravity pulls down. Terrain::Wall
/// ('#') is solid; Terrain::Ladder ('H') is a ladder; Terrain::Platform ('-') is a one-way
/// platform; every other terrain ('.' and the rest) is air. Outside the map counts as solid.
///
/// A body of height B at foot cell (x, y) occupies (x, y - B + 1) .. (x, y).
/// - fits(x, y): every cell the body occupies is inside the map and not solid (ladders and
///   platforms never block a body: platforms are passed upward, and downward by dropping).
/// - stands(x, y): fits, and the cell below is solid (or the map's bottom edge), a platform, or
///   a ladder (the top of a ladder is stood on, and so is a rung with more ladder below it: a
///   body on a ladder can jump off it; see move_rules.hpp).
/// - hangs(x, y): fits and the foot cell is a ladder.
/// - node(x, y): stands or hangs: the cells where a body can be at rest.
#include <catacomb/export.hpp>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// A read-only view of a side-view map for one body height. Holds a reference to the tiles,
/// which must outlive it. Cheap to copy.
class SideView {
 public:
  /// Throws InvalidArgument unless 1 <= body_height <= 2.
  SideView(const Grid<Terrain>& tiles, int body_height);

  int width() const { return tiles_->width(); }
  int height() const { return tiles_->height(); }
  int body_height() const { return body_; }
  const Grid<Terrain>& tiles() const { return *tiles_; }

  bool in_bounds(int x, int y) const { return tiles_->in_bounds(Point{x, y}); }
  /// Wall, or outside the map.
  bool solid(int x, int y) const { return !in_bounds(x, y) || (*tiles_)(x, y) == Terrain::Wall; }
  bool ladder(int x, int y) const { return in_bounds(x, y) && (*tiles_)(x, y) == Terrain::Ladder; }
  bool platform(int x, int y) const { return in_bounds(x, y) && (*tiles_)(x, y) == Terrain::Platform; }

  bool fits(int x, int y) const {
    for (int k = 0; k < body_; ++k)
      if (solid(x, y - k)) return false;
    return true;
  }
  bool stands(int x, int y) const {
    return fits(x, y) && (solid(x, y + 1) || platform(x, y + 1) || ladder(x, y + 1));
  }
  bool hangs(int x, int y) const { return ladder(x, y) && fits(x, y); }
  bool node(int x, int y) const { return stands(x, y) || hangs(x, y); }

  bool fits(Point p) const { return fits(p.x, p.y); }
  bool stands(Point p) const { return stands(p.x, p.y); }
  bool hangs(Point p) const { return hangs(p.x, p.y); }
  bool node(Point p) const { return node(p.x, p.y); }

 private:
  const Grid<Terrain>* tiles_;
  int body_;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
