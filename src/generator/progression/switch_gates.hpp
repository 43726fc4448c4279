#pragma once
// Internal (generator): the cells of switch gates, for place_switches (progression_doors.cpp):
// which cells objectives and doors hold, what the player reaches with some cells shut, and caves'
// gates of a few cells round a chokepoint.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/pathing/moves.hpp>

namespace catacomb::detail {

// For every cell, whether it holds an objective, a locked door or a progression door
// (occupied) and whether such a door lies within 1 cell (Chebyshev) of it (near_door(d, p, 1)):
// worked out once (O(cells)) for the many cells a gate's search asks about.
class Taken {
 public:
  explicit Taken(const Dungeon& d) : bits_(d.tiles.width(), d.tiles.height(), 0) {
    auto door = [&](Point p) {
      if (!bits_.in_bounds(p)) return;
      bits_[p] |= kHeld;
      for (int y = p.y - 1; y <= p.y + 1; ++y)
        for (int x = p.x - 1; x <= p.x + 1; ++x)
          if (bits_.in_bounds({x, y})) bits_[{x, y}] |= kNearDoor;
    };
    for (const LockedDoor& l : d.locks) door(l.pos);
    for (const ProgressionDoor& g : d.doors) door(g.pos);
    for (const Objective& o : d.objectives)
      if (bits_.in_bounds(o.pos)) bits_[o.pos] |= kHeld;
  }
  bool occupied(Point p) const { return (bits_[p] & kHeld) != 0; }
  // The cells free of objectives and doors among the reached floor (`reached`: 1 per cell):
  // counted in one branch-free pass, which the compiler makes wide.
  size_t free_floor(const Grid<uint8_t>& reached, const Grid<Terrain>& tiles) const {
    return count_free_floor(reached, tiles, 0, reached.size());
  }
  // The cell index of the k-th (from 0, row-major) of those cells: blocks of them counted whole
  // until the block that holds it. k must be below free_floor().
  size_t nth_free_floor(const Grid<uint8_t>& reached, const Grid<Terrain>& tiles, size_t k) const {
    constexpr size_t kBlock = 256;
    size_t i = 0;
    for (;; i += kBlock) {
      const size_t n = count_free_floor(reached, tiles, i, std::min(reached.size(), i + kBlock));
      if (k < n) break;
      k -= n;
    }
    for (;; ++i)
      if (count_free_floor(reached, tiles, i, i + 1) == 1 && k-- == 0) return i;
  }
  bool near_door(Point p) const { return (bits_[p] & kNearDoor) != 0; }

 private:
  static constexpr uint8_t kHeld = 1, kNearDoor = 2;
  size_t count_free_floor(const Grid<uint8_t>& reached, const Grid<Terrain>& tiles, size_t from, size_t to) const {
    const uint8_t* r = reached.cells().data();
    const Terrain* t = tiles.cells().data();
    const uint8_t* b = bits_.cells().data();
    size_t n = 0;
    for (size_t i = from; i < to; ++i)
      n += static_cast<size_t>((r[i] != 0) & (t[i] == Terrain::Floor) & ((b[i] & kHeld) == 0));
    return n;
  }
  Grid<uint8_t> bits_;
};

// The cells the player reaches from `start` with the cells of `shut` closed: a locked door opens
// once a key of its lock lies in what is reached, a gate once a switch of its id does (either
// switch state: the player may toggle it), a one-way door is passed either way (an
// over-estimate the validator's solver settles). 1 per reached cell. See switch_gates.cpp.
Grid<uint8_t> closure(const Dungeon& d, const Grid<uint8_t>& open, const Moves& moves, Point start,
                      const std::vector<Point>& shut);

// Caves: up to `want` gates of a few cells (at most 9) across chokepoints of `route` (from the
// start) that have no single cell that cuts, each at another chokepoint. `open` (1 for a passable
// cell) is closed in and opened again during the search. See switch_gates.cpp.
std::vector<std::vector<Point>> square_cuts(const Taken& taken, Grid<uint8_t>& open, const Moves& moves,
                                            const std::vector<Point>& route, size_t want, Rng& rng);

}  // namespace catacomb::detail
