// Stage 1 of the template layouts: which templates, turned how, where. Without a mission the
// rooms are drawn by weight (after each template's min count and a start and an exit room) and
// put at random free spots, largest first; with one, template_mission.cpp places a room per node.
// Placement tests a candidate against every placed room (O(rooms) each, at most `tries`
// candidates per room). Draws only from the Rng it is given, in a fixed order: the same seed
// gives the same layout.
#include <catacomb/generator/template_layout.hpp>

#include <algorithm>
#include <cstdlib>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"
#include "template_common.hpp"

namespace catacomb {
namespace detail {

// Picks an index of `candidates` by weight; -1 when there is none.
int pick_weighted(const TemplateSet& set, const std::vector<int>& candidates, Rng& rng) {
  if (candidates.empty()) return -1;
  double total = 0;
  for (int i : candidates) total += set.templates[static_cast<size_t>(i)].weight;
  double r = rng.uniform_real() * total;
  for (int i : candidates) {
    r -= set.templates[static_cast<size_t>(i)].weight;
    if (r < 0) return i;
  }
  return candidates.back();
}

bool has_spot(const RoomTemplate& t, ObjectiveKind k) {
  for (const TemplateSpot& s : t.spots)
    if (s.kind == k) return true;
  return false;
}

// A generated rectangle: floor inside a wall ring, a socket on every edge cell but the corners.
RoomTemplate generated_room(int inner_w, int inner_h) {
  RoomTemplate t;
  t.tiles = Grid<Terrain>(inner_w + 2, inner_h + 2, Terrain::Wall);
  for (int y = 1; y <= inner_h; ++y)
    for (int x = 1; x <= inner_w; ++x) t.tiles(x, y) = Terrain::Floor;
  for (int x = 1; x <= inner_w; ++x) {
    t.sockets.push_back({{x, 0}, Side::North});
    t.sockets.push_back({{x, inner_h + 1}, Side::South});
  }
  for (int y = 1; y <= inner_h; ++y) {
    t.sockets.push_back({{0, y}, Side::West});
    t.sockets.push_back({{inner_w + 1, y}, Side::East});
  }
  return t;
}

bool overlaps(const Rect& a, const Rect& b, int gap) {
  return a.x < b.right() + gap && b.x < a.right() + gap && a.y < b.bottom() + gap && b.y < a.bottom() + gap;
}

// Whether room rect `r` fits: on the map, kTemplateGap from every room and a cell from every lane.
bool fits(const Rect& r, int width, int height, const std::vector<PlacedTemplate>& placed,
          const std::vector<Rect>& lanes, int gap) {
  for (const Rect& lane : lanes)
    if (overlaps(r, lane, 1)) return false;
  // Two cells of rock round the map's border side: every socket's outside cell is inside the border.
  if (r.x < 2 || r.y < 2 || r.right() > width - 2 || r.bottom() > height - 2) return false;
  for (const PlacedTemplate& p : placed) {
    const Rect& q = p.rect;
    if (overlaps(r, q, gap)) return false;
  }
  return true;
}

int random_orientation(const RoomTemplate& t, Rng& rng) {
  int allowed[kOrientations];
  int n = 0;
  for (int o = 0; o < kOrientations; ++o)
    if (orientation_allowed(t, o)) allowed[n++] = o;
  return allowed[rng.index_below(static_cast<size_t>(n))];
}

void put(TemplatePlan& plan, PlacedTemplate p) {
  for (int y = 0; y < p.room.height(); ++y)
    for (int x = 0; x < p.room.width(); ++x) plan.dungeon.tiles(p.rect.x + x, p.rect.y + y) = p.room.tiles(x, y);
  p.socket_edge.assign(p.room.sockets.size(), -1);
  plan.placed.push_back(std::move(p));
}

// A random free spot for `base` anywhere on the map (within its middle half when `central`: a
// mission's first room, so that the rooms grow from it every way); false when `tries` found none.
bool place_anywhere(TemplatePlan& plan, const RoomTemplate& base, int index, const TemplateLayoutConfig& config,
                    Rng& rng, bool central) {
  const int width = plan.dungeon.tiles.width(), height = plan.dungeon.tiles.height();
  for (int k = 0; k < config.tries; ++k) {
    const int o = random_orientation(base, rng);
    RoomTemplate room = oriented(base, o);
    const int span_x = width - 4 - room.width(), span_y = height - 4 - room.height();
    if (span_x < 0 || span_y < 0) continue;
    const int sx = central ? span_x / 2 : span_x, sy = central ? span_y / 2 : span_y;
    const Rect r{2 + (central ? span_x / 4 : 0) + static_cast<int>(rng.below(static_cast<uint64_t>(sx) + 1)),
                 2 + (central ? span_y / 4 : 0) + static_cast<int>(rng.below(static_cast<uint64_t>(sy) + 1)),
                 room.width(), room.height()};
    if (!fits(r, width, height, plan.placed)) continue;
    put(plan, {std::move(room), index, o, r, -1, {}});
    return true;
  }
  return false;
}

}  // namespace detail

namespace {

using namespace detail;

// Without a mission: min counts, a start room and an exit room, then weighted draws.
std::vector<std::pair<int, bool>> choose_rooms(const TemplateSet& set, int room_count, Rng& rng) {
  std::vector<std::pair<int, bool>> chosen;  // (template, required)
  std::vector<int> counts(set.templates.size(), 0);
  for (size_t i = 0; i < set.templates.size(); ++i)
    for (int k = 0; k < set.templates[i].min_count; ++k) {
      chosen.emplace_back(static_cast<int>(i), true);
      ++counts[i];
    }
  auto open = [&](size_t i) { return set.templates[i].max_count < 0 || counts[i] < set.templates[i].max_count; };
  for (const char* role : {"start", "exit"}) {
    const ObjectiveKind kind = role[0] == 's' ? ObjectiveKind::Start : ObjectiveKind::Exit;
    bool have = false;
    for (const auto& [i, req] : chosen) have = have || set.templates[static_cast<size_t>(i)].type == role;
    if (have) continue;
    std::vector<int> typed, spotted;
    for (size_t i = 0; i < set.templates.size(); ++i) {
      if (!open(i)) continue;
      if (set.templates[i].type == role) typed.push_back(static_cast<int>(i));
      if (has_spot(set.templates[i], kind)) spotted.push_back(static_cast<int>(i));
    }
    const int i = pick_weighted(set, typed.empty() ? spotted : typed, rng);
    if (i < 0) continue;
    chosen.emplace_back(i, true);
    ++counts[static_cast<size_t>(i)];
  }
  while (static_cast<int>(chosen.size()) < room_count) {
    std::vector<int> eligible;
    for (size_t i = 0; i < set.templates.size(); ++i)
      if (open(i)) eligible.push_back(static_cast<int>(i));
    const int i = pick_weighted(set, eligible, rng);
    if (i < 0) break;
    chosen.emplace_back(i, false);
    ++counts[static_cast<size_t>(i)];
  }
  // Largest first (required ones first among equals), so the big rooms find their spots.
  std::stable_sort(chosen.begin(), chosen.end(), [&](const auto& a, const auto& b) {
    const RoomTemplate& ta = set.templates[static_cast<size_t>(a.first)];
    const RoomTemplate& tb = set.templates[static_cast<size_t>(b.first)];
    const int area_a = ta.width() * ta.height(), area_b = tb.width() * tb.height();
    return area_a != area_b ? area_a > area_b : a.second && !b.second;
  });
  return chosen;
}

void place_free(TemplatePlan& plan, const TemplateSet& set, const TemplateLayoutConfig& config, Rng& rng) {
  for (const auto& [index, required] : choose_rooms(set, config.room_count, rng)) {
    const RoomTemplate& t = set.templates[static_cast<size_t>(index)];
    if (place_anywhere(plan, t, index, config, rng)) continue;
    if (required) {
      plan.why = "no room for template " + t.name + " (" + std::to_string(t.width()) + "x" +
                 std::to_string(t.height()) + ") in " + std::to_string(config.tries) + " tries";
      return;
    }
    ++plan.dropped;
  }
  if (plan.placed.empty()) plan.why = "no template fits the map";
}

}  // namespace

TemplatePlan place_templates(int width, int height, const TemplateSet& set, const Mission& mission,
                             const TemplateLayoutConfig& config, Rng& rng) {
  if (width < 16 || height < 16)
    throw InvalidArgument(FieldProblem{"width x height", std::to_string(width) + "x" + std::to_string(height),
                                       "at least 16x16 for templates"});
  if (!mission.empty()) throw_if_problems(mission.problems());
  if (mission.empty() && set.templates.empty())
    throw InvalidArgument(FieldProblem{"templates", "an empty set", "at least one template"});
  TemplatePlan plan;
  plan.dungeon.tiles = Grid<Terrain>(width, height, Terrain::Wall);
  if (mission.empty()) {
    place_free(plan, set, config, rng);
  } else {
    detail::place_mission(plan, set, mission, config, rng);
    plan.dungeon.mission = mission;
  }
  for (const PlacedTemplate& p : plan.placed) {
    plan.dungeon.rooms.push_back(p.rect);
    plan.dungeon.room_labels.push_back(
        {p.node >= 0 ? mission.nodes[static_cast<size_t>(p.node)].id : std::string(), p.room.name});
  }
  return plan;
}

}  // namespace catacomb
