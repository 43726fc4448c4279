// The solver on maps with progression (gates and switches, one-way doors, secret doors): the
// hand-made maps of issue #33, tampered certificates, and agreement with an exhaustive search
// over cells written here apart from the solver.
#include <gtest/gtest.h>

#include <map>
#include <tuple>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/pipeline/generate.hpp>
#include "validate/solver/solver_progression.hpp"
#include <catacomb/validate/solver.hpp>

namespace catacomb {
namespace {

// A test map: read_ascii's letters plus '!' a gate of switch 1 open while on, '?' one open while
// off, '^' 'V' ')' '(' one-way doors going north, south, east, west, '%' a secret door (each a
// door tile), '$' switch 1 on a floor tile.
Dungeon pmap(const std::string& text, KeyRule rule = KeyRule::Reusable) {
  std::string plain = text;
  std::vector<ProgressionDoor> doors;
  std::vector<Point> switches;
  int x = 0, y = 0;
  for (char& c : plain) {
    const Point p{x, y};
    ++x;
    if (c == '\n') {
      x = 0, ++y;
      continue;
    }
    const std::map<char, Point> arrows = {{'^', {0, -1}}, {'V', {0, 1}}, {')', {1, 0}}, {'(', {-1, 0}}};
    if (c == '!' || c == '?') doors.push_back({p, DoorKind::Gate, 1, c == '?', {}});
    else if (arrows.count(c)) doors.push_back({p, DoorKind::OneWay, 0, false, arrows.at(c)});
    else if (c == '%') doors.push_back({p, DoorKind::Secret, 0, false, {}});
    else if (c == '$') switches.push_back(p);
    else continue;
    c = c == '$' ? '.' : '+';
  }
  Dungeon d = read_ascii(plain);
  d.key_rule = rule;
  d.doors = doors;
  for (Point p : switches) d.objectives.push_back({ObjectiveKind::Switch, p, 0, 1});
  return d;
}

int count_steps(const Solution& s, StepKind k) {
  int n = 0;
  for (const WalkStep& st : s.walkthrough) n += st.kind == k ? 1 : 0;
  return n;
}

ValidateOptions rules_of(const SolveOptions& o) {
  ValidateOptions v;
  v.costs = o.costs;
  v.moves = o.moves;
  return v;
}

Verdict replay(const Dungeon& d, const Solution& s, const SolveOptions& o = {}) {
  return verify_certificate(d, write_certificate(d, s, rules_of(o)), std::nullopt);
}

TEST(SolverProgressionTest, ASwitchToggledOffOnOffFinishesTheMap) {
  const Dungeon d = pmap("############\n#<$.!.$.?.>#\n############\n");
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable) << s.message;
  EXPECT_EQ(count_steps(s, StepKind::Toggle), 2);
  const Verdict v = replay(d, s);
  EXPECT_TRUE(v.accepted) << v.step << ": " << v.reason;
}

// In one area the walkthrough takes the nearest first, and a switch the plan toggles there is
// visited once, by its toggle (before: taken in index order, then walked back to and toggled).
TEST(SolverProgressionTest, TheWalkthroughGoesNearestFirstAndVisitsASwitchOnceToToggleIt) {
  const Dungeon d = pmap("#########\n#$.<...1#\n#######!#\n#######>#\n#########\n");
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable) << s.message;
  ASSERT_EQ(s.walkthrough.size(), 3u);
  EXPECT_EQ(s.walkthrough[0].kind, StepKind::Toggle);
  EXPECT_EQ(s.walkthrough[0].target, (Point{1, 1}));
  EXPECT_EQ(s.walkthrough[1].kind, StepKind::Take);
  EXPECT_EQ(s.walkthrough[1].target, (Point{7, 1}));
  EXPECT_EQ(s.walkthrough[2].kind, StepKind::ReachExit);
  EXPECT_EQ(s.metrics.walkthrough_length, 2 + 6 + 2);
  EXPECT_TRUE(replay(d, s).accepted);
}

TEST(SolverProgressionTest, AGateOpenWhileItsSwitchIsOffNeedsNoToggle) {
  const Dungeon d = pmap("#######\n#<.?.>#\n#######\n");
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable);
  EXPECT_EQ(count_steps(s, StepKind::Toggle), 0);
  EXPECT_TRUE(replay(d, s).accepted);
}

TEST(SolverProgressionTest, AGateWithoutItsSwitchIsNamedInTheReason) {
  const Dungeon d = pmap("#######\n#<.!.>#\n#######\n");
  const Solution s = solve_dungeon(d);
  EXPECT_EQ(s.status, SolveStatus::NotCompletable);
  EXPECT_EQ(s.reasons[1],
            "exit at 5,1 lies behind gate at 3,1 of switch 1 (open while it is on), and there is no "
            "switch 1");
}

TEST(SolverProgressionTest, AOneWayDropIntoAnAreaWithoutTheExitIsASoftlockWithItsWayIn) {
  const Dungeon d = pmap("#######\n#<...>#\n###V###\n#.....#\n#######\n");
  for (const int64_t budget : {solving::kEveryOrderBudget, int64_t{0}}) {  // both searches
    const Solution s = solving::solve_progression(d, SolveOptions{}, budget);
    ASSERT_EQ(s.status, SolveStatus::Completable);
    ASSERT_TRUE(s.softlock.has_value());
    EXPECT_EQ(s.softlock->message,
              "after passing one-way door at 3,2 (passed going south only) (2 moves of play) the dungeon can "
              "no longer be completed: there is no way back");
    EXPECT_EQ(s.loss, LossStatus::Losable);
    ASSERT_FALSE(s.softlock->steps.empty());
    EXPECT_EQ(s.softlock->steps.back().kind, StepKind::OneWay);
    EXPECT_EQ(s.softlock->steps.back().target, (Point{3, 2}));
    EXPECT_TRUE(replay(d, s).accepted);
  }
}

TEST(SolverProgressionTest, AOneWayDoorIsPassedItsWayOnly) {
  const Dungeon down = pmap("#####\n#<..#\n##V##\n#.>.#\n#####\n");
  const Solution s = solve_dungeon(down);
  ASSERT_EQ(s.status, SolveStatus::Completable);
  EXPECT_EQ(count_steps(s, StepKind::OneWay), 1);
  EXPECT_TRUE(replay(down, s).accepted);
  const Dungeon up = pmap("#####\n#<..#\n##^##\n#.>.#\n#####\n");
  const Solution t = solve_dungeon(up);
  EXPECT_EQ(t.status, SolveStatus::NotCompletable);
  EXPECT_NE(t.reasons[1].find("one-way door at 2,2 (passed going north only)"), std::string::npos) << t.reasons[1];
}

TEST(SolverProgressionTest, ASecretDoorThatIsTheOnlyWayIsNotCompletable) {
  const Dungeon d = pmap("#######\n#<.%.>#\n#######\n");
  const Solution s = solve_dungeon(d);
  EXPECT_EQ(s.status, SolveStatus::NotCompletable);
  EXPECT_NE(s.reasons[1].find("secret door at 3,1"), std::string::npos) << s.reasons[1];
  ASSERT_EQ(s.secrets.size(), 1u);
  EXPECT_EQ(s.secrets[0].without, -1);
  EXPECT_EQ(s.secrets[0].message, "secret door at 3,1 is the only two-way passage between 2,1 and 4,1");
}

TEST(SolverProgressionTest, ASecretShortcutIsReportedAndNeverUsed) {
  const Dungeon d = pmap("#########\n#<..%..>#\n#.#####.#\n#.......#\n#########\n");
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable);
  ASSERT_EQ(s.secrets.size(), 1u);
  EXPECT_EQ(s.secrets[0].without, 14);
  EXPECT_EQ(s.secrets[0].message,
            "secret door at 4,1 shortens the two-way walk between 3,1 and 5,1 from 14 moves to 2");
  for (const WalkStep& st : s.walkthrough)
    for (Point p : st.route) EXPECT_NE(p, (Point{4, 1}));
  EXPECT_TRUE(replay(d, s).accepted);
}

// A certificate of `d` whose steps are replaced by `steps` (each: action, at, route; the
// costs are the moves, every tile costing 1).
std::string forged(const Dungeon& d, const nlohmann::json& steps) {
  nlohmann::json j = nlohmann::json::parse(write_certificate(d, solve_dungeon(d), ValidateOptions{}));
  j["steps"] = steps;
  double total = 0;
  for (size_t i = 0; i < steps.size(); ++i) {
    j["steps"][i]["step"] = i + 1;
    j["steps"][i]["cost"] = static_cast<double>(steps[i]["route"].size() - 1);
    total += static_cast<double>(steps[i]["route"].size() - 1);
  }
  j["total_cost"] = total;
  return j.dump();
}

TEST(SolverProgressionTest, TamperedCertificatesAreRejectedWithTheStepAndReason) {
  const Dungeon gate = pmap("########\n#<$.!.>#\n########\n");
  using J = nlohmann::json;
  const J take{{"action", "take"}, {"at", {2, 1}}, {"route", {{1, 1}, {2, 1}}}};
  Verdict v = verify_certificate(
      gate,
      forged(
          gate,
          J::array(
              {take, {{"action", "reach-exit"}, {"at", {6, 1}}, {"route", {{2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}}}}})),
      std::nullopt);
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.step, 2);
  EXPECT_EQ(v.reason, "the move 3,1 -> 4,1 enters the gate at 4,1 of switch 1 while it is closed (switch 1 is off)");
  v = verify_certificate(
      gate, forged(gate, J::array({{{"action", "toggle"}, {"switch", 1}, {"at", {1, 1}}, {"route", {{1, 1}}}}})),
      std::nullopt);
  EXPECT_EQ(v.step, 1);
  EXPECT_EQ(v.reason, "the step toggles switch 1, but the player stands at 1,1, not on switch 1");

  const Dungeon up = pmap("#####\n#<.>#\n##^##\n#...#\n#####\n");
  v = verify_certificate(
      up, forged(up, J::array({{{"action", "one-way"}, {"at", {2, 2}}, {"route", {{1, 1}, {2, 1}, {2, 2}}}}})),
      std::nullopt);
  EXPECT_EQ(v.step, 1);
  EXPECT_EQ(v.reason, "the move 2,1 -> 2,2 takes the one-way door at 2,2 backwards (it is passed going north only)");

  const Dungeon secret = pmap("#######\n#<.%.>#\n#######\n");
  v = verify_certificate(
      secret,
      forged(
          secret,
          J::array({{{"action", "reach-exit"}, {"at", {5, 1}}, {"route", {{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}}}}})),
      std::nullopt);
  EXPECT_EQ(v.step, 1);
  EXPECT_EQ(v.reason, "the move 2,1 -> 3,1 passes the secret door at 3,1: a secret door is never a required step");
}

// --- the exhaustive search: every (cell, opened doors, switches, visited objectives) ---------

struct Brute {
  const Dungeon& d;
  bool completable() const;
};

bool Brute::completable() const {
  const size_t nobj = d.objectives.size();
  using S = std::tuple<int, int, uint32_t, uint32_t, uint32_t>;  // x, y, opened locks, switches, visited
  std::set<S> seen;
  std::vector<S> queue;
  const Point start = *d.find(ObjectiveKind::Start);
  auto visit = [&](Point p, uint32_t v) {
    for (size_t i = 0; i < nobj; ++i)
      if (d.objectives[i].pos == p) v |= 1u << i;
    return v;
  };
  auto push = [&](S s) {
    if (seen.insert(s).second) queue.push_back(s);
  };
  push({start.x, start.y, 0, 0, visit(start, 0)});
  const uint32_t all = (1u << nobj) - 1;
  for (size_t q = 0; q < queue.size(); ++q) {
    const auto [x, y, opened, sw, vis] = queue[q];
    const Point p{x, y};
    if (vis == all && d.tiles[p] != Terrain::Wall && p == *d.find(ObjectiveKind::Exit)) return true;
    for (size_t i = 0; i < nobj; ++i)
      if (d.objectives[i].kind == ObjectiveKind::Switch && d.objectives[i].pos == p)
        push({x, y, opened, sw ^ (1u << (d.objectives[i].switch_id - 1)), vis});
    const Point steps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (Point v : steps) {
      const Point t{x + v.x, y + v.y};
      if (!d.tiles.in_bounds(t) || d.tiles[t] == Terrain::Wall) continue;
      const ProgressionDoor* here = d.door_at(p);
      if (here && here->kind == DoorKind::OneWay && v != here->dir) continue;
      const ProgressionDoor* there = d.door_at(t);
      if (there && there->kind == DoorKind::Secret) continue;
      if (there && there->kind == DoorKind::OneWay && v != there->dir) continue;
      if (there && there->kind == DoorKind::Gate) {
        const bool on = ((sw >> (there->switch_id - 1)) & 1u) != 0;
        if (on == there->open_when_off) continue;
      }
      uint32_t o = opened;
      for (size_t j = 0; j < d.locks.size(); ++j) {
        if (d.locks[j].pos != t || ((opened >> j) & 1u)) continue;
        int keys = 0;
        for (size_t i = 0; i < nobj; ++i)
          keys += ((vis >> i) & 1u) && d.objectives[i].kind == ObjectiveKind::Key &&
                  d.objectives[i].lock == d.locks[j].lock;
        if (d.key_rule == KeyRule::Consumable)
          for (size_t k = 0; k < d.locks.size(); ++k)
            keys -= ((opened >> k) & 1u) && d.locks[k].lock == d.locks[j].lock;
        if (keys <= 0) o = ~0u;
        else o |= 1u << j;
      }
      if (o == ~0u) continue;
      push({t.x, t.y, o, sw, visit(t, vis)});
    }
  }
  return false;
}

// A small random map: open floor with some walls, a start, an exit, up to two locks with keys,
// two gates of up to two switches, two one-way doors and a secret door.
Dungeon random_map(Rng& rng) {
  const int w = 7, h = 6;
  Dungeon d;
  d.tiles = Grid<Terrain>(w, h, Terrain::Wall);
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) d.tiles[{x, y}] = rng.uniform_int(0, 99) < 22 ? Terrain::Wall : Terrain::Floor;
  std::vector<Point> floor;
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x)
      if (d.tiles[{x, y}] == Terrain::Floor) floor.push_back({x, y});
  auto pick = [&]() {
    const size_t i = static_cast<size_t>(rng.uniform_int(0, static_cast<int64_t>(floor.size()) - 1));
    const Point p = floor[i];
    floor.erase(floor.begin() + static_cast<std::ptrdiff_t>(i));
    return p;
  };
  if (floor.size() < 14) return d;
  d.key_rule = rng.uniform_int(0, 1) ? KeyRule::Consumable : KeyRule::Reusable;
  d.objectives.push_back({ObjectiveKind::Start, pick(), 0});
  d.objectives.push_back({ObjectiveKind::Exit, pick(), 0});
  const int locks = static_cast<int>(rng.uniform_int(0, 2));
  for (int l = 1; l <= locks; ++l) {
    const Point p = pick();
    d.tiles[p] = Terrain::Door;
    d.locks.push_back({p, l});
    d.objectives.push_back({ObjectiveKind::Key, pick(), l});
  }
  const int switches = static_cast<int>(rng.uniform_int(0, 2));
  for (int s = 1; s <= switches; ++s) d.objectives.push_back({ObjectiveKind::Switch, pick(), 0, s});
  for (int g = 0, n = static_cast<int>(rng.uniform_int(0, 2)); g < n; ++g) {
    const Point p = pick();
    d.tiles[p] = Terrain::Door;
    d.doors.push_back({p, DoorKind::Gate, static_cast<int>(rng.uniform_int(1, 2)), rng.uniform_int(0, 1) == 1, {}});
  }
  const Point dirs[4] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
  for (int g = 0, n = static_cast<int>(rng.uniform_int(0, 2)); g < n; ++g) {
    const Point p = pick();
    d.tiles[p] = Terrain::Door;
    d.doors.push_back({p, DoorKind::OneWay, 0, false, dirs[rng.uniform_int(0, 3)]});
  }
  if (rng.uniform_int(0, 1)) {
    const Point p = pick();
    d.tiles[p] = Terrain::Door;
    d.doors.push_back({p, DoorKind::Secret, 0, false, {}});
  }
  if (rng.uniform_int(0, 1)) d.objectives.push_back({ObjectiveKind::Treasure, pick(), 0});
  sort_locks(d);
  sort_doors(d);
  return d;
}

// The map as text for a failure message: terrain, then its doors and objectives.
std::string dump(const Dungeon& d) {
  std::string out;
  for (int y = 0; y < d.tiles.height(); ++y) {
    for (int x = 0; x < d.tiles.width(); ++x) out += terrain_char(d.tiles[{x, y}]);
    out += "\n";
  }
  for (const LockedDoor& l : d.locks) out += "lock " + std::to_string(l.lock) + " at " + to_string(l.pos) + "\n";
  for (const ProgressionDoor& g : d.doors)
    out += std::string(door_kind_name(g.kind)) + " at " + to_string(g.pos) + " switch " + std::to_string(g.switch_id) +
           (g.open_when_off ? " open-off" : "") + " dir " + to_string(g.dir) + "\n";
  for (const Objective& o : d.objectives)
    out += std::string(objective_kind_name(o.kind)) + " at " + to_string(o.pos) + " lock " + std::to_string(o.lock) +
           " switch " + std::to_string(o.switch_id) + "\n";
  return out + "key rule " + std::string(key_rule_name(d.key_rule)) + "\n";
}

TEST(SolverProgressionTest, AgreesWithAnExhaustiveSearchOnRandomSmallMaps) {
  Rng rng(33);
  SolveOptions o;
  o.moves = Moves{4, DiagonalPolicy::Never};
  int maps = 0, completable = 0;
  while (maps < 2000) {
    const Dungeon d = random_map(rng);
    if (d.objectives.empty() || !d.has_progression()) continue;
    ++maps;
    const Solution s = solve_dungeon(d, o);
    const bool brute = Brute{d}.completable();
    ASSERT_EQ(s.status == SolveStatus::Completable, brute) << "map " << maps << "\n" << dump(d);
    if (!brute) continue;
    ++completable;
    const Verdict v = replay(d, s, o);
    ASSERT_TRUE(v.accepted) << "map " << maps << " step " << v.step << ": " << v.reason << "\n" << dump(d);
  }
  EXPECT_GT(completable, 200);
  EXPECT_LT(completable, 1800);
}

// The search over closed states (which the solver turns to when every order is too many states)
// gives the same answers on the same maps, with certificates that replay.
TEST(SolverProgressionTest, TheClosedStatesAgreeWithAnExhaustiveSearchOnRandomSmallMaps) {
  Rng rng(33);
  SolveOptions o;
  o.moves = Moves{4, DiagonalPolicy::Never};
  int maps = 0, completable = 0, fewer = 0;
  while (maps < 2000) {
    const Dungeon d = random_map(rng);
    if (d.objectives.empty() || !d.has_progression()) continue;
    ++maps;
    const Solution s = solving::solve_progression(d, o, 0);
    const bool brute = Brute{d}.completable();
    ASSERT_EQ(s.status == SolveStatus::Completable, brute) << "map " << maps << "\n" << dump(d);
    fewer += s.states < solve_dungeon(d, o).states ? 1 : 0;
    if (!brute) continue;
    ++completable;
    const Verdict v = replay(d, s, o);
    ASSERT_TRUE(v.accepted) << "map " << maps << " step " << v.step << ": " << v.reason << "\n" << dump(d);
  }
  EXPECT_GT(fewer, 1000);  // most maps have fewer closed states than orders
  EXPECT_GT(completable, 200);
  EXPECT_LT(completable, 1800);
}

// A generated cave whose every-order search ran to 653,813 states (1.7 s): three cycle locks and
// a one-way door over many areas. The solver turns to the closed states at its budget and
// answers with a handful, completable, with a certificate that replays.
TEST(SolverProgressionTest, ACaveWhoseEveryOrderSearchExplodesIsSolvedOnClosedStates) {
  GenerateConfig c;
  c.generator = GeneratorKind::Caves;
  c.lock_layout = LockLayout::Cycles;
  c.locks = 3;
  c.one_way = 1;
  const Dungeon d = generate_dungeon(c, 29).dungeon;
  const Solution s = solve_dungeon(d);
  ASSERT_EQ(s.status, SolveStatus::Completable) << s.message;
  EXPECT_LT(s.states, 1000);  // after the budget's, which the every-order search spent in vain
  EXPECT_TRUE(replay(d, s).accepted);
}

}  // namespace
}  // namespace catacomb
