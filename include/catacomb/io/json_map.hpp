#pragma once
/// The catacomb JSON map format, version 1:
///
///   {"format": "catacomb-map", "version": 1, "width": W, "height": H, "seed": S,
///    "generator": "caves", "attempts": 1 (when known), "params": {...},
///    "legend": {"#": {"name": "wall", "passable": false, "cost": null}, ...},
///    "tiles": ["####", "#..#", ...],            one string per row, terrain only (no markers)
///
/// A locked door is a tile character whose legend entry has a "lock" (1 to 9): catacomb writes
/// "A" to "I", {"name": "door", "lock": 1, "passable": true, "cost": 1}, for the locks present.
///    "key_rule": "reusable" | "consumable"     only for a map with locks
///    "objectives": [{"kind": "start", "x": 3, "y": 4}, {"kind": "key", "lock": 2, "x": 5, "y": 1}, ...],
///    "rooms": [{"x": 1, "y": 1, "width": 8, "height": 6}, ...],
///    "graph": {...}                             only when asked for (write_json_map with a RoomGraph)}
///
/// The room graph (validate/room_graph.hpp), when written:
///   "graph": {"nodes": [{"kind": "room", "room": 0, "x": 1, "y": 1, "width": 8, "height": 6,
///                        "cells": 48, "objectives": [0]}, ...],      "room" only for rooms
///             "edges": [{"a": 0, "b": 1, "lock": 2, "x": 9, "y": 4,   a cell of the edge
///                        "doors": [{"x": 9, "y": 4, "lock": 2}, ...]}, ...]}
/// It is derived from the map, so readers ignore it (read_json_map computes nothing from it).
///
/// Keys are written in this order with two-space indentation, so the same dungeon always gives
/// the same bytes. Readers should ignore keys they do not know.
#include <catacomb/export.hpp>
#include <optional>
#include <string>
#include <string_view>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/validate/room_graph.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The dungeon as a JSON document (ends with '\n'). The legend's costs come from `costs`.
std::string write_json_map(const Dungeon& d, const CostTable& costs);
/// The dungeon as a JSON document whose legend states the costs the map records
/// (recorded_rules(d).costs: its cost preset with deep water applied), so that reading it back
/// gives the same rules. A recipe whose costs catacomb does not know (a map read from a file)
/// gets the dungeon costs: any dungeon can be written.
std::string write_json_map(const Dungeon& d);

/// The dungeon as a JSON document with its room graph (`graph`, as room_graph(d) gives it) after
/// the rooms; the legend's costs come from `costs`.
std::string write_json_map(const Dungeon& d, const CostTable& costs, const RoomGraph& graph);
/// write_json_map(d) with the room graph `graph` after the rooms.
std::string write_json_map(const Dungeon& d, const RoomGraph& graph);
/// The room graph `graph` alone as a JSON document (ends with '\n'): the value the JSON map's
/// "graph" key holds (the format above, keys in the same order, two-space indentation), so that
/// parsed it equals that key of write_json_map(d, graph), value for value. The Python package's
/// Dungeon.graph is this, parsed.
std::string write_room_graph_json(const RoomGraph& graph);
/// The costs write_json_map(d) states in the legend: recorded_rules(d).costs, or the dungeon
/// costs for a recipe catacomb does not know.
CostTable recorded_legend_costs(const Dungeon& d);

/// Parses a JSON map. Tile characters are decoded through the file's legend (by terrain name)
/// when it has one, else through catacomb's own legend. Throws InvalidArgument naming the key
/// and the problem for malformed input.
Dungeon read_json_map(std::string_view text);

/// The costs a JSON map's legend states: `base` with each legend entry's "passable" (false:
/// impassable) and "cost" (a number > 0) applied to its terrain (locked-door entries, which
/// carry a "lock", are skipped: a locked door costs what a door costs). Empty when no legend
/// entry states either. Throws InvalidArgument for a malformed document or a bad cost.
std::optional<CostTable> read_json_legend_costs(std::string_view text, const CostTable& base);

/// A JSON map and the costs its legend states, from one parse of the text (read_json_map and
/// read_json_legend_costs each parse the whole document). `check_size`, when given, is called
/// with the map's width and height before its tiles are read (found by a scan of the text
/// before the parse, and again after it).
MapFile read_json_map_and_costs(std::string_view text, const CostTable& base, const MapSizeCheck& check_size = {});

}  // namespace catacomb
CATACOMB_PUBLIC_END
