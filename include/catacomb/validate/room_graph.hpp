#pragma once
/// The room graph of a map: its rooms (or, in a map without rooms such as a cave, its areas between
/// doors) as nodes, and the corridors and doors that join them as edges, each with the locks on
/// it; for a game that places encounters per room and a binding that draws the map's structure.
/// Computed from the map alone (never from the generator), so a map read from a file or edited
/// in Tiled gets one too.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/pathing/map_rules.hpp>
#include <catacomb/validate/solver.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What a node of the room graph is.
enum class GraphNodeKind : uint8_t {
  Room,     ///< one of Dungeon::rooms: its passable cells that are not doors
  Area,     ///< in a map without rooms (a cave): a region of passable cells between doors
  Passage,  ///< corridors and doors that join no two nodes alone: a junction of three or more,
            ///< a dead end (one), or a passage that touches no node at all
};
/// "room", "area", "passage".
std::string_view graph_node_kind_name(GraphNodeKind k);

/// A door cell on an edge: its cell and its lock id (0 for a door without a lock).
struct GraphDoor {
  Point pos;     ///< the door's cell
  int lock = 0;  ///< 1 to kMaxLock for a locked door, 0 for an open one
  /// Equal when cell and lock are equal.
  friend bool operator==(const GraphDoor&, const GraphDoor&) = default;
};

/// One node: a room, an area or a passage.
struct GraphNode {
  /// Room, area or passage.
  GraphNodeKind kind = GraphNodeKind::Room;
  /// For a room: its index in Dungeon::rooms; -1 for areas and passages.
  int room = -1;
  /// A room's rectangle; for an area or passage, the bounding box of its cells.
  Rect bounds;
  /// Passable cells of the node (its doors excepted). [Units: cells]
  int64_t cells = 0;
  /// Indices into Dungeon::objectives of the objectives standing on the node's cells, in order.
  std::vector<int> objectives;
  /// Where the critical path first enters the node, counted in nodes: 0 for the start's node,
  /// 1 for the next node it enters, ...; -1 when the critical path does not enter it (or the
  /// map has none: not completable). [Limit: -1 to nodes - 1]
  int critical = -1;
  /// How far into the dungeon the node lies, 0 at the start to 1 at the exit's node, rising along
  /// the critical path (metazelda's intensity): see graph_intensity. -1 when the map has no
  /// critical path or the node is not connected to it. [Limit: -1, or 0 to 1]
  double intensity = -1;
  /// Equal when every field is equal.
  friend bool operator==(const GraphNode&, const GraphNode&) = default;
};

/// One edge: a corridor, a door or a direct opening between two nodes.
struct GraphEdge {
  /// The node with the lower index.
  int a = 0;
  /// The other node (b > a).
  int b = 0;
  /// The doors a player crosses on the way (row-major order): every door of a corridor that
  /// joins a and b alone; for an edge from a passage node, the passage's doors next to the
  /// other node. Empty for an opening without a door.
  std::vector<GraphDoor> doors;
  /// The highest lock id among `doors` (0 when none is locked): the lock on the edge. A map
  /// made by catacomb has at most one locked door per edge; each is in `doors`.
  int lock = 0;
  /// A cell of the edge (the first in row-major order of its corridor or door cells, or, for an
  /// opening, of the lower node's cells beside the other): where to draw it.
  Point via;
  /// Equal when every field is equal.
  friend bool operator==(const GraphEdge&, const GraphEdge&) = default;
};

/// The room graph: nodes, edges and, per cell, the node it belongs to.
struct RoomGraph {
  /// Rooms in the order of Dungeon::rooms (or areas in row-major order of their first cell),
  /// then passage nodes in row-major order of their first cell.
  std::vector<GraphNode> nodes;
  /// Sorted by (a, b, via's row-major index).
  std::vector<GraphEdge> edges;
  /// Per cell: the node it belongs to, or -1 (impassable, or a cell of a corridor or door that
  /// is an edge).
  Grid<int32_t> node_at;
  /// Equal when every field is equal.
  friend bool operator==(const RoomGraph&, const RoomGraph&) = default;
};

/// The room graph of `d` under `rules` (passability from rules.costs; cells are joined when a
/// step between them is legal under rules.moves). In a map with rooms (Dungeon::rooms, as the
/// rooms and platformer generators make), each room is a node; the passable cells outside rooms
/// and the doors (locked or not) form passages: a passage that touches exactly two nodes is an
/// edge, any other a node of kind Passage with an edge to each node it touches. In a map without
/// rooms (caves), the nodes are the areas between doors and the door groups the passages. Two
/// nodes whose cells touch directly are joined by one edge without doors. A side-view level's
/// graph is that of its rooms and their openings, whatever the movement model can climb (its
/// nav graph says that). O(cells) time, 8 bytes per cell while it runs, then solve_dungeon under
/// the same rules for each node's critical rank and intensity (graph_intensity). Throws
/// InvalidArgument for bad moves.
RoomGraph room_graph(const Dungeon& d, const MapRules& rules);
/// room_graph under the rules `d` records (recorded_rules). Throws InvalidArgument for a recipe
/// catacomb does not know.
RoomGraph room_graph(const Dungeon& d);
/// room_graph(d, rules) with each node's `critical` and `intensity` from `solution`, which must be
/// solve_dungeon's answer for `d` under the same rules (the critical path's cells are looked up
/// in node_at). The two overloads above solve `d` under their rules (solve_dungeon, its default
/// state cap) and call this one; this one lets a caller that has solved already skip the solver.
RoomGraph room_graph(const Dungeon& d, const MapRules& rules, const Solution& solution);

/// Sets every node's `critical` and `intensity` from the critical path of `solution` (see
/// Solution::critical_path), deterministically, from integers divided once:
/// - The critical path's cells are walked in order; each node it enters for the first time gets
///   the next rank r (critical = r, from 0) and the score r + p, where p counts the locked doors
///   opened and switches toggled on the critical path before that entry.
/// - Every other node connected to a critical node (through the edges, whatever their locks) gets
///   the score s + d: d is its distance in edges to the nearest critical node, s the highest score
///   among the critical nodes at that distance (a side branch starts where it leaves the path and
///   rises by one per node into it).
/// - intensity = 99 * score / (100 * M), M the highest score of a node other than the exit's
///   (0 for every node when M is 0); the exit's node (the critical path's last cell's) is 1.
///   So the exit is the only node at 1 and every other lies in [0, 0.99] (metazelda's scale).
/// - With no critical path (solution not completable, or empty), or for a node in a part of the
///   graph the critical path never touches, critical and intensity are -1.
/// O(nodes + edges + critical path cells).
void graph_intensity(RoomGraph& graph, const Solution& solution);

/// The shape of a dungeon's progression, for batch reviews (tools/batch): from the room graph
/// with its critical path (graph_intensity) and the solution.
struct ProgressionMetrics {
  /// Nodes of the room graph.
  int nodes = 0;
  /// Nodes the critical path enters (GraphNode::critical >= 0).
  int critical_nodes = 0;
  /// Independent cycles of the room graph: edges - nodes + connected components (two edges
  /// between the same nodes make one). [Limit: >= 0]
  int cycles = 0;
  /// Distinct cells of the critical path (Solution::critical_path's routes). [Units: cells]
  int64_t critical_cells = 0;
  /// Share of the nodes off the critical path: 1 - critical_nodes / nodes (0 for a graph
  /// without nodes); 0 is a corridor of rooms, near 1 a map of side branches.
  double branchiness() const;
};
/// The progression metrics of `graph` (critical and intensity set, by room_graph or
/// graph_intensity) and `solution`. O(nodes + edges + critical path cells log cells).
ProgressionMetrics progression_metrics(const RoomGraph& graph, const Solution& solution);

}  // namespace catacomb
CATACOMB_PUBLIC_END
