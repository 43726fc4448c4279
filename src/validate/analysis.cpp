// Map analysis: dead ends, chokepoints and loops in three linear passes over one padded byte grid.
//
// The map is copied into a grid padded with one ring of "edge" cells, so that neighbour offsets
// are constants and no pass tests bounds. One byte of flags per cell records what each pass
// learns (passable, reached, objective, ...).
//
// Pass 1, an iterative Tarjan DFS from the start (no recursion: maps go up to 16384x16384, and a
// serpentine cave makes the DFS as deep as the cave is large). Each cell gets its discovery time
// and low link; the moves out of a cell are computed when it is reached and consumed one bit at a
// time as the DFS resumes it, so the stack holds only cell indices. A reached cell with exactly
// one legal move (the move rule of pathing/moves.hpp, as the router applies it) is a dead end.
//
// Which graph: the DFS walks orthogonal moves only, unless the policy is Always. Under
// NoCornerCut and OneFree a legal diagonal step always has a passable corner cell between its
// ends, so its ends are already joined through that corner, and walling up the corner (when it
// was the only free one) takes the diagonal step away with it. Removing a cell therefore cuts
// exactly what it cuts in the 4-neighbour graph, while the diagonal edges of the 8-neighbour
// graph would wrongly survive the removal of their corner. Under Always a diagonal step needs no
// corner: the 8-neighbour graph is the right one. Legal moves are symmetric under every policy,
// so either graph is undirected.
//
// Chokepoints: when a child c of v is finished, v separates c's subtree from the start exactly
// when low[c] >= disc[v]; v is then a chokepoint if that subtree holds an objective. That flag
// ("the subtree holds an objective") is passed up as children finish: the same as walking the
// DFS-tree parent chain from each objective to the start and testing every (ancestor, child) pair
// on it, without storing parents. The tree edge back to the parent is not skipped, which is
// harmless for articulation points (it only lowers low[c] to disc[v], and the test is >=).
//
// Pass 2, row-major: dead ends and chokepoints read off the flags, so both lists are sorted.
// Pass 3, an iterative 8-connected flood of each impassable area, noting whether it touches the
// edge ring or any passable cell the DFS did not reach.
//
// Complexity: O(cells) time. Memory: 6 bytes per cell (flags, untried moves, discovery time) plus
// 8 bytes per level of DFS stack depth (the cell and its low link), or 4 per cell of the largest
// wall area. Determinism: integers
// only.
#include <catacomb/validate/analysis.hpp>

#include <algorithm>
#include <optional>
#include <array>
#include <bit>
#include <cstddef>
#include <memory>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/moves.hpp>

namespace catacomb {
namespace {

enum : uint8_t {
  kPassable = 1u << 0,
  kReached = 1u << 1,     // visited by the DFS from the start
  kObjective = 1u << 2,   // an objective (the start's own cell excepted)
  kHoldsGoal = 1u << 3,   // the DFS subtree of this cell holds an objective
  kWallSeen = 1u << 4,    // visited by the wall flood
  kEdge = 1u << 5,        // the padding ring around the map
  kDeadEnd = 1u << 6,
  kChokepoint = 1u << 7,
};

// A cell on the DFS stack and its low link. A cell's low link is read only while the cell is on
// the stack (a finished cell passes it to its parent; an edge to a cell already reached reads that
// cell's discovery time), so it lives in the stack, not in a per-cell array.
struct Frame {
  uint32_t cell;
  uint32_t low;
};

// Bits of the legal moves out of padded cell i (bit d = direction d of kDirections): the move
// rule's table for the cell's passable neighbours.
uint8_t legal_moves_at(const std::vector<uint8_t>& flags, size_t i, const ptrdiff_t (&offset)[8],
                       const std::array<uint8_t, 256>& legal) {
  unsigned open = 0;
  for (int d = 0; d < 8; ++d)
    open |= static_cast<unsigned>(flags[static_cast<size_t>(static_cast<ptrdiff_t>(i) + offset[d])] & kPassable) << d;
  return legal[open];
}

}  // namespace

MapAnalysis analyse_map(const Dungeon& d, const ValidationReport& report, const ValidateOptions& options) {
  options.moves.check();
  const Grid<Terrain>& tiles = d.tiles;
  const int w = tiles.width(), h = tiles.height();
  // A report that kept its maps says which map it is for; the analysis itself needs no labels.
  if (report.region_map) {
    const Grid<int32_t>& labels = report.region_map->labels;
    if (labels.width() != w || labels.height() != h)
      throw InvalidArgument(FieldProblem{
          "report", "the report of a " + std::to_string(labels.width()) + "x" + std::to_string(labels.height()) + " map",
          "the report of this " + std::to_string(w) + "x" + std::to_string(h) + " map"});
  }
  MapAnalysis out;
  if (w == 0 || h == 0) return out;

  // Padded layout: cell (x, y) is at (y + 1) * pw + (x + 1). At most 16386^2 < 2^32 cells.
  const size_t pw = static_cast<size_t>(w) + 2, ph = static_cast<size_t>(h) + 2;
  const size_t n = pw * ph;
  auto pidx = [pw](int x, int y) { return (static_cast<size_t>(y) + 1) * pw + static_cast<size_t>(x) + 1; };
  ptrdiff_t offset[8];
  for (int k = 0; k < 8; ++k)
    offset[k] = static_cast<ptrdiff_t>(kDirections[k].y) * static_cast<ptrdiff_t>(pw) + kDirections[k].x;

  std::array<uint8_t, kTerrainCount> passable{};
  for (Terrain t : kAllTerrains) passable[static_cast<size_t>(t)] = options.costs.passable(t) ? kPassable : 0;
  std::vector<uint8_t> flags(n, kEdge);
  for (int y = 0; y < h; ++y) {
    const Terrain* row = tiles.row(y);
    uint8_t* f = flags.data() + pidx(0, y);
    for (int x = 0; x < w; ++x) f[x] = passable[static_cast<size_t>(row[x])];
  }

  // The start, chosen as validation chooses it: the first objective of kind start.
  const std::optional<Point> start = d.find(ObjectiveKind::Start);
  const bool usable_start = start && tiles.in_bounds(*start) && (flags[pidx(start->x, start->y)] & kPassable);

  if (usable_start) {
    const size_t root = pidx(start->x, start->y);
    for (const Objective& o : d.objectives) {
      if (!tiles.in_bounds(o.pos)) continue;
      const size_t i = pidx(o.pos.x, o.pos.y);
      if (i != root && (flags[i] & kPassable)) flags[i] = static_cast<uint8_t>(flags[i] | kObjective);
    }

    // Pass 1: iterative Tarjan DFS. moves[i] holds the moves of i not tried yet; the arrays are
    // left uninitialised, as only reached cells are ever read.
    const std::unique_ptr<uint8_t[]> moves(new uint8_t[n]);
    const std::unique_ptr<uint32_t[]> disc(new uint32_t[n]);
    std::vector<Frame> stack;
    // The DFS can be as deep as there are passable cells: reserved once (pages are touched only
    // as deep as it goes), so the stack never doubles and copies itself.
    stack.reserve(static_cast<size_t>(std::count_if(flags.begin(), flags.end(), [](uint8_t f) { return (f & kPassable) != 0; })));
    uint32_t stamp = 0;  // discovery times start at 1
    // The DFS's moves: the orthogonal ones (bits 0-3) when every legal diagonal step has an open
    // side cell (see the file comment), all legal ones otherwise (Always).
    const uint8_t walk = diagonal_needs_open_side(options.moves) ? 0x0F : 0xFF;
    const std::array<uint8_t, 256>& legal_table = kLegalMoves[static_cast<size_t>(effective_diagonal(options.moves))];
    auto reach = [&](size_t i) {
      const uint8_t legal = legal_moves_at(flags, i, offset, legal_table);
      moves[i] = static_cast<uint8_t>(legal & walk);
      ++stamp;
      disc[i] = stamp;
      uint8_t f = static_cast<uint8_t>(flags[i] | kReached);
      if (f & kObjective) f = static_cast<uint8_t>(f | kHoldsGoal);
      if (legal != 0 && (legal & (legal - 1)) == 0) f = static_cast<uint8_t>(f | kDeadEnd);  // one move
      flags[i] = f;
      stack.push_back({static_cast<uint32_t>(i), stamp});
    };
    reach(root);
    while (!stack.empty()) {
      const size_t v = stack.back().cell;
      if (moves[v] != 0) {
        const int dir = std::countr_zero(moves[v]);
        moves[v] = static_cast<uint8_t>(moves[v] & (moves[v] - 1));
        const auto wi = static_cast<size_t>(static_cast<ptrdiff_t>(v) + offset[dir]);
        if (flags[wi] & kReached) {
          stack.back().low = std::min(stack.back().low, disc[wi]);
        } else {
          reach(wi);
        }
        continue;
      }
      const uint32_t low_v = stack.back().low;
      stack.pop_back();
      if (stack.empty()) break;
      const size_t p = stack.back().cell;  // v's DFS parent
      stack.back().low = std::min(stack.back().low, low_v);
      if (flags[v] & kHoldsGoal) {
        if (p != root && low_v >= disc[p]) flags[p] = static_cast<uint8_t>(flags[p] | kChokepoint);
        flags[p] = static_cast<uint8_t>(flags[p] | kHoldsGoal);
      }
    }
  }

  // Pass 2: the lists, row-major.
  for (int y = 0; y < h; ++y) {
    const uint8_t* f = flags.data() + pidx(0, y);
    for (int x = 0; x < w; ++x) {
      if (f[x] & kDeadEnd) out.dead_ends.push_back({x, y});
      if (f[x] & kChokepoint) out.chokepoints.push_back({x, y});
    }
  }

  // Dead-end rooms: walk the ring around each room once (clockwise, in the padded grid, whose
  // edge cells are never reached) and count the runs of reached cells; a ring reached all round
  // is a room open on every side, not a dead end. O(room perimeters) time.
  for (const Rect& r : d.rooms) {
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
    if (runs == 1) ++out.dead_end_rooms;
  }

  // Pass 3: wall areas. Without a usable start nothing is reached, and every wall area off the
  // edge borders some passable cell, so there is no loop to find.
  if (!usable_start) return out;
  std::vector<uint32_t> todo;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const size_t s = pidx(x, y);
      if (flags[s] & (kPassable | kWallSeen)) continue;
      flags[s] = static_cast<uint8_t>(flags[s] | kWallSeen);
      todo.push_back(static_cast<uint32_t>(s));
      bool enclosed = true;
      while (!todo.empty()) {
        const size_t c = todo.back();
        todo.pop_back();
        for (int k = 0; k < 8; ++k) {
          const auto nb = static_cast<size_t>(static_cast<ptrdiff_t>(c) + offset[k]);
          const uint8_t f = flags[nb];
          if (f & kEdge) {
            enclosed = false;
          } else if (f & kPassable) {
            if (!(f & kReached)) enclosed = false;
          } else if (!(f & kWallSeen)) {
            flags[nb] = static_cast<uint8_t>(f | kWallSeen);
            todo.push_back(static_cast<uint32_t>(nb));
          }
        }
      }
      if (enclosed) ++out.loops;
    }
  return out;
}

}  // namespace catacomb
