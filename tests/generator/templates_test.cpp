// Room templates: orientation against a closed-form reference on every template of the starter
// set in all 8 orientations, and the lint naming each kind of problem with its template and cell.
#include <gtest/gtest.h>

#include <catacomb/core/room_templates.hpp>
#include <catacomb/io/template_set.hpp>

namespace catacomb {
namespace {

std::string example(const std::string& rel) { return std::string(CATACOMB_SOURCE_DIR) + "/examples/" + rel; }

// The reference: where (x, y) of a w x h template lands, written out per orientation (mirror
// first, then k quarter turns clockwise), not by repeating one turn as the library does.
Point reference_point(Point p, int w, int h, int o) {
  if (o >= 4) p.x = w - 1 - p.x;
  switch (o % 4) {
    case 0: return p;
    case 1: return {h - 1 - p.y, p.x};
    case 2: return {w - 1 - p.x, h - 1 - p.y};
    default: return {p.y, w - 1 - p.x};
  }
}

// The side an edge cell (not a corner) of a w x h grid lies on.
Side side_of(Point p, int w, int h) {
  if (p.y == 0) return Side::North;
  if (p.y == h - 1) return Side::South;
  if (p.x == 0) return Side::West;
  EXPECT_EQ(p.x, w - 1);
  return Side::East;
}

TEST(TemplatesTest, EveryStarterTemplateLandsWhereTheReferenceTransformPutsIt) {
  const TemplateSetReading r = load_template_set(example("templates/crypt.tmj"));
  ASSERT_TRUE(r.problems.empty()) << r.problems.front().text();
  ASSERT_GE(r.set.templates.size(), 8u);
  int chance_templates = 0;
  for (const RoomTemplate& t : r.set.templates) {
    chance_templates += t.wall_chance.size() > 0;
    const int w = t.width(), h = t.height();
    for (int o = 0; o < kOrientations; ++o) {
      SCOPED_TRACE(t.name + " orientation " + std::to_string(o));
      const RoomTemplate u = oriented(t, o);
      const bool quarter = o % 2 == 1;
      ASSERT_EQ(u.width(), quarter ? h : w);
      ASSERT_EQ(u.height(), quarter ? w : h);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          const Point q = reference_point({x, y}, w, h, o);
          ASSERT_EQ(u.tiles[q], t.tiles(x, y)) << x << "," << y;
          if (t.wall_chance.size() > 0) { ASSERT_EQ(u.wall_chance[q], t.wall_chance(x, y)) << x << "," << y; }
        }
      ASSERT_EQ(u.sockets.size(), t.sockets.size());
      for (size_t i = 0; i < t.sockets.size(); ++i) {
        EXPECT_EQ(u.sockets[i].pos, reference_point(t.sockets[i].pos, w, h, o));
        // The side turns with the cell: it is the edge the socket now lies on.
        EXPECT_EQ(u.sockets[i].side, side_of(u.sockets[i].pos, u.width(), u.height()));
        const Point out = step_out(u.sockets[i].pos, u.sockets[i].side);
        EXPECT_FALSE(u.tiles.in_bounds(out)) << "a socket opens out of the template";
      }
      ASSERT_EQ(u.spots.size(), t.spots.size());
      for (size_t i = 0; i < t.spots.size(); ++i) {
        EXPECT_EQ(u.spots[i].pos, reference_point(t.spots[i].pos, w, h, o));
        EXPECT_EQ(u.spots[i].kind, t.spots[i].kind);
      }
    }
  }
  EXPECT_GE(chance_templates, 1) << "the starter set shows probabilistic cells";
}

TEST(TemplatesTest, OrientationsFollowRotateAndMirror) {
  RoomTemplate t;
  t.rotate = false;
  t.mirror = true;
  EXPECT_TRUE(orientation_allowed(t, 0));
  EXPECT_FALSE(orientation_allowed(t, 1));
  EXPECT_TRUE(orientation_allowed(t, 4));
  EXPECT_FALSE(orientation_allowed(t, 5));
  t.mirror = false;
  EXPECT_FALSE(orientation_allowed(t, 4));
  EXPECT_THROW(oriented(t, 8), InvalidArgument);
}

// A 5x5 room: floor inside a wall ring, one socket in the middle of each side.
RoomTemplate room(const std::string& name, Rect source) {
  RoomTemplate t;
  t.name = name;
  t.source = source;
  t.tiles = Grid<Terrain>(5, 5, Terrain::Wall);
  for (int y = 1; y < 4; ++y)
    for (int x = 1; x < 4; ++x) t.tiles(x, y) = Terrain::Floor;
  t.sockets = {{{2, 0}, Side::North}, {{4, 2}, Side::East}, {{2, 4}, Side::South}, {{0, 2}, Side::West}};
  t.spots = {{{2, 2}, ObjectiveKind::Start}};
  return t;
}

bool has_problem(const std::vector<TemplateProblem>& ps, const std::string& name, std::optional<Point> cell,
                 const std::string& words) {
  for (const TemplateProblem& p : ps)
    if (p.template_name == name && p.cell == cell && p.message.find(words) != std::string::npos) return true;
  return false;
}

TEST(TemplatesTest, TheLintNamesEachProblemWithItsTemplateAndCell) {
  TemplateSet set;
  set.templates.push_back(room("good", {0, 0, 5, 5}));
  EXPECT_TRUE(check_template_set(set).empty());

  RoomTemplate off_edge = room("off-edge", {10, 0, 5, 5});
  off_edge.sockets.push_back({{2, 2}, Side::North});
  RoomTemplate corner = room("corner", {20, 0, 5, 5});
  corner.sockets.push_back({{0, 0}, Side::North});
  RoomTemplate cut = room("cut", {30, 0, 5, 5});
  for (int x = 1; x < 4; ++x) cut.tiles(x, 2) = Terrain::Wall;  // the north socket cannot reach the south one
  cut.spots.clear();
  RoomTemplate chance = room("chance", {40, 0, 5, 5});
  chance.wall_chance = Grid<uint8_t>(5, 5, 0);
  for (int y = 1; y < 4; ++y) chance.wall_chance(2, y) = 128;  // a wall only by chance still cuts
  for (int y = 1; y < 4; ++y) chance.wall_chance(3, y) = 128;
  chance.spots.clear();
  RoomTemplate spot_on_wall = room("spot-on-wall", {50, 0, 5, 5});
  spot_on_wall.spots = {{{0, 0}, std::nullopt}};
  RoomTemplate twice = room("good", {60, 0, 5, 5});
  RoomTemplate overlapping = room("overlapping", {2, 2, 5, 5});
  RoomTemplate numbers = room("numbers", {70, 0, 5, 5});
  numbers.weight = 0;
  numbers.min_count = 3;
  numbers.max_count = 1;
  RoomTemplate bare = room("bare", {80, 0, 5, 5});
  bare.sockets.clear();
  bare.spots.clear();
  for (RoomTemplate* t : {&off_edge, &corner, &cut, &chance, &spot_on_wall, &twice, &overlapping, &numbers, &bare})
    set.templates.push_back(*t);
  const std::vector<TemplateProblem> ps = check_template_set(set, {"boss"});
  EXPECT_TRUE(has_problem(ps, "off-edge", Point{12, 2}, "not on the template's edge"));
  EXPECT_TRUE(has_problem(ps, "corner", Point{20, 0}, "corner"));
  EXPECT_TRUE(has_problem(ps, "cut", Point{34, 2}, "not reachable"));
  EXPECT_TRUE(has_problem(ps, "cut", Point{32, 4}, "not reachable"));
  EXPECT_TRUE(has_problem(ps, "chance", Point{44, 2}, "not reachable"));
  EXPECT_TRUE(has_problem(ps, "spot-on-wall", Point{50, 0}, "spot on wall"));
  EXPECT_TRUE(has_problem(ps, "good", std::nullopt, "name used twice"));
  EXPECT_TRUE(has_problem(ps, "overlapping", std::nullopt, "overlaps template good"));
  EXPECT_TRUE(has_problem(ps, "numbers", std::nullopt, "weight = 0"));
  EXPECT_TRUE(has_problem(ps, "numbers", std::nullopt, "max = 1"));
  EXPECT_TRUE(has_problem(ps, "bare", std::nullopt, "no socket"));
  EXPECT_TRUE(has_problem(ps, "", std::nullopt, "no template of type boss"));
  EXPECT_FALSE(has_problem(ps, "off-edge", std::nullopt, "no socket"));
  for (const TemplateProblem& p : ps) EXPECT_NE(p.text().find(": "), std::string::npos) << p.text();
  EXPECT_EQ(TemplateProblem({"crypt", Point{14, 3}, "socket on a corner"}).text(),
            "template crypt, cell (14,3): socket on a corner");
}

TEST(TemplatesTest, ThemesKeepTheTaggedTemplatesAndTheHashSeesEveryCell) {
  const TemplateSet set = load_template_set(example("templates/crypt.tmj")).set;
  const TemplateSet flooded = set.with_theme("flooded");
  ASSERT_FALSE(flooded.templates.empty());
  EXPECT_LT(flooded.templates.size(), set.templates.size());
  for (const RoomTemplate& t : flooded.templates) EXPECT_TRUE(t.has_tag("flooded")) << t.name;
  EXPECT_EQ(set.with_theme("").templates.size(), set.templates.size());
  TemplateSet changed = set;
  changed.templates.back().tiles(1, 1) = Terrain::Water;
  EXPECT_NE(changed.hash(), set.hash());
  EXPECT_EQ(TemplateSet(set).hash(), set.hash());
}

}  // namespace
}  // namespace catacomb
