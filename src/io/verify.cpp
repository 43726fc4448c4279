// Checking a certificate by replaying it: one pass over its steps and their cells, no search.
// Kept apart from the solver on purpose: it shares none of its code, only the rules of the map
// (moves.hpp's diagonal_allowed, the one home of corner cutting; dungeon.hpp's gate_open and
// one_way_step_allowed) and the map hash.
// Every field is a claim and every claim is checked: a field the format does not define is
// refused (bad input), and each step's number, action, target, lock and cost, and the total
// cost, must be what the replay finds (else the verdict names the field and the truth).
#include <catacomb/io/certificate.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>

#include <catacomb/core/error.hpp>
#include "io/certificate_fields.hpp"
#include "io/json_input.hpp"
#include "io/sorted_json.hpp"
#include "io/verify_unlosable.hpp"
#include "shared/core/enum_names.hpp"
#include "shared/validate/step_kind_names.hpp"

namespace catacomb {
namespace {

using json = detail::Json;
using certificate_fields::bad;
using certificate_fields::cell;
using certificate_fields::need;
using certificate_fields::only_fields;

// Two costs agree when they differ by a rounding of their sum, not more.
bool same_cost(double claimed, double replayed) {
  return std::abs(replayed - claimed) <= 1e-9 * std::max(1.0, std::abs(replayed));
}

struct Rules {
  ValidateOptions o;
  KeyRule key_rule = KeyRule::Reusable;
};

Rules read_rules(const json& r) {
  Rules out;
  only_fields(r, {"neighbors", "diagonal", "diagonal_cost", "key_rule", "costs"}, "rules.");
  const json& n = need(r, "neighbors", "rules.");
  if (n != 4 && n != 8) bad("rules.neighbors", n, "4 or 8");
  out.o.moves.neighbors = n.get<int>();
  const json& diag = need(r, "diagonal", "rules.");
  if (!diag.is_string()) bad("rules.diagonal", diag, "a diagonal policy");
  out.o.moves.diagonal = parse_diagonal_policy(diag.get<std::string>(), "certificate rules.diagonal");
  const json& dc = need(r, "diagonal_cost", "rules.");
  if (!dc.is_number() || !(dc.get<double>() >= 1 && dc.get<double>() <= 2))
    bad("rules.diagonal_cost", dc, "a number 1 to 2");
  out.o.moves.diagonal_cost = dc.get<double>();
  const json& kr = need(r, "key_rule", "rules.");
  if (!kr.is_string()) bad("rules.key_rule", kr, detail::enum_expected(detail::kKeyRuleNames));
  out.key_rule = parse_key_rule(kr.get<std::string>(), "certificate rules.key_rule");
  const json& costs = need(r, "costs", "rules.");
  if (!costs.is_object()) bad("rules.costs", costs, "an object, a cost per terrain");
  for (const auto& it : detail::sorted_members(costs))
    if (!terrain_from_name(it.key())) bad("rules.costs." + it.key(), it.value(), "only the terrains' names");
  for (Terrain t : kAllTerrains) {
    const json& c = need(costs, std::string(terrain_name(t)).c_str(), "rules.costs.");
    if (c.is_null()) out.o.costs.set(t, CostTable::kImpassable);
    else if (c.is_number() && c.get<double>() > 0 && std::isfinite(c.get<double>()))
      out.o.costs.set(t, c.get<double>());
    else bad("rules.costs." + std::string(terrain_name(t)), c, "null (impassable) or a number > 0");
  }
  return out;
}

std::string cells_text(Point p) { return to_string(p); }

}  // namespace

namespace {

// Why the certificate is not for this map and its rules (step 0), or nullopt: the map hash, the
// key rule, and the costs and moves when the map's own are known.
std::optional<std::string> rules_mismatch(const Dungeon& d, const std::string& hash, const Rules& rules,
                                          const std::optional<ValidateOptions>& expected) {
  char mine[17];
  std::snprintf(mine, sizeof mine, "%016llx", static_cast<unsigned long long>(map_hash(d)));
  if (hash != mine) return "the certificate is for another map (map hash " + hash + ", this map " + mine + ")";
  if (rules.key_rule != d.key_rule)
    return "the certificate's key rule is " + std::string(key_rule_name(rules.key_rule)) + ", the map's " +
           std::string(key_rule_name(d.key_rule));
  if (expected && (expected->costs != rules.o.costs || expected->moves.neighbors != rules.o.moves.neighbors ||
                   effective_diagonal(expected->moves) != effective_diagonal(rules.o.moves) ||
                   expected->moves.diagonal_cost != rules.o.moves.diagonal_cost))
    return "the certificate's rules (costs, moves) are not the map's own";
  return std::nullopt;
}

// The replay's state: the player's cell, the doors opened, the keys picked up and spent, the
// objectives visited, the moves made. Each step gives nullopt when it holds, else why not.
struct Replay {
  const Dungeon& d;
  const Rules& rules;
  const Grid<Terrain>& tiles;
  const Grid<uint8_t> locks;
  Grid<uint8_t> opened;
  std::array<int, kMaxLock + 1> keys{};  // keys picked up, per lock
  std::array<int, kMaxLock + 1> spent{};
  std::vector<uint8_t> visited;
  Point pos{};
  int64_t moves = 0;
  uint32_t switches = 0;  // bit s - 1: switch s on

  Replay(const Dungeon& dungeon, const Rules& r)
      : d(dungeon),
        rules(r),
        tiles(dungeon.tiles),
        locks(lock_grid(dungeon)),
        opened(tiles.width(), tiles.height(), 0),
        visited(dungeon.objectives.size(), 0) {}

  void enter(Point p) {
    for (size_t i = 0; i < d.objectives.size(); ++i)
      if (d.objectives[i].pos == p && !visited[i]) {
        visited[i] = 1;
        if (d.objectives[i].kind == ObjectiveKind::Key && d.objectives[i].lock >= 1 && d.objectives[i].lock <= kMaxLock)
          ++keys[static_cast<size_t>(d.objectives[i].lock)];
      }
  }
  // A cell a diagonal may cut past: on the map, passable, not a closed locked door, not a
  // closed gate, a one-way or a secret door.
  bool open(Point p) const {
    if (!tiles.in_bounds(p) || !rules.o.costs.passable(tiles[p]) || (locks[p] != 0 && opened[p] == 0)) return false;
    const ProgressionDoor* g = d.door_at(p);
    return !g || (g->kind == DoorKind::Gate && gate_open(*g, switches));
  }

  // Why the move a -> b breaks a progression door's rule (the last move of a one-way step may
  // enter a one-way door), or nullopt.
  std::optional<std::string> progression_move(Point a, Point b, const std::string& move, bool last_of_one_way) const {
    if (const ProgressionDoor* g = d.door_at(b)) {
      if (g->kind == DoorKind::Secret)
        return move + " passes the secret door at " + cells_text(b) + ": a secret door is never a required step";
      if (g->kind == DoorKind::Gate && !gate_open(*g, switches))
        return move + " enters the gate at " + cells_text(b) + " of switch " + std::to_string(g->switch_id) +
               " while it is closed (switch " + std::to_string(g->switch_id) + " is " +
               (((switches >> (g->switch_id - 1)) & 1u) ? "on)" : "off)");
      if (g->kind == DoorKind::OneWay && !one_way_step_allowed(*g, a, b))
        return move + " takes the one-way door at " + cells_text(b) + " backwards (it is passed going " +
               std::string(direction_name(g->dir)) + " only)";
      if (g->kind == DoorKind::OneWay && !last_of_one_way)
        return move + " enters the one-way door at " + cells_text(b) + " outside a one-way step ending there";
    }
    if (const ProgressionDoor* g = d.door_at(a); g && g->kind == DoorKind::OneWay && !one_way_step_allowed(*g, a, b))
      return move + " leaves the one-way door at " + cells_text(a) + " backwards (it is passed going " +
             std::string(direction_name(g->dir)) + " only)";
    return std::nullopt;
  }

  // The route's moves from route[0], each a legal step (opening the locked doors it enters),
  // their costs summed in `cost`.
  std::optional<std::string> walk(const json& route, const std::string& where, double& cost, bool one_way) {
    for (size_t i = 1; i < route.size(); ++i) {
      const Point a = cell(route[i - 1], where + "route"),
                  b = cell(route[i], where + "route[" + std::to_string(i) + "]");
      const int dx = b.x - a.x, dy = b.y - a.y;
      const std::string move = "the move " + cells_text(a) + " -> " + cells_text(b);
      if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0))
        return move + " is not a step to a neighbouring cell";
      if (!tiles.in_bounds(b)) return move + " leaves the map";
      if (!rules.o.costs.passable(tiles[b]))
        return move + " enters " + std::string(terrain_name(tiles[b])) + ", which is impassable";
      const bool diagonal = dx != 0 && dy != 0;
      if (diagonal && (rules.o.moves.neighbors != 8 || !diagonal_allowed(effective_diagonal(rules.o.moves),
                                                                         open(Point{b.x, a.y}), open(Point{a.x, b.y}))))
        return move + " cuts a corner the rules forbid";
      if (!d.doors.empty())
        if (std::optional<std::string> why = progression_move(a, b, move, one_way && i + 1 == route.size())) return why;
      if (locks[b] != 0 && !opened[b]) {
        const size_t lock = locks[b];
        const int held = rules.key_rule == KeyRule::Consumable ? keys[lock] - spent[lock] : keys[lock];
        if (held <= 0) return move + " opens door " + std::to_string(lock) + " without a key " + std::to_string(lock);
        if (rules.key_rule == KeyRule::Consumable) ++spent[lock];
        opened[b] = 1;
      }
      cost += rules.o.costs[tiles[b]] * (diagonal ? rules.o.moves.diagonal_cost : 1.0);
      enter(b);
      pos = b;
      ++moves;
    }
    return std::nullopt;
  }

  // Whether an objective of `kind` stands at `at` with lock `lock` (0: none): nullopt when one
  // does (for open-door: a locked door of that lock, closed before the step), else why not.
  std::optional<std::string> target(StepKind kind, const std::string& action, Point at, int lock, bool was_open) const {
    const std::string claim = lock != 0 ? "the step claims lock " + std::to_string(lock) : "the step claims no lock";
    if (kind == StepKind::OneWay) {
      const ProgressionDoor* g = d.door_at(at);
      if (!g || g->kind != DoorKind::OneWay) return "there is no one-way door at " + cells_text(at);
      return lock != 0 ? std::optional<std::string>(claim + ", a one-way door has none") : std::nullopt;
    }
    if (kind == StepKind::OpenDoor) {
      if (locks[at] == 0) return "there is no open-door target at " + cells_text(at);
      if (was_open) return "the door at " + cells_text(at) + " was opened before this step, not by it";
      if (locks[at] != lock) return claim + ", the door at " + cells_text(at) + " is lock " + std::to_string(locks[at]);
      return std::nullopt;
    }
    const Objective* found = nullptr;
    for (const Objective& o : d.objectives) {
      const bool locked_key = o.kind == ObjectiveKind::Key && o.lock >= 1 && o.lock <= kMaxLock;
      const bool fits = kind == StepKind::ReachExit ? o.kind == ObjectiveKind::Exit
                        : kind == StepKind::TakeKey ? locked_key
                        : kind == StepKind::Toggle  ? o.kind == ObjectiveKind::Switch
                                                    : o.kind != ObjectiveKind::Exit && !locked_key;
      if (o.pos != at || !fits) continue;
      if (o.lock == lock) return std::nullopt;
      found = &o;
    }
    if (!found) return "there is no " + action + " target at " + cells_text(at);
    return claim + ", the " + std::string(objective_kind_name(found->kind)) + " at " + cells_text(at) +
           (found->lock != 0 ? " is lock " + std::to_string(found->lock) : " has no lock");
  }

  // A toggle of switch `id` standing at `at`: nullopt when a switch of that id stands there
  // (its state flips), else why not.
  std::optional<std::string> toggle(Point at, int id) {
    for (const Objective& o : d.objectives)
      if (o.kind == ObjectiveKind::Switch && o.pos == at && o.switch_id == id) {
        switches ^= 1u << (id - 1);
        return std::nullopt;
      }
    return "the step toggles switch " + std::to_string(id) + ", but the player stands at " + cells_text(at) +
           ", not on switch " + std::to_string(id);
  }

  // Step k: its fields, its number, its route from the player's cell to its target, the target
  // there with the lock it claims, the cost it claims; when it holds, its cost is added to
  // `total` and its action kept.
  std::optional<std::string> step(size_t k, const json& st, double& total, std::string& last_action) {
    const std::string where = "steps[" + std::to_string(k) + "].";
    if (!st.is_object()) bad(where.substr(0, where.size() - 1), st, "an object");
    only_fields(st, {"step", "action", "at", "lock", "switch", "cost", "route"}, where);
    const json& number = need(st, "step", where);
    if (!number.is_number_integer()) bad(where + "step", number, "an integer, the step's place from 1");
    const json& action = need(st, "action", where);
    if (!action.is_string() || !step_kind_from_name(action.get<std::string>()))
      bad(where + "action", action, detail::enum_expected(detail::kStepKindNames));
    const StepKind kind = *step_kind_from_name(action.get<std::string>());
    const Point at = cell(need(st, "at", where), where + "at");
    int lock = 0;
    if (st.contains("lock")) {
      const json& l = st["lock"];
      if (!l.is_number_integer() || l.get<int64_t>() < 1 || l.get<int64_t>() > kMaxLock)
        bad(where + "lock", l, "a lock id 1 to " + std::to_string(kMaxLock));
      lock = l.get<int>();
    }
    int switch_id = 0;
    if (st.contains("switch")) {
      const json& sw = st["switch"];
      if (!sw.is_number_integer() || sw.get<int64_t>() < 1 || sw.get<int64_t>() > kMaxSwitch)
        bad(where + "switch", sw, "a switch id 1 to " + std::to_string(kMaxSwitch));
      switch_id = sw.get<int>();
    }
    if ((kind == StepKind::Toggle) != (switch_id != 0))
      bad(where + "switch", st.contains("switch") ? st["switch"] : json("missing"),
          "a switch id exactly on a toggle step");
    const json& claimed = need(st, "cost", where);
    if (!claimed.is_number()) bad(where + "cost", claimed, "a number");
    const json& route = need(st, "route", where);
    if (!route.is_array() || route.empty()) bad(where + "route", route, "a non-empty array of [x, y] cells");
    if (!number.is_number_unsigned() || number.get<uint64_t>() != k + 1)
      return "the step claims step " + number.dump() + ", it is step " + std::to_string(k + 1);
    if (cell(route[0], where + "route[0]") != pos)
      return "the route starts at " + cells_text(cell(route[0], where + "route[0]")) + ", but the player is at " +
             cells_text(pos);
    const bool was_open = tiles.in_bounds(at) && opened[at] != 0;
    double cost = 0;
    if (std::optional<std::string> why = walk(route, where, cost, kind == StepKind::OneWay)) return why;
    if (pos != at) return "the route ends at " + cells_text(pos) + ", not at " + cells_text(at);
    if (kind == StepKind::Toggle) {
      if (lock != 0) return "the step claims lock " + std::to_string(lock) + ", a switch has none";
      if (std::optional<std::string> why = toggle(at, switch_id)) return why;
    } else if (std::optional<std::string> why = target(kind, action.get<std::string>(), at, lock, was_open)) {
      return why;
    }
    if (!same_cost(claimed.get<double>(), cost))
      return "the step claims cost " + claimed.dump() + ", its route costs " + json(cost).dump();
    total += cost;
    last_action = action.get<std::string>();
    return std::nullopt;
  }
};

}  // namespace

Verdict verify_certificate(const Dungeon& d, std::string_view text, const std::optional<ValidateOptions>& expected,
                           int64_t max_states) {
  const json j = parse_json_input<json>(text, "certificate", "unparsable", "JSON");
  if (!j.is_object()) bad("document", j, "an object");
  if (need(j, "format", "") != "catacomb-certificate") bad("format", j["format"], "\"catacomb-certificate\"");
  if (need(j, "version", "") != 1) bad("version", j["version"], "1");
  only_fields(j, {"format", "version", "map_hash", "rules", "steps", "total_cost", "unlosable"}, "");
  const json& hash = need(j, "map_hash", "");
  if (!hash.is_string()) bad("map_hash", hash, "16 hex digits");
  const Rules rules = read_rules(need(j, "rules", ""));
  const json& steps = need(j, "steps", "");
  if (!steps.is_array()) bad("steps", steps, "an array");
  const json& total_cost = need(j, "total_cost", "");
  if (!total_cost.is_number()) bad("total_cost", total_cost, "a number, the sum of the steps' costs");

  Verdict v;
  auto reject = [&](int step, std::string why) {
    v.step = step;
    v.reason = std::move(why);
    return v;
  };
  if (std::optional<std::string> why = rules_mismatch(d, hash.get<std::string>(), rules, expected))
    return reject(0, std::move(*why));

  Replay replay(d, rules);
  std::optional<Point> start = d.find(ObjectiveKind::Start);
  if (!start || !d.tiles.in_bounds(*start)) return reject(0, "the map has no start on the map");
  replay.pos = *start;
  replay.enter(replay.pos);
  double total = 0;
  std::string last_action;
  for (size_t k = 0; k < steps.size(); ++k)
    if (std::optional<std::string> why = replay.step(k, steps[k], total, last_action))
      return reject(static_cast<int>(k) + 1, std::move(*why));
  for (size_t i = 0; i < d.objectives.size(); ++i)
    if (!replay.visited[i])
      return reject(0, std::string(objective_kind_name(d.objectives[i].kind)) + " at " +
                           cells_text(d.objectives[i].pos) + " is never visited");
  if (d.find(ObjectiveKind::Exit) && last_action != "reach-exit")
    return reject(0, "the last step does not reach the exit");
  if (!same_cost(total_cost.get<double>(), total))
    return reject(0,
                  "the certificate claims total_cost " + total_cost.dump() + ", its steps cost " + json(total).dump());
  std::string unlosable;
  if (j.contains("unlosable")) {
    const verifying::UnlosableVerdict u = verifying::check_unlosable(d, rules.o, rules.key_rule, j["unlosable"],
                                                                     max_states);
    if (!u.accepted) {
      v.state = u.state;
      return reject(0, "unlosable: " + u.reason);
    }
    v.unlosable = true;
    unlosable = "; cannot be lost: " + std::to_string(u.states) + (u.states == 1 ? " state" : " states") +
                " a player can reach, each with a way to finish";
  }
  v.accepted = true;
  v.summary = std::to_string(steps.size()) + " steps, " + std::to_string(replay.moves) + " moves, cost " +
              json(total).dump() + unlosable;
  return v;
}

}  // namespace catacomb
