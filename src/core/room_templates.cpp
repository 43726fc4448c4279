// Room templates: orientation (mirror, then quarter turns clockwise; every cell, socket, spot and
// chance cell moved by the one point map oriented_point), the set's hash (FNV-1a over everything
// that shapes a dungeon, in order) and the lint behind `catacomb templates check`. The lint's
// reachability is a 4-neighbour flood per template from its first socket over open ground (chance
// cells as wall, sockets as doors): O(cells) per template. Deterministic: templates in order,
// problems in the order found.
#include <catacomb/core/room_templates.hpp>

#include <algorithm>
#include <set>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include "shared/core/enum_names.hpp"

namespace catacomb {
namespace {

constexpr detail::EnumNames<Side, 4> kSideNames = {
    {{Side::North, "north"}, {Side::East, "east"}, {Side::South, "south"}, {Side::West, "west"}}};

// The side after one quarter turn clockwise.
Side turned(Side s) { return static_cast<Side>((static_cast<int>(s) + 1) % 4); }
// The side after mirroring left to right.
Side mirrored(Side s) { return s == Side::East ? Side::West : s == Side::West ? Side::East : s; }

template <typename T>
Grid<T> oriented_grid(const Grid<T>& g, int o) {
  if (g.size() == 0) return g;
  const bool quarter = (o % 4) % 2 == 1;
  Grid<T> out(quarter ? g.height() : g.width(), quarter ? g.width() : g.height());
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) out[oriented_point({x, y}, g.width(), g.height(), o)] = g(x, y);
  return out;
}

void hash_bytes(uint64_t& h, const void* data, size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 0x100000001B3ull;
  }
}
void hash_int(uint64_t& h, int64_t v) {
  unsigned char b[8];
  for (int i = 0; i < 8; ++i) b[i] = static_cast<unsigned char>(static_cast<uint64_t>(v) >> (8 * i));
  hash_bytes(h, b, 8);
}
void hash_text(uint64_t& h, std::string_view s) {
  hash_int(h, static_cast<int64_t>(s.size()));
  hash_bytes(h, s.data(), s.size());
}

bool open_ground(Terrain t) { return t != Terrain::Wall; }

std::string cell_text(Point p) {
  std::string s = "(";  // appended, not "(" + ...: GCC 12's -Wrestrict misfires on the latter
  s.append(std::to_string(p.x)).append(",").append(std::to_string(p.y)).append(")");
  return s;
}

// The lint of one template's own fields and cells; `add` takes (cell in template cells or none,
// message).
template <typename Add>
void check_fields(const RoomTemplate& t, bool side_view, Add add) {
  if (!(t.weight > 0)) add(std::nullopt, "weight = " + format_number(t.weight) + " (expected a number > 0)");
  if (t.min_count < 0) add(std::nullopt, "min = " + std::to_string(t.min_count) + " (expected 0 or more)");
  if (t.max_count >= 0 && t.max_count < t.min_count)
    add(std::nullopt,
        "max = " + std::to_string(t.max_count) + " (expected at least min, " + std::to_string(t.min_count) + ")");
  if (side_view && t.rotate) add(std::nullopt, "rotate = true (expected false: side-view templates keep their up)");
  if (t.width() < 3 || t.height() < 3)
    add(std::nullopt, "size " + std::to_string(t.width()) + "x" + std::to_string(t.height()) +
                          " (expected at least 3x3 cells: an edge for the sockets round an inside)");
  if (t.sockets.empty()) add(std::nullopt, "no socket (expected at least one object of class socket on its edge)");
}

// Sockets on the edge and not on a corner; spots inside on open ground.
template <typename Add>
void check_cells(const RoomTemplate& t, Add add) {
  const int w = t.width(), h = t.height();
  for (const TemplateSocket& s : t.sockets) {
    const bool on_x_edge = s.pos.x == 0 || s.pos.x == w - 1, on_y_edge = s.pos.y == 0 || s.pos.y == h - 1;
    if (!t.tiles.in_bounds(s.pos) || !(on_x_edge || on_y_edge))
      add(s.pos, "socket not on the template's edge (expected a cell of its outer row or column)");
    else if (on_x_edge && on_y_edge)
      add(s.pos, "socket on a corner (expected an edge cell that is not a corner: a corner opens two ways)");
  }
  for (const TemplateSpot& s : t.spots) {
    if (!t.tiles.in_bounds(s.pos)) {
      add(s.pos, "spot outside the template");
    } else if (!open_ground(t.tiles[s.pos]) || (!(t.wall_chance.size() == 0) && t.wall_chance[s.pos] > 0)) {
      add(s.pos, std::string("spot on ") + (open_ground(t.tiles[s.pos]) ? "a chance cell" : "wall") +
                     " (expected open ground that is never wall)");
    }
  }
}

// Every socket and spot reachable from the first socket, through open ground that is never wall
// (sockets count as doors).
template <typename Add>
void check_reachable(const RoomTemplate& t, Add add) {
  if (t.sockets.empty() || !t.tiles.in_bounds(t.sockets.front().pos)) return;
  Grid<uint8_t> seen(t.width(), t.height(), 0);
  Grid<uint8_t> socket(t.width(), t.height(), 0);
  for (const TemplateSocket& s : t.sockets)
    if (t.tiles.in_bounds(s.pos)) socket[s.pos] = 1;
  auto open = [&](Point p) {
    if (socket[p]) return true;
    return open_ground(t.tiles[p]) && ((t.wall_chance.size() == 0) || t.wall_chance[p] == 0);
  };
  std::vector<Point> stack{t.sockets.front().pos};
  seen[stack.back()] = 1;
  while (!stack.empty()) {
    const Point p = stack.back();
    stack.pop_back();
    for (const Point d : {Point{1, 0}, Point{0, 1}, Point{-1, 0}, Point{0, -1}}) {
      const Point q{p.x + d.x, p.y + d.y};
      if (!t.tiles.in_bounds(q) || seen[q] || !open(q)) continue;
      // From a socket only inwards: two sockets side by side on an edge do not join through it.
      if (socket[p] && socket[q] && p != t.sockets.front().pos) continue;
      seen[q] = 1;
      stack.push_back(q);
    }
  }
  const std::string first = cell_text(t.sockets.front().pos);
  for (size_t i = 1; i < t.sockets.size(); ++i)
    if (t.tiles.in_bounds(t.sockets[i].pos) && !seen[t.sockets[i].pos])
      add(t.sockets[i].pos,
          "socket not reachable from the socket at " + first + " (expected a way over open ground that is never wall)");
  for (const TemplateSpot& s : t.spots)
    if (t.tiles.in_bounds(s.pos) && !seen[s.pos])
      add(s.pos, "spot not reachable from the socket at " + first + " (expected a way over open ground)");
}

}  // namespace

std::string_view side_name(Side s) { return detail::enum_name(kSideNames, s); }

Point step_out(Point p, Side s) {
  switch (s) {
    case Side::North: return {p.x, p.y - 1};
    case Side::East: return {p.x + 1, p.y};
    case Side::South: return {p.x, p.y + 1};
    case Side::West: return {p.x - 1, p.y};
  }
  return p;
}

bool RoomTemplate::has_tag(std::string_view tag) const {
  return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

bool orientation_allowed(const RoomTemplate& t, int o) {
  if (o < 0 || o >= kOrientations) return false;
  if (o >= 4 && !t.mirror) return false;
  return o % 4 == 0 || t.rotate;
}

Point oriented_point(Point p, int w, int h, int o) {
  if (o >= 4) p.x = w - 1 - p.x;
  for (int k = 0; k < o % 4; ++k) {
    p = {h - 1 - p.y, p.x};
    std::swap(w, h);
  }
  return p;
}

RoomTemplate oriented(const RoomTemplate& t, int o) {
  if (o < 0 || o >= kOrientations) throw InvalidArgument(FieldProblem{"orientation", std::to_string(o), "0 to 7"});
  RoomTemplate r = t;
  const int w = t.width(), h = t.height();
  r.tiles = oriented_grid(t.tiles, o);
  r.wall_chance = oriented_grid(t.wall_chance, o);
  for (TemplateSocket& s : r.sockets) {
    s.pos = oriented_point(s.pos, w, h, o);
    if (o >= 4) s.side = mirrored(s.side);
    for (int k = 0; k < o % 4; ++k) s.side = turned(s.side);
  }
  for (TemplateSpot& s : r.spots) s.pos = oriented_point(s.pos, w, h, o);
  return r;
}

uint64_t TemplateSet::hash() const {
  uint64_t h = 0xCBF29CE484222325ull;
  hash_int(h, side_view ? 1 : 0);
  hash_int(h, static_cast<int64_t>(templates.size()));
  for (const RoomTemplate& t : templates) {
    hash_text(h, t.name);
    hash_text(h, t.type);
    hash_text(h, format_number(t.weight));
    for (int v : {t.min_count, t.max_count, t.rotate ? 1 : 0, t.mirror ? 1 : 0, t.width(), t.height()}) hash_int(h, v);
    hash_int(h, static_cast<int64_t>(t.tags.size()));
    for (const std::string& tag : t.tags) hash_text(h, tag);
    hash_bytes(h, t.tiles.data(), t.tiles.size());
    hash_int(h, static_cast<int64_t>(t.wall_chance.size()));
    hash_bytes(h, t.wall_chance.data(), t.wall_chance.size());
    hash_int(h, static_cast<int64_t>(t.sockets.size()));
    for (const TemplateSocket& s : t.sockets)
      for (int v : {s.pos.x, s.pos.y, static_cast<int>(s.side)}) hash_int(h, v);
    hash_int(h, static_cast<int64_t>(t.spots.size()));
    for (const TemplateSpot& s : t.spots)
      for (int v : {s.pos.x, s.pos.y, s.kind ? static_cast<int>(*s.kind) : -1}) hash_int(h, v);
  }
  return h;
}

TemplateSet TemplateSet::with_theme(std::string_view theme) const {
  TemplateSet out;
  out.name = name;
  out.side_view = side_view;
  for (const RoomTemplate& t : templates)
    if (theme.empty() || t.has_tag(theme)) out.templates.push_back(t);
  return out;
}

std::vector<int> TemplateSet::of_type(std::string_view type) const {
  std::vector<int> out;
  for (size_t i = 0; i < templates.size(); ++i)
    if (templates[i].type == type) out.push_back(static_cast<int>(i));
  return out;
}

std::string TemplateProblem::text() const {
  std::string s = template_name.empty() ? "template set" : "template " + template_name;
  if (cell) s += ", cell " + cell_text(*cell);
  return s + ": " + message;
}

std::vector<TemplateProblem> check_template_set(const TemplateSet& set, const std::vector<std::string>& needed_types) {
  std::vector<TemplateProblem> out;
  if (set.templates.empty()) out.push_back({"", std::nullopt, "no template (expected rectangles of class template)"});
  std::set<std::string> names;
  for (size_t i = 0; i < set.templates.size(); ++i) {
    const RoomTemplate& t = set.templates[i];
    std::string name = t.name;
    if (name.empty()) name.append("#").append(std::to_string(i + 1));
    // Cells in messages are the set's map cells, where the designer sees them in Tiled.
    auto add = [&](std::optional<Point> local, std::string message) {
      std::optional<Point> cell;
      if (local) cell = Point{t.source.x + local->x, t.source.y + local->y};
      out.push_back({name, cell, std::move(message)});
    };
    if (t.name.empty()) add(std::nullopt, "no name (expected the rectangle's name, unique in the set)");
    else if (!names.insert(t.name).second) add(std::nullopt, "name used twice (expected unique names)");
    check_fields(t, set.side_view, add);
    check_cells(t, add);
    check_reachable(t, add);
    for (size_t j = 0; j < i; ++j) {
      const Rect& a = t.source;
      const Rect& b = set.templates[j].source;
      if (a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom())
        add(std::nullopt, "overlaps template " + set.templates[j].name + " (expected templates apart)");
    }
  }
  for (const std::string& type : needed_types)
    if (set.of_type(type).empty())
      out.push_back({"", std::nullopt, "no template of type " + type + " (the mission needs one)"});
  return out;
}

}  // namespace catacomb
