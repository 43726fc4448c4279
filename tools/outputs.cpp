// The map outputs shared by the subcommands (--png, --json, --txt, --tmj, --map, --des,
// --level-string, --npz and the PNG's overlays): their options, the checks before any work (writable, distinct paths, scale), and
// the writing, every file rendered first and then committed together (OutputBatch), so a
// rendering error leaves no file written.
#include "tools/outputs.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <optional>
#include <ostream>

#include <catacomb/core/error.hpp>
#include <catacomb/render/annotate.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/game_formats.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/io/tiled.hpp>
#include <catacomb/validate/analysis.hpp>
#include <catacomb/validate/room_graph.hpp>
#include "tools/number_flags.hpp"

namespace catacomb::cli {

std::string overlay_names(std::string_view separator) {
  std::string names;
  for (const Overlay ov : kAllOverlays) {
    if (!names.empty()) names += separator;
    names += overlay_name(ov);
  }
  return names;
}

void add_output_options(CLI::App& sub, OutputOptions& o) {
  sub.add_option("--png", o.png, "Write a PNG preview to this file")->type_name("FILE");
  sub.add_option("--json", o.json, "Write the JSON map to this file")->type_name("FILE");
  sub.add_flag("--graph", o.graph,
               "With --json: write the room graph into it (rooms or areas, corridors, doors, locks)");
  sub.add_option("--txt", o.txt, "Write the ASCII map to this file")->type_name("FILE");
  sub.add_option("--tmj", o.tmj, "Write a Tiled JSON map to this file (and its tileset PNG beside it)")
      ->type_name("FILE");
  sub.add_option("--map", o.map, "Write a Moving AI .map to this file (passable '.', walls '@')")->type_name("FILE");
  sub.add_option("--des", o.des, "Write a MiniHack des-file (NetHack's level description) to this file")
      ->type_name("FILE");
  sub.add_option("--level-string", o.level_string, "Write a Griddly level string (the default legend) to this file")
      ->type_name("FILE");
  sub.add_option("--npz", o.npz, "Write an .npz level buffer (numpy arrays: tiles, route, objectives, doors, ...)")
      ->type_name("FILE");
  add_number_option(sub, "--scale", o.scale, "PNG pixels per tile (1 to 64)");
  sub.add_option("--overlay", o.overlay, "Draw on the PNG (comma-separated): " + overlay_names(", ") + ", or all")
      ->type_name("LIST");
  sub.add_flag("--legend", o.legend, "Add a legend strip under the PNG (always there with --overlay)");
  sub.add_flag("--grid", o.grid, "Draw grid lines between tiles on the PNG (--scale 4 or more)");
}

void check_outputs(const OutputOptions& o, int width, int height) {
  const std::string tileset = o.tmj.empty() || !o.tmj_tileset.empty() ? std::string() : tiled_tileset_path(o.tmj);
  const std::pair<const char*, const std::string*> paths[] = {{"--png", &o.png},
                                                              {"--json", &o.json},
                                                              {"--txt", &o.txt},
                                                              {"--tmj", &o.tmj},
                                                              {"--tmj's tileset", &tileset},
                                                              {"--map", &o.map},
                                                              {"--des", &o.des},
                                                              {"--level-string", &o.level_string},
                                                              {"--npz", &o.npz}};
  for (size_t i = 0; i < std::size(paths); ++i) {
    if (paths[i].second->empty()) continue;
    check_writable_path(paths[i].first, *paths[i].second);
    for (size_t j = 0; j < i; ++j) {
      if (paths[j].second->empty()) continue;
      std::error_code ec;
      auto a = std::filesystem::weakly_canonical(*paths[i].second, ec);
      auto b = std::filesystem::weakly_canonical(*paths[j].second, ec);
      if (a == b)
        throw InvalidArgument(
            FieldProblem{paths[i].first, *paths[i].second, std::string("a different file from ") + paths[j].first});
    }
  }
  if (!o.png.empty()) check_image_scale(width, height, o.scale, "--scale");
  if (o.png.empty() && (!o.overlay.empty() || o.legend || o.grid))
    throw InvalidArgument(std::string(!o.overlay.empty() ? "--overlay = " + o.overlay
                                      : o.legend         ? "--legend"
                                                         : "--grid") +
                          " (expected together with --png: it annotates the PNG preview)");
  if (!o.png.empty() && o.annotated()) check_annotate_options(annotate_options(o), width, height);
}

AnnotateOptions annotate_options(const OutputOptions& o) {
  AnnotateOptions a;
  a.scale = o.scale;
  a.overlays = parse_overlays(o.overlay, "--overlay");
  a.legend = o.legend || !a.overlays.empty();
  a.grid = o.grid;
  return a;
}

std::vector<std::pair<std::string, std::string>> render_outputs(const Dungeon& d, const OutputOptions& o,
                                                                const ValidateOptions& validate,
                                                                ValidationReport* report, const MapAnalysis* analysis) {
  std::vector<std::pair<std::string, std::string>> files;
  if (!o.png.empty()) {
    if (o.annotated()) {
      ValidateOptions with_maps = validate;
      with_maps.keep_maps = true;  // the overlays draw the region and distance maps
      const AnnotateOptions annotate = annotate_options(o);
      std::optional<ValidationReport> own;
      if (!report || !report->region_map || !report->distances) report = &own.emplace(validate_dungeon(d, with_maps));
      // A report made without the solver (generation skips it on maps without locks) gets the
      // walkthrough validate_dungeon would have found, when an overlay draws it.
      if (!report->solution && with_maps.solve &&
          std::count(annotate.overlays.begin(), annotate.overlays.end(), Overlay::Walkthrough) > 0)
        report->solution = solve_for_report(d, *report, with_maps);
      std::optional<MapAnalysis> own_analysis;
      if (!analysis) analysis = &own_analysis.emplace(analyse_map(d, *report, with_maps));
      files.emplace_back(o.png, encode_png(render_annotated(d, *report, *analysis, annotate)));
    } else {
      files.emplace_back(o.png, encode_png(render_preview(d, {o.scale})));
    }
  }
  if (!o.json.empty()) files.emplace_back(o.json, o.graph ? write_json_map(d, room_graph(d)) : write_json_map(d));
  if (!o.txt.empty()) files.emplace_back(o.txt, write_ascii(d));
  if (!o.tmj.empty()) {
    TiledExport tiled = make_tiled(d, o.tmj, kTiledTileSize, validate.costs, o.tmj_tileset);
    files.emplace_back(o.tmj, std::move(tiled.tmj));
    if (o.tmj_tileset.empty()) files.emplace_back(tiled_tileset_path(o.tmj), std::move(tiled.tileset_png));
  }
  if (!o.map.empty()) files.emplace_back(o.map, write_movingai_map(d.tiles, validate.costs));
  if (!o.des.empty()) files.emplace_back(o.des, write_des(d));
  if (!o.level_string.empty()) files.emplace_back(o.level_string, write_level_string(d));
  if (!o.npz.empty()) files.emplace_back(o.npz, write_level_npz(d, validate));
  return files;
}

void write_outputs(const Dungeon& d, const OutputOptions& o, std::ostream& out, const ValidateOptions& validate,
                   ValidationReport* report) {
  if (!o.any()) {
    out << write_ascii(d);
    return;
  }
  // Render everything first: a rendering error must not leave some files written.
  const auto files = render_outputs(d, o, validate, report);
  OutputBatch batch;
  for (const auto& file : files) batch.stage(file.first, file.second);
  batch.commit();
}

}  // namespace catacomb::cli
