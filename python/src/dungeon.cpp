// The Python Dungeon: a dungeon held by the extension, its tiles a read-only numpy view of the
// dungeon's own memory (no copy: Terrain is one byte), and the library's functions over it
// (JSON and ASCII, PNG previews and overlays, validation, certificates, a player's paths,
// pickling as the JSON map). Reports become dicts and (K, 2) int32 arrays of points, which the
// catacomb package wraps. No rule of its own: a map's rules are map_rules (its recipe, or the
// legend's costs of a JSON file), as `catacomb validate` and `verify` use them.
#include <pybind11/stl.h>

#include <cstring>

#include "binding.hpp"
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/game_formats.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/io/tiled.hpp>
#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/fov.hpp>
#include <catacomb/validate/room_graph.hpp>

namespace catacomb::python {

py::array_t<int32_t> points_array(const std::vector<Point>& points) {
  py::array_t<int32_t> a({static_cast<py::ssize_t>(points.size()), py::ssize_t{2}});
  auto w = a.mutable_unchecked<2>();
  for (size_t i = 0; i < points.size(); ++i) {
    w(static_cast<py::ssize_t>(i), 0) = points[i].x;
    w(static_cast<py::ssize_t>(i), 1) = points[i].y;
  }
  return a;
}

ValidateOptions rules_of(const PyDungeon& d) { return map_rules(d.dungeon, d.legend); }

py::dict path_dict(const PathResult& r) {
  py::dict out;
  out["status"] = std::string(path_status_name(r.status));
  out["path"] = points_array(r.path);
  out["cost"] = r.cost;
  out["expanded"] = r.expanded;
  py::list doors;
  for (const LockedDoor& l : r.doors_opened) doors.append(py::make_tuple(l.pos.x, l.pos.y, l.lock));
  out["doors_opened"] = doors;
  return out;
}

namespace {

py::tuple objective_tuple(const Objective& o) {
  return py::make_tuple(std::string(objective_kind_name(o.kind)), o.pos.x, o.pos.y, o.lock, o.switch_id);
}

// A gate, one-way or secret door as (x, y, kind, switch, open_when_off, direction): the JSON
// legend's "gate", "open_when" and "one_way" fields.
py::tuple door_tuple(const ProgressionDoor& g) {
  return py::make_tuple(g.pos.x, g.pos.y, std::string(door_kind_name(g.kind)), g.switch_id, g.open_when_off,
                        std::string(g.kind == DoorKind::OneWay ? direction_name(g.dir) : ""));
}

py::object param_value(const ParamValue& v) {
  return std::visit([](const auto& x) -> py::object { return py::cast(x); }, v);
}

py::dict steps_dict(const Solution& s) {
  py::list steps;
  for (const WalkStep& st : s.walkthrough) {
    py::dict e;
    e["action"] = std::string(step_kind_name(st.kind));
    e["objective"] = st.objective;
    e["door"] = st.door;
    e["lock"] = st.lock;
    e["switch"] = st.switch_id;
    e["at"] = py::make_tuple(st.target.x, st.target.y);
    e["cost"] = st.cost;
    e["route"] = points_array(st.route);
    steps.append(e);
  }
  const WalkMetrics& m = s.metrics;
  py::dict metrics;
  metrics["critical_length"] = m.critical_length;
  metrics["critical_cost"] = m.critical_cost;
  metrics["keys_on_critical_path"] = m.keys_on_critical_path;
  metrics["doors_on_critical_path"] = m.doors_on_critical_path;
  metrics["backtracking"] = m.backtracking;
  metrics["optional_objectives"] = m.optional_objectives;
  metrics["walkthrough_length"] = m.walkthrough_length;
  metrics["walkthrough_cost"] = m.walkthrough_cost;
  py::dict out;
  out["status"] = std::string(solve_status_name(s.status));
  out["walkthrough"] = steps;
  out["metrics"] = metrics;
  out["reasons"] = s.reasons;
  out["softlock"] = s.softlock ? py::object(py::str(s.softlock->message)) : py::object(py::none());
  out["softlock_states"] = s.softlock_states;
  out["loss"] = std::string(loss_status_name(s.loss));
  return out;
}

// The report as a dict: valid, problems, routes (one per objective), the solver's answer and the
// design analysis.
py::dict report_dict(const ValidationReport& r, const MapAnalysis& a) {
  py::dict out;
  out["valid"] = r.valid;
  out["regions"] = r.regions;
  out["passable_cells"] = r.passable_cells;
  out["unreachable_cells"] = r.unreachable_cells;
  py::list problems, routes;
  for (const Problem& p : r.problems)
    problems.append(py::make_tuple(std::string(problem_kind_name(p.kind)), p.objective, p.message));
  for (const ObjectiveReport& o : r.objectives)
    routes.append(py::make_tuple(objective_tuple(o.objective), o.reachable, o.cost, o.length, points_array(o.route)));
  out["problems"] = problems;
  out["routes"] = routes;
  out["solution"] = r.solution ? py::object(steps_dict(*r.solution)) : py::object(py::none());
  py::dict analysis;
  analysis["loops"] = a.loops;
  analysis["dead_end_rooms"] = a.dead_end_rooms;
  analysis["dead_ends"] = points_array(a.dead_ends);
  analysis["chokepoints"] = points_array(a.chokepoints);
  out["analysis"] = analysis;
  return out;
}

py::dict validate(const PyDungeon& d, bool allow_softlocks) {
  ValidateOptions options = rules_of(d);
  options.allow_softlocks = allow_softlocks;
  py::gil_scoped_release release;
  const ValidationReport r = validate_dungeon(d.dungeon, options);
  const MapAnalysis a = analyse_map(d.dungeon, r, options);
  py::gil_scoped_acquire acquire;
  return report_dict(r, a);
}

std::string certificate(const PyDungeon& d) {
  const ValidateOptions options = rules_of(d);
  py::gil_scoped_release release;
  const ValidationReport r = validate_dungeon(d.dungeon, options);
  if (!r.valid || !r.solution)
    throw InvalidArgument(FieldProblem{"dungeon", r.problems.empty() ? "invalid" : r.problems.front().message,
                                       "a valid map (no certificate for an invalid one)"});
  return write_certificate(d.dungeon, *r.solution, options);
}

// The preview (no overlay, no legend, no grid) or the annotated image, as `catacomb generate
// --png` draws them.
Image render(const PyDungeon& d, int scale, const std::string& overlay, bool legend, bool grid) {
  if (overlay.empty() && !legend && !grid) {
    check_image_scale(d.dungeon.tiles.width(), d.dungeon.tiles.height(), scale, "scale");
    return render_preview(d.dungeon, {scale});
  }
  AnnotateOptions o;
  o.scale = scale;
  o.overlays = parse_overlays(overlay, "overlay");
  o.legend = legend || !o.overlays.empty();
  o.grid = grid;
  check_annotate_options(o, d.dungeon.tiles.width(), d.dungeon.tiles.height());
  ValidateOptions options = rules_of(d);
  options.keep_maps = true;
  const ValidationReport r = validate_dungeon(d.dungeon, options);
  return render_annotated(d.dungeon, r, analyse_map(d.dungeon, r, options), o);
}

// The terrain's route, as `catacomb path` without --keys: every door, locked or not, is the door
// tile it stands on.
py::dict terrain_path(const PyDungeon& d, std::pair<int, int> from, std::pair<int, int> to) {
  const ValidateOptions rules = rules_of(d);
  SearchOptions search;
  search.moves = rules.moves;
  PathResult r;
  {
    py::gil_scoped_release release;
    r = find_path(d.dungeon.tiles, rules.costs, {from.first, from.second}, {to.first, to.second}, search);
  }
  return path_dict(r);
}

// The cells a player in `state` sees from `origin` (field_of_view): an (H, W) uint8 array, 1 seen.
py::array_t<uint8_t> fov(const PyDungeon& d, std::pair<int, int> origin, int radius, bool light_walls,
                         const PlayerState& state) {
  FovOptions options;
  options.radius = radius;
  options.light_walls = light_walls;
  Grid<uint8_t> seen;
  {
    py::gil_scoped_release release;
    seen = field_of_view(d.dungeon, state, {origin.first, origin.second}, options);
  }
  py::array_t<uint8_t> out({static_cast<py::ssize_t>(seen.height()), static_cast<py::ssize_t>(seen.width())});
  std::memcpy(out.mutable_data(), seen.data(), seen.cells().size());
  return out;
}

// The cheapest route's cost from `source` to every cell under the map's rules (distance_map): an
// (H, W) float64 array, inf where none reaches.
py::array_t<double> distances(const PyDungeon& d, std::pair<int, int> source) {
  if (!d.dungeon.tiles.in_bounds(source.first, source.second))
    throw InvalidArgument(FieldProblem{"source", std::to_string(source.first) + "," + std::to_string(source.second),
                                       "a cell of the " + std::to_string(d.dungeon.tiles.width()) + "x" +
                                           std::to_string(d.dungeon.tiles.height()) + " map"});
  const ValidateOptions rules = rules_of(d);
  DistanceMap map;
  {
    py::gil_scoped_release release;
    map = distance_map(d.dungeon.tiles, rules.costs, {Point{source.first, source.second}}, rules.moves);
  }
  py::array_t<double> out({static_cast<py::ssize_t>(map.dist.height()), static_cast<py::ssize_t>(map.dist.width())});
  std::memcpy(out.mutable_data(), map.dist.cells().data(), map.dist.cells().size() * sizeof(double));
  return out;
}

}  // namespace

py::dict state_path(const PyDungeon& d, std::pair<int, int> from, std::pair<int, int> to, const PlayerState& state) {
  const ValidateOptions rules = rules_of(d);
  SearchOptions search;
  search.moves = rules.moves;
  PathResult r;
  {
    py::gil_scoped_release release;
    r = find_path(d.dungeon, MapRules{rules.costs, rules.moves, d.dungeon.key_rule}, {from.first, from.second},
                  {to.first, to.second}, state, search);
  }
  return path_dict(r);
}

namespace {

// A player's route (find_path with a PlayerState), as `catacomb path --keys ... --switches ...`:
// keys as (lock, count) pairs (all_keys: every key of the map instead), the switches that are on,
// the locked doors already opened.
py::dict player_path(const PyDungeon& d, std::pair<int, int> from, std::pair<int, int> to,
                     const std::vector<std::pair<int, int>>& keys, bool all_keys, const std::vector<int>& switches,
                     const std::vector<std::pair<int, int>>& opened) {
  PlayerState state = all_keys ? all_keys_state(d.dungeon) : PlayerState{};
  for (const auto& [lock, count] : keys) {
    if (count < 0 || count > PlayerState::kMaxKeysPerLock)
      throw InvalidArgument(FieldProblem{"keys[" + std::to_string(lock) + "]", std::to_string(count),
                                         "0 to " + std::to_string(PlayerState::kMaxKeysPerLock) + " keys"});
    if (count > 0) state.add_key(lock, count);  // InvalidArgument "lock = 12 (expected 1 to 9)"
  }
  for (int s : switches) {
    if (s < 1 || s > kMaxSwitch)
      throw InvalidArgument(
          FieldProblem{"switches", std::to_string(s), "switch ids 1 to " + std::to_string(kMaxSwitch)});
    state.switches |= 1u << (s - 1);
  }
  for (const auto& [x, y] : opened) state.opened.push_back({x, y});
  return state_path(d, from, to, state);
}

// The .npz level buffer's bytes (write_level_npz), the GIL released while it validates.
std::string level_npz(const PyDungeon& d) {
  const ValidateOptions rules = rules_of(d);
  py::gil_scoped_release release;
  return write_level_npz(d.dungeon, rules);
}

py::array tiles_view(const py::object& self) {
  const PyDungeon& d = self.cast<const PyDungeon&>();
  static_assert(sizeof(Terrain) == 1, "tiles are viewed as uint8");
  const py::ssize_t h = d.dungeon.tiles.height(), w = d.dungeon.tiles.width();
  py::array view(py::dtype::of<uint8_t>(), {h, w}, {w, py::ssize_t{1}}, d.dungeon.tiles.data(), self);
  view.attr("flags").attr("writeable") = false;  // the dungeon's own cells: read through it only
  return view;
}

std::shared_ptr<PyDungeon> from_map_file(MapFile file) {
  auto out = std::make_shared<PyDungeon>();
  out->dungeon = std::move(file.dungeon);
  out->legend = file.legend_costs;
  return out;
}

void bind_dungeon_data(py::class_<PyDungeon, std::shared_ptr<PyDungeon>>& c) {
  c.def_property_readonly("width", [](const PyDungeon& d) { return d.dungeon.tiles.width(); })
      .def_property_readonly("height", [](const PyDungeon& d) { return d.dungeon.tiles.height(); })
      .def_property_readonly("seed", [](const PyDungeon& d) { return d.dungeon.seed; })
      .def_property_readonly("generator", [](const PyDungeon& d) { return d.dungeon.generator; })
      .def_property_readonly("attempts", [](const PyDungeon& d) { return d.dungeon.attempts; })
      .def_property_readonly("key_rule",
                             [](const PyDungeon& d) { return std::string(key_rule_name(d.dungeon.key_rule)); })
      .def_property_readonly("map_hash", [](const PyDungeon& d) { return map_hash(d.dungeon); })
      .def_property_readonly("tiles", &tiles_view)
      .def_property_readonly("objectives",
                             [](const PyDungeon& d) {
                               py::list out;
                               for (const Objective& o : d.dungeon.objectives) out.append(objective_tuple(o));
                               return out;
                             })
      .def_property_readonly("locks",
                             [](const PyDungeon& d) {
                               py::list out;
                               for (const LockedDoor& l : d.dungeon.locks)
                                 out.append(py::make_tuple(l.pos.x, l.pos.y, l.lock));
                               return out;
                             })
      .def_property_readonly("doors",
                             [](const PyDungeon& d) {
                               py::list out;
                               for (const ProgressionDoor& g : d.dungeon.doors) out.append(door_tuple(g));
                               return out;
                             })
      .def_property_readonly("rooms",
                             [](const PyDungeon& d) {
                               py::list out;
                               for (const Rect& r : d.dungeon.rooms)
                                 out.append(py::make_tuple(r.x, r.y, r.width, r.height));
                               return out;
                             })
      .def_property_readonly("graph",
                             [](const PyDungeon& d) {
                               // The JSON map's "graph" key, parsed: the one writer of its JSON.
                               const std::string text = write_room_graph_json(room_graph(d.dungeon));
                               return py::module_::import("json").attr("loads")(text);
                             })
      .def_property_readonly("params", [](const PyDungeon& d) {
        py::dict out;
        for (const auto& [name, value] : d.dungeon.params) out[py::str(name)] = param_value(value);
        return out;
      });
}

}  // namespace

void bind_dungeon(py::module_& m) {
  py::class_<PyDungeon, std::shared_ptr<PyDungeon>> c(m, "Dungeon", "A dungeon held by the C++ library.");
  bind_dungeon_data(c);
  // Pickled as its JSON map (the bytes to_json gives) and whether its legend's costs were its
  // rules (a map read from JSON): read back, it is the same map with the same rules.
  c.def(py::pickle(
      [](const PyDungeon& d) {
        return py::make_tuple(write_json_map(d.dungeon, rules_of(d).costs), d.legend.has_value());
      },
      [](const py::tuple& state) {
        if (state.size() != 2)
          throw InvalidArgument(
              FieldProblem{"pickled Dungeon", std::to_string(state.size()) + " fields", "(JSON map, legend flag)"});
        MapFile file = read_json_map_and_costs(state[0].cast<std::string>(), CostTable::dungeon());
        if (!state[1].cast<bool>()) file.legend_costs.reset();
        return from_map_file(std::move(file));
      }));
  c.def("to_json", [](const PyDungeon& d) { return write_json_map(d.dungeon, rules_of(d).costs); })
      .def("to_ascii", [](const PyDungeon& d) { return write_ascii(d.dungeon); })
      .def("validate", &validate, py::arg("allow_softlocks") = false)
      .def("certificate", &certificate)
      .def("terrain_path", &terrain_path, py::arg("start"), py::arg("goal"))
      .def("state_path", &state_path, py::arg("start"), py::arg("goal"), py::arg("state"))
      .def(
          "tmj",
          [](const PyDungeon& d, const std::string& path) {
            // As `catacomb generate --tmj PATH` makes it: the map's text and its tileset image.
            TiledExport t = make_tiled(d.dungeon, path, 16, rules_of(d).costs);
            return py::make_tuple(t.tmj, py::bytes(t.tileset_png), t.tileset_file);
          },
          py::arg("path"))
      .def(
          "write_tmj",
          [](const PyDungeon& d, const std::string& path) {
            // Both files, each replaced atomically, as the CLI writes them.
            TiledExport t = make_tiled(d.dungeon, path, 16, rules_of(d).costs);
            check_writable_path("tmj", path);
            write_file_atomic(tiled_tileset_path(path), t.tileset_png);
            write_file_atomic(path, t.tmj);
          },
          py::arg("path"))
      .def("movingai", [](const PyDungeon& d) { return write_movingai_map(d.dungeon.tiles, rules_of(d).costs); })
      .def(
          "des", [](const PyDungeon& d, const std::string& name) { return write_des(d.dungeon, name); },
          py::arg("name"))
      .def(
          "level_string",
          [](const PyDungeon& d, const std::string& legend) {
            // The legend as a JSON object of entries ("": the default one).
            return write_level_string(d.dungeon, legend.empty() ? GriddlyLegend{} : read_griddly_legend(legend));
          },
          py::arg("legend"))
      .def("npz", [](const PyDungeon& d) { return py::bytes(level_npz(d)); })
      .def(
          "write_npz", [](const PyDungeon& d, const std::string& path) { write_file_atomic(path, level_npz(d)); },
          py::arg("path"))
      .def(
          "set_terrain",
          [](PyDungeon& d, std::pair<int, int> cell, int terrain) {
            if (terrain < 0 || terrain >= kTerrainCount)
              throw InvalidArgument(FieldProblem{"terrain", std::to_string(terrain),
                                                 "a terrain value 0 to " + std::to_string(kTerrainCount - 1)});
            set_terrain(d.dungeon, {cell.first, cell.second}, static_cast<Terrain>(terrain));
            d.report.reset();  // the generation's report was about the map before the edit
          },
          py::arg("cell"), py::arg("terrain"))
      .def("fov", &fov, py::arg("origin"), py::arg("radius"), py::arg("light_walls"), py::arg("state"))
      .def("distances", &distances, py::arg("source"))
      .def("path", &player_path, py::arg("start"), py::arg("goal"), py::arg("keys"), py::arg("all_keys"),
           py::arg("switches"), py::arg("opened"))
      .def(
          "png",
          [](const PyDungeon& d, int scale, const std::string& overlay, bool legend, bool grid) {
            const std::string bytes = encode_png(render(d, scale, overlay, legend, grid));
            return py::bytes(bytes);
          },
          py::arg("scale"), py::arg("overlay"), py::arg("legend"), py::arg("grid"))
      .def(
          "write_png",
          [](const PyDungeon& d, const std::string& file, int scale, const std::string& overlay, bool legend,
             bool grid) { write_png(file, render(d, scale, overlay, legend, grid)); },
          py::arg("path"), py::arg("scale"), py::arg("overlay"), py::arg("legend"), py::arg("grid"))
      .def(
          "verify",
          [](const PyDungeon& d, const std::string& cert) {
            const Verdict v = verify_certificate(d.dungeon, cert, rules_of(d));
            return py::make_tuple(v.accepted, v.step, v.reason, v.summary, v.unlosable, v.state);
          },
          py::arg("certificate"));
  m.def(
      "from_json",
      [](const std::string& text) { return from_map_file(read_json_map_and_costs(text, CostTable::dungeon())); },
      py::arg("text"));
  m.def("griddly_legend", [] {
    // The default legend's entries as (name, characters), in GRIDDLY_LEGEND's order.
    const GriddlyLegend legend;
    std::vector<std::pair<std::string, std::string>> out;
    for (const std::string_view name : griddly_legend_names()) out.emplace_back(name, *legend.entry(name));
    return out;
  });
  m.def(
      "load", [](const std::string& file) { return from_map_file(load_map_file(file)); }, py::arg("path"));
}

}  // namespace catacomb::python
