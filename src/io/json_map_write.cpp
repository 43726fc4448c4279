// The JSON map format ("catacomb-map", version 1), writing: an ordered JSON object, so its keys
// always come in one order: size, seed, generator, params, the legend of every top-down terrain,
// the side-view ones the map uses, each used lock's door and progression door (gate, one-way,
// secret: progression_door_char), the rows of tiles, objectives (a switch with its "switch"),
// rooms, the mission, and the room graph when asked (graph_json, also written alone by
// write_room_graph_json). Reading is in json_map.cpp. O(cells).
#include <catacomb/io/json_map.hpp>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/pathing/map_rules.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/room_graph.hpp>
#include "shared/core/enum_names.hpp"
#include "io/mission_value.hpp"

namespace catacomb {
namespace {

using ojson = nlohmann::ordered_json;

ojson param_json(const ParamValue& v) {
  return std::visit([](const auto& x) { return ojson(x); }, v);
}

}  // namespace

// The legend's costs: those the recipe records ("costs", "deep_water", "cost"; its other fields, such as a
// malformed "neighbors" in a map read from a file, do not matter here), or the dungeon costs when
// the recipe names none catacomb knows: a map that was read can always be written.
std::string write_json_map(const Dungeon& d) { return write_json_map(d, recorded_legend_costs(d)); }

std::string write_json_map(const Dungeon& d, const RoomGraph& graph) {
  return write_json_map(d, recorded_legend_costs(d), graph);
}

CostTable recorded_legend_costs(const Dungeon& d) {
  Dungeon recipe;  // only what the costs come from (the grid is not copied)
  for (const auto& kv : d.params)
    if (kv.first == "costs" || kv.first == "deep_water" || kv.first == "cost") recipe.params.push_back(kv);
  CostTable costs = CostTable::dungeon();
  try {
    costs = recorded_rules(recipe).costs;
  } catch (const InvalidArgument&) {
    // an unknown preset or a mistyped deep_water: the legend states the dungeon costs
  }
  return costs;
}

namespace {

// The room graph as the "graph" key: nodes and edges, each field a plain number or list.
ojson graph_json(const RoomGraph& g) {
  ojson nodes = ojson::array();
  for (const GraphNode& n : g.nodes) {
    ojson e{{"kind", graph_node_kind_name(n.kind)}};
    if (n.kind == GraphNodeKind::Room) e["room"] = n.room;
    e["x"] = n.bounds.x;
    e["y"] = n.bounds.y;
    e["width"] = n.bounds.width;
    e["height"] = n.bounds.height;
    e["cells"] = n.cells;
    e["objectives"] = n.objectives;
    e["intensity"] = n.intensity;  // nlohmann's own shortest round trip: the same text everywhere
    nodes.push_back(std::move(e));
  }
  ojson edges = ojson::array();
  for (const GraphEdge& ge : g.edges) {
    ojson e{{"a", ge.a}, {"b", ge.b}, {"lock", ge.lock}, {"x", ge.via.x}, {"y", ge.via.y}};
    ojson doors = ojson::array();
    for (const GraphDoor& door : ge.doors)
      doors.push_back(ojson{{"x", door.pos.x}, {"y", door.pos.y}, {"lock", door.lock}});
    e["doors"] = std::move(doors);
    edges.push_back(std::move(e));
  }
  return ojson{{"nodes", std::move(nodes)}, {"edges", std::move(edges)}};
}

// The JSON map, with its "graph" when `graph` is given.
std::string write_json_map_impl(const Dungeon& d, const CostTable& costs, const RoomGraph* graph) {
  ojson j;
  j["format"] = "catacomb-map";
  j["version"] = 1;
  j["width"] = d.tiles.width();
  j["height"] = d.tiles.height();
  j["seed"] = d.seed;
  j["generator"] = d.generator;
  if (d.attempts > 0) j["attempts"] = d.attempts;
  ojson params = ojson::object();
  for (const auto& [name, value] : d.params) params[name] = param_json(value);
  j["params"] = params;
  // Lock fields only for a map with locks: a map without them is written as before locks.
  const bool locked = d.has_locks();
  if (locked) j["key_rule"] = key_rule_name(d.key_rule);
  auto legend_entry = [&](Terrain t) {
    ojson e;
    e["name"] = terrain_name(t);
    e["passable"] = costs.passable(t);
    e["cost"] = costs.passable(t) ? ojson(costs[t]) : ojson(nullptr);
    return e;
  };
  ojson legend = ojson::object();
  std::array<bool, kTerrainCount> used_terrain{};
  for (Terrain t : d.tiles.cells()) used_terrain[static_cast<size_t>(t)] = true;
  for (Terrain t : kAllTerrains) {
    if (is_side_view_terrain(t) && !used_terrain[static_cast<size_t>(t)]) continue;  // top-down maps as before
    legend[std::string(1, terrain_char(t))] = legend_entry(t);
  }
  std::array<bool, kMaxLock + 1> used{};
  for (const LockedDoor& l : d.locks) {
    if (!d.tiles.in_bounds(l.pos) || l.lock < 1 || l.lock > kMaxLock)
      throw InvalidArgument(FieldProblem{"locked door at " + to_string(l.pos), "lock " + std::to_string(l.lock),
                                         "a lock 1 to 9 inside the map"});
    used[static_cast<size_t>(l.lock)] = true;
  }
  for (int lock = 1; lock <= kMaxLock; ++lock) {
    if (!used[static_cast<size_t>(lock)]) continue;
    ojson e = legend_entry(Terrain::Door);
    e["lock"] = lock;
    legend[std::string(1, door_char(lock))] = e;
  }
  for (const ProgressionDoor& g : d.doors) {  // progression fields only for a map with them
    const std::string where = std::string(door_kind_name(g.kind)) + " door at " + to_string(g.pos);
    const char c = progression_door_char(g);
    if (!d.tiles.in_bounds(g.pos) || c == '\0')
      throw InvalidArgument(FieldProblem{where, "off the map or of no JSON letter",
                                         "a gate (switch 1 to 9), one-way (north, east, south or west) or secret door "
                                         "inside the map"});
    ojson e = legend_entry(Terrain::Door);
    if (g.kind == DoorKind::Gate) e["gate"] = g.switch_id;
    if (g.kind == DoorKind::Gate && g.open_when_off) e["open_when"] = "off";
    if (g.kind == DoorKind::OneWay) e["one_way"] = direction_name(g.dir);
    if (g.kind == DoorKind::Secret) e["secret"] = true;
    legend[std::string(1, c)] = e;
  }
  j["legend"] = legend;
  ojson tiles = ojson::array();
  for (int y = 0; y < d.tiles.height(); ++y) {
    std::string row;
    row.reserve(static_cast<size_t>(d.tiles.width()));
    for (int x = 0; x < d.tiles.width(); ++x) row.push_back(terrain_char(d.tiles(x, y)));
    tiles.push_back(std::move(row));
  }
  for (const LockedDoor& l : d.locks)
    tiles[static_cast<size_t>(l.pos.y)].get_ref<std::string&>()[static_cast<size_t>(l.pos.x)] = door_char(l.lock);
  for (const ProgressionDoor& g : d.doors)
    tiles[static_cast<size_t>(g.pos.y)].get_ref<std::string&>()[static_cast<size_t>(g.pos.x)] = progression_door_char(
        g);
  j["tiles"] = std::move(tiles);
  ojson objs = ojson::array();
  for (const Objective& o : d.objectives) {
    ojson e{{"kind", objective_kind_name(o.kind)}};
    if (o.lock != 0) e["lock"] = o.lock;
    if (o.switch_id != 0) e["switch"] = o.switch_id;
    e["x"] = o.pos.x;
    e["y"] = o.pos.y;
    objs.push_back(std::move(e));
  }
  j["objectives"] = objs;
  ojson rooms = ojson::array();
  for (size_t i = 0; i < d.rooms.size(); ++i) {
    const Rect& r = d.rooms[i];
    ojson room{{"x", r.x}, {"y", r.y}, {"width", r.width}, {"height", r.height}};
    // A room made for a mission node or from a template says which (only then: other maps are
    // written as before).
    if (i < d.room_labels.size() && !d.room_labels[i].node.empty()) room["node"] = d.room_labels[i].node;
    if (i < d.room_labels.size() && !d.room_labels[i].template_name.empty())
      room["template"] = d.room_labels[i].template_name;
    rooms.push_back(std::move(room));
  }
  j["rooms"] = rooms;
  if (!d.mission.empty()) j["mission"] = detail::mission_value(d.mission);
  if (graph) j["graph"] = graph_json(*graph);
  return j.dump(2) + "\n";
}

}  // namespace

std::string write_json_map(const Dungeon& d, const CostTable& costs) { return write_json_map_impl(d, costs, nullptr); }

std::string write_json_map(const Dungeon& d, const CostTable& costs, const RoomGraph& graph) {
  return write_json_map_impl(d, costs, &graph);
}

std::string write_room_graph_json(const RoomGraph& graph) { return graph_json(graph).dump(2) + "\n"; }

}  // namespace catacomb
