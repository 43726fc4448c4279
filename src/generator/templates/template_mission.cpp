// Stage 1 of the template layouts with a mission: each node gets a template of its type and is
// put in breadth-first order beside the room it was reached from (where: mission_spots.cpp). A
// node that finds no spot takes back the rooms placed since its latest placed neighbour (a journal
// of what each placement changed: O(changes)) and the layout goes on from there, a bounded number
// of times (Layout::run). Draws only from the Rng it is given, in a fixed order: the same seed
// gives the same layout.
#include <algorithm>

#include "mission_spots.hpp"

namespace catacomb {
namespace {

using namespace detail;

int start_node(const Mission& m) {
  for (size_t i = 0; i < m.nodes.size(); ++i)
    for (const MissionObjective& o : m.nodes[i].objectives)
      if (o.kind == ObjectiveKind::Start) return static_cast<int>(i);
  return 0;
}

// Breadth-first from the start's node: the order, each node's depth and the edge it was reached by.
void mission_order(const Mission& m, std::vector<int>& order, std::vector<int>& depth, std::vector<int>& via) {
  const size_t n = m.nodes.size();
  depth.assign(n, -1);
  via.assign(n, -1);
  const int s = start_node(m);
  order = {s};
  depth[static_cast<size_t>(s)] = 0;
  for (size_t head = 0; head < order.size(); ++head) {
    const int v = order[head];
    for (int e : m.edges_at(v)) {
      const MissionEdge& edge = m.edges[static_cast<size_t>(e)];
      const int u = edge.a == v ? edge.b : edge.a;
      if (depth[static_cast<size_t>(u)] >= 0) continue;
      depth[static_cast<size_t>(u)] = depth[static_cast<size_t>(v)] + 1;
      via[static_cast<size_t>(u)] = e;
      order.push_back(u);
    }
  }
}

// The mission's layout as it grows: one room per node in the mission's order, each placement
// with what it changed, so that a node that finds no spot can take rooms back and try again.
class Layout {
 public:
  Layout(TemplatePlan& plan, const TemplateSet& set, const Mission& m, const TemplateLayoutConfig& config)
      : plan_(plan),
        set_(set),
        m_(m),
        config_(config),
        claims_(plan.dungeon.tiles.width(), plan.dungeon.tiles.height()) {
    mission_order(m, order_, depth_, via_);
    counts_.assign(set.templates.size(), 0);
    room_of_.assign(m.nodes.size(), -1);
    misses_.assign(m.nodes.size(), 0);
  }

  // Places every node; on a node that finds no spot, takes back the rooms placed since the
  // latest of its placed neighbours (one more each time the same node fails again) and goes on
  // from there, up to three such retreats per node of the mission in all. Sets plan.why when it
  // gives up.
  void run(Rng& rng) {
    int retreats = 3 * static_cast<int>(order_.size());
    size_t i = 0;
    while (i < order_.size()) {
      const int v = order_[i];
      if (place(v, rng)) {
        ++i;
        continue;
      }
      if (!plan_.why.empty()) {  // no template left: no retreat changes that
        plan_.failed_node = v;
        return;
      }
      if (i == 0 || --retreats < 0) {
        const MissionNode& node = m_.nodes[static_cast<size_t>(v)];
        plan_.why = "node " + node.id + ": no room for its template" + (name_.empty() ? "" : " " + name_) +
                    " beside its neighbours with a corridor to each (map too small or too crowded)";
        plan_.failed_node = v;
        return;
      }
      int latest = 0;
      for (const int f : m_.edges_at(v)) {
        const MissionEdge& e = m_.edges[static_cast<size_t>(f)];
        latest = std::max(latest, room_of_[static_cast<size_t>(e.a == v ? e.b : e.a)]);
      }
      const size_t back = static_cast<size_t>(std::max(1, latest - misses_[static_cast<size_t>(v)]++));
      while (undos_.size() > back) take_back();
      i = back;
    }
  }

 private:
  // Node v's template and room; false (nothing changed) when it finds no spot.
  bool place(int v, Rng& rng) {
    const MissionNode& node = m_.nodes[static_cast<size_t>(v)];
    int index = -1;
    RoomTemplate base;
    if (set_.templates.empty()) {
      const int span = config_.max_side - config_.min_side + 1;
      // Two draws in their own statements: the order of a call's arguments is unspecified (GCC
      // evaluates them right to left, Clang left to right), so drawing both inside the call's
      // parentheses swapped the sides between GCC and Clang (wasm) builds. The height is drawn
      // first, as GCC did: the native outputs stay as they were.
      const int inner_h = config_.min_side + static_cast<int>(rng.below(static_cast<uint64_t>(span)));
      const int inner_w = config_.min_side + static_cast<int>(rng.below(static_cast<uint64_t>(span)));
      base = generated_room(inner_w, inner_h);
      base.type = node.type;
    } else {
      index = pick_weighted(set_, node_candidates(m_, v, set_, counts_), rng);
      if (index < 0) {
        plan_.why = "node " + node.id + ": no template left of type " + (node.type.empty() ? "any" : node.type);
        return false;
      }
      base = set_.templates[static_cast<size_t>(index)];
    }
    name_ = base.name;
    Undo undo;
    undo.claims = claims_.mark();
    undo.lanes = plan_.lanes.size();
    undo.routes = plan_.routes.size();
    const int via = via_[static_cast<size_t>(v)];
    const bool ok = via < 0 ? place_anywhere(plan_, base, index, config_, rng, true)
                            : place_node(plan_, m_, v, via, base, index, room_of_, config_, turns_, claims_, undo, rng);
    if (!ok) return false;
    if (index >= 0) ++counts_[static_cast<size_t>(index)];
    plan_.placed.back().node = v;
    const int id = static_cast<int>(plan_.placed.size()) - 1;
    room_of_[static_cast<size_t>(v)] = id;
    if (via < 0) claims_.add_room(id, plan_.placed.back().rect);
    refront(plan_, m_, id, room_of_, stamped_, claims_, undo);
    for (const int f : m_.edges_at(v)) {
      const MissionEdge& e = m_.edges[static_cast<size_t>(f)];
      const int u = room_of_[static_cast<size_t>(e.a == v ? e.b : e.a)];
      if (u >= 0) refront(plan_, m_, u, room_of_, stamped_, claims_, undo);
    }
    plan_.depth.push_back(depth_[static_cast<size_t>(v)]);
    undos_.push_back(std::move(undo));
    used_.push_back(index);
    return true;
  }

  // Takes the last room placed back: its cells, claims, lanes, routes and the sockets it took.
  void take_back() {
    const Undo& u = undos_.back();
    const PlacedTemplate& t = plan_.placed.back();
    for (int y = t.rect.y; y < t.rect.bottom(); ++y)
      for (int x = t.rect.x; x < t.rect.right(); ++x) plan_.dungeon.tiles(x, y) = Terrain::Wall;
    claims_.undo(u.claims);
    for (auto it = u.sockets.rbegin(); it != u.sockets.rend(); ++it)
      plan_.placed[static_cast<size_t>((*it)[0])].socket_edge[static_cast<size_t>((*it)[1])] = (*it)[2];
    const size_t id = plan_.placed.size() - 1;
    for (const auto& [room, socket] : u.fronts)
      if (static_cast<size_t>(room) < id) stamped_[static_cast<size_t>(room)][static_cast<size_t>(socket)].flip();
    if (stamped_.size() > id) stamped_.resize(id);
    plan_.lanes.resize(u.lanes);
    plan_.routes.resize(u.routes);
    room_of_[static_cast<size_t>(t.node)] = -1;
    plan_.placed.pop_back();
    plan_.depth.pop_back();
    if (used_.back() >= 0) --counts_[static_cast<size_t>(used_.back())];
    undos_.pop_back();
    used_.pop_back();
  }

  TemplatePlan& plan_;
  const TemplateSet& set_;
  const Mission& m_;
  const TemplateLayoutConfig& config_;
  detail::ClaimMap claims_;
  Orientations turns_;
  std::vector<int> order_, depth_, via_, counts_, room_of_, misses_;
  std::vector<std::vector<bool>> stamped_;
  std::vector<Undo> undos_;  // per room placed, in order
  std::vector<int> used_;    // per room placed: its template (-1 for a generated room)
  std::string name_;         // the template of the node tried last
};

}  // namespace

namespace detail {

std::vector<int> node_candidates(const Mission& m, int v, const TemplateSet& set, const std::vector<int>& counts) {
  const MissionNode& node = m.nodes[static_cast<size_t>(v)];
  const size_t degree = m.edges_at(v).size();
  std::vector<int> out;
  for (size_t i = 0; i < set.templates.size(); ++i) {
    const RoomTemplate& t = set.templates[i];
    if (!node.type.empty() && t.type != node.type) continue;
    if (t.max_count >= 0 && counts[i] >= t.max_count) continue;
    if (t.sockets.size() < degree) continue;
    bool tags = true;
    for (const std::string& tag : node.tags) tags = tags && t.has_tag(tag);
    if (tags) out.push_back(static_cast<int>(i));
  }
  return out;
}

void place_mission(TemplatePlan& plan, const TemplateSet& set, const Mission& m, const TemplateLayoutConfig& config,
                   Rng& rng) {
  Layout(plan, set, m, config).run(rng);
}

}  // namespace detail

}  // namespace catacomb
