// Tests of room_graph: small ASCII maps whose graph is checked by hand (a rooms map with a locked
// corridor and a junction, a cave split by a locked door), and properties over generated maps
// (every lock on an edge, every objective's node joined to the start's).
#include <catacomb/validate/room_graph.hpp>

#include <gtest/gtest.h>

#include <queue>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/pipeline/generate.hpp>
#include "support/room_graph_maps.hpp"

namespace catacomb {
namespace {

using test::map_of;

// Four rooms: 0 and 1 joined by a corridor with a locked door, and a corridor junction that
// touches all four (through doors, but straight into room 2).
const std::vector<std::string> kRooms = {
    "##############",  //
    "#...#####....#",  //
    "#...+,,A+....#",  //
    "#...#####....#",  //
    "###+######+###",  //
    "###,######,###",  //
    "###,,,,,,,,###",  //
    "###,######,###",  //
    "##...#####+###",  //
    "##...####...##",  //
    "##...####...##",  //
    "##############",  //
};

Dungeon rooms_map() {
  Dungeon d = map_of(kRooms);
  d.rooms = {Rect{1, 1, 3, 3}, Rect{9, 1, 4, 3}, Rect{2, 8, 3, 3}, Rect{9, 9, 3, 2}};
  d.objectives = {{ObjectiveKind::Start, {1, 1}, 0}, {ObjectiveKind::Exit, {12, 3}, 0}};
  return d;
}

TEST(RoomGraphTest, RoomsAreNodesACorridorIsAnEdgeWithItsLockAndAJunctionIsANode) {
  const RoomGraph g = room_graph(rooms_map());
  ASSERT_EQ(g.nodes.size(), 5u);  // four rooms, one junction
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(g.nodes[size_t(i)].kind, GraphNodeKind::Room);
    EXPECT_EQ(g.nodes[size_t(i)].room, i);
  }
  EXPECT_EQ(g.nodes[0].cells, 9);
  EXPECT_EQ(g.nodes[0].objectives, std::vector<int>{0});
  EXPECT_EQ(g.nodes[1].objectives, std::vector<int>{1});
  const GraphNode& junction = g.nodes[4];
  EXPECT_EQ(junction.kind, GraphNodeKind::Passage);
  EXPECT_EQ(junction.bounds, (Rect{3, 4, 8, 5}));
  EXPECT_EQ(junction.cells, 12);  // its corridor cells; its four doors are on its edges
  ASSERT_EQ(g.edges.size(), 5u);
  // Rooms 0 and 1: the corridor, its two doors and the locked one between them.
  const GraphEdge& locked = g.edges[0];
  EXPECT_EQ(locked.a, 0);
  EXPECT_EQ(locked.b, 1);
  EXPECT_EQ(locked.lock, 1);
  EXPECT_EQ(locked.doors, (std::vector<GraphDoor>{{{4, 2}, 0}, {{7, 2}, 1}, {{8, 2}, 0}}));
  EXPECT_EQ(locked.via, (Point{4, 2}));
  // The junction's edges, by room: a door to rooms 0, 1 and 3, none to room 2.
  for (int room = 0; room < 4; ++room) {
    const GraphEdge& e = g.edges[size_t(room + 1)];
    EXPECT_EQ(e.a, room);
    EXPECT_EQ(e.b, 4);
    EXPECT_EQ(e.lock, 0);
    EXPECT_EQ(e.doors.size(), room == 2 ? 0u : 1u) << room;
  }
  EXPECT_EQ(g.edges[3].via, (Point{3, 7}));
  EXPECT_EQ(g.node_at(5, 2), -1);  // the locked corridor is an edge
  EXPECT_EQ(g.node_at(6, 6), 4);
  EXPECT_EQ(g.node_at(2, 9), 2);
  EXPECT_EQ(g.node_at(0, 0), -1);
}

TEST(RoomGraphTest, ACaveIsSplitIntoAreasByItsDoors) {
  Dungeon d = map_of({
      "#########",  //
      "#...#...#",  //
      "#...A...#",  //
      "#...A...#",  //
      "#.......#",  //
      "#########",  //
  });
  // With an opening below the doors the two sides are one area, and the doors a passage that
  // touches it alone.
  RoomGraph g = room_graph(d);
  ASSERT_EQ(g.nodes.size(), 2u);
  EXPECT_EQ(g.nodes[0].kind, GraphNodeKind::Area);
  EXPECT_EQ(g.nodes[1].kind, GraphNodeKind::Passage);
  ASSERT_EQ(g.edges.size(), 1u);
  EXPECT_EQ(g.edges[0].lock, 1);
  // Closed below: two areas and one edge through both locked cells.
  d.tiles(4, 4) = Terrain::Wall;
  g = room_graph(d);
  ASSERT_EQ(g.nodes.size(), 2u);
  EXPECT_EQ(g.nodes[0].kind, GraphNodeKind::Area);
  EXPECT_EQ(g.nodes[1].kind, GraphNodeKind::Area);
  EXPECT_EQ(g.nodes[0].bounds, (Rect{1, 1, 3, 4}));
  EXPECT_EQ(g.nodes[1].cells, 12);
  ASSERT_EQ(g.edges.size(), 1u);
  EXPECT_EQ(g.edges[0].a, 0);
  EXPECT_EQ(g.edges[0].b, 1);
  EXPECT_EQ(g.edges[0].lock, 1);
  EXPECT_EQ(g.edges[0].doors, (std::vector<GraphDoor>{{{4, 2}, 1}, {{4, 3}, 1}}));
}

TEST(RoomGraphTest, TheMapsOwnCostsDecideWhatIsPassable) {
  Dungeon d = map_of({
      "#######",  //
      "#..~..#",  //
      "#######",  //
  });
  EXPECT_EQ(room_graph(d).nodes.size(), 1u);  // dungeon costs: water is crossed
  d.params.emplace_back("deep_water", true);
  EXPECT_EQ(room_graph(d).nodes.size(), 2u);  // the map's own rules: it is not
  d.params.back().second = std::string("yes");
  EXPECT_THROW(room_graph(d), InvalidArgument);
}

// Nodes joined to `from` by edges.
std::vector<uint8_t> joined(const RoomGraph& g, int from) {
  std::vector<uint8_t> seen(g.nodes.size(), 0);
  std::queue<int> todo;
  todo.push(from);
  seen[size_t(from)] = 1;
  while (!todo.empty()) {
    const int n = todo.front();
    todo.pop();
    for (const GraphEdge& e : g.edges) {
      const int other = e.a == n ? e.b : e.b == n ? e.a : -1;
      if (other >= 0 && !seen[size_t(other)]) seen[size_t(other)] = 1, todo.push(other);
    }
  }
  return seen;
}

TEST(RoomGraphTest, OnGeneratedMapsEveryLockIsOnAnEdgeAndEveryObjectiveIsJoinedToTheStart) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const GenerateConfig cfg = test::caves_or_rooms(seed);
    const Dungeon d = generate_dungeon(cfg, seed).dungeon;
    SCOPED_TRACE("seed " + std::to_string(seed));
    const RoomGraph g = room_graph(d);
    EXPECT_EQ(g, room_graph(d));
    if (cfg.generator == GeneratorKind::Rooms) {
      ASSERT_GE(g.nodes.size(), d.rooms.size());
      for (size_t i = 0; i < d.rooms.size(); ++i) EXPECT_EQ(g.nodes[i].room, static_cast<int>(i));
    }
    // Each locked door is on an edge (on one per node it opens onto, for a passage node's), with
    // its lock, and the edge's lock is at least that.
    for (const LockedDoor& l : d.locks) {
      int on = 0, wrong = 0;
      for (const GraphEdge& e : g.edges)
        for (const GraphDoor& door : e.doors)
          if (door.pos == l.pos) ++(door.lock == l.lock && e.lock >= l.lock ? on : wrong);
      EXPECT_GE(on, 1) << "lock " << l.lock << " at " << l.pos.x << "," << l.pos.y;
      EXPECT_EQ(wrong, 0);
    }
    // Valid maps: every objective's node is joined to the start's by edges.
    const int start = g.node_at[d.objectives[0].pos];
    ASSERT_GE(start, 0);
    const std::vector<uint8_t> seen = joined(g, start);
    for (const Objective& o : d.objectives) {
      const int n = g.node_at[o.pos];
      ASSERT_GE(n, 0);
      EXPECT_TRUE(seen[size_t(n)]) << objective_kind_name(o.kind);
    }
    for (const GraphNode& n : g.nodes) EXPECT_GT(n.cells + (n.kind == GraphNodeKind::Passage ? 1 : 0), 0);
  }
}

TEST(RoomGraphTest, APlatformerLevelsRoomsAreItsNodes) {
  GenerateConfig cfg;
  cfg.generator = GeneratorKind::Platformer;
  const Dungeon d = generate_dungeon(cfg, 7).dungeon;
  ASSERT_FALSE(d.rooms.empty());
  const RoomGraph g = room_graph(d);
  ASSERT_GE(g.nodes.size(), d.rooms.size());
  EXPECT_EQ(g.nodes[0].kind, GraphNodeKind::Room);
  for (size_t i = 0; i < d.rooms.size(); ++i) EXPECT_EQ(g.nodes[i].room, static_cast<int>(i));
  // Seen from above, every objective's room opens onto the start's (whether a jump reaches it is
  // the nav graph's to say).
  const std::vector<uint8_t> seen = joined(g, g.node_at[d.objectives[0].pos]);
  for (const Objective& o : d.objectives) EXPECT_TRUE(seen[size_t(g.node_at[o.pos])]) << objective_kind_name(o.kind);
}

TEST(RoomGraphTest, NodeKindNames) {
  EXPECT_EQ(graph_node_kind_name(GraphNodeKind::Room), "room");
  EXPECT_EQ(graph_node_kind_name(GraphNodeKind::Area), "area");
  EXPECT_EQ(graph_node_kind_name(GraphNodeKind::Passage), "passage");
}

}  // namespace
}  // namespace catacomb
