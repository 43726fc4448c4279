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

  /// Columns of the map. [Units: cells]
  int width() const { return tiles_->width(); }
  /// Rows of the map. [Units: cells]
  int height() const { return tiles_->height(); }
  /// Tiles the body occupies, 1 or 2.
  int body_height() const { return body_; }
  /// The viewed map.
  const Grid<Terrain>& tiles() const { return *tiles_; }

  /// True when (x, y) lies on the map.
  bool in_bounds(int x, int y) const { return tiles_->in_bounds(Point{x, y}); }
  /// Wall, or outside the map.
  bool solid(int x, int y) const { return !in_bounds(x, y) || (*tiles_)(x, y) == Terrain::Wall; }
  /// A ladder tile (false outside the map).
  bool ladder(int x, int y) const { return in_bounds(x, y) && (*tiles_)(x, y) == Terrain::Ladder; }
  /// A one-way platform tile (false outside the map).
  bool platform(int x, int y) const { return in_bounds(x, y) && (*tiles_)(x, y) == Terrain::Platform; }

  /// The body, its foot at (x, y), fits: none of its cells is solid (outside the map is).
  bool fits(int x, int y) const {
    for (int k = 0; k < body_; ++k)
      if (solid(x, y - k)) return false;
    return true;
  }
  /// The body fits and stands on something: the cell below is solid (the map's bottom edge
  /// included), a platform or a ladder.
  bool stands(int x, int y) const { return fits(x, y) && (solid(x, y + 1) || platform(x, y + 1) || ladder(x, y + 1)); }
  /// The body fits and its foot cell is a ladder.
  bool hangs(int x, int y) const { return ladder(x, y) && fits(x, y); }
  /// A node: the body stands or hangs there, at rest.
  bool node(int x, int y) const { return stands(x, y) || hangs(x, y); }

  /// fits(x, y) at `p`.
  bool fits(Point p) const { return fits(p.x, p.y); }
  /// stands(x, y) at `p`.
  bool stands(Point p) const { return stands(p.x, p.y); }
  /// hangs(x, y) at `p`.
  bool hangs(Point p) const { return hangs(p.x, p.y); }
  /// node(x, y) at `p`.
  bool node(Point p) const { return node(p.x, p.y); }

 private:
  const Grid<Terrain>* tiles_;
  int body_;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
