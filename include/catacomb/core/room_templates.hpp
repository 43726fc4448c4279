#pragma once
/// Room templates (in core: the generators of every module read them): rooms a designer draws (in Tiled, read by io/template_set.hpp), each a
/// rectangle of terrain with door sockets on its edge, objective spots inside, cells that are
/// wall only by chance, and the properties that say where and how often it may be used. A
/// TemplateSet is what `catacomb generate --templates SET` places (generator/template_layout.hpp)
/// and what `catacomb templates check SET` lints (check_template_set).
///
/// Orientation: a template may be placed in 8 orientations (4 quarter turns, each mirrored or
/// not) when its `rotate` and `mirror` allow. Orientation o mirrors first (o >= 4: x becomes
/// width - 1 - x), then turns clockwise (o % 4) quarter turns ((x, y) in a w x h template becomes
/// (h - 1 - y, x) in the h x w result). Sockets, spots and chance cells move with the tiles.
#include <catacomb/export.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The side of a template a socket opens to (the direction out of the template).
enum class Side : uint8_t {
  North,  ///< the top row; out is y - 1
  East,   ///< the right column; out is x + 1
  South,  ///< the bottom row; out is y + 1
  West,   ///< the left column; out is x - 1
};
/// "north", "east", "south", "west".
std::string_view side_name(Side s);
/// The cell one step out of `p` through side `s`.
Point step_out(Point p, Side s);

/// A door socket: an edge cell of the template (not a corner) where a corridor may join it. A
/// socket that is used becomes a door; one that is not becomes wall.
struct TemplateSocket {
  Point pos;    ///< in template cells
  Side side{};  ///< the edge it lies on
  /// Equal when cell and side are equal.
  friend bool operator==(const TemplateSocket&, const TemplateSocket&) = default;
};

/// What may stand on a spot: one objective kind, or any.
struct TemplateSpot {
  Point pos;  ///< in template cells
  /// The objective kind the spot is for; nullopt: any kind ("any" in the file).
  std::optional<ObjectiveKind> kind;
  /// Equal when cell and kind are equal.
  friend bool operator==(const TemplateSpot&, const TemplateSpot&) = default;
};

/// One room template.
struct RoomTemplate {
  std::string name;               ///< unique in its set
  std::string type = "any";       ///< its role: start, exit, treasure, boss, corridor, any, ... (free text)
  double weight = 1;              ///< relative chance of being drawn, > 0
  int min_count = 0;              ///< at least this many per dungeon
  int max_count = -1;             ///< at most this many per dungeon; -1: no limit
  bool rotate = true;             ///< may be turned by quarter turns
  bool mirror = true;             ///< may be mirrored
  std::vector<std::string> tags;  ///< free text (themes, biomes), in the order written
  Grid<Terrain> tiles;            ///< its terrain, the whole rectangle
  /// Per cell, the chance (0 to 255 of 255) that the cell is wall instead of its painted
  /// terrain; empty when no cell is probabilistic.
  Grid<uint8_t> wall_chance;
  std::vector<TemplateSocket> sockets;  ///< in the order read
  std::vector<TemplateSpot> spots;      ///< in the order read
  Rect source;                          ///< where it was drawn in its set's map (for messages)

  int width() const { return tiles.width(); }    ///< in cells
  int height() const { return tiles.height(); }  ///< in cells
  /// True when `tag` is among its tags.
  bool has_tag(std::string_view tag) const;
  /// Equal when every field is equal.
  friend bool operator==(const RoomTemplate&, const RoomTemplate&) = default;
};

/// Number of orientations (4 turns x mirrored or not).
inline constexpr int kOrientations = 8;
/// Whether `t` may be placed in orientation `o` (0 to 7; 0 always).
bool orientation_allowed(const RoomTemplate& t, int o);
/// `t` in orientation `o` (0 to 7): tiles, chance cells, sockets (and their sides) and spots
/// moved as the header describes. Throws InvalidArgument for o outside 0 to 7.
RoomTemplate oriented(const RoomTemplate& t, int o);
/// Where the cell `p` of a w x h template lands in orientation `o`.
Point oriented_point(Point p, int w, int h, int o);

/// A set of templates, as read from one file.
struct TemplateSet {
  std::string name;                     ///< the set's name (its file's name without extension)
  bool side_view = false;               ///< side-view (platformer) templates: never turned
  std::vector<RoomTemplate> templates;  ///< in the order drawn
  /// 64-bit FNV-1a hash of everything that shapes a dungeon (recorded in a dungeon's recipe, so
  /// a recipe names the exact set it was made with).
  uint64_t hash() const;
  /// The templates tagged `theme` (all of them for an empty theme), in order.
  TemplateSet with_theme(std::string_view theme) const;
  /// The templates whose type is `type`, by index.
  std::vector<int> of_type(std::string_view type) const;
};

/// One problem with a template set: the template it concerns (empty for the set), the map cell
/// it is at (when it has one) and what is wrong.
struct TemplateProblem {
  std::string template_name;  ///< empty for a problem of the whole set
  std::optional<Point> cell;  ///< a cell of the set's map, when the problem has one
  std::string message;        ///< what is wrong, and what was expected
  /// "template crypt, cell (14,3): socket not on the template's edge (expected ...)"
  std::string text() const;
  /// Equal when every field is equal.
  friend bool operator==(const TemplateProblem&, const TemplateProblem&) = default;
};

/// Lints a set: at least one template, names unique and not empty, weight > 0, 0 <= min <= max,
/// at least one socket each, every socket on its template's edge and not on a corner, every
/// socket and spot reachable from every other socket inside the template (chance cells counted
/// as wall, so the check holds however they fall), spots on open ground, side-view templates
/// not turnable, and a template for each of `needed_types`. Returns every problem, in template
/// order; empty when the set is good.
std::vector<TemplateProblem> check_template_set(const TemplateSet& set,
                                                const std::vector<std::string>& needed_types = {});

}  // namespace catacomb
CATACOMB_PUBLIC_END
