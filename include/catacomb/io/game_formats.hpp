#pragma once
/// Game and machine-learning formats: a MiniHack des-file (NetHack's level description), a
/// Griddly level string and an .npz level buffer (numpy arrays). Each reads only the dungeon's
/// public data (tiles, objectives, locked doors, progression doors and, for the .npz, the
/// solver's walkthrough), so the same dungeon always gives the same bytes, on every platform and
/// binding; each writes every objective kind (with its lock or switch id) and every door kind
/// (locked with its lock id, gates with their switch, one-way doors with their direction, secret
/// doors). Coordinates are x = column, y = row, origin top-left.
#include <catacomb/export.hpp>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/validate/validate.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// The dungeon as a MiniHack des-file: MAP ... ENDMAP (walls next to open ground as '|' or '-',
/// solid rock ' ', floor, road and vegetation '.', corridors '#', doors '+', secret doors 'S',
/// water '}'), the start as BRANCH, the exit as STAIR down, keys as skeleton keys (named "key of
/// lock N" when they open lock N), treasure as gold, switches and other objectives as engravings
/// ("switch N", "objective"), and a DOOR line for every other door: locked doors and gates shut at
/// the start `locked`, gates open at the start `open`, one-way and plain doors `closed`. What
/// NetHack cannot say (a locked door's lock, a gate's switch and when it is open, a one-way door's
/// direction, a secret door) is a "# catacomb: ..." comment line just above the door's DOOR line
/// (a secret door's alone). Lines end in '\n'. `name` is the MAZE's name. The map must fit
/// NetHack's 76 x 21 for NetHack itself; MiniHack's larger maps are written as they are. Throws
/// InvalidArgument for a name holding '"' or a control character.
std::string write_des(const Dungeon& dungeon, std::string_view name = "catacomb");

/// The characters of a Griddly level string: terrain by value, then the objectives and doors
/// drawn over them, one character each. Griddly reads digits after a character as a player id,
/// so ids are characters of their own: `keys`, `locked`, `switches`, `gate` and `gate_off` hold
/// one character per id 1 to 9. Every entry is text; an entry's name (entry(), the JSON keys of
/// read_griddly_legend) is its member's, but "switch" for `switches`.
struct GriddlyLegend {
  /// One character per terrain value, Terrain::Wall first (kTerrainCount of them).
  std::string terrain = "w..d~..HP";
  std::string start = "A";             ///< the start
  std::string exit = "x";              ///< the exit
  std::string treasure = "t";          ///< treasure
  std::string objective = "o";         ///< a plain objective
  std::string key = "k";               ///< a key that opens nothing (lock 0)
  std::string keys = "bcefgijlm";      ///< a key of lock 1 to 9
  std::string locked = "BCEFGIJLM";    ///< a locked door of lock 1 to 9
  std::string switches = "@#$%&*+=:";  ///< a switch of id 1 to 9 (named "switch")
  std::string gate = "NQRSUYZTX";      ///< a gate of switch 1 to 9, open while its switch is on
  std::string gate_off = "nqrsuyzah";  ///< a gate of switch 1 to 9, open while it is off
  std::string one_way = "^>v<";        ///< a one-way door passed north, east, south, west
  std::string secret = "?";            ///< a secret door

  /// The entry called `name` ("terrain", "start", ..., "switch", ..., "secret"), or null.
  std::string* entry(std::string_view name);
  /// The entry called `name`, or null.
  const std::string* entry(std::string_view name) const;
  /// Every bad entry: each must hold its number of characters (one; 9 per id; 4 for one_way; one
  /// per terrain), printable ASCII (the level string is read byte by byte), none a digit, a
  /// space or (but in `terrain`) '.', and no character but terrain's may stand for two things.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing problems() when there is any.
  void check() const;
};

/// The entries' names in the order Python's GRIDDLY_LEGEND lists them: "terrain", "start",
/// "exit", "treasure", "objective", "key", "keys", "locked", "switch", "gate", "gate_off",
/// "one_way", "secret".
const std::vector<std::string_view>& griddly_legend_names();

/// The default legend with the entries of `json`, a JSON object of text values by entry name
/// ({"start": "W", "keys": "KVDOp!;_|"}), checked. Throws InvalidArgument for text that is not a
/// JSON object, an unknown name ("legend key = 'colour' (expected one of terrain, start, ...)"),
/// a value that is not text, and the legend's problems().
GriddlyLegend read_griddly_legend(std::string_view json);

/// The dungeon as a Griddly level string: one line per row (each ending in '\n'), cells separated
/// by spaces, terrain by `legend.terrain`, and drawn over it, in this order, the locked doors (by
/// lock id), the progression doors (gates by switch id and when they are open, one-way doors by
/// direction, secret doors) and the objectives (the start, exit, treasure, plain objectives, keys
/// by lock id, switches by id). Throws InvalidArgument for a bad legend (its problems()), or an
/// objective or door off the map or with an id outside 1 to 9, or a tile that is no terrain.
std::string write_level_string(const Dungeon& dungeon, const GriddlyLegend& legend = {});

/// The dungeon's level arrays as the bytes of an .npz archive, as numpy.load reads them (a zip
/// of stored .npy v1.0 files, their headers as numpy 1.24 writes them; every entry dated
/// 1980-01-01 00:00, so the same dungeon gives the same bytes):
///   tiles      (H, W) uint8    terrain values
///   start      (2,) int32      the first start's x, y (-1, -1 when none)
///   goal       (2,) int32      the first exit's x, y (-1, -1 when none)
///   route      (K, 2) int32    the solver's walkthrough as cells, start to exit (each step's
///                              route after the first without its first cell; (0, 2) when none)
///   objectives (M, 5) int32    kind (ObjectiveKind's value), x, y, lock, switch id
///   locks      (L, 3) int32    x, y, lock id
///   doors      (D, 7) int32    x, y, kind (0 gate, 1 one-way, 2 secret), switch id,
///                              open_when_off, dx, dy (a one-way door's step; 0, 0 otherwise)
///   key_rule   () unicode      "reusable" or "consumable"
///   seed       () uint64       the seed
/// The walkthrough is validate_dungeon(dungeon, rules)'s solution's (what a certificate lists).
/// Throws InvalidArgument when an array would not fit a zip without zip64 (4 GiB).
std::string write_level_npz(const Dungeon& dungeon, const ValidateOptions& rules);

/// The cells of a walkthrough, start to exit: the first step's route whole, each later step's
/// without its first cell (where the step before ended): the .npz's "route".
std::vector<Point> walkthrough_cells(const Solution& solution);

}  // namespace catacomb
CATACOMB_PUBLIC_END
