// The room-grid layout of side-view levels (see level_generator.hpp). Time and memory linear in
// the map's cells. Every random draw comes from the attempt's "platformer.layout" and
// "platformer.objectives" streams, in a fixed order (rooms row-major, fixed scans).
#include <catacomb/platformer/level_generator.hpp>

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include <catacomb/core/format.hpp>
#include <catacomb/platformer/level_check.hpp>
#include <catacomb/platformer/nav_graph.hpp>
#include <catacomb/platformer/side_view.hpp>
#include <catacomb/platformer/side_view_rooms.hpp>

namespace catacomb {
namespace {

struct RoomGrid {
  int nx = 0, ny = 0, rw = 0, rh = 0, ox = 0, oy = 0;
  // Room (i, j): walls at x0 and x0 + rw, ceiling y0, floor y0 + rh; the body stands on row
  // y0 + rh - 1.
  int x0(int i) const { return ox + i * rw; }
  int y0(int j) const { return oy + j * rh; }
  int stand_row(int j) const { return y0(j) + rh - 1; }
  int index(int i, int j) const { return j * nx + i; }
};

RoomGrid room_grid(int width, int height, const PlatformerConfig& c) {
  RoomGrid g;
  g.rw = c.room_width;
  g.rh = c.room_height;
  g.nx = (width - 1) / g.rw;
  g.ny = (height - 1) / g.rh;
  g.ox = (width - 1 - g.nx * g.rw) / 2;
  g.oy = (height - 1 - g.ny * g.rh) / 2;
  return g;
}

struct Links {
  std::vector<uint8_t> right, down;  // per room: joined to the room right of / below it
};

// The Spelunky route: from a random room of the top row, left or right (weight 2 each) or down
// (weight 1, and whenever the row's end or a visited room is ahead), until a step down from the
// bottom row. Returns the rooms in order.
std::vector<int> walk_route(const RoomGrid& g, Links& links, Rng& rng) {
  std::vector<int> route;
  std::vector<uint8_t> on_route(static_cast<size_t>(g.nx * g.ny), 0);
  int i = static_cast<int>(rng.uniform_int(0, g.nx - 1)), j = 0;
  int dir = rng.chance(0.5) ? 1 : -1;
  for (;;) {
    route.push_back(g.index(i, j));
    on_route[static_cast<size_t>(g.index(i, j))] = 1;
    const int64_t pick = rng.uniform_int(0, 4);  // 0-3 sideways, 4 down
    if (pick == 0) dir = -dir;
    const int ni = i + dir;
    const bool side_ok = pick < 4 && ni >= 0 && ni < g.nx && !on_route[static_cast<size_t>(g.index(ni, j))];
    if (side_ok) {
      links.right[static_cast<size_t>(g.index(std::min(i, ni), j))] = 1;
      i = ni;
      continue;
    }
    if (j + 1 == g.ny) return route;
    links.down[static_cast<size_t>(g.index(i, j))] = 1;
    ++j;
  }
}

// Joins every room to the joined ones (row-major sweeps, a random joined neighbour each), then
// adds loops between neighbours with probability 0.15.
void join_rest(const RoomGrid& g, Links& links, const std::vector<int>& route, Rng& rng) {
  std::vector<uint8_t> joined(static_cast<size_t>(g.nx * g.ny), 0);
  for (int r : route) joined[static_cast<size_t>(r)] = 1;
  bool changed = true;
  while (changed) {
    changed = false;
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i) {
        if (joined[static_cast<size_t>(g.index(i, j))]) continue;
        int options[4][2];
        int n = 0;
        const int di[4] = {-1, 1, 0, 0}, dj[4] = {0, 0, -1, 1};
        for (int k = 0; k < 4; ++k) {
          const int a = i + di[k], b = j + dj[k];
          if (a < 0 || b < 0 || a >= g.nx || b >= g.ny || !joined[static_cast<size_t>(g.index(a, b))]) continue;
          options[n][0] = a;
          options[n][1] = b;
          ++n;
        }
        if (n == 0) continue;
        const int k = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
        const int a = options[k][0], b = options[k][1];
        if (b == j) links.right[static_cast<size_t>(g.index(std::min(a, i), j))] = 1;
        else links.down[static_cast<size_t>(g.index(i, std::min(b, j)))] = 1;
        joined[static_cast<size_t>(g.index(i, j))] = 1;
        changed = true;
      }
  }
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      if (i + 1 < g.nx && rng.chance(0.15)) links.right[static_cast<size_t>(g.index(i, j))] = 1;
      if (j + 1 < g.ny && rng.chance(0.15)) links.down[static_cast<size_t>(g.index(i, j))] = 1;
    }
}

void set(Grid<Terrain>& t, int x, int y, Terrain v) {
  if (t.in_bounds(Point{x, y})) t(x, y) = v;
}

}  // namespace

std::vector<FieldProblem> PlatformerConfig::problems(int width, int height, const MovementModel& model) const {
  std::vector<FieldProblem> p;
  if (room_width < 6 || room_width > 64) p.push_back({"room_width", std::to_string(room_width), "6 to 64"});
  const int min_h = std::max(6, model.body_height + 4);
  if (room_height < min_h || room_height > 64)
    p.push_back({"room_height", std::to_string(room_height), std::to_string(min_h) + " to 64"});
  auto share = [&](const char* name, double v) {
    if (!(v >= 0 && v <= 1)) p.push_back({name, format_number(v), "0 to 1"});
  };
  share("platforms", platforms);
  share("ladders", ladders);
  share("blocks", blocks);
  if (p.empty()) {
    if (width < room_width + 1)
      p.push_back({"width", std::to_string(width), "at least room_width + 1 = " + std::to_string(room_width + 1)});
    if (height < room_height + 1)
      p.push_back({"height", std::to_string(height), "at least room_height + 1 = " + std::to_string(room_height + 1)});
  }
  return p;
}

Dungeon layout_platformer_level(int width, int height, int objectives, const PlatformerConfig& config,
                                const MovementModel& model, uint64_t seed) {
  Rng layout = Rng::stream(seed, streams::kPlatformerLayout);
  Rng placing = Rng::stream(seed, streams::kPlatformerObjectives);
  return layout_platformer_level(width, height, objectives, config, model, layout, placing);
}

namespace {

// Every room's inside cleared to floor, and listed as one of the map's rooms (row-major).
void carve_rooms(const RoomGrid& g, Dungeon& d) {
  Grid<Terrain>& t = d.tiles;
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      for (int y = g.y0(j) + 1; y < g.y0(j) + g.rh; ++y)
        for (int x = g.x0(i) + 1; x < g.x0(i) + g.rw; ++x) t(x, y) = Terrain::Floor;
      d.rooms.push_back(Rect{g.x0(i) + 1, g.y0(j) + 1, g.rw - 1, g.rh - 1});
    }
}

// The links opened: a doorway in the wall to the right, a ladder (at a random column) down to
// the room below, which both rooms then keep clear.
void open_links(const RoomGrid& g, const Links& links, const MovementModel& model, Rng& rng, Grid<Terrain>& t,
                std::vector<std::vector<int>>& reserved) {
  const int door = std::min(g.rh - 1, std::max(3, model.body_height + 1));
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const int r = g.index(i, j);
      if (links.right[static_cast<size_t>(r)])
        for (int y = g.stand_row(j) - door + 1; y <= g.stand_row(j); ++y) t(g.x0(i + 1), y) = Terrain::Floor;
      if (links.down[static_cast<size_t>(r)]) {
        const int hx = static_cast<int>(rng.uniform_int(g.x0(i) + 2, g.x0(i) + g.rw - 2));
        for (int y = g.y0(j + 1); y <= g.stand_row(j + 1); ++y) t(hx, y) = Terrain::Ladder;
        reserved[static_cast<size_t>(r)].push_back(hx);
        reserved[static_cast<size_t>(g.index(i, j + 1))].push_back(hx);
      }
    }
}

// Whether column x keeps clear of the room's reserved columns (and their neighbours).
bool free_column(const std::vector<int>& reserved, int x) {
  for (int col : reserved)
    if (std::abs(col - x) <= 1) return false;
  return true;
}

// Room (i, j)'s decoration, each feature drawn in turn: a ledge with its ladder, a one-way
// platform, a low block. `reserved` holds the room's columns kept clear.
void decorate_room(const RoomGrid& g, int i, int j, const PlatformerConfig& c, const MovementModel& model, Rng& rng,
                   Grid<Terrain>& t, std::vector<int>& reserved) {
  const int H = model.jump_height, B = model.body_height;
  const int left = g.x0(i) + 1, right = g.x0(i) + g.rw - 1, top = g.y0(j) + 1, fy = g.stand_row(j);
  // A ledge on one side, its top above jump height where the room allows, with a ladder at
  // its inner end.
  if (rng.chance(c.ladders)) {
    const bool on_left = rng.chance(0.5);
    const int width_max = std::max(2, (g.rw - 1) / 2 - 1);
    const int lw = static_cast<int>(rng.uniform_int(2, width_max));
    const int lr = std::max(top + B, fy - H);  // ledge row: the body stands on lr - 1
    const int lx0 = on_left ? left : right - lw, lx1 = on_left ? left + lw - 1 : right - 1;
    const int lc = on_left ? lx1 + 1 : lx0 - 1;  // ladder column
    bool ok = lr < fy - B && free_column(reserved, lc);
    for (int x = lx0; x <= lx1; ++x) ok = ok && free_column(reserved, x);
    if (ok) {
      for (int x = lx0; x <= lx1; ++x) t(x, lr) = Terrain::Wall;
      for (int y = lr; y <= fy; ++y) t(lc, y) = Terrain::Ladder;
      reserved.push_back(lc);
      for (int x = lx0; x <= lx1; ++x) reserved.push_back(x);
    }
  }
  // A one-way platform the body reaches by jumping up through it from the floor.
  if (H >= 2 && rng.chance(c.platforms)) {
    const int len = static_cast<int>(rng.uniform_int(2, std::max(2, g.rw - 4)));
    const int px = static_cast<int>(rng.uniform_int(left + 1, std::max(left + 1, right - 1 - len)));
    const int rise = static_cast<int>(rng.uniform_int(2, H));  // standing height above the floor
    const int pr = fy - rise + 1;
    if (pr - B >= top)
      for (int x = px; x < px + len && x < right; ++x)
        if (t(x, pr) == Terrain::Floor) set(t, x, pr, Terrain::Platform);
  }
  // A low block on the floor, cleared by a jump.
  if (rng.chance(c.blocks)) {
    const int bh = static_cast<int>(rng.uniform_int(1, std::min(2, H)));
    const int bw = static_cast<int>(rng.uniform_int(1, 2));
    const int bx = static_cast<int>(rng.uniform_int(left + 2, std::max(left + 2, right - 2 - bw)));
    bool ok = bx + bw <= right - 2 && fy - bh - B >= top;
    for (int x = bx; x < bx + bw; ++x) ok = ok && free_column(reserved, x);
    for (int x = bx; x < bx + bw && ok; ++x)
      for (int y = fy - bh + 1; y <= fy; ++y) ok = ok && t(x, y) == Terrain::Floor;
    if (ok)
      for (int x = bx; x < bx + bw; ++x)
        for (int y = fy - bh + 1; y <= fy; ++y) t(x, y) = Terrain::Wall;
  }
}

// The role of room r on the level's route (side_view_rooms.hpp).
std::string_view room_role(const RoomGrid& g, const Links& links, const std::vector<uint8_t>& on_route, int r) {
  const int i = r % g.nx, j = r / g.nx;
  if (!on_route[static_cast<size_t>(r)]) return "side";
  if (links.down[static_cast<size_t>(r)]) return "drop";
  if (j > 0 && links.down[static_cast<size_t>(g.index(i, j - 1))]) return "climb";
  return "lr";
}

// Room (i, j)'s inside from a template of its role (else "any"), stood on the room's floor at a
// random column, mirrored at random where it may be; ladders and the doorways' approaches stay
// open. False when no template fits the room (the room keeps its furniture).
bool stamp_template(const RoomGrid& g, int i, int j, std::string_view role, const TemplateSet& rooms,
                    const MovementModel& model, Rng& rng, Grid<Terrain>& t) {
  const int inner_w = g.rw - 1, inner_h = g.rh - 1;
  std::vector<int> fit;
  for (const std::string_view want : {role, std::string_view("any")}) {
    for (size_t k = 0; k < rooms.templates.size(); ++k) {
      const RoomTemplate& c = rooms.templates[k];
      if (c.type == want && c.width() <= inner_w && c.height() <= inner_h) fit.push_back(static_cast<int>(k));
    }
    if (!fit.empty()) break;
  }
  if (fit.empty()) return false;
  double total = 0;
  for (int k : fit) total += rooms.templates[static_cast<size_t>(k)].weight;
  double pick = rng.uniform_real() * total;
  int chosen = fit.back();
  for (int k : fit) {
    pick -= rooms.templates[static_cast<size_t>(k)].weight;
    if (pick < 0) {
      chosen = k;
      break;
    }
  }
  const RoomTemplate& base = rooms.templates[static_cast<size_t>(chosen)];
  const RoomTemplate room = base.mirror && rng.chance(0.5) ? oriented(base, 4) : base;
  const int left = g.x0(i) + 1 + static_cast<int>(rng.below(static_cast<uint64_t>(inner_w - room.width() + 1)));
  const int top = g.y0(j) + 1 + inner_h - room.height();
  for (int y = 0; y < room.height(); ++y)
    for (int x = 0; x < room.width(); ++x) {
      Terrain v = room.tiles(x, y);
      if (room.wall_chance.size() > 0 && room.wall_chance(x, y) > 0 && rng.below(255) < room.wall_chance(x, y))
        v = Terrain::Wall;
      if (t(left + x, top + y) != Terrain::Ladder) t(left + x, top + y) = v;
    }
  // A doorway's approach: the inside column next to an open side wall, as high as the doorway.
  const int door = std::min(g.rh - 1, std::max(3, model.body_height + 1));
  for (const int wall : {g.x0(i), g.x0(i) + g.rw})
    if (t(wall, g.stand_row(j)) != Terrain::Wall) {
      const int x = wall == g.x0(i) ? wall + 1 : wall - 1;
      for (int y = g.stand_row(j) - door + 1; y <= g.stand_row(j); ++y)
        if (t(x, y) == Terrain::Wall) t(x, y) = Terrain::Floor;
    }
  return true;
}

// The cells of a room the body stands on (ladders aside), row-major.
std::vector<Point> standing_cells(const RoomGrid& g, const SideView& view, const Grid<Terrain>& t, int room) {
  const int i = room % g.nx, j = room / g.nx;
  std::vector<Point> cells;
  for (int y = g.y0(j) + 1; y < g.y0(j) + g.rh; ++y)
    for (int x = g.x0(i) + 1; x < g.x0(i) + g.rw; ++x)
      if (view.stands(x, y) && t(x, y) != Terrain::Ladder) cells.push_back({x, y});
  return cells;
}

// Objectives: standing cells reachable from the start from which the exit can be reached.
void place_level_objectives(const RoomGrid& g, const std::vector<int>& route, int objectives,
                            const MovementModel& model, Rng& orng, Dungeon& d) {
  const Grid<Terrain>& t = d.tiles;
  const SideView view(t, model.body_height);
  auto pick = [&](const std::vector<Point>& cells) { return cells[orng.index_below(cells.size())]; };
  std::vector<Point> first = standing_cells(g, view, t, route.front()), last = standing_cells(g, view, t, route.back());
  if (first.empty() || last.empty()) return;  // checked as "start"/"exit" problems
  const Point start = pick(first);
  d.objectives.push_back({ObjectiveKind::Start, start});
  const Point exit = pick(last);
  if (exit == start) return;
  d.objectives.push_back({ObjectiveKind::Exit, exit});
  const NavGraph graph(t, model);
  const std::vector<uint8_t> fwd = reachable_nodes(graph, graph.node_at(start));
  const std::vector<uint8_t> back = reachable_nodes(graph, graph.node_at(exit), /*backward=*/true);
  // Rooms in a random order, those off the route's ends first; one objective per room.
  std::vector<int> rooms;
  for (int r = 0; r < g.nx * g.ny; ++r)
    if (r != route.front() && r != route.back()) rooms.push_back(r);
  orng.shuffle(rooms.data(), rooms.size());
  rooms.push_back(route.back());
  rooms.push_back(route.front());
  ObjectiveKind kind = ObjectiveKind::Key;
  for (size_t k = 0; k < rooms.size() && static_cast<int>(d.objectives.size()) < objectives + 2; ++k) {
    std::vector<Point> cells;
    for (Point p : standing_cells(g, view, t, rooms[k])) {
      const int n = graph.node_at(p);
      bool taken = false;
      for (const Objective& o : d.objectives) taken = taken || o.pos == p;
      if (n >= 0 && fwd[static_cast<size_t>(n)] && back[static_cast<size_t>(n)] && !taken) cells.push_back(p);
    }
    if (cells.empty()) continue;
    d.objectives.push_back({kind, pick(cells)});
    kind = kind == ObjectiveKind::Key ? ObjectiveKind::Treasure : ObjectiveKind::Key;
  }
}

}  // namespace

Dungeon layout_platformer_level(int width, int height, int objectives, const PlatformerConfig& c,
                                const MovementModel& model, Rng& rng, Rng& orng) {
  return layout_platformer_level(width, height, objectives, c, model, default_side_view_rooms(), rng, orng);
}

Dungeon layout_platformer_level(int width, int height, int objectives, const PlatformerConfig& c,
                                const MovementModel& model, const TemplateSet& rooms, Rng& rng, Rng& orng) {
  const RoomGrid g = room_grid(width, height, c);
  Links links;
  links.right.assign(static_cast<size_t>(g.nx * g.ny), 0);
  links.down.assign(static_cast<size_t>(g.nx * g.ny), 0);
  const std::vector<int> route = walk_route(g, links, rng);
  join_rest(g, links, route, rng);

  Dungeon d;
  d.tiles = Grid<Terrain>(width, height, Terrain::Wall);
  // Columns a room keeps clear of decoration: ladders through it.
  std::vector<std::vector<int>> reserved(static_cast<size_t>(g.nx * g.ny));
  carve_rooms(g, d);
  open_links(g, links, model, rng, d.tiles, reserved);
  std::vector<uint8_t> on_route(static_cast<size_t>(g.nx * g.ny), 0);
  for (int r : route) on_route[static_cast<size_t>(r)] = 1;
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const std::string_view role = room_role(g, links, on_route, g.index(i, j));
      if (!stamp_template(g, i, j, role, rooms, model, rng, d.tiles))
        decorate_room(g, i, j, c, model, rng, d.tiles, reserved[static_cast<size_t>(g.index(i, j))]);
    }
  place_level_objectives(g, route, objectives, model, orng, d);
  return d;
}

}  // namespace catacomb
