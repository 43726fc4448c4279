// The Navigator: exact shortest paths for many queries on one static map with doors.
//
// Build. Each cell holds one byte, an index into the map's distinct costs (255: never entered),
// in a grid padded with one blocked cell all round so that a neighbour is read without bounds
// checks. Landmarks (kLandmarks, or fewer on small maps) are picked by the farthest-point rule:
// the first is the cell farthest from the first cell of the largest connected area, each next
// one the cell farthest from all those picked; one Dijkstra search per landmark fills its column
// of the landmark table (float per cell), all with every door open, a step between two cells
// costing the cheaper of the two (landmark_distances: symmetric distances that never exceed the
// true, entry-cost ones, so the triangle inequality gives a bound in both directions). Cost:
// (landmarks + 1) Dijkstra searches and one region labelling, O(cells log cells).
//
// Query. A* on the search engine's bucket queue (open_list.hpp), which pops in the total order
// (lower f, then larger g, then lower cell index), so every platform returns the same path;
// h = max(octile or Manhattan distance x the smallest cost, |d(L, cell) - d(L, goal)| over the
// landmarks). The landmark bound is admissible whatever the
// doors do (a closed door only lengthens routes) but in floats consistent only within a rounding
// margin, so a closed node whose cost improves is opened again: optimal in every case. On maps
// where every passable cell costs 1 under 8 neighbours without corner cutting and no door is
// declared, Jump Point Search (jps.cpp) answers instead, steered by the same bound.
//
// Doors. A declared door's cell holds its cost index when open, 255 when closed: O(1) a change.
// The landmark tables were built with every door open and stay valid; the jump point map, which
// would need its lines rebuilt, is never used on a map with doors.
//
// Memory: 1 byte per cell of cost indices, 4 bytes per cell per landmark; the A* scratch (g,
// stamp, parent: 16 bytes per cell) or, for JPS, its map (about 2.3 bytes per cell) and scratch
// (20 bytes per cell). Determinism: no clock, no unordered container; the landmarks and every
// tie follow row-major order.
#include <catacomb/pathing/navigator.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <string>
#include <utility>

#include <catacomb/core/error.hpp>
#include <catacomb/pathing/distance_map.hpp>  // kUnreached
#include <catacomb/pathing/jps.hpp>
#include <catacomb/pathing/player_path.hpp>
#include <catacomb/pathing/regions.hpp>
#include "shared/core/problems.hpp"
#include "pathing/jps_access.hpp"
#include "pathing/open_list.hpp"
#include "pathing/landmarks.hpp"

namespace catacomb {
namespace {

constexpr uint8_t kBlocked = 255;
constexpr int kLandmarks = 3;

struct Door {
  uint32_t cell = 0;  // y * width + x
  Point pos;
  uint8_t code = 0;  // its cost index when open
  bool open = true;
  int lock = 0;                 // the dungeon's lock id (0: not a locked door of a dungeon)
  bool already_opened = false;  // in the state's opened list (not reported as opened by a route)
};

}  // namespace

struct CATACOMB_HIDDEN Navigator::Impl {
  int width = 0, height = 0, padded_width = 0;
  Moves moves;
  DiagonalPolicy policy = DiagonalPolicy::NoCornerCut;
  std::array<double, 256> palette{};  // cost per index; kBlocked: kImpassable
  std::vector<uint8_t> code;          // padded: (x + 1) + (y + 1) * padded_width
  std::vector<Door> doors;            // by cell
  double min_cost = 1;
  detail::LandmarkTable landmarks;
  bool use_jps = false;
  JumpPointSearch jps;
  bool from_dungeon = false;

  struct Node {
    double g;
    uint32_t stamp;
    uint32_t parent;
  };
  std::vector<Node> nodes;
  uint32_t generation = 0;
  // An open-list entry: f, g and cell << 32 | row, in the search engine's bucket queue
  // (open_list.hpp), which pops by (lower f, larger g, lower cell) like a heap would.
  struct Entry {
    double f;
    double gv;
    uint64_t ik;
  };
  detail::BucketQueue<Entry> open_list;
  detail::LandmarkGoal goal_view;
  std::array<int, 8> offset{};  // padded index step per direction

  size_t padded(int x, int y) const {
    return static_cast<size_t>(y + 1) * static_cast<size_t>(padded_width) + static_cast<size_t>(x + 1);
  }
  size_t cells() const { return static_cast<size_t>(width) * static_cast<size_t>(height); }

  void check_doors(const std::vector<Point>& list) {
    std::vector<FieldProblem> p;
    for (size_t i = 0; i < list.size(); ++i) {
      const Point d = list[i];
      const std::string field = "doors[" + std::to_string(i) + "]";
      if (d.x < 0 || d.y < 0 || d.x >= width || d.y >= height) {
        p.push_back(
            {field, to_string(d), "inside the " + std::to_string(width) + "x" + std::to_string(height) + " map"});
        continue;
      }
      const uint8_t c = code[padded(d.x, d.y)];
      if (c == kBlocked) p.push_back({field, to_string(d), "a passable cell"});
      doors.push_back({static_cast<uint32_t>(d.y * width + d.x), d, c, true, 0, false});
    }
    std::sort(doors.begin(), doors.end(), [](const Door& a, const Door& b) { return a.cell < b.cell; });
    for (size_t i = 1; i < doors.size(); ++i)
      if (doors[i].cell == doors[i - 1].cell) p.push_back({"doors", to_string(doors[i].pos), "each cell listed once"});
    throw_if_problems(p);
  }

  // Everything after the cost indices are set: doors, landmarks, the engine, the scratch.
  void finish(const std::vector<Point>& door_list) {
    moves.check();
    policy = effective_diagonal(moves);
    check_doors(door_list);
    const int pw = padded_width;
    for (int d = 0; d < 8; ++d) offset[static_cast<size_t>(d)] = kDirections[d].x + kDirections[d].y * pw;
    min_cost = CostTable::kImpassable;
    for (size_t i = 0; i < cells(); ++i) {
      const uint8_t c = code[padded(static_cast<int>(i % static_cast<size_t>(width)),
                                    static_cast<int>(i / static_cast<size_t>(width)))];
      if (c != kBlocked) min_cost = std::min(min_cost, palette[c]);
    }
    if (min_cost == CostTable::kImpassable) min_cost = 1;
    build_landmarks();
    bool unit = true;
    for (size_t i = 0; i < cells() && unit; ++i) {
      const uint8_t c = code[padded(static_cast<int>(i % static_cast<size_t>(width)),
                                    static_cast<int>(i / static_cast<size_t>(width)))];
      unit = c == kBlocked || palette[c] == 1.0;
    }
    use_jps = unit && doors.empty() && moves.neighbors == 8 && policy == DiagonalPolicy::NoCornerCut &&
              moves.diagonal_cost == kSqrt2;
    if (use_jps) {
      Grid<uint8_t> passable(width, height, 0);
      for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) passable(x, y) = code[padded(x, y)] != kBlocked ? 1 : 0;
      jps.set_map(passable);
      detail::JpsAccess::set_landmarks(jps, &landmarks);
      code = {};  // JPS holds the map as bits; find_path goes straight to it
    } else {
      nodes.assign(cells(), Node{0.0, 0, 0});
    }
  }

  static void bind_shape(Impl& s, int width, int height);
  static void bind_terrain(Impl& s, const Grid<Terrain>& tiles, const CostTable& costs);
  static void bind_costs(Impl& s, const CostGrid& costs);
  static Door* find_door(Impl& s, Point p);
  void build_landmarks();
  void landmark_distances(Point from, std::vector<double>& dist) const;
  PathResult search(Point start, Point goal);
  void build_path(uint32_t start_cell, uint32_t goal_cell, PathResult& r) const;
  void report_doors(PathResult& r) const;
};

// Dijkstra from `from` over the map with every door open, a step between a and b costing
// min(cost(a), cost(b)) (times the diagonal factor): never more than the step costs either way,
// so these distances are symmetric and bound the true (directed, entry-cost) ones from below,
// and |d(L, a) - d(L, g)| <= d(a, g) holds for any a, g. Equal to the true costs when costs are
// uniform. Unreached cells get kUnreached.
void Navigator::Impl::landmark_distances(Point from, std::vector<double>& dist) const {
  dist.assign(cells(), kUnreached);
  struct Item {
    double d;
    uint32_t cell;
    bool operator>(const Item& o) const { return d != o.d ? d > o.d : cell > o.cell; }
  };
  std::vector<Item> queue;
  const auto greater = [](const Item& a, const Item& b) { return a > b; };
  const auto w = static_cast<uint32_t>(width);
  const auto& legal = kLegalMoves[static_cast<size_t>(policy)];
  const uint32_t f = static_cast<uint32_t>(from.y) * w + static_cast<uint32_t>(from.x);
  dist[f] = 0;
  queue.push_back({0, f});
  while (!queue.empty()) {
    std::pop_heap(queue.begin(), queue.end(), greater);
    const Item it = queue.back();
    queue.pop_back();
    if (it.d > dist[it.cell]) continue;
    const int x = static_cast<int>(it.cell % w), y = static_cast<int>(it.cell / w);
    const size_t pc = padded(x, y);
    const double here = palette[code[pc]];
    unsigned open = 0;
    for (int d = 0; d < 8; ++d)
      open |=
          (code[static_cast<size_t>(static_cast<ptrdiff_t>(pc) + offset[static_cast<size_t>(d)])] != kBlocked ? 1u : 0u)
          << d;
    for (unsigned steps = legal[open]; steps != 0; steps &= steps - 1) {
      const int d = std::countr_zero(steps);
      const int nx = x + kDirections[d].x, ny = y + kDirections[d].y;
      const double step = std::min(here, palette[code[padded(nx, ny)]]);
      const double nd = it.d + (d >= 4 ? step * moves.diagonal_cost : step);
      const uint32_t c = static_cast<uint32_t>(ny) * w + static_cast<uint32_t>(nx);
      if (nd < dist[c]) {
        dist[c] = nd;
        queue.push_back({nd, c});
        std::push_heap(queue.begin(), queue.end(), greater);
      }
    }
  }
}

void Navigator::Impl::build_landmarks() {
  Grid<uint8_t> passable(width, height, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) passable(x, y) = code[padded(x, y)] != kBlocked ? 1 : 0;
  const RegionMap regions = label_regions(passable, moves);
  const int32_t largest = regions.largest();
  landmarks = {};
  if (largest == kNoRegion) return;
  Point seed{-1, -1};
  for (int y = 0; y < height && seed.x < 0; ++y)
    for (int x = 0; x < width && seed.x < 0; ++x)
      if (regions.labels(x, y) == largest) seed = {x, y};
  // Fewer landmarks on a small area: each costs a search and 4 bytes a cell.
  const int64_t area = regions.sizes[static_cast<size_t>(largest)];
  const int count = area >= 64 ? kLandmarks : 1;
  landmarks.count = count;
  landmarks.dist.assign(cells() * static_cast<size_t>(count), detail::kUnreachedLandmark);
  std::vector<double> nearest(cells(), kUnreached);  // cost from the nearest landmark so far
  std::vector<double> dist;
  // The first landmark: the cell farthest from the seed (lowest index among equals).
  auto farthest = [&](const std::vector<double>& v) {
    double far = -1;
    Point at = seed;
    for (size_t i = 0; i < cells(); ++i)
      if (v[i] != kUnreached && v[i] > far) {
        far = v[i];
        at = {static_cast<int>(i % static_cast<size_t>(width)), static_cast<int>(i / static_cast<size_t>(width))};
      }
    return at;
  };
  landmark_distances(seed, dist);
  Point next = farthest(dist);
  double largest_distance = 0;
  for (int k = 0; k < count; ++k) {
    landmark_distances(next, dist);
    for (size_t i = 0; i < cells(); ++i) {
      const double d = dist[i];
      if (d == kUnreached) continue;
      landmarks.dist[i * static_cast<size_t>(count) + static_cast<size_t>(k)] = static_cast<float>(d);
      largest_distance = std::max(largest_distance, d);
      nearest[i] = std::min(nearest[i], d);
    }
    next = farthest(nearest);
  }
  // An ulp of the largest distance, twice over: each float is within half an ulp of its double.
  landmarks.margin = std::ldexp(largest_distance, -21);
}

PathResult Navigator::Impl::search(Point start, Point goal) {
  PathResult r;
  const uint32_t s = static_cast<uint32_t>(start.y * width + start.x);
  const uint32_t t = static_cast<uint32_t>(goal.y * width + goal.x);
  if (++generation == (uint32_t{1} << 31)) {  // stamps would wrap: forget them
    for (Node& n : nodes) n.stamp = 0;
    generation = 1;
  }
  if (!goal_view.prepare(landmarks, s, t)) {
    r.status = PathStatus::NoPath;
    return r;
  }
  const uint32_t open_stamp = 2 * generation, closed_stamp = 2 * generation + 1;
  const bool diagonals = policy != DiagonalPolicy::Never;
  const double diagonal_cost = moves.diagonal_cost;
  auto h = [&](int x, int y, uint32_t c) {
    const int dx = std::abs(x - goal.x), dy = std::abs(y - goal.y);
    const int lo = std::min(dx, dy), hi = std::max(dx, dy);
    const double geometric = diagonals ? static_cast<double>(hi - lo) + static_cast<double>(lo) * diagonal_cost
                                       : static_cast<double>(dx + dy);
    return goal_view.bound(c, geometric * min_cost);
  };
  const auto w = static_cast<uint32_t>(width);
  auto entry = [](double f, double g, uint32_t cell, int y) {
    return Entry{f, g, uint64_t{cell} << 32 | static_cast<uint32_t>(y)};
  };
  // Buckets a 64th of the smallest step wide, as the search engine's (search.cpp).
  const Entry first = entry(h(start.x, start.y, s), 0.0, s, start.y);
  open_list.reset(min_cost / 64, first.f);
  nodes[s] = Node{0.0, open_stamp, s};
  open_list.push(first);
  auto live = [&](const Entry& e) {
    const Node& n = nodes[static_cast<size_t>(e.ik >> 32)];
    return n.stamp == open_stamp && !(e.gv > n.g);
  };
  const auto& legal = kLegalMoves[static_cast<size_t>(policy)];
  Entry e;
  while (open_list.pop(e, live)) {
    const auto cell = static_cast<uint32_t>(e.ik >> 32);
    Node& n = nodes[cell];
    if (n.stamp != open_stamp || e.gv > n.g) continue;  // closed, or a stale entry
    n.stamp = closed_stamp;
    ++r.expanded;
    if (cell == t) {
      r.status = PathStatus::Found;
      build_path(s, t, r);
      return r;
    }
    const int ey = static_cast<int>(static_cast<uint32_t>(e.ik));
    const int ex = static_cast<int>(cell - static_cast<uint32_t>(ey) * w);
    const size_t pc = padded(ex, ey);
    unsigned open_bits = 0;
    for (int d = 0; d < 8; ++d)
      open_bits |=
          (code[static_cast<size_t>(static_cast<ptrdiff_t>(pc) + offset[static_cast<size_t>(d)])] != kBlocked ? 1u : 0u)
          << d;
    for (unsigned steps = legal[open_bits]; steps != 0; steps &= steps - 1) {
      const int d = std::countr_zero(steps);
      const int nx = ex + kDirections[d].x, ny = ey + kDirections[d].y;
      const uint32_t c = static_cast<uint32_t>(ny) * w + static_cast<uint32_t>(nx);
      const double step =
          palette[code[static_cast<size_t>(static_cast<ptrdiff_t>(pc) + offset[static_cast<size_t>(d)])]];
      const double g = e.gv + (d >= 4 ? step * diagonal_cost : step);
      Node& m = nodes[c];
      if ((m.stamp == open_stamp || m.stamp == closed_stamp) && !(g < m.g)) continue;
      m = Node{g, open_stamp, cell};
      open_list.push(entry(g + h(nx, ny, c), g, c, ny));
    }
  }
  r.status = PathStatus::NoPath;
  return r;
}

void Navigator::Impl::build_path(uint32_t start_cell, uint32_t goal_cell, PathResult& r) const {
  const auto w = static_cast<uint32_t>(width);
  for (uint32_t c = goal_cell;; c = nodes[c].parent) {
    r.path.push_back({static_cast<int>(c % w), static_cast<int>(c / w)});
    if (c == start_cell) break;
  }
  std::reverse(r.path.begin(), r.path.end());
  r.cost = nodes[goal_cell].g;
}

void Navigator::Impl::report_doors(PathResult& r) const {
  if (!from_dungeon || doors.empty()) return;
  for (const Point& p : r.path) {
    const auto c = static_cast<uint32_t>(p.y * width + p.x);
    const auto it = std::lower_bound(doors.begin(), doors.end(), c,
                                     [](const Door& d, uint32_t v) { return d.cell < v; });
    if (it == doors.end() || it->cell != c || it->lock == 0 || it->already_opened) continue;
    const LockedDoor door{p, it->lock};
    if (std::find(r.doors_opened.begin(), r.doors_opened.end(), door) == r.doors_opened.end())
      r.doors_opened.push_back(door);
  }
}

void Navigator::Impl::bind_shape(Impl& s, int width, int height) {
  s.width = width;
  s.height = height;
  s.padded_width = width + 2;
  s.code.assign(static_cast<size_t>(width + 2) * static_cast<size_t>(height + 2), kBlocked);
  s.palette.fill(CostTable::kImpassable);
}

void Navigator::Impl::bind_terrain(Impl& s, const Grid<Terrain>& tiles, const CostTable& costs) {
  Impl::bind_shape(s, tiles.width(), tiles.height());
  for (int t = 0; t < kTerrainCount; ++t) s.palette[static_cast<size_t>(t)] = costs[static_cast<Terrain>(t)];
  for (int y = 0; y < tiles.height(); ++y)
    for (int x = 0; x < tiles.width(); ++x) {
      const auto t = static_cast<size_t>(tiles(x, y));
      if (t < static_cast<size_t>(kTerrainCount) && s.palette[t] != CostTable::kImpassable)
        s.code[s.padded(x, y)] = static_cast<uint8_t>(t);
    }
}

void Navigator::Impl::bind_costs(Impl& s, const CostGrid& costs) {
  std::vector<double> distinct;
  for (const double c : costs.cells()) {
    if (c == CostTable::kImpassable) continue;
    if (!(c > 0) || !std::isfinite(c))
      throw InvalidArgument(FieldProblem{"costs", std::to_string(c), "> 0 and finite, or kImpassable"});
    distinct.push_back(c);
  }
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  if (distinct.size() > 254)
    throw InvalidArgument(
        FieldProblem{"costs", std::to_string(distinct.size()) + " distinct costs", "at most 254 distinct costs"});
  Impl::bind_shape(s, costs.width(), costs.height());
  for (size_t i = 0; i < distinct.size(); ++i) s.palette[i] = distinct[i];
  for (int y = 0; y < costs.height(); ++y)
    for (int x = 0; x < costs.width(); ++x) {
      const double c = costs(x, y);
      if (c == CostTable::kImpassable) continue;
      s.code[s.padded(x, y)] = static_cast<uint8_t>(std::lower_bound(distinct.begin(), distinct.end(), c) -
                                                    distinct.begin());
    }
}

namespace {

// The doors of a dungeon's navigator: its valid locked doors, then its gates (a switch id of 1
// to kMaxSwitch), each cell once, in the dungeon's order.
std::vector<Point> door_cells(const Dungeon& d) {
  std::vector<Point> out;
  auto add = [&](Point p) {
    if (d.tiles.in_bounds(p) && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  };
  for (const LockedDoor& l : d.locks)
    if (l.lock >= 1 && l.lock <= kMaxLock) add(l.pos);
  for (const ProgressionDoor& g : d.doors)
    if (g.kind == DoorKind::Gate && g.switch_id >= 1 && g.switch_id <= kMaxSwitch) add(g.pos);
  return out;
}

// One-way and secret doors have rules a navigator cannot keep (a step allowed one way only; no
// corner cut past the door): a dungeon with either is refused, naming how many.
void refuse_directed_doors(const Dungeon& d) {
  int n = 0;
  for (const ProgressionDoor& g : d.doors) n += g.kind == DoorKind::OneWay || g.kind == DoorKind::Secret ? 1 : 0;
  if (n > 0)
    throw InvalidArgument(FieldProblem{"dungeon", std::to_string(n) + " one-way or secret doors",
                                       "none for a navigator (its steps go both ways and may cut a corner past "
                                       "a door); route with find_path(d, rules, start, goal, state)"});
}

}  // namespace

Door* Navigator::Impl::find_door(Impl& s, Point p) {
  if (p.x < 0 || p.y < 0 || p.x >= s.width || p.y >= s.height) return nullptr;
  const auto c = static_cast<uint32_t>(p.y * s.width + p.x);
  const auto it = std::lower_bound(s.doors.begin(), s.doors.end(), c,
                                   [](const Door& d, uint32_t v) { return d.cell < v; });
  return it != s.doors.end() && it->cell == c ? &*it : nullptr;
}

Navigator::Navigator(const Grid<Terrain>& tiles, const MapRules& rules, const std::vector<Point>& doors)
    : impl_(std::make_unique<Impl>()) {
  impl_->moves = rules.moves;
  rules.moves.check();
  Impl::bind_terrain(*impl_, tiles, rules.costs);
  impl_->finish(doors);
}

Navigator::Navigator(const CostGrid& costs, const Moves& moves, const std::vector<Point>& doors)
    : impl_(std::make_unique<Impl>()) {
  impl_->moves = moves;
  moves.check();
  Impl::bind_costs(*impl_, costs);
  impl_->finish(doors);
}

Navigator::Navigator(const Dungeon& d, const PlayerState& state) : impl_(std::make_unique<Impl>()) {
  state.check(d);
  refuse_directed_doors(d);
  const MapRules rules = recorded_rules(d);
  impl_->moves = rules.moves;
  Impl::bind_terrain(*impl_, d.tiles, rules.costs);
  impl_->finish(door_cells(d));
  impl_->from_dungeon = true;
  set_state(d, state);
}

Navigator::~Navigator() = default;
Navigator::Navigator(Navigator&&) noexcept = default;
Navigator& Navigator::operator=(Navigator&&) noexcept = default;

void Navigator::set_door(Point door, bool open) {
  Door* d = Impl::find_door(*impl_, door);
  if (!d) throw InvalidArgument(FieldProblem{"door", to_string(door), "a door the navigator was built with"});
  d->open = open;
  impl_->code[impl_->padded(door.x, door.y)] = open ? d->code : kBlocked;
}

bool Navigator::door_open(Point door) const {
  const Door* d = Impl::find_door(*impl_, door);
  if (!d) throw InvalidArgument(FieldProblem{"door", to_string(door), "a door the navigator was built with"});
  return d->open;
}

void Navigator::set_state(const Dungeon& d, const PlayerState& state) {
  state.check(d);
  refuse_directed_doors(d);
  const std::vector<Point> cells = door_cells(d);
  Impl& s = *impl_;
  bool same = s.from_dungeon && cells.size() == s.doors.size() && d.tiles.width() == s.width &&
              d.tiles.height() == s.height;
  for (size_t i = 0; same && i < cells.size(); ++i) same = Impl::find_door(s, cells[i]) != nullptr;
  if (!same)
    throw InvalidArgument(FieldProblem{"dungeon", std::to_string(cells.size()) + " locked doors and gates",
                                       "the dungeon the navigator was built from"});
  for (Door& door : s.doors) {
    door.lock = d.lock_at(door.pos);
    door.already_opened = state.is_opened(door.pos);
    const ProgressionDoor* gate = door.lock == 0 ? d.door_at(door.pos) : nullptr;
    set_door(door.pos, gate ? gate_open(*gate, state.switches) : door_open_for(d, state, door.pos));
  }
}

PathResult Navigator::find_path(Point start, Point goal) {
  Impl& s = *impl_;
  auto inside = [&](Point q) { return q.x >= 0 && q.y >= 0 && q.x < s.width && q.y < s.height; };
  if (!inside(start) || !inside(goal)) {  // the message is built only when it is needed
    std::vector<FieldProblem> p;
    const std::string shape = std::to_string(s.width) + "x" + std::to_string(s.height);
    if (!inside(start)) p.push_back({"start", to_string(start), "inside the " + shape + " map"});
    if (!inside(goal)) p.push_back({"goal", to_string(goal), "inside the " + shape + " map"});
    throw_if_problems(p);
  }
  if (s.use_jps) return detail::JpsAccess::find_path(s.jps, start, goal);
  PathResult r;
  if (s.code[s.padded(start.x, start.y)] == kBlocked) {
    r.status = PathStatus::StartBlocked;
  } else if (s.code[s.padded(goal.x, goal.y)] == kBlocked) {
    r.status = PathStatus::GoalBlocked;
  } else if (start == goal) {
    r.status = PathStatus::Found;
    r.path.push_back(start);
  } else {
    r = s.search(start, goal);
    s.report_doors(r);
  }
  return r;
}

int Navigator::width() const { return impl_->width; }
int Navigator::height() const { return impl_->height; }

NavigatorStats Navigator::stats() const {
  const Impl& s = *impl_;
  NavigatorStats out;
  out.engine = s.use_jps ? "jps" : "astar";
  out.landmarks = s.landmarks.count;
  out.doors = s.doors.size();
  const double cells = static_cast<double>(s.cells());
  double kept = static_cast<double>(s.landmarks.dist.size() * sizeof(float) + s.code.size());
  double scratch = 0;
  if (s.use_jps) {
    // The jump point map: 10 bits a cell of lines plus 2 bytes of masks (jps_map.hpp); its node
    // state and corridor-turn slots: 16 + 4 bytes a cell.
    kept += cells * (10.0 / 8.0 + 2.0);
    scratch = cells * 20.0;
  } else {
    scratch = static_cast<double>(s.nodes.size() * sizeof(Impl::Node));
  }
  out.bytes_per_cell = cells > 0 ? kept / cells : 0;
  out.scratch_bytes_per_cell = cells > 0 ? scratch / cells : 0;
  return out;
}

}  // namespace catacomb
