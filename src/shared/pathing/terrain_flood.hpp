#pragma once
// Floods of one terrain (internal to the library): distance maps under one cost table and move
// rule, with the terrain's legal moves (one byte per cell) worked out once, where the public
// functions of distance_map.hpp work them out on every call. For callers that flood the same
// terrain again and again: objective placement, the walkthrough's steps. The answers are the
// public functions', number for number.
#include <memory>
#include <vector>

#include <catacomb/pathing/distance_map.hpp>

namespace catacomb::detail {

class TerrainFlood {
 public:
  /// Reads `tiles` (kept by reference: it must outlive this object, and change only by cells
  /// made passable and told to opened()) under `costs` and `moves`. Throws InvalidArgument for
  /// bad moves.
  TerrainFlood(const Grid<Terrain>& tiles, const CostTable& costs, const Moves& moves);
  ~TerrainFlood();
  TerrainFlood(TerrainFlood&&) noexcept;
  TerrainFlood& operator=(TerrainFlood&&) noexcept;

  /// After the cell at `p` of the tiles was made passable (a door opened): the legal moves round
  /// it brought up to date, so that every answer is a new TerrainFlood's of the changed tiles.
  /// Throws InvalidArgument for a point off the grid.
  void opened(Point p);
  /// After the cell at `p` of the tiles was made impassable (a gate closed): the legal moves round
  /// it brought up to date. The range of costs the searches scale by stays as it was (a closed
  /// cell can only narrow it), which changes no answer: the distances of map() and near(), and
  /// toward()'s on its routes, are exact under any range that holds every passable cost.
  /// Throws InvalidArgument for a point off the grid.
  void closed(Point p);

  /// distance_map(tiles, costs, sources, moves); on two threads when `threads` > 1 and the map
  /// is large (flood.hpp's flood_threads): the same numbers.
  DistanceMap map(const std::vector<Point>& sources, int threads = 1) const;
  /// add_source(map, tiles, costs, source); on two threads when `threads` > 1 and the map is
  /// large (flood.hpp's flood_threads): the same numbers.
  void add_source(DistanceMap& map, Point source, int threads = 1) const;
  /// distance_map_near(tiles, costs, sources, moves, targets, slack).
  DistanceMap near(const std::vector<Point>& sources, const std::vector<Point>& targets, double slack = 0) const;

  /// A leg's distances, kept from one leg to the next: the cells a leg wrote are cleared for the
  /// next, where a fresh grid (8 bytes per cell) would be filled.
  struct Leg {
    DistanceMap map;
    std::vector<uint32_t> touched;  // the cells of map.dist the last leg wrote,
    bool listed = false;            // when it listed them all (else every cell is cleared)
  };
  /// The distances from `source` toward the nearest of `targets`, in `leg.map`: exact on every
  /// cell of a cheapest route to each target within the nearest's distance plus `slack`, those
  /// targets included; every other cell holds kUnreached or more than its distance (see
  /// pathing/flood/toward.hpp). So descend() from such a target gives near()'s route, and the targets'
  /// order by distance up to the slack is near()'s. An A* for up to 32 passable targets
  /// (impassable and repeated ones are dropped: they never decide where a leg stops), else
  /// near().
  /// Throws InvalidArgument for a point off the grid or a slack that is not finite and >= 0.
  void toward(Leg& leg, Point source, const std::vector<Point>& targets, double slack = 0) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace catacomb::detail
