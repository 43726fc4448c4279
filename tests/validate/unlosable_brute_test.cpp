// Completable, unlosable and softlock counts of solve_dungeon against a brute force over cells
// written from the rules alone (support/reference/reference_unlosable.hpp, issue #48): hand-made
// maps of the brute force itself, 8,000 random small maps (every door kind, both key rules,
// every move rule) compared with the solver, and a weakened brute force that drops softlocks,
// which the same comparison must catch.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <chrono>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/solver.hpp>
#include <catacomb/validate/validate.hpp>
#include "support/reference/reference_unlosable.hpp"

namespace catacomb {
namespace {

using test::brute_force_unlosable;
using test::BruteResult;
using test::BruteWeakening;

// --- maps as text ------------------------------------------------------------------------------
// Terrain '#' wall, '.' floor, ',' corridor, '~' water, '"' vegetation, '=' road. On a floor tile:
// '<' the start, '>' the exit, '*' a treasure, 'o' a plain objective, 'a'-'i' a key of lock 1-9,
// '1'-'9' a switch of that id. On a door tile: 'A'-'I' a locked door of lock 1-9, 'J'-'R' a gate of
// switch 1-9 open while it is on, 'j'-'r' one open while it is off, '^' 'v' ')' '(' a one-way door
// passed going north, south, east, west, '%' a secret door.

const std::map<char, Point> kArrows = {{'^', {0, -1}}, {'v', {0, 1}}, {')', {1, 0}}, {'(', {-1, 0}}};

Dungeon parse_map(const std::vector<std::string>& rows, KeyRule rule = KeyRule::Reusable) {
  const int w = static_cast<int>(rows.at(0).size()), h = static_cast<int>(rows.size());
  Dungeon d;
  d.tiles = Grid<Terrain>(w, h, Terrain::Wall);
  d.key_rule = rule;
  std::vector<Objective> start, exit, rest;
  for (int y = 0; y < h; ++y) {
    const std::string& row = rows[static_cast<size_t>(y)];
    EXPECT_EQ(static_cast<int>(row.size()), w) << "row " << y;
    for (int x = 0; x < w && x < static_cast<int>(row.size()); ++x) {
      const char c = row[static_cast<size_t>(x)];
      const Point p{x, y};
      Terrain t = Terrain::Floor;
      if (c == '#') t = Terrain::Wall;
      else if (c == ',') t = Terrain::Corridor;
      else if (c == '~') t = Terrain::Water;
      else if (c == '"') t = Terrain::Vegetation;
      else if (c == '=') t = Terrain::Road;
      else if (c == '<') start.push_back({ObjectiveKind::Start, p});
      else if (c == '>') exit.push_back({ObjectiveKind::Exit, p});
      else if (c == '*') rest.push_back({ObjectiveKind::Treasure, p});
      else if (c == 'o') rest.push_back({ObjectiveKind::Objective, p});
      else if (c >= 'a' && c <= 'i') rest.push_back({ObjectiveKind::Key, p, c - 'a' + 1});
      else if (c >= '1' && c <= '9') rest.push_back({ObjectiveKind::Switch, p, 0, c - '0'});
      else if (c >= 'A' && c <= 'I') d.locks.push_back({p, c - 'A' + 1}), t = Terrain::Door;
      else if (c >= 'J' && c <= 'R') d.doors.push_back({p, DoorKind::Gate, c - 'J' + 1, false, {}}), t = Terrain::Door;
      else if (c >= 'j' && c <= 'r') d.doors.push_back({p, DoorKind::Gate, c - 'j' + 1, true, {}}), t = Terrain::Door;
      else if (kArrows.count(c)) d.doors.push_back({p, DoorKind::OneWay, 0, false, kArrows.at(c)}), t = Terrain::Door;
      else if (c == '%') d.doors.push_back({p, DoorKind::Secret, 0, false, {}}), t = Terrain::Door;
      else EXPECT_EQ(c, '.') << "unknown map letter at " << to_string(p);
      d.tiles[p] = t;
    }
  }
  d.objectives = start;
  d.objectives.insert(d.objectives.end(), exit.begin(), exit.end());
  d.objectives.insert(d.objectives.end(), rest.begin(), rest.end());
  sort_locks(d);
  sort_doors(d);
  return d;
}

// The map in parse_map's letters (what a failure prints, to be pasted into a test).
std::string render_map(const Dungeon& d) {
  std::vector<std::string> rows(static_cast<size_t>(d.tiles.height()), std::string());
  for (int y = 0; y < d.tiles.height(); ++y)
    for (int x = 0; x < d.tiles.width(); ++x) {
      const Terrain t = d.tiles(x, y);
      rows[static_cast<size_t>(y)] += t == Terrain::Wall         ? '#'
                                      : t == Terrain::Corridor   ? ','
                                      : t == Terrain::Water      ? '~'
                                      : t == Terrain::Vegetation ? '"'
                                      : t == Terrain::Road       ? '='
                                      : t == Terrain::Door       ? '+'
                                                                 : '.';
    }
  const auto put = [&](Point p, char c) { rows[static_cast<size_t>(p.y)][static_cast<size_t>(p.x)] = c; };
  for (const LockedDoor& l : d.locks) put(l.pos, static_cast<char>('A' + l.lock - 1));
  for (const ProgressionDoor& g : d.doors) {
    if (g.kind == DoorKind::Gate) put(g.pos, static_cast<char>((g.open_when_off ? 'j' : 'J') + g.switch_id - 1));
    if (g.kind == DoorKind::Secret) put(g.pos, '%');
    if (g.kind == DoorKind::OneWay)
      for (const auto& [c, dir] : kArrows)
        if (dir == g.dir) put(g.pos, c);
  }
  for (const Objective& o : d.objectives) {
    switch (o.kind) {
      case ObjectiveKind::Start: put(o.pos, '<'); break;
      case ObjectiveKind::Exit: put(o.pos, '>'); break;
      case ObjectiveKind::Treasure: put(o.pos, '*'); break;
      case ObjectiveKind::Objective: put(o.pos, 'o'); break;
      case ObjectiveKind::Key: put(o.pos, static_cast<char>('a' + o.lock - 1)); break;
      case ObjectiveKind::Switch: put(o.pos, static_cast<char>('0' + o.switch_id)); break;
    }
  }
  std::string out;
  for (const std::string& r : rows) out += "  \"" + r + "\",\n";
  return out;
}

std::string rules_text(const Dungeon& d, const SolveOptions& o) {
  std::ostringstream s;
  s << "neighbors " << o.moves.neighbors << ", diagonal " << diagonal_policy_name(o.moves.diagonal) << ", key rule "
    << key_rule_name(o.key_rule.value_or(d.key_rule)) << (o.key_rule ? " (options)" : " (dungeon)")
    << (o.costs.passable(Terrain::Water) ? "" : ", water impassable");
  return s.str();
}

// --- the random small maps ---------------------------------------------------------------------

// The five move rules: 4 neighbours, then 8 with each diagonal policy.
constexpr int kMoveRules = 5;
Moves moves_of_rule(int r) {
  Moves m;
  m.neighbors = r == 0 ? 4 : 8;
  m.diagonal = r == 0 ? DiagonalPolicy::NoCornerCut : static_cast<DiagonalPolicy>(r - 1);
  return m;
}
const char* const kMoveRuleNames[kMoveRules] = {"4", "8/never", "8/no-corner-cut", "8/one-free", "8/always"};

struct Case {
  Dungeon d;
  SolveOptions options;
  int move_rule = 0;
};

constexpr uint64_t kSeed = 0x48b0a7e5eed;

// A cell where a door matters: in a gap of a wall line, or between two walls (then `axis` is the
// way through).
struct Choke {
  Point pos;
  Point axis;
};

// Map `index` (each map from its own seed, so a failure names the one map to look at): 5x4 to
// 9x7, a wall border on 60%, 0 to 2 wall lines with 1 or 2 gaps, walls sprinkled (0 to 20%) and
// some water, vegetation and corridor. Every third map has 1 to 3 locked doors only (1 to 2 wall
// lines), the others up to 2 locked doors, 0 to 2 switches with 1 or 2 gates each (30% open while
// off, 8% of another switch id), 0 to 2 one-way doors and 0 or 1 secret door, at least one door
// of these. Doors go on the gaps and other chokepoints first; objectives on distinct floor cells
// (on 85% of the maps where the start reaches with every door open): the start, the exit, about
// one key per locked door, 0 to 2 treasures, the switches. The move rule goes round the five,
// the key rule is random (the dungeon's, overridden by the options on half the maps), and water
// is impassable on 10%.
Case random_case(int index) {
  Rng rng(kSeed + static_cast<uint64_t>(index));
  const bool locks_only = index % 3 == 0;
  const int rule = (index / 3) % kMoveRules;
  for (;;) {
    const int w = static_cast<int>(rng.uniform_int(5, 9)), h = static_cast<int>(rng.uniform_int(4, 7));
    Grid<Terrain> tiles(w, h, Terrain::Floor);
    const bool border = rng.chance(0.6);
    const int x0 = border ? 1 : 0, x1 = border ? w - 2 : w - 1, y0 = border ? 1 : 0, y1 = border ? h - 2 : h - 1;
    if (border)
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          if (x == 0 || y == 0 || x == w - 1 || y == h - 1) tiles(x, y) = Terrain::Wall;
    std::vector<Choke> gaps;
    const int lines = static_cast<int>(rng.uniform_int(locks_only ? 1 : 0, 2));
    for (int l = 0; l < lines; ++l) {
      const bool vertical = rng.chance(0.5);
      if (vertical && x1 - x0 >= 2) {
        const int x = static_cast<int>(rng.uniform_int(x0 + 1, x1 - 1));
        for (int y = y0; y <= y1; ++y) tiles(x, y) = Terrain::Wall;
        for (int g = rng.chance(0.3) ? 2 : 1; g > 0; --g)
          gaps.push_back({{x, static_cast<int>(rng.uniform_int(y0, y1))}, {1, 0}});
      } else if (!vertical && y1 - y0 >= 2) {
        const int y = static_cast<int>(rng.uniform_int(y0 + 1, y1 - 1));
        for (int x = x0; x <= x1; ++x) tiles(x, y) = Terrain::Wall;
        for (int g = rng.chance(0.3) ? 2 : 1; g > 0; --g)
          gaps.push_back({{static_cast<int>(rng.uniform_int(x0, x1)), y}, {0, 1}});
      }
    }
    std::vector<uint8_t> gap(static_cast<size_t>(w * h), 0);
    for (const Choke& g : gaps) tiles[g.pos] = Terrain::Floor, gap[tiles.index(g.pos)] = 1;
    const double sprinkle = rng.uniform_real(0.0, 0.2);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        if (tiles(x, y) != Terrain::Floor || gap[tiles.index({x, y})] != 0) continue;
        if (rng.chance(sprinkle)) tiles(x, y) = Terrain::Wall;
        else if (rng.chance(0.04)) tiles(x, y) = Terrain::Water;
        else if (rng.chance(0.04)) tiles(x, y) = Terrain::Vegetation;
        else if (rng.chance(0.04)) tiles(x, y) = Terrain::Corridor;
      }

    Case c;
    c.move_rule = rule;
    c.options.moves = moves_of_rule(rule);
    if (rule == 0) c.options.moves.diagonal = static_cast<DiagonalPolicy>(rng.below(4));  // ignored with 4
    if (rng.chance(0.1)) c.options.costs.set(Terrain::Water, CostTable::kImpassable);
    const auto open = [&](Point p) { return tiles.in_bounds(p) && c.options.costs.passable(tiles[p]); };

    // Door cells: the gaps, then the cells between two walls, shuffled; then any floor cell.
    std::vector<Choke> chokes;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const Point p{x, y};
        if (tiles[p] != Terrain::Floor) continue;
        const bool we = open({x - 1, y}) && open({x + 1, y}), ns = open({x, y - 1}) && open({x, y + 1});
        const bool wall_we = !open({x - 1, y}) && !open({x + 1, y}), wall_ns = !open({x, y - 1}) && !open({x, y + 1});
        if (gap[tiles.index(p)] != 0 || (we && wall_ns) || (ns && wall_we))
          chokes.push_back({p, we ? Point{1, 0} : Point{0, 1}});
      }
    rng.shuffle(chokes.data(), chokes.size());
    std::vector<Point> floor;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (tiles(x, y) == Terrain::Floor) floor.push_back({x, y});
    rng.shuffle(floor.data(), floor.size());
    std::vector<uint8_t> used(static_cast<size_t>(w * h), 0);
    size_t next_choke = 0;
    // The next unused floor cell (of those marked in `within`, when given).
    const auto take_floor = [&](const std::vector<uint8_t>* within = nullptr) -> std::optional<Point> {
      for (const Point p : floor)
        if (used[tiles.index(p)] == 0 && (within == nullptr || (*within)[tiles.index(p)] != 0)) {
          used[tiles.index(p)] = 1;
          return p;
        }
      return std::nullopt;
    };
    const auto take_door_cell = [&]() -> std::optional<Choke> {
      while (next_choke < chokes.size() && used[tiles.index(chokes[next_choke].pos)] != 0) ++next_choke;
      if (next_choke < chokes.size() && rng.chance(locks_only ? 0.6 : 0.85)) {
        used[tiles.index(chokes[next_choke].pos)] = 1;
        return chokes[next_choke++];
      }
      const std::optional<Point> p = take_floor();
      if (!p) return std::nullopt;
      return Choke{*p, rng.chance(0.5) ? Point{1, 0} : Point{0, 1}};
    };

    Dungeon& d = c.d;
    d.key_rule = rng.chance(0.5) ? KeyRule::Consumable : KeyRule::Reusable;
    if (rng.chance(0.5)) c.options.key_rule = rng.chance(0.5) ? KeyRule::Consumable : KeyRule::Reusable;
    const int locked = locks_only ? static_cast<int>(rng.uniform_int(1, 3))
                                  : (rng.chance(0.5) ? 0 : static_cast<int>(rng.uniform_int(1, 2)));
    // Keys: about one per locked door (one fewer or one more now and then), each of a door's lock.
    const int spare = rng.chance(0.35) ? -1 : (rng.chance(0.6) ? 0 : 1);
    const int keys = locked == 0 ? (rng.chance(0.8) ? 0 : 1) : std::clamp(locked + spare, 0, 3);
    const int treasures = static_cast<int>(rng.uniform_int(0, 2));
    const int switches = locks_only ? 0 : static_cast<int>(rng.uniform_int(0, 2));
    const int one_way = locks_only ? 0 : static_cast<int>(rng.uniform_int(0, 2));
    const int secret = locks_only ? 0 : (rng.chance(0.35) ? 1 : 0);
    std::array<int, 2> switch_ids{static_cast<int>(rng.uniform_int(1, kMaxSwitch)), 0};
    do switch_ids[1] = static_cast<int>(rng.uniform_int(1, kMaxSwitch));
    while (switch_ids[1] == switch_ids[0] && !rng.chance(0.15));
    const int max_lock = rng.chance(locks_only ? 0.7 : 0.5) ? 1 : 3;  // often every door of lock 1
    bool ok = true;
    const auto door_cell = [&]() {
      const std::optional<Choke> ch = take_door_cell();
      if (!ch) ok = false;
      return ch.value_or(Choke{});
    };
    for (int i = 0; i < locked && ok; ++i) {
      const Choke ch = door_cell();
      d.locks.push_back({ch.pos, static_cast<int>(rng.uniform_int(1, max_lock))});
    }
    for (int s = 0; s < switches && ok; ++s)
      for (int g = rng.chance(0.3) ? 2 : 1; g > 0 && ok; --g) {
        const Choke ch = door_cell();
        const int id = rng.chance(0.08) ? static_cast<int>(rng.uniform_int(1, kMaxSwitch))
                                        : switch_ids[static_cast<size_t>(s)];
        d.doors.push_back({ch.pos, DoorKind::Gate, id, rng.chance(0.3), {}});
      }
    for (int i = 0; i < one_way && ok; ++i) {
      const Choke ch = door_cell();
      Point dir = rng.chance(0.5) ? ch.axis : Point{-ch.axis.x, -ch.axis.y};
      const auto ends_on_map = [&](Point v) {
        return tiles.in_bounds({ch.pos.x - v.x, ch.pos.y - v.y}) && tiles.in_bounds({ch.pos.x + v.x, ch.pos.y + v.y});
      };
      if (!ends_on_map(dir)) dir = {dir.y, dir.x};
      d.doors.push_back({ch.pos, DoorKind::OneWay, 0, false, dir});
    }
    for (int i = 0; i < secret && ok; ++i) d.doors.push_back({door_cell().pos, DoorKind::Secret, 0, false, {}});
    if (!ok || (!locks_only && d.doors.empty())) continue;

    // The start anywhere; the rest, on most maps, where the start reaches with every door open
    // (straight steps), so that what keeps an objective away is mostly a door.
    std::vector<Objective> objectives;
    std::vector<uint8_t> joined;
    const auto place = [&](Objective o) {
      const std::optional<Point> p = take_floor(joined.empty() ? nullptr : &joined);
      if (!p) ok = false;
      o.pos = p.value_or(Point{});
      objectives.push_back(o);
    };
    place({ObjectiveKind::Start, {}});
    if (ok && rng.chance(0.85)) {
      joined.assign(static_cast<size_t>(w * h), 0);
      std::vector<Point> queue{objectives[0].pos};
      joined[tiles.index(queue[0])] = 1;
      for (size_t head = 0; head < queue.size(); ++head)
        for (int dir = 0; dir < 4; ++dir) {
          const Point q{queue[head].x + kDirections[dir].x, queue[head].y + kDirections[dir].y};
          if (!open(q) || joined[tiles.index(q)] != 0) continue;
          joined[tiles.index(q)] = 1;
          queue.push_back(q);
        }
    }
    place({ObjectiveKind::Exit, {}});
    rng.shuffle(d.locks.data(), d.locks.size());
    for (int i = 0; i < keys; ++i) {
      const int lock = i < locked && rng.chance(0.9) ? d.locks[static_cast<size_t>(i)].lock
                                                     : static_cast<int>(rng.uniform_int(1, 3));
      place({ObjectiveKind::Key, {}, lock});
    }
    for (int i = 0; i < treasures; ++i)
      place({rng.chance(0.8) ? ObjectiveKind::Treasure : ObjectiveKind::Objective, {}});
    for (int s = 0; s < switches; ++s) place({ObjectiveKind::Switch, {}, 0, switch_ids[static_cast<size_t>(s)]});
    if (!ok) continue;
    for (const LockedDoor& l : d.locks) tiles[l.pos] = Terrain::Door;
    for (const ProgressionDoor& g : d.doors) tiles[g.pos] = Terrain::Door;
    d.tiles = std::move(tiles);
    d.objectives = std::move(objectives);
    sort_locks(d);
    sort_doors(d);
    if (!progression_problems(d, c.options.costs).empty()) continue;
    return c;
  }
}

// --- the comparison ----------------------------------------------------------------------------

// Why the solution's completable disagrees with the brute force's; empty when it agrees.
std::string completable_disagreement(const Solution& s, const BruteResult& b) {
  if ((s.status == SolveStatus::Completable) == b.completable) return "";
  return std::string("status ") + std::string(solve_status_name(s.status)) + ", brute force says " +
         (b.completable ? "completable" : "not completable");
}

// Why the solution's loss and softlock count disagree with the brute force's (for a solution
// whose loss is proven); empty when they agree.
std::string loss_disagreement(const Solution& s, const BruteResult& b) {
  std::ostringstream out;
  if (!b.completable) {
    if (s.loss != LossStatus::Losable)
      out << "loss " << loss_status_name(s.loss) << " on a map that is not completable (expected losable)";
    return out.str();
  }
  if ((s.loss == LossStatus::Unlosable) != b.unlosable)
    out << "loss " << loss_status_name(s.loss) << ", brute force says " << (b.unlosable ? "unlosable" : "losable")
        << "; ";
  if (s.softlock_states != b.softlock_states)
    out << "softlock_states " << s.softlock_states << ", brute force says " << b.softlock_states;
  return out.str();
}

// What a solver answering like `b` would report.
Solution solution_like(const BruteResult& b) {
  Solution s;
  s.status = b.completable ? SolveStatus::Completable : SolveStatus::NotCompletable;
  s.loss = b.completable && b.unlosable ? LossStatus::Unlosable : LossStatus::Losable;
  s.softlock_states = b.softlock_states;
  return s;
}

std::string describe(int index, const Case& c, const BruteResult& b, const Solution& s) {
  std::ostringstream out;
  out << "map " << index << " (" << rules_text(c.d, c.options) << "):\n"
      << render_map(c.d) << "brute force: " << (b.completable ? "completable" : "not completable") << ", "
      << (b.unlosable ? "unlosable" : "losable") << ", softlock_states " << b.softlock_states << " ("
      << b.softlock_cell_states << " of " << b.reachable_states
      << " cell states)\nsolver: " << solve_status_name(s.status) << ", " << loss_status_name(s.loss)
      << ", softlock_states " << s.softlock_states << ", states " << s.states
      << (s.message.empty() ? "" : ", " + s.message) << "\n";
  return out.str();
}

// --- the certificate of unlosability ----------------------------------------------------------

// What the certificates of the random maps came to.
struct CertificateTally {
  int written = 0, unlosable = 0, accepted = 0, dropped = 0, dropped_rejected = 0, dropped_redundant = 0,
      flat_rejected = 0;
  int64_t listed = 0, searched = 0;
};

// Whether listed state `r` of `list` is redundant: another listed state alike in place, switches,
// doors and keys taken has taken no more of the other objectives (dropping r leaves a proof).
bool redundant(const nlohmann::json& list, size_t r, const Dungeon& d) {
  auto bits = [](const std::string& hex) {  // at most 64 objectives in these maps
    return std::stoull(hex, nullptr, 16);
  };
  uint64_t keys = 0;
  for (size_t o = 0; o < d.objectives.size(); ++o)
    if (d.objectives[o].kind == ObjectiveKind::Key && d.objectives[o].lock >= 1 && d.objectives[o].lock <= kMaxLock)
      keys |= uint64_t{1} << o;
  const nlohmann::json& a = list[r];
  for (size_t i = 0; i < list.size(); ++i) {
    const nlohmann::json& b = list[i];
    if (i == r || b[0] != a[0] || b[1] != a[1] || b[2] != a[2] || b[3] != a[3] || b[4] != a[4]) continue;
    const uint64_t ta = bits(a[5].get<std::string>()), tb = bits(b[5].get<std::string>());
    if ((ta & keys) == (tb & keys) && (tb & ~keys & ~ta) == 0) return true;
  }
  return false;
}

// Whether verify accepts `text` (a certificate it refuses as bad input, such as a rank past the
// list's end, is not accepted).
bool accepts(const Dungeon& d, const std::string& text, const ValidateOptions& rules) {
  try {
    return verify_certificate(d, text, rules).accepted;
  } catch (const InvalidArgument&) { return false; }
}

// The certificate of a completable map: unlosable states exactly when the brute force finds the
// map unlosable, accepted by verify; with a listed state dropped (the states whose next it was
// moving on to its next) rejected unless another listed state stands for it; with a rank made
// not to fall rejected. Empty when all holds, else why not.
std::string certificate_disagreement(const Dungeon& map, const SolveOptions& options, const Solution& s,
                                     const BruteResult& b, Rng& rng, CertificateTally& t) {
  if (s.status != SolveStatus::Completable) return "";
  Dungeon d = map;
  d.key_rule = options.key_rule.value_or(map.key_rule);  // a certificate is under the map's own key rule
  ValidateOptions rules;
  rules.costs = options.costs;
  rules.moves = options.moves;
  rules.key_rule = d.key_rule;
  rules.max_states = options.max_states;
  const std::string text = write_certificate(d, s, rules);
  ++t.written;
  nlohmann::json j = nlohmann::json::parse(text);
  const bool has = j.contains("unlosable");
  if (has != b.unlosable)
    return std::string("the certificate ") + (has ? "has" : "lacks") + " unlosable states; brute force says " +
           (b.unlosable ? "unlosable" : "losable");
  const Verdict v = verify_certificate(d, text, rules);
  if (!v.accepted || v.unlosable != has)
    return "verify: " + (v.accepted ? std::string("accepted, unlosable ") + (v.unlosable ? "true" : "false")
                                    : "rejected at state " + std::to_string(v.state) + ": " + v.reason);
  ++t.accepted;
  if (!has) return "";
  ++t.unlosable;
  nlohmann::json& list = j["unlosable"]["list"];
  t.listed += static_cast<int64_t>(list.size());
  t.searched += reachable_states(d, solve_options(rules)).searched;
  if (list.size() < 2) return "";
  // Drop a state.
  const size_t r = static_cast<size_t>(rng.uniform_int(1, static_cast<int64_t>(list.size()) - 1));
  nlohmann::json dropped = j;
  nlohmann::json& dl = dropped["unlosable"]["list"];
  const int64_t after = list[r][6].get<int64_t>();
  auto moved = [&](int64_t n) {
    return n < 0 ? n : n == static_cast<int64_t>(r) ? -2 : n > static_cast<int64_t>(r) ? n - 1 : n;
  };
  dl.erase(r);
  for (nlohmann::json& st : dl) {
    int64_t n = moved(st[6].get<int64_t>());
    if (n == -2) n = moved(after);
    st[6] = n;
  }
  dropped["unlosable"]["states"] = dl.size();
  ++t.dropped;
  const bool dropped_accepted = accepts(d, dropped.dump(), rules);
  if (redundant(list, r, d)) ++t.dropped_redundant;
  else if (dropped_accepted) return "a certificate without its state " + std::to_string(r) + " is accepted";
  if (!dropped_accepted) ++t.dropped_rejected;
  // A rank that does not fall.
  for (size_t i = 1; i < list.size(); ++i)
    if (list[i][7].get<int64_t>() > 0) {
      nlohmann::json flat = j;
      flat["unlosable"]["list"][i][7] = list[static_cast<size_t>(list[i][6].get<int64_t>())][7];
      if (accepts(d, flat.dump(), rules))
        return "a certificate whose state " + std::to_string(i) + " keeps its next state's rank is accepted";
      ++t.flat_rejected;
      break;
    }
  return "";
}

constexpr int kRandomMaps = 8000;

// The maps the comparison runs: kRandomMaps from map 0, or, for a longer run by hand,
// CATACOMB_UNLOSABLE_MAPS maps from map CATACOMB_UNLOSABLE_FIRST (each map has its own seed).
int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

// The spread of one group of maps (a door kind, a key rule, a move rule).
struct Tally {
  int maps = 0, completable = 0, unlosable = 0, losable = 0;
  void add(const BruteResult& b) {
    ++maps;
    completable += b.completable ? 1 : 0;
    unlosable += b.completable && b.unlosable ? 1 : 0;
    losable += b.completable && !b.unlosable ? 1 : 0;
  }
  std::string text() const {
    return std::to_string(maps) + " maps, " + std::to_string(completable) + " completable (" +
           std::to_string(unlosable) + " unlosable, " + std::to_string(losable) + " losable)";
  }
};

// --- the brute force on hand-made maps ---------------------------------------------------------

SolveOptions options_for(int move_rule) {
  SolveOptions o;
  o.moves = moves_of_rule(move_rule);
  return o;
}

}  // namespace

// (a) Three pockets off the start's row, each entered by a one-way drop onto its treasure and left
// by a one-way climb back: every pocket can be emptied and left, in any order, so the map is
// completable and unlosable under every move rule (no diagonal step enters or leaves a one-way
// door). Walling up the third pocket's climb strands whoever drops into it: not completable
// (its treasure is needed, and the exit is up in the start's row). With the exit in that third
// pocket instead, the player must empty the other two first: completable, but dropping into the
// third pocket early loses.
TEST(UnlosableBruteForceTest, PocketsBehindOneWayDrops) {
  const std::vector<std::string> loops = {
      "###########",  //
      "#<.......>#",  //
      "#v^#v^#v^##",  //
      "#*.#*.#*.##",  //
      "###########",
  };
  const std::vector<std::string> dead_end = {
      "###########",  //
      "#<.......>#",  //
      "#v^#v^#v###",  //
      "#*.#*.#*.##",  //
      "###########",
  };
  const std::vector<std::string> exit_below = {
      "###########",  //
      "#<........#",  //
      "#v^#v^#v###",  //
      "#*.#*.#*>##",  //
      "###########",
  };
  for (int r = 0; r < kMoveRules; ++r) {
    SCOPED_TRACE(kMoveRuleNames[r]);
    const BruteResult a = brute_force_unlosable(parse_map(loops), options_for(r));
    EXPECT_TRUE(a.completable);
    EXPECT_TRUE(a.unlosable);
    EXPECT_EQ(a.softlock_states, 0);
    const BruteResult b = brute_force_unlosable(parse_map(dead_end), options_for(r));
    EXPECT_FALSE(b.completable);
    EXPECT_FALSE(b.unlosable);
    EXPECT_EQ(b.softlock_cell_states, b.reachable_states);  // not completable: every state is a softlock
    const BruteResult c = brute_force_unlosable(parse_map(exit_below), options_for(r));
    EXPECT_TRUE(c.completable);
    EXPECT_FALSE(c.unlosable);
    EXPECT_GT(c.softlock_states, 0);
  }
}

// (b) Locked doors only, two doors of lock 1 either side of the start: the west one leads to a
// dead end holding a treasure and a second key of lock 1, the east one to the exit. Consumable
// keys: spending the first key on the east door strands the player (the door set {east} is the
// one softlock), so the map is completable but losable; with reusable keys it is unlosable. With
// the second key gone (one key, two doors to open) it is not completable under consumable keys.
TEST(UnlosableBruteForceTest, AConsumableKeySpentOnTheWrongDoor) {
  const std::vector<std::string> two_keys = {
      "##########",  //
      "#*aA<.aA>#",  //
      "##########",
  };
  const std::vector<std::string> one_key = {
      "##########",  //
      "#*.A<.aA>#",  //
      "##########",
  };
  for (int r = 0; r < kMoveRules; ++r) {
    SCOPED_TRACE(kMoveRuleNames[r]);
    const BruteResult consumable = brute_force_unlosable(parse_map(two_keys, KeyRule::Consumable), options_for(r));
    EXPECT_TRUE(consumable.completable);
    EXPECT_FALSE(consumable.unlosable);
    EXPECT_EQ(consumable.softlock_states, 1);
    const BruteResult reusable = brute_force_unlosable(parse_map(two_keys, KeyRule::Reusable), options_for(r));
    EXPECT_TRUE(reusable.completable);
    EXPECT_TRUE(reusable.unlosable);
    EXPECT_EQ(reusable.softlock_states, 0);
    // The options' key rule wins over the dungeon's.
    SolveOptions o = options_for(r);
    o.key_rule = KeyRule::Reusable;
    EXPECT_TRUE(brute_force_unlosable(parse_map(two_keys, KeyRule::Consumable), o).unlosable);
    const BruteResult single = brute_force_unlosable(parse_map(one_key, KeyRule::Consumable), options_for(r));
    EXPECT_FALSE(single.completable);
    EXPECT_TRUE(brute_force_unlosable(parse_map(one_key, KeyRule::Reusable), options_for(r)).completable);
  }
}

// (c) A treasure in a two-row passage between a one-way drop from the start's room and a one-way
// climb into the exit's room (which has no way back): a player who walks the lower row past it
// and climbs out has lost it for good. Completable, losable; the weakened brute force
// (objectives next to an area taken on passing) does not see the loss. With the two rooms joined
// the loop can be walked again, and nothing is lost.
TEST(UnlosableBruteForceTest, ATreasureWalkedPastBetweenOneWayDoors) {
  const std::vector<std::string> joined = {
      "#########",  //
      "#<.....>#",  //
      "#v#####^#",  //
      "#...*...#",  //
      "#.......#",  //
      "#########",
  };
  const std::vector<std::string> rows = {
      "#########",  //
      "#<.#...>#",  //
      "#v#####^#",  //
      "#...*...#",  //
      "#.......#",  //
      "#########",
  };
  for (int r = 0; r < kMoveRules; ++r) {
    SCOPED_TRACE(kMoveRuleNames[r]);
    const BruteResult b = brute_force_unlosable(parse_map(rows), options_for(r));
    EXPECT_TRUE(b.completable);
    EXPECT_FALSE(b.unlosable);
    EXPECT_GT(b.softlock_states, 0);
    const BruteResult weak = brute_force_unlosable(parse_map(rows), options_for(r), BruteWeakening{true});
    EXPECT_TRUE(weak.completable);
    EXPECT_TRUE(weak.unlosable);
    const BruteResult loop = brute_force_unlosable(parse_map(joined), options_for(r));
    EXPECT_TRUE(loop.completable);
    EXPECT_TRUE(loop.unlosable);
  }
}

// Secret doors are explored, but a finish takes one only once the player has found it: a map
// whose exit lies only past a secret door is not completable, nor one whose treasure lies past a
// one-way drop with a secret door as the only way back; a one-way climb back makes it completable
// and unlosable; and a player who walks through a secret door into a pocket may walk back through
// it (it is found), so the pocket is no softlock.
TEST(UnlosableBruteForceTest, SecretDoorsAreExploredAndTakenOnceFound) {
  for (int r = 0; r < kMoveRules; ++r) {
    SCOPED_TRACE(kMoveRuleNames[r]);
    const BruteResult behind = brute_force_unlosable(parse_map({"#######", "#<.%.>#", "#######"}), options_for(r));
    EXPECT_FALSE(behind.completable);
    EXPECT_GT(behind.reachable_states, 3);  // the player walks through it all the same
    const BruteResult secret_back = brute_force_unlosable(
        parse_map({"#######", "#<..>.#", "#v###%#", "#*....#", "#######"}), options_for(r));
    EXPECT_FALSE(secret_back.completable);
    const BruteResult climb_back = brute_force_unlosable(
        parse_map({"#######", "#<..>.#", "#v#^#%#", "#*....#", "#######"}), options_for(r));
    EXPECT_TRUE(climb_back.completable);
    EXPECT_TRUE(climb_back.unlosable);
    const BruteResult pocket = brute_force_unlosable(parse_map({"#######", "#<.>%.#", "#######"}), options_for(r));
    EXPECT_TRUE(pocket.completable);
    EXPECT_TRUE(pocket.unlosable);
    EXPECT_EQ(pocket.softlock_states, 0);
  }
}

// Gates follow their switch: a switch beside the start that the player can always turn back
// keeps a gate (open while on) and a portcullis (open while off) unlosable; a one-way door past
// the gate makes it losable: whoever drops through before taking the treasure behind the
// portcullis is stranded, in 2 softlocks (on the one-way door and on the exit, switch 1 on).
TEST(UnlosableBruteForceTest, GatesFollowTheirSwitch) {
  for (int r = 0; r < kMoveRules; ++r) {
    SCOPED_TRACE(kMoveRuleNames[r]);
    const BruteResult gate = brute_force_unlosable(parse_map({"########", "#<.1J.>#", "########"}), options_for(r));
    EXPECT_TRUE(gate.completable);
    EXPECT_TRUE(gate.unlosable);
    const BruteResult shut = brute_force_unlosable(parse_map({"########", "#<..J.>#", "########"}), options_for(r));
    EXPECT_FALSE(shut.completable);  // no switch 1
    const BruteResult portcullis = brute_force_unlosable(parse_map({"#########", "#*j<1J.>#", "#########"}),
                                                         options_for(r));
    EXPECT_TRUE(portcullis.completable);
    EXPECT_TRUE(portcullis.unlosable);
    const BruteResult drop = brute_force_unlosable(parse_map({"#########", "#*j<1J)>#", "#########"}), options_for(r));
    EXPECT_TRUE(drop.completable);
    EXPECT_FALSE(drop.unlosable);
    EXPECT_EQ(drop.softlock_states, 2);
  }
}

// --- the solver against the brute force --------------------------------------------------------

// solve_dungeon on kRandomMaps random small maps against the brute force: completable always;
// loss and softlock_states wherever the solver proves its loss (maps it leaves not proven, or
// stops at the state cap on, are skipped and counted: at most 1%).
TEST(UnlosableBruteForceTest, TheSolverAgreesOnRandomSmallMaps) {
  using Clock = std::chrono::steady_clock;
  double brute_seconds = 0, solver_seconds = 0;
  int completable_mismatches = 0, loss_mismatches = 0, skipped = 0, proven = 0, count_agrees_unproven = 0;
  int unproven_completable = 0, certificate_mismatches = 0;
  CertificateTally certificates;
  Tally all, locks_only, progression;
  std::map<std::string, Tally> by_kind, by_rule, by_moves;
  std::vector<std::string> reports;
  std::map<std::string, int> mismatch_kinds, count_differs;
  const int first = env_int("CATACOMB_UNLOSABLE_FIRST", 0);
  const int maps = env_int("CATACOMB_UNLOSABLE_MAPS", kRandomMaps);
  for (int i = first; i < first + maps; ++i) {
    const Case c = random_case(i);
    const auto t0 = Clock::now();
    const BruteResult b = brute_force_unlosable(c.d, c.options);
    const auto t1 = Clock::now();
    Solution s;
    try {
      s = solve_dungeon(c.d, c.options);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "solve_dungeon threw " << e.what() << " on\n" << describe(i, c, b, Solution{});
      continue;
    }
    const auto t2 = Clock::now();
    brute_seconds += std::chrono::duration<double>(t1 - t0).count();
    solver_seconds += std::chrono::duration<double>(t2 - t1).count();

    all.add(b);
    (c.d.has_progression() ? progression : locks_only).add(b);
    bool gate_on = false, gate_off = false, one_way = false, secret = false;
    for (const ProgressionDoor& g : c.d.doors) {
      gate_on = gate_on || (g.kind == DoorKind::Gate && !g.open_when_off);
      gate_off = gate_off || (g.kind == DoorKind::Gate && g.open_when_off);
      one_way = one_way || g.kind == DoorKind::OneWay;
      secret = secret || g.kind == DoorKind::Secret;
    }
    if (!c.d.locks.empty()) by_kind["locked"].add(b);
    if (gate_on) by_kind["gate"].add(b);
    if (gate_off) by_kind["gate open while off"].add(b);
    if (one_way) by_kind["one-way"].add(b);
    if (secret) by_kind["secret"].add(b);
    by_rule[std::string(key_rule_name(c.options.key_rule.value_or(c.d.key_rule))) +
            (c.d.has_progression() ? " (progression)" : " (locks only)")]
        .add(b);
    by_moves[kMoveRuleNames[c.move_rule]].add(b);

    if (s.status == SolveStatus::StateCap) {
      ++skipped;
      continue;
    }
    const std::string why = completable_disagreement(s, b);
    if (!why.empty()) {
      ++completable_mismatches;
      const bool says = s.status == SolveStatus::Completable;
      ++mismatch_kinds[std::string(c.d.has_progression() ? "progression" : "locks only") +
                       (says ? ", solver completable" : ", solver not completable") +
                       (b.exit_reachable ? ", exit reachable" : ", exit not reachable")];
      if (reports.size() < 5) reports.push_back(why + "\n" + describe(i, c, b, s));
      continue;
    }
    if (s.loss == LossStatus::NotProven) {
      ++skipped;
      if (b.completable) {
        ++unproven_completable;
        if (s.softlock_states == b.softlock_states) ++count_agrees_unproven;
        else
          ++count_differs[std::string(c.d.has_progression() ? "progression" : "locks only") + ", " +
                          std::string(key_rule_name(c.options.key_rule.value_or(c.d.key_rule))) +
                          (s.softlock_states < b.softlock_states ? ", solver fewer" : ", solver more")];
      }
      continue;
    }
    ++proven;
    const std::string loss = loss_disagreement(s, b);
    if (!loss.empty()) {
      ++loss_mismatches;
      if (reports.size() < 5) reports.push_back(loss + "\n" + describe(i, c, b, s));
      continue;
    }
    Rng mutation(static_cast<uint64_t>(i));
    std::string cert;
    try {
      cert = certificate_disagreement(c.d, c.options, s, b, mutation, certificates);
    } catch (const std::exception& e) { cert = std::string("the certificate: ") + e.what(); }
    if (!cert.empty()) {
      ++certificate_mismatches;
      if (reports.size() < 5) reports.push_back(cert + "\n" + describe(i, c, b, s));
    }
  }

  std::ostringstream summary;
  summary << "[unlosable brute force] " << all.text() << "; locks only: " << locks_only.text()
          << "; progression: " << progression.text() << "\n";
  for (const auto& group : {by_kind, by_rule, by_moves})
    for (const auto& [name, t] : group) summary << "  " << name << ": " << t.text() << "\n";
  summary << "  compared: " << proven << " with loss proven, " << skipped << " skipped (state cap or loss not proven; "
          << count_agrees_unproven << " of the " << unproven_completable
          << " completable ones skipped have the brute force's softlock_states); mismatches: completable "
          << completable_mismatches << ", loss/softlocks " << loss_mismatches << "\n";
  for (const auto& [kind, n] : mismatch_kinds) summary << "  completable mismatches (" << kind << "): " << n << "\n";
  for (const auto& [kind, n] : count_differs)
    summary << "  softlock_states differ, loss not proven (" << kind << "): " << n << "\n";
  summary << "  certificates: " << certificates.written << " written, " << certificates.accepted << " accepted, "
          << certificates.unlosable << " with unlosable states (" << certificates.listed << " listed of "
          << certificates.searched << " searched); a state dropped: " << certificates.dropped_rejected << " of "
          << certificates.dropped << " rejected, " << certificates.dropped_redundant
          << " had another standing for it; a rank kept flat: " << certificates.flat_rejected
          << " rejected; mismatches " << certificate_mismatches << "\n";
  summary << "  time: brute force " << brute_seconds << " s, solver " << solver_seconds << " s\n";
  std::cout << summary.str();
  RecordProperty("maps", all.maps);
  RecordProperty("completable", all.completable);
  RecordProperty("unlosable", all.unlosable);
  RecordProperty("losable", all.losable);
  RecordProperty("skipped", skipped);
  for (const std::string& r : reports) ADD_FAILURE() << r;
  EXPECT_EQ(completable_mismatches, 0);
  EXPECT_EQ(loss_mismatches, 0);
  EXPECT_EQ(certificate_mismatches, 0);
  EXPECT_LE(skipped * 100, all.maps) << "more than 1% of the maps skipped";
  // Enough certificates of unlosable maps, and enough of their mutants caught, to mean something.
  EXPECT_GE(certificates.unlosable * 4, all.unlosable * 3);
  EXPECT_GE(certificates.dropped_rejected * 2, certificates.dropped);
  EXPECT_GE(certificates.flat_rejected * 2, certificates.unlosable);

  // The spread the comparison needs: a good share completable, a good share of those losable,
  // in every group.
  EXPECT_GE(all.completable * 4, all.maps);
  EXPECT_GE(all.losable * 10, all.completable);
  for (const auto& group : {by_kind, by_rule, by_moves})
    for (const auto& [name, t] : group) {
      EXPECT_GE(t.maps, 300) << name;
      EXPECT_GE(t.completable, 50) << name;
    }
  EXPECT_EQ(by_kind.size(), 5u);
  EXPECT_EQ(by_rule.size(), 4u);
  EXPECT_EQ(by_moves.size(), static_cast<size_t>(kMoveRules));
  EXPECT_GE(progression.losable, 100);
  EXPECT_GE(by_rule["consumable (locks only)"].losable, 50);
}

// The comparison's power: a solver that drops softlocks must fail it. A weakened brute force
// (objectives next to an area taken on passing it) stands in for such a solver: its answers,
// compared with the exact brute force's by the same functions, must disagree (on maps where
// completable agrees, as the weakening keeps it), while the exact answers pass.
TEST(UnlosableBruteForceTest, TheComparisonCatchesADroppedSoftlock) {
  int dropped_verdicts = 0, dropped_counts = 0, maps = 0;
  for (int i = 0; i < kRandomMaps; i += 2) {
    const Case c = random_case(i);
    const BruteResult exact = brute_force_unlosable(c.d, c.options);
    const BruteResult weak = brute_force_unlosable(c.d, c.options, BruteWeakening{true});
    ++maps;
    ASSERT_EQ(completable_disagreement(solution_like(exact), exact), "");
    ASSERT_EQ(loss_disagreement(solution_like(exact), exact), "");
    ASSERT_EQ(completable_disagreement(solution_like(weak), exact), "") << describe(i, c, exact, solution_like(weak));
    EXPECT_LE(weak.softlock_cell_states, exact.softlock_cell_states);
    if (loss_disagreement(solution_like(weak), exact).empty()) continue;
    ++dropped_counts;
    dropped_verdicts += exact.completable && !exact.unlosable && weak.unlosable ? 1 : 0;
  }
  std::cout << "[unlosable brute force, weakened] " << dropped_counts << " of " << maps << " maps disagree, on "
            << dropped_verdicts << " of them losable taken for unlosable\n";
  EXPECT_GE(dropped_counts, 50);
  EXPECT_GE(dropped_verdicts, 10);
}

// Generated dungeons, not only random small maps: small rooms and caves with consumable locks,
// one-way doors, switches and secret doors, generated with softlocks allowed so that both kinds
// occur, checked against the brute force cell by cell (maps whose brute force would need more
// than its table holds are skipped and counted). Without allow_softlocks generate returns only
// maps the brute force also finds unlosable.
TEST(UnlosableBruteForceTest, TheSolverAgreesOnGeneratedDungeons) {
  int compared = 0, losable = 0, skipped = 0;
  for (const bool caves : {false, true})
    for (uint64_t seed = 1; seed <= 20; ++seed)
      for (const bool allow : {true, false}) {
        GenerateConfig c;
        c.generator = caves ? GeneratorKind::Caves : GeneratorKind::Rooms;
        c.width = caves ? 40 : 40;
        c.height = caves ? 26 : 28;
        c.objectives = 2;
        c.locks = 2;
        c.key_rule = KeyRule::Consumable;
        c.lock_layout = seed % 2 ? LockLayout::Cycles : LockLayout::Chain;
        c.one_way = 1;
        c.switches = static_cast<int>(seed % 3);
        c.secret_doors = seed % 4 == 0 ? 1 : 0;
        c.allow_softlocks = allow;
        GenerateResult r;
        try {
          r = generate_dungeon(c, seed);
        } catch (const GenerationError&) {
          continue;  // a layout without room for the doors: nothing to compare
        }
        const SolveOptions o = [&] {
          const ValidateOptions v = map_rules(r.dungeon);
          SolveOptions s;
          s.costs = v.costs;
          s.moves = v.moves;
          s.key_rule = v.key_rule;
          return s;
        }();
        BruteResult b;
        try {
          b = brute_force_unlosable(r.dungeon, o);
        } catch (const std::length_error&) {
          ++skipped;
          continue;
        }
        const Solution s = solve_dungeon(r.dungeon, o);
        ++compared;
        losable += b.unlosable ? 0 : 1;
        EXPECT_EQ(completable_disagreement(s, b), "") << "seed " << seed << (caves ? " caves" : " rooms");
        EXPECT_EQ(loss_disagreement(s, b), "") << "seed " << seed << (caves ? " caves" : " rooms");
        if (!allow) { EXPECT_TRUE(b.completable && b.unlosable) << "seed " << seed << (caves ? " caves" : " rooms"); }
      }
  std::cout << "[unlosable brute force, generated] " << compared << " compared, " << losable << " losable, " << skipped
            << " skipped (too large for the brute force)\n";
  EXPECT_GE(compared, 40);
}

}  // namespace catacomb

namespace catacomb {
namespace {

// A row of `pockets` pockets under a corridor, each entered by a one-way drop onto its treasure
// and left by a one-way climb, but the last, which holds the exit and has no climb: every pocket
// must be emptied before the last drop, and dropping early strands the player.
Dungeon pockets_map(int pockets) {
  const int w = 3 * pockets + 2;
  std::vector<std::string> rows(5, std::string(static_cast<size_t>(w), '#'));
  for (int x = 1; x < w - 1; ++x) rows[1][static_cast<size_t>(x)] = '.';
  rows[1][1] = '<';
  for (int i = 0; i < pockets; ++i) {
    const size_t c = static_cast<size_t>(2 + 3 * i);
    const bool last = i + 1 == pockets;
    rows[2][c] = 'v';
    rows[3][c] = last ? '>' : '*';
    rows[3][c + 1] = '.';
    if (!last) rows[2][c + 1] = '^';
  }
  return parse_map(rows);
}

}  // namespace

// The issue's hole: with many pockets the search over every order passes its budget and the
// completability search turns to closed states, which merge what a player may leave undone; the
// softlocks must still all be found, exactly (the brute force's count), not reported as none.
TEST(UnlosableBruteForceTest, ManyPocketsKeepEveryDeadEnd) {
  for (const int pockets : {8, 12}) {
    SCOPED_TRACE(std::to_string(pockets) + " pockets");
    const Dungeon d = pockets_map(pockets);
    const SolveOptions o;
    const Solution s = solve_dungeon(d, o);
    ASSERT_EQ(s.status, SolveStatus::Completable);
    EXPECT_EQ(s.loss, LossStatus::Losable);
    ASSERT_TRUE(s.softlock.has_value());
    EXPECT_NE(s.softlock->message.find("there is no way back"), std::string::npos) << s.softlock->message;
    const BruteResult b = brute_force_unlosable(d, o);
    EXPECT_TRUE(b.completable);
    EXPECT_FALSE(b.unlosable);
    EXPECT_EQ(s.softlock_states, b.softlock_states);
    if (pockets == 12) {
      EXPECT_LE(s.states, 1000);  // the completability search's closed states: it did go past the budget
    }
    SolveOptions tight = o;
    tight.max_states = 1000;  // the proof stops at the cap: not proven, never "no softlock"
    const Solution capped = solve_dungeon(d, tight);
    ASSERT_EQ(capped.status, SolveStatus::Completable);  // the closed states stay under 1,000
    EXPECT_EQ(capped.loss, LossStatus::NotProven);
    EXPECT_EQ(capped.softlock_states, 0);
    EXPECT_FALSE(capped.softlock.has_value());
    ValidateOptions v;
    v.max_states = 1000;
    const ValidationReport r = validate_dungeon(d, v);
    EXPECT_FALSE(r.valid);
    ASSERT_FALSE(r.problems.empty());
    EXPECT_EQ(r.problems.back().kind, ProblemKind::SoftlockNotProven);
  }
}

}  // namespace catacomb
