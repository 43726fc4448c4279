#pragma once
/// Annotated previews: the plain preview with design overlays drawn over it (regions, routes, a
/// distance heatmap, dead ends, chokepoints, unreachable cells), optional grid lines, and a
/// legend strip under the map. Pixel coordinates: tile (x, y) covers pixels
/// [x * scale, (x + 1) * scale) x [y * scale, (y + 1) * scale); the legend starts at row
/// height * scale.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/validate/analysis.hpp>
#include <catacomb/validate/validate.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// One layer of annotation. Whatever order they are asked in, they are drawn in this order of
/// layers: regions, heatmap, unreachable (cell tints), then grid lines, then routes, dead ends,
/// chokepoints (marks), the walkthrough, then the objective markers on top of everything.
enum class Overlay : uint8_t {
  Regions,      ///< passable cells tinted with their region's colour (region_colour)
  Routes,       ///< the route from the start to each reachable objective, in its marker colour
  Heatmap,      ///< reachable cells coloured by route cost from the start (0 to the largest)
  DeadEnds,     ///< MapAnalysis::dead_ends, an orange square in the cell
  Chokepoints,  ///< MapAnalysis::chokepoints, a magenta ring round the cell
  Unreachable,  ///< passable cells outside the start's region, cross-hatched in red
  Walkthrough,  ///< the solver's walkthrough: each step's route, and its number at the cell it ends
                ///< on (needs a report with a solution; nothing is drawn without one)
};

/// Every overlay, in enum order (what "all" means).
inline constexpr Overlay kAllOverlays[] = {Overlay::Regions,    Overlay::Routes,      Overlay::Heatmap,
                                           Overlay::DeadEnds,   Overlay::Chokepoints, Overlay::Unreachable,
                                           Overlay::Walkthrough};

/// "regions", "routes", "heatmap", "dead-ends", "chokepoints", "unreachable", "walkthrough".
std::string_view overlay_name(Overlay o);

/// Parses a comma-separated list of overlay names ("all" = every overlay; an empty list = none;
/// spaces around names are ignored). Returns each overlay once, in enum order. Throws
/// InvalidArgument "<flag> = <item> (expected a comma-separated list of regions, routes, ...)"
/// naming the first bad item (the whole list when an item is empty).
std::vector<Overlay> parse_overlays(std::string_view list, const std::string& flag = "--overlay");

/// What render_annotated draws on top of the preview.
struct AnnotateOptions {
  /// Pixels per tile. [Limit: 1 to 64, and the image within kMaxImageSide / kMaxImagePixels]
  int scale = 4;
  /// Overlays to draw (duplicates are drawn once, in the fixed order of Overlay).
  std::vector<Overlay> overlays;
  /// A legend strip under the map: the terrains and objective kinds present, and each overlay
  /// drawn. The image is widened (neutral background right of the map) when the map is
  /// narrower than the legend's widest entry.
  bool legend = true;
  /// 1-pixel darker lines on the boundaries between tiles. [Limit: scale >= 4]
  bool grid = false;
};

/// Checks the options for a map of width x height tiles: the scale and the image size (with
/// room for the tallest legend any map of that size could need), and grid lines only from
/// scale 4. Throws InvalidArgument listing every problem, naming --scale, --grid and --legend.
void check_annotate_options(const AnnotateOptions& o, int width, int height);

/// Size in pixels of the image render_annotated draws for these inputs (the legend included).
struct ImageSize {
  /// [Units: pixels]
  int width = 0;
  /// [Units: pixels]
  int height = 0;
  /// Equal when both sides are equal.
  friend bool operator==(const ImageSize&, const ImageSize&) = default;
};
/// The size of the image render_annotated would draw for these inputs, without drawing it (to
/// check it against the image limits first).
ImageSize annotated_size(const Dungeon& d, const ValidationReport& report, const MapAnalysis& analysis,
                         const AnnotateOptions& o);

/// The annotated preview of `d`, with the report validate_dungeon gave for it and the analysis
/// analyse_map gave for both. Without overlays, grid or legend it equals render_preview at the
/// same scale pixel for pixel. Deterministic: the same inputs give the same pixels everywhere.
/// Throws InvalidArgument for bad options (check_annotate_options), or a report or analysis
/// that does not belong to a map of this shape.
Image render_annotated(const Dungeon& d, const ValidationReport& report, const MapAnalysis& analysis,
                       const AnnotateOptions& o);

}  // namespace catacomb
CATACOMB_PUBLIC_END
