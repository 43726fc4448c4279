// Completable and unlosable by brute force over cells (reference_unlosable.hpp): a breadth-first
// search of every state the player can reach (cell, switches, locked doors opened, objectives
// taken, secret doors found), then a backwards search from the goal states over the steps that
// enter no secret door the player has not found before.
// Every state is a bit pattern indexing one flat array: slow and plain, for small maps only.
#include "support/reference/reference_unlosable.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>
#include <vector>

#include <catacomb/pathing/moves.hpp>

namespace catacomb::test {
namespace {

// A vector indexed by int (cells, areas, switches: small non-negative numbers).
template <typename T>
class IntIndexed {
 public:
  IntIndexed() = default;
  explicit IntIndexed(int n, T fill = T{}) : v_(static_cast<size_t>(n), fill) {}
  T& operator[](int i) { return v_[static_cast<size_t>(i)]; }
  const T& operator[](int i) const { return v_[static_cast<size_t>(i)]; }
  int size() const { return static_cast<int>(v_.size()); }

 private:
  std::vector<T> v_;
};

// What stands on a cell, for the step rule.
enum class DoorAt : uint8_t {
  None,    // no door
  Wall,    // an unusable door: a locked door without a lock id 1 to kMaxLock, a bad gate or one-way door
  Locked,  // a usable locked door
  Gate,    // a gate with a switch id 1 to kMaxSwitch
  OneWay,  // a one-way door with a unit straight direction
  Secret,  // a secret door
};

// The map as the rules read it, one entry per cell (row-major).
struct Board {
  int width = 0;
  int height = 0;
  IntIndexed<uint8_t> passable;             // the terrain can be entered
  IntIndexed<DoorAt> door;                  // the door standing there
  IntIndexed<int> locked_bit;               // a usable locked door's bit in the opened set, else -1
  IntIndexed<int> lock_id;                  // a usable locked door's lock id, else 0
  IntIndexed<const ProgressionDoor*> prog;  // a gate, one-way or secret door, else null

  bool in(Point p) const { return p.x >= 0 && p.y >= 0 && p.x < width && p.y < height; }
  int at(Point p) const { return p.y * width + p.x; }
  Point point(int i) const { return {i % width, i / width}; }
  // The player may stand here at all (whatever the doors' states).
  bool enterable(int i) const { return passable[i] != 0 && door[i] != DoorAt::Wall; }
};

bool unit_straight(Point p) { return (p.x == 0) != (p.y == 0) && p.x >= -1 && p.x <= 1 && p.y >= -1 && p.y <= 1; }

Board read_board(const Dungeon& d, const SolveOptions& o, int& lock_count) {
  Board b;
  b.width = d.tiles.width();
  b.height = d.tiles.height();
  const int n = b.width * b.height;
  b.passable = IntIndexed<uint8_t>(n, 0);
  b.door = IntIndexed<DoorAt>(n, DoorAt::None);
  b.locked_bit = IntIndexed<int>(n, -1);
  b.lock_id = IntIndexed<int>(n, 0);
  b.prog = IntIndexed<const ProgressionDoor*>(n, nullptr);
  for (int i = 0; i < n; ++i) b.passable[i] = o.costs.passable(d.tiles[b.point(i)]) ? 1 : 0;
  lock_count = 0;
  for (const LockedDoor& l : d.locks) {
    if (!b.in(l.pos)) continue;
    const int i = b.at(l.pos);
    if (b.passable[i] != 0 && l.lock >= 1 && l.lock <= kMaxLock) {
      b.door[i] = DoorAt::Locked;
      b.locked_bit[i] = lock_count++;
      b.lock_id[i] = l.lock;
    } else {
      b.door[i] = DoorAt::Wall;
    }
  }
  for (const ProgressionDoor& g : d.doors) {
    if (!b.in(g.pos)) continue;
    const int i = b.at(g.pos);
    bool good = b.passable[i] != 0;
    DoorAt kind = DoorAt::Wall;
    switch (g.kind) {
      case DoorKind::Gate:
        kind = DoorAt::Gate;
        good = good && g.switch_id >= 1 && g.switch_id <= kMaxSwitch;
        break;
      case DoorKind::OneWay:
        kind = DoorAt::OneWay;
        good = good && unit_straight(g.dir);
        break;
      case DoorKind::Secret: kind = DoorAt::Secret; break;
      case DoorKind::Open:
      case DoorKind::Locked: good = false; break;
    }
    b.door[i] = good ? kind : DoorAt::Wall;
    b.prog[i] = good ? &g : nullptr;
  }
  return b;
}

// Steps of the search: BFS ids of the two ends of a step that enters no secret door not found
// before.
using Edge = std::pair<int32_t, int32_t>;

}  // namespace

BruteResult brute_force_unlosable(const Dungeon& d, const SolveOptions& options, const BruteWeakening& weak) {
  BruteResult result;
  int lock_count = 0;
  const Board b = read_board(d, options, lock_count);
  const int n = b.width * b.height;
  const KeyRule rule = options.key_rule.value_or(d.key_rule);

  // The start, the exit and the objectives to take (every other one), each a bit.
  int start = -1, exit = -1, taken_count = 0;
  std::vector<int> switch_ids;  // compact switch index -> switch id
  uint32_t key_mask[kMaxLock + 1] = {};
  IntIndexed<uint8_t> objective_cell(n, 0);  // some objective (start and exit included) stands here
  IntIndexed<uint32_t> taken_here(n, 0);     // bits of the objectives taken on arriving here
  IntIndexed<uint32_t> toggles_here(n, 0);   // bits (compact switch indices) toggled standing here
  for (const Objective& obj : d.objectives) {
    if (!b.in(obj.pos)) continue;
    const int i = b.at(obj.pos);
    objective_cell[i] = 1;
    if (obj.kind == ObjectiveKind::Start) {
      if (start < 0) start = i;
      continue;
    }
    if (obj.kind == ObjectiveKind::Exit) {
      if (exit < 0) exit = i;
      continue;
    }
    if (taken_count >= 26) throw std::length_error("brute_force_unlosable: too many objectives");
    const uint32_t bit = 1u << taken_count++;
    taken_here[i] |= bit;
    if (obj.kind == ObjectiveKind::Key && obj.lock >= 1 && obj.lock <= kMaxLock) key_mask[obj.lock] |= bit;
    if (obj.kind == ObjectiveKind::Switch && obj.switch_id >= 1 && obj.switch_id <= kMaxSwitch) {
      const auto it = std::find(switch_ids.begin(), switch_ids.end(), obj.switch_id);
      const int s = static_cast<int>(it - switch_ids.begin());
      if (it == switch_ids.end()) switch_ids.push_back(obj.switch_id);
      toggles_here[i] |= 1u << s;
    }
  }
  if (start < 0) return result;
  // Each secret door a bit of its own: found once the player has passed it.
  IntIndexed<int> secret_bit(n, -1);
  int fbits = 0;
  for (int i = 0; i < n; ++i)
    if (b.door[i] == DoorAt::Secret) secret_bit[i] = fbits++;
  const int sbits = static_cast<int>(switch_ids.size()) + fbits, lbits = lock_count, tbits = taken_count;
  if (sbits + lbits + tbits > 26 || (int64_t{n} << (sbits + lbits + tbits)) > (int64_t{1} << 26))
    throw std::length_error("brute_force_unlosable: too many states");
  uint32_t door_mask[kMaxLock + 1] = {};
  for (int i = 0; i < n; ++i)
    if (b.locked_bit[i] >= 0) door_mask[b.lock_id[i]] |= 1u << b.locked_bit[i];
  const uint32_t all_taken = (1u << tbits) - 1u;
  // The "switch" field of a state: the compact switch bits, then (above them) the found secrets.
  const int switch_bits = sbits - fbits;
  std::vector<uint32_t> real_mask(size_t{1} << sbits, 0);  // compact switch bits -> switch states
  for (uint32_t sw = 0; sw < real_mask.size(); ++sw)
    for (int s = 0; s < switch_bits; ++s)
      if ((sw >> s & 1u) != 0) real_mask[sw] |= 1u << (switch_ids[static_cast<size_t>(s)] - 1);

  // The areas: components of the cells that are neither objectives nor usable doors, joined by
  // straight steps and by diagonal steps whose side cells are passable and not doors.
  const auto plain = [&](int i) { return b.enterable(i) && objective_cell[i] == 0 && b.door[i] == DoorAt::None; };
  const auto area_side_open = [&](Point p) {
    return b.in(p) && b.passable[b.at(p)] != 0 && b.door[b.at(p)] == DoorAt::None;
  };
  const int dirs = options.moves.neighbors == 8 ? 8 : 4;
  IntIndexed<int> area(n, -1);
  int areas = 0;
  for (int i = 0; i < n; ++i) {
    if (!plain(i) || area[i] >= 0) continue;
    std::vector<int> queue{i};
    area[i] = areas;
    for (size_t head = 0; head < queue.size(); ++head) {
      const Point p = b.point(queue[head]);
      for (int dir = 0; dir < dirs; ++dir) {
        const Point q{p.x + kDirections[dir].x, p.y + kDirections[dir].y};
        if (!b.in(q) || !plain(b.at(q)) || area[b.at(q)] >= 0) continue;
        bool ok = true;
        if (dir >= 4) {
          const Point sa = kDirections[kDiagonalParts[dir - 4][0]], sb = kDirections[kDiagonalParts[dir - 4][1]];
          ok = step_allowed(options.moves, dir, true, area_side_open({p.x + sa.x, p.y + sa.y}),
                            area_side_open({p.x + sb.x, p.y + sb.y}));
        }
        if (!ok) continue;
        area[b.at(q)] = areas;
        queue.push_back(b.at(q));
      }
    }
    ++areas;
  }
  // The weakening: per area, every objective a straight step off one of its cells.
  IntIndexed<uint32_t> area_take(n, 0);
  if (weak.take_area_objectives) {
    IntIndexed<uint32_t> per_area(areas, 0);
    for (int i = 0; i < n; ++i) {
      if (area[i] < 0) continue;
      const Point p = b.point(i);
      for (int dir = 0; dir < 4; ++dir) {
        const Point q{p.x + kDirections[dir].x, p.y + kDirections[dir].y};
        if (b.in(q)) per_area[area[i]] |= taken_here[b.at(q)];
      }
    }
    for (int i = 0; i < n; ++i)
      if (area[i] >= 0) area_take[i] = per_area[area[i]];
  }

  // State index: ((cell << sbits | switches) << lbits | opened) << tbits | taken.
  const auto index = [&](int cell, uint32_t sw, uint32_t op, uint32_t tk) {
    return ((((static_cast<uint32_t>(cell) << sbits) | sw) << lbits | op) << tbits) | tk;
  };
  const uint32_t smask = (1u << sbits) - 1u, lmask = (1u << lbits) - 1u;
  const auto held = [&](int lock, uint32_t op, uint32_t tk) {
    int h = std::popcount(tk & key_mask[lock]);
    if (rule == KeyRule::Consumable) h -= std::popcount(op & door_mask[lock]);
    return h;
  };
  // A side cell of a diagonal step is open: passable, and not a closed locked door, a shut
  // gate, a one-way, secret or unusable door.
  const auto side_open = [&](Point p, uint32_t switches, uint32_t op) {
    if (!b.in(p)) return false;
    const int i = b.at(p);
    if (b.passable[i] == 0) return false;
    switch (b.door[i]) {
      case DoorAt::None: return true;
      case DoorAt::Locked: return (op >> b.locked_bit[i] & 1u) != 0;
      case DoorAt::Gate: return gate_open(*b.prog[i], switches);
      case DoorAt::Wall:
      case DoorAt::OneWay:
      case DoorAt::Secret: return false;
    }
    return false;
  };

  const size_t total = static_cast<size_t>(n) << (sbits + lbits + tbits);
  std::vector<int32_t> id(total, -1);
  std::vector<uint32_t> order;
  std::vector<Edge> edges;
  const uint32_t first = index(start, 0, 0, taken_here[start]);
  id[first] = 0;
  order.push_back(first);
  const auto reach = [&](int32_t from, uint32_t s, bool secret) {
    if (id[s] < 0) {
      id[s] = static_cast<int32_t>(order.size());
      order.push_back(s);
    }
    if (!secret) edges.push_back({from, id[s]});
  };
  for (size_t k = 0; k < order.size(); ++k) {
    const uint32_t s = order[k];
    const uint32_t tk = s & all_taken, op = (s >> tbits) & lmask, sw = (s >> (tbits + lbits)) & smask;
    const int cell = static_cast<int>(s >> (tbits + lbits + sbits));
    const int32_t from = static_cast<int32_t>(k);
    const uint32_t switches = real_mask[sw];
    // Toggles.
    for (int t = 0; t < switch_bits; ++t)
      if ((toggles_here[cell] >> t & 1u) != 0) reach(from, index(cell, sw ^ (1u << t), op, tk), false);
    // Steps.
    const Point p = b.point(cell);
    for (int dir = 0; dir < dirs; ++dir) {
      const Point q{p.x + kDirections[dir].x, p.y + kDirections[dir].y};
      if (!b.in(q)) continue;
      const int qi = b.at(q);
      if (!b.enterable(qi)) continue;
      bool ok = true;
      if (dir >= 4) {
        const Point sa = kDirections[kDiagonalParts[dir - 4][0]], sb = kDirections[kDiagonalParts[dir - 4][1]];
        ok = step_allowed(options.moves, dir, true, side_open({p.x + sa.x, p.y + sa.y}, switches, op),
                          side_open({p.x + sb.x, p.y + sb.y}, switches, op));
      } else {
        ok = step_allowed(options.moves, dir, true);
      }
      if (!ok) continue;
      if (b.door[cell] == DoorAt::OneWay && !one_way_step_allowed(*b.prog[cell], p, q)) continue;
      uint32_t next_op = op, next_sw = sw;
      bool secret = false;
      switch (b.door[qi]) {
        case DoorAt::None:
        case DoorAt::Wall: break;
        case DoorAt::Locked:
          if ((op >> b.locked_bit[qi] & 1u) == 0) {
            if (held(b.lock_id[qi], op, tk) < 1) ok = false;
            next_op |= 1u << b.locked_bit[qi];
          }
          break;
        case DoorAt::Gate: ok = gate_open(*b.prog[qi], switches); break;
        case DoorAt::OneWay: ok = one_way_step_allowed(*b.prog[qi], p, q); break;
        case DoorAt::Secret: {
          const uint32_t found = 1u << (switch_bits + secret_bit[qi]);
          secret = (sw & found) == 0;  // a finishing play may take it only once found
          next_sw |= found;
          break;
        }
      }
      if (!ok) continue;
      reach(from, index(qi, next_sw, next_op, tk | taken_here[qi] | area_take[qi]), secret);
    }
  }

  // Backwards from the goal states over the steps that enter no secret door.
  const size_t m = order.size();
  std::vector<int32_t> offset(m + 1, 0), sources(edges.size());
  for (const Edge& e : edges) ++offset[static_cast<size_t>(e.second) + 1];
  for (size_t k = 0; k < m; ++k) offset[k + 1] += offset[k];
  {
    std::vector<int32_t> fill(offset.begin(), offset.end() - 1);
    for (const Edge& e : edges) sources[static_cast<size_t>(fill[static_cast<size_t>(e.second)]++)] = e.first;
  }
  // can[k]: state k reaches a state where `goal` holds.
  const auto backwards = [&](const auto& goal) {
    std::vector<uint8_t> can(m, 0);
    std::vector<int32_t> queue;
    for (size_t k = 0; k < m; ++k) {
      const uint32_t s = order[k];
      if (goal(static_cast<int>(s >> (tbits + lbits + sbits)), s & all_taken)) {
        can[k] = 1;
        queue.push_back(static_cast<int32_t>(k));
      }
    }
    for (size_t head = 0; head < queue.size(); ++head) {
      const size_t k = static_cast<size_t>(queue[head]);
      for (int32_t e = offset[k]; e < offset[k + 1]; ++e) {
        const size_t src = static_cast<size_t>(sources[static_cast<size_t>(e)]);
        if (can[src] != 0) continue;
        can[src] = 1;
        queue.push_back(static_cast<int32_t>(src));
      }
    }
    return can;
  };
  const std::vector<uint8_t> can = backwards(
      [&](int cell, uint32_t tk) { return tk == all_taken && (exit < 0 || cell == exit); });
  result.exit_reachable = exit >= 0 && backwards([&](int cell, uint32_t) { return cell == exit; })[0] != 0;

  // Softlocks, projected onto the solver's states.
  const bool progression = d.has_progression();
  std::vector<uint64_t> keys;
  for (size_t k = 0; k < m; ++k) {
    if (can[k] != 0) continue;
    const uint32_t s = order[k];
    const uint64_t tk = s & all_taken, op = (s >> tbits) & lmask, sw = (s >> (tbits + lbits)) & smask;
    const int cell = static_cast<int>(s >> (tbits + lbits + sbits));
    if (!progression) {
      keys.push_back(op);
      continue;
    }
    const bool own_node = objective_cell[cell] != 0 || b.door[cell] != DoorAt::None;
    const uint64_t node = own_node ? static_cast<uint64_t>(cell) : static_cast<uint64_t>(n + area[cell]);
    const uint64_t found = sw >> switch_bits;
    keys.push_back(((((node << kMaxSwitch | real_mask[sw]) << fbits | found) << lbits | op) << tbits) | tk);
  }
  result.softlock_cell_states = static_cast<int64_t>(keys.size());
  std::sort(keys.begin(), keys.end());
  result.softlock_states = std::unique(keys.begin(), keys.end()) - keys.begin();
  result.reachable_states = static_cast<int64_t>(m);
  result.completable = can[0] != 0;
  result.unlosable = result.softlock_cell_states == 0;
  return result;
}

}  // namespace catacomb::test
