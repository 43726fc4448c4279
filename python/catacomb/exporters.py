"""Exporters for machine-learning tools: a MiniHack des-file, a Griddly level string and an .npz
level buffer, written by the C++ library (io/game_formats.hpp: write_des, write_level_string,
write_level_npz), so the CLI, the C API and the npm package write the same bytes. Each reads only
the Dungeon's public data (tiles, objectives, locked doors,
progression doors and the solver's walkthrough), so the same dungeon always gives the same text
or arrays, and each writes every objective kind (with its lock or switch id) and every door kind
(locked with its lock id, gates with their switch, one-way doors with their direction, secret
doors)."""
from __future__ import annotations

import io as _io
import json as _json
import os as _os

import numpy as _np

from . import _catacomb as _core

#: The kind index level_arrays writes in "objectives" (the C++ ObjectiveKind's order).
OBJECTIVE_KINDS = ("start", "exit", "key", "treasure", "objective", "switch")
#: The kind index level_arrays writes in "doors".
DOOR_KINDS = ("gate", "one-way", "secret")
#: A one-way door's direction as the (dx, dy) step it is passed in.
DIRECTIONS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}

#: The Griddly level string's characters: terrain by value, then the objectives and doors drawn
#: over them, one character each (Griddly reads digits after a character as a player id, so ids
#: are characters of their own): "keys", "locked", "switch", "gate" (open while its switch is on)
#: and "gate_off" (open while it is off) hold one character per id 1 to 9; "key" is a key that
#: opens nothing; "one_way" is north, east, south, west. Pass a dict with some of these keys to
#: to_level_string to change them. (The library's GriddlyLegend defaults.)
GRIDDLY_LEGEND = dict(_core.griddly_legend())


def to_des(self, name: str = "catacomb") -> str:
    """The dungeon as a MiniHack des-file: MAP ... ENDMAP (walls next to open ground as '|' or
    '-', solid rock ' ', floor, road and vegetation '.', corridors '#', doors '+', secret doors
    'S', water '}'), the start as BRANCH, the exit as STAIR down, keys as skeleton keys (named
    "key of lock N" when they open lock N), treasure as gold, switches and other objectives as
    engravings ("switch N", "objective"), and a DOOR line for every other door: locked doors and
    gates shut at the start `locked`, gates open at the start `open`, one-way and plain doors
    `closed`. What NetHack cannot say (a locked door's lock, a gate's switch and when it is open,
    a one-way door's direction, a secret door) is a "# catacomb: ..." comment line just above
    the door's DOOR line (a secret door's alone). The map must fit NetHack's 76 x 21 for NetHack
    itself; MiniHack's larger maps are written as they are. The library's write_des (the bytes
    `catacomb generate --des` writes); ValueError for a name holding '"' or a control character."""
    return self._d.des(str(name))


def to_level_string(self, legend: dict = None) -> str:
    """The dungeon as a Griddly level string: one line per row, cells separated by spaces, terrain
    by GRIDDLY_LEGEND["terrain"] (indexed by terrain value), and drawn over it the start, exit,
    treasure, plain objectives, keys (by lock id), locked doors (by lock id), switches (by switch
    id), gates (by switch id, open while on or while off), one-way doors (by direction) and secret
    doors: one character each, from GRIDDLY_LEGEND updated with `legend`. ValueError for a legend
    that is not one distinct character per thing (printable ASCII, no digit, space or '.'). The
    library's write_level_string (the bytes `catacomb generate --level-string` writes)."""
    if legend is not None and not isinstance(legend, dict):
        raise ValueError(f"legend = {legend!r} (expected a dict with keys of GRIDDLY_LEGEND)")
    return self._d.level_string(_json.dumps(legend, default=repr) if legend else "")


def save_npz(self, path) -> None:
    """Writes an .npz level buffer: tiles (H, W) uint8, start and goal (2,) int32 as x, y, the
    certificate's route (K, 2) int32 (the solver's walkthrough, start to exit), objectives (M, 5)
    int32 (kind index in OBJECTIVE_KINDS, x, y, lock, switch), locks (L, 3) int32 (x, y, lock),
    doors (D, 7) int32 (x, y, kind index in DOOR_KINDS, switch, open_when_off, dx, dy: a one-way
    door's step, 0, 0 otherwise), key_rule (a string) and the seed. As numpy.savez, `path` is a
    file name (".npz" added when it lacks it) or a binary file object. The bytes are the
    library's write_level_npz (`catacomb generate --npz`): the same dungeon gives the same bytes,
    with no time stamp; a file is replaced atomically (OSError when it cannot be written)."""
    if hasattr(path, "write"):
        path.write(self._d.npz())
        return
    path = _os.fspath(path)
    if not path.endswith(".npz"):
        path += ".npz"
    self._d.write_npz(path)


def level_arrays(dungeon) -> dict:
    """The arrays save_npz writes, as a dict."""
    with _np.load(_io.BytesIO(dungeon._d.npz())) as z:
        return {key: z[key] for key in z.files}


def save_levels_npz(path, levels) -> None:
    """Writes generate_many's levels as one fixed-shape buffer: tiles (N, H, W) uint8, seeds (N,)
    uint64, start and goal (N, 2) int32 (x, y; -1 for a failed seed), ok (N,) bool and reasons
    (N,) str (why a seed failed; "" for one that did not), and each level's objectives (N, M, 5),
    locks (N, L, 3) and doors (N, D, 7) int32 as level_arrays gives them, padded with -1 rows."""
    r = levels.reports
    _np.savez(path, tiles=levels.tiles, seeds=r["seed"], ok=r["ok"], reasons=levels.reasons,
              objectives=levels.objectives, locks=levels.locks, doors=levels.doors,
              start=_np.stack([r["start_x"], r["start_y"]], axis=1).astype(_np.int32),
              goal=_np.stack([r["exit_x"], r["exit_y"]], axis=1).astype(_np.int32))
