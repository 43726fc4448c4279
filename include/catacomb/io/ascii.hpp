#pragma once
/// ASCII maps: one character per tile, one line per row, each line ending in '\n'.
///
/// Legend: wall '#', floor '.', corridor ',', door '+', water '~', vegetation '"', road '=',
/// ladder 'H', platform '-' (side view: '#' solid, '.' air; see platformer/side_view.hpp).
/// A side-view map may open with a header line recording its movement model (the params of
/// platformer/movement_model.hpp): "!movement=platformer jump_height=3 jump_distance=4
/// body_height=1 max_fall=0 jump_penalty=1". Keys may be left out (defaults apply); only those
/// keys are accepted. write_ascii writes it when the params record platformer movement.
/// Markers: '<' the start, '>' the exit, '1' to '9' further objectives in order. A marker stands
/// on floor: reading gives floor under it, and writing draws the marker instead of the tile.
/// Reading then writing a valid file gives the same text byte for byte.
#include <catacomb/export.hpp>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Most further objectives an ASCII map can mark ('1' to '9').
inline constexpr int kMaxAsciiObjectives = 9;

/// The marker of each objective, in the order of d.objectives: '<' for the start, '>' for the
/// exit, '1' to '9' for the further objectives in order; '\0' for one an ASCII map cannot mark
/// (a second start or exit, a tenth further objective). The one home of the marker rule.
std::vector<char> objective_markers(const std::vector<Objective>& objectives);

/// The map as text. Throws InvalidArgument for more than one start or exit, or more than nine
/// further objectives.
std::string write_ascii(const Dungeon& d);

/// Parses text written by write_ascii (or by hand). Objectives come back as: the start, the
/// exit, then '1'..'9' as kind Objective in digit order. Accepts "\r\n" line ends. Throws
/// InvalidArgument naming the line and column of the first bad character, ragged rows, a
/// second '<' or '>', or digits that are not 1..n without gaps.
Dungeon read_ascii(std::string_view text);

}  // namespace catacomb
CATACOMB_PUBLIC_END
