#pragma once
/// Room perturbation (the tutorial series' #7): many randomly sized rooms are scattered, then
/// pushed apart until every pair keeps a minimum distance; rooms that still break the rule
/// after the iteration cap are dropped. Each room gets a connection point.
#include <catacomb/export.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/rng.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Smallest side of a rooms map. [Units: cells]
inline constexpr int kMinRoomsSide = 16;

/// Every parameter of the room layout but the map size, which layout_rooms takes on its own
/// (a GenerateConfig has one size for every generator).
struct RoomLayoutConfig {
  /// Rooms created before perturbation. [Limit: 2 to max_room_count(width, height, *this), at
  /// most 100000]
  int room_count = 16;
  /// Smallest room side. [Limit: 6 to max_side] [Units: cells]
  int min_side = 6;
  /// Largest room side. [Limit: min_side to 256, and rooms must fit the map] [Units: cells]
  int max_side = 12;
  /// Wall cells that must separate any two rooms (Chebyshev gap between their rectangles).
  /// [Limit: 3 to 64] [Units: cells]
  int min_distance = 3;
  /// Most separation iterations before rooms that still break the rule are dropped.
  /// [Limit: 1 to 100000]
  int max_iterations = 300;

  /// Every bad field for a width x height map, the size included (width and height
  /// kMinRoomsSide to kMaxSide, max_side small enough for a room to fit, room_count at most
  /// max_room_count): {"room_count", "1", "2 to 100000"}. Empty when valid.
  std::vector<FieldProblem> problems(int width, int height) const;
  /// Every bad field whatever the map: the fields' own ranges, and room_count at most what the
  /// largest map takes. For a config checked before its map size is known, or kept beside
  /// another generator's.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check(int width, int height) const;
};

/// Rooms after perturbation, each with its connection point.
struct RoomLayout {
  /// The rooms kept, in no particular order of position.
  std::vector<Rect> rooms;
  /// One per room: a random interior cell at least 3 tiles from every edge (counting the edge
  /// tile as 1, so offsets 2 .. side-3 from the room's top-left).
  std::vector<Point> connection_points;
  /// Rooms created but dropped because they still broke the distance rule.
  int dropped = 0;
  /// Separation iterations run.
  int iterations = 0;
};

/// Layout work allowed: max_iterations x (rooms + close pairs expected when the rooms are piled
/// into the middle half of the map) at most this. [Units: room and pair tests]
inline constexpr double kRoomLayoutWork = 3e7;

/// The largest room_count layout_rooms accepts for a width x height map with the other fields of
/// `config` (its room_count is ignored): at most 100000, and few enough that the perturbation's
/// expected work stays within kRoomLayoutWork. The close pairs of rooms piled into the middle
/// half (a bound: rooms that start in a larger box are spread more) grow as rooms^2 x (mean side
/// x 2 + 2 x min_distance)^2 / (the middle half's area), so a small map takes hundreds of rooms,
/// not thousands (with the other defaults: 80x50 587;
/// 256x256 2,356; 1024x1024 9,096; 4096x4096 31,568; 16384x16384 75,522). Pure arithmetic; no
/// allocation. Requires sizes and the other fields in range.
int max_room_count(int width, int height, const RoomLayoutConfig& config);

/// Chebyshev gap between two rooms: wall cells between them along the axis where they are
/// farthest apart (negative when they overlap on both axes).
int room_gap(const Rect& a, const Rect& b);

/// Creates and perturbs rooms on a width x height map. The rooms start at random in a centred box
/// of the map's shape: its middle half, or twice the rooms' footprint (room_count x (the mean
/// side + min_distance)^2) when that is larger, up to the whole map. Positions move as reals;
/// after every step they are rounded and clamped so every room keeps a 1-tile margin inside the
/// map. Deterministic in (size, config, rng). Throws InvalidArgument for a bad size or config
/// (RoomLayoutConfig::check), before any allocation or draw from rng.
RoomLayout layout_rooms(int width, int height, const RoomLayoutConfig& config, Rng& rng);

}  // namespace catacomb
CATACOMB_PUBLIC_END
