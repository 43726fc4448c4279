"""catacomb: seeded procedural dungeons, proven playable, from Python.

    >>> import catacomb
    >>> d = catacomb.generate(7)                  # an 80x50 rooms dungeon from seed 7
    >>> d.tiles.shape                             # a uint8 view of the dungeon's own cells
    (50, 80)
    >>> levels = catacomb.generate_many(range(1000), generator="caves", width=64, height=64)

A thin layer over catacomb's C++ library (the extension module catacomb._catacomb): the same seed
and parameters give the same dungeon, byte for byte, as the library and the `catacomb` CLI. The
parameters are the CLI's and the JSON config's, from one table (catacomb.Config.params()).
Errors: ValueError names the bad field as the library does ("width = 99999 (expected 16 to
16384)"), OSError for files, catacomb.GenerationError when no attempt made a valid dungeon.
"""
from __future__ import annotations

import functools as _functools
import json as _json
import numbers as _numbers
import os as _os
from typing import NamedTuple, Optional

import numpy as _np

from . import _catacomb as _core

__version__ = _core.version
GenerationError = _core.GenerationError

#: Every terrain as (value, name, ASCII character): the values of Dungeon.tiles.
TERRAINS = tuple(_core.terrains())
#: Terrain value by name ("wall" is 0, "floor" 1, ...).
TERRAIN = {name: value for value, name, _ in TERRAINS}

__all__ = ["Config", "ConfigParam", "Door", "Dungeon", "GenerationError", "GenerationWarning", "Levels", "Navigator",
           "PlayerState", "Report", "Verdict", "TERRAIN", "TERRAINS", "from_json", "generate", "generate_many",
           "level_seeds", "load", "verify"]


class ConfigParam(NamedTuple):
    """One row of the library's parameter table: the CLI flag's name, the JSON/Python key, its help,
    its kind ("int", "float", "bool", "choice", or "text" for another type) and its default."""
    name: str
    key: str
    help: str
    kind: str
    default: object


_PARAMS = tuple(ConfigParam(*row) for row in _core.config_params() if row[3] != "seed")
_DEFAULTS = {p.key: p.default for p in _PARAMS}


def _plain(value):
    """A JSON-ready value: numpy scalars become Python ones."""
    return value.item() if isinstance(value, _np.generic) else value


@_functools.lru_cache(maxsize=256)
def _compiled(json_text: str):
    """The library's checked config for parameters as JSON text, parsed once per distinct text."""
    return _core.GenerateConfig(json_text)


# Keys outside the parameter table, as the CLI's --templates, --theme and --mission: files read
# when the config is made (paths kept absolute, so a config can travel to other processes).
_FILE_KEYS = ("templates", "theme", "mission")


def _file_value(key, value):
    if key == "theme":
        if not isinstance(value, str):
            raise ValueError(f"theme = {value!r} (expected a tag, text)")
        return value
    if not isinstance(value, (str, _os.PathLike)):
        raise ValueError(f"{key} = {value!r} (expected a file path)")
    return _os.path.abspath(_os.fspath(value))


class Config:
    """Generator parameters: every key of the library's table (Config.params()), defaults for the
    rest. Keys are the CLI's flags with '_' (room_count is --room-count), as in a JSON config.
    Setting a bad value raises ValueError naming it; the library checks every value. Besides the
    table: `templates` (a template set file), `theme` (a tag) and `mission` (a mission file), as
    the CLI's --templates, --theme and --mission; None or "" removes one."""

    __slots__ = ("_values", "_files", "_config")

    def __init__(self, **params):
        object.__setattr__(self, "_values", {})
        object.__setattr__(self, "_files", {})
        self.update(**params)

    @staticmethod
    def params() -> tuple:
        """The parameter table, in the order `catacomb generate --help` lists it."""
        return _PARAMS

    def update(self, **params) -> "Config":
        """Sets the given parameters (checked together with the others) and returns self."""
        values, files = dict(self._values), dict(self._files)
        for k, v in params.items():
            key = k.replace("-", "_")
            if key not in _FILE_KEYS:
                values[key] = _plain(v)
            elif v is None or v == "":
                files.pop(key, None)
            else:
                files[key] = _file_value(key, v)
        config = _compiled(_json.dumps(values))  # ValueError naming the first bad key or value
        if files:  # OSError for a file that cannot be read, ValueError for a bad one
            # With a mission, a width or height not given is chosen from it (as the CLI does).
            config = config.with_files(files.get("templates", ""), files.get("theme", ""), files.get("mission", ""),
                                       "width" not in values, "height" not in values)
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_files", files)
        object.__setattr__(self, "_config", config)
        return self

    def files(self) -> dict:
        """The template set, theme and mission given (absolute paths), by key."""
        return dict(self._files)

    def file_flags(self) -> list:
        """The CLI's flags for files(): ["--templates", path, ...]."""
        return [part for key in _FILE_KEYS if key in self._files for part in ("--" + key, self._files[key])]

    def __getattr__(self, key):
        if key in _FILE_KEYS:
            return self._files.get(key)
        if key in _DEFAULTS:
            return self._values.get(key, _DEFAULTS[key])
        raise AttributeError(f"Config has no parameter {key!r}")

    def __setattr__(self, key, value):
        self.update(**{key: value})

    def to_dict(self) -> dict:
        """Every parameter's value, in table order."""
        return _json.loads(self.to_json())

    def to_json(self) -> str:
        """The config as `catacomb generate --config` reads it (every key, table order)."""
        return self._config.to_json()

    @classmethod
    def from_json(cls, text: str) -> "Config":
        """A config from JSON text (keys with '_' or '-'; a "seed" key is ignored)."""
        data = _json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(f"config = {text[:40]!r} (expected a JSON object)")
        data.pop("seed", None)
        return cls(**data)

    def generate(self, seed: int, time_limit: Optional[float] = None) -> "Dungeon":
        """The dungeon of `seed` under this config; `time_limit` as catacomb.generate's."""
        return Dungeon(self._config.generate(_check_seed(seed), _limit_ms(time_limit)))

    def __eq__(self, other):
        return isinstance(other, Config) and self.to_json() == other.to_json() and self._files == other._files

    def __reduce__(self):
        # Pickled as its parameters and file paths: unpickling reads the files again (so they must
        # be at the same absolute paths where it is unpickled, as for catacomb.dask's workers).
        return _config_from_state, (dict(self._values), dict(self._files))

    def __repr__(self):
        given = ", ".join(f"{k}={v!r}" for k, v in {**self._values, **self._files}.items())
        return f"catacomb.Config({given})"


def _config_from_state(values: dict, files: dict) -> Config:
    return Config(**values, **files)


def _check_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, _numbers.Integral) or not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed = {seed!r} (expected an integer from 0 to 2^64-1)")
    return int(seed)


class Objective(NamedTuple):
    """An objective: kind ("start", "exit", "key", "treasure", "objective", "switch"), cell, lock
    (a key's lock id, 1 to 9; 0 for a key that opens nothing and every other kind) and switch (a
    switch's id, 1 to 9; 0 for every other kind): the JSON map's "kind", "x", "y", "lock" and
    "switch"."""
    kind: str
    x: int
    y: int
    lock: int
    switch: int = 0


class Lock(NamedTuple):
    """A locked door: its cell and lock id (1 to 9)."""
    x: int
    y: int
    lock: int


class Door(NamedTuple):
    """A progression door (the JSON map legend's door letters other than locked doors): kind
    "gate", "one-way" or "secret"; a gate's switch (1 to 9; 0 for the other kinds) and
    open_when_off (False: open while its switch is on; True: open while it is off, so open at the
    start); a one-way door's direction ("north", "east", "south" or "west": entered only from the
    cell before it that way and left only to the cell after it; "" for the other kinds). A secret
    door is passable but drawn as wall, and never a required step."""
    x: int
    y: int
    kind: str
    switch: int
    open_when_off: bool
    direction: str


class Room(NamedTuple):
    """A room of a rooms dungeon: first column and row, size in cells."""
    x: int
    y: int
    width: int
    height: int


class Path(NamedTuple):
    """A path query's answer: status ("found", "no-path", ...), cells (K, 2) as x, y, cost,
    expanded, and the locked doors the route opens, in the order walked (Locks; empty for
    terrain_path)."""
    status: str
    path: _np.ndarray
    cost: float
    expanded: int
    doors_opened: list


class Verdict(NamedTuple):
    """A certificate's replay: accepted, the failing step (0: the whole), why, what was checked;
    unlosable when its listed states also prove that no player can lose the dungeon, and the
    listed state that failed (-1: none)."""
    accepted: bool
    step: int
    reason: str
    summary: str
    unlosable: bool = False
    state: int = -1


class Problem(NamedTuple):
    """A reason a map is not valid: kind ("unreachable", ...), objective index or -1, a sentence."""
    kind: str
    objective: int
    message: str


class Route(NamedTuple):
    """An objective's route from the start: reachable, cost, moves, cells (K, 2) as x, y."""
    objective: Objective
    reachable: bool
    cost: float
    length: int
    path: _np.ndarray


class Step(NamedTuple):
    """A walkthrough step: action ("take-key", "open-door", "take", "reach-exit", "toggle",
    "one-way"), the objective or door index (-1 when none), lock id, where it ends, its cost, the
    cells walked (K, 2), and a toggle's switch id (0 otherwise)."""
    action: str
    objective: int
    door: int
    lock: int
    at: tuple
    cost: float
    route: _np.ndarray
    switch: int = 0


class Report:
    """What validate() found, as `catacomb validate` reports it.

    valid: every objective reachable (and, with locks, the map completable and unlosable);
    completable: some playthrough takes every objective and then reaches the exit; unlosable:
    every state a player can reach can still do so (True, False, or None when the search hit its
    cap; loss says "unlosable", "losable" or "not-proven"); softlock: how a player gets stuck, if
    one can; problems: every Problem; routes: one Route per objective; walkthrough:
    the solver's Steps; metrics: the walkthrough's design metrics and the map analysis (loops,
    dead ends, chokepoints, dead-end rooms); regions, passable_cells, unreachable_cells."""

    def __init__(self, raw: dict):
        self.valid = raw["valid"]
        self.regions = raw["regions"]
        self.passable_cells = raw["passable_cells"]
        self.unreachable_cells = raw["unreachable_cells"]
        self.problems = [Problem(*p) for p in raw["problems"]]
        self.routes = [Route(Objective(*o), *rest) for o, *rest in raw["routes"]]
        solution = raw["solution"] or {"status": "completable" if self.valid else "not-completable",
                                       "walkthrough": [], "metrics": {}, "reasons": [], "softlock": None,
                                       "softlock_states": 0, "loss": "unlosable" if self.valid else "losable"}
        self.status = solution["status"]
        self.completable = self.status == "completable"
        self.walkthrough = [Step(**s) for s in solution["walkthrough"]]
        self.reasons = solution["reasons"]
        self.softlock = solution["softlock"]
        self.softlock_states = solution["softlock_states"]
        self.loss = solution["loss"]
        self.unlosable = None if self.loss == "not-proven" else self.loss == "unlosable"
        analysis = raw["analysis"]
        self.dead_ends = analysis["dead_ends"]
        self.chokepoints = analysis["chokepoints"]
        self.metrics = dict(solution["metrics"], loops=analysis["loops"], dead_end_rooms=analysis["dead_end_rooms"],
                            dead_ends=len(analysis["dead_ends"]), chokepoints=len(analysis["chokepoints"]))

    def __repr__(self):
        return (f"<catacomb.Report valid={self.valid} completable={self.completable} "
                f"problems={len(self.problems)} steps={len(self.walkthrough)}>")


def _overlay_list(overlay) -> str:
    if overlay is None:
        return ""
    return overlay if isinstance(overlay, str) else ",".join(overlay)


class Dungeon:
    """A dungeon: terrain, objectives, locked doors, progression doors (gates, one-way and secret
    doors), rooms and the recipe that made it.

    tiles is a read-only numpy uint8 array of shape (height, width), a view of the dungeon's own
    memory (values in catacomb.TERRAIN; x the column, y the row, origin top-left). A Dungeon
    pickles (as its JSON map): the copy is equal to it, byte for byte in every output."""

    __slots__ = ("_d",)

    def __init__(self, core):
        self._d = core

    tiles = property(lambda self: self._d.tiles, doc="(height, width) uint8 view of the terrain, read-only")
    width = property(lambda self: self._d.width, doc="columns")
    height = property(lambda self: self._d.height, doc="rows")
    shape = property(lambda self: (self._d.height, self._d.width), doc="(height, width)")
    seed = property(lambda self: self._d.seed, doc="the seed it was generated from (0: unknown)")
    generator = property(lambda self: self._d.generator, doc='"rooms", "caves", "platformer" or ""')
    attempts = property(lambda self: self._d.attempts, doc="attempts the generator needed (0: unknown)")
    key_rule = property(lambda self: self._d.key_rule, doc='"reusable" or "consumable"')
    map_hash = property(lambda self: self._d.map_hash, doc="the hash certificates name their map by")
    params = property(lambda self: self._d.params, doc="the recipe, as recorded in the map")
    objectives = property(lambda self: [Objective(*o) for o in self._d.objectives], doc="Objectives, start first")
    locks = property(lambda self: [Lock(*lock) for lock in self._d.locks], doc="locked doors, row-major")
    doors = property(lambda self: [Door(*door) for door in self._d.doors],
                     doc="gates, one-way and secret doors (Doors), row-major")
    rooms = property(lambda self: [Room(*r) for r in self._d.rooms], doc="rooms (rooms generator only)")
    graph = property(lambda self: self._d.graph,
                     doc='the room graph: {"nodes": [...], "edges": [...]}, the JSON map\'s "graph" '
                         '(generate --json F --graph) parsed: "room" on room nodes only, doors as '
                         '{"x", "y", "lock"}; intensity is 0 at the start to 1 at the exit, -1 without a critical '
                         'path')

    def find(self, kind: str) -> Optional[tuple]:
        """(x, y) of the first objective of `kind`, or None."""
        return next(((o.x, o.y) for o in self.objectives if o.kind == kind), None)

    _MASKS = ("start", "exit", "keys", "treasure", "doors", "objectives", "switches", "gates", "one_way",
              "secret")

    def masks(self, *names: str) -> dict:
        """Boolean (height, width) masks by name: "start", "exit", "keys", "treasure", "doors"
        (the locked doors), "objectives" (plain objectives), "switches", "gates", "one_way" and
        "secret" (the secret doors); all of them when no name is given."""
        names = names or self._MASKS
        objectives, doors = self.objectives, self.doors
        cells = {"start": [(o.x, o.y) for o in objectives if o.kind == "start"],
                 "exit": [(o.x, o.y) for o in objectives if o.kind == "exit"],
                 "keys": [(o.x, o.y) for o in objectives if o.kind == "key"],
                 "treasure": [(o.x, o.y) for o in objectives if o.kind == "treasure"],
                 "doors": [(lk.x, lk.y) for lk in self.locks],
                 "objectives": [(o.x, o.y) for o in objectives if o.kind == "objective"],
                 "switches": [(o.x, o.y) for o in objectives if o.kind == "switch"],
                 "gates": [(g.x, g.y) for g in doors if g.kind == "gate"],
                 "one_way": [(g.x, g.y) for g in doors if g.kind == "one-way"],
                 "secret": [(g.x, g.y) for g in doors if g.kind == "secret"]}
        out = {}
        for name in names:
            if name not in cells:
                raise ValueError(f"mask = {name!r} (expected one of {', '.join(self._MASKS)})")
            mask = _np.zeros(self.shape, dtype=bool)
            for x, y in cells[name]:
                mask[y, x] = True
            out[name] = mask
        return out

    def to_json(self) -> str:
        """The catacomb JSON map: the bytes `catacomb generate --json` writes."""
        return self._d.to_json()

    def to_ascii(self) -> str:
        """The ASCII map: the bytes `catacomb generate --txt` writes."""
        return self._d.to_ascii()

    @staticmethod
    def from_json(text) -> "Dungeon":
        """A dungeon from catacomb JSON map text (its legend's costs kept for validation)."""
        return Dungeon(_core.from_json(text.decode() if isinstance(text, bytes) else text))

    def png(self, overlay=None, scale: int = 4, legend: bool = False, grid: bool = False) -> bytes:
        """The PNG preview as bytes; `overlay` as the CLI's --overlay ("routes,chokepoints", a
        list of names, or "all")."""
        return self._d.png(scale, _overlay_list(overlay), legend, grid)

    def write_png(self, path, overlay=None, scale: int = 4, legend: bool = False, grid: bool = False) -> None:
        """Writes the PNG preview (as `catacomb generate --png`, with --overlay, --scale, --legend
        and --grid); OSError when the file cannot be written."""
        self._d.write_png(str(path), scale, _overlay_list(overlay), legend, grid)

    def set_terrain(self, cell, terrain) -> None:
        """Edits one cell (a game digging a wall, flooding a room): `terrain` a name of
        catacomb.TERRAIN ("floor") or its value. The dungeon then plays as edited (tiles, paths,
        validate), and a certificate written before no longer holds for it. ValueError, the map
        unchanged, for a cell off the map, an unknown terrain, or a door's cell set to anything
        but "door"."""
        if isinstance(terrain, str):
            if terrain not in TERRAIN:
                raise ValueError(f"terrain = {terrain!r} (expected one of {', '.join(TERRAIN)})")
            terrain = TERRAIN[terrain]
        self._d.set_terrain(_cell("cell", cell), _int_of("terrain", terrain))

    def to_tmj(self, path="dungeon.tmj") -> tuple:
        """The Tiled map `catacomb generate --tmj PATH` writes, as (tmj text, tileset PNG bytes,
        the tileset's file name beside the map); nothing is written."""
        return self._d.tmj(str(path))

    def write_tmj(self, path) -> None:
        """Writes the Tiled map and its tileset image beside it (as `catacomb generate --tmj`),
        each file replaced atomically; ValueError for a path whose directory does not exist,
        OSError when a file cannot be written."""
        self._d.write_tmj(str(path))

    def to_movingai(self) -> str:
        """The Moving AI .map text `catacomb generate --map` writes (its terrain letters under the
        map's own costs)."""
        return self._d.movingai()

    def _repr_png_(self) -> bytes:
        return self.png(scale=max(1, min(8, 640 // max(self.width, self.height))))

    def validate(self, allow_softlocks: bool = False) -> Report:
        """Validates the map under its own rules (as `catacomb validate`) and analyses it; a map a
        player can lose is invalid unless allow_softlocks (as `--allow-softlocks`)."""
        return Report(self._d.validate(allow_softlocks))

    def certificate(self) -> str:
        """The solver's walkthrough as a certificate (`catacomb validate --certificate`);
        ValueError for an invalid map."""
        return self._d.certificate()

    def path(self, start, goal, keys=(), switches=(), opened=(), *, state=None) -> Path:
        """The cheapest route a player can walk between two (x, y) cells under the map's costs
        and moves (`catacomb path --keys ... --switches ...`). A locked door is closed, as a
        wall, unless the player holds a key of its lock or it is in `opened`; a gate is open or
        shut by its switch; a one-way door is passed its one way only; a secret door is passable.

        keys: the keys held, as lock ids (repeat an id for several consumable keys), a dict
        {lock id: count}, or "all" (every key of the map); none by default. switches: the ids of
        the switches that are on (every other is off, as at the start). opened: (x, y) cells of
        locked doors already opened. state: a catacomb.PlayerState instead of keys, switches and
        opened. Path.doors_opened lists the locked doors the route opens. ValueError for a cell
        off the map, a lock or switch id outside 1 to 9, or an opened cell that is not a locked
        door."""
        if state is not None:
            if not isinstance(state, PlayerState):
                raise ValueError(f"state = {state!r} (expected a catacomb.PlayerState)")
            if keys != () or switches != () or opened != ():
                raise ValueError("state = given with keys, switches or opened (expected one or the other)")
            return _path_of(self._d.state_path(_cell("start", start), _cell("goal", goal), state._s))
        all_keys = isinstance(keys, str)
        if all_keys and keys != "all":
            raise ValueError(f"keys = {keys!r} (expected lock ids, {{lock id: count}} or 'all')")
        held = {} if all_keys else _key_counts(keys)
        r = self._d.path(_cell("start", start), _cell("goal", goal), sorted(held.items()), all_keys,
                         [_int_of("switches", s) for s in _items("switches", switches)],
                         [_cell("opened", c) for c in _items("opened", opened)])
        return _path_of(r)

    def navigator(self, state=None) -> "Navigator":
        """A Navigator over this dungeon, its doors set for `state` (a PlayerState; None: the
        start's, no key, every switch off): catacomb.Navigator(self, state)."""
        return Navigator(self, state)

    def terrain_path(self, start, goal) -> Path:
        """The cheapest path over the terrain alone (`catacomb path` without --keys): every door,
        locked, gate or one-way, is passed as a plain door tile. ValueError for a cell off the
        map."""
        r = self._d.terrain_path(_cell("start", start), _cell("goal", goal))
        return Path(r["status"], r["path"], r["cost"], r["expanded"], [])

    def fov(self, origin, radius: int = 0, light_walls: bool = True, state: "PlayerState" = None):
        """The cells seen from `origin` (an (H, W) bool array): symmetric shadowcasting, the set
        libtcod's FOV_SYMMETRIC_SHADOWCAST gives. Walls block sight, and so do locked doors not
        opened, gates shut under the state's switches and secret doors (`state`: a PlayerState,
        None for none held); one-way doors do not. `radius` 0 sees without limit, else the cells
        with dx² + dy² < radius²; `light_walls` shows the walls at the edge of what is seen.
        ValueError for a cell off the map or a negative radius."""
        core_state = (state if state is not None else PlayerState())._s
        return self._d.fov(_cell("origin", origin), _int_of("radius", radius), bool(light_walls),
                           core_state).astype(bool)

    def distances(self, source):
        """The cheapest route's cost from `source` to every cell under the map's rules (an
        (H, W) float64 array, inf where no route reaches), as the distance map the library and
        `catacomb path` use. ValueError for a cell off the map."""
        return self._d.distances(_cell("source", source))

    def __reduce__(self):
        return Dungeon, (self._d,)

    def __eq__(self, other):
        return isinstance(other, Dungeon) and self.to_json() == other.to_json()

    def __repr__(self):
        return (f"<catacomb.Dungeon {self.generator or 'map'} {self.width}x{self.height} seed {self.seed}: "
                f"{len(self.rooms)} rooms, {len(self._d.objectives)} objectives>")

    from .exporters import to_des, to_level_string, save_npz  # noqa: E402 (methods)


def _int_of(field: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, _numbers.Integral):
        raise ValueError(f"{field} = {value!r} (expected an integer)")
    return int(value)


def _cell(field: str, value) -> tuple:
    try:
        x, y = value
        return _int_of(field, x), _int_of(field, y)
    except (TypeError, ValueError):
        raise ValueError(f"{field} = {value!r} (expected an (x, y) cell of integers)") from None


def _items(field: str, values) -> list:
    """The items of an iterable (None: none); ValueError naming `field` for something else."""
    try:
        return [] if values is None else list(values)
    except TypeError:
        raise ValueError(f"{field} = {values!r} (expected a sequence)") from None


def _key_counts(keys) -> dict:
    """{lock id: count} from lock ids (one key each) or a {lock id: count} mapping."""
    counts = {}
    if isinstance(keys, dict):
        for lock, count in keys.items():
            counts[_int_of("keys", lock)] = counts.get(_int_of("keys", lock), 0) + _int_of(f"keys[{lock}]", count)
    else:
        for lock in _items("keys", keys):
            counts[_int_of("keys", lock)] = counts.get(_int_of("keys", lock), 0) + 1
    return counts


def _path_of(r: dict) -> Path:
    return Path(r["status"], r["path"], r["cost"], r["expanded"], [Lock(*lk) for lk in r["doors_opened"]])


class PlayerState:
    """What a player holds and has changed on a map, the library's PlayerState: keys held per lock
    id, the switches that are on (every switch starts off), the locked doors opened (open for
    good, whatever the keys). Dungeon.path(start, goal, state=s) and Navigator route a player in
    this state, and its methods are the steps a game takes as the player plays:

        s = catacomb.PlayerState()
        s.pick_up(d, (x, y))        # the key lying there: one more key of its lock
        p = d.path(a, b, state=s)   # a route that may open doors with the keys held
        s.walk(d, p)                # its doors opened; under consumable keys one key spent each
        s.toggle(1)                 # switch 1 on (its gates open or shut)

    keys: lock ids (repeat one for several keys), a dict {lock id: count}, or "all" with
    `dungeon` (every key of the map: PlayerState.all_keys); switches: ids of the switches on;
    opened: (x, y) cells of locked doors opened. ValueError for a lock or switch id outside 1 to
    9, or a count outside 0 to 1000. Equal when keys, switches and opened doors are; pickles."""

    __slots__ = ("_s",)

    def __init__(self, keys=(), switches=(), opened=(), *, dungeon=None):
        if isinstance(keys, str):
            if keys != "all" or dungeon is None:
                raise ValueError(f"keys = {keys!r} (expected lock ids, {{lock id: count}}, or 'all' with dungeon=)")
            self._s = _core.PlayerState.all_keys(dungeon._d)
        else:
            self._s = _core.PlayerState()
            for lock, count in _key_counts(keys).items():
                if not 0 <= count <= 1000:
                    raise ValueError(f"keys[{lock}] = {count} (expected 0 to 1000 keys)")
                if count:
                    self._s.add_key(lock, count)
        for switch in _items("switches", switches):
            self.set_switch(switch, True)
        for cell in _items("opened", opened):
            self.open_door(cell)

    @classmethod
    def all_keys(cls, dungeon: "Dungeon") -> "PlayerState":
        """A player holding every key of `dungeon` (one per key objective with a lock id, so under
        consumable keys as many of a lock as the map has), no door opened, every switch off."""
        return cls("all", dungeon=dungeon)

    @property
    def keys(self) -> dict:
        """{lock id: keys held}, the locks with at least one."""
        return self._s.keys()

    def key_count(self, lock: int) -> int:
        """Keys of `lock` held (0 to 1000)."""
        return self._s.key_count(_int_of("lock", lock))

    def add_key(self, lock: int, count: int = 1) -> "PlayerState":
        """`count` more keys of `lock` (1 to 9); returns self."""
        self._s.add_key(_int_of("lock", lock), _int_of("count", count))
        return self

    def spend_key(self, lock: int) -> "PlayerState":
        """One key of `lock` spent (what opening a door of it costs under the consumable key rule);
        ValueError when none is held ("lock = 2 (expected a lock the player holds a key of (it
        holds none))"). Returns self."""
        self._s.spend_key(_int_of("lock", lock))
        return self

    def pick_up(self, dungeon: "Dungeon", cell) -> int:
        """Picks up the key lying at `cell` on `dungeon`: one more key of its lock. Returns the
        lock id (0 for a key that opens nothing, which adds none). ValueError when no key
        objective stands there. The state does not remember which keys were taken: the game
        does."""
        return self._s.pick_up(dungeon._d, _cell("cell", cell))

    @property
    def switches(self) -> list:
        """Ids of the switches that are on, ascending."""
        return self._s.switches()

    def switch_on(self, switch: int) -> bool:
        """True when `switch` (1 to 9) is on."""
        switch = _int_of("switch", switch)
        if not 1 <= switch <= 9:
            raise ValueError(f"switch = {switch} (expected 1 to 9)")
        return switch in self._s.switches()

    def set_switch(self, switch: int, on: bool = True) -> "PlayerState":
        """Turns `switch` (1 to 9) on or off; returns self."""
        self._s.set_switch(_int_of("switch", switch), bool(on))
        return self

    def toggle(self, switch: int) -> bool:
        """Flips `switch` (1 to 9), as a player standing on it does; returns whether it is on now."""
        on = not self.switch_on(switch)
        self.set_switch(switch, on)
        return on

    @property
    def opened(self) -> list:
        """(x, y) cells of the locked doors opened, in the order they were opened."""
        return self._s.opened()

    def open_door(self, cell) -> "PlayerState":
        """Marks the locked door at `cell` opened (checked against a map when the state is used);
        returns self."""
        self._s.open_door(_cell("opened", cell))
        return self

    def is_opened(self, cell) -> bool:
        """True when the door at `cell` is opened."""
        return self._s.is_opened(_cell("cell", cell))

    def walk(self, dungeon: "Dungeon", path: Path) -> "PlayerState":
        """Applies a route found for this state (Dungeon.path(..., state=self)): each locked door
        it opens (path.doors_opened, in order) becomes opened and, under `dungeon`'s consumable key
        rule, costs one key of its lock (spend_key). Keys on the route are not picked up (pick_up
        them as the game's player takes them). ValueError, the state unchanged, when a door's key
        is not held. Returns self."""
        after = self.copy()
        for door in path.doors_opened:
            if after.is_opened((door.x, door.y)):
                continue
            if dungeon.key_rule == "consumable":
                after.spend_key(door.lock)
            after.open_door((door.x, door.y))
        self._s = after._s
        return self

    def problems(self, dungeon: "Dungeon") -> list:
        """Every bad field against `dungeon` ("opened[0] = 5,5 (expected a locked door of the
        map)"); [] when the state fits it."""
        return self._s.problems(dungeon._d)

    def check(self, dungeon: "Dungeon") -> None:
        """ValueError listing every problem against `dungeon`."""
        self._s.check(dungeon._d)

    def copy(self) -> "PlayerState":
        out = PlayerState.__new__(PlayerState)
        out._s = self._s.copy()
        return out

    def __eq__(self, other):
        return isinstance(other, PlayerState) and self._s == other._s

    def __reduce__(self):
        return PlayerState, (self.keys, self.switches, self.opened)

    def __repr__(self):
        return f"catacomb.PlayerState(keys={self.keys}, switches={self.switches}, opened={self.opened})"


class Navigator:
    """Many exact shortest-path queries on one dungeon, the library's Navigator: built once
    (landmark distance tables over the map with every door open), then each query is A* steered
    by them, far cheaper than Dungeon.path on a large map. Its doors are the dungeon's locked doors
    and gates, set as a player in `state` finds them (None: the start's, no key, every switch
    off): a locked door open when opened or a key of its lock is held, a gate open by its switch.
    A held consumable key counts as opening every door of its lock (routes that must ration
    consumable keys are Dungeon.path's). Answers cost what Dungeon.path(start, goal, state=state)
    costs when keys need no rationing (the route may differ between equal-cost ones).

    The rules are those the dungeon records (its recipe's costs and moves). ValueError for a
    dungeon with one-way or secret doors (their steps are Dungeon.path's) and for a bad state.
    The GIL is released while it builds and searches; it owns its search scratch, so calls from
    several threads take turns (one navigator per thread runs them in parallel)."""

    __slots__ = ("_n", "_dungeon")

    def __init__(self, dungeon: Dungeon, state: Optional[PlayerState] = None):
        if not isinstance(dungeon, Dungeon):
            raise ValueError(f"dungeon = {dungeon!r} (expected a catacomb.Dungeon)")
        self._dungeon = dungeon
        self._n = _core.Navigator(dungeon._d, _state_core(state))

    dungeon = property(lambda self: self._dungeon, doc="the dungeon it was built for")
    width = property(lambda self: self._n.width, doc="columns")
    height = property(lambda self: self._n.height, doc="rows")

    def set_state(self, state: Optional[PlayerState]) -> None:
        """Sets every locked door and gate as a player in `state` finds them: O(doors), no table
        rebuilt. ValueError for a bad state."""
        self._n.set_state(_state_core(state))

    def set_door(self, cell, open: bool) -> None:
        """Opens or closes the locked door or gate at `cell` whatever the state: O(1). ValueError
        for a cell that is not one."""
        self._n.set_door(_cell("cell", cell), bool(open))

    def door_open(self, cell) -> bool:
        """True when the locked door or gate at `cell` is open now. ValueError for a cell that is
        not one."""
        return self._n.door_open(_cell("cell", cell))

    def find_path(self, start, goal) -> Path:
        """The cheapest route from `start` to `goal`, doors as they stand (a Path, as
        Dungeon.path gives; doors_opened: the locked doors on it the state had not opened).
        ValueError for a cell off the map; an impassable start or goal is a status."""
        return _path_of(self._n.find_path(_cell("start", start), _cell("goal", goal)))

    def stats(self) -> dict:
        """engine ("astar", or "jps" on a map without doors), landmarks, bytes_per_cell (kept),
        scratch_bytes_per_cell (per-query scratch), doors."""
        return self._n.stats()

    def __repr__(self):
        st = self.stats()
        return f"<catacomb.Navigator {self.width}x{self.height} {st['engine']}, {st['doors']} doors>"


def _state_core(state):
    if state is None:
        return _core.PlayerState()
    if not isinstance(state, PlayerState):
        raise ValueError(f"state = {state!r} (expected a catacomb.PlayerState or None)")
    return state._s


def _limit_ms(time_limit) -> int:
    """A time limit in seconds (None: none) as whole milliseconds, at least 1."""
    if time_limit is None:
        return 0
    if isinstance(time_limit, bool) or not isinstance(time_limit, _numbers.Real) or not time_limit > 0:
        raise ValueError(f"time_limit = {time_limit!r} (expected None or a number of seconds above 0)")
    return max(1, int(round(time_limit * 1000)))


def generate(seed: int, generator: str = "rooms", width: Optional[int] = None, height: Optional[int] = None,
             locks: int = 0, time_limit: Optional[float] = None, **params) -> Dungeon:
    """A valid dungeon from `seed` (0 to 2^64-1) and the parameters (the keys of Config.params()).
    The same as `catacomb generate --seed SEED` with the same flags. The GIL is released while the
    library works. `time_limit` (seconds; None: none) stops the attempts once it has passed,
    raising GenerationError "time limit of N ms reached: ..."; a dungeon made within it is the
    seed's own, byte for byte. `width` and `height` None: 80 x 50, or with a `mission`, a size
    chosen from it (as `catacomb generate --mission` without --width/--height)."""
    params.update(generator=generator, locks=locks)
    params.update({k: v for k, v in (("width", width), ("height", height)) if v is not None})
    if any(k in _FILE_KEYS for k in params):
        return Config(**params).generate(seed, time_limit=time_limit)
    config = _compiled(_json.dumps({k: _plain(v) for k, v in params.items()}))
    return Dungeon(config.generate(_check_seed(seed), _limit_ms(time_limit)))


def from_json(text) -> Dungeon:
    """A dungeon from catacomb JSON map text."""
    return Dungeon.from_json(text)


def load(path) -> Dungeon:
    """A map file (.json, .txt, .tmj, .tmx), read as `catacomb validate` reads it; OSError when
    it cannot be read, ValueError when it is malformed."""
    return Dungeon(_core.load(str(path)))


def verify(dungeon: Dungeon, certificate) -> Verdict:
    """Replays a certificate on the dungeon under the map's own rules (`catacomb verify`).
    ValueError when `certificate` is not a certificate at all."""
    text = certificate.decode() if isinstance(certificate, bytes) else certificate
    return Verdict(*dungeon._d.verify(text))


class GenerationWarning(UserWarning):
    """generate_many's warning that some seeds have no valid dungeon (their rows are zeros)."""


class Levels:
    """generate_many's answer, one row per seed.

    tiles (N, H, W) uint8; reports (N,) structured: seed, ok, attempts, start_x, start_y, exit_x,
    exit_y, objectives, locks, rooms, keys, switches, doors (counts), exit_cost, exit_length,
    passable_cells; failures {index: why} for the seeds with no valid dungeon (their tiles rows
    are 0, ok False); ok, status and reasons the same per seed; objectives (N, M, 5), locks
    (N, L, 3) and doors (N, D, 7) int32, each level's rows as catacomb.exporters.level_arrays
    gives them, padded with -1 rows to the most of any level. Unpacks as (tiles, reports,
    failures), as before these arrays."""

    __slots__ = ("tiles", "reports", "failures", "objectives", "locks", "doors")

    def __init__(self, tiles, reports, failures, objectives, locks, doors):
        self.tiles, self.reports, self.failures = tiles, reports, failures
        self.objectives, self.locks, self.doors = objectives, locks, doors

    def __iter__(self):
        return iter((self.tiles, self.reports, self.failures))

    def __getitem__(self, i):
        return (self.tiles, self.reports, self.failures)[i]

    def __len__(self):
        return len(self.reports)

    @property
    def ok(self) -> _np.ndarray:
        """(N,) bool: seed i has a valid dungeon."""
        return self.reports["ok"]

    @property
    def status(self) -> _np.ndarray:
        """(N,) str: "ok", or "failed" for a seed with no valid dungeon within max_attempts."""
        return _np.where(self.reports["ok"], "ok", "failed")

    @property
    def reasons(self) -> _np.ndarray:
        """(N,) str: why seed i has no valid dungeon (the catacomb.GenerationError generate(seed)
        raises), "" for a seed that has one."""
        return _np.array([self.failures.get(i, "") for i in range(len(self.reports))], dtype=str)

    def keys(self, i: int) -> _np.ndarray:
        """(K, 3) int32: level i's keys as x, y, lock (0: a key that opens nothing)."""
        rows = self.objectives[i]
        return rows[rows[:, 0] == _KEY_KIND][:, [1, 2, 3]]

    def switches(self, i: int) -> _np.ndarray:
        """(S, 3) int32: level i's switches as x, y, switch id."""
        rows = self.objectives[i]
        return rows[rows[:, 0] == _SWITCH_KIND][:, [1, 2, 4]]

    def __repr__(self):
        n, failed = len(self.reports), len(self.failures)
        return f"<catacomb.Levels {n} levels, {n - failed} ok, {failed} failed>"


_KEY_KIND, _SWITCH_KIND = 2, 5  # catacomb.exporters.OBJECTIVE_KINDS.index("key"), ("switch")


def _warn_failures(levels: Levels) -> None:
    failed = levels.failures
    if not failed:
        return
    import warnings

    first = min(failed)
    warnings.warn(f"{len(failed)} of {len(levels)} seeds have no valid dungeon (rows of zeros, ok False; "
                  f"Levels.reasons says why): seed {int(levels.reports['seed'][first])}: {failed[first]}",
                  GenerationWarning, stacklevel=3)


def level_seeds(start_seed: int = 0, num_levels: int = 1) -> _np.ndarray:
    """The seeds of a level set addressed as Procgen does: start_seed, start_seed + 1, ...,
    num_levels of them (uint64)."""
    _check_seed(start_seed)
    if isinstance(num_levels, bool) or not isinstance(num_levels, _numbers.Integral) or num_levels < 1 \
            or start_seed + num_levels > 2**64:
        raise ValueError(f"num_levels = {num_levels!r} (expected 1 or more, the last seed below 2^64)")
    return _np.arange(num_levels, dtype=_np.uint64) + _np.uint64(start_seed)


def _seed_array(seeds) -> _np.ndarray:
    bad = ValueError(f"seeds = {str(seeds)[:60]} (expected a 1-D sequence of integers from 0 to 2^64-1)")
    if isinstance(seeds, _np.ndarray):
        if seeds.ndim != 1 or (seeds.size and (seeds.dtype.kind not in "iu" or seeds.min() < 0)):
            raise bad
        return seeds.astype(_np.uint64, copy=False)
    if isinstance(seeds, range) and seeds.step > 0 and 0 <= seeds.start and seeds.stop <= 2**64:
        return _np.arange(seeds.start, seeds.stop, seeds.step, dtype=_np.uint64) if len(seeds) else \
            _np.zeros(0, _np.uint64)
    try:
        return _np.array([_check_seed(s) for s in seeds], dtype=_np.uint64)
    except (TypeError, ValueError):
        raise bad from None


def generate_many(seeds=None, threads: int = 0, *, start_seed: Optional[int] = None,
                  num_levels: Optional[int] = None, on_failure: str = "warn", **params) -> Levels:
    """Generates every seed (or the level set start_seed, num_levels) under one config, on
    `threads` threads (0: one per core) with the GIL released. Row i of the tiles is
    generate(seeds[i], **params).tiles, whatever the thread count. A seed with no valid dungeon
    within max_attempts is a row of zeros with ok False and its reason; on_failure says what
    else: "warn" (a catacomb.GenerationWarning naming how many and the first reason), "raise"
    (catacomb.GenerationError, for the first such seed) or "ignore"."""
    if on_failure not in ("warn", "raise", "ignore"):
        raise ValueError(f"on_failure = {on_failure!r} (expected 'warn', 'raise' or 'ignore')")
    if seeds is None:
        if start_seed is None or num_levels is None:
            raise ValueError("seeds = None (expected seeds, or start_seed and num_levels)")
        seeds = level_seeds(start_seed, num_levels)
    elif start_seed is not None or num_levels is not None:
        raise ValueError("start_seed = given with seeds (expected seeds, or start_seed and num_levels)")
    if isinstance(threads, bool) or not isinstance(threads, _numbers.Integral):
        raise ValueError(f"threads = {threads!r} (expected 0 (every core) or 1 to 256)")
    config = params.pop("config", None)
    config = Config(**params) if config is None else Config(**dict(config.to_dict(), **config.files(), **params))
    levels = Levels(*_core.generate_many(config._config, _seed_array(seeds), int(threads)))
    if levels.failures and on_failure == "raise":
        first = min(levels.failures)
        raise GenerationError(f"seed {int(levels.reports['seed'][first])}: {levels.failures[first]}")
    if on_failure == "warn":
        _warn_failures(levels)
    return levels
