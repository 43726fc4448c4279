#pragma once
/// Dungeons from room templates (generator/templates.hpp), with or without a mission graph
/// (core/mission.hpp), in three stages the pipeline runs in order:
///   1. place_templates: choose the templates and put them on the map without overlap (at least
///      kTemplateGap cells apart), turned and mirrored where they allow. Without a mission: each
///      template's min count, a start room and an exit room, then weighted draws up to
///      room_count, the largest placed first at random spots (a room that finds no spot in
///      `tries` is dropped unless it was required). With a mission: one room per node (a template
///      of the node's type with all its tags and enough sockets, or, without a set, a generated
///      rectangle), placed in breadth-first order from the start's node, each next to a room it
///      joins, facing it, where it lies nearest the rooms it joins.
///   2. join_templates: the passages. Without a mission, the Gabriel-graph spanning tree of the
///      rooms' centres plus loop_fraction of the other candidates (generator/room_graph.hpp);
///      with one, its edges. Each passage is a corridor from a socket of one room to a socket of
///      the other, the cheapest 4-connected route under the dig costs (rock to dig, reuse to follow
///      a corridor, turn per change of direction) that never enters a room or the cells round a
///      room it does not join. With a mission, corridors never touch one another and each socket
///      serves one passage, so the rooms a corridor joins are exactly its edge's. Used sockets
///      become doors (a locked or secret edge's: a locked or secret door, on the side farther from
///      the start; a one-way edge's: a one-way door into its room b), unused
///      ones wall; chance cells become wall with their chance.
///   3. place_template_objectives: objectives on spots. With a mission, each node's objectives
///      in its room (a spot of the kind, else a spot for any kind, else a random open cell of the
///      room); without, the start in a start room, the exit in another room, further objectives
///      (key, treasure, key, ...) on free spots.
/// Every stage draws only from the Rng it is given; failures (no room, no route) are returned,
/// never thrown, so the pipeline can try its next attempt.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/mission.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/generator/corridors.hpp>
#include <catacomb/core/room_templates.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Least number of cells between two placed templates (room for a corridor round a room it
/// does not join).
inline constexpr int kTemplateGap = 2;
/// With a mission: least number of cells between two rooms (other than the first, which is the
/// parent's lane): a corridor that joins neither passes between them a cell from each.
inline constexpr int kMissionGap = 4;

/// What the template stages need besides the set and the mission.
struct TemplateLayoutConfig {
  int room_count = 12;           ///< without a mission: the rooms wanted
  double loop_fraction = 0.125;  ///< without a mission: share of extra passages for loops
  DigCosts dig;                  ///< the router's costs (width 1 only)
  int tries = 200;               ///< placement candidates per room
  int min_side = 4;              ///< generated rooms (a mission without a set): least inner side
  int max_side = 10;             ///< generated rooms: largest inner side
};

/// One placed room.
struct PlacedTemplate {
  RoomTemplate room;             ///< the template as oriented
  int index = -1;                ///< in the set (-1: a generated rectangle)
  int orientation = 0;           ///< 0 to 7
  Rect rect;                     ///< where on the map
  int node = -1;                 ///< the mission node (-1 without a mission)
  std::vector<int> socket_edge;  ///< per socket: the passage it serves (-1: unused)
};

/// The layout as it grows through the three stages.
struct TemplatePlan {
  Dungeon dungeon;                     ///< tiles, rooms, labels, locks, mission
  std::vector<PlacedTemplate> placed;  ///< in the order of dungeon.rooms
  std::vector<int> depth;              ///< per placed room: passages from the start's room
  /// With a mission: the cells kept clear for the corridors placement planned (from a socket's
  /// outside cell to the one facing it), which later rooms keep a cell away from.
  std::vector<Rect> lanes;
  /// With a mission: a corridor routed at placement, when the second room of an edge that
  /// closes a cycle was placed (the room went where such a route exists).
  struct Route {
    int edge = -1;             ///< the mission edge
    std::vector<Point> cells;  ///< from one socket's outside cell to the other's
  };
  std::vector<Route> routes;  ///< the corridors routed at placement, in the order they were
  int dropped = 0;            ///< rooms that found no spot
  int corridors = 0;          ///< corridors dug
  std::string why;            ///< why a stage failed; empty when it did not
  /// With a mission: the node whose room found no place when placement failed (-1 otherwise), so
  /// a caller can count where attempts die (GenerationError names the node most attempts died at).
  int failed_node = -1;
  /// With a mission: the edge that found no corridor when joining failed (-1 otherwise).
  int failed_edge = -1;
  /// True while no stage has failed.
  bool ok() const noexcept { return why.empty(); }
};

/// Stage 1. `set` may be empty only with a mission (every room a generated rectangle). Throws
/// InvalidArgument for a map smaller than 16 x 16 or a bad mission (Mission::problems).
TemplatePlan place_templates(int width, int height, const TemplateSet& set, const Mission& mission,
                             const TemplateLayoutConfig& config, Rng& rng);
/// Stage 2: corridors, doors, locks and chance cells (sets plan.why on a passage without a route).
void join_templates(TemplatePlan& plan, const TemplateLayoutConfig& config, Rng& rng);
/// Stage 3: objectives (`further` besides start and exit, without a mission).
void place_template_objectives(TemplatePlan& plan, int further, Rng& rng);

/// Why `mission` cannot be laid out from `set` whatever the seed, every one: a node whose type or
/// tags no template has ({"mission", "node ID (type T)", "a template of type T ... in set S"}), a
/// node with more edges than its type's templates have sockets ({"mission", "node ID (type T, N
/// edges)", "at most M edges: the most sockets a template of type T has"}), more nodes of a type
/// than its templates' max counts allow. `set` is the set as used (a theme already applied: see
/// TemplateSet::with_theme; `theme` only names it in the messages). Empty when nothing rules it
/// out; empty for an empty set (generated rectangles fit any node).
std::vector<FieldProblem> mission_layout_problems(const Mission& mission, const TemplateSet& set,
                                                  std::string_view theme = {});

/// The least area the rooms of `mission` laid out from `set` take, gaps included: per node, the
/// smallest template that may stand for it, widened by kMissionGap (half a gap each side), summed
/// (cells). No layout of the mission fits a map of w x h with (w + kMissionGap) x (h +
/// kMissionGap) below it. 0 for an empty set or a node no template may stand for.
int64_t mission_rooms_area(const Mission& mission, const TemplateSet& set);

/// A map size for `mission` laid out from `set` (a theme applied), for a caller who gives none
/// (`width` and `height` 0) or one side only (the other 0): room for kMissionSizeFactor times
/// mission_rooms_area (gaps included), a square when neither side is given, else the given side
/// and the other long enough; each side at least 16 and the longest side of a template that may
/// be used (plus kMissionGap), at most kMaxSide. For an empty set, each room counts as a
/// generated room of the largest side (config.max_side + 2). Reads no Rng: the same mission and
/// set always give the same size. Returns {width, height}.
std::pair<int, int> mission_map_size(const Mission& mission, const TemplateSet& set, const TemplateLayoutConfig& config,
                                     int width = 0, int height = 0);
/// How much larger than the rooms' least area (gaps included) mission_map_size makes a map: room
/// for corridors, and for the layout to find spots. 5: the shipped missions lay out at it (3 left
/// hundred.json failing); see bench/mission_graphs_bench.cpp and docs/performance.md.
inline constexpr double kMissionSizeFactor = 5.0;

}  // namespace catacomb
CATACOMB_PUBLIC_END
