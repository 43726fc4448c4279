"""Every door kind and objective through the Python package (issue #49): switch ids on objectives
and walkthrough steps, the progression doors as Door objects, the exporters writing every kind
faithfully (read back and compared with the dungeon), pickling, and key-aware paths that do not
walk through a locked door or a shut gate the player cannot pass."""
import json
import pickle

import numpy as np
import pytest

import catacomb
from catacomb import exporters
from conftest import ROOT, run_cli

CRYPT = ROOT / "examples" / "templates" / "crypt.tmj"
TWO_CYCLES = ROOT / "examples" / "missions" / "two-cycles.json"

# Every kind at once: keys with lock ids, locked doors, a switch and its gates (one shut at the
# start, one open), a one-way door and a secret door (seed 1 holds each of them).
EVERY_KIND = dict(locks=2, switches=1, one_way=1, secret_doors=1)


@pytest.fixture(scope="module")
def every_kind():
    d = catacomb.generate(1, **EVERY_KIND)
    kinds = {o.kind for o in d.objectives}
    assert {"start", "exit", "key", "treasure", "switch"} <= kinds
    assert {g.kind for g in d.doors} == {"gate", "one-way", "secret"} and len(d.locks) == 2
    assert {g.open_when_off for g in d.doors if g.kind == "gate"} == {False, True}
    return d


def json_doc(d):
    return json.loads(d.to_json())


def doors_of_json(doc):
    """The progression doors the JSON map states, as Door tuples, row-major."""
    out = []
    for y, row in enumerate(doc["tiles"]):
        for x, c in enumerate(row):
            e = doc["legend"].get(c, {})
            if "gate" in e:
                out.append(catacomb.Door(x, y, "gate", e["gate"], e.get("open_when") == "off", ""))
            elif "one_way" in e:
                out.append(catacomb.Door(x, y, "one-way", 0, False, e["one_way"]))
            elif e.get("secret"):
                out.append(catacomb.Door(x, y, "secret", 0, False, ""))
    return out


def test_objectives_carry_their_switch_id_as_the_json_map_does(every_kind):
    doc = json_doc(every_kind)
    assert [(o["kind"], o["x"], o["y"], o.get("lock", 0), o.get("switch", 0)) for o in doc["objectives"]] == \
        [tuple(o) for o in every_kind.objectives]
    switches = [o for o in every_kind.objectives if o.kind == "switch"]
    assert switches and all(1 <= o.switch <= 9 for o in switches)
    assert all(o.switch == 0 for o in every_kind.objectives if o.kind != "switch")
    with pytest.raises(AttributeError):
        switches[0].switch = 2  # read-only
    # A toggle step of the walkthrough says its switch.
    toggles = [s for s in every_kind.validate().walkthrough if s.action == "toggle"]
    assert toggles and {s.switch for s in toggles} <= {o.switch for o in switches}


def test_progression_doors_are_the_json_maps(every_kind):
    doors = every_kind.doors
    assert doors == doors_of_json(json_doc(every_kind))
    assert all(isinstance(g, catacomb.Door) for g in doors)
    for g in doors:
        assert every_kind.tiles[g.y, g.x] == catacomb.TERRAIN["door"]
        assert (g.switch != 0) == (g.kind == "gate") and (g.direction != "") == (g.kind == "one-way")
    masks = every_kind.masks("gates", "one_way", "secret", "switches")
    assert masks["gates"].sum() == sum(g.kind == "gate" for g in doors)
    assert masks["one_way"].sum() == 1 and masks["secret"].sum() == 1
    assert masks["switches"].sum() == sum(o.kind == "switch" for o in every_kind.objectives)
    with pytest.raises(ValueError, match="mask = 'gate' .expected one of"):
        every_kind.masks("gate")


# --- exporters -------------------------------------------------------------------------------

# The user's map (a switch, keys that open nothing) and one with every kind.
MAPS = [(1, dict(switches=1)), (1, EVERY_KIND), (9, dict(generator="caves", width=48, height=40, locks=2, switches=2,
                                                        one_way=1, key_rule="consumable"))]


@pytest.mark.parametrize("seed,params", MAPS)
def test_npz_round_trips_every_objective_and_door(seed, params, tmp_path):
    every_kind = catacomb.generate(seed, **params)
    every_kind.save_npz(tmp_path / "level.npz")
    z = np.load(tmp_path / "level.npz")
    assert z["objectives"].shape == (len(every_kind.objectives), 5)
    kinds = exporters.OBJECTIVE_KINDS
    assert [(kinds[k], x, y, lock, switch) for k, x, y, lock, switch in z["objectives"].tolist()] == \
        [tuple(o) for o in every_kind.objectives]
    assert [tuple(row) for row in z["locks"].tolist()] == [tuple(lk) for lk in every_kind.locks]
    direction = {step: name for name, step in exporters.DIRECTIONS.items()}
    assert [(x, y, exporters.DOOR_KINDS[k], s, bool(off), direction.get((dx, dy), ""))
            for x, y, k, s, off, dx, dy in z["doors"].tolist()] == every_kind.doors
    assert str(z["key_rule"]) == every_kind.key_rule
    np.testing.assert_array_equal(z["tiles"], every_kind.tiles)


def test_npz_of_a_map_without_doors_has_empty_fixed_width_arrays(tmp_path):
    d = catacomb.generate(6, locks=2)
    d.save_npz(tmp_path / "level.npz")
    z = np.load(tmp_path / "level.npz")
    assert z["doors"].shape == (0, 7) and z["objectives"].shape[1] == 5 and z["locks"].shape == (2, 3)


def level_string_cells(d, text, legend=None):
    """What a level string says is on each cell, beyond the terrain: {(x, y): (kind, id or
    direction)}, read through the legend."""
    legend = legend or exporters.GRIDDLY_LEGEND
    meaning = {}
    for kind in ("start", "exit", "treasure", "objective", "key", "secret"):
        meaning[legend[kind]] = (kind, 0)
    for kind in ("keys", "locked", "switch", "gate", "gate_off"):
        for i, c in enumerate(legend[kind]):
            meaning[c] = (kind, i + 1)
    for c, name in zip(legend["one_way"], ("north", "east", "south", "west")):
        meaning[c] = ("one-way", name)
    assert len(meaning) == 5 + 1 + 5 * 9 + 4, "the legend's characters are distinct"
    rows = [r.split(" ") for r in text.splitlines()]
    assert len(rows) == d.height and {len(r) for r in rows} == {d.width}
    out = {}
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            assert len(c) == 1
            if c in meaning:
                out[(x, y)] = meaning[c]
            else:
                assert c == legend["terrain"][d.tiles[y, x]], (x, y, c)
    return out


def expected_cells(d):
    want = {}
    for o in d.objectives:
        if o.kind == "key":
            want[(o.x, o.y)] = ("keys", o.lock) if o.lock else ("key", 0)
        else:
            want[(o.x, o.y)] = (o.kind, o.switch)
    for lk in d.locks:
        want[(lk.x, lk.y)] = ("locked", lk.lock)
    for g in d.doors:
        want[(g.x, g.y)] = {"gate": ("gate_off" if g.open_when_off else "gate", g.switch),
                            "one-way": ("one-way", g.direction), "secret": ("secret", 0)}[g.kind]
    return want


@pytest.mark.parametrize("seed,params", MAPS + [(3, dict(locks=3))])
def test_level_string_holds_every_objective_and_door_with_its_id(seed, params):
    d = catacomb.generate(seed, **params)
    assert level_string_cells(d, d.to_level_string()) == expected_cells(d)


def test_level_string_legend_can_be_changed_and_is_checked(every_kind):
    legend = dict(exporters.GRIDDLY_LEGEND, start="W")
    with pytest.raises(ValueError, match="keys = '123456789'"):
        every_kind.to_level_string({"keys": "123456789"})  # digits are Griddly's player ids
    legend["keys"] = "ABCDEFGHI".lower()
    with pytest.raises(ValueError, match="legend"):
        every_kind.to_level_string(legend)  # 'd' and 'h' are taken
    with pytest.raises(ValueError, match="locked = 'D'"):
        every_kind.to_level_string({"locked": "D"})  # one per lock id
    with pytest.raises(ValueError, match="colour"):
        every_kind.to_level_string({"colour": "r"})
    with pytest.raises(ValueError, match="legend switch = .* '@' is also start"):
        every_kind.to_level_string({"start": "@"})
    changed = {"start": "W", "keys": "KVDOp!;_|"}
    text = every_kind.to_level_string(changed)
    assert text.split().count("W") == 1
    assert level_string_cells(every_kind, text, dict(exporters.GRIDDLY_LEGEND, **changed)) == expected_cells(every_kind)


def des_contents(des):
    """The des-file's statements about the dungeon's doors and objectives, read back."""
    lines = des.splitlines()
    rows = lines[lines.index("MAP") + 1:lines.index("ENDMAP")]
    out = {}
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "S":
                out[(x, y)] = ("secret",)
    for i, line in enumerate(lines):
        if line.startswith("DOOR:"):
            state, at = line[5:].split(",", 1)
            cell = tuple(int(v) for v in at.strip("()").split(","))
            note = lines[i - 1] if lines[i - 1].startswith("# catacomb: ") else ""
            out[cell] = ("door", state, note[len("# catacomb: "):])
        elif line.startswith("# catacomb: secret door"):
            assert out[tuple(int(v) for v in line.rsplit("(", 1)[1].rstrip(")").split(","))] == ("secret",)
        elif line.startswith("OBJECT:") or line.startswith("ENGRAVING:") or line.startswith("STAIR:") \
                or line.startswith("BRANCH:"):
            at = line[line.index("),(") + 3:] if line.startswith("OBJECT:") else line[line.index(":(") + 2:]
            x, y = (int(v) for v in at.split(")")[0].split(",")[:2])
            out[(x, y)] = ("object", line)
    return out


@pytest.mark.parametrize("seed,params", MAPS)
def test_des_file_writes_every_door_and_objective_faithfully(seed, params):
    d = catacomb.generate(seed, **params)
    got = des_contents(d.to_des())
    for lk in d.locks:
        assert got[(lk.x, lk.y)] == ("door", "locked", f"locked door at ({lk.x},{lk.y}) lock {lk.lock}")
    for g in d.doors:
        if g.kind == "gate":
            when = "off" if g.open_when_off else "on"
            assert got[(g.x, g.y)] == ("door", "open" if g.open_when_off else "locked",
                                       f"gate at ({g.x},{g.y}) switch {g.switch} open when {when}")
        elif g.kind == "one-way":
            assert got[(g.x, g.y)] == ("door", "closed", f"one-way door at ({g.x},{g.y}) {g.direction}")
        else:
            assert got[(g.x, g.y)] == ("secret",)
    for o in d.objectives:
        line = got[(o.x, o.y)][1]
        if o.kind == "key" and o.lock:
            assert line == f"OBJECT:('(',\"skeleton key\"),({o.x},{o.y}),name:\"key of lock {o.lock}\""
        elif o.kind == "key":
            assert line == f"OBJECT:('(',\"skeleton key\"),({o.x},{o.y})"
        elif o.kind == "switch":
            assert line == f"ENGRAVING:({o.x},{o.y}),burn,\"switch {o.switch}\""
        elif o.kind == "treasure":
            assert line == f"OBJECT:('$',\"gold piece\"),({o.x},{o.y})"
        elif o.kind == "start":
            assert line.startswith("BRANCH:")
        else:
            assert line == f"STAIR:({o.x},{o.y}),down"
    plain = [(x, y) for (x, y), v in got.items() if v[0] == "door" and v[2] == ""]
    assert all(v[1] == "closed" for (x, y), v in got.items() if (x, y) in plain)


def test_des_file_names_a_key_that_opens_nothing_and_a_plain_objective(tmp_path):
    d = catacomb.generate(1, switches=1)
    des = d.to_des()
    assert any(o.kind == "key" and o.lock == 0 for o in d.objectives)
    for o in d.objectives:
        if o.kind == "key" and o.lock == 0:
            assert f"OBJECT:('(',\"skeleton key\"),({o.x},{o.y})\n" in des
    doc = json.loads(d.to_json())
    doc["objectives"].append({"kind": "objective", "x": d.objectives[2].x, "y": d.objectives[2].y})
    doc["objectives"].pop(2)
    o = catacomb.from_json(json.dumps(doc))
    assert f"ENGRAVING:({d.objectives[2].x},{d.objectives[2].y}),burn,\"objective\"" in o.to_des()


def test_every_objective_kind_has_an_index():
    assert set(exporters.OBJECTIVE_KINDS) == {"start", "exit", "key", "treasure", "objective", "switch"}
    assert exporters.OBJECTIVE_KINDS[:5] == ("start", "exit", "key", "treasure", "objective")  # old indices kept


# --- pickling --------------------------------------------------------------------------------

@pytest.mark.parametrize("params", [{}, EVERY_KIND, dict(generator="caves", width=40, height=30, locks=2,
                                                           key_rule="consumable"),
                                    dict(generator="platformer", width=48, height=24)])
def test_a_dungeon_pickles_to_an_equal_one(params):
    d = catacomb.generate(3, **params)
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        e = pickle.loads(pickle.dumps(d, protocol=protocol))
        assert isinstance(e, catacomb.Dungeon) and e == d
        assert e.to_json() == d.to_json() and e.to_ascii() == d.to_ascii() and e.png() == d.png()
        assert e.map_hash == d.map_hash and e.params == d.params and e.attempts == d.attempts
        assert e.objectives == d.objectives and e.locks == d.locks and e.doors == d.doors and e.rooms == d.rooms
        assert e.key_rule == d.key_rule and e.graph == d.graph
        np.testing.assert_array_equal(e.tiles, d.tiles)
        assert e.certificate() == d.certificate()


def test_a_map_read_from_json_keeps_its_legends_costs_through_pickle():
    d = catacomb.generate(4, locks=1)
    doc = json.loads(d.to_json())
    doc["legend"]["~"]["cost"] = 9.0  # water dearer than the recipe says
    read = catacomb.from_json(json.dumps(doc))
    back = pickle.loads(pickle.dumps(read))
    assert back.to_json() == read.to_json() and '"cost": 9.0' in back.to_json()


def test_a_config_pickles_to_an_equal_one(tmp_path):
    c = catacomb.Config(generator="caves", width=40, height=30, locks=2, switches=1)
    back = pickle.loads(pickle.dumps(c))
    assert back == c and back.to_json() == c.to_json() and repr(back) == repr(c)
    assert back.generate(5) == c.generate(5)
    # Files travel as their absolute paths, read again where the config is unpickled.
    with_files = catacomb.Config(templates=CRYPT, theme="flooded", mission=TWO_CYCLES, width=60)
    back = pickle.loads(pickle.dumps(with_files))
    assert back == with_files and back.files() == with_files.files() and back.generate(5) == with_files.generate(5)


# --- key-aware paths -------------------------------------------------------------------------

def locked_cells(d):
    return {(lk.x, lk.y) for lk in d.locks}


def cells(path):
    return [tuple(p) for p in path.path.tolist()]


def test_a_path_does_not_walk_through_a_locked_door_without_its_key():
    d = catacomb.generate(1, locks=2)
    start, goal = d.find("start"), d.find("exit")
    # The terrain alone runs through both locked doors (what path() used to answer).
    terrain = d.terrain_path(start, goal)
    assert terrain.status == "found" and len(locked_cells(d) & set(cells(terrain))) == 2
    p = d.path(start, goal)
    assert p.status == "no-path" and len(p.path) == 0 and p.doors_opened == []
    one = d.path(start, goal, keys=[d.locks[0].lock])
    assert one.status == "no-path"
    both = d.path(start, goal, keys=[lk.lock for lk in d.locks])
    assert both.status == "found" and sorted(both.doors_opened) == sorted(d.locks)
    assert set(cells(both)) & locked_cells(d) == locked_cells(d)
    for keys in ("all", {lk.lock: 1 for lk in d.locks}, [d.locks[1].lock, d.locks[0].lock]):
        same = d.path(start, goal, keys=keys)
        assert cells(same) == cells(both) and same.cost == both.cost and same.doors_opened == both.doors_opened
    assert d.path(start, goal, keys=None, switches=None, opened=None).status == "no-path"
    assert d.path(start, goal, keys=np.array([lk.lock for lk in d.locks])).cost == both.cost
    opened = d.path(start, goal, opened=[(lk.x, lk.y) for lk in d.locks])
    assert opened.status == "found" and opened.doors_opened == [] and opened.cost == both.cost


def test_a_path_is_the_clis_player_route(tmp_path):
    d = catacomb.generate(1, **EVERY_KIND)
    (tmp_path / "d.json").write_text(d.to_json())
    start, goal = d.find("start"), d.find("exit")
    for kw, flags in (({}, ["--keys", "none"]), ({"keys": [1, 2]}, ["--keys", "1,2"]),
                      ({"keys": [1, 2], "switches": [1]}, ["--keys", "1,2", "--switches", "1"]),
                      ({"keys": "all", "switches": [1]}, ["--all-keys", "--switches", "1"])):
        p = d.path(start, goal, **kw)
        cli = run_cli("path", tmp_path / "d.json", "--from", f"{start[0]},{start[1]}", "--to",
                      f"{goal[0]},{goal[1]}", "--json", *flags, check=False)
        want = json.loads(cli.stdout)
        assert p.status == want["status"] and cells(p) == [tuple(c) for c in want["path"]], kw
        assert [tuple(lk) for lk in p.doors_opened] == [(e["x"], e["y"], e["lock"]) for e in want["doors_opened"]]
    # Every key but the switch off: the gate shut at the start stays shut.
    assert d.path(start, goal, keys="all").status == "no-path"


def test_a_path_through_a_gate_needs_its_switch_on():
    d = catacomb.generate(1, **EVERY_KIND)
    shut = next(g for g in d.doors if g.kind == "gate" and not g.open_when_off)
    start = d.find("start")
    assert d.path(start, (shut.x, shut.y), keys="all").status == "goal-blocked"
    on = d.path(start, (shut.x, shut.y), keys="all", switches=[shut.switch])
    assert on.status == "found" and cells(on)[-1] == (shut.x, shut.y)


@pytest.mark.parametrize("kw,message", [(dict(keys=[12]), "lock = 12"), (dict(keys={1: -1}), r"keys\[1\] = -1"),
                                        (dict(switches=[0]), "switches = 0"), (dict(keys="some"), "keys = 'some'"),
                                        (dict(opened=[(0, 0)]), "opened"), (dict(switches=[True]), "switches = True"),
                                        (dict(opened=[(1.5, 2)]), "opened = "), (dict(keys=3), "keys = 3"),
                                        (dict(switches=1), "switches = 1 .expected a sequence")])
def test_a_bad_player_state_is_a_value_error_naming_it(kw, message):
    d = catacomb.generate(1, locks=2)
    with pytest.raises(ValueError, match=message):
        d.path(d.find("start"), d.find("exit"), **kw)
