// Drawing over a preview: the region palette (20 colours, by label modulo 20), routes as
// Bresenham lines between tile centres, and the search picture (visited and frontier cells
// blended over the bare map, the route, the start and goal markers).
#include <catacomb/render/overlay.hpp>

#include <algorithm>
#include <cstdlib>

namespace catacomb {
namespace {

constexpr Rgb kPalette[] = {{230, 25, 75},   {60, 180, 75},   {255, 225, 25},  {0, 130, 200},   {245, 130, 48},
                            {145, 30, 180},  {70, 240, 240},  {240, 50, 230},  {210, 245, 60},  {250, 190, 212},
                            {0, 128, 128},   {220, 190, 255}, {170, 110, 40},  {255, 250, 200}, {128, 0, 0},
                            {170, 255, 195}, {128, 128, 0},   {255, 215, 180}, {0, 0, 128},     {128, 128, 128}};

void draw_line(Image& img, int x0, int y0, int x1, int y1, int thick, Rgb c) {
  // Bresenham between pixel centres.
  const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
  const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  int err = dx + dy;
  while (true) {
    img.fill_rect(x0 - thick / 2, y0 - thick / 2, thick, thick, c);
    if (x0 == x1 && y0 == y1) break;
    const int e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x0 += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y0 += sy;
    }
  }
}

}  // namespace

Rgb region_colour(int32_t label) {
  constexpr auto n = static_cast<int32_t>(sizeof(kPalette) / sizeof(kPalette[0]));
  return kPalette[static_cast<size_t>(((label % n) + n) % n)];
}

void draw_path(Image& img, const std::vector<Point>& path, int scale, Rgb colour) {
  const int thick = scale >= 8 ? 2 : 1;
  const int half = scale / 2;
  if (path.size() == 1)
    img.fill_rect(path[0].x * scale + half - thick / 2, path[0].y * scale + half - thick / 2, thick, thick, colour);
  for (size_t i = 1; i < path.size(); ++i)
    draw_line(img, path[i - 1].x * scale + half, path[i - 1].y * scale + half, path[i].x * scale + half,
              path[i].y * scale + half, thick, colour);
}

Image render_search(const Dungeon& d, const std::vector<Point>& visited, const std::vector<Point>& frontier,
                    const std::vector<Point>& path, Point start, Point goal, int scale) {
  Dungeon bare = d;
  bare.objectives.clear();
  Image img = render_preview(bare, {scale});
  for (const Point& p : visited) img.blend_rect(p.x * scale, p.y * scale, scale, scale, {40, 90, 230}, 110);
  for (const Point& p : frontier) img.blend_rect(p.x * scale, p.y * scale, scale, scale, {255, 150, 30}, 150);
  draw_path(img, path, scale, {255, 255, 255});
  if (d.tiles.in_bounds(start)) draw_marker(img, {ObjectiveKind::Start, start}, scale);
  if (d.tiles.in_bounds(goal)) draw_marker(img, {ObjectiveKind::Exit, goal}, scale);
  return img;
}

}  // namespace catacomb
