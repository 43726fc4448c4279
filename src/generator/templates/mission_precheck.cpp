// What rules a mission out before any attempt, whatever the seed (mission_layout_problems: every
// node no template may stand for, every node with more edges than its templates have sockets,
// more nodes of a type than its templates allow), the least area its rooms take
// (mission_rooms_area) and the map size chosen for it when the caller gives none
// (mission_map_size). O(nodes x templates); no Rng, no layout: they hold for any layout of the
// mission, whatever algorithm places its rooms.
#include <algorithm>
#include <cmath>

#include "template_common.hpp"

namespace catacomb {
namespace {

std::string type_of(const MissionNode& node) { return node.type.empty() ? std::string("any") : node.type; }

// "of type boss with tags a, b tagged garden in set crypt": what a node asks of a template.
std::string wanted(const MissionNode& node, const TemplateSet& set, std::string_view theme) {
  std::string s = "a template of type " + type_of(node);
  for (size_t i = 0; i < node.tags.size(); ++i) s += (i == 0 ? " with tags " : ", ") + node.tags[i];
  if (!theme.empty()) s += " tagged " + std::string(theme) + " (--theme)";
  return s + " in set " + set.name;
}

// The most sockets of a template of node v's type and tags (0 when there is none).
size_t most_sockets(const Mission& m, int v, const TemplateSet& set) {
  Mission alone;
  alone.nodes = {m.nodes[static_cast<size_t>(v)]};
  size_t most = 0;
  for (int i : detail::node_candidates(alone, 0, set, std::vector<int>(set.templates.size(), 0)))
    most = std::max(most, set.templates[static_cast<size_t>(i)].sockets.size());
  return most;
}

}  // namespace

std::vector<FieldProblem> mission_layout_problems(const Mission& mission, const TemplateSet& set,
                                                  std::string_view theme) {
  std::vector<FieldProblem> out;
  if (set.templates.empty()) return out;  // generated rectangles fit any node
  const std::vector<int> none(set.templates.size(), 0);
  for (size_t v = 0; v < mission.nodes.size(); ++v) {
    const int node = static_cast<int>(v);
    if (!detail::node_candidates(mission, node, set, none).empty()) continue;
    const MissionNode& n = mission.nodes[v];
    const size_t edges = mission.edges_at(node).size();
    const size_t most = most_sockets(mission, node, set);
    if (most == 0) {
      out.push_back({"mission", "node " + n.id + " (type " + type_of(n) + ")", wanted(n, set, theme) + " (none has)"});
    } else {
      out.push_back(
          {"mission",
           "node " + n.id + " (type " + type_of(n) + ", " + std::to_string(edges) + (edges == 1 ? " edge)" : " edges)"),
           "at most " + std::to_string(most) + " edges: the most sockets " + wanted(n, set, theme) + " has"});
    }
  }
  // More nodes of a type than its templates' max counts allow.
  std::vector<std::string> types;
  for (const MissionNode& n : mission.nodes)
    if (!n.type.empty() && std::find(types.begin(), types.end(), n.type) == types.end()) types.push_back(n.type);
  for (const std::string& type : types) {
    if (set.of_type(type).empty()) continue;  // every such node is named above
    int nodes = 0, room = 0;
    bool unlimited = false;
    for (const MissionNode& n : mission.nodes) nodes += n.type == type;
    for (int i : set.of_type(type)) {
      const RoomTemplate& t = set.templates[static_cast<size_t>(i)];
      unlimited = unlimited || t.max_count < 0;
      room += std::max(0, t.max_count);
    }
    if (!unlimited && nodes > room)
      out.push_back({"mission", std::to_string(nodes) + " nodes of type " + type,
                     "at most " + std::to_string(room) + ": the max counts of its templates in set " + set.name});
  }
  return out;
}

int64_t mission_rooms_area(const Mission& mission, const TemplateSet& set) {
  if (set.templates.empty()) return 0;
  const std::vector<int> none(set.templates.size(), 0);
  int64_t area = 0;
  for (size_t v = 0; v < mission.nodes.size(); ++v) {
    int64_t least = 0;
    for (int i : detail::node_candidates(mission, static_cast<int>(v), set, none)) {
      const RoomTemplate& t = set.templates[static_cast<size_t>(i)];
      const int64_t a = int64_t{t.width() + kMissionGap} * (t.height() + kMissionGap);
      least = least == 0 ? a : std::min(least, a);
    }
    if (least == 0) return 0;  // a node no template may stand for: mission_layout_problems says so
    area += least;
  }
  return area;
}

std::pair<int, int> mission_map_size(const Mission& mission, const TemplateSet& set, const TemplateLayoutConfig& config,
                                     int width, int height) {
  int64_t area = mission_rooms_area(mission, set);
  int longest = 0;
  if (set.templates.empty()) {
    longest = config.max_side + 2;
    area = static_cast<int64_t>(mission.nodes.size()) * (longest + kMissionGap) * (longest + kMissionGap);
  } else {
    const std::vector<int> none(set.templates.size(), 0);
    for (size_t v = 0; v < mission.nodes.size(); ++v)
      for (int i : detail::node_candidates(mission, static_cast<int>(v), set, none))
        longest = std::max(
            {longest, set.templates[static_cast<size_t>(i)].width(), set.templates[static_cast<size_t>(i)].height()});
  }
  const double target = kMissionSizeFactor * static_cast<double>(area);
  const int least = std::max(16, longest + kMissionGap);
  auto clamp = [&](double side) {
    return static_cast<int>(std::clamp(std::ceil(side), static_cast<double>(least), static_cast<double>(kMaxSide)));
  };
  if (width > 0 && height > 0) return {width, height};
  if (width > 0) return {width, clamp(target / width)};
  if (height > 0) return {clamp(target / height), height};
  const int side = clamp(std::sqrt(target));
  return {side, side};
}

}  // namespace catacomb
