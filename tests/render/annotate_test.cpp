#include <catacomb/render/annotate.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include <catacomb/core/error.hpp>
#include <catacomb/generator/caves.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/render/overlay.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

// Two rooms joined by a corridor (chokepoints), a pillar in the right room (a loop), a one-cell
// stub below it (a dead end) and a closed room at the bottom left that cannot be reached.
const char* kMap =
    "##############\n"
    "#<..##########\n"
    "#...,,,.....##\n"
    "#...###.#...##\n"
    "#...###...>.##\n"
    "#######.######\n"
    "#...##########\n"
    "#...##########\n"
    "##############\n";

// The report with its region and distance maps, which the overlays draw.
ValidateOptions with_maps() {
  ValidateOptions o;
  o.keep_maps = true;
  return o;
}

struct Fixture {
  Dungeon d = read_ascii(kMap);
  ValidationReport report = validate_dungeon(d, with_maps());
  MapAnalysis analysis = analyse_map(d, report);
};

AnnotateOptions options(std::vector<Overlay> overlays, bool legend = false, int scale = 4) {
  AnnotateOptions o;
  o.scale = scale;
  o.overlays = std::move(overlays);
  o.legend = legend;
  return o;
}

// True when any pixel of tile (x, y) differs between the two images.
bool tile_differs(const Image& a, const Image& b, Point p, int s) {
  for (int y = p.y * s; y < (p.y + 1) * s; ++y)
    for (int x = p.x * s; x < (p.x + 1) * s; ++x)
      if (a.get(x, y) != b.get(x, y)) return true;
  return false;
}

bool tile_has(const Image& img, Point p, int s, Rgb c) {
  for (int y = p.y * s; y < (p.y + 1) * s; ++y)
    for (int x = p.x * s; x < (p.x + 1) * s; ++x)
      if (img.get(x, y) == c) return true;
  return false;
}

// --- parse_overlays --------------------------------------------------------------------------

TEST(AnnotateTest, ParsesEachOverlayNameAndAll) {
  for (Overlay o : kAllOverlays) EXPECT_EQ(parse_overlays(overlay_name(o)), std::vector<Overlay>{o});
  EXPECT_EQ(parse_overlays("all"), std::vector<Overlay>(std::begin(kAllOverlays), std::end(kAllOverlays)));
  EXPECT_EQ(parse_overlays(""), std::vector<Overlay>{});
  // Fixed order, once each, spaces ignored.
  EXPECT_EQ(parse_overlays("unreachable, regions,unreachable"),
            (std::vector<Overlay>{Overlay::Regions, Overlay::Unreachable}));
  EXPECT_EQ(parse_overlays("dead-ends,all").size(), 7u);
}

TEST(AnnotateTest, RejectsAnUnknownOverlayNamingIt) {
  try {
    parse_overlays("regions,foo,routes");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(),
                 "--overlay = foo (expected a comma-separated list of regions, routes, heatmap, dead-ends, "
                 "chokepoints, unreachable, walkthrough or all)");
  }
  try {
    parse_overlays("regions,,routes", "overlays");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("overlays = regions,,routes (expected", 0), 0u) << e.what();
  }
}

// --- options ---------------------------------------------------------------------------------

TEST(AnnotateTest, RefusesGridLinesAtSmallScales) {
  AnnotateOptions o;
  o.grid = true;
  o.scale = 3;
  try {
    check_annotate_options(o, 20, 10);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "--grid = true (expected --scale of at least 4 to show grid lines, not --scale = 3)");
  }
  o.scale = 4;
  EXPECT_NO_THROW(check_annotate_options(o, 20, 10));
}

TEST(AnnotateTest, RefusesImagesBeyondTheLimitsIncludingTheLegend) {
  AnnotateOptions o;
  o.scale = 0;
  EXPECT_THROW(check_annotate_options(o, 20, 10), InvalidArgument);
  o.scale = 4;
  try {
    check_annotate_options(o, 16384, 100);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--scale = 4 (expected at most 2", 0), 0u) << e.what();
  }
  // The map alone fits exactly; its legend strip would not.
  o.scale = 1;
  o.legend = true;
  try {
    check_annotate_options(o, 8192, 32768);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--legend = true (expected room for a legend strip of ", 0), 0u) << e.what();
  }
  o.legend = false;
  EXPECT_NO_THROW(check_annotate_options(o, 8192, 32768));
}

// --- sizes -----------------------------------------------------------------------------------

TEST(AnnotateTest, WithoutLegendOrOverlaysIsThePlainPreview) {
  Fixture f;
  for (int s : {1, 3, 4, 7}) {
    const Image img = render_annotated(f.d, f.report, f.analysis, options({}, false, s));
    const Image plain = render_preview(f.d, {s});
    EXPECT_EQ(img.width, plain.width);
    EXPECT_EQ(img.height, plain.height);
    EXPECT_EQ(img.rgb, plain.rgb) << "scale " << s;
  }
}

TEST(AnnotateTest, AddsALegendStripUnderTheMap) {
  Fixture f;
  const int s = 4;
  const Image plain = render_preview(f.d, {s});
  for (const std::vector<Overlay>& ov : {std::vector<Overlay>{}, parse_overlays("all")}) {
    const AnnotateOptions o = options(ov, true, s);
    const Image img = render_annotated(f.d, f.report, f.analysis, o);
    const ImageSize size = annotated_size(f.d, f.report, f.analysis, o);
    EXPECT_EQ(img.width, size.width);
    EXPECT_EQ(img.height, size.height);
    EXPECT_GE(img.width, plain.width);
    EXPECT_GT(img.height, plain.height);
    if (ov.empty()) {
      // The map part is the plain preview; right of it and below it, the legend's background
      // and its entries.
      for (int y = 0; y < plain.height; ++y)
        for (int x = 0; x < plain.width; ++x) ASSERT_EQ(img.get(x, y), plain.get(x, y)) << x << "," << y;
    }
    for (int y = 0; y < plain.height; ++y)
      for (int x = plain.width; x < img.width; ++x) ASSERT_EQ(img.get(x, y), (Rgb{28, 28, 32}));
  }
  // More entries: the strip grows (the fixture's 56-pixel map wraps them onto more lines).
  const ImageSize few = annotated_size(f.d, f.report, f.analysis, options({}, true, s));
  const ImageSize all = annotated_size(f.d, f.report, f.analysis, options(parse_overlays("all"), true, s));
  EXPECT_GT(all.height, few.height);
}

TEST(AnnotateTest, WidensANarrowMapForItsLegend) {
  const Dungeon d = read_ascii("#<#\n#>#\n");
  const ValidationReport r = validate_dungeon(d, with_maps());
  const MapAnalysis a = analyse_map(d, r);
  const Image img = render_annotated(d, r, a, options(parse_overlays("all"), true, 1));
  EXPECT_GT(img.width, 3);
  // The widest entry fits: the heatmap's gradient bar is 30 pixels at font scale 1.
  EXPECT_GT(img.width, 30);
  for (int y = 0; y < 2; ++y)
    for (int x = 3; x < img.width; ++x) ASSERT_EQ(img.get(x, y), (Rgb{28, 28, 32}));
}

TEST(AnnotateTest, KeepsAWideMapsWidthAndUsesTheLargerFont) {
  Dungeon d = generate_caves(120, 40, CaveConfig{}, 3);
  const ValidationReport r = validate_dungeon(d, with_maps());
  const MapAnalysis a = analyse_map(d, r);
  const ImageSize small = annotated_size(d, r, a, options(parse_overlays("all"), true, 3));  // 360 px: font 1
  const ImageSize large = annotated_size(d, r, a, options(parse_overlays("all"), true, 4));  // 480 px: font 2
  EXPECT_EQ(small.width, 360);
  EXPECT_EQ(large.width, 480);
  EXPECT_GT(large.height - 160, small.height - 120);
  // The map part is the plain preview, the strip under it holds text.
  const Image img = render_annotated(d, r, a, options({}, true, 4));
  const Image plain = render_preview(d, {4});
  ASSERT_EQ(img.width, plain.width);
  EXPECT_TRUE(std::equal(plain.rgb.begin(), plain.rgb.end(), img.rgb.begin()));
  int text = 0;
  for (int y = plain.height; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) text += img.get(x, y) == Rgb{225, 225, 225} ? 1 : 0;
  EXPECT_GT(text, 100);
}

// --- overlays --------------------------------------------------------------------------------

TEST(AnnotateTest, MarksChokepointsAndDeadEnds) {
  Fixture f;
  ASSERT_FALSE(f.analysis.chokepoints.empty());
  ASSERT_FALSE(f.analysis.dead_ends.empty());
  const int s = 8;
  const Image plain = render_preview(f.d, {s});
  const Image choke = render_annotated(f.d, f.report, f.analysis, options({Overlay::Chokepoints}, false, s));
  const Image dead = render_annotated(f.d, f.report, f.analysis, options({Overlay::DeadEnds}, false, s));
  for (Point p : f.analysis.chokepoints) {
    EXPECT_TRUE(tile_differs(choke, plain, p, s)) << to_string(p);
    EXPECT_TRUE(tile_has(choke, p, s, {235, 0, 235})) << to_string(p);
  }
  for (Point p : f.analysis.dead_ends) {
    bool objective = false;
    for (const Objective& o : f.d.objectives) objective |= o.pos == p;
    if (objective) {
      EXPECT_FALSE(tile_differs(dead, plain, p, s)) << "markers stay on top at " << to_string(p);
    } else {
      EXPECT_TRUE(tile_has(dead, p, s, {255, 140, 0})) << to_string(p);
    }
  }
  // A room cell that is neither keeps its plain pixels.
  EXPECT_FALSE(tile_differs(choke, plain, {2, 3}, s));
  EXPECT_FALSE(tile_differs(dead, plain, {2, 3}, s));
}

TEST(AnnotateTest, CrossHatchesUnreachableCellsInRed) {
  Fixture f;
  const int s = 4;
  const Image img = render_annotated(f.d, f.report, f.analysis, options({Overlay::Unreachable}, false, s));
  const Image plain = render_preview(f.d, {s});
  // The closed room at the bottom left cannot be reached; the start's room can.
  EXPECT_EQ(img.get(1 * s, 6 * s), (Rgb{200, 0, 0}));
  EXPECT_EQ(img.get(3 * s + s - 1, 7 * s), (Rgb{200, 0, 0}));
  EXPECT_FALSE(tile_differs(img, plain, {2, 2}, s));
  EXPECT_FALSE(tile_differs(img, plain, {0, 0}, s));  // walls are never hatched
}

TEST(AnnotateTest, TintsRegionsAndColoursReachableCellsByDistance) {
  Fixture f;
  const int s = 4;
  const Image plain = render_preview(f.d, {s});
  const Image regions = render_annotated(f.d, f.report, f.analysis, options({Overlay::Regions}, false, s));
  const Image heat = render_annotated(f.d, f.report, f.analysis, options({Overlay::Heatmap}, false, s));
  EXPECT_TRUE(tile_differs(regions, plain, {2, 2}, s));
  EXPECT_TRUE(tile_differs(regions, plain, {2, 6}, s));             // the closed room is a region too
  EXPECT_NE(regions.get(2 * s, 2 * s), regions.get(2 * s, 6 * s));  // in another colour
  EXPECT_FALSE(tile_differs(regions, plain, {0, 0}, s));
  // The heatmap: reached cells change, a near and a far cell differ, unreached ones do not.
  EXPECT_TRUE(tile_differs(heat, plain, {2, 2}, s));
  EXPECT_NE(heat.get(2 * s, 1 * s), heat.get(11 * s, 2 * s));
  EXPECT_FALSE(tile_differs(heat, plain, {2, 6}, s));
  EXPECT_FALSE(tile_differs(heat, plain, {0, 0}, s));
}

TEST(AnnotateTest, DrawsRoutesInTheirObjectivesColours) {
  Fixture f;
  const int s = 8;
  const Image img = render_annotated(f.d, f.report, f.analysis, options({Overlay::Routes}, false, s));
  const Image plain = render_preview(f.d, {s});
  const Rgb exit = objective_colour(ObjectiveKind::Exit);
  const ObjectiveReport& r = f.report.objectives[1];
  ASSERT_TRUE(r.reachable);
  // Every cell strictly between start and exit carries a piece of the exit-coloured line.
  for (size_t i = 1; i + 1 < r.route.size(); ++i) EXPECT_TRUE(tile_has(img, r.route[i], s, exit)) << i;
  EXPECT_FALSE(tile_differs(img, plain, {2, 3}, s));
}

TEST(AnnotateTest, DrawsGridLinesOnTileBoundaries) {
  Fixture f;
  const int s = 6;
  AnnotateOptions o = options({}, false, s);
  o.grid = true;
  const Image img = render_annotated(f.d, f.report, f.analysis, o);
  const Image plain = render_preview(f.d, {s});
  // Inside the left room (tiles 1..3 x 3..4, clear of the start's marker, which spills onto the
  // tiles around it at this scale): the first pixel row and column of each tile darker, the
  // rest untouched.
  for (int y = 3 * s; y < 5 * s; ++y)
    for (int x = 1 * s; x < 4 * s; ++x) {
      const bool line = x % s == 0 || y % s == 0;
      if (line) {
        const Rgb p = plain.get(x, y), g = img.get(x, y);
        EXPECT_LT(g[0], p[0]) << x << "," << y;
      } else {
        EXPECT_EQ(img.get(x, y), plain.get(x, y)) << x << "," << y;
      }
    }
  // No line on the image's outer edges.
  EXPECT_EQ(img.get(0, 10), plain.get(0, 10));
  EXPECT_EQ(img.get(10, 0), plain.get(10, 0));
}

TEST(AnnotateTest, KeepsObjectiveMarkersOnTop) {
  Fixture f;
  const int s = 8;
  AnnotateOptions o = options(parse_overlays("all"), false, s);
  o.grid = true;
  const Image img = render_annotated(f.d, f.report, f.analysis, o);
  const Image plain = render_preview(f.d, {s});
  // Every pixel of each marker's shape is the preview's: nothing is drawn over it.
  const int side = std::max(s, kMinMarkerSide);
  for (const Objective& ob : f.d.objectives) {
    const int x0 = ob.pos.x * s + s / 2 - side / 2, y0 = ob.pos.y * s + s / 2 - side / 2;
    int covered = 0;
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x)
        if (marker_shape_covers(ob.kind, x, y, side)) {
          ++covered;
          EXPECT_EQ(img.get(x0 + x, y0 + y), plain.get(x0 + x, y0 + y)) << to_string(ob.pos) << " " << x << "," << y;
          EXPECT_EQ(img.get(x0 + x, y0 + y), objective_colour(ob.kind));
        }
    EXPECT_GT(covered, 20) << to_string(ob.pos);
  }
}

TEST(AnnotateTest, IsDeterministic) {
  Dungeon d = generate_caves(90, 60, CaveConfig{}, 8);
  d.objectives.push_back({ObjectiveKind::Start, d.tiles.point(d.tiles.size() / 2)});
  const ValidationReport r = validate_dungeon(d, with_maps());
  const MapAnalysis a = analyse_map(d, r);
  AnnotateOptions o = options(parse_overlays("all"), true, 5);
  o.grid = true;
  const std::string first = encode_png(render_annotated(d, r, a, o));
  EXPECT_EQ(first, encode_png(render_annotated(d, r, a, o)));
  const test::DecodedPng png = test::decode_png(first);
  EXPECT_EQ(png.width, 450);
  EXPECT_GT(png.height, 300);
}

TEST(AnnotateTest, NamesTheMissingMapsOfAReportWithoutThem) {
  Fixture f;
  const ValidationReport summary = validate_dungeon(f.d);
  EXPECT_FALSE(summary.region_map.has_value());
  EXPECT_FALSE(summary.distances.has_value());
  try {
    render_annotated(f.d, summary, f.analysis, options({Overlay::Heatmap}));
    FAIL();
  } catch (const InvalidArgument& e) {
    ASSERT_EQ(e.problems().size(), 1u);
    EXPECT_EQ(e.problems()[0].field, "report");
    EXPECT_EQ(e.problems()[0].value, "a report without its distance map");
  }
  EXPECT_THROW(render_annotated(f.d, summary, f.analysis, options({Overlay::Regions})), InvalidArgument);
  EXPECT_THROW(annotated_size(f.d, summary, f.analysis, options({Overlay::Unreachable}, true)), InvalidArgument);
  // Routes, dead ends and chokepoints need no map: the same picture as from the full report.
  const AnnotateOptions o = options({Overlay::Routes, Overlay::DeadEnds, Overlay::Chokepoints}, true);
  EXPECT_EQ(encode_png(render_annotated(f.d, summary, f.analysis, o)),
            encode_png(render_annotated(f.d, f.report, f.analysis, o)));
}

TEST(AnnotateTest, RefusesAReportOfAnotherMap) {
  Fixture f;
  const Dungeon other = read_ascii("####\n#<>#\n####\n");
  const ValidationReport r = validate_dungeon(other, with_maps());
  EXPECT_THROW(render_annotated(f.d, r, f.analysis, options({Overlay::Regions})), InvalidArgument);
  EXPECT_THROW(render_annotated(f.d, r, f.analysis, options({Overlay::Heatmap})), InvalidArgument);
  MapAnalysis bad = f.analysis;
  bad.chokepoints.push_back({40, 3});
  try {
    render_annotated(f.d, f.report, bad, options({Overlay::Chokepoints}));
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "analysis chokepoint = 40,3 (expected inside the 14x9 map)");
  }
}

TEST(AnnotateTest, TheWalkthroughOverlayNumbersTheSteps) {
  const Dungeon d = read_ascii("#############\n#<a.Ab.Bc.C>#\n#############\n");
  ValidateOptions vo;
  const ValidationReport report = validate_dungeon(d, vo);
  ASSERT_TRUE(report.solution);
  const MapAnalysis analysis = analyse_map(d, report, vo);
  const int s = 10;
  const Image img = render_annotated(d, report, analysis, options({Overlay::Walkthrough}, false, s));
  const Image plain = render_preview(d, {s});
  // Step 1 ends on key 1 at (2,1): its label box touches the cell's top-right corner from
  // outside, dark, with white digit pixels in it.
  const int x0 = 3 * s, y0 = 0;
  EXPECT_EQ(img.get(x0, y0), (Rgb{20, 20, 24}));
  bool white = false;
  for (int y = y0; y < y0 + 14; ++y)
    for (int x = x0; x < x0 + 10; ++x) white |= img.get(x, y) == Rgb{255, 255, 255};
  EXPECT_TRUE(white);
  EXPECT_NE(img.rgb, plain.rgb);
  // Without a solution in the report there is nothing to draw.
  ValidationReport bare = report;
  bare.solution.reset();
  EXPECT_EQ(render_annotated(d, bare, analysis, options({Overlay::Walkthrough}, false, s)).rgb, plain.rgb);
  // The legend names the locks present and the walkthrough.
  EXPECT_GT(annotated_size(d, report, analysis, options({Overlay::Walkthrough}, true, s)).height, 3 * s);
}

}  // namespace
}  // namespace catacomb
