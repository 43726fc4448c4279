// The proof that a map with progression cannot be lost (see unlosable.hpp).
//
// The model keeps every choice a player has, so that no dead end is merged away:
// - Nodes: each objective's cell and each door's cell (usable locked door, gate, one-way door,
//   secret door) is a node of its own; the other passable cells form areas, the components of
//   legal steps between them (a diagonal step past a door cell's corner counts that corner as
//   closed, past an objective's cell as open). Inside an area a player walks anywhere and back
//   without touching an objective or a door, so every cell of an area has the same future, and a
//   player may walk past an objective without taking it: taking is stepping onto its cell.
//   A diagonal step that cuts past an open door's corner goes from one of its ends to the other
//   through the door's cell just as well (both are straight steps), so closing door cells' corners
//   loses no way.
// - A state: the node the player stands on, the switches, the locked doors opened, the objectives
//   taken and the secret doors the player has found (passed once). Keys held of lock k: the keys
//   of k taken, less the doors of k opened under the consumable rule.
// - Moves: a legal step to a linked node (a closed locked door entered only with a key held, a
//   gate only while open, a one-way door its way only, a secret door always: a player may find
//   it), or, on a switch's cell, flipping that switch.
// - Finished: every objective but the start and the exit taken, standing on the exit. A state
//   "can finish" when a finished state is reachable without entering a secret door the player has
//   not found: the proof never counts on a secret door a player may not know.
// Every reachable state is searched breadth first (so the first softlock found has the fewest
// moves in), then one backwards pass over the moves that may finish marks the states that can.
// The map is unlosable when every reachable state can finish; a search stopped at max_states
// proves nothing (NotProven). Nothing is merged, so the states grow with the subsets of objectives
// taken: exact, and capped. Memory: a few 64-bit words per state and 4 bytes per move.
// Deterministic: nodes, links and states follow the map's row-major order and indices.
#include "validate/solver/unlosable.hpp"

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

namespace catacomb::solving {
namespace {

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

// The reachable states, packed: word 0 the node (low 32 bits) and the switches; then the bits of
// the locked doors opened, the secret doors found and the objectives taken.
class Search {
 public:
  Search(const Model& m, int64_t cap) : m_(m), cap_(std::min<int64_t>(cap, int64_t{1} << 30)) {
    lock_at_ = 0;
    secret_at_ = m.locks_;
    take_at_ = m.locks_ + m.secrets_;
    words_ = 1 + static_cast<size_t>(take_at_ + m.takes_ + 63) / 64;
    table_.assign(1024, -1);
  }

  // False at the cap.
  bool run() {
    std::vector<uint64_t> s(words_, 0);
    s[0] = static_cast<uint32_t>(m_.start_);
    add_takes(s, m_.nodes_[static_cast<size_t>(m_.start_)].takes);
    insert(s, -1, Move{});
    std::vector<uint64_t> u(words_), cur(words_);
    for (size_t q = 0; q < count(); ++q) {
      offsets_.push_back(static_cast<int64_t>(succ_.size()));
      // A copy: adding states may move states_.
      std::copy_n(states_.begin() + static_cast<std::ptrdiff_t>(q * words_), words_, cur.begin());
      const uint64_t* sq = cur.data();
      const int n = static_cast<int>(sq[0] & 0xFFFFFFFFu);
      const uint32_t sw = static_cast<uint32_t>(sq[0] >> 32);
      for (int t : m_.out_[static_cast<size_t>(n)]) {
        const Node& tn = m_.nodes_[static_cast<size_t>(t)];
        std::copy(sq, sq + words_, u.begin());
        Move mv{MoveKind::Walk, t, 0};
        bool finishing = true;  // may a playthrough that finishes take this move?
        if (tn.kind == Kind::Gate && !gate_open(m_.d_.doors[static_cast<size_t>(tn.door)], sw)) continue;
        if (tn.kind == Kind::OneWay) mv.kind = MoveKind::OneWay;
        if (tn.kind == Kind::Lock && !bit(sq, lock_at_ + tn.bit)) {
          if (held(sq, tn.lock) <= 0) continue;
          set_bit(u.data(), lock_at_ + tn.bit);
          mv.kind = MoveKind::Open;
        }
        if (tn.kind == Kind::Secret && !bit(sq, secret_at_ + tn.bit)) {
          set_bit(u.data(), secret_at_ + tn.bit);
          finishing = false;
        }
        u[0] = (u[0] & ~uint64_t{0xFFFFFFFFu}) | static_cast<uint32_t>(t);
        add_takes(u, tn.takes);
        if (!link(u, static_cast<int>(q), mv, finishing)) return false;
      }
      const uint32_t here = m_.nodes_[static_cast<size_t>(n)].toggles;
      for (int id = 1; id <= kMaxSwitch; ++id)
        if ((here >> (id - 1)) & 1u) {
          std::copy(sq, sq + words_, u.begin());
          u[0] ^= uint64_t{1} << (32 + id - 1);
          if (!link(u, static_cast<int>(q), Move{MoveKind::Toggle, n, id}, true)) return false;
        }
    }
    offsets_.push_back(static_cast<int64_t>(succ_.size()));
    return true;
  }

  size_t count() const { return states_.size() / words_; }
  bool finished(size_t q) const {
    const uint64_t* s = &states_[q * words_];
    if (m_.unplaced_) return false;
    if (m_.exit_ >= 0 && static_cast<int>(s[0] & 0xFFFFFFFFu) != m_.exit_) return false;
    for (int b = 0; b < m_.takes_; ++b)
      if (!bit(s, take_at_ + b)) return false;
    return true;
  }
  // Per state: whether a finished state is reachable by moves a finishing playthrough may take;
  // with `next` and `rank`, the first state of a shortest such way and its moves (-1, 0 for a
  // finished state or one that cannot finish).
  std::vector<uint8_t> can_finish(std::vector<int32_t>* next = nullptr, std::vector<int32_t>* rank = nullptr) const {
    const size_t n = count();
    std::vector<int64_t> start(n + 1, 0);
    for (size_t q = 0; q < n; ++q)
      for (int64_t e = offsets_[q]; e < offsets_[q + 1]; ++e)
        if (succ_[static_cast<size_t>(e)] >= 0) ++start[static_cast<size_t>(succ_[static_cast<size_t>(e)]) + 1];
    for (size_t q = 0; q < n; ++q) start[q + 1] += start[q];
    std::vector<int32_t> back(static_cast<size_t>(start[n]));
    std::vector<int64_t> fill(start.begin(), start.end() - 1);
    for (size_t q = 0; q < n; ++q)
      for (int64_t e = offsets_[q]; e < offsets_[q + 1]; ++e) {
        const int32_t t = succ_[static_cast<size_t>(e)];
        if (t >= 0) back[static_cast<size_t>(fill[static_cast<size_t>(t)]++)] = static_cast<int32_t>(q);
      }
    std::vector<uint8_t> can(n, 0);
    std::vector<int32_t> queue;
    if (next) next->assign(n, -1);
    if (rank) rank->assign(n, 0);
    for (size_t q = 0; q < n; ++q)
      if (finished(q)) can[q] = 1, queue.push_back(static_cast<int32_t>(q));
    // Breadth first backwards from the finished states: each state is first met from a state one
    // move nearer the end than any other it has.
    for (size_t i = 0; i < queue.size(); ++i) {
      const size_t t = static_cast<size_t>(queue[i]);
      for (int64_t e = start[t]; e < start[t + 1]; ++e) {
        const size_t p = static_cast<size_t>(back[static_cast<size_t>(e)]);
        if (can[p]) continue;
        can[p] = 1;
        queue.push_back(static_cast<int32_t>(p));
        if (next) (*next)[p] = static_cast<int32_t>(t);
        if (rank) (*rank)[p] = (*rank)[t] + 1;
      }
    }
    return can;
  }
  const uint64_t* state(size_t q) const { return &states_[q * words_]; }
  size_t words() const { return words_; }
  int lock_at() const { return lock_at_; }
  int secret_at() const { return secret_at_; }
  int take_at() const { return take_at_; }
  static bool has(const uint64_t* s, int b) { return bit(s, b); }
  // The moves from the first state to state q.
  std::vector<Move> moves_to(int q) const {
    std::vector<Move> moves;
    for (; parent_[static_cast<size_t>(q)] >= 0; q = parent_[static_cast<size_t>(q)])
      moves.push_back(via_[static_cast<size_t>(q)]);
    return std::vector<Move>(moves.rbegin(), moves.rend());
  }

 private:
  const Model& m_;
  int64_t cap_;
  int lock_at_ = 0, secret_at_ = 0, take_at_ = 0;
  size_t words_ = 1;
  std::vector<uint64_t> states_;
  std::vector<int32_t> table_;  // open addressing: state indices, -1 empty
  std::vector<int32_t> parent_;
  std::vector<Move> via_;
  std::vector<int64_t> offsets_;
  std::vector<int32_t> succ_;  // a successor, or ~successor for a move no finishing play takes

  static bool bit(const uint64_t* s, int b) { return (s[1 + b / 64] >> (b % 64) & 1u) != 0; }
  static void set_bit(uint64_t* s, int b) { s[1 + b / 64] |= uint64_t{1} << (b % 64); }
  void add_takes(std::vector<uint64_t>& s, uint64_t takes) const {
    for (; takes != 0; takes &= takes - 1) set_bit(s.data(), take_at_ + std::countr_zero(takes));
  }
  int held(const uint64_t* s, int lock) const {
    int keys = 0;
    for (uint64_t k = m_.key_bits_[static_cast<size_t>(lock)]; k != 0; k &= k - 1)
      keys += bit(s, take_at_ + std::countr_zero(k)) ? 1 : 0;
    if (m_.rule_ == KeyRule::Consumable)
      for (uint64_t k = m_.door_bits_[static_cast<size_t>(lock)]; k != 0; k &= k - 1)
        keys -= bit(s, lock_at_ + std::countr_zero(k)) ? 1 : 0;
    return keys;
  }
  uint64_t hash(const uint64_t* s) const {
    uint64_t h = 0x9E3779B97F4A7C15u;
    for (size_t w = 0; w < words_; ++w) {
      h ^= s[w] + 0x9E3779B97F4A7C15u + (h << 6) + (h >> 2);
      h *= 0xBF58476D1CE4E5B9u;
    }
    return h ^ (h >> 31);
  }
  // The index of state s, added (with its first parent and move) when new; -1 at the cap.
  int32_t insert(const std::vector<uint64_t>& s, int32_t parent, Move mv) {
    if (2 * (count() + 1) > table_.size()) grow();
    const size_t mask = table_.size() - 1;
    for (size_t i = hash(s.data()) & mask;; i = (i + 1) & mask) {
      const int32_t at = table_[i];
      if (at < 0) {
        if (static_cast<int64_t>(count()) >= cap_) return -1;
        table_[i] = static_cast<int32_t>(count());
        states_.insert(states_.end(), s.begin(), s.end());
        parent_.push_back(parent);
        via_.push_back(mv);
        return table_[i];
      }
      if (std::equal(s.begin(), s.end(),
                     states_.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(at) * words_)))
        return at;
    }
  }
  void grow() {
    table_.assign(table_.size() * 2, -1);
    const size_t mask = table_.size() - 1;
    for (size_t q = 0; q < count(); ++q) {
      size_t i = hash(&states_[q * words_]) & mask;
      while (table_[i] >= 0) i = (i + 1) & mask;
      table_[i] = static_cast<int32_t>(q);
    }
  }
  bool link(const std::vector<uint64_t>& u, int32_t from, Move mv, bool finishing) {
    const int32_t t = insert(u, from, mv);
    if (t < 0) return false;
    succ_.push_back(finishing ? t : ~t);
    return true;
  }
};

std::string name_of(const Model& m, int n) {
  const Node& node = m.nodes_[static_cast<size_t>(n)];
  switch (node.kind) {
    case Kind::Lock: return locked_door_name(node.lock, node.pos);
    case Kind::Gate: return gate_name(m.d_.doors[static_cast<size_t>(node.door)]);
    case Kind::OneWay: return one_way_door_name(m.d_.doors[static_cast<size_t>(node.door)]);
    case Kind::Secret: return "secret door at " + to_string(node.pos);
    case Kind::Cell: return "the cell " + to_string(node.pos);
    case Kind::Area: break;
  }
  return "the area at " + to_string(node.pos);
}

// The walk of the moves into a softlock on the grid: one step per event (an objective taken, a
// door opened, a one-way door passed, a switch toggled), each a breadth-first route through the
// cells of the nodes the moves crossed since the step before.
class Walk {
 public:
  explicit Walk(const Model& m) : m_(m), in_chain_(m.nodes_.size(), 0) {
    pos_ = m.nodes_[static_cast<size_t>(m.start_)].pos;
    taken_ = m.nodes_[static_cast<size_t>(m.start_)].takes;
    chain_.push_back(m.start_);
  }
  void move(const Move& mv) {
    const Node& t = m_.nodes_[static_cast<size_t>(mv.node)];
    if (mv.kind == MoveKind::Toggle) {
      push(StepKind::Toggle, t.pos, -1, 0);
      steps_.back().switch_id = mv.switch_id;
      return;
    }
    chain_.push_back(mv.node);
    if (mv.kind == MoveKind::Open) {
      push(StepKind::OpenDoor, t.pos, -1, t.lock);
      steps_.back().door = t.door;
    } else if (mv.kind == MoveKind::OneWay) {
      push(StepKind::OneWay, t.pos, -1, 0);
    } else if ((t.takes & ~taken_) != 0) {
      const int first = m_.take_objective_[static_cast<size_t>(std::countr_zero(t.takes & ~taken_))];
      const Objective& ob = m_.d_.objectives[static_cast<size_t>(first)];
      const bool key = ob.kind == ObjectiveKind::Key && ob.lock >= 1 && ob.lock <= kMaxLock;
      push(key ? StepKind::TakeKey : StepKind::Take, t.pos, first, key ? ob.lock : 0);
    }
    taken_ |= t.takes;
  }
  std::vector<WalkStep>& steps() { return steps_; }

 private:
  const Model& m_;
  std::unordered_map<size_t, size_t> prev_;  // per cell reached (row-major index): the cell before
  std::vector<uint8_t> in_chain_;
  std::vector<int> chain_;  // the nodes crossed since the last step
  Point pos_;
  uint64_t taken_ = 0;
  std::vector<WalkStep> steps_;

  void push(StepKind kind, Point target, int objective, int lock) {
    WalkStep st;
    st.kind = kind;
    st.objective = objective;
    st.lock = lock;
    st.target = target;
    st.route = route(target);
    for (size_t i = 1; i < st.route.size(); ++i) {
      const bool diagonal = st.route[i].x != st.route[i - 1].x && st.route[i].y != st.route[i - 1].y;
      st.cost += m_.o_.costs[m_.d_.tiles[st.route[i]]] * (diagonal ? m_.o_.moves.diagonal_cost : 1.0);
    }
    steps_.push_back(std::move(st));
    pos_ = target;
    chain_.assign(1, m_.node_[target]);
  }
  // A route from pos_ to target over the cells of the chain's nodes (breadth first, steps in
  // kDirections order: the same route on every machine).
  std::vector<Point> route(Point target) {
    for (int n : chain_) in_chain_[static_cast<size_t>(n)] = 1;
    const Grid<int32_t>& node = m_.node_;
    const size_t goal = node.index(target);
    std::vector<Point> queue{pos_};
    prev_.clear();
    prev_.emplace(node.index(pos_), node.index(pos_));
    for (size_t q = 0; q < queue.size() && !prev_.count(goal); ++q)
      for (int dir = 0; dir < 8; ++dir) {
        const Point n{queue[q].x + kDirections[dir].x, queue[q].y + kDirections[dir].y};
        if (!node.in_bounds(n) || node[n] < 0 || !in_chain_[static_cast<size_t>(node[n])] ||
            prev_.count(node.index(n)) || !m_.step(queue[q], dir))
          continue;
        prev_.emplace(node.index(n), node.index(queue[q]));
        queue.push_back(n);
      }
    std::vector<Point> path;
    if (prev_.count(goal))
      for (size_t c = goal;; c = prev_.at(c)) {
        path.push_back(node.point(c));
        if (c == node.index(pos_)) break;
      }
    std::reverse(path.begin(), path.end());
    if (path.empty()) path = {pos_, target};  // not reached (cannot happen on the model's links)
    for (int n : chain_) in_chain_[static_cast<size_t>(n)] = 0;
    return path;
  }
};

Softlock report(const Model& m, const std::vector<Move>& moves) {
  Walk walk(m);
  for (const Move& mv : moves) walk.move(mv);
  Softlock sl;
  sl.steps = std::move(walk.steps());
  const Move& last = moves.back();
  std::string what;
  if (last.kind == MoveKind::Toggle) what = "toggling switch " + std::to_string(last.switch_id);
  else if (last.kind == MoveKind::Open) what = "opening " + name_of(m, last.node);
  else if (last.kind == MoveKind::OneWay) what = "passing " + name_of(m, last.node);
  else what = "walking into " + name_of(m, last.node);
  sl.message = "after " + what + " (" + std::to_string(moves.size()) + (moves.size() == 1 ? " move" : " moves") +
               " of play) the dungeon can no longer be completed" +
               (last.kind == MoveKind::OneWay                                   ? ": there is no way back"
                : last.kind == MoveKind::Open && m.rule_ == KeyRule::Consumable ? ": the keys it needs are spent"
                                                                                : "");
  return sl;
}

// The states a certificate of unlosability lists (indices into the search, ascending): every
// state that is least in what it has taken besides keys among the states alike in everything
// else (place, switches, doors opened and found, keys taken), and the states on the way to the
// end (`next`) from each. Why that is enough: taking an objective that is not a key gives no
// move and loses none, so a state that has taken more of them than a listed state alike in the
// rest can make every move the listed one makes, to a state that again has taken at least as
// much, and finishes wherever it does; and below every reachable state lies a least one.
// Checking each state against the least ones already found stops after 64 of them: a state
// kept that was not least only makes the list longer.
std::vector<size_t> certificate_states(const Model& m, const Search& search, const std::vector<int32_t>& next) {
  const size_t words = search.words(), n = search.count();
  std::vector<uint64_t> others(words, 0);  // the taken-bits of objectives that are not keys
  uint64_t keys = 0;
  for (uint64_t k : m.key_bits_) keys |= k;
  for (int b = 0; b < m.takes_; ++b)
    if (!((keys >> b) & 1u)) {
      const int at = search.take_at() + b;
      others[1 + static_cast<size_t>(at) / 64] |= uint64_t{1} << (at % 64);
    }
  auto rest_less = [&](size_t a, size_t b) {  // the states' words, objectives other than keys left out
    const uint64_t *sa = search.state(a), *sb = search.state(b);
    for (size_t w = 0; w < words; ++w)
      if ((sa[w] & ~others[w]) != (sb[w] & ~others[w])) return (sa[w] & ~others[w]) < (sb[w] & ~others[w]);
    return false;
  };
  auto taken_others = [&](size_t a) {
    int c = 0;
    for (size_t w = 0; w < words; ++w) c += std::popcount(search.state(a)[w] & others[w]);
    return c;
  };
  std::vector<size_t> order(n);
  for (size_t q = 0; q < n; ++q) order[q] = q;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (rest_less(a, b)) return true;
    if (rest_less(b, a)) return false;
    const int ca = taken_others(a), cb = taken_others(b);
    return ca != cb ? ca < cb : a < b;
  });
  std::vector<uint8_t> keep(n, 0);
  std::vector<size_t> least;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && !rest_less(order[i], order[j])) ++j;
    least.clear();
    for (size_t k = i; k < j; ++k) {
      const uint64_t* sk = search.state(order[k]);
      bool above = false;
      for (size_t l = 0; l < least.size() && l < 64 && !above; ++l) {
        const uint64_t* sl = search.state(least[l]);
        bool subset = true;
        for (size_t w = 0; w < words && subset; ++w) subset = (sl[w] & others[w] & ~sk[w]) == 0;
        above = subset;
      }
      if (!above) keep[order[k]] = 1, least.push_back(order[k]);
    }
    i = j;
  }
  for (size_t q = 0; q < n; ++q)
    if (keep[q] == 1)
      for (int32_t t = next[q]; t >= 0 && !keep[static_cast<size_t>(t)]; t = next[static_cast<size_t>(t)])
        keep[static_cast<size_t>(t)] = 2;
  std::vector<size_t> out;
  for (size_t q = 0; q < n; ++q)
    if (keep[q]) out.push_back(q);
  return out;
}

}  // namespace

LossProof prove_unlosable(const Dungeon& d, const SolveOptions& options) {
  LossProof proof;
  const Model m(d, options);
  if (m.start_ < 0) {
    proof.status = LossStatus::Losable;
    return proof;
  }
  Search search(m, options.max_states);
  const bool done = search.run();
  proof.states = static_cast<int64_t>(search.count());
  if (!done) return proof;  // NotProven
  const std::vector<uint8_t> can = search.can_finish();
  proof.completable = can[0] != 0;
  int first = -1;
  for (size_t q = 0; q < can.size(); ++q)
    if (!can[q]) {
      ++proof.softlock_states;
      if (first < 0) first = static_cast<int>(q);
    }
  proof.status = proof.softlock_states == 0 ? LossStatus::Unlosable : LossStatus::Losable;
  if (first > 0) proof.softlock = report(m, search.moves_to(first));
  return proof;
}

}  // namespace catacomb::solving

namespace catacomb {

ReachableStates reachable_states(const Dungeon& d, const SolveOptions& options) {
  std::vector<FieldProblem> problems = options.moves.problems();
  if (options.max_states < 1) problems.push_back({"max_states", std::to_string(options.max_states), "at least 1"});
  throw_if_problems(problems);
  using namespace solving;
  ReachableStates out;
  auto words = [](size_t bits) { return (bits + 63) / 64; };
  out.lock_words = words(d.locks.size());
  out.door_words = words(d.doors.size());
  out.objective_words = words(d.objectives.size());
  const Model m(d, options);
  if (m.start_ < 0) {
    out.status = LossStatus::Losable;
    return out;
  }
  Search search(m, options.max_states);
  const bool done = search.run();
  out.searched = static_cast<int64_t>(search.count());
  if (!done) return out;  // NotProven
  std::vector<int32_t> next, rank;
  const std::vector<uint8_t> can = search.can_finish(&next, &rank);
  out.status = std::all_of(can.begin(), can.end(), [](uint8_t c) { return c != 0; }) ? LossStatus::Unlosable
                                                                                     : LossStatus::Losable;
  if (out.status != LossStatus::Unlosable) return out;
  // The model's bits, named by the dungeon's lists.
  std::vector<int> lock_door(static_cast<size_t>(m.locks_), -1), secret_door(static_cast<size_t>(m.secrets_), -1);
  for (const Node& n : m.nodes_) {
    if (n.kind == Kind::Lock) lock_door[static_cast<size_t>(n.bit)] = n.door;
    if (n.kind == Kind::Secret) secret_door[static_cast<size_t>(n.bit)] = n.door;
  }
  const size_t found_at = out.lock_words, taken_at = out.lock_words + out.door_words;
  auto set = [](std::vector<uint64_t>& v, size_t word0, int i) {
    v[word0 + static_cast<size_t>(i) / 64] |= uint64_t{1} << (static_cast<size_t>(i) % 64);
  };
  const std::vector<size_t> listed = certificate_states(m, search, next);
  std::vector<int32_t> index(search.count(), -1);
  for (size_t i = 0; i < listed.size(); ++i) index[listed[i]] = static_cast<int32_t>(i);
  out.states.resize(listed.size());
  for (size_t i = 0; i < listed.size(); ++i) {
    const size_t q = listed[i];
    const uint64_t* s = search.state(q);
    ReachableState& r = out.states[i];
    r.at = m.nodes_[static_cast<size_t>(s[0] & 0xFFFFFFFFu)].pos;
    r.switches = static_cast<uint32_t>(s[0] >> 32);
    r.sets.assign(out.lock_words + out.door_words + out.objective_words, 0);
    for (int b = 0; b < m.locks_; ++b)
      if (Search::has(s, search.lock_at() + b)) set(r.sets, 0, lock_door[static_cast<size_t>(b)]);
    for (int b = 0; b < m.secrets_; ++b)
      if (Search::has(s, search.secret_at() + b)) set(r.sets, found_at, secret_door[static_cast<size_t>(b)]);
    for (int b = 0; b < m.takes_; ++b)
      if (Search::has(s, search.take_at() + b)) set(r.sets, taken_at, m.take_objective_[static_cast<size_t>(b)]);
    r.next = next[q] < 0 ? -1 : index[static_cast<size_t>(next[q])];
    r.rank = rank[q];
  }
  return out;
}

}  // namespace catacomb
