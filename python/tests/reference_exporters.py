"""The Python exporters as they were before the C++ ones (io/game_formats.hpp) replaced them, kept
verbatim as the reference test_game_formats_reference.py compares the library's des-file, level
string and .npz arrays with: to_des, to_level_string and level_arrays take the dungeon as `self`.
Only this comment and save_levels_npz (unchanged in the package) differ from catacomb/exporters.py
at the commit that moved them."""
from __future__ import annotations

import numpy as _np

# Terrain values (catacomb.TERRAIN): wall 0, floor 1, corridor 2, door 3, water 4, vegetation 5,
# road 6, ladder 7, platform 8.
_WALL, _DOOR, _WATER = 0, 3, 4

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
#: to_level_string to change them.
GRIDDLY_LEGEND = {"terrain": "w..d~..HP", "start": "A", "exit": "x", "treasure": "t", "objective": "o",
                  "key": "k", "keys": "bcefgijlm", "locked": "BCEFGIJLM", "switch": "@#$%&*+=:",
                  "gate": "NQRSUYZTX", "gate_off": "nqrsuyzah", "one_way": "^>v<", "secret": "?"}
_SINGLE = ("start", "exit", "treasure", "objective", "key", "secret")
_PER_ID = {"keys": "lock", "locked": "lock", "switch": "switch", "gate": "switch", "gate_off": "switch"}


def _open(tiles, x, y):
    h, w = tiles.shape
    return 0 <= x < w and 0 <= y < h and tiles[y, x] != _WALL


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
    itself; MiniHack's larger maps are written as they are."""
    tiles = self.tiles
    h, w = tiles.shape
    doors = {(g.x, g.y): g for g in self.doors}
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            t = int(tiles[y, x])
            if t == _WALL:
                near = [_open(tiles, x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
                row.append(" " if not any(near) else ("|" if near[3] or near[5] else "-"))
            elif (x, y) in doors and doors[(x, y)].kind == "secret":
                row.append("S")
            else:
                row.append({2: "#", _DOOR: "+", _WATER: "}"}.get(t, "."))
        rows.append("".join(row))
    lines = [f'MAZE: "{name}", \' \'', "FLAGS: premapped", "GEOMETRY:center,center", "MAP", *rows, "ENDMAP",
             f"REGION:(0,0,{w - 1},{h - 1}),lit,\"ordinary\""]
    locked = {(lk.x, lk.y): lk.lock for lk in self.locks}
    for y, x in zip(*_np.nonzero(tiles == _DOOR)):
        x, y = int(x), int(y)
        g = doors.get((x, y))
        state = "closed"
        if (x, y) in locked:
            lines.append(f"# catacomb: locked door at ({x},{y}) lock {locked[(x, y)]}")
            state = "locked"
        elif g is not None and g.kind == "gate":
            when = "off" if g.open_when_off else "on"
            lines.append(f"# catacomb: gate at ({x},{y}) switch {g.switch} open when {when}")
            state = "open" if g.open_when_off else "locked"
        elif g is not None and g.kind == "one-way":
            lines.append(f"# catacomb: one-way door at ({x},{y}) {g.direction}")
        elif g is not None:  # secret: 'S' in the map, no DOOR line
            lines.append(f"# catacomb: secret door at ({x},{y})")
            continue
        lines.append(f"DOOR:{state},({x},{y})")
    for o in self.objectives:
        if o.kind == "start":
            lines.append(f"BRANCH:({o.x},{o.y},{o.x},{o.y}),(0,0,0,0)")
        elif o.kind == "exit":
            lines.append(f"STAIR:({o.x},{o.y}),down")
        elif o.kind == "key":
            named = f',name:"key of lock {o.lock}"' if o.lock else ""
            lines.append(f"OBJECT:('(',\"skeleton key\"),({o.x},{o.y}){named}")
        elif o.kind == "treasure":
            lines.append(f"OBJECT:('$',\"gold piece\"),({o.x},{o.y})")
        elif o.kind == "switch":
            lines.append(f"ENGRAVING:({o.x},{o.y}),burn,\"switch {o.switch}\"")
        else:
            lines.append(f"ENGRAVING:({o.x},{o.y}),burn,\"{o.kind}\"")
    return "\n".join(lines) + "\n"


def _checked_legend(legend) -> dict:
    """GRIDDLY_LEGEND with `legend`'s entries, checked: ValueError naming a bad entry."""
    if legend is not None and not isinstance(legend, dict):
        raise ValueError(f"legend = {legend!r} (expected a dict with keys of GRIDDLY_LEGEND)")
    for key in legend or {}:
        if key not in GRIDDLY_LEGEND:
            raise ValueError(f"legend key {key!r} (expected one of {', '.join(GRIDDLY_LEGEND)})")
    out = dict(GRIDDLY_LEGEND, **(legend or {}))
    sizes = dict({k: 1 for k in _SINGLE}, terrain=len(GRIDDLY_LEGEND["terrain"]), one_way=4,
                 **{k: 9 for k in _PER_ID})
    owner = {}
    for key, size in sizes.items():
        value = out[key]
        what = {"terrain": "one character per terrain value", "one_way": "4 characters: north, east, south, west"}
        expected = what.get(key, f"9 characters, one per {_PER_ID[key]} id 1 to 9" if key in _PER_ID
                             else "one character")
        if not isinstance(value, str) or len(value) != size:
            raise ValueError(f"{key} = {value!r} (expected {expected})")
        if any(c.isspace() or c.isdigit() or (c == "." and key != "terrain") for c in value):
            raise ValueError(f"{key} = {value!r} (expected {expected}, none a digit, a space or '.': Griddly reads "
                             "digits as player ids and '.' as an empty cell)")
        if key == "terrain":
            continue
        for c in value:
            if c in out["terrain"] or c in owner:
                raise ValueError(f"legend {key} = {value!r} (expected characters of their own: {c!r} is also "
                                 f"{owner.get(c, 'terrain')})")
            owner[c] = key
    return out


def to_level_string(self, legend: dict = None) -> str:
    """The dungeon as a Griddly level string: one line per row, cells separated by spaces, terrain
    by GRIDDLY_LEGEND["terrain"] (indexed by terrain value), and drawn over it the start, exit,
    treasure, plain objectives, keys (by lock id), locked doors (by lock id), switches (by switch
    id), gates (by switch id, open while on or while off), one-way doors (by direction) and secret
    doors: one character each, from GRIDDLY_LEGEND updated with `legend`. ValueError for a legend
    that is not one distinct character per thing (no digit, space or '.')."""
    legend = _checked_legend(legend)
    chars = _np.array(list(legend["terrain"]))[self.tiles]
    for lk in self.locks:
        chars[lk.y, lk.x] = legend["locked"][lk.lock - 1]
    for g in self.doors:
        if g.kind == "gate":
            chars[g.y, g.x] = legend["gate_off" if g.open_when_off else "gate"][g.switch - 1]
        elif g.kind == "one-way":
            chars[g.y, g.x] = legend["one_way"][tuple(DIRECTIONS).index(g.direction)]
        else:
            chars[g.y, g.x] = legend["secret"]
    for o in self.objectives:
        if o.kind == "key" and o.lock:
            chars[o.y, o.x] = legend["keys"][o.lock - 1]
        elif o.kind == "switch":
            chars[o.y, o.x] = legend["switch"][o.switch - 1]
        else:
            chars[o.y, o.x] = legend[o.kind]
    return "\n".join(" ".join(row) for row in chars) + "\n"


def save_npz(self, path) -> None:
    """Writes an .npz level buffer: tiles (H, W) uint8, start and goal (2,) int32 as x, y, the
    certificate's route (K, 2) int32 (the solver's walkthrough, start to exit), objectives (M, 5)
    int32 (kind index in OBJECTIVE_KINDS, x, y, lock, switch), locks (L, 3) int32 (x, y, lock),
    doors (D, 7) int32 (x, y, kind index in DOOR_KINDS, switch, open_when_off, dx, dy: a one-way
    door's step, 0, 0 otherwise), key_rule (a string) and the seed."""
    _np.savez(path, **level_arrays(self))


def level_arrays(dungeon) -> dict:
    """The arrays save_npz writes, as a dict."""
    report = dungeon.validate()
    route = [s.route if i == 0 else s.route[1:] for i, s in enumerate(report.walkthrough)]
    start, goal = dungeon.find("start"), dungeon.find("exit")
    doors = [(g.x, g.y, DOOR_KINDS.index(g.kind), g.switch, int(g.open_when_off), *DIRECTIONS.get(g.direction, (0, 0)))
             for g in dungeon.doors]
    return {
        "tiles": _np.array(dungeon.tiles),
        "start": _np.array(start if start else (-1, -1), dtype=_np.int32),
        "goal": _np.array(goal if goal else (-1, -1), dtype=_np.int32),
        "route": _np.concatenate(route).astype(_np.int32) if route else _np.zeros((0, 2), _np.int32),
        "objectives": _np.array([(OBJECTIVE_KINDS.index(o.kind), o.x, o.y, o.lock, o.switch)
                                 for o in dungeon.objectives], dtype=_np.int32).reshape(-1, 5),
        "locks": _np.array([tuple(lk) for lk in dungeon.locks], dtype=_np.int32).reshape(-1, 3),
        "doors": _np.array(doors, dtype=_np.int32).reshape(-1, 7),
        "key_rule": _np.array(dungeon.key_rule),
        "seed": _np.uint64(dungeon.seed),
    }
