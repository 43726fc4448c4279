// What rules a mission out before any attempt (mission_layout_problems: every node at fault, with
// its type, its edges and the most sockets its type's templates have; the theme), the rooms'
// least area and the map size chosen from a mission (mission_map_size).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <catacomb/generator/template_layout.hpp>
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>

namespace catacomb {
namespace {

std::string example(const std::string& rel) { return std::string(CATACOMB_SOURCE_DIR) + "/examples/" + rel; }

const TemplateSet& crypt() {
  static const TemplateSet set = load_template_set(example("templates/crypt.tmj")).set;
  return set;
}

size_t most_sockets(const TemplateSet& set, const std::string& type) {
  size_t most = 0;
  for (const RoomTemplate& t : set.templates)
    if (t.type == type) most = std::max(most, t.sockets.size());
  return most;
}

TEST(MissionPrecheckTest, EveryNodeAtFaultIsNamedWithItsTypeEdgesAndMostSockets) {
  Mission m = load_mission(example("missions/linear.json"));
  EXPECT_TRUE(mission_layout_problems(m, crypt()).empty());
  m.nodes[static_cast<size_t>(m.node_index("throne"))].type = "dragon";
  m.nodes[static_cast<size_t>(m.node_index("hall"))].type = "wyrm";
  const size_t vault_sockets = most_sockets(crypt(), "treasure");
  ASSERT_GT(vault_sockets, 0u);
  // The vault gets one edge more than any treasure template has sockets, each to a new dead end.
  const int vault = m.node_index("vault");
  for (size_t i = m.edges_at(vault).size(); i <= vault_sockets; ++i) {
    m.nodes.push_back({"end" + std::to_string(i), "", {}, {}});
    m.edges.push_back({static_cast<int>(m.nodes.size()) - 1, vault, DoorKind::Open, 0, 0});
  }
  const size_t edges = m.edges_at(vault).size();
  const std::vector<FieldProblem> p = mission_layout_problems(m, crypt());
  ASSERT_EQ(p.size(), 3u) << to_string(p);
  EXPECT_EQ(p[0],
            (FieldProblem{"mission", "node hall (type wyrm)", "a template of type wyrm in set crypt (none has)"}));
  EXPECT_EQ(p[1], (FieldProblem{"mission", "node vault (type treasure, " + std::to_string(edges) + " edges)",
                                "at most " + std::to_string(vault_sockets) +
                                    " edges: the most sockets a template of type treasure in set crypt has"}));
  EXPECT_EQ(p[2].value, "node throne (type dragon)");
}

TEST(MissionPrecheckTest, ATemplateTheThemeLeavesOutCannotStandForANode) {
  const Mission m = load_mission(example("missions/linear.json"));
  // The start template (entry) tagged crypt only: the flooded theme holds no start room, and the
  // start's node is named, with the theme.
  TemplateSet set = crypt();
  ASSERT_EQ(set.templates[0].name, "entry");
  set.templates[0].tags = {"crypt"};
  const TemplateSet flooded = set.with_theme("flooded");
  ASSERT_FALSE(flooded.templates.empty());
  ASSERT_TRUE(flooded.of_type("start").empty());
  const std::vector<FieldProblem> p = mission_layout_problems(m, flooded, "flooded");
  ASSERT_FALSE(p.empty());
  EXPECT_EQ(p.front(), (FieldProblem{"mission", "node entry (type start)",
                                     "a template of type start tagged flooded (--theme) in set crypt (none has)"}));
}

TEST(MissionPrecheckTest, TheChosenSizeHoldsTheRoomsAreaAndGrowsWithTheMission) {
  const Mission linear = load_mission(example("missions/linear.json"));
  const Mission thirty = load_mission(example("missions/thirty.json"));
  const TemplateLayoutConfig tc;
  const int64_t a6 = mission_rooms_area(linear, crypt()), a30 = mission_rooms_area(thirty, crypt());
  ASSERT_GT(a6, 0);
  EXPECT_GT(a30, a6);
  const auto [w, h] = mission_map_size(thirty, crypt(), tc);
  EXPECT_EQ(w, h);
  EXPECT_GE(static_cast<double>(w) * h, kMissionSizeFactor * static_cast<double>(a30));
  EXPECT_LT(static_cast<double>(w - 1) * (h - 1), kMissionSizeFactor * static_cast<double>(a30));
  // One side given: the other long enough; both given: as given.
  const auto [w2, h2] = mission_map_size(thirty, crypt(), tc, 300, 0);
  EXPECT_EQ(w2, 300);
  EXPECT_GE(static_cast<double>(w2) * h2, kMissionSizeFactor * static_cast<double>(a30));
  EXPECT_EQ(mission_map_size(thirty, crypt(), tc, 90, 70), std::make_pair(90, 70));
  // Never below 16 a side; without a set, each room counts as a generated room of the largest side.
  Mission one;
  one.nodes = {linear.nodes.front()};
  EXPECT_GE(mission_map_size(one, crypt(), tc).first, 16);
  const auto [gw, gh] = mission_map_size(thirty, TemplateSet{}, tc);
  const int room = tc.max_side + 2 + kMissionGap;
  EXPECT_GE(static_cast<double>(gw) * gh, kMissionSizeFactor * 30 * room * room);
  EXPECT_EQ(mission_rooms_area(thirty, TemplateSet{}), 0);
}

}  // namespace
}  // namespace catacomb
