#include <catacomb/validate/analysis.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include <catacomb/core/error.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/generator/caves.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/pathing/regions.hpp>

namespace catacomb {
namespace {

const Moves kAllMoves[] = {{4, DiagonalPolicy::Never, kSqrt2},
                           {8, DiagonalPolicy::Never, kSqrt2},
                           {8, DiagonalPolicy::NoCornerCut, kSqrt2},
                           {8, DiagonalPolicy::OneFree, kSqrt2},
                           {8, DiagonalPolicy::Always, kSqrt2}};

std::string describe(const Moves& m) {
  return std::to_string(m.neighbors) + " neighbours, " + std::string(diagonal_policy_name(m.diagonal));
}

MapAnalysis analyse(const Dungeon& d, const ValidateOptions& o = {}) {
  return analyse_map(d, validate_dungeon(d, o), o);
}

MapAnalysis analyse(const char* ascii, const ValidateOptions& o = {}) { return analyse(read_ascii(ascii), o); }

// --- brute force -----------------------------------------------------------------------------

bool open(const Grid<Terrain>& t, const CostTable& c, int x, int y) { return t.in_bounds(x, y) && c.passable(t(x, y)); }

// The router's step rule, written out plainly.
bool can_step(const Grid<Terrain>& t, const CostTable& c, Point p, int d, const Moves& m) {
  const Point q{p.x + kDirections[d].x, p.y + kDirections[d].y};
  if (!open(t, c, q.x, q.y)) return false;
  if (d < 4) return true;
  if (m.neighbors != 8 || m.diagonal == DiagonalPolicy::Never) return false;
  const Point a = kDirections[kDiagonalParts[d - 4][0]], b = kDirections[kDiagonalParts[d - 4][1]];
  const bool oa = open(t, c, p.x + a.x, p.y + a.y), ob = open(t, c, p.x + b.x, p.y + b.y);
  switch (m.diagonal) {
    case DiagonalPolicy::NoCornerCut: return oa && ob;
    case DiagonalPolicy::OneFree: return oa || ob;
    default: return true;
  }
}

// Dead ends and chokepoints by definition: count moves; remove each cell and flood again.
MapAnalysis brute_force(const Dungeon& d, const ValidateOptions& o) {
  MapAnalysis a;
  const std::optional<Point> s = d.find(ObjectiveKind::Start);
  if (!s || !open(d.tiles, o.costs, s->x, s->y)) return a;
  const RegionMap base = label_regions(d.tiles, o.costs, o.moves);
  std::vector<Point> goals;
  for (const Objective& ob : d.objectives)
    if (ob.pos != *s && open(d.tiles, o.costs, ob.pos.x, ob.pos.y) && base.connected(*s, ob.pos))
      goals.push_back(ob.pos);
  for (int y = 0; y < d.tiles.height(); ++y)
    for (int x = 0; x < d.tiles.width(); ++x) {
      const Point c{x, y};
      if (!base.connected(*s, c)) continue;
      int n = 0;
      for (int dir = 0; dir < 8; ++dir) n += can_step(d.tiles, o.costs, c, dir, o.moves) ? 1 : 0;
      if (n == 1) a.dead_ends.push_back(c);
      if (c == *s) continue;
      Grid<Terrain> cut = d.tiles;
      cut[c] = Terrain::Wall;
      const RegionMap after = label_regions(cut, o.costs, o.moves);
      for (Point g : goals)
        if (g != c && !after.connected(*s, g)) {
          a.chokepoints.push_back(c);
          break;
        }
    }
  // Loops: flood each 8-connected area of impassable cells; it counts when no cell of it has a
  // neighbour off the map or a passable neighbour the start cannot reach.
  Grid<uint8_t> seen(d.tiles.width(), d.tiles.height(), 0);
  for (int y = 0; y < d.tiles.height(); ++y)
    for (int x = 0; x < d.tiles.width(); ++x) {
      if (seen(x, y) || open(d.tiles, o.costs, x, y)) continue;
      std::vector<Point> todo{{x, y}};
      seen(x, y) = 1;
      bool enclosed = true;
      while (!todo.empty()) {
        const Point c = todo.back();
        todo.pop_back();
        for (int dir = 0; dir < 8; ++dir) {
          const Point q{c.x + kDirections[dir].x, c.y + kDirections[dir].y};
          if (!d.tiles.in_bounds(q)) {
            enclosed = false;
          } else if (open(d.tiles, o.costs, q.x, q.y)) {
            if (!base.connected(*s, q)) enclosed = false;
          } else if (!seen[q]) {
            seen[q] = 1;
            todo.push_back(q);
          }
        }
      }
      if (enclosed) ++a.loops;
    }
  return a;
}

Dungeon random_map(Rng& rng, int w, int h, double walls, int objectives) {
  Dungeon d;
  d.tiles = Grid<Terrain>(w, h, Terrain::Floor);
  for (Terrain& t : d.tiles.cells()) {
    const double r = rng.uniform_real();
    t = r < walls ? Terrain::Wall : r < walls + 0.08 ? Terrain::Water : Terrain::Floor;
  }
  auto cell = [&] {
    return Point{static_cast<int>(rng.uniform_int(0, w - 1)), static_cast<int>(rng.uniform_int(0, h - 1))};
  };
  const Point s = cell();
  d.tiles[s] = Terrain::Floor;
  d.objectives.push_back({ObjectiveKind::Start, s});
  for (int k = 0; k < objectives; ++k) d.objectives.push_back({ObjectiveKind::Treasure, cell()});
  return d;
}

TEST(AnalysisTest, MatchesBruteForceOnRandomMapsForEveryMoveRule) {
  Rng rng(20240611);
  int maps = 0, chokepoints = 0, dead_ends = 0, loops = 0;
  for (int k = 0; k < 300; ++k) {
    const int w = static_cast<int>(rng.uniform_int(1, 13)), h = static_cast<int>(rng.uniform_int(1, 11));
    const double walls = rng.uniform_real(0.15, 0.5);
    const Dungeon d = random_map(rng, w, h, walls, static_cast<int>(rng.uniform_int(0, 4)));
    for (const Moves& m : kAllMoves) {
      for (bool water_blocks : {false, true}) {
        ValidateOptions o;
        o.moves = m;
        if (water_blocks) o.costs.set(Terrain::Water, CostTable::kImpassable);
        const MapAnalysis got = analyse(d, o);
        const MapAnalysis want = brute_force(d, o);
        ASSERT_EQ(got.chokepoints, want.chokepoints) << "map " << k << ", " << describe(m) << "\n" << write_ascii(d);
        ASSERT_EQ(got.dead_ends, want.dead_ends) << "map " << k << ", " << describe(m) << "\n" << write_ascii(d);
        ASSERT_EQ(got.loops, want.loops) << "map " << k << ", " << describe(m) << "\n" << write_ascii(d);
        ++maps;
        loops += want.loops;
        chokepoints += static_cast<int>(want.chokepoints.size());
        dead_ends += static_cast<int>(want.dead_ends.size());
      }
    }
  }
  // The maps were varied enough to exercise both answers.
  EXPECT_EQ(maps, 3000);
  EXPECT_GT(chokepoints, 500);
  EXPECT_GT(dead_ends, 500);
  EXPECT_GT(loops, 300);
}

// The chokepoints come from a tree of routes to the objectives: the report's when they are
// routes in the analysis's graph, else searched. A report without routes, or with routes that
// are not (reversed, another objective's, one cell dropped, a diagonal step through two walls
// of a tunnel), must give the same analysis.
TEST(AnalysisTest, MatchesBruteForceWhateverRoutesTheReportGives) {
  Rng rng(20261126);
  int maps = 0, chokepoints = 0, searched = 0;
  for (int k = 0; k < 200; ++k) {
    const int w = static_cast<int>(rng.uniform_int(2, 14)), h = static_cast<int>(rng.uniform_int(2, 12));
    const Dungeon d = random_map(rng, w, h, rng.uniform_real(0.15, 0.45), static_cast<int>(rng.uniform_int(1, 4)));
    for (const Moves& m : kAllMoves) {
      ValidateOptions o;
      o.moves = m;
      const MapAnalysis want = brute_force(d, o);
      const ValidationReport good = validate_dungeon(d, o);
      for (int garble = 0; garble < 5; ++garble) {
        ValidationReport r = good;
        for (size_t i = 0; i < r.objectives.size(); ++i) {
          std::vector<Point>& route = r.objectives[i].route;
          if (route.size() < 2) continue;
          ++searched;
          switch (garble) {
            case 0: route.clear(); break;
            case 1: std::reverse(route.begin(), route.end()); break;
            case 2: route = r.objectives[(i + 1) % r.objectives.size()].route; break;
            case 3: route.erase(route.begin() + static_cast<std::ptrdiff_t>(route.size() / 2)); break;
            default: route = {route.front(), route.back()}; break;  // a jump, unless next to the start
          }
        }
        if (garble == 4) r.objectives.pop_back();  // and a report one objective short
        const MapAnalysis got = analyse_map(d, r, o);
        ASSERT_EQ(got.chokepoints, want.chokepoints)
            << "map " << k << ", " << describe(m) << ", garble " << garble << "\n"
            << write_ascii(d);
        ASSERT_EQ(got.dead_ends, want.dead_ends) << "map " << k << ", " << describe(m) << "\n" << write_ascii(d);
        ASSERT_EQ(got.loops, want.loops) << "map " << k << ", " << describe(m) << "\n" << write_ascii(d);
        ++maps;
      }
      chokepoints += static_cast<int>(want.chokepoints.size());
    }
  }
  EXPECT_EQ(maps, 5000);
  EXPECT_GT(chokepoints, 300);
  EXPECT_GT(searched, 3000);
}

// A diagonal step of a route under NoCornerCut or OneFree is a step through its free corner in
// the graph the chokepoints are cut in: the corner is on every route, and is the chokepoint.
TEST(AnalysisTest, FindsTheCornerOfADiagonalStepAsAChokepoint) {
  const char* map =
      "######\n"
      "#<.###\n"
      "##.>##\n"
      "######\n";
  ValidateOptions o;
  o.moves = {8, DiagonalPolicy::OneFree, kSqrt2};
  const Dungeon d = read_ascii(map);
  const ValidationReport r = validate_dungeon(d, o);
  ASSERT_TRUE(r.valid);
  ASSERT_EQ(r.objectives[1].route, (std::vector<Point>{{1, 1}, {2, 2}, {3, 2}}));  // a diagonal step first
  EXPECT_EQ(analyse_map(d, r, o).chokepoints, brute_force(d, o).chokepoints);
  EXPECT_EQ(analyse_map(d, r, o).chokepoints, (std::vector<Point>{{2, 1}, {2, 2}}));
}

TEST(AnalysisTest, MatchesBruteForceOnACave) {
  Dungeon d = generate_caves(40, 30, CaveConfig{}, 5);
  // Objectives on a few floor cells spread over the map.
  int placed = 0;
  for (size_t i = 0; i < d.tiles.size() && placed < 6; i += 97) {
    const Point p = d.tiles.point(i);
    if (d.tiles[p] == Terrain::Wall) continue;
    d.objectives.push_back({placed == 0 ? ObjectiveKind::Start : ObjectiveKind::Key, p});
    ++placed;
  }
  for (const Moves& m : kAllMoves) {
    ValidateOptions o;
    o.moves = m;
    const MapAnalysis got = analyse(d, o);
    const MapAnalysis want = brute_force(d, o);
    EXPECT_EQ(got.chokepoints, want.chokepoints) << describe(m);
    EXPECT_EQ(got.dead_ends, want.dead_ends) << describe(m);
    EXPECT_EQ(got.loops, want.loops) << describe(m);
  }
}

// --- hand-made maps --------------------------------------------------------------------------

TEST(AnalysisTest, FindsTheChokepointsOfACorridorBetweenTwoRooms) {
  const char* map =
      "###########\n"
      "#<..#######\n"
      "#...,,,...#\n"
      "#...###..>#\n"
      "###########\n";
  const MapAnalysis a = analyse(map, {CostTable::dungeon(), {4, DiagonalPolicy::Never}});
  // The three corridor cells, and the room cells on either side of it.
  EXPECT_EQ(a.chokepoints, (std::vector<Point>{{3, 2}, {4, 2}, {5, 2}, {6, 2}, {7, 2}}));
  EXPECT_TRUE(a.dead_ends.empty());
  EXPECT_EQ(a.loops, 0);
}

TEST(AnalysisTest, ExceptsTheStartAndTheObjectiveItself) {
  // A single corridor: every cell between start and exit separates them, the ends do not.
  const MapAnalysis a = analyse(
      "#######\n"
      "#<...>#\n"
      "#######\n");
  EXPECT_EQ(a.chokepoints, (std::vector<Point>{{2, 1}, {3, 1}, {4, 1}}));
  EXPECT_EQ(a.dead_ends, (std::vector<Point>{{1, 1}, {5, 1}}));
}

TEST(AnalysisTest, AnObjectiveCanBeAChokepointForAnother) {
  const MapAnalysis a = analyse(
      "#######\n"
      "#<.1.>#\n"
      "#######\n");
  EXPECT_EQ(a.chokepoints, (std::vector<Point>{{2, 1}, {3, 1}, {4, 1}}));
}

TEST(AnalysisTest, IgnoresUnreachableObjectivesAndMapsWithoutAStart) {
  const char* map =
      "#######\n"
      "#<..#>#\n"
      "#######\n";
  const MapAnalysis a = analyse(map);
  EXPECT_TRUE(a.chokepoints.empty());
  EXPECT_EQ(a.dead_ends, (std::vector<Point>{{1, 1}, {3, 1}}));  // the exit's cell is not reachable
  Dungeon d = read_ascii(map);
  d.objectives.erase(d.objectives.begin());
  const MapAnalysis none = analyse(d);
  EXPECT_TRUE(none.dead_ends.empty());
  EXPECT_TRUE(none.chokepoints.empty());
  EXPECT_EQ(none.loops, 0);
}

TEST(AnalysisTest, DeadEndsFollowTheDiagonalPolicy) {
  // (3,1) has (2,1), and (2,2) diagonally past the wall (3,2); (3,3) touches (2,2) only
  // diagonally, between two walls.
  const Dungeon d = read_ascii(
      "#####\n"
      "#<..#\n"
      "#..##\n"
      "###.#\n"
      "#####\n");
  auto dead_ends = [&](Moves m) { return analyse(d, {CostTable::dungeon(), m}).dead_ends; };
  EXPECT_EQ(dead_ends({4, DiagonalPolicy::Never}), (std::vector<Point>{{3, 1}}));
  EXPECT_EQ(dead_ends({8, DiagonalPolicy::NoCornerCut}), (std::vector<Point>{{3, 1}}));
  EXPECT_EQ(dead_ends({8, DiagonalPolicy::OneFree}), std::vector<Point>{});
  EXPECT_EQ(dead_ends({8, DiagonalPolicy::Always}), (std::vector<Point>{{3, 3}}));
}

TEST(AnalysisTest, CountsARingCorridorAsOneLoop) {
  const MapAnalysis a = analyse(
      "#######\n"
      "#<....#\n"
      "#.###.#\n"
      "#.###.#\n"
      "#....>#\n"
      "#######\n");
  EXPECT_EQ(a.loops, 1);
  EXPECT_TRUE(a.chokepoints.empty());  // two ways round
  EXPECT_TRUE(a.dead_ends.empty());
}

TEST(AnalysisTest, CountsTwoPillarsInARoomAsTwoLoops) {
  const char* map =
      "#########\n"
      "#<......#\n"
      "#.#...#.#\n"
      "#......>#\n"
      "#########\n";
  for (const Moves& m : kAllMoves) EXPECT_EQ(analyse(map, {CostTable::dungeon(), m}).loops, 2) << describe(m);
}

TEST(AnalysisTest, CountsDiagonallyTouchingWallsAsOneArea) {
  const MapAnalysis a = analyse(
      "########\n"
      "#<.....#\n"
      "#.#....#\n"
      "#..#...#\n"
      "#.....>#\n"
      "########\n");
  EXPECT_EQ(a.loops, 1);
}

TEST(AnalysisTest, CountsNoLoopInATreeOfCorridors) {
  const MapAnalysis a = analyse(
      "#########\n"
      "#<......#\n"
      "####.####\n"
      "#.......#\n"
      "#.##.##.#\n"
      "#.##.##.#\n"
      "#.##.##>#\n"
      "#########\n");
  EXPECT_EQ(a.loops, 0);
  EXPECT_EQ(a.dead_ends, (std::vector<Point>{{1, 1}, {7, 1}, {1, 6}, {4, 6}, {7, 6}}));
  EXPECT_EQ(a.chokepoints,
            (std::vector<Point>{{2, 1}, {3, 1}, {4, 1}, {4, 2}, {4, 3}, {5, 3}, {6, 3}, {7, 3}, {7, 4}, {7, 5}}));
}

TEST(AnalysisTest, DoesNotCountAnIslandBesideAnUnreachableArea) {
  // The walls round the closed room touch its unreachable floor; the pillar at the right is a
  // loop.
  const MapAnalysis a = analyse(
      "###########\n"
      "#<........#\n"
      "#.#####...#\n"
      "#.#...#.#.#\n"
      "#.#####...#\n"
      "#........>#\n"
      "###########\n");
  EXPECT_EQ(a.loops, 1);
}

TEST(AnalysisTest, DoesNotCountWallsTouchingTheEdge) {
  // The wall spur from the top edge is no island; the map's own border is no loop either.
  const MapAnalysis a = analyse(
      "#######\n"
      "#<.#..#\n"
      "#..#..#\n"
      "#....>#\n"
      "#######\n");
  EXPECT_EQ(a.loops, 0);
  // A map without a border: open floor with one pillar.
  const MapAnalysis b = analyse(
      "<....\n"
      "..#..\n"
      "....>\n");
  EXPECT_EQ(b.loops, 1);
}

TEST(AnalysisTest, SameResultWithOrWithoutTheReportsMaps) {
  Dungeon d = generate_caves(60, 40, CaveConfig{}, 4);
  d.objectives.push_back({ObjectiveKind::Start, d.tiles.point(d.tiles.size() / 2)});
  ValidateOptions with_maps;
  with_maps.keep_maps = true;
  const ValidationReport full = validate_dungeon(d, with_maps), summary = validate_dungeon(d);
  ASSERT_TRUE(full.region_map && full.distances);
  EXPECT_FALSE(summary.region_map || summary.distances);
  const MapAnalysis a = analyse_map(d, full, with_maps), b = analyse_map(d, summary);
  EXPECT_EQ(a.dead_ends, b.dead_ends);
  EXPECT_EQ(a.chokepoints, b.chokepoints);
  EXPECT_EQ(a.loops, b.loops);
  EXPECT_EQ(full.regions, summary.regions);
  EXPECT_EQ(full.unreachable_cells, summary.unreachable_cells);
}

TEST(AnalysisTest, RefusesAReportOfAnotherMap) {
  const Dungeon d = read_ascii("#####\n#<.>#\n#####\n");
  const Dungeon other = read_ascii("####\n#<>#\n####\n");
  try {
    ValidateOptions with_maps;
    with_maps.keep_maps = true;
    analyse_map(d, validate_dungeon(other, with_maps));
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "report = the report of a 4x3 map (expected the report of this 5x3 map)");
  }
  ValidateOptions bad;
  bad.moves.neighbors = 6;
  EXPECT_THROW(analyse_map(d, validate_dungeon(d), bad), InvalidArgument);
}

// The analysis's passes work in two bands of rows joined along a seam, one after the other on
// one thread (so the brute-force tests above check the seams) or on two threads each for maps
// of 1M cells or more: the same answers. Random maps (many regions, objectives cut off, water
// walled up or not), a cave, a rooms dungeon and a serpentine whose every cell is a
// chokepoint, of odd and even heights, all over 1M cells.
TEST(AnalysisTest, TheSameAnswersOnTwoThreads) {
  std::vector<std::pair<std::string, Dungeon>> maps;
  Rng rng(20261126);
  for (int k = 0; k < 3; ++k) {
    const int w = 1030 + static_cast<int>(rng.uniform_int(0, 150)),
              h = 1031 + static_cast<int>(rng.uniform_int(0, 150));
    maps.emplace_back("random map " + std::to_string(k), random_map(rng, w, h, rng.uniform_real(0.3, 0.42), 12));
  }
  Dungeon cave = generate_caves(1100, 1001, CaveConfig{}, 7);
  for (size_t i = 0, placed = 0; i < cave.tiles.size() && placed < 8; i += 137'593) {
    if (cave.tiles.cells()[i] == Terrain::Wall) continue;
    cave.objectives.push_back({placed++ == 0 ? ObjectiveKind::Start : ObjectiveKind::Key, cave.tiles.point(i)});
  }
  maps.emplace_back("cave", cave);
  GenerateConfig rooms;
  rooms.width = 1024;
  rooms.height = 1030;
  maps.emplace_back("rooms", generate_dungeon(rooms, 3).dungeon);
  Dungeon snake;  // rows joined at alternate ends: a route through every row, the seam's included
  snake.tiles = Grid<Terrain>(1001, 1100, Terrain::Wall);
  for (int y = 1; y < 1099; y += 2) {
    for (int x = 1; x < 1000; ++x) snake.tiles(x, y) = Terrain::Floor;
    if (y + 2 < 1099) snake.tiles((y / 2) % 2 == 0 ? 999 : 1, y + 1) = Terrain::Floor;
  }
  snake.objectives.push_back({ObjectiveKind::Start, {1, 1}});
  snake.objectives.push_back({ObjectiveKind::Exit, {1, 1097}});
  maps.emplace_back("serpentine", snake);
  int64_t chokepoints = 0, loops = 0, dead_end_rooms = 0;
  for (const auto& [name, d] : maps)
    for (const Moves& m : {Moves{}, kAllMoves[0], kAllMoves[4]})
      for (bool water_blocks : {false, true}) {
        ValidateOptions o;
        o.moves = m;
        if (water_blocks) o.costs.set(Terrain::Water, CostTable::kImpassable);
        const ValidationReport r = validate_dungeon(d, o);
        ValidateOptions two = o;
        two.threads = 2;
        const MapAnalysis want = analyse_map(d, r, o), got = analyse_map(d, r, two);
        ASSERT_EQ(got.chokepoints, want.chokepoints) << name << ", " << describe(m);
        ASSERT_EQ(got.dead_ends, want.dead_ends) << name << ", " << describe(m);
        ASSERT_EQ(got.loops, want.loops) << name << ", " << describe(m);
        ASSERT_EQ(got.dead_end_rooms, want.dead_end_rooms) << name << ", " << describe(m);
        chokepoints += static_cast<int64_t>(want.chokepoints.size());
        loops += want.loops;
        dead_end_rooms += want.dead_end_rooms;
      }
  EXPECT_GT(chokepoints, 1'000'000);  // the serpentine's alone
  EXPECT_GT(loops, 10'000);
  EXPECT_GT(dead_end_rooms, 0);
  ValidateOptions none;
  none.threads = 0;
  EXPECT_THROW(analyse_map(maps[0].second, validate_dungeon(maps[0].second), none), InvalidArgument);
}

TEST(AnalysisTest, HandlesALongSerpentineWithoutRecursion) {
  // A 1000x1000 serpentine: one path of about half a million cells, as deep as a DFS can go.
  const int n = 1000;
  Dungeon d;
  d.tiles = Grid<Terrain>(n, n, Terrain::Wall);
  int last = 1;
  for (int y = 1; y < n - 1; y += 2) {
    for (int x = 1; x < n - 1; ++x) d.tiles(x, y) = Terrain::Floor;
    if (y + 2 < n - 1) d.tiles((y / 2) % 2 == 0 ? n - 2 : 1, y + 1) = Terrain::Floor;
    last = y;
  }
  d.objectives.push_back({ObjectiveKind::Start, {1, 1}});
  d.objectives.push_back({ObjectiveKind::Exit, {(last / 2) % 2 == 0 ? n - 2 : 1, last}});
  const MapAnalysis a = analyse(d);
  const ValidationReport r = validate_dungeon(d);
  ASSERT_TRUE(r.valid);
  // Every floor cell but the two ends separates them.
  EXPECT_EQ(static_cast<int64_t>(a.chokepoints.size()), r.passable_cells - 2);
  EXPECT_EQ(a.dead_ends.size(), 2u);
  EXPECT_EQ(a.loops, 0);
}

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

TEST(AnalysisTest, CountsRoomsWithASingleDoorwayAsDeadEnds) {
  // Rooms A, B, C, D: A - B - C in a row, D off B's bottom through a two-wide corridor, and E
  // unreachable. A, C and D have one doorway each; B has three; E is not reached.
  Dungeon d = read_ascii(
      "###################\n"
      "#<..#...#...#######\n"
      "#...+...+..>#######\n"
      "#...#...#...#######\n"
      "#####,,##########..\n"
      "####....##########.\n"
      "####....###########\n"
      "###################\n");
  d.rooms = {{1, 1, 3, 3}, {5, 1, 3, 3}, {9, 1, 3, 3}, {4, 5, 4, 2}, {17, 4, 2, 2}};
  const ValidationReport report = validate_dungeon(d);
  const MapAnalysis a = analyse_map(d, report);
  EXPECT_EQ(a.dead_end_rooms, 3);
  // A room open on every side is no dead end; without rooms there are none.
  Dungeon open = read_ascii("#######\n#<....#\n#.....#\n#..>..#\n#.....#\n#######\n");
  open.rooms = {{2, 2, 2, 1}};
  EXPECT_EQ(analyse_map(open, validate_dungeon(open)).dead_end_rooms, 0);
  open.rooms.clear();
  EXPECT_EQ(analyse_map(open, validate_dungeon(open)).dead_end_rooms, 0);
}

}  // namespace
}  // namespace catacomb
