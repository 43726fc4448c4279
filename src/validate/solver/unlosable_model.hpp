#pragma once
// The model the proof that a map cannot be lost searches (unlosable.cpp): its nodes (areas,
// objectives' cells, doors' cells), the links between them and the moves of play, built once per
// map; and the report of a softlock found (unlosable_softlock.cpp). Private to solver/.
#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <catacomb/pathing/moves.hpp>
#include "shared/core/problems.hpp"
#include "validate/solver/door_names.hpp"
#include "validate/solver/unlosable.hpp"

namespace catacomb::solving::loss {

enum class Kind : uint8_t { Area, Cell, Lock, Gate, OneWay, Secret };

struct Node {
  Kind kind = Kind::Area;
  Point pos{};           // its cell (an area's first cell in row-major order)
  int door = -1;         // into Dungeon::locks (Lock) or Dungeon::doors (Gate, OneWay, Secret)
  int bit = -1;          // Lock: its bit among the locked doors; Secret: among the secret doors
  int lock = 0;          // Lock: its lock id
  uint64_t takes = 0;    // the taken-bits of the objectives on its cell (at most 64 objectives)
  uint32_t toggles = 0;  // the switch ids standing on its cell (bit s - 1)
};

enum class MoveKind : uint8_t { Walk, Open, OneWay, Toggle };
struct Move {
  MoveKind kind = MoveKind::Walk;
  int node = -1;  // the node moved to, or toggled on
  int switch_id = 0;
};

constexpr int32_t kWall = -1;

class Model {
 public:
  Model(const Dungeon& d, const SolveOptions& o) : d_(d), o_(o), node_(d.tiles.width(), d.tiles.height(), kWall) {
    rule_ = o.key_rule.value_or(d.key_rule);
    mark_cells();
    label_areas();
    number_special_cells();
    place_objectives();
    build_links();
  }

  const Dungeon& d_;
  const SolveOptions& o_;
  KeyRule rule_ = KeyRule::Reusable;
  Grid<int32_t> node_;  // per cell: its node, or kWall
  std::vector<Node> nodes_;
  std::vector<std::vector<int>> out_;
  int locks_ = 0, secrets_ = 0, takes_ = 0;
  std::vector<int> take_objective_;                 // per taken-bit: the objective's index
  std::array<uint64_t, kMaxLock + 1> key_bits_{};   // per lock id: the taken-bits of its keys
  std::array<uint64_t, kMaxLock + 1> door_bits_{};  // per lock id: the bits of its locked doors
  int start_ = -1, exit_ = -1, start_objective_ = -1;
  bool unplaced_ = false;  // an objective stands on no node: nothing finishes

  // A legal step from `from` in direction `dir` to a passable cell, corners read statically (door
  // cells closed), one-way doors at either end passed their way only.
  bool step(Point from, int dir) const {
    const Point to{from.x + kDirections[dir].x, from.y + kDirections[dir].y};
    if (!d_.tiles.in_bounds(to) || node_[to] == kWall) return false;
    if (dir >= 4) {
      const Point a = kDirections[kDiagonalParts[dir - 4][0]], b = kDirections[kDiagonalParts[dir - 4][1]];
      if (!step_allowed(o_.moves, dir, true, corner_open(Point{from.x + a.x, from.y + a.y}),
                        corner_open(Point{from.x + b.x, from.y + b.y})))
        return false;
    } else if (!step_allowed(o_.moves, dir, true)) {
      return false;
    }
    return one_way_ok(from, from, to) && one_way_ok(to, from, to);
  }

 private:
  static constexpr int32_t kUnlabelled = -3;  // passable, not yet given a node
  Grid<int8_t> kind_grid_;                    // while built: per cell, 0 plain, 1 + Kind of a door or objective cell
  std::vector<std::pair<size_t, int32_t>> door_index_;  // (cell index, door) for each door cell, sorted

  bool corner_open(Point c) const {
    if (!d_.tiles.in_bounds(c) || node_[c] == kWall) return false;
    const int8_t k = kind_grid_[c];
    return k == 0 || k == 1 + static_cast<int>(Kind::Cell);
  }
  // The door standing on door cell c (an index into Dungeon::locks or ::doors by its kind).
  int32_t door_at(Point c) const {
    const size_t i = d_.tiles.index(c);
    const auto it = std::lower_bound(door_index_.begin(), door_index_.end(), std::pair<size_t, int32_t>{i, -1});
    return it != door_index_.end() && it->first == i ? it->second : -1;
  }
  bool one_way_ok(Point at, Point from, Point to) const {
    if (!d_.tiles.in_bounds(at) || kind_grid_[at] != 1 + static_cast<int>(Kind::OneWay)) return true;
    return one_way_step_allowed(d_.doors[static_cast<size_t>(door_at(at))], from, to);
  }

  // Passable cells, door cells (a door that cannot be used is wall) and objective cells.
  void mark_cells() {
    const Grid<Terrain>& t = d_.tiles;
    kind_grid_ = Grid<int8_t>(t.width(), t.height(), 0);
    for (size_t i = 0; i < t.size(); ++i) node_.cells()[i] = o_.costs.passable(t.cells()[i]) ? kUnlabelled : kWall;
    auto usable = [&](Point p) { return t.in_bounds(p) && node_[p] != kWall && kind_grid_[p] == 0; };
    for (size_t i = 0; i < d_.locks.size(); ++i) {
      const LockedDoor& l = d_.locks[i];
      if (!t.in_bounds(l.pos)) continue;
      if (!usable(l.pos) || l.lock < 1 || l.lock > kMaxLock) {
        if (kind_grid_[l.pos] == 0) node_[l.pos] = kWall;
        continue;
      }
      kind_grid_[l.pos] = 1 + static_cast<int>(Kind::Lock);
      door_index_.emplace_back(t.index(l.pos), static_cast<int32_t>(i));
    }
    for (size_t i = 0; i < d_.doors.size(); ++i) {
      const ProgressionDoor& g = d_.doors[i];
      if (!t.in_bounds(g.pos)) continue;
      const bool valid = g.kind == DoorKind::Secret ||
                         (g.kind == DoorKind::Gate && g.switch_id >= 1 && g.switch_id <= kMaxSwitch) ||
                         (g.kind == DoorKind::OneWay && !direction_name(g.dir).empty());
      if (!usable(g.pos) || !valid) {
        if (kind_grid_[g.pos] == 0) node_[g.pos] = kWall;
        continue;
      }
      const Kind k = g.kind == DoorKind::Gate ? Kind::Gate : g.kind == DoorKind::OneWay ? Kind::OneWay : Kind::Secret;
      kind_grid_[g.pos] = static_cast<int8_t>(1 + static_cast<int>(k));
      door_index_.emplace_back(t.index(g.pos), static_cast<int32_t>(i));
    }
    std::sort(door_index_.begin(), door_index_.end());
    for (const Objective& ob : d_.objectives)
      if (t.in_bounds(ob.pos) && node_[ob.pos] != kWall && kind_grid_[ob.pos] == 0)
        kind_grid_[ob.pos] = 1 + static_cast<int>(Kind::Cell);
  }

  // Areas: components of the plain passable cells, breadth first in row-major order.
  void label_areas() {
    const Grid<Terrain>& t = d_.tiles;
    std::vector<Point> queue;
    for (int y = 0; y < t.height(); ++y)
      for (int x = 0; x < t.width(); ++x) {
        const Point p{x, y};
        if (node_[p] != kUnlabelled || kind_grid_[p] != 0) continue;
        const int32_t id = static_cast<int32_t>(nodes_.size());
        nodes_.push_back(Node{Kind::Area, p});
        node_[p] = id;
        queue.assign(1, p);
        for (size_t q = 0; q < queue.size(); ++q)
          for (int dir = 0; dir < 8; ++dir) {
            const Point n{queue[q].x + kDirections[dir].x, queue[q].y + kDirections[dir].y};
            if (!t.in_bounds(n) || node_[n] != kUnlabelled || kind_grid_[n] != 0 || !step(queue[q], dir)) continue;
            node_[n] = id;
            queue.push_back(n);
          }
      }
  }

  // Door and objective cells, one node each, in row-major order after the areas.
  void number_special_cells() {
    const Grid<Terrain>& t = d_.tiles;
    for (int y = 0; y < t.height(); ++y)
      for (int x = 0; x < t.width(); ++x) {
        const Point p{x, y};
        if (kind_grid_[p] == 0 || node_[p] == kWall) continue;
        Node n{static_cast<Kind>(kind_grid_[p] - 1), p, door_at(p)};
        if (n.kind == Kind::Lock) {
          n.lock = d_.locks[static_cast<size_t>(n.door)].lock;
          n.bit = locks_++;
          door_bits_[static_cast<size_t>(n.lock)] |= uint64_t{1} << n.bit;
        }
        if (n.kind == Kind::Secret) n.bit = secrets_++;
        node_[p] = static_cast<int32_t>(nodes_.size());
        nodes_.push_back(n);
      }
  }

  void place_objectives() {
    const Grid<Terrain>& t = d_.tiles;
    for (size_t i = 0; i < d_.objectives.size(); ++i) {
      const Objective& ob = d_.objectives[i];
      const int32_t n = t.in_bounds(ob.pos) ? node_[ob.pos] : kWall;
      const bool start = ob.kind == ObjectiveKind::Start && start_ < 0;
      const bool exit = ob.kind == ObjectiveKind::Exit && exit_ < 0;
      if (n < 0) {
        if (!start) unplaced_ = true;
        continue;
      }
      Node& node = nodes_[static_cast<size_t>(n)];
      if (ob.kind == ObjectiveKind::Switch && ob.switch_id >= 1 && ob.switch_id <= kMaxSwitch)
        node.toggles |= 1u << (ob.switch_id - 1);
      if (start) start_ = n, start_objective_ = static_cast<int>(i);
      if (exit) exit_ = n;
      if (ob.kind == ObjectiveKind::Start || ob.kind == ObjectiveKind::Exit) continue;
      if (takes_ == 64) {  // more than a state's word holds: refused by the caller's check
        unplaced_ = true;
        continue;
      }
      node.takes |= uint64_t{1} << takes_;
      if (ob.kind == ObjectiveKind::Key && ob.lock >= 1 && ob.lock <= kMaxLock)
        key_bits_[static_cast<size_t>(ob.lock)] |= uint64_t{1} << takes_;
      take_objective_.push_back(static_cast<int>(i));
      ++takes_;
    }
  }

  // The links of every door and objective cell, both ways where the steps allow.
  void build_links() {
    out_.resize(nodes_.size());
    for (size_t j = 0; j < nodes_.size(); ++j) {
      if (nodes_[j].kind == Kind::Area) continue;
      const Point c = nodes_[j].pos;
      for (int dir = 0; dir < 8; ++dir) {
        const Point q{c.x + kDirections[dir].x, c.y + kDirections[dir].y};
        if (!d_.tiles.in_bounds(q) || node_[q] < 0 || node_[q] == static_cast<int32_t>(j)) continue;
        if (step(c, dir)) out_[j].push_back(node_[q]);
        if (step(q, direction_index(-kDirections[dir].x, -kDirections[dir].y)))
          out_[static_cast<size_t>(node_[q])].push_back(static_cast<int>(j));
      }
    }
    for (auto& l : out_) {
      std::sort(l.begin(), l.end());
      l.erase(std::unique(l.begin(), l.end()), l.end());
    }
  }
};

// The softlock the moves of play lead into: the walk on the grid, one step per event, and its
// sentence (unlosable_softlock.cpp).
Softlock report(const Model& m, const std::vector<Move>& moves);

}  // namespace catacomb::solving::loss
