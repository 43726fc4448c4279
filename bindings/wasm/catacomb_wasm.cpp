// The WebAssembly binding (embind): the library's public API as two JavaScript classes, Map and
// Navigator, and a few free functions, for the npm package (package/index.js wraps them in the
// API users see).
// A thin layer with no logic of its own: configs are read by generate_config_and_sources_from_json
// (the keys of the CLI's --config files, the seed, and "templates", "theme" and "mission", whose
// values are the template set's .tmj text and the mission's JSON: no files in a browser; the
// template set's external tilesets come beside the config, by name), maps by read_json_map, reports are the CLI's
// `validate --json` (tools/report_json.cpp). Every entry point catches the library's errors
// and returns their message ("" or an object with "error"), so no C++ exception and no C++
// frame is ever unwound by JavaScript; package/index.js turns the message into an Error.
// Single-threaded (built without -pthread): every threads setting is 1. Memory: a Map (and a
// Navigator) owns its Dungeon in the wasm heap until delete() (dispose() in the package).
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <catacomb/catacomb.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/io/game_formats.hpp>
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>
#include <catacomb/io/tiled.hpp>
#include <cstdint>
#include <exception>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tools/report_json.hpp"

namespace catacomb::wasm {
namespace {

using emscripten::val;

// {"error": message} for the package to throw.
val error_value(const std::string& message) {
  val v = val::object();
  v.set("error", message);
  return v;
}

// Runs `body` (which returns a val) and turns any exception into {"error": message}.
template <typename Body>
val guarded(const Body& body) {
  std::string message;
  try {
    return body();
  } catch (const std::exception& e) { message = e.what(); } catch (...) {
    message = "unknown error";
  }
  return error_value(message);
}

// The template set whose .tmj text is `tmj`, its external tilesets read from `tilesets` (a JSON
// object: each tileset's text by the name the map gives it), refused (each problem named) when it
// has problems, as `catacomb generate --templates` refuses it.
std::shared_ptr<const TemplateSet> template_set_from(const std::string& tmj, const std::string& tilesets_json) {
  // ordered_json, the library's one JSON type: a second instantiation of nlohmann costs 80 kB.
  const nlohmann::ordered_json tilesets = nlohmann::ordered_json::parse(tilesets_json);
  const TiledSourceReader read_source = [&](const std::string& source) -> std::string {
    const auto it = tilesets.find(source);
    if (it == tilesets.end() || !it->is_string())
      throw InvalidArgument(
          FieldProblem{"templates.tilesets", source, "the text of each external tileset the set names, by its name"});
    return it->get<std::string>();
  };
  TemplateSetReading reading = read_template_set(tmj, TiledSyntax::Json, read_source);
  if (!reading.problems.empty()) {
    std::vector<FieldProblem> problems;
    for (const TemplateProblem& p : reading.problems)
      problems.push_back({"templates", reading.set.name, p.text() + " (catacomb templates check lists them all)"});
    throw InvalidArgument(problems);
  }
  return std::make_shared<const TemplateSet>(std::move(reading.set));
}

// A config in JSON (the keys of `catacomb generate --config`, "seed" (into `seed` when given),
// and "templates" (the set's .tmj text), "theme", "mission" (its JSON, as text or object)), the
// template set's external tilesets in `tilesets_json` ({name: text}); checked, one thread.
GenerateConfig config_from(const std::string& config_json, const std::string& tilesets_json, uint64_t* seed) {
  ConfigSources sources;
  GenerateConfig config = generate_config_and_sources_from_json(config_json, sources, {}, seed);
  if (!sources.templates.empty()) config.templates = template_set_from(sources.templates, tilesets_json);
  // A string "mission" is the mission's JSON text here (the library reads it as a path).
  const std::string& mission = sources.mission_json.empty() ? sources.mission_path : sources.mission_json;
  if (!mission.empty()) config.mission = std::make_shared<const Mission>(read_mission(mission));
  config.threads = 1;
  config.check();
  return config;
}

// A player's state as index.js passes it: ten key counts, switch bits, opened cells as x, y, ...
PlayerState player_state(const val& keys, uint32_t switches, const val& opened) {
  PlayerState state;
  for (size_t i = 0; i < state.keys.size(); ++i) state.keys[i] = keys[i].as<int>();
  state.switches = switches;
  const int n = opened["length"].as<int>();
  for (int i = 0; i + 1 < n; i += 2) state.opened.push_back(Point{opened[i].as<int>(), opened[i + 1].as<int>()});
  return state;
}

val cell_value(Point p) {
  val c = val::array();
  c.call<void>("push", p.x);
  c.call<void>("push", p.y);
  return c;
}

// {status, path: [[x, y]...], cost, expanded}, and with `doors` doorsOpened: [[x, y]...].
val path_value(const PathResult& r, bool doors = false) {
  val cells = val::array();
  for (const Point p : r.path) cells.call<void>("push", cell_value(p));
  val v = val::object();
  v.set("status", std::string(path_status_name(r.status)));
  v.set("path", cells);
  v.set("cost", r.cost);
  v.set("expanded", static_cast<double>(r.expanded));
  if (!doors) return v;
  val opened = val::array();
  for (const LockedDoor& door : r.doors_opened) opened.call<void>("push", cell_value(door.pos));
  v.set("doorsOpened", opened);
  return v;
}

// Throws InvalidArgument naming `field` unless (x, y) is a cell of `tiles`.
void check_cell(const Grid<Terrain>& tiles, const char* field, int x, int y) {
  if (!tiles.in_bounds(Point{x, y}))
    throw InvalidArgument(
        FieldProblem{field, to_string(Point{x, y}),
                     "a cell of the " + std::to_string(tiles.width()) + "x" + std::to_string(tiles.height()) + " map"});
}

// A catacomb::Navigator over a copy of a map's dungeon (set_state reads its doors), made by
// Map::navigator; delete() (dispose() in the package) frees it.
class Nav {
 public:
  Nav(Dungeon d, const PlayerState& state, const MapRules& rules)
      : dungeon_(std::move(d)), navigator_(dungeon_, state, rules) {}

  /// Navigator::find_path from (fx, fy) to (tx, ty): {status, path, cost, expanded, doorsOpened}
  /// or {"error"}.
  val find_path(int fx, int fy, int tx, int ty) {
    return guarded([&] {
      check_cell(dungeon_.tiles, "from", fx, fy);
      check_cell(dungeon_.tiles, "to", tx, ty);
      return path_value(navigator_.find_path(Point{fx, fy}, Point{tx, ty}), true);
    });
  }
  /// Navigator::set_state for a player state as index.js passes it; {} or {"error"}.
  val set_state(const val& keys, uint32_t switches, const val& opened) {
    return guarded([&] {
      navigator_.set_state(dungeon_, player_state(keys, switches, opened));
      return val::object();
    });
  }
  /// Navigator::set_door; {} or {"error"}.
  val set_door(int x, int y, bool open) {
    return guarded([&] {
      navigator_.set_door(Point{x, y}, open);
      return val::object();
    });
  }
  /// Navigator::door_open: a boolean or {"error"}.
  val door_open(int x, int y) const {
    return guarded([&] { return val(navigator_.door_open(Point{x, y})); });
  }
  /// Navigator::stats: {engine, landmarks, bytesPerCell, scratchBytesPerCell, doors}.
  val stats() const {
    const NavigatorStats st = navigator_.stats();
    val v = val::object();
    v.set("engine", std::string(st.engine));
    v.set("landmarks", st.landmarks);
    v.set("bytesPerCell", st.bytes_per_cell);
    v.set("scratchBytesPerCell", st.scratch_bytes_per_cell);
    v.set("doors", static_cast<double>(st.doors));
    return v;
  }
  int width() const { return navigator_.width(); }
  int height() const { return navigator_.height(); }

 private:
  Dungeon dungeon_;
  Navigator navigator_;
};

class Map {
 public:
  /// Generates a dungeon from a config (config_from) within `limit_ms` milliseconds (0: no limit;
  /// generate_dungeon_within); "" on success, else the error.
  std::string generate(const std::string& config_json, const std::string& tilesets_json, double limit_ms) {
    return run([&] {
      uint64_t seed = 1;
      const GenerateConfig config = config_from(config_json, tilesets_json, &seed);
      dungeon_ = generate_dungeon_within(config, seed, static_cast<int64_t>(limit_ms)).dungeon;
      legend_.reset();
    });
  }

  /// A map holding `d` (generate_many's).
  explicit Map(Dungeon&& d) : dungeon_(std::move(d)) {}
  Map() = default;

  /// Reads a catacomb JSON map; "" on success, else the error.
  std::string read_json(const std::string& text) {
    return run([&] {
      MapFile file = read_json_map_and_costs(text, CostTable::dungeon());
      dungeon_ = std::move(file.dungeon);
      legend_ = file.legend_costs;
    });
  }

  /// The map as the CLI's --json writes it (with --graph: its "graph" after the rooms), or {"error"}.
  val to_json(bool graph) const {
    return guarded([&] {
      const CostTable costs = map_rules(dungeon_, legend_).costs;
      if (!graph) return val(write_json_map(dungeon_, costs));
      check_tiles();
      return val(write_json_map(dungeon_, costs, room_graph(dungeon_, recorded_rules(dungeon_, legend_))));
    });
  }
  /// The map as the CLI's --txt writes it.
  std::string to_ascii() const { return write_ascii(dungeon_); }
  /// The PNG preview `catacomb generate --png --scale S` writes (a Uint8Array), or {"error"}.
  val to_png(int scale) const {
    return guarded([&] {
      check_image_scale(dungeon_.tiles.width(), dungeon_.tiles.height(), scale, "scale");
      const std::string bytes = encode_png(render_preview(dungeon_, {scale}));
      val png = val::global("Uint8Array").new_(bytes.size());
      png.call<void>("set",
                     val(emscripten::typed_memory_view(bytes.size(), reinterpret_cast<const uint8_t*>(bytes.data()))));
      return png;
    });
  }

  /// The Moving AI .map text `catacomb generate --map` writes, or {"error"}.
  val to_movingai() const {
    return guarded([&] { return val(write_movingai_map(dungeon_.tiles, map_rules(dungeon_, legend_).costs)); });
  }

  /// The game formats `catacomb generate --des`, `--level-string` and `--npz` write (#49): the
  /// des-file, the Griddly level string (`legend`: a JSON object of legend entries, "" for the
  /// default) and the .npz level buffer (a Uint8Array), or {"error"}.
  val to_des(const std::string& name) const {
    return guarded([&] { return val(write_des(dungeon_, name)); });
  }
  val to_level_string(const std::string& legend) const {
    return guarded([&] {
      return val(write_level_string(dungeon_, legend.empty() ? GriddlyLegend{} : read_griddly_legend(legend)));
    });
  }
  val to_npz() const {
    return guarded([&] {
      check_tiles();
      ValidateOptions rules = map_rules(dungeon_, legend_);
      rules.threads = 1;
      const std::string bytes = write_level_npz(dungeon_, rules);
      val npz = val::global("Uint8Array").new_(bytes.size());
      npz.call<void>("set",
                     val(emscripten::typed_memory_view(bytes.size(), reinterpret_cast<const uint8_t*>(bytes.data()))));
      return npz;
    });
  }

  /// The map as `catacomb generate --tmj <file>` writes it (16-pixel tiles, the map's costs):
  /// {tmj, png: Uint8Array of the tileset image, pngFile: its name beside the map} or {"error"}.
  val to_tmj(const std::string& file) const {
    return guarded([&] {
      const TiledExport t = make_tiled(dungeon_, file, 16, map_rules(dungeon_, legend_).costs);
      val png = val::global("Uint8Array").new_(t.tileset_png.size());
      png.call<void>("set", val(emscripten::typed_memory_view(t.tileset_png.size(),
                                                              reinterpret_cast<const uint8_t*>(t.tileset_png.data()))));
      val v = val::object();
      v.set("tmj", t.tmj);
      v.set("png", png);
      v.set("pngFile", t.tileset_file);
      return v;
    });
  }
  int width() const { return dungeon_.tiles.width(); }
  int height() const { return dungeon_.tiles.height(); }
  /// The seed as decimal text (a uint64 does not fit a JavaScript number).
  std::string seed() const { return std::to_string(dungeon_.seed); }
  std::string generator() const { return dungeon_.generator; }

  /// The terrain bytes (Terrain values, row-major), a view into the wasm heap.
  val tiles() {
    return val(emscripten::typed_memory_view(dungeon_.tiles.cells().size(),
                                             reinterpret_cast<uint8_t*>(dungeon_.tiles.cells().data())));
  }

  /// [{kind, x, y, lock, switch}] in the map's order (lock and switch 0 when none).
  val objectives() const {
    val a = val::array();
    for (const Objective& o : dungeon_.objectives) {
      val e = val::object();
      e.set("kind", std::string(objective_kind_name(o.kind)));
      e.set("x", o.pos.x);
      e.set("y", o.pos.y);
      e.set("lock", o.lock);
      e.set("switch", o.switch_id);
      a.call<void>("push", e);
    }
    return a;
  }

  /// The JSON map's "rooms": [{x, y, width, height}], with "node" and "template" for a room made
  /// for a mission node or from a template.
  val rooms() const {
    val a = val::array();
    for (size_t i = 0; i < dungeon_.rooms.size(); ++i) {
      const Rect& r = dungeon_.rooms[i];
      val e = rect(r.x, r.y, r.width, r.height);
      if (i < dungeon_.room_labels.size() && !dungeon_.room_labels[i].node.empty())
        e.set("node", dungeon_.room_labels[i].node);
      if (i < dungeon_.room_labels.size() && !dungeon_.room_labels[i].template_name.empty())
        e.set("template", dungeon_.room_labels[i].template_name);
      a.call<void>("push", e);
    }
    return a;
  }

  /// The JSON map's "graph" (`catacomb generate --json --graph`): {nodes, edges}, or {"error"}.
  val graph() const {
    return guarded([&] {
      check_tiles();
      // One home for the graph's JSON (write_room_graph_json), parsed as the JSON map's "graph" is.
      const RoomGraph g = room_graph(dungeon_, recorded_rules(dungeon_, legend_));
      return val::global("JSON").call<val>("parse", write_room_graph_json(g));
    });
  }

  /// Every locked and progression door in row-major order, each {x, y} and the fields of its
  /// legend entry in the JSON map: "lock" (a locked door), "gate" (its switch) with "open_when":
  /// "off" for a gate open while its switch is off, "one_way" (its direction), "secret": true.
  val doors() const {
    val a = val::array();
    size_t l = 0;
    size_t g = 0;
    const auto before = [](Point p, Point q) { return p.y != q.y ? p.y < q.y : p.x < q.x; };
    while (l < dungeon_.locks.size() || g < dungeon_.doors.size()) {
      val e = val::object();
      if (g == dungeon_.doors.size() ||
          (l < dungeon_.locks.size() && before(dungeon_.locks[l].pos, dungeon_.doors[g].pos))) {
        const LockedDoor& d = dungeon_.locks[l++];
        e.set("x", d.pos.x);
        e.set("y", d.pos.y);
        e.set("lock", d.lock);
      } else {
        const ProgressionDoor& d = dungeon_.doors[g++];
        e.set("x", d.pos.x);
        e.set("y", d.pos.y);
        if (d.kind == DoorKind::Gate) e.set("gate", d.switch_id);
        if (d.kind == DoorKind::Gate && d.open_when_off) e.set("open_when", std::string("off"));
        if (d.kind == DoorKind::OneWay) e.set("one_way", std::string(direction_name(d.dir)));
        if (d.kind == DoorKind::Secret) e.set("secret", true);
      }
      a.call<void>("push", e);
    }
    return a;
  }

  /// Moves objective `index` to (x, y); "" on success.
  std::string move_objective(int index, int x, int y) {
    return run([&] {
      if (index < 0 || static_cast<size_t>(index) >= dungeon_.objectives.size())
        throw InvalidArgument(FieldProblem{"objective", std::to_string(index),
                                           "0 to " + std::to_string(int(dungeon_.objectives.size()) - 1)});
      check_cell("at", x, y);
      dungeon_.objectives[static_cast<size_t>(index)].pos = Point{x, y};
    });
  }

  /// The report of `catacomb validate MAP --json`, as compact JSON text (package/index.js parses
  /// it: the same object as the CLI's indented text, in a fifth of the bytes to write, copy into
  /// JavaScript and parse), or {"error"}.
  val validate() const {
    return guarded([&] {
      check_tiles();
      ValidateOptions options = map_rules(dungeon_, legend_);
      options.threads = 1;
      const ValidationReport report = validate_dungeon(dungeon_, options);
      val v = val::object();
      v.set("json", cli::validation_report_json(report, analyse_map(dungeon_, report, options)).dump());
      return v;
    });
  }

  /// The certificate `catacomb validate --certificate` writes, or {"error"} for an invalid map.
  val certificate() const {
    return guarded([&] {
      check_tiles();
      ValidateOptions options = map_rules(dungeon_, legend_);
      options.threads = 1;
      const ValidationReport report = validate_dungeon(dungeon_, options);
      if (!report.valid || !report.solution || report.solution->status != SolveStatus::Completable)
        throw InvalidArgument("map (expected a valid map: no certificate for an invalid one)");
      val v = val::object();
      v.set("text", write_certificate(dungeon_, *report.solution, options));
      return v;
    });
  }

  /// verify_certificate under the map's own rules: {accepted, step, reason, summary, unlosable,
  /// state} or {"error"}.
  val verify(const std::string& certificate) const {
    return guarded([&] {
      check_tiles();
      const Verdict verdict = verify_certificate(dungeon_, certificate, map_rules(dungeon_, legend_));
      val v = val::object();
      v.set("accepted", verdict.accepted);
      v.set("step", verdict.step);
      v.set("reason", verdict.reason);
      v.set("summary", verdict.summary);
      v.set("unlosable", verdict.unlosable);
      v.set("state", static_cast<double>(verdict.state));
      return v;
    });
  }

  /// A* over the terrain alone under the map's rules from (fx, fy) to (tx, ty), every door a
  /// plain door tile: {status, path: [[x, y]...], cost, expanded} or {"error"}.
  val terrain_path(int fx, int fy, int tx, int ty) const {
    return guarded([&] {
      check_tiles();
      check_cell("from", fx, fy);
      check_cell("to", tx, ty);
      const ValidateOptions rules = map_rules(dungeon_, legend_);
      SearchOptions options;
      options.moves = rules.moves;
      return path_value(find_path(dungeon_.tiles, rules.costs, Point{fx, fy}, Point{tx, ty}, options));
    });
  }

  /// A player's route (find_path with a PlayerState) from (fx, fy) to (tx, ty): keys[i] keys of
  /// lock i (10 counts, keys[0] 0), the switches on (bit s - 1), the locked doors opened (x, y
  /// pairs, flat): {status, path, cost, expanded, doorsOpened: [[x, y]...]} or {"error"}.
  val player_path(int fx, int fy, int tx, int ty, const val& keys, uint32_t switches, const val& opened) const {
    return guarded([&] {
      check_tiles();
      check_cell("from", fx, fy);
      check_cell("to", tx, ty);
      const PlayerState state = player_state(keys, switches, opened);
      return path_value(find_path(dungeon_, recorded_rules(dungeon_, legend_), Point{fx, fy}, Point{tx, ty}, state),
                        true);
    });
  }

  /// The cells a player in the state (keys, switch bits, opened door cells as x, y, ...) sees
  /// from (x, y) (field_of_view), row-major (a Uint8Array, 1 seen), or {"error"}.
  val fov(int x, int y, int radius, bool light_walls, const val& keys, uint32_t switches, const val& opened) const {
    return guarded([&] {
      check_tiles();
      check_cell("from", x, y);
      const PlayerState state = player_state(keys, switches, opened);
      FovOptions options;
      options.radius = radius;
      options.light_walls = light_walls;
      const Grid<uint8_t> seen = field_of_view(dungeon_, state, Point{x, y}, options);
      val out = val::global("Uint8Array").new_(seen.cells().size());
      out.call<void>("set", val(emscripten::typed_memory_view(seen.cells().size(), seen.cells().data())));
      return out;
    });
  }

  /// The cost of the cheapest route from (x, y) to every cell under the map's rules, row-major
  /// (a Float64Array; Infinity where none reaches), or {"error"}: the heatmap overlay.
  val distances(int x, int y) const {
    return guarded([&] {
      check_tiles();
      check_cell("from", x, y);
      const ValidateOptions rules = map_rules(dungeon_, legend_);
      const DistanceMap d = distance_map(dungeon_.tiles, rules.costs, {Point{x, y}}, rules.moves);
      const std::vector<double>& cells = d.dist.cells();
      val out = val::global("Float64Array").new_(cells.size());
      out.call<void>("set", val(emscripten::typed_memory_view(cells.size(), cells.data())));
      return out;
    });
  }

  /// A Navigator over a copy of the map (Navigator(d, state, rules)) for a player in the state
  /// (as player_path takes it), under the map's rules with `neighbors` (0: the map's) and
  /// `diagonal` ("": the map's) as given, or {"error"}.
  val navigator(const val& keys, uint32_t switches, const val& opened, int neighbors,
                const std::string& diagonal) const {
    return guarded([&] {
      check_tiles();
      MapRules rules = recorded_rules(dungeon_, legend_);
      if (neighbors != 0) rules.moves.neighbors = neighbors;
      if (!diagonal.empty()) rules.moves.diagonal = parse_diagonal_policy(diagonal);
      return val(Nav(dungeon_, player_state(keys, switches, opened), rules));
    });
  }

 private:
  template <typename Body>
  static std::string run(const Body& body) {
    try {
      body();
      return "";
    } catch (const std::exception& e) { return e.what(); } catch (...) {
      return "unknown error";
    }
  }

  void check_cell(const char* field, int x, int y) const { catacomb::wasm::check_cell(dungeon_.tiles, field, x, y); }

  // The tiles view is writable from JavaScript: every byte must be a terrain before the library
  // reads the grid.
  void check_tiles() const {
    const auto& cells = dungeon_.tiles.cells();
    for (size_t i = 0; i < cells.size(); ++i)
      if (static_cast<int>(cells[i]) >= kTerrainCount)
        throw InvalidArgument(FieldProblem{"tiles[" + std::to_string(i) + "]",
                                           std::to_string(static_cast<int>(cells[i])),
                                           "a terrain from 0 to " + std::to_string(kTerrainCount - 1)});
  }

  static val rect(int x, int y, int width, int height) {
    val e = val::object();
    e.set("x", x);
    e.set("y", y);
    e.set("width", width);
    e.set("height", height);
    return e;
  }

  Dungeon dungeon_;
  std::optional<CostTable> legend_;
};

/// generate_dungeon for each seed of `seeds_json` (a JSON array of integers) with the config
/// (config_from), one after another (generate_batch on one thread, whose thread pool the binary
/// does without: 2.5 kB gzipped): per seed, in order, a Map or the reason it has none (the
/// GenerationError's message), each what generate gives for the seed; or {"error"} for a bad
/// config or seed list, or any other error (as generate gives it).
val generate_many(const std::string& config_json, const std::string& tilesets_json, const std::string& seeds_json) {
  return guarded([&] {
    const GenerateConfig config = config_from(config_json, tilesets_json, nullptr);
    const auto seeds = nlohmann::ordered_json::parse(seeds_json).get<std::vector<uint64_t>>();
    val out = val::array();
    for (const uint64_t seed : seeds) {
      try {
        out.call<void>("push", val(Map(generate_dungeon(config, seed).dungeon)));
      } catch (const GenerationError& e) { out.call<void>("push", std::string(e.what())); }
    }
    return out;
  });
}

/// shard_range(total, {index, count}): [first, count], or {"error"}.
val shard_range_value(double total, int index, int count) {
  return guarded([&] {
    const ShardRange r = shard_range(static_cast<uint64_t>(total), BatchShard{index, count});
    val v = val::array();
    v.call<void>("push", static_cast<double>(r.first));
    v.call<void>("push", static_cast<double>(r.count));
    return v;
  });
}

/// Bytes of the wasm heap in use by malloc (dlmalloc's mallinfo): the leak tests' measure.
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace
}  // namespace catacomb::wasm

EMSCRIPTEN_BINDINGS(catacomb) {
  using catacomb::wasm::Map;
  emscripten::class_<Map>("Map")
      .constructor<>()
      .function("generate", &Map::generate)
      .function("readJSON", &Map::read_json)
      .function("toJSON", &Map::to_json)
      .function("toASCII", &Map::to_ascii)
      .function("toTMJ", &Map::to_tmj)
      .function("toPNG", &Map::to_png)
      .function("toMovingAI", &Map::to_movingai)
      .function("toDes", &Map::to_des)
      .function("toLevelString", &Map::to_level_string)
      .function("toNpz", &Map::to_npz)
      .function("width", &Map::width)
      .function("height", &Map::height)
      .function("seed", &Map::seed)
      .function("generator", &Map::generator)
      .function("tiles", &Map::tiles)
      .function("objectives", &Map::objectives)
      .function("rooms", &Map::rooms)
      .function("graph", &Map::graph)
      .function("doors", &Map::doors)
      .function("moveObjective", &Map::move_objective)
      .function("validate", &Map::validate)
      .function("certificate", &Map::certificate)
      .function("verify", &Map::verify)
      .function("terrainPath", &Map::terrain_path)
      .function("playerPath", &Map::player_path)
      .function("fov", &Map::fov)
      .function("distances", &Map::distances)
      .function("navigator", &Map::navigator);
  using catacomb::wasm::Nav;
  emscripten::class_<Nav>("Navigator")
      .function("findPath", &Nav::find_path)
      .function("setState", &Nav::set_state)
      .function("setDoor", &Nav::set_door)
      .function("doorOpen", &Nav::door_open)
      .function("stats", &Nav::stats)
      .function("width", &Nav::width)
      .function("height", &Nav::height);
  emscripten::function("generateMany", &catacomb::wasm::generate_many);
  emscripten::function("shardRange", &catacomb::wasm::shard_range_value);
  emscripten::function("heapInUse", &catacomb::wasm::heap_in_use);
}
