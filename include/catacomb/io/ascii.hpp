#pragma once
/// ASCII maps: one character per tile, one line per row, each line ending in '\n'.
///
/// Legend: wall '#', floor '.', corridor ',', door '+', water '~', vegetation '"', road '=',
/// ladder 'H', platform '-' (side view: '#' solid, '.' air; see platformer/side_view.hpp).
/// A side-view map may open with a header line recording its movement model (the params of
/// platformer/movement_model.hpp): "!movement=platformer jump_height=3 jump_distance=4
/// body_height=1 max_fall=0 jump_penalty=1". Keys may be left out (defaults apply); only those
/// keys are accepted. write_ascii writes it when the params record platformer movement.
/// Markers: '<' the start, '>' the exit, '1' to '9' further objectives in order, 'a' to 'i' keys of
/// locks 1 to 9 (any number of each). A marker stands on floor: reading gives floor under it, and
/// writing draws the marker instead of the tile. 'A' to 'I' are door tiles locked with locks 1 to 9.
/// 'H' is both lock 8's door and a ladder: it reads as a ladder in a map with the side-view header,
/// or with no other sign of locks (no key 'a'-'i', no door 'A'-'G' or 'I', no "key-rule" trailer
/// line, below), else as lock 8's door; write_ascii refuses a map that would need both.
/// Gates, one-way and secret doors (Dungeon::doors) are door tiles drawn with the JSON map's
/// letters (progression_door_char): 'J' to 'R' a gate of switch 1 to 9 open while it is on, 'j' to
/// 'r' one open while it is off, '^' 'v' ')' '(' a one-way door passed going north, south, east,
/// west, 'S' a secret door. Every one of these means one thing in every map ('H' is the only
/// letter with two meanings).
/// Reading then writing a valid file gives the same text byte for byte.
///
/// After the grid, an empty line and a trailer says what the markers cannot: one line
/// "<digit>: <kind>" for each digit whose kind is key or treasure, "<digit>: switch <1-9>" for a
/// switch with its id (a digit without a line is kind objective), and "key-rule:
/// reusable|consumable" for a map with locks. A map whose digits are all plain objectives and
/// that has no locks has no trailer.
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
/// exit, 'a' to 'i' for a key of lock 1 to 9, '1' to '9' for the other further objectives in
/// order; '\0' for one an ASCII map cannot mark (a second start or exit, a tenth further
/// objective). The one home of the marker rule.
std::vector<char> objective_markers(const std::vector<Objective>& objectives);

/// The map as text. Throws InvalidArgument for more than one start or exit, or more than nine
/// further objectives (switches count among them), and for a door or switch progression_problems
/// finds (a door of no letter, a switch without an id 1 to 9, an objective on a door's cell: the
/// message names each with its kind and cell).
std::string write_ascii(const Dungeon& d);

/// The tile character of a door locked with lock 1 to 9: 'A' to 'I'.
char door_char(int lock);
/// The marker of a key of lock 1 to 9: 'a' to 'i'.
char key_char(int lock);
/// The tile character of a progression door in a JSON map's rows: a gate of switch 1 to 9 'J'
/// to 'R' (open while its switch is on) or 'j' to 'r' (open while off), a one-way door '^'
/// (north), 'v' (south), ')' (east), '(' (west), a secret door 'S'; '\0' for a door of no such
/// kind. None of them is a terrain, lock, key or objective letter ('H' stays the ladder and lock
/// 8's door).
char progression_door_char(const ProgressionDoor& g);

/// Parses text written by write_ascii (or by hand). Objectives come back as: the start, the
/// exit, then '1'..'9' in digit order with the kind the trailer gives (Objective without one),
/// then the keys 'a'..'i' by lock id, each lock's in row-major order. Locked doors and
/// progression doors come back in row-major order, each on a door tile. Accepts "\r\n" line ends. Throws
/// InvalidArgument naming the line and column of the first bad character, ragged rows, a
/// second '<' or '>', digits that are not 1..n without gaps, a bad trailer line (naming its line
/// and value), and the problems progression_problems finds (a one-way door at the map's edge). `check_size`, when given, is
/// called with the first row's length and the number of rows before the grid is allocated.
Dungeon read_ascii(std::string_view text, const MapSizeCheck& check_size = {});

}  // namespace catacomb
CATACOMB_PUBLIC_END
