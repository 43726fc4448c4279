// Side-view pictures: the preview, then moves drawn as polylines through their cells' centres
// (render/overlay's draw_path), so a jump's arc reads as up, across and down.
#include <catacomb/render/platformer_image.hpp>

#include <catacomb/render/overlay.hpp>

namespace catacomb {

Rgb move_colour(MoveKind k) {
  switch (k) {
    case MoveKind::Walk: return {250, 250, 250};
    case MoveKind::Climb: return {60, 200, 90};
    case MoveKind::Fall:
    case MoveKind::Drop: return {70, 140, 240};
    case MoveKind::Jump: return {255, 150, 30};
  }
  return {255, 0, 255};
}

namespace {

void draw_move(Image& img, const Move& m, int scale) {
  std::vector<Point> cells{m.from};
  for (Point p : move_cells(m)) cells.push_back(p);
  draw_path(img, cells, scale, move_colour(m.kind));
}

}  // namespace

Image render_platformer_route(const Dungeon& d, const std::vector<Move>& moves, int scale) {
  check_image_scale(d.tiles.width(), d.tiles.height(), scale);
  Image img = render_preview(d, {scale});
  for (const Move& m : moves) draw_move(img, m, scale);
  if (!moves.empty()) {
    draw_marker(img, {ObjectiveKind::Start, moves.front().from}, scale);
    draw_marker(img, {ObjectiveKind::Exit, moves.back().to}, scale);
  }
  return img;
}

Image render_nav_graph(const Dungeon& d, const NavGraph& g, const PlatformerReport* report, int scale) {
  check_image_scale(d.tiles.width(), d.tiles.height(), scale);
  Image img = render_preview(d, {scale});
  if (report)
    for (const SoftlockArea& a : report->softlocks)
      for (Point p : a.cells) img.blend_rect(p.x * scale, p.y * scale, scale, scale, {230, 30, 40}, 150);
  // Jumps first, blended at 40 % so that the many arcs do not hide the rest; then falls and
  // drops; then walks and climbs on top.
  Image arcs = img;
  for (int n = 0; n < g.node_count(); ++n)
    for (const NavEdge& e : g.edges(n))
      if (e.kind == MoveKind::Jump) draw_move(arcs, g.move(n, e), scale);
  for (size_t i = 0; i < img.rgb.size(); ++i) img.rgb[i] = static_cast<uint8_t>((3 * img.rgb[i] + 2 * arcs.rgb[i]) / 5);
  for (int pass = 0; pass < 2; ++pass)
    for (int n = 0; n < g.node_count(); ++n)
      for (const NavEdge& e : g.edges(n)) {
        const bool one_way = e.kind == MoveKind::Fall || e.kind == MoveKind::Drop;
        const bool ground = e.kind == MoveKind::Walk || e.kind == MoveKind::Climb;
        if (pass == 0 ? one_way : ground) draw_move(img, g.move(n, e), scale);
      }
  const int dot = scale >= 6 ? 2 : 1;
  for (int n = 0; n < g.node_count(); ++n) {
    const Point p = g.cell(n);
    img.fill_rect(p.x * scale + scale / 2 - dot / 2, p.y * scale + scale / 2 - dot / 2, dot, dot, {20, 20, 20});
  }
  for (const Objective& o : d.objectives)
    if (d.tiles.in_bounds(o.pos)) draw_marker(img, o, scale);
  return img;
}

}  // namespace catacomb
