// The room graph of a map (validate/room_graph.hpp), from the map alone. Each cell is a node
// cell (inside a room, or, in a map without rooms, any passable cell that is not a door) or a
// passage cell (a passable cell outside every room, or a door). Node cells are grouped by room
// (or labelled into areas by label_regions), passage cells into passages by label_regions, both
// under the map's moves; one pass over the legal forward steps (E, S, SE, SW: each pair of
// neighbours once, by the one move rule step_allowed_at) finds which passage touches which node
// through which door, and which nodes touch directly. A passage touching exactly two nodes is an
// edge, any other becomes a node. O(cells) time; a grid of 4 bytes per cell for the result plus
// the region labels (4 bytes per cell) while it runs. Deterministic: rooms in their order, labels
// in row-major order of first cells, contacts sorted. room_graph then solves the map for each
// node's critical rank and intensity (room_graph_progression.cpp).
#include <catacomb/validate/room_graph.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <tuple>
#include <utility>

#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/regions.hpp>
#include "shared/core/enum_names.hpp"
#include "validate/mission/room_graph_cells.hpp"

namespace catacomb {
namespace {

constexpr detail::EnumNames<GraphNodeKind, 3> kGraphNodeKindNames = {
    {{GraphNodeKind::Room, "room"}, {GraphNodeKind::Area, "area"}, {GraphNodeKind::Passage, "passage"}}};

// The forward steps: to a cell later in row-major order (E, S, SE, SW), so each pair is seen once.
constexpr std::array<int, 4> kForward = {0, 1, 4, 5};

// What one pass over the map found about the passages.
struct Contacts {
  std::vector<std::tuple<int, int, int64_t>> touch;       // (passage, node, passage cell)
  std::vector<std::tuple<int, int, int64_t>> door_touch;  // (passage, node, door cell)
  std::map<std::pair<int, int>, int64_t> direct;          // (node, node) -> first cell
};

// The cells of the map split into node cells (node_at) and passages (the labels of `passages`).
struct Split {
  Grid<uint8_t> open, door;
  RegionMap passages;
};

Split split_cells(const Dungeon& d, const MapRules& rules, RoomGraph& g) {
  const int w = d.tiles.width(), h = d.tiles.height();
  Split s{Grid<uint8_t>(w, h, 0), Grid<uint8_t>(w, h, 0), {}};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const Terrain t = d.tiles(x, y);
      s.open(x, y) = rules.costs.passable(t) ? 1 : 0;
      s.door(x, y) = s.open(x, y) && t == Terrain::Door ? 1 : 0;
    }
  g.node_at = Grid<int32_t>(w, h, -1);
  Grid<uint8_t> node_cell(w, h, 0);
  if (!d.rooms.empty()) {
    for (size_t i = 0; i < d.rooms.size(); ++i) {
      const Rect& r = d.rooms[i];
      GraphNode n;
      n.room = static_cast<int>(i);
      n.bounds = r;
      for (int y = std::max(0, r.y); y < std::min(h, r.bottom()); ++y)
        for (int x = std::max(0, r.x); x < std::min(w, r.right()); ++x)
          if (s.open(x, y) && !s.door(x, y) && g.node_at(x, y) < 0) {
            g.node_at(x, y) = static_cast<int32_t>(i);
            node_cell(x, y) = 1;
            ++n.cells;
          }
      g.nodes.push_back(std::move(n));
    }
  } else {
    for (size_t i = 0; i < s.open.cells().size(); ++i) node_cell.cells()[i] = s.open.cells()[i] && !s.door.cells()[i];
    RegionMap areas = label_regions(node_cell, rules.moves);
    for (int a = 0; a < areas.count(); ++a) {
      GraphNode n;
      n.kind = GraphNodeKind::Area;
      n.bounds = areas.bounds[static_cast<size_t>(a)];
      n.cells = areas.sizes[static_cast<size_t>(a)];
      g.nodes.push_back(std::move(n));
    }
    g.node_at = std::move(areas.labels);
  }
  Grid<uint8_t> passage_cell(w, h, 0);
  for (size_t i = 0; i < s.open.cells().size(); ++i)
    passage_cell.cells()[i] = s.open.cells()[i] && !node_cell.cells()[i];
  s.passages = label_regions(passage_cell, rules.moves);
  return s;
}

Contacts find_contacts(const Split& s, const RoomGraph& g, const Moves& moves) {
  const int w = s.open.width(), h = s.open.height();
  const auto open = [&](Point p) { return s.open.in_bounds(p) && s.open[p] != 0; };
  Contacts c;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const Point p{x, y};
      if (!s.open[p]) continue;
      for (int dir : kForward) {
        if (!step_allowed_at(moves, p, dir, open)) continue;
        const Point q{x + kDirections[dir].x, y + kDirections[dir].y};
        const int32_t np = g.node_at[p], nq = g.node_at[q];
        if (np >= 0 && nq >= 0) {
          if (np == nq) continue;
          const auto key = std::minmax(np, nq);
          c.direct.emplace(std::pair<int, int>(key.first, key.second), int64_t{y} * w + x);
        } else if (np >= 0 || nq >= 0) {
          const Point cell = np >= 0 ? q : p;  // the passage's side
          const int node = np >= 0 ? np : nq;
          const int passage = s.passages.labels[cell];
          const int64_t at = int64_t{cell.y} * w + cell.x;
          c.touch.emplace_back(passage, node, at);
          if (s.door[cell]) c.door_touch.emplace_back(passage, node, at);
        }
      }
    }
  std::sort(c.touch.begin(), c.touch.end());
  std::sort(c.door_touch.begin(), c.door_touch.end());
  c.door_touch.erase(std::unique(c.door_touch.begin(), c.door_touch.end()), c.door_touch.end());
  return c;
}

Point cell_at(int64_t at, int w) { return Point{static_cast<int>(at % w), static_cast<int>(at / w)}; }

GraphEdge make_edge(int a, int b, Point via) {
  GraphEdge e;
  e.a = std::min(a, b);
  e.b = std::max(a, b);
  e.via = via;
  return e;
}

void add_door(GraphEdge& e, Point p, const Grid<uint8_t>& locks) {
  e.doors.push_back(GraphDoor{p, locks[p]});
  e.lock = std::max(e.lock, static_cast<int>(locks[p]));
}

// The passages: an edge each when they touch two nodes, else a node with an edge per node.
void join_passages(const Dungeon& d, const Split& s, const Contacts& c, RoomGraph& g) {
  const int w = s.open.width();
  const Grid<uint8_t> locks = lock_grid(d);
  const int count = s.passages.count();
  std::vector<int64_t> first(static_cast<size_t>(count), -1), plain(static_cast<size_t>(count), 0);
  std::vector<std::vector<Point>> doors(static_cast<size_t>(count));
  for (int64_t i = 0; i < static_cast<int64_t>(s.open.cells().size()); ++i) {
    const int32_t label = s.passages.labels.cells()[static_cast<size_t>(i)];
    if (label == kNoRegion) continue;
    const auto l = static_cast<size_t>(label);
    if (first[l] < 0) first[l] = i;
    if (s.door.cells()[static_cast<size_t>(i)]) doors[l].push_back(cell_at(i, w));
    else ++plain[l];
  }
  // Per passage, the nodes it touches and the first cell beside each (touch is sorted).
  std::vector<std::vector<std::pair<int, int64_t>>> touched(static_cast<size_t>(count));
  for (const auto& [passage, node, at] : c.touch) {
    auto& list = touched[static_cast<size_t>(passage)];
    if (list.empty() || list.back().first != node) list.emplace_back(node, at);
  }
  std::vector<int32_t> passage_node(static_cast<size_t>(count), -1);
  for (int p = 0; p < count; ++p) {
    const auto& nodes = touched[static_cast<size_t>(p)];
    if (nodes.size() == 2) {
      GraphEdge e = make_edge(nodes[0].first, nodes[1].first, cell_at(first[static_cast<size_t>(p)], w));
      for (Point door : doors[static_cast<size_t>(p)]) add_door(e, door, locks);
      g.edges.push_back(std::move(e));
      continue;
    }
    const int id = static_cast<int>(g.nodes.size());
    GraphNode n;
    n.kind = GraphNodeKind::Passage;
    n.bounds = s.passages.bounds[static_cast<size_t>(p)];
    n.cells = plain[static_cast<size_t>(p)];
    g.nodes.push_back(std::move(n));
    passage_node[static_cast<size_t>(p)] = id;
    for (const auto& [node, at] : nodes) {
      GraphEdge e = make_edge(id, node, cell_at(at, w));
      const auto lo = std::lower_bound(c.door_touch.begin(), c.door_touch.end(), std::make_tuple(p, node, int64_t{-1}));
      for (auto it = lo; it != c.door_touch.end() && std::get<0>(*it) == p && std::get<1>(*it) == node; ++it)
        add_door(e, cell_at(std::get<2>(*it), w), locks);
      g.edges.push_back(std::move(e));
    }
  }
  for (size_t i = 0; i < s.open.cells().size(); ++i) {
    const int32_t label = s.passages.labels.cells()[i];
    if (label != kNoRegion && passage_node[static_cast<size_t>(label)] >= 0)
      g.node_at.cells()[i] = passage_node[static_cast<size_t>(label)];
  }
}

}  // namespace

std::string_view graph_node_kind_name(GraphNodeKind k) { return detail::enum_name(kGraphNodeKindNames, k); }

namespace detail {

RoomGraph room_graph_cells(const Dungeon& d, const MapRules& rules) {
  rules.moves.check();
  RoomGraph g;
  const Split s = split_cells(d, rules, g);
  const Contacts c = find_contacts(s, g, rules.moves);
  join_passages(d, s, c, g);
  const int w = d.tiles.width();
  for (const auto& [pair, at] : c.direct) g.edges.push_back(make_edge(pair.first, pair.second, cell_at(at, w)));
  std::sort(g.edges.begin(), g.edges.end(), [](const GraphEdge& x, const GraphEdge& y) {
    return std::tie(x.a, x.b, x.via.y, x.via.x) < std::tie(y.a, y.b, y.via.y, y.via.x);
  });
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Point p = d.objectives[i].pos;
    if (!g.node_at.in_bounds(p) || g.node_at[p] < 0) continue;
    g.nodes[static_cast<size_t>(g.node_at[p])].objectives.push_back(static_cast<int>(i));
  }
  return g;
}

}  // namespace detail

RoomGraph room_graph(const Dungeon& d, const MapRules& rules) {
  RoomGraph g = detail::room_graph_cells(d, rules);
  SolveOptions o;
  o.costs = rules.costs;
  o.moves = rules.moves;
  o.key_rule = rules.key_rule;
  graph_intensity(g, solve_dungeon(d, o));
  return g;
}

RoomGraph room_graph(const Dungeon& d) { return room_graph(d, recorded_rules(d)); }

}  // namespace catacomb
