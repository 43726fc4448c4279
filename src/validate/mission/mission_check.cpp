// The mission check: rooms by node from Dungeon::room_labels, passages from one 8-connected
// flood of the open cells outside every room (an explicit stack, O(cells)), each passage the set
// of rooms it touches and the room cells it touches them at; then each edge and each objective
// against them. Independent of the generator: it reads only the dungeon. Deterministic: cells in
// row-major order, problems in mission order.
#include <catacomb/validate/mission_check.hpp>

#include <algorithm>
#include <set>

namespace catacomb {
namespace {

struct Passage {
  std::set<int> rooms;                           // the rooms it touches
  std::vector<std::pair<int, Point>> entrances;  // (room, room cell touched)
};

bool open_cell(Terrain t) { return t != Terrain::Wall; }

// The rooms' index per cell (-1 outside every room; a later room wins where rooms overlap).
Grid<int32_t> room_index(const Dungeon& d) {
  Grid<int32_t> g(d.tiles.width(), d.tiles.height(), -1);
  for (size_t i = 0; i < d.rooms.size(); ++i) {
    const Rect& r = d.rooms[i];
    for (int y = std::max(0, r.y); y < std::min(r.bottom(), g.height()); ++y)
      for (int x = std::max(0, r.x); x < std::min(r.right(), g.width()); ++x) g(x, y) = static_cast<int32_t>(i);
  }
  return g;
}

std::vector<Passage> passages(const Dungeon& d, const Grid<int32_t>& room) {
  const Grid<Terrain>& t = d.tiles;
  Grid<int32_t> label(t.width(), t.height(), -1);
  std::vector<Passage> out;
  std::vector<Point> stack;
  for (int y = 0; y < t.height(); ++y)
    for (int x = 0; x < t.width(); ++x) {
      if (room(x, y) >= 0 || !open_cell(t(x, y)) || label(x, y) >= 0) continue;
      const int id = static_cast<int>(out.size());
      out.emplace_back();
      label(x, y) = id;
      stack.push_back({x, y});
      while (!stack.empty()) {
        const Point p = stack.back();
        stack.pop_back();
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            const Point q{p.x + dx, p.y + dy};
            if (!t.in_bounds(q) || !open_cell(t[q])) continue;
            if (room[q] >= 0) {
              out[static_cast<size_t>(id)].rooms.insert(room[q]);
              out[static_cast<size_t>(id)].entrances.emplace_back(room[q], q);
            } else if (label[q] < 0) {
              label[q] = id;
              stack.push_back(q);
            }
          }
      }
    }
  // Rooms whose open cells touch: a passage of their own.
  for (int y = 0; y < t.height(); ++y)
    for (int x = 0; x < t.width(); ++x) {
      if (room(x, y) < 0 || !open_cell(t(x, y))) continue;
      for (const Point dq : {Point{1, 0}, Point{0, 1}, Point{1, 1}, Point{-1, 1}}) {
        const Point q{x + dq.x, y + dq.y};
        if (!t.in_bounds(q) || room[q] < 0 || room[q] == room(x, y) || !open_cell(t[q])) continue;
        Passage p;
        p.rooms = {room(x, y), room[q]};
        p.entrances = {{room(x, y), {x, y}}, {room[q], q}};
        out.push_back(std::move(p));
      }
    }
  return out;
}

// Whether every way into room r by passage p is a locked door of `lock`.
bool gated(const Dungeon& d, const Passage& p, int r, int lock) {
  bool any = false;
  for (const auto& [room, cell] : p.entrances) {
    if (room != r) continue;
    any = true;
    if (d.lock_at(cell) != lock) return false;
  }
  return any;
}

bool any_locked(const Dungeon& d, const Passage& p) {
  for (const auto& [room, cell] : p.entrances)
    if (d.lock_at(cell) != 0) return true;
  return false;
}

// True when a progression door of kind `k` (and, for a gate, switch `switch_id`) stands at one
// of the passage's entrances.
bool has_door(const Dungeon& d, const Passage& p, DoorKind k, int switch_id) {
  for (const auto& [room, cell] : p.entrances)
    if (const ProgressionDoor* g = d.door_at(cell);
        g && g->kind == k && (k != DoorKind::Gate || g->switch_id == switch_id))
      return true;
  return false;
}

void check_objectives(const Dungeon& d, const std::vector<int>& room_of, MissionReport& rep) {
  const Mission& m = d.mission;
  for (size_t v = 0; v < m.nodes.size(); ++v) {
    const int r = room_of[v];
    if (r < 0) continue;
    const Rect& rect = d.rooms[static_cast<size_t>(r)];
    for (const MissionObjective& o : m.nodes[v].objectives) {
      bool found = false;
      for (const Objective& ob : d.objectives)
        found = found || (ob.kind == o.kind && ob.lock == (o.kind == ObjectiveKind::Key ? o.lock : 0) &&
                          ob.switch_id == (o.kind == ObjectiveKind::Switch ? o.switch_id : 0) && ob.pos.x >= rect.x &&
                          ob.pos.x < rect.right() && ob.pos.y >= rect.y && ob.pos.y < rect.bottom());
      if (found) continue;
      std::string what = "node " + m.nodes[v].id + ": its " + std::string(objective_kind_name(o.kind));
      if (o.kind == ObjectiveKind::Key) what += " of lock " + std::to_string(o.lock);
      if (o.kind == ObjectiveKind::Switch) what += " of switch " + std::to_string(o.switch_id);
      rep.problems.push_back(what + " is not in its room");
    }
  }
}

}  // namespace

MissionReport check_mission(const Dungeon& d) {
  MissionReport rep;
  const Mission& m = d.mission;
  std::vector<int> room_of(m.nodes.size(), -1);
  for (size_t i = 0; i < d.room_labels.size() && i < d.rooms.size(); ++i) {
    const int v = m.node_index(d.room_labels[i].node);
    if (v >= 0 && room_of[static_cast<size_t>(v)] < 0) room_of[static_cast<size_t>(v)] = static_cast<int>(i);
  }
  for (size_t v = 0; v < m.nodes.size(); ++v)
    if (room_of[v] < 0) rep.problems.push_back("node " + m.nodes[v].id + ": no room");
  const std::vector<Passage> ps = passages(d, room_index(d));
  std::vector<int> node_of_room(d.rooms.size(), -1);
  for (size_t v = 0; v < m.nodes.size(); ++v)
    if (room_of[v] >= 0) node_of_room[static_cast<size_t>(room_of[v])] = static_cast<int>(v);
  for (const MissionEdge& e : m.edges) {
    const int ra = room_of[static_cast<size_t>(e.a)], rb = room_of[static_cast<size_t>(e.b)];
    if (ra < 0 || rb < 0) continue;
    const std::string name = "edge " + m.nodes[static_cast<size_t>(e.a)].id + "-" +
                             m.nodes[static_cast<size_t>(e.b)].id;
    const Passage* found = nullptr;
    for (const Passage& p : ps)
      if (p.rooms.count(ra) && p.rooms.count(rb)) found = &p;
    if (!found) rep.problems.push_back(name + ": no passage between its rooms");
    else if (e.door == DoorKind::Locked && !gated(d, *found, ra, e.lock) && !gated(d, *found, rb, e.lock))
      rep.problems.push_back(name + ": not behind a locked door of lock " + std::to_string(e.lock));
    else if (e.door == DoorKind::Open && any_locked(d, *found))
      rep.problems.push_back(name + ": a locked door on a passage the mission leaves open");
    else if ((e.door == DoorKind::Gate || e.door == DoorKind::OneWay || e.door == DoorKind::Secret) &&
             !has_door(d, *found, e.door, e.switch_id))
      rep.problems.push_back(name + ": no " + std::string(door_kind_name(e.door)) + " door on its passage" +
                             (e.door == DoorKind::Gate ? " of switch " + std::to_string(e.switch_id) : ""));
  }
  for (const Passage& p : ps)
    for (auto a = p.rooms.begin(); a != p.rooms.end(); ++a)
      for (auto b = std::next(a); b != p.rooms.end(); ++b) {
        const int na = node_of_room[static_cast<size_t>(*a)], nb = node_of_room[static_cast<size_t>(*b)];
        if (na < 0 || nb < 0) continue;
        bool edge = false;
        for (const MissionEdge& e : m.edges) edge = edge || (e.a == na && e.b == nb) || (e.a == nb && e.b == na);
        if (!edge)
          rep.problems.push_back("passage between " + m.nodes[static_cast<size_t>(na)].id + " and " +
                                 m.nodes[static_cast<size_t>(nb)].id + ": not an edge of the mission");
      }
  check_objectives(d, room_of, rep);
  std::vector<std::string> unique;  // a passage of many touching cells says its problem once
  for (std::string& s : rep.problems)
    if (std::find(unique.begin(), unique.end(), s) == unique.end()) unique.push_back(std::move(s));
  rep.problems = std::move(unique);
  rep.satisfied = rep.problems.empty();
  return rep;
}

}  // namespace catacomb
