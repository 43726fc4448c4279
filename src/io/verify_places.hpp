#pragma once
// The places of verify's check of unlosable states (verify_unlosable.cpp), in its own terms: the
// cell of each usable door and of each objective is a place of its own, the other passable cells
// form areas (union-find over the steps between them); and the steps between places. Written from
// the rules, apart from the solver's model. Private to io/.
#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb::verifying::places {

enum class Kind : uint8_t { Area, Objective, Lock, Gate, OneWay, Secret };

struct Place {
  Kind kind = Kind::Area;
  Point pos{};             // its cell; an area's first in row-major order
  int door = -1;           // into Dungeon::locks (Lock) or Dungeon::doors (Gate, OneWay, Secret)
  std::vector<int> takes;  // the objectives taken on entering it (never a start or an exit)
  uint32_t toggles = 0;    // bit s - 1: a switch s stands on its cell
};

// The map's places and the steps between them.
class Places {
 public:
  Places(const Dungeon& d, const ValidateOptions& rules) : d_(d), rules_(rules) {
    const Grid<Terrain>& t = d.tiles;
    kind_ = Grid<uint8_t>(t.width(), t.height(), kPlain);
    for (size_t i = 0; i < t.size(); ++i)
      if (!rules.costs.passable(t.cells()[i])) kind_.cells()[i] = kWall;
    for (size_t i = 0; i < d.locks.size(); ++i)
      add_door(d.locks[i].pos, Kind::Lock, static_cast<int>(i), d.locks[i].lock >= 1 && d.locks[i].lock <= kMaxLock);
    for (size_t i = 0; i < d.doors.size(); ++i) {
      const ProgressionDoor& g = d.doors[i];
      const bool usable = g.kind == DoorKind::Secret ||
                          (g.kind == DoorKind::Gate && g.switch_id >= 1 && g.switch_id <= kMaxSwitch) ||
                          (g.kind == DoorKind::OneWay && !direction_name(g.dir).empty());
      const Kind k = g.kind == DoorKind::Gate ? Kind::Gate : g.kind == DoorKind::OneWay ? Kind::OneWay : Kind::Secret;
      add_door(g.pos, k, static_cast<int>(i), usable);
    }
    for (const Objective& o : d.objectives)
      if (t.in_bounds(o.pos) && kind_[o.pos] == kPlain) kind_[o.pos] = 1 + static_cast<uint8_t>(Kind::Objective);
    number_places();
    place_objectives();
    link_places();
  }

  int32_t place_at(Point c) const { return at_.in_bounds(c) ? at_[c] : -1; }
  const Place& place(int32_t p) const { return places_[static_cast<size_t>(p)]; }
  const std::vector<int32_t>& links(int32_t p) const { return links_[static_cast<size_t>(p)]; }
  int32_t start() const { return start_; }
  int32_t exit() const { return exit_; }
  bool finishable() const { return finishable_; }
  const std::vector<int>& required() const { return required_; }
  std::string name(int32_t p) const {
    const Place& pl = place(p);
    const std::string at = to_string(pl.pos);
    switch (pl.kind) {
      case Kind::Lock:
        return "locked door " + std::to_string(d_.locks[static_cast<size_t>(pl.door)].lock) + " at " + at;
      case Kind::Gate:
        return "the gate of switch " + std::to_string(d_.doors[static_cast<size_t>(pl.door)].switch_id) + " at " + at;
      case Kind::OneWay: return "the one-way door at " + at;
      case Kind::Secret: return "the secret door at " + at;
      case Kind::Objective: return "the cell " + at;
      case Kind::Area: break;
    }
    return "the area of " + at;
  }

 private:
  static constexpr uint8_t kPlain = 0, kWall = 255;
  const Dungeon& d_;
  const ValidateOptions& rules_;
  Grid<uint8_t> kind_;           // per cell: kPlain, kWall or 1 + Kind of a place of its own
  std::map<size_t, int> doors_;  // door cell (row-major index) -> its door
  Grid<int32_t> at_;             // per cell: its place, -1 for wall
  std::vector<Place> places_;
  std::vector<std::vector<int32_t>> links_;
  std::vector<int> required_;
  int32_t start_ = -1, exit_ = -1;
  bool finishable_ = true;

  void add_door(Point c, Kind k, int door, bool usable) {
    if (!kind_.in_bounds(c) || kind_[c] != kPlain) return;  // off the map, on wall, or a cell's second door
    kind_[c] = usable ? static_cast<uint8_t>(1 + static_cast<uint8_t>(k)) : kWall;
    if (usable) doors_.emplace(kind_.index(c), door);
  }
  bool passable(Point c) const { return kind_.in_bounds(c) && kind_[c] != kWall; }
  bool is(Point c, Kind k) const { return passable(c) && kind_[c] == 1 + static_cast<uint8_t>(k); }
  bool corner_open(Point c) const { return passable(c) && (kind_[c] == kPlain || is(c, Kind::Objective)); }
  const ProgressionDoor& door_of(Point c) const { return d_.doors[static_cast<size_t>(doors_.at(kind_.index(c)))]; }
  // The step from `a` in direction `dir` (kDirections): onto a passable cell, a diagonal as the
  // rules allow with door cells' corners closed, a one-way door at either end passed its way.
  bool step(Point a, int dir) const {
    const Point b{a.x + kDirections[dir].x, a.y + kDirections[dir].y};
    if (!passable(b)) return false;
    if (dir >= 4) {
      const Point s = kDirections[kDiagonalParts[dir - 4][0]], u = kDirections[kDiagonalParts[dir - 4][1]];
      if (!diagonal_allowed(effective_diagonal(rules_.moves), corner_open({a.x + s.x, a.y + s.y}),
                            corner_open({a.x + u.x, a.y + u.y})))
        return false;
    }
    if (is(a, Kind::OneWay) && !one_way_step_allowed(door_of(a), a, b)) return false;
    if (is(b, Kind::OneWay) && !one_way_step_allowed(door_of(b), a, b)) return false;
    return true;
  }
  // Places in row-major order of their first cell. Areas: the plain cells joined by their steps
  // (step() between two plain cells: no one-way door at either end, a diagonal as the rules allow
  // its corners), by union-find over each cell's steps to the cells before it (west, north-west,
  // north, north-east: the steps are the same both ways), each set rooted at its first cell.
  void number_places() {
    const Grid<Terrain>& t = d_.tiles;
    const int w = t.width(), h = t.height();
    const DiagonalPolicy policy = effective_diagonal(rules_.moves);
    std::vector<int32_t> root(t.size(), -1);
    auto find = [&](int32_t i) {
      int32_t r = i;
      while (root[static_cast<size_t>(r)] != r) r = root[static_cast<size_t>(r)];
      while (root[static_cast<size_t>(i)] != r) i = std::exchange(root[static_cast<size_t>(i)], r);
      return r;
    };
    auto join = [&](int32_t a, int32_t b) {
      a = find(a), b = find(b);
      if (a != b) root[static_cast<size_t>(std::max(a, b))] = std::min(a, b);
    };
    auto plain = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h && kind_(x, y) == kPlain; };
    // The step from (x, y) to (x + dx, y - 1), when it joins what its side cells do not: with a
    // side cell plain, both ends are joined through it already (two straight steps).
    auto diagonal = [&](int x, int y, int dx) {
      return plain(x + dx, y - 1) && !plain(x + dx, y) && !plain(x, y - 1) &&
             diagonal_allowed(policy, corner_open({x + dx, y}), corner_open({x, y - 1}));
    };
    const uint8_t* k = kind_.cells().data();
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int32_t i = y * w + x;
        if (k[i] != kPlain) continue;
        root[static_cast<size_t>(i)] = i;
        const bool west = x > 0 && k[i - 1] == kPlain, north = y > 0 && k[i - w] == kPlain;
        if (west) join(i, i - 1);
        if (north) join(i, i - w);
        if (north) continue;  // both diagonals to the north have it as a side cell: joined through it
        if (policy != DiagonalPolicy::Never) {
          if (diagonal(x, y, -1)) join(i, i - w - 1);
          if (diagonal(x, y, 1)) join(i, i - w + 1);
        }
      }
    at_ = Grid<int32_t>(w, h, -1);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const Point c{x, y};
        if (!passable(c)) continue;
        const int32_t i = y * w + x;
        if (kind_[c] == kPlain) {
          const int32_t r = find(i);
          if (r != i) {
            at_[c] = at_.cells()[static_cast<size_t>(r)];
            continue;
          }
        }
        Place p;
        p.pos = c;
        at_[c] = static_cast<int32_t>(places_.size());
        if (kind_[c] != kPlain) {
          p.kind = static_cast<Kind>(kind_[c] - 1);
          if (p.kind != Kind::Objective) p.door = doors_.at(t.index(c));
        }
        places_.push_back(std::move(p));
      }
  }
  void place_objectives() {
    for (size_t i = 0; i < d_.objectives.size(); ++i) {
      const Objective& o = d_.objectives[i];
      const int32_t p = place_at(o.pos);
      if (o.kind == ObjectiveKind::Start) {
        if (start_ < 0 && p >= 0) start_ = p;
        continue;
      }
      if (p < 0) {  // an objective on no passable cell: nothing finishes
        finishable_ = false;
        continue;
      }
      Place& pl = places_[static_cast<size_t>(p)];
      if (o.kind == ObjectiveKind::Switch && o.switch_id >= 1 && o.switch_id <= kMaxSwitch)
        pl.toggles |= 1u << (o.switch_id - 1);
      if (o.kind == ObjectiveKind::Exit) {
        if (exit_ < 0) exit_ = p;
        continue;
      }
      pl.takes.push_back(static_cast<int>(i));
      required_.push_back(static_cast<int>(i));
    }
  }
  void link_places() {
    links_.resize(places_.size());
    for (size_t p = 0; p < places_.size(); ++p) {
      if (places_[p].kind == Kind::Area) continue;
      const Point c = places_[p].pos;
      for (int dir = 0; dir < 8; ++dir) {
        const Point q{c.x + kDirections[dir].x, c.y + kDirections[dir].y};
        const int32_t o = place_at(q);
        if (o < 0 || o == static_cast<int32_t>(p)) continue;
        if (step(c, dir)) links_[p].push_back(o);
        if (step(q, direction_index(-kDirections[dir].x, -kDirections[dir].y)))
          links_[static_cast<size_t>(o)].push_back(static_cast<int32_t>(p));
      }
    }
    for (std::vector<int32_t>& l : links_) {
      std::sort(l.begin(), l.end());
      l.erase(std::unique(l.begin(), l.end()), l.end());
    }
  }
};

}  // namespace catacomb::verifying::places
