// The C API's room graph: a handle over room_graph's value (validate/room_graph.hpp), computed
// once under the dungeon handle's rules (the solver included, for the nodes' intensity), and its
// nodes, edges and doors by index.
#include "capi_internal.hpp"

#include <catacomb/validate/room_graph.hpp>

using namespace catacomb;
using namespace catacomb::capi;

struct catacomb_graph {
  RoomGraph graph;
};

namespace {

const GraphEdge& edge_of(const catacomb_graph* graph, int index) {
  need(graph, "graph", "a graph handle");
  need_range("edge", index, 0, static_cast<int>(graph->graph.edges.size()) - 1);
  return graph->graph.edges[static_cast<size_t>(index)];
}

}  // namespace

extern "C" {

catacomb_graph* catacomb_graph_new(const catacomb_dungeon* dungeon) {
  return guarded<catacomb_graph*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    auto h = std::make_unique<catacomb_graph>();
    const ValidateOptions& o = dungeon->options;
    h->graph = room_graph(dungeon->dungeon, MapRules{o.costs, o.moves, dungeon->dungeon.key_rule});
    return h.release();
  });
}

void catacomb_graph_free(catacomb_graph* graph) { delete graph; }

int catacomb_graph_node_count(const catacomb_graph* graph) {
  return guarded<int>(-1, [&] {
    need(graph, "graph", "a graph handle");
    return static_cast<int>(graph->graph.nodes.size());
  });
}

int catacomb_graph_node(const catacomb_graph* graph, int index, const char** kind, int* room, int* x, int* y,
                        int* width, int* height, long long* cells) {
  return guarded<int>(-1, [&] {
    need(graph, "graph", "a graph handle");
    need_range("index", index, 0, static_cast<int>(graph->graph.nodes.size()) - 1);
    const GraphNode& n = graph->graph.nodes[static_cast<size_t>(index)];
    if (kind) *kind = graph_node_kind_name(n.kind).data();  // the names are NUL-terminated literals
    if (room) *room = n.room;
    if (x) *x = n.bounds.x;
    if (y) *y = n.bounds.y;
    if (width) *width = n.bounds.width;
    if (height) *height = n.bounds.height;
    if (cells) *cells = static_cast<long long>(n.cells);
    return 0;
  });
}

int catacomb_graph_node_intensity(const catacomb_graph* graph, int index, double* intensity, int* critical) {
  return guarded<int>(-1, [&] {
    need(graph, "graph", "a graph handle");
    need_range("index", index, 0, static_cast<int>(graph->graph.nodes.size()) - 1);
    const GraphNode& n = graph->graph.nodes[static_cast<size_t>(index)];
    if (intensity) *intensity = n.intensity;
    if (critical) *critical = n.critical;
    return 0;
  });
}

int catacomb_graph_edge_count(const catacomb_graph* graph) {
  return guarded<int>(-1, [&] {
    need(graph, "graph", "a graph handle");
    return static_cast<int>(graph->graph.edges.size());
  });
}

int catacomb_graph_edge(const catacomb_graph* graph, int index, int* a, int* b, int* lock, int* x, int* y,
                        int* door_count) {
  return guarded<int>(-1, [&] {
    const GraphEdge& e = edge_of(graph, index);
    if (a) *a = e.a;
    if (b) *b = e.b;
    if (lock) *lock = e.lock;
    if (x) *x = e.via.x;
    if (y) *y = e.via.y;
    if (door_count) *door_count = static_cast<int>(e.doors.size());
    return 0;
  });
}

int catacomb_graph_edge_door(const catacomb_graph* graph, int edge, int door, int* x, int* y, int* lock) {
  return guarded<int>(-1, [&] {
    const GraphEdge& e = edge_of(graph, edge);
    if (e.doors.empty())
      throw InvalidArgument(
          FieldProblem{"door", std::to_string(door), "a door, but edge " + std::to_string(edge) + " has none"});
    need_range("door", door, 0, static_cast<int>(e.doors.size()) - 1);
    const GraphDoor& d = e.doors[static_cast<size_t>(door)];
    if (x) *x = d.pos.x;
    if (y) *y = d.pos.y;
    if (lock) *lock = d.lock;
    return 0;
  });
}

int catacomb_graph_node_at(const catacomb_graph* graph, int x, int y, int* node) {
  return guarded<int>(-1, [&] {
    need(graph, "graph", "a graph handle");
    need(node, "node", "a pointer to write the node to");
    const Grid<int32_t>& at = graph->graph.node_at;
    need_range("x", x, 0, at.width() - 1);
    need_range("y", y, 0, at.height() - 1);
    *node = at(x, y);
    return 0;
  });
}

}  // extern "C"
