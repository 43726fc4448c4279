// Map analysis: dead ends, chokepoints and loops in linear passes over one padded byte grid.
//
// The map is copied into a grid padded with one ring of "edge" cells, so that neighbour offsets
// are constants and no pass tests bounds. One byte of flags per cell records what each pass
// learns (passable, reached, objective, ...).
//
// Which graph: the analysis works on orthogonal moves only, unless the policy is Always. Under
// NoCornerCut and OneFree a legal diagonal step always has a passable corner cell between its
// ends, so its ends are already joined through that corner, and walling up the corner (when it
// was the only free one) takes the diagonal step away with it. Removing a cell therefore cuts
// exactly what it cuts in the 4-neighbour graph, while the diagonal edges of the 8-neighbour
// graph would wrongly survive the removal of their corner. Under Always a diagonal step needs no
// corner: the 8-neighbour graph is the right one. Legal moves are symmetric under every policy,
// so either graph (G below) is undirected.
//
// Pass 1, T and the chokepoints (analysis_chokepoints.hpp): the cells of the report's routes,
// the components of the open cells off them, and the articulation points of the small graph of
// both; the cells the start reaches. Pass 2, row-major: dead ends (reached cells with exactly
// one legal move, under the move rule of pathing/moves.hpp as the router applies it; candidates
// are the cells with at most one passable orthogonal neighbour, 8 cells a word) and chokepoints
// read off the flags, so both lists are sorted. Pass 3, loops (analysis_loops.hpp): the
// 8-connected impassable areas that touch neither the edge ring nor any passable cell the start
// does not reach. Then the dead-end rooms, from the rings of cells around the rooms.
//
// Passes 1 to 3 (and the flags) work in two bands of rows, the upper and the lower half: each
// band numbers its runs from 0 and unites them row by row, then the lower band's runs are
// numbered on from the upper's and the runs of the two rows at the seam are united. With
// ValidateOptions::threads of 2 or more and 1M cells or more, each band is one thread's (they
// write only their own rows' flags and their own lists); else they run one after the other.
// The same answers either way.
//
// Complexity: O(cells) time. Memory: 1 byte per cell (the flags) plus 16 bytes per run of
// passable cells off T (its columns, its union-find parent, its root) and O(|T|) for H; then
// 4 bytes per wall run (at most 2 per cell). Determinism: integers only.
#include <catacomb/validate/analysis.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <optional>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/moves.hpp>
#include "shared/core/large_pages.hpp"
#include "shared/core/two_threads.hpp"
#include "validate/analysis/analysis_chokepoints.hpp"
#include "validate/analysis/analysis_grid.hpp"
#include "validate/analysis/analysis_loops.hpp"

namespace catacomb {

using namespace detail::analysis;

namespace {

// A report that kept its maps says which map it is for; the analysis itself needs no labels.
void check_report_size(const ValidationReport& report, int w, int h) {
  if (report.region_map) {
    const Grid<int32_t>& labels = report.region_map->labels;
    if (labels.width() != w || labels.height() != h)
      throw InvalidArgument(FieldProblem{
          "report",
          "the report of a " + std::to_string(labels.width()) + "x" + std::to_string(labels.height()) + " map",
          "the report of this " + std::to_string(w) + "x" + std::to_string(h) + " map"});
  }
}

// The padded flags: kPassable on the map's passable cells, kEdge on the ring (in two bands).
void fill_flags(const Grid<Terrain>& tiles, const ValidateOptions& options, size_t pw, size_t n, bool two,
                std::vector<uint8_t>& flags) {
  const int w = tiles.width(), h = tiles.height();
  std::array<uint8_t, kTerrainCount> passable{};
  for (Terrain t : kAllTerrains) passable[static_cast<size_t>(t)] = options.costs.passable(t) ? kPassable : 0;
  detail::reserve_large(flags, n);
  flags.assign(n, kEdge);
  detail::in_two(two, [&](int band) {
    for (int y = band == 0 ? 0 : h / 2; y < (band == 0 ? h / 2 : h); ++y) {
      const Terrain* row = tiles.row(y);
      uint8_t* f = flags.data() + padded_index(pw, 0, y);
      for (int x = 0; x < w; ++x) f[x] = passable[static_cast<size_t>(row[x])];
    }
  });
}

// Pass 2: the lists, row-major, 8 cells at a time. A dead end has at most one passable
// orthogonal neighbour (each is a legal move): only those cells of the start's are looked at.
// Pass 3's bands of rows go with it: each thread takes one band of both (the lists of the
// upper band come first, so they stay row-major).
void list_cells_and_walls(const std::vector<uint8_t>& flags, size_t pw, size_t ph, int w, int h,
                          const ValidateOptions& options, bool two, MapAnalysis& out, WallBand (&walls)[2]) {
  ptrdiff_t offset[8];
  padded_offsets(pw, offset);
  auto pidx = [pw](int x, int y) { return padded_index(pw, x, y); };
  const std::array<uint8_t, 256>& legal_table = kLegalMoves[static_cast<size_t>(effective_diagonal(options.moves))];
  auto dead_end = [&](size_t i) {
    const uint8_t legal = legal_moves_at(flags, i, offset, legal_table);
    return legal != 0 && (legal & (legal - 1)) == 0;  // one move
  };
  auto word = [&](size_t i) {
    uint64_t v;
    std::memcpy(&v, flags.data() + i, 8);
    return v;
  };
  std::vector<Point> dead_ends[2], chokepoints[2];
  const int row_mid = h / 2;
  const size_t wall_mid = 1 + (ph - 2) / 2;
  detail::in_two(two, [&](int band) {
    for (int y = band == 0 ? 0 : row_mid; y < (band == 0 ? row_mid : h); ++y) {
      const size_t row = pidx(0, y);
      for (int x0 = 0; x0 < w; x0 += 8) {
        const int x1 = std::min(x0 + 8, w);
        const size_t i0 = row + static_cast<size_t>(x0);
        if (x1 - x0 == 8) {  // reads up to the row's right pad
          const uint64_t here = word(i0);
          const uint64_t sides = (word(i0 + 1) & kByteOnes) + (word(i0 - 1) & kByteOnes) + (word(i0 - pw) & kByteOnes) +
                                 (word(i0 + pw) & kByteOnes);               // 0 to 4 in each byte
          const uint64_t few = ~((sides >> 1) | (sides >> 2)) & kByteOnes;  // at most one
          if (!((here >> 1) & few & kByteOnes) && !(here & (kByteOnes * kChokepoint))) continue;
        }
        for (int x = x0; x < x1; ++x) {
          const size_t i = row + static_cast<size_t>(x);
          if ((flags[i] & kReached) && dead_end(i)) dead_ends[band].push_back({x, y});
          if (flags[i] & kChokepoint) chokepoints[band].push_back({x, y});
        }
      }
    }
    // Pass 3 (below, analysis_loops.hpp): this band's wall runs.
    wall_band(flags.data(), pw, band == 0 ? 1 : wall_mid, band == 0 ? wall_mid : ph - 1, walls[band]);
  });
  for (int band = 0; band < 2; ++band) {
    out.dead_ends.insert(out.dead_ends.end(), dead_ends[band].begin(), dead_ends[band].end());
    out.chokepoints.insert(out.chokepoints.end(), chokepoints[band].begin(), chokepoints[band].end());
  }
}

// Dead-end rooms: walk the ring around each room once (clockwise, in the padded grid, whose
// edge cells are never reached) and count the runs of reached cells; a ring reached all round
// is a room open on every side, not a dead end. O(room perimeters) time.
int count_dead_end_rooms(const std::vector<uint8_t>& flags, size_t pw, const std::vector<Rect>& rooms, int w, int h) {
  auto pidx = [pw](int x, int y) { return padded_index(pw, x, y); };
  int dead_end_rooms = 0;
  for (const Rect& r : rooms) {
    if (r.width < 1 || r.height < 1 || r.x < 0 || r.y < 0 || r.x + r.width > w || r.y + r.height > h) continue;
    if (!(flags[pidx(r.x, r.y)] & kReached)) continue;
    std::vector<size_t> ring;
    for (int x = r.x - 1; x <= r.x + r.width; ++x) ring.push_back(pidx(x, r.y - 1));
    for (int y = r.y; y < r.y + r.height; ++y) ring.push_back(pidx(r.x + r.width, y));
    for (int x = r.x + r.width; x >= r.x - 1; --x) ring.push_back(pidx(x, r.y + r.height));
    for (int y = r.y + r.height - 1; y >= r.y; --y) ring.push_back(pidx(r.x - 1, y));
    int runs = 0;
    for (size_t k = 0; k < ring.size(); ++k) {
      const bool on = (flags[ring[k]] & kReached) != 0;
      const bool before = (flags[ring[(k + ring.size() - 1) % ring.size()]] & kReached) != 0;
      if (on && !before) ++runs;
    }
    if (runs == 1) ++dead_end_rooms;
  }
  return dead_end_rooms;
}

}  // namespace

MapAnalysis analyse_map(const Dungeon& d, const ValidationReport& report) {
  return analyse_map(d, report, map_rules(d));
}

MapAnalysis analyse_map(const Dungeon& d, const ValidationReport& report, const ValidateOptions& options) {
  options.moves.check();
  if (options.threads < 1)
    throw InvalidArgument(FieldProblem{"threads", std::to_string(options.threads), "at least 1"});
  const Grid<Terrain>& tiles = d.tiles;
  const int w = tiles.width(), h = tiles.height();
  check_report_size(report, w, h);
  MapAnalysis out;
  if (w == 0 || h == 0) return out;

  // Padded layout: cell (x, y) is at (y + 1) * pw + (x + 1). At most 16386^2 < 2^32 cells.
  const size_t pw = static_cast<size_t>(w) + 2, ph = static_cast<size_t>(h) + 2;
  const size_t n = pw * ph;
  const bool two = options.threads > 1 && n >= detail::kTwoThreadCells;
  std::vector<uint8_t> flags;
  fill_flags(tiles, options, pw, n, two, flags);

  // The start, chosen as validation chooses it: the first objective of kind start.
  const std::optional<Point> start = d.find(ObjectiveKind::Start);
  const bool usable_start = start && tiles.in_bounds(*start) &&
                            (flags[padded_index(pw, start->x, start->y)] & kPassable);

  // Pass 1: T, the chokepoints and the cells the start reaches (analysis_chokepoints.hpp).
  if (usable_start) mark_chokepoints(flags, pw, d, report, *start, options.moves, two);
  // Pass 2, and pass 3's wall runs.
  WallBand walls[2];
  if (usable_start) list_cells_and_walls(flags, pw, ph, w, h, options, two, out, walls);
  out.dead_end_rooms = count_dead_end_rooms(flags, pw, d.rooms, w, h);

  // Pass 3: wall areas. Without a usable start nothing is reached, and every wall area off the
  // edge borders some passable cell, so there is no loop to find.
  if (!usable_start) return out;
  out.loops = join_wall_bands(walls[0], walls[1]);
  return out;
}

}  // namespace catacomb
