#pragma once
/// The output flags shared by subcommands that write a dungeon: --png, --json, --txt, --tmj,
/// --map, the game formats (--des, --level-string, --npz), --scale and the preview's annotations
/// (--overlay, --legend, --grid).
#include <CLI/CLI.hpp>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/render/annotate.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb::cli {

/// Pixels per tile of the Tiled export (Tiled's common size; independent of the preview's --scale).
inline constexpr int kTiledTileSize = 16;

struct OutputOptions {
  std::string png;   ///< PNG preview path, or empty
  std::string json;  ///< JSON map path, or empty
  std::string txt;   ///< ASCII map path, or empty
  std::string tmj;   ///< Tiled JSON map path (its tileset PNG goes beside it), or empty
  /// With tmj: an external tileset (.tsj, relative to the map) the map refers to instead of
  /// embedding its own, e.g. the one a batch shares; empty for an embedded tileset.
  std::string tmj_tileset;
  std::string map;           ///< Moving AI .map path, or empty
  std::string des;           ///< MiniHack des-file path, or empty
  std::string level_string;  ///< Griddly level string path (the default legend), or empty
  std::string npz;           ///< .npz level buffer path, or empty
  int scale = 4;             ///< PNG pixels per tile
  /// Comma-separated overlays drawn on the PNG preview (the names parse_overlays reads, or
  /// "all"); empty for none.
  std::string overlay;
  bool legend = false;  ///< add a legend strip under the preview (on whenever overlays are drawn)
  bool grid = false;    ///< draw grid lines between tiles (needs a large enough scale)
  bool graph = false;   ///< write the room graph into the JSON map ("graph")

  /// The PNG is annotated (overlays, legend or grid) rather than the plain preview.
  bool annotated() const { return !overlay.empty() || legend || grid; }
  bool any() const {
    return !png.empty() || !json.empty() || !txt.empty() || !tmj.empty() || !map.empty() || !des.empty() ||
           !level_string.empty() || !npz.empty();
  }
};

/// Every overlay's name (overlay_name, in the order of kAllOverlays) joined by `separator`, for
/// the --overlay help texts: "regions, routes, ..." with ", ".
std::string overlay_names(std::string_view separator);

/// The annotation options the flags ask for. Throws InvalidArgument for an unknown overlay.
AnnotateOptions annotate_options(const OutputOptions& o);

/// Declares the output flags on `sub`.
void add_output_options(CLI::App& sub, OutputOptions& o);

/// Refuses bad output flags before any work: unwritable paths, the same path twice, a scale
/// that does not fit a width x height map, unknown overlays. Throws InvalidArgument naming the
/// flag.
void check_outputs(const OutputOptions& o, int width, int height);

/// Every requested file as (path, contents), rendered in memory; nothing is written. The
/// annotations, the Moving AI export and the .npz's route use `validate` (moves and costs) — the
/// options the dungeon was validated under. The annotations draw on `report` when it is d's report under
/// those options with its maps kept (ValidateOptions::keep_maps; the walkthrough is added to it
/// when an overlay needs one it lacks) and on `analysis` when given (analyse_map of d); whatever
/// is missing is computed here. The picture is the same either way.
std::vector<std::pair<std::string, std::string>> render_outputs(const Dungeon& d, const OutputOptions& o,
                                                                const ValidateOptions& validate = {},
                                                                ValidationReport* report = nullptr,
                                                                const MapAnalysis* analysis = nullptr);

/// Writes every requested file, all staged to temporary files first and renamed together at the
/// end, so a failure leaves no file half-written and no existing file clobbered. With no output
/// flag, prints the ASCII map to `out`.
void write_outputs(const Dungeon& d, const OutputOptions& o, std::ostream& out, const ValidateOptions& validate = {},
                   ValidationReport* report = nullptr);

}  // namespace catacomb::cli
