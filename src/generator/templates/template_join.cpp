// Stages 2 and 3 of the template layouts: the passages (sockets paired, corridors routed by the
// socket router round the rooms they do not join, and, with a mission, never touching one
// another), doors, locks and chance cells; then the objectives on spots. Who may use a cell is
// kept as at most two owners per cell (a third makes it everybody's "many"), for the rings round
// rooms and, with a mission, the cells round corridors and reserved socket outsides, so a test
// is O(1). Each route is one A* (socket_router.hpp); the scratch is shared by the routes of a map.
// Draws only from the Rng it is given, in a fixed order.
#include <catacomb/generator/template_layout.hpp>

#include <algorithm>
#include <cstdlib>

#include <catacomb/generator/room_graph.hpp>
#include "socket_router.hpp"

namespace catacomb {
namespace {

constexpr int32_t kNobody = -1, kMany = -2;

// Up to two owners per cell.
struct Owners {
  Grid<int32_t> first, second;
  Owners(int w, int h) : first(w, h, kNobody), second(w, h, kNobody) {}
  void add(Point p, int32_t id) {
    if (!first.in_bounds(p)) return;
    int32_t& a = first[p];
    int32_t& b = second[p];
    if (a == id || b == id || a == kMany) return;
    if (a == kNobody) a = id;
    else if (b == kNobody) b = id;
    else a = b = kMany;
  }
  // Owned by someone other than `x` and `y`.
  bool foreign(size_t c, int32_t x, int32_t y) const {
    const int32_t a = first.data()[c], b = second.data()[c];
    auto other = [&](int32_t o) { return o != kNobody && o != x && o != y; };
    return a == kMany || other(a) || other(b);
  }
  void add_around(Point p, int32_t id) {
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) add({p.x + dx, p.y + dy}, id);
  }
};

Point socket_cell(const PlacedTemplate& p, int s) {
  const TemplateSocket& t = p.room.sockets[static_cast<size_t>(s)];
  return {p.rect.x + t.pos.x, p.rect.y + t.pos.y};
}
Point outside(const PlacedTemplate& p, int s) {
  return step_out(socket_cell(p, s), p.room.sockets[static_cast<size_t>(s)].side);
}

// A passage to dig: rooms a and b (placed indices), their sockets, and its id (the mission edge,
// or the graph edge's index).
struct Passage {
  int a, b, socket_a, socket_b, id;
  bool reserved = false;  // its sockets were chosen at placement (a lane kept clear)
};

// The pair of sockets (free ones only, when `free_only`) whose outsides lie nearest; false when
// either room has none.
bool nearest_sockets(const TemplatePlan& plan, int a, int b, bool free_only, int& sa, int& sb) {
  const PlacedTemplate& pa = plan.placed[static_cast<size_t>(a)];
  const PlacedTemplate& pb = plan.placed[static_cast<size_t>(b)];
  int best = -1;
  for (size_t i = 0; i < pa.room.sockets.size(); ++i) {
    if (free_only && pa.socket_edge[i] >= 0) continue;
    for (size_t j = 0; j < pb.room.sockets.size(); ++j) {
      if (free_only && pb.socket_edge[j] >= 0) continue;
      const Point oa = outside(pa, static_cast<int>(i)), ob = outside(pb, static_cast<int>(j));
      const int d = std::abs(oa.x - ob.x) + std::abs(oa.y - ob.y);
      if (best < 0 || d < best) {
        best = d;
        sa = static_cast<int>(i);
        sb = static_cast<int>(j);
      }
    }
  }
  return best >= 0;
}

// Without a mission: the room graph over the rooms' centres, each edge between its nearest sockets.
std::vector<Passage> free_passages(TemplatePlan& plan, const TemplateLayoutConfig& config, Rng& rng) {
  std::vector<Point> centres;
  for (const PlacedTemplate& p : plan.placed)
    centres.push_back({p.rect.x + p.rect.width / 2, p.rect.y + p.rect.height / 2});
  std::vector<Passage> out;
  if (centres.size() < 2) return out;
  const std::vector<RoomEdge> edges = connect_rooms(centres, config.loop_fraction, rng);
  for (size_t i = 0; i < edges.size(); ++i) {
    int sa = -1, sb = -1;
    if (!nearest_sockets(plan, edges[i].a, edges[i].b, false, sa, sb)) continue;
    out.push_back({edges[i].a, edges[i].b, sa, sb, static_cast<int>(i)});
    plan.placed[static_cast<size_t>(edges[i].a)].socket_edge[static_cast<size_t>(sa)] = static_cast<int>(i);
    plan.placed[static_cast<size_t>(edges[i].b)].socket_edge[static_cast<size_t>(sb)] = static_cast<int>(i);
  }
  return out;
}

// With a mission: its edges; those placement reserved sockets for first, then the others by
// the distance between their rooms, each on the nearest free sockets.
bool mission_passages(TemplatePlan& plan, std::vector<Passage>& out) {
  const Mission& m = plan.dungeon.mission;
  std::vector<int> room_of(m.nodes.size(), -1);
  for (size_t i = 0; i < plan.placed.size(); ++i)
    room_of[static_cast<size_t>(plan.placed[i].node)] = static_cast<int>(i);
  std::vector<int> rest;
  for (size_t e = 0; e < m.edges.size(); ++e) {
    const int a = room_of[static_cast<size_t>(m.edges[e].a)], b = room_of[static_cast<size_t>(m.edges[e].b)];
    if (a < 0 || b < 0) continue;  // a partial layout's edge to a room not placed
    int sa = -1, sb = -1;
    const auto& ea = plan.placed[static_cast<size_t>(a)].socket_edge;
    const auto& eb = plan.placed[static_cast<size_t>(b)].socket_edge;
    for (size_t i = 0; i < ea.size(); ++i) sa = ea[i] == static_cast<int>(e) ? static_cast<int>(i) : sa;
    for (size_t i = 0; i < eb.size(); ++i) sb = eb[i] == static_cast<int>(e) ? static_cast<int>(i) : sb;
    if (sa >= 0 && sb >= 0) out.push_back({a, b, sa, sb, static_cast<int>(e), true});
    else rest.push_back(static_cast<int>(e));
  }
  auto gap = [&](int e) {
    const Rect& ra =
        plan.placed[static_cast<size_t>(room_of[static_cast<size_t>(m.edges[static_cast<size_t>(e)].a)])].rect;
    const Rect& rb =
        plan.placed[static_cast<size_t>(room_of[static_cast<size_t>(m.edges[static_cast<size_t>(e)].b)])].rect;
    return std::abs(ra.x + ra.width / 2 - rb.x - rb.width / 2) + std::abs(ra.y + ra.height / 2 - rb.y - rb.height / 2);
  };
  std::stable_sort(rest.begin(), rest.end(), [&](int x, int y) { return gap(x) < gap(y); });
  for (int e : rest) {
    const int a = room_of[static_cast<size_t>(m.edges[static_cast<size_t>(e)].a)];
    const int b = room_of[static_cast<size_t>(m.edges[static_cast<size_t>(e)].b)];
    int sa = -1, sb = -1;
    if (!nearest_sockets(plan, a, b, true, sa, sb)) {
      plan.why = "edge " + m.nodes[static_cast<size_t>(m.edges[static_cast<size_t>(e)].a)].id + "-" +
                 m.nodes[static_cast<size_t>(m.edges[static_cast<size_t>(e)].b)].id + ": no free socket left";
      plan.failed_edge = e;
      return false;
    }
    plan.placed[static_cast<size_t>(a)].socket_edge[static_cast<size_t>(sa)] = e;
    plan.placed[static_cast<size_t>(b)].socket_edge[static_cast<size_t>(sb)] = e;
    out.push_back({a, b, sa, sb, e});
  }
  return true;
}

// The corridors of the passages, in order, each round the rooms it does not join (and, `apart`,
// a cell from every other corridor). A passage whose sockets were not chosen at placement may
// take another pair of free sockets (nearest first, at most kOtherPairs) when its own has no
// route.
class Digger {
 public:
  Digger(TemplatePlan& plan, const TemplateLayoutConfig& config, bool apart)
      : plan_(plan),
        config_(config),
        apart_(apart),
        tiles_(plan.dungeon.tiles),
        room_(tiles_.width(), tiles_.height(), 0),
        ring_(tiles_.width(), tiles_.height()),
        near_(tiles_.width(), tiles_.height()) {
    // A corridor may run along a room's walls; what it may not do is touch (8-adjacent) a cell
    // of a room it does not join that is open or may open (floor, a socket), or enter a room.
    for (size_t i = 0; i < plan.placed.size(); ++i) {
      const PlacedTemplate& t = plan.placed[i];
      const Rect& r = t.rect;
      for (int y = r.y; y < r.bottom(); ++y)
        for (int x = r.x; x < r.right(); ++x) {
          room_(x, y) = 1;
          if (t.room.tiles(x - r.x, y - r.y) != Terrain::Wall) ring_.add_around({x, y}, static_cast<int32_t>(i));
        }
      for (size_t s = 0; s < t.room.sockets.size(); ++s)
        ring_.add_around(socket_cell(t, static_cast<int>(s)), static_cast<int32_t>(i));
    }
  }

  void dig(std::vector<Passage>& passages) {
    if (apart_)  // every chosen outside is its passage's, and the cells round it
      for (const Passage& p : passages) {
        near_.add_around(outside(plan_.placed[static_cast<size_t>(p.a)], p.socket_a), p.id);
        near_.add_around(outside(plan_.placed[static_cast<size_t>(p.b)], p.socket_b), p.id);
      }
    for (Passage& p : passages) {
      std::vector<Point> route = route_of(p);
      if (route.empty() && apart_ && !p.reserved) route = another_pair(p);
      if (route.empty()) {
        fail(p);
        return;
      }
      for (const Point c : route) {
        if (tiles_[c] == Terrain::Wall) tiles_[c] = Terrain::Corridor;
        if (apart_) near_.add_around(c, p.id);
      }
      ++plan_.corridors;
    }
  }

 private:
  static constexpr int kOtherPairs = 8;

  bool blocked(const Passage& p, uint32_t c) const {
    if (room_.data()[c]) return true;
    if (ring_.foreign(c, p.a, p.b)) return true;
    return apart_ && near_.foreign(c, p.id, p.id);
  }

  std::vector<Point> route_of(const Passage& p) {
    if (apart_)  // a cycle's corridor routed at placement
      for (const TemplatePlan::Route& r : plan_.routes)
        if (r.edge == p.id) return r.cells;
    const Point from = outside(plan_.placed[static_cast<size_t>(p.a)], p.socket_a);
    const Point to = outside(plan_.placed[static_cast<size_t>(p.b)], p.socket_b);
    return detail::route_socket_corridor(
        tiles_, [&](uint32_t c) { return blocked(p, c); }, from, to, config_.dig, scratch_);
  }

  // The free sockets of `room` whose outside cell this passage may use.
  std::vector<int> free_sockets(const Passage& p, int room) const {
    const PlacedTemplate& t = plan_.placed[static_cast<size_t>(room)];
    std::vector<int> out;
    for (size_t s = 0; s < t.room.sockets.size(); ++s) {
      if (t.socket_edge[s] >= 0) continue;
      const Point o = outside(t, static_cast<int>(s));
      if (!tiles_.in_bounds(o) || blocked(p, static_cast<uint32_t>(o.y * tiles_.width() + o.x))) continue;
      out.push_back(static_cast<int>(s));
    }
    return out;
  }

  std::vector<Point> another_pair(Passage& p) {
    struct Pair {
      int d, sa, sb;
    };
    std::vector<Pair> pairs;
    const PlacedTemplate& pa = plan_.placed[static_cast<size_t>(p.a)];
    const PlacedTemplate& pb = plan_.placed[static_cast<size_t>(p.b)];
    for (const int sa : free_sockets(p, p.a))
      for (const int sb : free_sockets(p, p.b)) {
        const Point oa = outside(pa, sa), ob = outside(pb, sb);
        pairs.push_back({std::abs(oa.x - ob.x) + std::abs(oa.y - ob.y), sa, sb});
      }
    std::stable_sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) { return x.d < y.d; });
    for (size_t i = 0; i < pairs.size() && i < static_cast<size_t>(kOtherPairs); ++i) {
      Passage q = p;
      q.socket_a = pairs[i].sa;
      q.socket_b = pairs[i].sb;
      std::vector<Point> route = route_of(q);
      if (route.empty()) continue;
      plan_.placed[static_cast<size_t>(p.a)].socket_edge[static_cast<size_t>(p.socket_a)] = -1;
      plan_.placed[static_cast<size_t>(p.b)].socket_edge[static_cast<size_t>(p.socket_b)] = -1;
      plan_.placed[static_cast<size_t>(p.a)].socket_edge[static_cast<size_t>(q.socket_a)] = p.id;
      plan_.placed[static_cast<size_t>(p.b)].socket_edge[static_cast<size_t>(q.socket_b)] = p.id;
      p = q;
      return route;
    }
    return {};
  }

  void fail(const Passage& p) {
    const PlacedTemplate& pa = plan_.placed[static_cast<size_t>(p.a)];
    const PlacedTemplate& pb = plan_.placed[static_cast<size_t>(p.b)];
    if (pa.node >= 0) {
      plan_.why = "edge " + plan_.dungeon.mission.nodes[static_cast<size_t>(pa.node)].id + "-" +
                  plan_.dungeon.mission.nodes[static_cast<size_t>(pb.node)].id +
                  ": no corridor round the other rooms and corridors";
      plan_.failed_edge = p.id;
    } else {
      plan_.why = "no corridor from " + (pa.room.name.empty() ? "room" : pa.room.name) + " to " +
                  (pb.room.name.empty() ? "room" : pb.room.name) + " round the other rooms";
    }
  }

  TemplatePlan& plan_;
  const TemplateLayoutConfig& config_;
  bool apart_;
  Grid<Terrain>& tiles_;
  Grid<uint8_t> room_;
  Owners ring_, near_;
  detail::RouterScratch scratch_;
};

// Used sockets become doors (a locked, gate or secret edge's socket in the room farther from the
// start: a locked door, a gate open while its switch is on, or a secret door; a one-way edge's in
// room b: a one-way door into it), unused ones wall;
// chance cells wall with their chance.
void finish_rooms(TemplatePlan& plan, Rng& rng) {
  Dungeon& d = plan.dungeon;
  for (size_t i = 0; i < plan.placed.size(); ++i) {
    const PlacedTemplate& p = plan.placed[i];
    for (size_t s = 0; s < p.room.sockets.size(); ++s) {
      const Point c = socket_cell(p, static_cast<int>(s));
      const int e = p.socket_edge[s];
      d.tiles[c] = e >= 0 ? Terrain::Door : Terrain::Wall;
      if (e < 0 || d.mission.empty()) continue;
      const MissionEdge& edge = d.mission.edges[static_cast<size_t>(e)];
      if (edge.door == DoorKind::OneWay) {  // passed from a to b: the door into b's room
        const Point out = step_out({0, 0}, p.room.sockets[s].side);
        if (p.node == edge.b) d.doors.push_back({c, DoorKind::OneWay, 0, false, {-out.x, -out.y}});
        continue;
      }
      if (edge.door != DoorKind::Locked && edge.door != DoorKind::Secret && edge.door != DoorKind::Gate) continue;
      const int other_node = edge.a == p.node ? edge.b : edge.a;
      int other = -1;
      for (size_t j = 0; j < plan.placed.size(); ++j)
        other = plan.placed[j].node == other_node ? static_cast<int>(j) : other;
      const int mine = plan.depth[i], theirs = plan.depth[static_cast<size_t>(other)];
      if (mine < theirs || (mine == theirs && p.node != edge.b)) continue;  // the door of the farther room
      if (edge.door == DoorKind::Locked) d.locks.push_back({c, edge.lock});
      else if (edge.door == DoorKind::Gate) d.doors.push_back({c, DoorKind::Gate, edge.switch_id, false, {}});
      else d.doors.push_back({c, DoorKind::Secret, 0, false, {}});
    }
    if (p.room.wall_chance.size() == 0) continue;
    for (int y = 0; y < p.room.height(); ++y)
      for (int x = 0; x < p.room.width(); ++x) {
        const uint8_t chance = p.room.wall_chance(x, y);
        if (chance > 0 && rng.below(255) < chance) d.tiles(p.rect.x + x, p.rect.y + y) = Terrain::Wall;
      }
  }
  sort_locks(d);
  sort_doors(d);
}

}  // namespace

void join_templates(TemplatePlan& plan, const TemplateLayoutConfig& config, Rng& rng) {
  if (!plan.ok()) return;
  const bool mission = !plan.dungeon.mission.empty();
  std::vector<Passage> passages;
  if (mission) {
    if (!mission_passages(plan, passages)) return;
  } else {
    passages = free_passages(plan, config, rng);
  }
  Digger(plan, config, mission).dig(passages);
  if (!plan.ok()) return;
  finish_rooms(plan, rng);
}

namespace {

// The free cells of placed room i where an objective of `kind` may go, best first: spots of the
// kind, then spots for any kind, then (when `anywhere`) the room's open cells.
std::vector<Point> cells_for(const TemplatePlan& plan, size_t i, ObjectiveKind kind, const std::vector<Point>& taken,
                             bool anywhere) {
  const PlacedTemplate& p = plan.placed[i];
  auto free = [&](Point c) {
    return std::find(taken.begin(), taken.end(), c) == taken.end() && plan.dungeon.tiles[c] != Terrain::Wall &&
           plan.dungeon.tiles[c] != Terrain::Door;
  };
  std::vector<Point> out;
  for (const bool exact : {true, false}) {
    for (const TemplateSpot& s : p.room.spots) {
      const Point c{p.rect.x + s.pos.x, p.rect.y + s.pos.y};
      if ((exact ? s.kind == kind : !s.kind.has_value()) && free(c)) out.push_back(c);
    }
    if (!out.empty()) return out;
  }
  if (!anywhere) return out;
  for (int y = p.rect.y + 1; y < p.rect.bottom() - 1; ++y)
    for (int x = p.rect.x + 1; x < p.rect.right() - 1; ++x)
      if (free({x, y})) out.push_back({x, y});
  return out;
}

ObjectiveKind further_kind(int i) { return i % 2 == 0 ? ObjectiveKind::Key : ObjectiveKind::Treasure; }

void mission_objectives(TemplatePlan& plan, Rng& rng) {
  Dungeon& d = plan.dungeon;
  std::vector<Point> taken;
  for (size_t i = 0; i < plan.placed.size(); ++i) {
    const MissionNode& node = d.mission.nodes[static_cast<size_t>(plan.placed[i].node)];
    for (const MissionObjective& o : node.objectives) {
      const std::vector<Point> cells = cells_for(plan, i, o.kind, taken, true);
      if (cells.empty()) {
        plan.why = "node " + node.id + ": no free cell for its " + std::string(objective_kind_name(o.kind));
        return;
      }
      const Point c = cells[rng.index_below(cells.size())];
      taken.push_back(c);
      d.objectives.push_back(
          {o.kind, c, o.kind == ObjectiveKind::Key ? o.lock : 0, o.kind == ObjectiveKind::Switch ? o.switch_id : 0});
    }
  }
}

// Without a mission: the start in a start room, the exit in another (an exit room when there is
// one), then `further` objectives on free spots of any room.
void free_objectives(TemplatePlan& plan, int further, Rng& rng) {
  Dungeon& d = plan.dungeon;
  std::vector<Point> taken;
  int start_room = -1;
  for (const ObjectiveKind kind : {ObjectiveKind::Start, ObjectiveKind::Exit}) {
    const char* role = kind == ObjectiveKind::Start ? "start" : "exit";
    std::vector<size_t> rooms, typed;
    for (size_t i = 0; i < plan.placed.size(); ++i) {
      if (static_cast<int>(i) == start_room && plan.placed.size() > 1) continue;
      rooms.push_back(i);
      if (plan.placed[i].room.type == role) typed.push_back(i);
    }
    const std::vector<size_t>& pool = typed.empty() ? rooms : typed;
    const size_t i = pool[rng.index_below(pool.size())];
    const std::vector<Point> cells = cells_for(plan, i, kind, taken, true);
    if (cells.empty()) {
      plan.why = std::string("no free cell for the ") + role;
      return;
    }
    const Point c = cells[rng.index_below(cells.size())];
    taken.push_back(c);
    d.objectives.push_back({kind, c, 0});
    if (kind == ObjectiveKind::Start) start_room = static_cast<int>(i);
  }
  for (int k = 0; k < further; ++k) {
    const ObjectiveKind kind = further_kind(k);
    std::vector<Point> cells;
    for (size_t i = 0; i < plan.placed.size(); ++i)
      for (const Point c : cells_for(plan, i, kind, taken, false)) cells.push_back(c);
    if (cells.empty())
      for (size_t i = 0; i < plan.placed.size(); ++i)
        for (const Point c : cells_for(plan, i, kind, taken, true)) cells.push_back(c);
    if (cells.empty()) {
      plan.why = "no free cell for objective " + std::to_string(k + 3);
      return;
    }
    const Point c = cells[rng.index_below(cells.size())];
    taken.push_back(c);
    d.objectives.push_back({kind, c, 0});
  }
}

}  // namespace

void place_template_objectives(TemplatePlan& plan, int further, Rng& rng) {
  if (!plan.ok()) return;
  if (plan.dungeon.mission.empty()) free_objectives(plan, further, rng);
  else mission_objectives(plan, rng);
  // Start first, then exit, then the rest in the order placed: the order catacomb's maps keep.
  std::stable_sort(
      plan.dungeon.objectives.begin(), plan.dungeon.objectives.end(), [](const Objective& a, const Objective& b) {
        auto rank = [](ObjectiveKind k) { return k == ObjectiveKind::Start ? 0 : k == ObjectiveKind::Exit ? 1 : 2; };
        return rank(a.kind) < rank(b.kind);
      });
}

}  // namespace catacomb
