#pragma once
// Internal (not installed): what a mission layout has claimed while it places rooms, so that the
// edge closing a cycle of the mission can be routed when its second room is placed, and the room
// moved elsewhere when it cannot (template_placement.cpp). The corridors routed here follow the
// rules the corridors dug later follow (template_join.cpp), only stricter: a route enters no room,
// keeps a cell from every room but the two it joins (whole rectangles, not just their open cells)
// and a cell from every lane and route planned before it.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/generator/corridors.hpp>
#include "socket_router.hpp"

namespace catacomb::detail {

class ClaimMap {
 public:
  ClaimMap(int width, int height);
  /// Room `id` stands on `r`: its cells are closed to every route, the ring round it to every
  /// route but its own.
  void add_room(int id, const Rect& r);
  /// Corridor cells planned (a lane, or a segment of a route): closed to every other route, and
  /// the ring round them too.
  void add_lane(const Rect& r);
  /// The outside cell of a free socket of a room with passages still to come (`delta` +1), or no
  /// longer (-1): routes keep a cell from it, but those that start or end beside it.
  void add_front(Point outside, int delta);
  /// A route between the outside cells `from` (of a socket of room `a`, or of the room about to be
  /// placed when a is -1: `candidate`, with its planned lanes `extra` and the outside cells of its
  /// free sockets `fronts`) and `to` (of a socket of room `b`), within `box`, under `dig` over
  /// `tiles`. Empty when there is none.
  std::vector<Point> route(const Grid<Terrain>& tiles, int a, int b, Point from, Point to, const Rect& box,
                           const Rect& candidate, const std::vector<Rect>& extra, const std::vector<Point>& fronts,
                           const DigCosts& dig);
  /// Whether a corridor could still leave `box` from cell `from` (the outside cell of a socket of
  /// room `room`, -1 for `candidate`) under the claims, `candidate` and `extra`: a flood inside the
  /// box, O(box area). A route that closes a ring round a room with passages still to come fails
  /// this for every free socket of that room.
  bool escapes(Point from, int room, const Rect& box, const Rect& candidate, const std::vector<Rect>& extra);
  /// Whether a route between rooms a and b may use cell `p` (see route).
  bool open(Point p, int a, int b, const Rect& candidate, const std::vector<Rect>& extra) const;
  /// The claims as they stand, for undo: every change since is journalled.
  size_t mark() const noexcept { return journal_.size(); }
  /// Takes back every claim made since `mark` (rooms, lanes, fronts), newest first.
  void undo(size_t mark);

 private:
  enum class Layer : uint8_t { Closed, Ring, Fronts };
  struct Change {
    Layer layer;
    uint32_t at;  // y * width + x
    int32_t old;
  };
  void set(Layer layer, int x, int y, int32_t value);
  std::vector<Change> journal_;
  static constexpr int32_t kNobody = -1, kMany = -2;
  Grid<uint8_t> closed_;  // inside a room, or within a cell of a lane
  Grid<int32_t> ring_;    // the room whose ring the cell is in (kNobody, kMany)
  Grid<uint8_t> fronts_;  // free socket fronts within a cell (a count)
  RouterScratch scratch_;
  Grid<uint32_t> seen_;  // flood marks: the flood's stamp
  uint32_t stamp_ = 0;
  std::vector<Point> queue_;
};

/// The straight runs of a 4-connected route, as rectangles one cell wide.
std::vector<Rect> route_segments(const std::vector<Point>& route);

}  // namespace catacomb::detail
