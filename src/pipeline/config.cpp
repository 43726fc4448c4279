// GenerateConfig's checks (problems(): every bad field at once, each named with its value and what
// is expected), the cost table it places and validates under, and the generators' names. The
// attempt loop is in generate.cpp, the recipe a dungeon records in recipe.cpp.
#include <catacomb/pipeline/generate.hpp>

#include <algorithm>
#include <tuple>

#include <catacomb/core/error.hpp>
#include <catacomb/core/threads.hpp>
#include "shared/core/enum_names.hpp"
#include "shared/core/problems.hpp"
#include "shared/generator/lock_layout_names.hpp"

namespace catacomb {
namespace {

using detail::EnumNames;

constexpr EnumNames<GeneratorKind, 3> kGeneratorKindNames = {
    {{GeneratorKind::Rooms, "rooms"}, {GeneratorKind::Caves, "caves"}, {GeneratorKind::Platformer, "platformer"}}};

}  // namespace

std::string_view generator_kind_name(GeneratorKind g) { return detail::enum_name(kGeneratorKindNames, g); }

GeneratorKind parse_generator_kind(std::string_view name, const std::string& field) {
  return detail::parse_enum(kGeneratorKindNames, name, field);
}

std::vector<FieldProblem> GenerateConfig::problems() const {
  std::vector<FieldProblem> p;
  // An enum holds any value of its underlying type: one cast from an integer is a bad config.
  if (!detail::enum_known(kGeneratorKindNames, generator))
    p.push_back({"generator", std::to_string(static_cast<int>(generator)), detail::enum_expected(kGeneratorKindNames)});
  const int lo = generator == GeneratorKind::Caves ? kMinCaveSide : kMinRoomsSide;
  const bool has_mission = mission && !mission->empty();
  // With a mission (rooms generator), 0 asks for a side chosen from it (map_size()).
  const bool from_mission = has_mission && generator == GeneratorKind::Rooms;
  auto side = [&](const char* name, int v) {
    if ((v < lo || v > kMaxSide) && !(from_mission && v == 0))
      p.push_back({name, std::to_string(v),
                   std::to_string(lo) + " to " + std::to_string(kMaxSide) +
                       (from_mission ? ", or 0 with a mission (chosen from it)" : "")});
  };
  side("width", width);
  side("height", height);
  // Every sub-config is checked, the inactive one too (a bad --fill is bad input even for rooms),
  // but only the active one against the map size; the inactive one (and the active one when the
  // size is bad, already reported above) on a size that accepts any valid value of its fields.
  const bool sizes_ok = p.empty() && width > 0 && height > 0;
  const bool caves_active = generator == GeneratorKind::Caves;
  append_problems(p, caves_active && sizes_ok ? caves.problems(width, height) : caves.problems(80, 50));
  append_problems(p, cave_regions.problems());
  const bool rooms_active = generator == GeneratorKind::Rooms;
  append_problems(p, rooms_active && sizes_ok ? rooms.problems(width, height) : rooms.problems());
  append_problems(p, movement.problems());
  const bool platformer_active = generator == GeneratorKind::Platformer;
  append_problems(p, platformer.problems(platformer_active && sizes_ok ? width : kMaxSide,
                                         platformer_active && sizes_ok ? height : kMaxSide, movement));
  if (!(loop_fraction >= 0 && loop_fraction <= 1))
    p.push_back({"loop_fraction", format_number(loop_fraction), "0 to 1"});
  append_problems(p, dig.problems());
  if (objectives < 0 || objectives > 9) p.push_back({"objectives", std::to_string(objectives), "0 to 9"});
  if (locks < 0 || locks > kMaxLock) p.push_back({"locks", std::to_string(locks), "0 to 9"});
  if (!detail::enum_known(detail::kKeyRuleNames, key_rule))
    p.push_back({"key_rule", std::to_string(static_cast<int>(key_rule)), detail::enum_expected(detail::kKeyRuleNames)});
  if (!detail::enum_known(detail::kLockLayoutNames, lock_layout))
    p.push_back({"lock_layout", std::to_string(static_cast<int>(lock_layout)),
                 detail::enum_expected(detail::kLockLayoutNames)});
  if (lock_layout != LockLayout::Chain && generator == GeneratorKind::Platformer)
    p.push_back({"lock_layout", std::string(lock_layout_name(lock_layout)), "chain with the platformer generator"});
  if (cycle_one_way && lock_layout != LockLayout::Cycles)
    p.push_back({"cycle_one_way", "true", "false unless lock_layout is cycles"});
  append_problems(p, decor.problems());
  if (!detail::enum_known(detail::kCostPresetNames, costs))
    p.push_back({"costs", std::to_string(static_cast<int>(costs)), detail::enum_expected(detail::kCostPresetNames)});
  append_problems(p, cost_problems());
  append_problems(p, moves.problems());
  if (max_attempts < 1 || max_attempts > 1000) p.push_back({"max_attempts", std::to_string(max_attempts), "1 to 1000"});
  if (!threads_in_range(threads)) p.push_back({"threads", std::to_string(threads), threads_range_text()});
  if (has_mission && generator != GeneratorKind::Rooms)
    p.push_back({"mission", std::string(generator_kind_name(generator)) + " generator",
                 "the rooms generator (a mission lays out rooms)"});
  if (templates && generator == GeneratorKind::Caves)
    p.push_back({"templates", "caves generator", "the rooms generator or, with side-view templates, platformer"});
  if (templates && (generator == GeneratorKind::Platformer) != templates->side_view)
    p.push_back({"templates", templates->side_view ? "a side-view set" : "a top-down set",
                 generator == GeneratorKind::Platformer ? "a side-view set (map property view = side) for platformer"
                                                        : "a top-down set for the rooms generator"});
  if ((templates || has_mission) && dig.width != 1)
    p.push_back({"corridor_width", std::to_string(dig.width), "1 with templates or a mission"});
  if (has_mission && locks != 0)
    p.push_back({"locks", std::to_string(locks), "0 with a mission (its edges say where the locks are)"});
  if (has_mission) append_problems(p, mission->problems());
  // Switches, one-way and secret doors (#33): rooms and caves, not with a mission (its edges say).
  for (const auto& [name, n, most] : {std::tuple{"switches", switches, kMaxSwitch}, std::tuple{"one_way", one_way, 9},
                                      std::tuple{"secret_doors", secret_doors, 9}}) {
    if (n < 0 || n > most) p.push_back({name, std::to_string(n), "0 to " + std::to_string(most)});
    else if (n > 0 && generator == GeneratorKind::Platformer)
      p.push_back({name, std::to_string(n), "0 with the platformer generator (rooms and caves only)"});
    else if (n > 0 && has_mission)
      p.push_back({name, std::to_string(n), "0 with a mission (its edges say where the doors are)"});
  }
  if (!theme.empty() && !templates) p.push_back({"theme", theme, "a theme only with templates"});
  if (templates) {
    const bool tagged = theme.empty() || std::any_of(templates->templates.begin(), templates->templates.end(),
                                                     [&](const RoomTemplate& t) { return t.has_tag(theme); });
    if (!tagged) p.push_back({"theme", theme, "a tag of at least one template of set " + templates->name});
    for (const TemplateProblem& tp : check_template_set(*templates))
      p.push_back({"templates", templates->name, tp.text()});
  }
  if (from_mission && mission->problems().empty()) append_problems(p, mission_fit_problems());
  return p;
}

std::vector<FieldProblem> GenerateConfig::mission_fit_problems() const {
  std::vector<FieldProblem> p;
  if (!templates || !mission || mission->empty()) return p;
  const TemplateSet themed = templates->with_theme(theme);
  append_problems(p, mission_layout_problems(*mission, themed, theme));
  const int64_t area = mission_rooms_area(*mission, themed);
  const auto [w, h] = map_size();
  if (area == 0 || w < kMinRoomsSide || h < kMinRoomsSide || w > kMaxSide || h > kMaxSide) return p;
  // Rooms kMissionGap apart, each widened by half a gap each side, tile a map widened by a gap.
  if (int64_t{w + kMissionGap} * (h + kMissionGap) < area) {
    int side = kMinRoomsSide;
    while (int64_t{side + kMissionGap} * (side + kMissionGap) < area) ++side;
    p.push_back({"map size", std::to_string(w) + "x" + std::to_string(h),
                 "at least " + std::to_string(side) + "x" + std::to_string(side) + " or as many cells: the rooms of " +
                     "mission " + mission->name + " take " + std::to_string(area) + " cells with their gaps" +
                     " (a size left out, 0, is chosen from the mission)"});
  }
  return p;
}

std::pair<int, int> GenerateConfig::map_size() const {
  if ((width != 0 && height != 0) || !mission || mission->empty() || generator != GeneratorKind::Rooms)
    return {width, height};
  TemplateLayoutConfig tc;
  tc.min_side = rooms.min_side;
  tc.max_side = rooms.max_side;
  return mission_map_size(*mission, templates ? templates->with_theme(theme) : TemplateSet{}, tc, width, height);
}

std::vector<FieldProblem> GenerateConfig::cost_problems() const {
  std::vector<FieldProblem> p;
  if (cost.empty()) return p;
  const std::string text = cost_overrides_text(cost);
  if (generator == GeneratorKind::Platformer)
    p.push_back({"cost", text, "no cost table with the platformer generator (its movement model decides)"});
  const CostTable t = cost_table();
  if (t.passable(Terrain::Wall)) p.push_back({"cost", text, "wall impassable (the generators' rock)"});
  for (Terrain open : {Terrain::Floor, Terrain::Corridor, Terrain::Door})
    if (!t.passable(open))
      p.push_back({"cost", text, std::string(terrain_name(open)) + " passable (the generators carve it)"});
  return p;
}

void GenerateConfig::check() const { throw_if_problems(problems()); }

CostTable GenerateConfig::cost_table() const {
  CostTable t = CostTable::preset(costs);
  if (deep_water) t.set(Terrain::Water, CostTable::kImpassable);
  return cost.apply(t);
}

}  // namespace catacomb
