// Dungeons from room templates and mission graphs: every shipped example over many seeds is
// valid, completable, keeps its mission and has a certificate verify accepts; missions that cannot
// be laid out say why; the mission check catches a dungeon that breaks its mission; golden hashes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <regex>

#include <catacomb/io/certificate.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>
#include <catacomb/io/tiled.hpp>
#include <catacomb/io/tiled_read.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/mission_check.hpp>

namespace catacomb {
namespace {

// A square side whose area holds two-cycles' rooms with their gaps but leaves no room to lay them out.
constexpr int kAreaButNoRoom = 30;

std::string example(const std::string& rel) { return std::string(CATACOMB_SOURCE_DIR) + "/examples/" + rel; }

std::shared_ptr<const TemplateSet> crypt() {
  static const auto set = std::make_shared<const TemplateSet>(load_template_set(example("templates/crypt.tmj")).set);
  return set;
}

GenerateConfig mission_config(const std::string& mission_file) {
  GenerateConfig c;
  c.templates = crypt();
  c.mission = std::make_shared<const Mission>(load_mission(example("missions/" + mission_file)));
  return c;
}

// Valid, completable, the mission kept (when there is one) and a certificate verify accepts.
void expect_proven(const GenerateConfig& c, uint64_t seed) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  const GenerateResult r = generate_dungeon(c, seed);
  const Dungeon& d = r.dungeon;
  ASSERT_TRUE(r.report.valid);
  ValidateOptions rules = validate_options_for(c);
  rules.solve = true;
  const ValidationReport rep = validate_dungeon(d, rules);
  ASSERT_TRUE(rep.solution && rep.solution->status == SolveStatus::Completable);
  if (c.mission) {
    ASSERT_TRUE(rep.mission && rep.mission->satisfied) << rep.mission->problems.front();
    ASSERT_EQ(d.room_labels.size(), d.rooms.size());
    ASSERT_EQ(d.rooms.size(), c.mission->nodes.size());
  }
  const Verdict v = verify_certificate(d, write_certificate(d, *rep.solution, rules), rules);
  ASSERT_TRUE(v.accepted) << v.reason;
}

TEST(TemplatesGenerateTest, EveryExampleMissionIsLaidOutProvenAndKept) {
  for (const char* file : {"linear.json", "two-cycles.json"}) {
    SCOPED_TRACE(file);
    const GenerateConfig c = mission_config(file);
    for (uint64_t seed = 1; seed <= 60; ++seed) expect_proven(c, seed);
  }
}

TEST(TemplatesGenerateTest, TemplatesWithoutAMissionAreProvenWithAndWithoutLocks) {
  GenerateConfig c;
  c.templates = crypt();
  for (uint64_t seed = 1; seed <= 40; ++seed) expect_proven(c, seed);
  c.locks = 2;
  for (uint64_t seed = 1; seed <= 40; ++seed) expect_proven(c, seed);
}

TEST(TemplatesGenerateTest, RoomsAreTheSetsTemplatesAndThemesKeepToTheirTag) {
  GenerateConfig c;
  c.templates = crypt();
  c.theme = "flooded";
  const Dungeon d = generate_dungeon(c, 3).dungeon;
  ASSERT_EQ(d.room_labels.size(), d.rooms.size());
  for (const RoomLabel& l : d.room_labels) {
    const auto& ts = crypt()->templates;
    const auto t = std::find_if(ts.begin(), ts.end(), [&](const RoomTemplate& x) { return x.name == l.template_name; });
    ASSERT_NE(t, ts.end()) << l.template_name;
    EXPECT_TRUE(t->has_tag("flooded")) << l.template_name;
  }
  // The recipe names the set, its hash and the theme.
  auto param = [&](const std::string& k) {
    for (const auto& [name, v] : d.params)
      if (name == k) return std::get<std::string>(v);
    return std::string();
  };
  EXPECT_EQ(param("templates"), "crypt");
  EXPECT_EQ(param("templates_hash").size(), 16u);
  EXPECT_EQ(param("theme"), "flooded");
}

TEST(TemplatesGenerateTest, JsonCarriesTheRoomsNodesTemplatesAndTheMission) {
  const Dungeon d = generate_dungeon(mission_config("two-cycles.json"), 4).dungeon;
  const std::string text = write_json_map(d);
  EXPECT_NE(text.find("\"node\": \"throne\""), std::string::npos);
  EXPECT_NE(text.find("\"template\": \"throne\""), std::string::npos);
  const Dungeon back = read_json_map(text);
  EXPECT_EQ(back.room_labels, d.room_labels);
  EXPECT_EQ(back.mission, d.mission);
  EXPECT_EQ(write_json_map(back), text);
  EXPECT_TRUE(check_mission(back).satisfied);
}

TEST(TemplatesGenerateTest, TiledCarriesTheRoomsNodesAndTemplates) {
  const Dungeon d = generate_dungeon(mission_config("two-cycles.json"), 4).dungeon;
  const TiledExport t = make_tiled(d, "m.tmj");
  EXPECT_NE(t.tmj.find("\"name\": \"node\""), std::string::npos);
  const Dungeon back = read_tiled_map(t.tmj, TiledSyntax::Json);
  EXPECT_EQ(back.rooms, d.rooms);
  EXPECT_EQ(back.room_labels, d.room_labels);
}

TEST(TemplatesGenerateTest, GoldenHashes) {
  GenerateConfig plain;
  plain.templates = crypt();
  EXPECT_EQ(map_hash(generate_dungeon(plain, 7).dungeon), 14257445533336207244ull);
  EXPECT_EQ(map_hash(generate_dungeon(mission_config("two-cycles.json"), 7).dungeon), 5852748118685680962ull);
}

// A mission the set can never lay out is bad input, refused before any attempt (no stage runs),
// naming every node at fault; a map too small for the rooms' area likewise.
TEST(TemplatesGenerateTest, AMissionThatCannotBeLaidOutIsRefusedBeforeAnyAttemptNamingEveryNode) {
  GenerateConfig c = mission_config("two-cycles.json");
  Mission m = *c.mission;
  m.nodes[7].type = "dragon";
  m.nodes[2].type = "wyrm";
  c.mission = std::make_shared<const Mission>(m);
  int stages = 0;
  const StageHook count = [&stages](GenerateStage) { ++stages; };
  try {
    generate_dungeon(c, 1, count);
    FAIL() << "laid out a node of a type the set does not have";
  } catch (const InvalidArgument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("mission = node " + m.nodes[2].id +
                        " (type wyrm) (expected a template of type wyrm in set "
                        "crypt (none has))"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("mission = node throne (type dragon)"), std::string::npos) << what;
  }
  EXPECT_EQ(stages, 0);
  // More edges than any vault has sockets: the vault is a dead end in every template of its type.
  m = *mission_config("linear.json").mission;
  for (const char* other : {"entry", "throne", "stairs"})
    m.edges.push_back({m.node_index(other), m.node_index("vault"), DoorKind::Open, 0});
  c.mission = std::make_shared<const Mission>(m);
  try {
    generate_dungeon(c, 1, count);
    FAIL() << "laid out a node with more edges than sockets";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("mission = node vault (type treasure, 4 edges) (expected at most "),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(stages, 0);
  // A map too small for the rooms: refused with the least size that could hold them.
  c = mission_config("two-cycles.json");
  c.width = c.height = 24;
  const int64_t area = mission_rooms_area(*c.mission, *c.templates);
  int side = 16;
  while (int64_t{side + kMissionGap} * (side + kMissionGap) < area) ++side;
  const std::vector<FieldProblem> p = c.problems();
  ASSERT_EQ(p.size(), 1u) << to_string(p);
  EXPECT_EQ(p[0].field, "map size");
  EXPECT_EQ(p[0].value, "24x24");
  EXPECT_EQ(p[0].expected.rfind("at least " + std::to_string(side) + "x" + std::to_string(side) +
                                    " or as many cells: the rooms of mission two-cycles take " + std::to_string(area) +
                                    " cells with their gaps",
                                0),
            0u)
      << p[0].expected;
  EXPECT_THROW(generate_dungeon(c, 1, count), InvalidArgument);
  EXPECT_EQ(stages, 0);
  // Just large enough by area, too small to lay out: the attempts fail, and the error names the
  // node most of them died at, counted across them.
  c.width = c.height = kAreaButNoRoom;
  c.max_attempts = 5;
  try {
    generate_dungeon(c, 1);
    FAIL() << "laid out nine rooms on a " << kAreaButNoRoom << " square map";
  } catch (const GenerationError& e) {
    EXPECT_TRUE(std::regex_search(e.what(), std::regex(R"(; attempts died most at node [a-z-]+ \(type [a-z]+, [0-9] )"
                                                       R"(edges?\): [1-5] of 5)")))
        << e.what();
  }
}

// With a mission and no size (0), the size is chosen from the templates' area and the mission;
// the recipe records it, and the same size given makes the same map.
TEST(TemplatesGenerateTest, AMissionWithoutASizeGetsOneChosenAndTheRecipeRecordsIt) {
  GenerateConfig c = mission_config("thirty.json");
  c.width = c.height = 0;
  EXPECT_TRUE(c.problems().empty()) << to_string(c.problems());
  const auto [w, h] = c.map_size();
  EXPECT_EQ(w, h);
  EXPECT_GE(static_cast<double>(w) * h,
            kMissionSizeFactor * static_cast<double>(mission_rooms_area(*c.mission, *c.templates)));
  const GenerateResult r = generate_dungeon(c, 1);
  EXPECT_EQ(r.dungeon.tiles.width(), w);
  EXPECT_EQ(r.dungeon.tiles.height(), h);
  ASSERT_GE(r.dungeon.params.size(), 2u);
  EXPECT_EQ(r.dungeon.params[0], (std::pair<std::string, ParamValue>{"width", int64_t{w}}));
  EXPECT_EQ(r.dungeon.params[1], (std::pair<std::string, ParamValue>{"height", int64_t{h}}));
  GenerateConfig sized = c;
  sized.width = w;
  sized.height = h;
  const GenerateResult again = generate_dungeon(sized, 1);
  EXPECT_EQ(map_hash(again.dungeon), map_hash(r.dungeon));
  EXPECT_EQ(again.dungeon.params, r.dungeon.params);
  // One side given: the other is chosen.
  c.width = 300;
  EXPECT_EQ(c.map_size().first, 300);
  EXPECT_LT(c.map_size().second, h);
  // 40x40 is too small for the thirty rooms' area: refused, naming the size.
  c.width = 40;
  c.height = 40;
  ASSERT_FALSE(c.problems().empty());
  EXPECT_EQ(c.problems().front().value, "40x40");
  // 0 without a mission is refused as before.
  GenerateConfig plain;
  plain.width = 0;
  EXPECT_EQ(plain.problems().front(), (FieldProblem{"width", "0", "16 to 16384"}));
}

// GenerateConfig::stop is asked before each attempt but the first; keep_partial throws the best partial layout.
TEST(TemplatesGenerateTest, StopEndsBetweenAttemptsAndKeepPartialKeepsTheBestLayout) {
  GenerateConfig c = mission_config("two-cycles.json");
  c.width = c.height = 30;  // too small for nine rooms
  int asked = 0;
  c.stop = [&asked] { return ++asked > 2; };
  try {
    generate_dungeon(c, 1);
    FAIL() << "laid out nine rooms on a 30x30 map";
  } catch (const PartialLayoutError&) { FAIL() << "a partial layout not asked for"; } catch (const GenerationError& e) {
    EXPECT_NE(std::string(e.what()).find("stopped after 3 of 20 attempts (attempt 3: node"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(asked, 3);
  c.stop = nullptr;
  c.keep_partial = true;
  c.max_attempts = 4;
  try {
    generate_dungeon(c, 1);
    FAIL() << "laid out nine rooms on a 30x30 map";
  } catch (const PartialLayoutError& e) {
    const Dungeon& d = e.partial();
    EXPECT_GE(d.rooms.size(), 1u);
    EXPECT_LT(d.rooms.size(), 9u);
    EXPECT_EQ(d.room_labels.size(), d.rooms.size());
    EXPECT_NE(e.summary().find(std::to_string(d.rooms.size()) + " of 9 rooms"), std::string::npos) << e.summary();
    EXPECT_NE(std::string(e.what()).find("no valid dungeon in 4 attempts"), std::string::npos) << e.what();
  }
  // Neither changes a dungeon that is made.
  GenerateConfig fits = mission_config("two-cycles.json");
  const uint64_t plain = map_hash(generate_dungeon(fits, 3).dungeon);
  fits.stop = [] { return false; };
  fits.keep_partial = true;
  EXPECT_EQ(map_hash(generate_dungeon(fits, 3).dungeon), plain);
}

// The edges that close a mission's cycles are routed when their second room is placed: one route
// each, from an outside cell of one room's socket to one of the other's, 4-connected, entering no
// room and passing no room but its two within a cell.
TEST(TemplatesGenerateTest, CycleEdgesAreRoutedAtPlacementRoundTheOtherRooms) {
  const GenerateConfig c = mission_config("thirty.json");
  const Mission& m = *c.mission;
  TemplateLayoutConfig tc;
  tc.tries = 200;
  int routed = 0;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Rng rng(seed);
    const TemplatePlan plan = place_templates(160, 160, *c.templates, m, tc, rng);
    if (!plan.ok()) continue;
    for (const TemplatePlan::Route& r : plan.routes) {
      ++routed;
      ASSERT_GE(r.cells.size(), 1u);
      for (size_t i = 1; i < r.cells.size(); ++i)
        ASSERT_EQ(std::abs(r.cells[i].x - r.cells[i - 1].x) + std::abs(r.cells[i].y - r.cells[i - 1].y), 1);
      const MissionEdge& e = m.edges[static_cast<size_t>(r.edge)];
      for (const Point p : r.cells)
        for (const PlacedTemplate& t : plan.placed) {
          const Rect& q = t.rect;
          const bool own = t.node == e.a || t.node == e.b;
          const int gap = own ? 0 : 1;
          ASSERT_FALSE(p.x >= q.x - gap && p.x < q.right() + gap && p.y >= q.y - gap && p.y < q.bottom() + gap)
              << "seed " << seed << ": edge " << r.edge << " passes room " << t.room.name << " at " << to_string(p);
        }
    }
  }
  EXPECT_GE(routed, 10);  // thirty.json has 3 cycles: most layouts route them
}

// The 100-node example lays out at the first attempt: a node that finds no spot takes back the
// rooms placed since its latest placed neighbour and tries again, and what it takes back leaves no
// trace (no cell of a room taken back, no lane or route of it).
TEST(TemplatesGenerateTest, TheHundredNodeMissionLaysOutAtTheFirstAttemptAndRetreatsLeaveNoTrace) {
  GenerateConfig c = mission_config("hundred.json");
  c.width = c.height = 512;
  c.max_attempts = 1;
  for (uint64_t seed = 1; seed <= 3; ++seed) expect_proven(c, seed);
  const Mission& m = *c.mission;
  int laid = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    Rng rng(seed);
    const TemplatePlan plan = place_templates(256, 256, *c.templates, m, TemplateLayoutConfig{}, rng);
    if (!plan.ok()) continue;  // a crowded map may fail
    ++laid;
    ASSERT_EQ(plan.placed.size(), m.nodes.size());
    ASSERT_EQ(plan.depth.size(), plan.placed.size());
    Grid<int> owner(256, 256, -1);
    for (size_t i = 0; i < plan.placed.size(); ++i) {
      const Rect& r = plan.placed[i].rect;
      for (int y = r.y; y < r.bottom(); ++y)
        for (int x = r.x; x < r.right(); ++x) {
          ASSERT_EQ(owner(x, y), -1) << "seed " << seed << ": rooms overlap at " << x << "," << y;
          owner(x, y) = static_cast<int>(i);
        }
    }
    for (int y = 0; y < 256; ++y)
      for (int x = 0; x < 256; ++x)
        if (owner(x, y) < 0) {
          ASSERT_EQ(plan.dungeon.tiles(x, y), Terrain::Wall) << "seed " << seed << " at " << x << "," << y;
        }
    for (const PlacedTemplate& t : plan.placed) {
      int used = 0;
      for (const int e : t.socket_edge) used += e >= 0;
      ASSERT_EQ(used, static_cast<int>(m.edges_at(t.node).size())) << "seed " << seed << ": room " << t.room.name;
    }
    for (const TemplatePlan::Route& r : plan.routes)
      for (const Point p : r.cells) ASSERT_EQ(owner[p], -1) << "seed " << seed << ": a route enters a room";
  }
  EXPECT_GE(laid, 2);  // at 256 x 256, with retreats, most seeds lay out
}

// An edge whose removal leaves every node reachable from the start's (one on a cycle).
int cycle_edge(const Mission& m) {
  for (size_t e = 0; e < m.edges.size(); ++e) {
    std::vector<bool> seen(m.nodes.size(), false);
    std::vector<int> todo{0};
    seen[0] = true;
    while (!todo.empty()) {
      const int v = todo.back();
      todo.pop_back();
      for (size_t f = 0; f < m.edges.size(); ++f) {
        const MissionEdge& g = m.edges[f];
        if (f == e || (g.a != v && g.b != v)) continue;
        const int u = g.a == v ? g.b : g.a;
        if (!seen[static_cast<size_t>(u)]) todo.push_back(u);
        seen[static_cast<size_t>(u)] = true;
      }
    }
    if (std::find(seen.begin(), seen.end(), false) == seen.end()) return static_cast<int>(e);
  }
  return -1;
}

// One-way and secret edges become one-way and secret doors on their passages.
TEST(TemplatesGenerateTest, OneWayAndSecretEdgesAreLaidOut) {
  for (const DoorKind kind : {DoorKind::OneWay, DoorKind::Secret}) {
    SCOPED_TRACE(std::string(door_kind_name(kind)));
    GenerateConfig c = mission_config("two-cycles.json");
    Mission m = *c.mission;
    const int e = cycle_edge(m);
    ASSERT_GE(e, 0);
    m.edges[static_cast<size_t>(e)].door = kind;
    m.edges[static_cast<size_t>(e)].lock = 0;
    c.mission = std::make_shared<const Mission>(m);
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      expect_proven(c, seed);
      const Dungeon d = generate_dungeon(c, seed).dungeon;
      ASSERT_EQ(d.doors.size(), 1u);
      EXPECT_EQ(d.doors[0].kind, kind);
      EXPECT_EQ(d.tiles[d.doors[0].pos], Terrain::Door);
      if (kind == DoorKind::OneWay) {  // into room b: a step along dir from the door enters it
        const Point in{d.doors[0].pos.x + d.doors[0].dir.x, d.doors[0].pos.y + d.doors[0].dir.y};
        const Rect& rb = d.rooms[static_cast<size_t>(
            std::find_if(d.room_labels.begin(), d.room_labels.end(),
                         [&](const RoomLabel& l) {
                           return l.node == m.nodes[static_cast<size_t>(m.edges[static_cast<size_t>(e)].b)].id;
                         }) -
            d.room_labels.begin())];
        EXPECT_TRUE(in.x >= rb.x && in.x < rb.right() && in.y >= rb.y && in.y < rb.bottom()) << to_string(in);
      }
    }
  }
}

// A gate edge becomes a gate of its switch on the door of the room farther from the start, the
// switch objective stands in its node's room, and the switch is needed: without it the dungeon
// cannot be finished. A gate edge without a switch objective is a mission problem, named.
TEST(TemplatesGenerateTest, GateEdgesAreLaidOutWithTheirSwitch) {
  GenerateConfig c = mission_config("linear.json");
  Mission m = *c.mission;
  const int start = m.node_index("entry");
  ASSERT_GE(start, 0);
  const int e = m.edges_at(start).front();  // the only way out of the start's room
  ASSERT_EQ(m.edges_at(start).size(), 1u);
  m.edges[static_cast<size_t>(e)].door = DoorKind::Gate;
  m.edges[static_cast<size_t>(e)].lock = 0;
  m.edges[static_cast<size_t>(e)].switch_id = 3;
  Mission unswitched = m;
  m.nodes[static_cast<size_t>(start)].objectives.push_back({ObjectiveKind::Switch, 0, 3});
  c.mission = std::make_shared<const Mission>(m);
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    expect_proven(c, seed);
    Dungeon d = generate_dungeon(c, seed).dungeon;
    ASSERT_EQ(d.doors.size(), 1u);
    EXPECT_EQ(d.doors[0].kind, DoorKind::Gate);
    EXPECT_EQ(d.doors[0].switch_id, 3);
    EXPECT_FALSE(d.doors[0].open_when_off);
    ASSERT_TRUE(check_mission(d).satisfied) << check_mission(d).problems.front();
    const auto sw = std::find_if(d.objectives.begin(), d.objectives.end(),
                                 [](const Objective& o) { return o.kind == ObjectiveKind::Switch; });
    ASSERT_NE(sw, d.objectives.end());
    EXPECT_EQ(sw->switch_id, 3);
    d.objectives.erase(sw);
    ValidateOptions rules = validate_options_for(c);
    rules.solve = true;
    const ValidationReport rep = validate_dungeon(d, rules);
    ASSERT_TRUE(rep.solution);
    EXPECT_EQ(rep.solution->status, SolveStatus::NotCompletable) << "seed " << seed << ": the switch gates nothing";
  }
  const std::vector<FieldProblem> problems = unswitched.problems();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(to_string(problems[0]),
            "mission switch 3 = a gate edge but no switch objective (expected a node with the switch)");
}

TEST(TemplatesGenerateTest, TheMissionCheckCatchesABrokenMission) {
  const Dungeon good = generate_dungeon(mission_config("two-cycles.json"), 2).dungeon;
  ASSERT_TRUE(check_mission(good).satisfied);
  {  // A locked door made plain: its edge is no longer locked.
    Dungeon d = good;
    d.locks.erase(d.locks.begin());
    const MissionReport r = check_mission(d);
    EXPECT_FALSE(r.satisfied);
    EXPECT_NE(r.problems.front().find("not behind a locked door of lock"), std::string::npos) << r.problems.front();
  }
  {  // A key moved out of its node's room.
    Dungeon d = good;
    for (Objective& o : d.objectives)
      if (o.kind == ObjectiveKind::Key && o.lock == 1) o.pos = d.objectives.front().pos;
    const MissionReport r = check_mission(d);
    EXPECT_FALSE(r.satisfied);
    EXPECT_NE(r.problems.back().find("node east-hall: its key of lock 1 is not in its room"), std::string::npos)
        << r.problems.back();
  }
  {  // A room missing from the labels.
    Dungeon d = good;
    d.room_labels[3].node = "nowhere";
    EXPECT_FALSE(check_mission(d).satisfied);
  }
  {  // A corridor dug between two rooms the mission does not join: a passage it does not have.
    Dungeon d = good;
    auto path = [](Point p, Point q) {  // x first, then y
      std::vector<Point> cells{p};
      while (p != q) {
        if (p.x != q.x) p.x += p.x < q.x ? 1 : -1;
        else p.y += p.y < q.y ? 1 : -1;
        cells.push_back(p);
      }
      return cells;
    };
    auto centre = [](const Rect& r) { return Point{r.x + r.width / 2, r.y + r.height / 2}; };
    auto inside = [](const Rect& r, Point p) {
      return p.x >= r.x && p.x < r.right() && p.y >= r.y && p.y < r.bottom();
    };
    std::vector<Point> dug;
    for (size_t i = 0; i < d.rooms.size() && dug.empty(); ++i)
      for (size_t j = i + 1; j < d.rooms.size() && dug.empty(); ++j) {
        const int a = d.mission.node_index(d.room_labels[i].node), b = d.mission.node_index(d.room_labels[j].node);
        bool joined = false;
        for (const MissionEdge& e : d.mission.edges)
          joined = joined || (e.a == a && e.b == b) || (e.a == b && e.b == a);
        if (joined) continue;
        const std::vector<Point> cells = path(centre(d.rooms[i]), centre(d.rooms[j]));
        bool clear = true;  // through no third room
        for (const Point c : cells)
          for (size_t k = 0; k < d.rooms.size(); ++k) clear = clear && (k == i || k == j || !inside(d.rooms[k], c));
        if (clear) dug = cells;
      }
    ASSERT_FALSE(dug.empty()) << "two rooms with a clear line between them";
    for (const Point c : dug)
      if (d.tiles[c] == Terrain::Wall) d.tiles[c] = Terrain::Corridor;
    const MissionReport r = check_mission(d);
    EXPECT_FALSE(r.satisfied);
    bool named = false;
    for (const std::string& s : r.problems) named = named || s.find("not an edge of the mission") != std::string::npos;
    EXPECT_TRUE(named) << ::testing::PrintToString(r.problems);
  }
}

TEST(TemplatesGenerateTest, BadConfigsAreRefusedNamingTheField) {
  GenerateConfig c = mission_config("linear.json");
  c.locks = 2;
  EXPECT_THROW(c.check(), InvalidArgument);
  c = mission_config("linear.json");
  c.generator = GeneratorKind::Caves;
  EXPECT_THROW(c.check(), InvalidArgument);
  c = GenerateConfig{};
  c.templates = crypt();
  c.theme = "no-such-tag";
  try {
    c.check();
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("theme = no-such-tag"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace catacomb
