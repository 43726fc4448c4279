"""Exporters for machine-learning tools: a MiniHack des-file, a Griddly level string and an .npz
level buffer. Each reads only the Dungeon's public data (tiles, objectives, locked doors and the
solver's walkthrough), so the same dungeon always gives the same text or arrays."""
from __future__ import annotations

import numpy as _np

# Terrain values (catacomb.TERRAIN): wall 0, floor 1, corridor 2, door 3, water 4, vegetation 5,
# road 6, ladder 7, platform 8.
_WALL, _DOOR, _WATER = 0, 3, 4

#: The Griddly level string's characters: terrain by value, then the objectives' and locked
#: doors' characters drawn over them. Pass another dict to to_level_string to change them.
GRIDDLY_LEGEND = {"terrain": "w..d~..HP", "start": "A", "exit": "x", "key": "k", "treasure": "t",
                  "objective": "o", "locked": "D"}


def _open(tiles, x, y):
    h, w = tiles.shape
    return 0 <= x < w and 0 <= y < h and tiles[y, x] != _WALL


def to_des(self, name: str = "catacomb") -> str:
    """The dungeon as a MiniHack des-file: MAP ... ENDMAP (walls next to open ground as '|' or
    '-', solid rock ' ', floor, road and vegetation '.', corridors '#', doors '+', water '}'),
    the start as BRANCH, the exit as STAIR down, keys and treasure as OBJECT lines, doors as DOOR
    lines (locked ones locked). The map must fit NetHack's 76 x 21 for NetHack itself; MiniHack's
    larger maps are written as they are."""
    tiles = self.tiles
    h, w = tiles.shape
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            t = int(tiles[y, x])
            if t == _WALL:
                near = [_open(tiles, x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
                row.append(" " if not any(near) else ("|" if near[3] or near[5] else "-"))
            else:
                row.append({2: "#", _DOOR: "+", _WATER: "}"}.get(t, "."))
        rows.append("".join(row))
    lines = [f'MAZE: "{name}", \' \'', "FLAGS: premapped", "GEOMETRY:center,center", "MAP", *rows, "ENDMAP",
             f"REGION:(0,0,{w - 1},{h - 1}),lit,\"ordinary\""]
    locked = {(lk.x, lk.y) for lk in self.locks}
    for y, x in zip(*_np.nonzero(tiles == _DOOR)):
        lines.append(f"DOOR:{'locked' if (int(x), int(y)) in locked else 'closed'},({x},{y})")
    for o in self.objectives:
        if o.kind == "start":
            lines.append(f"BRANCH:({o.x},{o.y},{o.x},{o.y}),(0,0,0,0)")
        elif o.kind == "exit":
            lines.append(f"STAIR:({o.x},{o.y}),down")
        elif o.kind == "key":
            lines.append(f"OBJECT:('(',\"skeleton key\"),({o.x},{o.y})")
        else:
            lines.append(f"OBJECT:('$',\"gold piece\"),({o.x},{o.y})")
    return "\n".join(lines) + "\n"


def to_level_string(self, legend: dict = None) -> str:
    """The dungeon as a Griddly level string: one line per row, cells separated by spaces, terrain
    by GRIDDLY_LEGEND["terrain"] (indexed by terrain value), the start 'A', exit 'x', keys 'k',
    treasure 't', other objectives 'o' and locked doors 'D' drawn over it."""
    legend = dict(GRIDDLY_LEGEND, **(legend or {}))
    chars = _np.array(list(legend["terrain"]))[self.tiles]
    for lk in self.locks:
        chars[lk.y, lk.x] = legend["locked"]
    for o in self.objectives:
        chars[o.y, o.x] = legend[o.kind]
    return "\n".join(" ".join(row) for row in chars) + "\n"


def save_npz(self, path) -> None:
    """Writes an .npz level buffer: tiles (H, W) uint8, start and goal (2,) int32 as x, y, the
    certificate's route (K, 2) int32 (the solver's walkthrough, start to exit), objectives (M, 4)
    int32 (kind index in OBJECTIVE_KINDS, x, y, lock), locks (L, 3) int32 and the seed."""
    _np.savez(path, **level_arrays(self))


#: The kind index level_arrays writes in "objectives".
OBJECTIVE_KINDS = ("start", "exit", "key", "treasure", "objective")


def level_arrays(dungeon) -> dict:
    """The arrays save_npz writes, as a dict."""
    report = dungeon.validate()
    route = [s.route if i == 0 else s.route[1:] for i, s in enumerate(report.walkthrough)]
    start, goal = dungeon.find("start"), dungeon.find("exit")
    return {
        "tiles": _np.array(dungeon.tiles),
        "start": _np.array(start if start else (-1, -1), dtype=_np.int32),
        "goal": _np.array(goal if goal else (-1, -1), dtype=_np.int32),
        "route": _np.concatenate(route).astype(_np.int32) if route else _np.zeros((0, 2), _np.int32),
        "objectives": _np.array([(OBJECTIVE_KINDS.index(o.kind), o.x, o.y, o.lock) for o in dungeon.objectives],
                                dtype=_np.int32).reshape(-1, 4),
        "locks": _np.array([tuple(lk) for lk in dungeon.locks], dtype=_np.int32).reshape(-1, 3),
        "seed": _np.uint64(dungeon.seed),
    }


def save_levels_npz(path, levels) -> None:
    """Writes generate_many's levels as one fixed-shape buffer: tiles (N, H, W) uint8, seeds (N,)
    uint64, start and goal (N, 2) int32 (x, y; -1 for a failed seed), ok (N,) bool."""
    r = levels.reports
    _np.savez(path, tiles=levels.tiles, seeds=r["seed"], ok=r["ok"],
              start=_np.stack([r["start_x"], r["start_y"]], axis=1).astype(_np.int32),
              goal=_np.stack([r["exit_x"], r["exit_y"]], axis=1).astype(_np.int32))
