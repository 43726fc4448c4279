// Annotated previews. The map part starts as the plain preview; then come the cell tints
// (regions, heatmap, unreachable hatching), grid lines, the lines and marks (routes, dead ends,
// chokepoints), and the objective markers last: a marker repaints its whole cell, so the markers
// end on top and, without overlays or grid, the image is the plain preview to the pixel.
// The legend is laid out once, by greedy line wrapping of entries of known width, and that one
// layout gives both the image size and where each entry is drawn.
// Cost: O(width * height * scale^2) pixels, plus O(cells) for the heatmap's largest distance.
// Determinism: integer pixel arithmetic; the heatmap ramp uses IEEE doubles rounded once, which
// gives the same bytes on every platform (no fast-math, no contraction).
#include <catacomb/render/annotate.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <iterator>
#include <optional>
#include <utility>

#include <catacomb/core/error.hpp>
#include "shared/core/enum_names.hpp"
#include "shared/core/problems.hpp"
#include "render/font.hpp"
#include <catacomb/render/overlay.hpp>

namespace catacomb {
namespace {

constexpr Rgb kLegendBackground{28, 28, 32};
constexpr Rgb kLegendText{225, 225, 225};
constexpr Rgb kSwatchOutline{120, 120, 128};
constexpr Rgb kMarkOutline{10, 10, 10};
constexpr Rgb kDeadEndColour{255, 140, 0};
constexpr Rgb kChokepointColour{235, 0, 235};
constexpr Rgb kHatchColour{200, 0, 0};
constexpr Rgb kWalkColour{255, 255, 255};
constexpr Rgb kStepLabelBackground{20, 20, 24};
constexpr int kRegionAlpha = 90;  // as render_validation tints regions
constexpr int kHeatAlpha = 200;

constexpr size_t kOverlayCount = sizeof(kAllOverlays) / sizeof(kAllOverlays[0]);
using OverlaySet = std::array<bool, kOverlayCount>;

OverlaySet overlay_set(const std::vector<Overlay>& list) {
  OverlaySet on{};
  for (Overlay o : list) on[static_cast<size_t>(o)] = true;
  return on;
}

bool has(const OverlaySet& on, Overlay o) { return on[static_cast<size_t>(o)]; }

// --- colours and marks -----------------------------------------------------------------------

// Heatmap ramp: deep blue (near) through cyan, green and yellow to red (far).
constexpr Rgb kRamp[] = {{48, 18, 160}, {30, 130, 230}, {40, 200, 120}, {240, 220, 40}, {225, 45, 30}};

Rgb heat_colour(double t) {
  t = std::clamp(t, 0.0, 1.0);
  constexpr int segments = static_cast<int>(sizeof(kRamp) / sizeof(kRamp[0])) - 1;
  const double pos = t * segments;
  const int i = std::min(static_cast<int>(pos), segments - 1);
  const double f = pos - i;
  const Rgb& a = kRamp[static_cast<size_t>(i)];
  const Rgb& b = kRamp[static_cast<size_t>(i) + 1];
  Rgb c;
  for (size_t k = 0; k < 3; ++k) c[k] = static_cast<uint8_t>(std::lround(a[k] + (b[k] - a[k]) * f));
  return c;
}

// A filled orange square in the middle of the cell (the whole cell below scale 4).
void draw_dead_end(Image& img, int px, int py, int s) {
  if (s < 4) {
    img.fill_rect(px, py, s, s, kDeadEndColour);
    return;
  }
  const int q = std::max(2, s / 2), o = (s - q) / 2;
  if (s >= 6) img.fill_rect(px + o - 1, py + o - 1, q + 2, q + 2, kMarkOutline);
  img.fill_rect(px + o, py + o, q, q, kDeadEndColour);
}

// A magenta ring round the cell (the whole cell below scale 4).
void draw_chokepoint(Image& img, int px, int py, int s) {
  if (s < 4) {
    img.fill_rect(px, py, s, s, kChokepointColour);
    return;
  }
  const int t = std::max(1, s / 8), inset = s >= 8 ? s / 8 : 0, side = s - 2 * inset;
  const int x = px + inset, y = py + inset;
  img.fill_rect(x, y, side, t, kChokepointColour);
  img.fill_rect(x, y + side - t, side, t, kChokepointColour);
  img.fill_rect(x, y, t, side, kChokepointColour);
  img.fill_rect(x + side - t, y, t, side, kChokepointColour);
}

// Red on the two diagonals of the cell, as render_validation hatches unreachable cells.
void draw_hatch(Image& img, int px, int py, int s) {
  for (int k = 0; k < s; ++k) {
    img.set(px + k, py + k, kHatchColour);
    img.set(px + s - 1 - k, py + k, kHatchColour);
  }
}

Rgb darker(Rgb c) {
  return {static_cast<uint8_t>(c[0] * 3 / 5), static_cast<uint8_t>(c[1] * 3 / 5), static_cast<uint8_t>(c[2] * 3 / 5)};
}

// Darkens the first pixel row and column of every tile but those of the first row and column:
// the boundaries between tiles, each pixel once.
void draw_grid(Image& img, int w, int h, int s) {
  const int pw = w * s, ph = h * s;
  for (int y = s; y < ph; y += s)
    for (int x = 0; x < pw; ++x) img.set(x, y, darker(img.get(x, y)));
  for (int x = s; x < pw; x += s)
    for (int y = 0; y < ph; ++y)
      if (y % s != 0 || y == 0) img.set(x, y, darker(img.get(x, y)));
}

// The walkthrough: every route in white, then each step's number in a dark box touching the
// top-right corner of the cell it ends on (labels of later steps over earlier ones), at font
// scale 1 up to --scale 9, then larger. Drawn before the markers, which stay on top.
void draw_walkthrough(Image& img, const Solution& sol, int s) {
  for (const WalkStep& st : sol.walkthrough)
    if (st.route.size() > 1) draw_path(img, st.route, s, kWalkColour);
  const int f = std::max(1, s / 5);
  for (size_t i = 0; i < sol.walkthrough.size(); ++i) {
    const std::string n = std::to_string(i + 1);
    const Point at = sol.walkthrough[i].target;
    // Touching the cell's top-right corner from outside, so the marker or door stays visible.
    const int bw = text_width(n, f) + 2 * f, bh = text_height(f) + 2 * f;
    const int x = std::min((at.x + 1) * s, img.width - bw), y = std::max(at.y * s - bh, 0);
    img.fill_rect(x, y, bw, bh, kStepLabelBackground);
    draw_text(img, x + f, y + f, n, kWalkColour, f);
  }
}

// --- the legend ------------------------------------------------------------------------------

enum class Swatch : uint8_t { Terrain, Objective, Regions, Route, Heatmap, DeadEnd, Chokepoint, Unreachable };

struct Entry {
  Swatch swatch = Swatch::Terrain;
  Rgb colour{};
  std::string label;
  std::string max_label;  // the heatmap's largest distance, drawn right of its gradient bar
};

// Sizes in image pixels, all multiples of the font scale.
struct Metrics {
  int font = 1;
  int margin = 3;     // round the strip
  int box = 7;        // swatch side and line height
  int line_gap = 3;   // between lines
  int entry_gap = 8;  // between entries on a line
  int gap = 2;        // between a swatch and its label
  int bar = 30;       // heatmap gradient width
};

Metrics metrics(int map_pixel_width) {
  const int f = map_pixel_width >= 400 ? 2 : 1;
  return {f, 3 * f, 7 * f, 3 * f, 8 * f, 2 * f, 30 * f};
}

int entry_width(const Entry& e, const Metrics& m) {
  if (e.swatch == Swatch::Heatmap)
    return text_width(e.label, m.font) + m.gap + m.bar + m.gap + text_width(e.max_label, m.font);
  return m.box + m.gap + text_width(e.label, m.font);
}

struct Legend {
  Metrics m;
  int width = 0;   // of the whole image
  int height = 0;  // of the strip
  std::vector<Entry> entries;
  std::vector<Point> at;  // top-left of each entry, in strip coordinates
};

Legend lay_out(std::vector<Entry> entries, int map_pixel_width) {
  Legend l;
  l.m = metrics(map_pixel_width);
  const Metrics& m = l.m;
  int widest = 0;
  for (const Entry& e : entries) widest = std::max(widest, entry_width(e, m));
  l.width = std::max(map_pixel_width, widest + 2 * m.margin);
  int x = m.margin, y = m.margin;
  for (const Entry& e : entries) {
    const int ew = entry_width(e, m);
    if (x > m.margin && x + ew > l.width - m.margin) {
      x = m.margin;
      y += m.box + m.line_gap;
    }
    l.at.push_back({x, y});
    x += ew + m.entry_gap;
  }
  l.height = y + m.box + m.margin;
  l.entries = std::move(entries);
  return l;
}

std::string count_label(Overlay o, int64_t n) { return std::string(overlay_name(o)) + " " + std::to_string(n); }

// The largest finite route cost from the start, 0 when nothing is reached.
double largest_distance(const DistanceMap& dm) {
  const Point p = dm.farthest();
  return p.x < 0 ? 0.0 : dm.dist[p];
}

std::string distance_label(double max) { return max < 1e15 ? std::to_string(std::llround(max)) : format_number(max); }

std::vector<Entry> legend_entries(const Dungeon& d, const ValidationReport& report, const MapAnalysis& analysis,
                                  const OverlaySet& on) {
  std::vector<Entry> e;
  std::array<bool, kTerrainCount> terrain{};
  for (Terrain t : d.tiles.cells()) terrain[static_cast<size_t>(t)] = true;
  for (Terrain t : kAllTerrains)
    if (terrain[static_cast<size_t>(t)])
      e.push_back({Swatch::Terrain, terrain_colour(t), std::string(terrain_name(t)), {}});
  constexpr ObjectiveKind kinds[] = {ObjectiveKind::Start,    ObjectiveKind::Exit,      ObjectiveKind::Key,
                                     ObjectiveKind::Treasure, ObjectiveKind::Objective, ObjectiveKind::Switch};
  for (ObjectiveKind k : kinds) {
    const bool present = std::any_of(d.objectives.begin(), d.objectives.end(),
                                     [&](const Objective& o) { return o.kind == k && d.tiles.in_bounds(o.pos); });
    if (present) e.push_back({Swatch::Objective, objective_colour(k), std::string(objective_kind_name(k)), {}});
  }
  std::array<bool, kMaxLock + 1> locks{};
  for (const LockedDoor& l : d.locks)
    if (l.lock >= 1 && l.lock <= kMaxLock) locks[static_cast<size_t>(l.lock)] = true;
  for (const Objective& ob : d.objectives)
    if (ob.lock >= 1 && ob.lock <= kMaxLock) locks[static_cast<size_t>(ob.lock)] = true;
  for (int lock = 1; lock <= kMaxLock; ++lock)
    if (locks[static_cast<size_t>(lock)])
      e.push_back({Swatch::Objective, lock_colour(lock), "lock " + std::to_string(lock), {}});
  for (DoorKind k : {DoorKind::Gate, DoorKind::OneWay, DoorKind::Secret})
    if (std::any_of(d.doors.begin(), d.doors.end(), [&](const ProgressionDoor& g) { return g.kind == k; }))
      e.push_back({Swatch::Objective, progression_door_colour(k), std::string(door_kind_name(k)) + " door", {}});
  for (Overlay o : kAllOverlays) {
    if (!has(on, o)) continue;
    switch (o) {
      case Overlay::Regions: e.push_back({Swatch::Regions, {}, count_label(o, report.regions), {}}); break;
      case Overlay::Routes: e.push_back({Swatch::Route, objective_colour(ObjectiveKind::Exit), "routes", {}}); break;
      case Overlay::Heatmap:
        e.push_back({Swatch::Heatmap, {}, "distance 0", distance_label(largest_distance(*report.distances))});
        break;
      case Overlay::DeadEnds:
        e.push_back({Swatch::DeadEnd, {}, count_label(o, static_cast<int64_t>(analysis.dead_ends.size())), {}});
        break;
      case Overlay::Chokepoints:
        e.push_back({Swatch::Chokepoint, {}, count_label(o, static_cast<int64_t>(analysis.chokepoints.size())), {}});
        break;
      case Overlay::Unreachable:
        e.push_back({Swatch::Unreachable, {}, count_label(o, report.unreachable_cells), {}});
        break;
      case Overlay::Walkthrough:
        e.push_back(
            {Swatch::Route,
             kWalkColour,
             "walkthrough " + std::to_string(report.solution ? report.solution->walkthrough.size() : 0) + " steps",
             {}});
        break;
    }
  }
  return e;
}

// Every entry a map could need, with the longest labels: the legend height is never more.
std::vector<Entry> largest_legend_entries() {
  std::vector<Entry> e;
  for (Terrain t : kAllTerrains) e.push_back({Swatch::Terrain, {}, std::string(terrain_name(t)), {}});
  for (int k = 0; k < 6; ++k)
    e.push_back({Swatch::Objective, {}, std::string(objective_kind_name(static_cast<ObjectiveKind>(k))), {}});
  for (int lock = 1; lock <= kMaxLock; ++lock) e.push_back({Swatch::Objective, {}, "lock " + std::to_string(lock), {}});
  for (DoorKind k : {DoorKind::Gate, DoorKind::OneWay, DoorKind::Secret})
    e.push_back({Swatch::Objective, {}, std::string(door_kind_name(k)) + " door", {}});
  const std::string count(12, '0');
  for (Overlay o : kAllOverlays) e.push_back({Swatch::Terrain, {}, std::string(overlay_name(o)) + " " + count, {}});
  e.push_back({Swatch::Heatmap, {}, "distance 0", std::string(24, '0')});
  return e;
}

void draw_swatch(Image& img, int x, int y, const Entry& e, const Metrics& m) {
  const int b = m.box;
  img.fill_rect(x, y, b, b, kSwatchOutline);
  const int ix = x + 1, iy = y + 1, is = b - 2;
  const Rgb floor = terrain_colour(Terrain::Floor);
  switch (e.swatch) {
    case Swatch::Terrain: img.fill_rect(ix, iy, is, is, e.colour); break;
    case Swatch::Objective:
      img.fill_rect(ix, iy, is, is, kMarkOutline);
      img.fill_rect(ix + 1, iy + 1, is - 2, is - 2, e.colour);
      break;
    case Swatch::Regions:
      for (int k = 0; k < 3; ++k)
        img.fill_rect(ix + k * is / 3, iy, (k + 1) * is / 3 - k * is / 3, is, region_colour(k));
      break;
    case Swatch::Route:
      img.fill_rect(ix, iy, is, is, floor);
      img.fill_rect(ix, iy + (is - m.font) / 2, is, m.font, e.colour);
      break;
    case Swatch::DeadEnd:
      img.fill_rect(ix, iy, is, is, floor);
      draw_dead_end(img, ix, iy, is);
      break;
    case Swatch::Chokepoint:
      img.fill_rect(ix, iy, is, is, floor);
      draw_chokepoint(img, ix, iy, is);
      break;
    case Swatch::Unreachable:
      img.fill_rect(ix, iy, is, is, floor);
      draw_hatch(img, ix, iy, is);
      break;
    case Swatch::Heatmap: break;
  }
}

void draw_legend(Image& img, const Legend& l, int top) {
  const Metrics& m = l.m;
  const int text_dy = (m.box - text_height(m.font)) / 2;
  for (size_t i = 0; i < l.entries.size(); ++i) {
    const Entry& e = l.entries[i];
    int x = l.at[i].x;
    const int y = top + l.at[i].y;
    if (e.swatch == Swatch::Heatmap) {
      draw_text(img, x, y + text_dy, e.label, kLegendText, m.font);
      x += text_width(e.label, m.font) + m.gap;
      img.fill_rect(x, y, m.bar, m.box, kSwatchOutline);
      const int inner = m.bar - 2;
      for (int k = 0; k < inner; ++k) {
        const double t = inner > 1 ? static_cast<double>(k) / (inner - 1) : 0.0;
        img.fill_rect(x + 1 + k, y + 1, 1, m.box - 2, heat_colour(t));
      }
      x += m.bar + m.gap;
      draw_text(img, x, y + text_dy, e.max_label, kLegendText, m.font);
    } else {
      draw_swatch(img, x, y, e, m);
      draw_text(img, x + m.box + m.gap, y + text_dy, e.label, kLegendText, m.font);
    }
  }
}

// --- checks ----------------------------------------------------------------------------------

std::string limits_text() {
  return std::to_string(kMaxImageSide) + " pixels per side and " + std::to_string(kMaxImagePixels) + " pixels";
}

bool fits(int64_t w, int64_t h) { return w <= kMaxImageSide && h <= kMaxImageSide && w * h <= kMaxImagePixels; }

FieldProblem legend_problem(int width, int height, int scale, int legend_height) {
  return {"--legend", "true",
          "room for a legend strip of " + std::to_string(legend_height) + " pixels under the " + std::to_string(width) +
              "x" + std::to_string(height) + " map at --scale " + std::to_string(scale) + ": a PNG is limited to " +
              limits_text()};
}

std::string shape(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

void check_inputs(const Dungeon& d, const ValidationReport& report, const MapAnalysis& analysis, const OverlaySet& on) {
  const int w = d.tiles.width(), h = d.tiles.height();
  if (has(on, Overlay::Regions) || has(on, Overlay::Unreachable)) {
    if (!report.region_map)
      throw InvalidArgument(FieldProblem{"report", "a report without its region map",
                                         "one made with ValidateOptions::keep_maps, for the regions and unreachable "
                                         "overlays"});
    const Grid<int32_t>& labels = report.region_map->labels;
    if (labels.width() != w || labels.height() != h)
      throw InvalidArgument(FieldProblem{"report", "the report of a " + shape(labels.width(), labels.height()) + " map",
                                         "the report of this " + shape(w, h) + " map"});
  }
  if (has(on, Overlay::Heatmap)) {
    if (!report.distances)
      throw InvalidArgument(FieldProblem{"report", "a report without its distance map",
                                         "one made with ValidateOptions::keep_maps, for the heatmap overlay"});
    const Grid<double>& dist = report.distances->dist;
    if (dist.width() != w || dist.height() != h)
      throw InvalidArgument(
          FieldProblem{"report distances", shape(dist.width(), dist.height()), "the " + shape(w, h) + " map's"});
  }
  auto check_points = [&](const std::vector<Point>& pts, const char* what) {
    for (Point p : pts)
      if (!d.tiles.in_bounds(p))
        throw InvalidArgument(FieldProblem{what, to_string(p), "inside the " + shape(w, h) + " map"});
  };
  if (has(on, Overlay::DeadEnds)) check_points(analysis.dead_ends, "analysis dead end");
  if (has(on, Overlay::Chokepoints)) check_points(analysis.chokepoints, "analysis chokepoint");
  if (has(on, Overlay::Routes))
    for (const ObjectiveReport& r : report.objectives) check_points(r.route, "report route point");
  if (has(on, Overlay::Walkthrough) && report.solution)
    for (const WalkStep& st : report.solution->walkthrough) check_points(st.route, "walkthrough route point");
}

}  // namespace

namespace {

// In the order of kAllOverlays, the order the "expected" list names them.
constexpr detail::EnumNames<Overlay, 7> kOverlayNames = {{{Overlay::Regions, "regions"},
                                                          {Overlay::Routes, "routes"},
                                                          {Overlay::Heatmap, "heatmap"},
                                                          {Overlay::DeadEnds, "dead-ends"},
                                                          {Overlay::Chokepoints, "chokepoints"},
                                                          {Overlay::Unreachable, "unreachable"},
                                                          {Overlay::Walkthrough, "walkthrough"}}};
static_assert([] {
  if (std::size(kAllOverlays) != kOverlayNames.size()) return false;
  for (size_t i = 0; i < kOverlayNames.size(); ++i)
    if (kAllOverlays[i] != kOverlayNames[i].value) return false;
  return true;
}());

}  // namespace

std::string_view overlay_name(Overlay o) { return detail::enum_name(kOverlayNames, o); }

std::vector<Overlay> parse_overlays(std::string_view list, const std::string& flag) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
  };
  auto bad = [&](std::string_view value) {
    return InvalidArgument(FieldProblem{flag, std::string(value),
                                        "a comma-separated list of " + detail::enum_list(kOverlayNames) + " or all"});
  };
  OverlaySet on{};
  if (trim(list).empty()) return {};
  size_t pos = 0;
  while (true) {
    const size_t comma = list.find(',', pos);
    const size_t len = comma == std::string_view::npos ? std::string_view::npos : comma - pos;
    const std::string_view item = trim(list.substr(pos, len));
    if (item.empty()) throw bad(list);
    if (item == "all") {
      on.fill(true);
    } else {
      const std::optional<Overlay> o = detail::enum_value(kOverlayNames, item);
      if (!o) throw bad(item);
      on[static_cast<size_t>(*o)] = true;
    }
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  std::vector<Overlay> out;
  for (Overlay o : kAllOverlays)
    if (has(on, o)) out.push_back(o);
  return out;
}

void check_annotate_options(const AnnotateOptions& o, int width, int height) {
  std::vector<FieldProblem> problems;
  bool scale_ok = true;
  try {
    check_image_scale(width, height, o.scale, "--scale");
  } catch (const InvalidArgument& e) {
    append_problems(problems, e.problems());
    scale_ok = false;
  }
  if (o.grid && o.scale < 4)
    problems.push_back(
        {"--grid", "true", "--scale of at least 4 to show grid lines, not --scale = " + std::to_string(o.scale)});
  if (o.legend && scale_ok) {
    const Legend l = lay_out(largest_legend_entries(), width * o.scale);
    if (!fits(l.width, int64_t{height} * o.scale + l.height))
      problems.push_back(legend_problem(width, height, o.scale, l.height));
  }
  throw_if_problems(problems);
}

ImageSize annotated_size(const Dungeon& d, const ValidationReport& report, const MapAnalysis& analysis,
                         const AnnotateOptions& o) {
  check_annotate_options(o, d.tiles.width(), d.tiles.height());
  const int mw = d.tiles.width() * o.scale, mh = d.tiles.height() * o.scale;
  if (!o.legend) return {mw, mh};
  check_inputs(d, report, analysis, overlay_set(o.overlays));
  const Legend l = lay_out(legend_entries(d, report, analysis, overlay_set(o.overlays)), mw);
  return {l.width, mh + l.height};
}

Image render_annotated(const Dungeon& d, const ValidationReport& report, const MapAnalysis& analysis,
                       const AnnotateOptions& o) {
  const int w = d.tiles.width(), h = d.tiles.height(), s = o.scale;
  check_annotate_options(o, w, h);
  const OverlaySet on = overlay_set(o.overlays);
  check_inputs(d, report, analysis, on);

  Image img = render_preview(d, {s});

  // Cell tints.
  if (has(on, Overlay::Regions))
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int32_t r = report.region_map->labels(x, y);
        if (r != kNoRegion) img.blend_rect(x * s, y * s, s, s, region_colour(r), kRegionAlpha);
      }
  if (has(on, Overlay::Heatmap)) {
    const double max = largest_distance(*report.distances);
    const Grid<double>& dist = report.distances->dist;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const double v = dist(x, y);
        if (v == kUnreached) continue;
        img.blend_rect(x * s, y * s, s, s, heat_colour(max > 0 ? v / max : 0.0), kHeatAlpha);
      }
  }
  if (has(on, Overlay::Unreachable)) {
    // As render_validation: outside the start's region (every passable cell without a start).
    const Grid<int32_t>& labels = report.region_map->labels;
    const std::optional<Point> start = d.find(ObjectiveKind::Start);
    const int32_t start_region = start && d.tiles.in_bounds(*start) ? labels[*start] : kNoRegion;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int32_t r = labels(x, y);
        if (r != kNoRegion && r != start_region) draw_hatch(img, x * s, y * s, s);
      }
  }
  if (o.grid) draw_grid(img, w, h, s);

  // Lines and marks.
  if (has(on, Overlay::Routes))
    for (const ObjectiveReport& r : report.objectives)
      if (r.reachable && r.route.size() > 1) draw_path(img, r.route, s, objective_colour(r.objective.kind));
  if (has(on, Overlay::DeadEnds))
    for (Point p : analysis.dead_ends) draw_dead_end(img, p.x * s, p.y * s, s);
  if (has(on, Overlay::Chokepoints))
    for (Point p : analysis.chokepoints) draw_chokepoint(img, p.x * s, p.y * s, s);
  if (has(on, Overlay::Walkthrough) && report.solution) draw_walkthrough(img, *report.solution, s);
  for (const Objective& ob : d.objectives)
    if (d.tiles.in_bounds(ob.pos)) draw_marker(img, ob, s);

  if (!o.legend) return img;
  const Legend l = lay_out(legend_entries(d, report, analysis, on), img.width);
  if (!fits(l.width, int64_t{img.height} + l.height)) throw InvalidArgument(legend_problem(w, h, s, l.height));
  const int top = img.height;
  if (l.width == img.width) {
    // The usual case: grow the image downwards in place rather than copy a large map.
    img.height += l.height;
    img.rgb.resize(static_cast<size_t>(img.width) * static_cast<size_t>(img.height) * 3);
    img.fill_rect(0, top, img.width, l.height, kLegendBackground);
  } else {
    Image wide(l.width, img.height + l.height, kLegendBackground);
    for (int y = 0; y < top; ++y)
      std::memcpy(wide.rgb.data() + static_cast<size_t>(y) * static_cast<size_t>(wide.width) * 3,
                  img.rgb.data() + static_cast<size_t>(y) * static_cast<size_t>(img.width) * 3,
                  static_cast<size_t>(img.width) * 3);
    img = std::move(wide);
  }
  draw_legend(img, l, top);
  return img;
}

}  // namespace catacomb
