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
  /// Reads `tiles` (kept by reference: it must outlive this object, unchanged) under `costs`
  /// and `moves`. Throws InvalidArgument for bad moves.
  TerrainFlood(const Grid<Terrain>& tiles, const CostTable& costs, const Moves& moves);
  ~TerrainFlood();
  TerrainFlood(TerrainFlood&&) noexcept;
  TerrainFlood& operator=(TerrainFlood&&) noexcept;

  /// distance_map(tiles, costs, sources, moves).
  DistanceMap map(const std::vector<Point>& sources) const;
  /// add_source(map, tiles, costs, source).
  void add_source(DistanceMap& map, Point source) const;
  /// distance_map_near(tiles, costs, sources, moves, targets, slack).
  DistanceMap near(const std::vector<Point>& sources, const std::vector<Point>& targets, double slack = 0) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace catacomb::detail
