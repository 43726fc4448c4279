// Where one node of a mission layout goes (mission_spots.hpp): candidate spots beside the room it
// is reached from (facing a free socket of it, or round it), the nearest to its other placed
// neighbours first; a node that closes a cycle, or found no spot facing its parent, only where its
// corridors route then (mission_routes.hpp) and ring no room with passages to come in. Each
// candidate is tested against every placed room (O(rooms)); a route is one A* in a box round its
// rooms. Draws only from the Rng it is given, in a fixed order: the same seed gives the same spot.
#include "mission_spots.hpp"

#include <algorithm>
#include <cstdlib>

namespace catacomb::detail {
namespace {

Point centre(const Rect& r) { return {r.x + r.width / 2, r.y + r.height / 2}; }

// A candidate spot beside placed room `p`: one of p's free sockets, an orientation of `base`
// with a socket facing it (any orientation and socket when none faces), a straight corridor of 2
// to 6 cells between their outside cells; as the tries go on and the near spots are taken, up to
// 6 + try / 2 cells long and, after the first third of the tries, shifted sideways by up to
// try / 16 + 1 (a room reached from the middle of a crowd finds the open space beyond it).
// Returns false when p has no free socket.
struct Beside {
  const RoomTemplate* room = nullptr;
  int orientation = 0;
  Rect rect;
  int parent_socket = -1, child_socket = -1;
};
bool beside(const std::vector<PlacedTemplate>& placed, int parent, const RoomTemplate& base, int index,
            Orientations& turns, int attempt, int tries, Rng& rng, Beside& out) {
  const PlacedTemplate& p = placed[static_cast<size_t>(parent)];
  // The free sockets with room in front: no other room within kFront cells of its outside (a
  // lane may not cross a room, and a room nearer leaves no space for one between).
  constexpr int kFront = 16;
  std::vector<int> free;
  for (size_t i = 0; i < p.room.sockets.size(); ++i) {
    if (p.socket_edge[i] >= 0) continue;
    const TemplateSocket& t = p.room.sockets[i];
    const Point a = step_out({p.rect.x + t.pos.x, p.rect.y + t.pos.y}, t.side);
    const Point d = step_out({0, 0}, t.side);
    const Point b{a.x + d.x * kFront, a.y + d.y * kFront};
    const Rect front{std::min(a.x, b.x), std::min(a.y, b.y), std::abs(a.x - b.x) + 1, std::abs(a.y - b.y) + 1};
    bool open = true;
    for (size_t j = 0; j < placed.size() && open; ++j)
      open = static_cast<int>(j) == parent || !overlaps(front, placed[j].rect, 1);
    if (open) free.push_back(static_cast<int>(i));
  }
  if (free.empty()) return false;
  out.parent_socket = free[rng.index_below(free.size())];
  const TemplateSocket& sp = p.room.sockets[static_cast<size_t>(out.parent_socket)];
  const Side facing = static_cast<Side>((static_cast<int>(sp.side) + 2) % 4);
  std::vector<std::pair<int, int>> facing_pairs, any;  // (orientation, socket)
  for (int o = 0; o < kOrientations; ++o) {
    if (!orientation_allowed(base, o)) continue;
    const RoomTemplate& room = turns.get(base, index, o);
    for (size_t i = 0; i < room.sockets.size(); ++i) {
      any.emplace_back(o, static_cast<int>(i));
      if (room.sockets[i].side == facing) facing_pairs.emplace_back(o, static_cast<int>(i));
    }
  }
  const auto& pool = facing_pairs.empty() ? any : facing_pairs;
  const auto [o, s] = pool[rng.index_below(pool.size())];
  out.orientation = o;
  out.child_socket = s;
  out.room = &turns.get(base, index, o);
  const TemplateSocket& sc = out.room->sockets[static_cast<size_t>(s)];
  const Point out_p = step_out({p.rect.x + sp.pos.x, p.rect.y + sp.pos.y}, sp.side);
  const Point dir{step_out({0, 0}, sp.side)};
  const int length = 4 + static_cast<int>(rng.below(static_cast<uint64_t>(9 + attempt / 2)));
  const int sway = attempt < tries / 3 ? 0 : attempt / 16 + 1;
  const int shift = static_cast<int>(rng.below(static_cast<uint64_t>(2 * sway + 1))) - sway;
  const Point out_c{out_p.x + dir.x * length + dir.y * shift, out_p.y + dir.y * length + dir.x * shift};
  const Point back = step_out({0, 0}, sc.side);
  const Point socket_cell{out_c.x - back.x, out_c.y - back.y};
  out.rect = {socket_cell.x - sc.pos.x, socket_cell.y - sc.pos.y, out.room->width(), out.room->height()};
  return true;
}

// A candidate spot for `room` round placed room `parent`: its centre up to 6 + try / 4 cells
// from the parent's, either way on each axis.
Rect around(const Rect& parent, const RoomTemplate& room, int attempt, Rng& rng) {
  const int reach = 6 + attempt / 4;
  const int dx = static_cast<int>(rng.below(static_cast<uint64_t>(2 * reach + 1))) - reach;
  const int dy = static_cast<int>(rng.below(static_cast<uint64_t>(2 * reach + 1))) - reach;
  const Point c = centre(parent);
  return {c.x + dx - room.width() / 2, c.y + dy - room.height() / 2, room.width(), room.height()};
}

// A spot for node v that fits: its room as turned and where, and the lane to its parent's socket.
struct Candidate {
  int score = 0;  // the distances to v's other placed neighbours (lower is better)
  PlacedTemplate room;
  int parent_socket = -1, child_socket = -1;
  Rect lane;
};

// Up to kCandidates spots for node v beside (or, failing that, round) the room p it was reached
// from, in the order drawn, from try `k` on (which it advances).
constexpr int kCandidates = 12;
std::vector<Candidate> candidates_for(const TemplatePlan& plan, const Mission& m, int v, int p,
                                      const RoomTemplate& base, int index, const std::vector<int>& room_of,
                                      const TemplateLayoutConfig& config, Orientations& turns, int& k, Rng& rng) {
  const int width = plan.dungeon.tiles.width(), height = plan.dungeon.tiles.height();
  std::vector<Candidate> out;
  for (; k < config.tries && static_cast<int>(out.size()) < kCandidates; ++k) {
    // The first half of the tries face a free socket of the parent; then (or when it has none
    // free) anywhere round it, ever farther, its passage left to the nearest free sockets.
    Beside cand;
    if (k >= config.tries / 2 || !beside(plan.placed, p, base, index, turns, k, config.tries, rng, cand)) {
      cand = Beside{};
      cand.orientation = random_orientation(base, rng);
      cand.room = &turns.get(base, index, cand.orientation);
      cand.rect = around(plan.placed[static_cast<size_t>(p)].rect, *cand.room, k, rng);
    }
    const RoomTemplate& room = *cand.room;
    const int ps = cand.parent_socket, cs = cand.child_socket;
    const Rect r = cand.rect;
    Rect lane;
    if (ps >= 0) {  // the corridor's lane: clear of every room but the two, and of other lanes
      const PlacedTemplate& pp = plan.placed[static_cast<size_t>(p)];
      const TemplateSocket& sp = pp.room.sockets[static_cast<size_t>(ps)];
      const TemplateSocket& sc = room.sockets[static_cast<size_t>(cs)];
      const Point a = step_out({pp.rect.x + sp.pos.x, pp.rect.y + sp.pos.y}, sp.side);
      const Point b = step_out({r.x + sc.pos.x, r.y + sc.pos.y}, sc.side);
      lane = {std::min(a.x, b.x), std::min(a.y, b.y), std::abs(a.x - b.x) + 1, std::abs(a.y - b.y) + 1};
      bool clear = true;
      for (size_t i = 0; i < plan.placed.size() && clear; ++i)
        clear = static_cast<int>(i) == p || !overlaps(lane, plan.placed[i].rect, 1);
      if (!clear) continue;
      for (const Rect& other : plan.lanes) clear = clear && !overlaps(lane, other, 1);
      if (!clear) continue;
      if (overlaps(lane, r, 0)) continue;
    }
    if (!fits(r, width, height, plan.placed, plan.lanes, kMissionGap)) continue;
    int score = 0;
    for (int f : m.edges_at(v)) {
      const MissionEdge& other = m.edges[static_cast<size_t>(f)];
      const int u = room_of[static_cast<size_t>(other.a == v ? other.b : other.a)];
      if (u < 0 || (u == p && ps >= 0)) continue;  // a room round its parent: nearer is better
      const Point ca = centre(r), cb = centre(plan.placed[static_cast<size_t>(u)].rect);
      score += std::abs(ca.x - cb.x) + std::abs(ca.y - cb.y);
    }
    out.push_back({score, {room, index, cand.orientation, r, v, {}}, ps, cs, lane});
  }
  return out;
}

// A corridor routed at placement: mission edge `edge` from socket `socket_v` of the room being
// placed to socket `socket_u` of placed room `room_u`.
struct CycleRoute {
  int edge, socket_v, room_u, socket_u;
  std::vector<Point> cells;
};

Point socket_outside(const RoomTemplate& room, const Rect& at, int s) {
  const TemplateSocket& t = room.sockets[static_cast<size_t>(s)];
  return step_out({at.x + t.pos.x, at.y + t.pos.y}, t.side);
}

// Whether every room with passages still to come that the candidate's claims (its room, lane and
// `extra`, the routes) could ring in (a placed room near them, or the candidate) keeps a free
// socket whose corridor can still leave the box round those claims.
constexpr int kEscapeMargin = 12;
bool nothing_ringed(const TemplatePlan& plan, const Mission& m, int v, const std::vector<int>& room_of,
                    const Candidate& c, const std::vector<Rect>& extra, const std::vector<std::pair<int, int>>& used,
                    detail::ClaimMap& claims) {
  Rect box = c.room.rect;
  for (const Rect& r : extra) {
    const int x0 = std::min(box.x, r.x), y0 = std::min(box.y, r.y);
    box = {x0, y0, std::max(box.right(), r.right()) - x0, std::max(box.bottom(), r.bottom()) - y0};
  }
  box = {box.x - kEscapeMargin, box.y - kEscapeMargin, box.width + 2 * kEscapeMargin, box.height + 2 * kEscapeMargin};
  auto pending = [&](int node) {  // the node's edges to rooms not placed yet (but v's)
    int n = 0;
    for (const int f : m.edges_at(node)) {
      const MissionEdge& e = m.edges[static_cast<size_t>(f)];
      const int u = e.a == node ? e.b : e.a;
      n += u != v && room_of[static_cast<size_t>(u)] < 0;
    }
    return n;
  };
  // The free sockets of the room with a way out, under the claims without (`with` false: the
  // room being placed stands alone, with its lane) or with the candidate's routes, up to `wanted`.
  const std::vector<Rect> alone(extra.begin(), extra.begin() + (c.parent_socket >= 0 ? 1 : 0));
  const Rect nowhere{};
  auto ways_out = [&](int room, const PlacedTemplate& t, const std::vector<int>& edges, int wanted, bool with) {
    int n = 0;
    for (size_t s = 0; s < t.room.sockets.size() && n < wanted; ++s) {
      if (edges[s] >= 0 || std::find(used.begin(), used.end(), std::pair{room, static_cast<int>(s)}) != used.end())
        continue;
      const Point o = socket_outside(t.room, t.rect, static_cast<int>(s));
      n += with
               ? claims.escapes(o, room, box, c.room.rect, extra)
               : claims.escapes(o, room, box, room < 0 ? c.room.rect : nowhere, room < 0 ? alone : std::vector<Rect>{});
    }
    return n;
  };
  // A room is ringed in when the routes leave it fewer ways out than it needs and had.
  auto ringed = [&](int room, const PlacedTemplate& t, const std::vector<int>& edges, int wanted) {
    if (wanted == 0) return false;
    const int after = ways_out(room, t, edges, wanted, true);
    return after < wanted && after < ways_out(room, t, edges, wanted, false);
  };
  const std::vector<int> none(c.room.room.sockets.size(), -1);
  if (ringed(-1, c.room, none, pending(v))) return false;
  for (size_t i = 0; i < plan.placed.size(); ++i) {
    const PlacedTemplate& t = plan.placed[i];
    if (overlaps(t.rect, box, 1) && ringed(static_cast<int>(i), t, t.socket_edge, pending(t.node))) return false;
  }
  return true;
}

// The corridors from candidate c (for node v, reached by edge `via`) to its other placed
// neighbours (the edges that close cycles), each between the nearest pairs of free sockets
// (kSocketPairs at most) in a box kRouteMargin round the two rooms; false when one has none.
constexpr size_t kSocketPairs = 3;
constexpr int kRouteMargin = 10;
bool route_cycles(const TemplatePlan& plan, const Mission& m, int v, int via, const std::vector<int>& room_of,
                  const Candidate& c, detail::ClaimMap& claims, const DigCosts& dig, std::vector<CycleRoute>& out) {
  const RoomTemplate& room = c.room.room;
  const Rect& rv = c.room.rect;
  std::vector<Rect> extra;
  if (c.parent_socket >= 0) extra.push_back(c.lane);
  std::vector<std::pair<int, int>> used;  // (room, socket); the room being placed is -1
  if (c.child_socket >= 0) used.emplace_back(-1, c.child_socket);
  auto is_used = [&](int r, int s) { return std::find(used.begin(), used.end(), std::pair{r, s}) != used.end(); };
  for (const int f : m.edges_at(v)) {
    const MissionEdge& e = m.edges[static_cast<size_t>(f)];
    const int ru = room_of[static_cast<size_t>(e.a == v ? e.b : e.a)];
    if ((f == via && c.parent_socket >= 0) || ru < 0) continue;
    const PlacedTemplate& pu = plan.placed[static_cast<size_t>(ru)];
    struct Pair {
      int d, sv, su;
    };
    std::vector<Pair> pairs;
    for (size_t sv = 0; sv < room.sockets.size(); ++sv) {
      if (is_used(-1, static_cast<int>(sv))) continue;
      const Point ov = socket_outside(room, rv, static_cast<int>(sv));
      for (size_t su = 0; su < pu.room.sockets.size(); ++su) {
        if (pu.socket_edge[su] >= 0 || is_used(ru, static_cast<int>(su))) continue;
        const Point ou = socket_outside(pu.room, pu.rect, static_cast<int>(su));
        pairs.push_back({std::abs(ov.x - ou.x) + std::abs(ov.y - ou.y), static_cast<int>(sv), static_cast<int>(su)});
      }
    }
    std::stable_sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) { return x.d < y.d; });
    const Rect& ur = pu.rect;
    const int x0 = std::min(rv.x, ur.x) - kRouteMargin, y0 = std::min(rv.y, ur.y) - kRouteMargin;
    const Rect box{x0, y0, std::max(rv.right(), ur.right()) + kRouteMargin - x0,
                   std::max(rv.bottom(), ur.bottom()) + kRouteMargin - y0};
    bool routed = false;
    for (size_t i = 0; i < pairs.size() && i < kSocketPairs && !routed; ++i) {
      std::vector<Point> fronts;
      for (size_t sv = 0; sv < room.sockets.size(); ++sv)
        if (static_cast<int>(sv) != pairs[i].sv && !is_used(-1, static_cast<int>(sv)))
          fronts.push_back(socket_outside(room, rv, static_cast<int>(sv)));
      std::vector<Point> cells = claims.route(plan.dungeon.tiles, -1, ru, socket_outside(room, rv, pairs[i].sv),
                                              socket_outside(pu.room, pu.rect, pairs[i].su), box, rv, extra, fronts,
                                              dig);
      if (cells.empty()) continue;
      for (const Rect& seg : detail::route_segments(cells)) extra.push_back(seg);
      used.emplace_back(-1, pairs[i].sv);
      used.emplace_back(ru, pairs[i].su);
      out.push_back({f, pairs[i].sv, ru, pairs[i].su, std::move(cells)});
      routed = true;
    }
    if (!routed) return false;
  }
  return nothing_ringed(plan, m, v, room_of, c, extra, used, claims);
}

// Puts candidate c (node v's, reached by edge `via` from room p) with its lane and cycle routes.
void commit(TemplatePlan& plan, Candidate c, std::vector<CycleRoute>& routes, int p, int via, detail::ClaimMap& claims,
            Undo& undo) {
  put(plan, std::move(c.room));
  const int id = static_cast<int>(plan.placed.size()) - 1;
  claims.add_room(id, plan.placed.back().rect);
  auto take = [&](int room, int socket, int edge) {
    int& slot = plan.placed[static_cast<size_t>(room)].socket_edge[static_cast<size_t>(socket)];
    if (room != id) undo.sockets.push_back({room, socket, slot});
    slot = edge;
  };
  if (c.parent_socket >= 0) {
    plan.lanes.push_back(c.lane);
    claims.add_lane(c.lane);
    take(p, c.parent_socket, via);
    take(id, c.child_socket, via);
  }
  for (CycleRoute& r : routes) {
    take(id, r.socket_v, r.edge);
    take(r.room_u, r.socket_u, r.edge);
    for (const Rect& seg : detail::route_segments(r.cells)) {
      plan.lanes.push_back(seg);
      claims.add_lane(seg);
    }
    plan.routes.push_back({r.edge, std::move(r.cells)});
  }
}

}  // namespace

// Node v beside a room it joins (its parent's; when v closes cycles, in turn that and those it
// closes them with), nearest its other placed neighbours: of the first kCandidates spots that fit,
// the nearest whose corridors route now (its passage to that room when it is not beside a free
// socket of it, and those to its other placed neighbours) and ring in no room with passages to
// come; when none does, the next kCandidates, up to `tries` spots and kRoutedCandidates routed.
// False, and v is not placed, when none is found.
// Few: a node that fails is retried after a retreat (Layout::run), which is cheaper than routing
// many spots in a crowd (4 against 48: the 100-node example's placement 5x faster, and it lays out
// at the first attempt where 48 without retreats did for 1 seed in 100).
constexpr int kRoutedCandidates = 4;  // candidates whose corridors are routed, per node at most
bool place_node(TemplatePlan& plan, const Mission& m, int v, int via, const RoomTemplate& base, int index,
                const std::vector<int>& room_of, const TemplateLayoutConfig& config, Orientations& turns,
                detail::ClaimMap& claims, Undo& undo, Rng& rng) {
  // The rooms v may stand beside: its parent's, then those it closes cycles with (room, edge).
  std::vector<std::pair<int, int>> anchors;
  for (const int f : m.edges_at(v)) {
    const MissionEdge& g = m.edges[static_cast<size_t>(f)];
    const int u = room_of[static_cast<size_t>(g.a == v ? g.b : g.a)];
    if (u < 0) continue;
    if (f == via) anchors.insert(anchors.begin(), {u, f});
    else anchors.emplace_back(u, f);
  }
  const bool cycles = anchors.size() > 1;
  int k = 0, routed = 0;
  for (size_t batch = 0; k < config.tries && routed < kRoutedCandidates; ++batch) {
    const auto [p, edge] = anchors[batch % anchors.size()];
    std::vector<Candidate> cands = candidates_for(plan, m, v, p, base, index, room_of, config, turns, k, rng);
    std::stable_sort(cands.begin(), cands.end(),
                     [](const Candidate& x, const Candidate& y) { return x.score < y.score; });
    for (Candidate& c : cands) {
      std::vector<CycleRoute> routes;
      const bool to_route = cycles || c.parent_socket < 0;
      if (to_route && ++routed > kRoutedCandidates) break;
      if (to_route && !route_cycles(plan, m, v, edge, room_of, c, claims, config.dig, routes)) continue;
      commit(plan, std::move(c), routes, p, edge, claims, undo);
      return true;
    }
  }
  return false;
}

// Keeps the fronts of placed room i's sockets claimed while they are free and its node has edges
// to rooms not placed yet (`stamped`: per room and socket, whether it is claimed).
void refront(const TemplatePlan& plan, const Mission& m, int i, const std::vector<int>& room_of,
             std::vector<std::vector<bool>>& stamped, detail::ClaimMap& claims, Undo& undo) {
  const PlacedTemplate& t = plan.placed[static_cast<size_t>(i)];
  bool pending = false;
  for (const int f : m.edges_at(t.node)) {
    const MissionEdge& e = m.edges[static_cast<size_t>(f)];
    pending = pending || room_of[static_cast<size_t>(e.a == t.node ? e.b : e.a)] < 0;
  }
  if (stamped.size() <= static_cast<size_t>(i)) stamped.resize(static_cast<size_t>(i) + 1);
  std::vector<bool>& mine = stamped[static_cast<size_t>(i)];
  mine.resize(t.room.sockets.size(), false);
  for (size_t s = 0; s < t.room.sockets.size(); ++s) {
    const bool want = pending && t.socket_edge[s] < 0;
    if (want == mine[s]) continue;
    claims.add_front(socket_outside(t.room, t.rect, static_cast<int>(s)), want ? 1 : -1);
    mine[s] = want;
    undo.fronts.push_back({i, static_cast<int>(s)});
  }
}

}  // namespace catacomb::detail
