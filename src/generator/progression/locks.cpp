// Lock placement. One distance map from the start gives the cheapest route to the exit; each
// route cell is then tested as a gate, in route order: whether closing it (or a square round
// it) leaves a way from the start to the exit. Rooms' gates are single doors, and one pass over
// the map answers for the whole route, with each cut's side (RouteCuts,
// generator/progression/gate_search.hpp). Caves' gates may be squares (up to 5 cells across, then, when those
// give too few gates, up to 9): their test searches only round the closed cells (GateSearch), so
// a cell with a way round near it costs a few cells, not a labelling of the map; the cuts that do
// separate the two are labelled, as every candidate keeps the start's side. A chosen cave gate of
// several cells becomes one door in a wall (narrow_gate: one labelling each).
// Keys are drawn with the "locks" stream from the free floor cells of their area, scanned in
// row-major order: deterministic.
#include <catacomb/generator/locks.hpp>

#include <algorithm>
#include <bit>
#include <optional>

#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/regions.hpp>
#include <catacomb/pathing/search.hpp>
#include "generator/progression/gate_search.hpp"
#include "generator/progression/lock_gates.hpp"

namespace catacomb {
namespace {

// A gate and the start's side of it (the cells the start reaches with the gate closed), one bit
// per cell. Every candidate of the route is kept until the gates are chosen: with their labels (4
// bytes per cell each) a 4096x4096 rooms map peaked at 1.38 GB with locks against 0.76 without.
struct Candidate {
  std::vector<Point> cells;  // the gate's cells, locked together
  int64_t side_size = 0;
  std::vector<uint64_t> side;
  Candidate(std::vector<Point> gate, const RegionMap& regions, Point start)
      : cells(std::move(gate)), side((regions.labels.size() + 63) / 64, 0) {
    const int32_t label = regions.label(start);
    side_size = regions.sizes[static_cast<size_t>(label)];
    const int32_t* l = regions.labels.cells().data();
    for (size_t i = 0; i < regions.labels.size(); ++i) side[i / 64] |= uint64_t{l[i] == label} << (i % 64);
  }
  Candidate(std::vector<Point> gate, const std::vector<uint64_t>& start_side, int64_t size)
      : cells(std::move(gate)), side_size(size), side(start_side) {}
  bool on_side(size_t cell) const { return (side[cell / 64] >> (cell % 64)) & 1u; }
};

// Calls f(cell) for each cell on `c`'s side and not on `before`'s (when given), in row-major
// order, a word of 64 cells at a time, until f returns true.
template <typename F>
void for_each_between(const Candidate& c, const Candidate* before, F&& f) {
  for (size_t w = 0; w < c.side.size(); ++w)
    for (uint64_t bits = c.side[w] & ~(before ? before->side[w] : 0); bits != 0; bits &= bits - 1)
      if (f(w * 64 + static_cast<size_t>(std::countr_zero(bits)))) return;
}

// What the steps of place_locks share: the dungeon, the start and the exit, the cheapest route
// between them (start to exit), the passable cells (1, else 0; a test closes cells in it and
// opens them again) and the gates chosen so far.
// Caves: the squares round a route cell tried as a gate, and the most cells of their border: first
// up to kSquareRadius (passages up to about 4 cells across), then, when those give too few gates,
// up to kMaxSquareRadius (about 9 across).
constexpr int kSquareRadius = 2;
constexpr size_t kSquareCells = 4;
constexpr int kMaxSquareRadius = 4;
constexpr size_t kMaxGateCells = 9;

struct LockState {
  Dungeon& d;
  const Moves& moves;
  Point start, exit;
  std::vector<Point> route;
  Grid<uint8_t> open;
  std::vector<Candidate*> gates;

  // Whether `p` holds an objective or a chosen gate's cell.
  bool occupied(Point p) const {
    for (const Objective& o : d.objectives)
      if (o.pos == p) return true;
    for (const auto* g : gates)
      if (std::find(g->cells.begin(), g->cells.end(), p) != g->cells.end()) return true;
    return false;
  }
};

// Candidate gates in route order, each with the start's side when it is closed. Rooms: one
// door cell. Caves: one cell, or else the cells of the (2r+1)-square round a route cell (r = 1,
// 2) that border the start's side when the whole square is closed: closing just those cuts
// the same way (any other cell of the square is no neighbour of the start's side), so a gate
// can span a passage a few cells wide.
class CandidateGates {
 public:
  // A search round the closed cells (generator/progression/gate_search.hpp) answers first: most route cells
  // have a short way round. It gives up after 1/256 of the map's cells, and the labelling
  // answers; a cut that separates is labelled, for its side of the map.
  explicit CandidateGates(LockState& s)
      : s_(s), search_(s.open, s.moves, s.route, std::max<size_t>(1024, s.d.tiles.size() / 256)) {}

  std::vector<Candidate> find() {
    const bool rooms = !s_.d.rooms.empty();
    // Rooms' gates are single door cells: which route cells cut, and their sides, come from one
    // pass over the map (RouteCuts), where each door was a search round it and, for a cut or a
    // long way round, a labelling of the map.
    std::optional<detail::RouteCuts> cuts;
    if (rooms) cuts.emplace(s_.open, s_.moves, s_.route);
    for (size_t i = 1; i + 1 < s_.route.size(); ++i) {
      const Point p = s_.route[i];
      if (s_.occupied(p) || (rooms ? s_.d.tiles[p] != Terrain::Door : s_.d.tiles[p] == Terrain::Door)) continue;
      if (rooms) {
        add_door(*cuts, i);
      } else if (add_square(i, 0, kSquareRadius, kSquareCells) == Square::WayRound) {
        wider_.push_back(i);
      }
    }
    return std::move(candidates_);
  }

  // Caves, when `found` (find's) holds too few gates: found and the squares of radius
  // kSquareRadius + 1 to kMaxSquareRadius round every other route cell whose smaller squares all
  // had a way round (a neighbour's square overlaps it, at the same chokepoint: half the searches,
  // no fewer gates found), in route order. Maps whose gates the small squares give are unchanged.
  std::vector<Candidate> widen(std::vector<Candidate> found) {
    std::vector<std::pair<size_t, Candidate>> all;
    for (size_t k = 0; k < found.size(); ++k) all.emplace_back(route_index_[k], std::move(found[k]));
    route_index_.clear();
    candidates_.clear();
    for (size_t k = 0; k < wider_.size(); k += 2)
      add_square(wider_[k], kSquareRadius + 1, kMaxSquareRadius, kMaxGateCells);
    for (size_t k = 0; k < candidates_.size(); ++k) all.emplace_back(route_index_[k], std::move(candidates_[k]));
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Candidate> out;
    for (auto& [i, c] : all) out.push_back(std::move(c));
    return out;
  }
  bool can_widen() const { return !wider_.empty(); }

 private:
  // The regions with `cells` (within r of p) closed when closing them separates the start from
  // the exit, else nothing.
  std::optional<RegionMap> separating_cut(const std::vector<Point>& cells, Point p, int r) {
    const std::optional<bool> round = search_.way_round(cells, p, r);
    if (round == true) return std::nullopt;
    for (Point q : cells) s_.open[q] = 0;
    RegionMap side = label_regions(s_.open, s_.moves);
    for (Point q : cells) s_.open[q] = 1;
    if (!round && side.connected(s_.start, s_.exit)) return std::nullopt;
    return side;
  }

  // Rooms: route cell i, a door, when it cuts.
  void add_door(detail::RouteCuts& cuts, size_t i) {
    const Point p = s_.route[i];
    // A gate borders the start's side (a neighbour of it, diagonals included, on that side).
    auto borders = [&](auto&& on_side) {
      for (const Point& dir : kDirections)
        if (const Point n{p.x + dir.x, p.y + dir.y}; s_.d.tiles.in_bounds(n) && on_side(n)) return true;
      return false;
    };
    if (cuts.cuts(i)) {
      if (borders([&](Point n) { return cuts.on_side(n); }))
        candidates_.emplace_back(std::vector<Point>{p}, cuts.side(), cuts.size());
    } else if (cuts.fragile(i)) {
      const std::optional<RegionMap> side = separating_cut({p}, p, 0);
      if (side &&
          borders([&](Point n) { return side->labels[n] != kNoRegion && side->labels[n] == side->label(s_.start); }))
        candidates_.emplace_back(std::vector<Point>{p}, *side, s_.start);
    }
  }

  // Caves: the smallest square round route cell i (radius r0 to r1) that cuts, or its border of
  // at most `most` cells: Found; Stop when a square holds an objective or a chosen gate's cell,
  // or its border too many cells; WayRound when each square has a way round.
  enum class Square { Found, Stop, WayRound };
  Square add_square(size_t i, int r0, int r1, size_t most) {
    const Point p = s_.route[i];
    for (int r = r0; r <= r1; ++r) {
      std::vector<Point> square;
      bool clear = true;
      for (int y = p.y - r; y <= p.y + r && clear; ++y)
        for (int x = p.x - r; x <= p.x + r; ++x) {
          const Point q{x, y};
          if (!s_.d.tiles.in_bounds(q) || !s_.open[q]) continue;
          if (s_.occupied(q) || q == s_.start || q == s_.exit) clear = false;
          square.push_back(q);
        }
      if (!clear) return Square::Stop;
      const std::optional<RegionMap> cut = separating_cut(square, p, r);
      if (!cut) continue;  // a way round
      const RegionMap& side = *cut;
      std::vector<Point> border;
      for (Point q : square)
        for (const Point& dir : kDirections) {
          const Point n{q.x + dir.x, q.y + dir.y};
          if (side.labels.in_bounds(n) && side.labels[n] != kNoRegion && side.labels[n] == side.label(s_.start)) {
            border.push_back(q);
            break;
          }
        }
      if (border.empty() || border.size() > most) return Square::Stop;
      if (border.size() == square.size()) {  // the same cells (border keeps the square's order): the same cut
        candidates_.emplace_back(border, side, s_.start);
      } else if (const std::optional<RegionMap> gate_side = separating_cut(border, p, r)) {
        candidates_.emplace_back(border, *gate_side, s_.start);
      } else {
        return Square::Stop;
      }
      route_index_.push_back(i);
      return Square::Found;
    }
    return Square::WayRound;
  }

  LockState& s_;
  detail::GateSearch search_;
  std::vector<Candidate> candidates_;
  std::vector<size_t> route_index_;  // caves: each candidate's route cell
  std::vector<size_t> wider_;        // caves: route cells whose squares up to kSquareRadius had a way round
};

// Gates spread along the way: each where the start's side has grown by another 1/(locks + 1)
// of the `total` reachable cells (then, if that finds too few, wherever an area holds a key).
// Leaves them in s.gates, fewer than `locks` when the candidates do not hold enough. With
// `min_area` > 0 (the lock layouts' cycles), every area between two gates and the one beyond the
// last hold at least that many cells.
void choose_gates(LockState& s, std::vector<Candidate>& candidates, int64_t total, int locks, int64_t min_area = 0) {
  auto on_side = [&](const Candidate& c, Point q) { return c.on_side(s.d.tiles.index(q)); };
  for (int spread = 1; spread >= 0 && static_cast<int>(s.gates.size()) < locks; --spread) {
    s.gates.clear();
    for (Candidate& c : candidates) {
      if (static_cast<int>(s.gates.size()) == locks) break;
      const int64_t before = c.side_size;
      if (spread && before < total * static_cast<int64_t>(s.gates.size() + 1) / (locks + 1)) continue;
      // Beyond the previous gate, and the area since it holds a free floor cell for this key.
      bool beyond = true;
      for (Point q : c.cells) beyond &= !s.occupied(q) && (s.gates.empty() || !on_side(*s.gates.back(), q));
      if (!beyond) continue;
      if (min_area > 0) {
        const int64_t previous = s.gates.empty() ? 0 : s.gates.back()->side_size;
        if (total - before < min_area || (!s.gates.empty() && before - previous < min_area)) continue;
      }
      bool has_floor = false;
      for_each_between(c, s.gates.empty() ? nullptr : s.gates.back(), [&](size_t k) {
        return has_floor = s.d.tiles.cells()[k] == Terrain::Floor && !s.occupied(s.d.tiles.point(k));
      });
      if (!has_floor) continue;
      s.gates.push_back(&c);
    }
  }
}

// Caves: gate g of several cells becomes one door in a wall. With the gate shut, every passable
// cell next to it must lie on the start's side or the exit's (else a third region meets it, and
// the gate stays as it is); the door is a cell that passes alone (with the other gate cells wall,
// a legal step into it from the start's side and one out of it to the exit's): the route's cell
// when it does, else the one nearest the middle of the gate's cells. The others become wall. Before,
// a gate was locked cell by cell, and a consumable key spent on a cell that led nowhere on its
// own was lost (a softlock in 44 of 60 caves of 80x50 with --locks 2). One labelling: O(cells).
void narrow_gate(LockState& s, Candidate& g, std::vector<std::pair<Point, Terrain>>& walled) {
  if (g.cells.size() < 2) return;
  auto in_gate = [&](Point q) { return std::find(g.cells.begin(), g.cells.end(), q) != g.cells.end(); };
  for (Point q : g.cells) s.open[q] = 0;
  const RegionMap sides = label_regions(s.open, s.moves);
  for (Point q : g.cells) s.open[q] = 1;
  const int32_t near = sides.label(s.start), far = sides.label(s.exit);
  for (Point q : g.cells)
    for (const Point& dir : kDirections)
      if (const Point n{q.x + dir.x, q.y + dir.y};
          s.open.in_bounds(n) && s.open[n] && !in_gate(n) && sides.labels[n] != near && sides.labels[n] != far)
        return;
  std::vector<size_t> passing;
  for (size_t i = 0; i < g.cells.size(); ++i) {
    const Point c = g.cells[i];
    auto is_open = [&](Point q) { return s.open.in_bounds(q) && s.open[q] != 0 && (q == c || !in_gate(q)); };
    bool in = false, out = false;
    for (int dir = 0; dir < s.moves.neighbors; ++dir) {
      const Point n{c.x + kDirections[dir].x, c.y + kDirections[dir].y};
      if (!is_open(n) || in_gate(n)) continue;
      const int back = direction_index(-kDirections[dir].x, -kDirections[dir].y);  // the step n -> c
      in = in || (sides.labels[n] == near && step_allowed_at(s.moves, n, back, is_open));
      out = out || (sides.labels[n] == far && step_allowed_at(s.moves, c, dir, is_open));
    }
    if (in && out) passing.push_back(i);
  }
  if (passing.empty()) return;  // a passage two of its cells wide at least: locked cell by cell
  size_t door = passing.front();
  const size_t middle = g.cells.size() / 2;
  for (size_t i : passing) {
    if (std::find(s.route.begin(), s.route.end(), g.cells[i]) != s.route.end()) {
      door = i;
      break;
    }
    const auto gap = [&](size_t k) { return k > middle ? k - middle : middle - k; };
    if (gap(i) < gap(door)) door = i;
  }
  for (size_t i = 0; i < g.cells.size(); ++i)
    if (i != door) {
      walled.emplace_back(g.cells[i], s.d.tiles[g.cells[i]]);
      s.d.tiles[g.cells[i]] = Terrain::Wall;
      s.open[g.cells[i]] = 0;
    }
  g.cells = {g.cells[door]};
}

// Caves: narrow_gate for each chosen gate, in route order (each test sees the walls of the gates
// before it). A wall can still cut off a cell another gate's test counted on (gates side by
// side): unless the start then reaches every cell it did less the walls (`total` of them), every
// gate is put back as it was. Then each gate's side is labelled again, with its door shut: the
// sides were those of the whole gates with the others open. O(cells) per gate.
void narrow_gates(LockState& s, int64_t total) {
  if (!s.d.rooms.empty()) return;
  std::vector<std::vector<Point>> before;
  std::vector<std::pair<Point, Terrain>> walled;
  for (Candidate* g : s.gates) {
    before.push_back(g->cells);
    narrow_gate(s, *g, walled);
  }
  if (walled.empty()) return;
  const RegionMap now = label_regions(s.open, s.moves);
  if (now.sizes[static_cast<size_t>(now.label(s.start))] != total - static_cast<int64_t>(walled.size())) {
    for (const auto& [q, t] : walled) {
      s.d.tiles[q] = t;
      s.open[q] = 1;
    }
    for (size_t k = 0; k < s.gates.size(); ++k) s.gates[k]->cells = before[k];
    return;
  }
  for (Candidate* g : s.gates) {
    for (Point q : g->cells) s.open[q] = 0;
    *g = Candidate(g->cells, label_regions(s.open, s.moves), s.start);
    for (Point q : g->cells) s.open[q] = 1;
  }
}

// Locks the gates (their cells become doors of lock k + 1) and puts key k + 1 on a random free
// floor cell of the area between gate k - 1 and gate k; further keys become treasure first.
// Fails when an area holds no free floor for its key.
LockPlacement lock_gates(LockState& s, Rng& rng) {
  Dungeon& d = s.d;
  for (Objective& o : d.objectives)
    if (o.kind == ObjectiveKind::Key) o.kind = ObjectiveKind::Treasure;
  for (size_t k = 0; k < s.gates.size(); ++k) {
    // Cells on the start's side of gate k but not of gate k - 1: what keys 1..k open up to.
    std::vector<Point> cells;
    for_each_between(*s.gates[k], k > 0 ? s.gates[k - 1] : nullptr, [&](size_t c) {
      if (d.tiles.cells()[c] == Terrain::Floor && !s.occupied(d.tiles.point(c))) cells.push_back(d.tiles.point(c));
      return false;
    });
    if (cells.empty()) return {"no free floor for key " + std::to_string(k + 1)};
    const int lock = static_cast<int>(k) + 1;
    d.objectives.push_back({ObjectiveKind::Key, cells[rng.index_below(cells.size())], lock});
    for (Point q : s.gates[k]->cells) {
      d.tiles[q] = Terrain::Door;
      d.locks.push_back({q, lock});
    }
  }
  return {};
}

}  // namespace

namespace {

// The steps place_locks and route_gates share: the route, the candidates and the chosen gates
// (in s.gates, fewer than `locks` when there are too few); why it failed, else empty.
std::string find_gates(LockState& s, std::vector<Candidate>& candidates, int locks, const CostTable& costs,
                       int64_t min_area = 0) {
  Dungeon& d = s.d;
  {
    const DistanceMap dm = distance_map(d.tiles, costs, {s.start}, s.moves);
    if (dm.dist[s.exit] == kUnreached) return "the exit cannot be reached";
    s.route = descend(dm, d.tiles, costs, s.exit);  // exit to start; the distances are dropped
    std::reverse(s.route.begin(), s.route.end());
  }
  for (size_t i = 0; i < s.open.size(); ++i) s.open.cells()[i] = costs.passable(d.tiles.cells()[i]) ? 1 : 0;
  const int64_t total = [&] {
    const RegionMap all = label_regions(s.open, s.moves);
    return all.sizes[static_cast<size_t>(all.label(s.start))];
  }();
  CandidateGates gates(s);
  candidates = gates.find();
  choose_gates(s, candidates, total, locks, min_area);
  if (static_cast<int>(s.gates.size()) < locks && gates.can_widen()) {
    s.gates.clear();  // they point into `candidates`, and the search asks which cells they hold
    candidates = gates.widen(std::move(candidates));
    choose_gates(s, candidates, total, locks, min_area);
  }
  if (static_cast<int>(s.gates.size()) < locks)
    return "only " + std::to_string(s.gates.size()) + " gates between the start and the exit for " +
           std::to_string(locks) + " locks";
  narrow_gates(s, total);
  return {};
}

}  // namespace

LockPlacement place_locks(Dungeon& d, int locks, KeyRule rule, const CostTable& costs, const Moves& moves, Rng& rng) {
  const std::optional<Point> start = d.find(ObjectiveKind::Start), exit = d.find(ObjectiveKind::Exit);
  if (!start || !exit) return {"no start or exit to put locks between"};
  LockState s{d, moves, *start, *exit, {}, Grid<uint8_t>(d.tiles.width(), d.tiles.height(), 0), {}};
  std::vector<Candidate> candidates;
  if (std::string why = find_gates(s, candidates, locks, costs); !why.empty()) return {std::move(why)};
  if (LockPlacement keys = lock_gates(s, rng); !keys.ok()) return keys;
  sort_locks(d);
  d.key_rule = rule;
  return {};
}

namespace detail {

RouteGates route_gates(Dungeon& d, int count, const CostTable& costs, const Moves& moves, int64_t min_area) {
  RouteGates out;
  const std::optional<Point> start = d.find(ObjectiveKind::Start), exit = d.find(ObjectiveKind::Exit);
  if (!start || !exit) {
    out.why = "no start or exit to put locks between";
    return out;
  }
  LockState s{d, moves, *start, *exit, {}, Grid<uint8_t>(d.tiles.width(), d.tiles.height(), 0), {}};
  std::vector<Candidate> candidates;
  out.start = *start;
  out.exit = *exit;
  out.why = find_gates(s, candidates, count, costs, min_area);
  if (!out.why.empty()) return out;
  out.route = std::move(s.route);
  const int n = static_cast<int>(s.gates.size());
  out.area = Grid<int8_t>(d.tiles.width(), d.tiles.height(), RouteGates::kNoArea);
  const RegionMap all = label_regions(s.open, moves);
  const int32_t reached = all.label(*start);
  for (size_t i = 0; i < out.area.size(); ++i) {
    if (all.labels.cells()[i] != reached) continue;
    int k = 0;
    while (k < n && !s.gates[static_cast<size_t>(k)]->on_side(i)) ++k;
    out.area.cells()[i] = static_cast<int8_t>(k);
  }
  for (const Candidate* g : s.gates) {
    out.gates.push_back(g->cells);
    for (Point q : g->cells) out.area[q] = RouteGates::kGateArea;
  }
  return out;
}

}  // namespace detail
}  // namespace catacomb
