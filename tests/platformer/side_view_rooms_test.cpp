// Side-view room templates: the built-in set is clean and covers every role; the same set drawn
// in Tiled (examples/templates/side-view) makes the same levels; a designer's set fills every room
// it fits, its ladders and doorways kept open, and the levels stay proven.
#include <gtest/gtest.h>

#include <memory>

#include <catacomb/io/template_set.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/platformer/side_view_rooms.hpp>

namespace catacomb {
namespace {

std::string example(const std::string& rel) { return std::string(CATACOMB_SOURCE_DIR) + "/examples/" + rel; }

TEST(SideViewRoomsTest, TheBuiltInSetIsCleanAndHasEveryRole) {
  const TemplateSet& set = default_side_view_rooms();
  EXPECT_TRUE(set.side_view);
  const std::vector<TemplateProblem> problems = check_template_set(set);
  EXPECT_TRUE(problems.empty()) << problems.front().text();
  for (const std::string_view role : kSideViewRoles) EXPECT_FALSE(set.of_type(role).empty()) << role;
  for (const RoomTemplate& t : set.templates) EXPECT_FALSE(t.rotate) << t.name;
}

TEST(SideViewRoomsTest, TheSetDrawnInTiledIsTheBuiltInOne) {
  for (const char* f : {"templates/side-view.tmj", "templates/side-view.tmx"}) {
    SCOPED_TRACE(f);
    const TemplateSetReading r = load_template_set(example(f));
    ASSERT_TRUE(r.problems.empty()) << r.problems.front().text();
    EXPECT_EQ(r.set.hash(), default_side_view_rooms().hash());
    GenerateConfig drawn, built_in;
    drawn.generator = built_in.generator = GeneratorKind::Platformer;
    drawn.templates = std::make_shared<const TemplateSet>(r.set);
    for (uint64_t seed = 1; seed <= 5; ++seed)
      EXPECT_EQ(generate_dungeon(drawn, seed).dungeon.tiles, generate_dungeon(built_in, seed).dungeon.tiles) << seed;
  }
}

TEST(SideViewRoomsTest, EveryRoomTakesTheDesignersTemplateWithItsLinksKeptOpen) {
  TemplateSet set = default_side_view_rooms();
  set.name = "one";
  set.templates.resize(1);
  RoomTemplate& t = set.templates.front();
  t.name = "gallery";
  t.type = "any";
  t.mirror = false;
  t.tiles = Grid<Terrain>(9, 7, Terrain::Floor);
  for (int x = 1; x < 8; ++x) t.tiles(x, 4) = Terrain::Platform;  // 2 rows above the floor row
  GenerateConfig c;
  c.generator = GeneratorKind::Platformer;
  c.templates = std::make_shared<const TemplateSet>(set);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const GenerateResult r = generate_dungeon(c, seed);
    ASSERT_TRUE(r.platformer_report.valid);
    const Dungeon& d = r.dungeon;
    ASSERT_FALSE(d.rooms.empty());
    for (const Rect& room : d.rooms)  // the rooms' insides, as the generator lists them
      for (int x = room.x + 1; x < room.x + 8; ++x) {
        const Terrain v = d.tiles(x, room.y + 4);
        EXPECT_TRUE(v == Terrain::Platform || v == Terrain::Ladder)
            << "seed " << seed << " at " << x << "," << room.y + 4;
      }
  }
  // A top-down set is refused for platformer levels, naming the field.
  c.templates = std::make_shared<const TemplateSet>(load_template_set(example("templates/crypt.tmj")).set);
  EXPECT_THROW(c.check(), InvalidArgument);
}

}  // namespace
}  // namespace catacomb
