"""catacomb.generate against the CLI: the same JSON, ASCII and PNG bytes for the same seed and
parameters, tiles that are the JSON's rows and a view of the dungeon's memory, errors that name
the field as the CLI does."""
import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import catacomb
from conftest import ROOT, flags, run_cli

SETTINGS = settings(max_examples=12)


@st.composite
def recipes(draw):
    generator = draw(st.sampled_from(["rooms", "caves", "platformer"]))
    low = 16 if generator == "rooms" else 24
    params = {"generator": generator, "width": draw(st.integers(low, 90)), "height": draw(st.integers(low, 60))}
    if generator != "platformer":
        params["locks"] = draw(st.integers(0, 2))
        params["water"] = draw(st.sampled_from([0.0, 0.05, 0.2]))
    if generator == "caves":
        params["fill"] = draw(st.integers(40, 50))
    return draw(st.integers(0, 2**64 - 1)), params


@SETTINGS
@given(recipe=recipes())
def test_json_and_ascii_equal_the_clis(tmp_path, recipe):
    seed, params = recipe
    out_json, out_txt = tmp_path / "d.json", tmp_path / "d.txt"
    r = run_cli("generate", "--seed", seed, *flags(params), "--json", out_json, "--txt", out_txt, check=False)
    if r.returncode == 1:  # no valid dungeon within the attempts: Python must say so too
        with pytest.raises(catacomb.GenerationError):
            catacomb.generate(seed, **params)
        return
    assert r.returncode == 0, r.stderr
    d = catacomb.generate(seed, **params)
    assert d.to_json() == out_json.read_text()
    assert d.to_ascii() == out_txt.read_text()


def terrain_of_json(text):
    """The JSON map's rows as terrain values, through its own legend."""
    doc = json.loads(text)
    by_char = {c: catacomb.TERRAIN[entry["name"]] for c, entry in doc["legend"].items()}
    return np.array([[by_char[c] for c in row] for row in doc["tiles"]], dtype=np.uint8)


@SETTINGS
@given(recipe=recipes())
def test_tiles_equal_the_json_rows(recipe):
    seed, params = recipe
    try:
        d = catacomb.generate(seed, **params)
    except catacomb.GenerationError:
        return
    assert d.tiles.shape == (params["height"], params["width"])
    assert d.tiles.dtype == np.uint8
    np.testing.assert_array_equal(d.tiles, terrain_of_json(d.to_json()))


def test_tiles_are_a_read_only_view_of_the_dungeon():
    d = catacomb.generate(7)
    a, b = d.tiles, d.tiles
    assert a.__array_interface__["data"][0] == b.__array_interface__["data"][0]  # no copy per access
    assert not a.flags.owndata and not a.flags.writeable
    with pytest.raises(ValueError):
        a[0, 0] = 1
    del d  # the view keeps the dungeon alive
    assert a.shape == (50, 80) and a[0].tolist() == b[0].tolist()


def test_png_equals_the_clis(tmp_path):
    run_cli("generate", "--seed", 9, "--locks", 1, "--png", tmp_path / "a.png")
    run_cli("generate", "--seed", 9, "--locks", 1, "--png", tmp_path / "b.png", "--overlay", "routes,walkthrough",
            "--scale", 6, "--grid")
    d = catacomb.generate(9, locks=1)
    d.write_png(tmp_path / "c.png")
    d.write_png(tmp_path / "d.png", overlay=["routes", "walkthrough"], scale=6, grid=True)
    assert (tmp_path / "c.png").read_bytes() == (tmp_path / "a.png").read_bytes()
    assert (tmp_path / "d.png").read_bytes() == (tmp_path / "b.png").read_bytes()
    assert d._repr_png_().startswith(b"\x89PNG")


def test_room_graph_and_game_costs():
    d = catacomb.generate(7, locks=2, cost="water=impassable,vegetation=7.5", water=0.2)
    assert d.params["cost"] == "water=impassable,vegetation=7.5"
    g = d.graph
    assert [n["room"] for n in g["nodes"][:len(d.rooms)]] == list(range(len(d.rooms)))
    assert {e["lock"] for e in g["edges"]} >= {1, 2}
    for e in g["edges"]:
        assert e["a"] < e["b"] < len(g["nodes"])
        assert e["lock"] == max([door["lock"] for door in e["doors"]], default=0)
    # The intensity curve: the start's node 0, the exit's 1, every other node in [0, 0.99] (or -1:
    # rooms that impassable water cuts off from the critical path: no player reaches them).
    at = {(n["x"], n["y"], n["width"], n["height"]): n for n in g["nodes"]}
    intensities = sorted(n["intensity"] for n in g["nodes"])
    assert intensities[-1] == 1.0 and intensities[-2] <= 0.99
    assert all(v == -1.0 or v >= 0.0 for v in intensities) and intensities.count(0.0) >= 1
    start, exit_ = d.find("start"), d.find("exit")
    for n in at.values():
        inside = lambda p: n["x"] <= p[0] < n["x"] + n["width"] and n["y"] <= p[1] < n["y"] + n["height"]
        if n["kind"] == "room" and inside(exit_):
            assert n["intensity"] == 1.0
        if n["kind"] == "room" and inside(start):
            assert n["intensity"] == 0.0
    with pytest.raises(ValueError, match="cost = lava=1"):
        catacomb.generate(1, cost="lava=1")


@pytest.mark.parametrize("generator", ["rooms", "caves"])
def test_graph_is_the_json_maps_graph(tmp_path, generator):
    """Dungeon.graph is the "graph" key `generate --json F --graph` writes, value for value: doors
    as objects, "room" on room nodes only (a cave's nodes are areas and passages)."""
    params = {"generator": generator, "locks": 2}
    run_cli("generate", "--seed", 7, *flags(params), "--json", tmp_path / "d.json", "--graph")
    d = catacomb.generate(7, **params)
    g = d.graph
    assert g == json.loads((tmp_path / "d.json").read_text())["graph"]
    assert g == catacomb.from_json(d.to_json()).graph
    assert any(e["doors"] for e in g["edges"])
    assert all(("room" in n) == (n["kind"] == "room") for n in g["nodes"])


def test_objectives_locks_rooms_and_masks():
    d = catacomb.generate(3, locks=2, key_rule="consumable")
    doc = json.loads(d.to_json())
    assert [(o.kind, o.x, o.y, o.lock) for o in d.objectives] == \
        [(o["kind"], o["x"], o["y"], o.get("lock", 0)) for o in doc["objectives"]]
    assert [tuple(r) for r in d.rooms] == [(r["x"], r["y"], r["width"], r["height"]) for r in doc["rooms"]]
    assert len(d.locks) == 2 and d.key_rule == "consumable"
    masks = d.masks()
    assert masks["start"].sum() == 1 and masks["exit"][d.find("exit")[1], d.find("exit")[0]]
    assert masks["doors"].sum() == 2 and masks["keys"].sum() == sum(o.kind == "key" for o in d.objectives)
    with pytest.raises(ValueError, match="mask = 'lava'"):
        d.masks("lava")


def test_lock_layouts_are_keywords_from_the_parameter_table():
    assert {"lock_layout", "cycle_one_way"} <= {p.key for p in catacomb.Config.params()}
    tree = catacomb.generate(1, locks=4, lock_layout="tree")
    assert json.loads(tree.to_json())["params"]["lock_layout"] == "tree" and len(tree.locks) == 4
    cycles = catacomb.generate(1, locks=3, lock_layout="cycles", cycle_one_way=True)
    doc = json.loads(cycles.to_json())
    assert doc["params"]["cycle_one_way"] is True and len(cycles.locks) == 3
    assert catacomb.generate(1, locks=3).to_json() == catacomb.generate(1, locks=3, lock_layout="chain").to_json()
    with pytest.raises(ValueError, match="lock_layout = spiral"):
        catacomb.generate(1, locks=2, lock_layout="spiral")


def test_from_json_and_load_read_back_the_same_dungeon(tmp_path):
    d = catacomb.generate(5, generator="caves", locks=1)
    assert catacomb.from_json(d.to_json()).to_json() == d.to_json()
    (tmp_path / "d.json").write_text(d.to_json())
    assert catacomb.load(tmp_path / "d.json") == d


def test_config_is_the_clis_parameter_table():
    help_text = run_cli("generate", "--help").stdout
    names = [p.name for p in catacomb.Config.params()]
    assert names[:3] == ["generator", "width", "height"]
    for name in names:
        assert f"--{name}" in help_text
    config = catacomb.Config(generator="caves", fill=44)
    assert config.fill == 44 and config.width == 80
    assert catacomb.Config.from_json(config.to_json()) == config
    assert config.generate(4) == catacomb.generate(4, generator="caves", fill=44)


BAD = [("width", 99999), ("height", 3), ("locks", 10), ("fill", 101), ("room_count", 1), ("loop_fraction", 2.5),
       ("max_attempts", 0), ("generator", "lava"), ("diagonal", "sideways"), ("neighbors", 6)]


@pytest.mark.parametrize("key,value", BAD)
def test_bad_parameters_raise_valueerror_naming_the_field_as_the_cli_does(key, value):
    r = run_cli("generate", *flags({key: value}), check=False)
    assert r.returncode == 2
    cli_message = r.stderr.strip().removeprefix("catacomb: ").removeprefix("error: ")
    flag = "--" + key.replace("_", "-")
    with pytest.raises(ValueError) as e:
        catacomb.generate(1, **{key: value})
    message = str(e.value)
    assert message.startswith(f"{key} = ")
    assert cli_message.endswith(message[len(key):]), (cli_message, message)
    assert flag in cli_message


@pytest.mark.parametrize("kwargs,text", [({"colour": 3}, 'config key "colour"'), ({"width": "wide"}, "expected an integer"),
                                         ({"deep_water": 1}, "true or false")])
def test_unknown_keys_and_wrong_types_raise_valueerror(kwargs, text):
    with pytest.raises(ValueError, match=text):
        catacomb.generate(1, **kwargs)


@pytest.mark.parametrize("seed", [-1, 2**64, "7", 1.5, True])
def test_bad_seeds_raise_valueerror(seed):
    with pytest.raises(ValueError, match=r"seed = .* \(expected an integer from 0 to 2\^64-1\)"):
        catacomb.generate(seed)


def test_files_raise_oserror(tmp_path):
    d = catacomb.generate(1)
    with pytest.raises(OSError, match="no-such-dir"):
        d.write_png(tmp_path / "no-such-dir" / "x.png")
    with pytest.raises(OSError, match="missing.json"):
        catacomb.load(tmp_path / "missing.json")
    with pytest.raises(ValueError):
        catacomb.from_json("{not json")


NUMBERS = [p for p in catacomb.Config.params() if p.kind in ("int", "float")]


@settings(max_examples=40)
@given(param=st.sampled_from(NUMBERS), value=st.one_of(st.integers(-10**9, 10**9), st.floats(-1e6, 1e6)))
def test_any_number_is_refused_exactly_when_the_cli_refuses_it_and_named_alike(tmp_path, param, value):
    """Over the whole parameter table: the CLI checks its flags before any work, and a --png in a
    missing folder stops it right after (exit 2 naming --png) when every parameter is good."""
    if param.kind == "int" and isinstance(value, float):
        value = int(value)
    r = run_cli("generate", *flags({param.key: value}), "--png", tmp_path / "missing" / "x.png", check=False)
    assert r.returncode == 2
    cli_refused = "--png" not in r.stderr
    try:
        catacomb.Config(**{param.key: value})
        refused = None
    except ValueError as e:
        refused = str(e)
    assert (refused is not None) == cli_refused, (param.key, value, r.stderr, refused)
    if refused:
        # The same problems, each field named as the library names it where the CLI names its flag.
        as_flags = re.sub(r"(^|; )(\w+) = ", lambda m: f"{m.group(1)}--{m.group(2).replace('_', '-')} = ", refused)
        assert as_flags in r.stderr, (refused, r.stderr)
        assert re.match(r"\w+ = ", refused), refused


CRYPT = ROOT / "examples" / "templates" / "crypt.tmj"
TWO_CYCLES = ROOT / "examples" / "missions" / "two-cycles.json"


def test_templates_theme_and_mission_equal_the_clis(tmp_path):
    """templates, theme and mission (outside the parameter table) as the CLI's flags: the same bytes."""
    d = catacomb.generate(5, templates=CRYPT, mission=TWO_CYCLES)
    run_cli("generate", "--seed", 5, "--templates", CRYPT, "--mission", TWO_CYCLES, "--json", tmp_path / "d.json")
    assert d.to_json() == (tmp_path / "d.json").read_text()
    assert len(d.rooms) == 9
    # No size given with a mission: one chosen from it, as the CLI chooses it (not 80x50); a size
    # given is kept, and without a mission the default stays 80x50.
    assert d.width == d.height and (d.width, d.height) != (80, 50)
    given = catacomb.Config(templates=CRYPT, mission=TWO_CYCLES, width=80, height=50).generate(5)
    assert (given.width, given.height) == (80, 50)
    assert (catacomb.generate(5).width, catacomb.generate(5).height) == (80, 50)
    levels = catacomb.generate_many([5], config=catacomb.Config(templates=CRYPT, mission=TWO_CYCLES))
    assert levels.tiles.shape == (1, d.height, d.width) and (levels.tiles[0] == d.tiles).all()
    c = catacomb.Config(templates=CRYPT, theme="flooded")
    assert (c.templates, c.theme, c.mission) == (str(CRYPT), "flooded", None)
    assert c.file_flags() == ["--templates", str(CRYPT), "--theme", "flooded"]
    run_cli("generate", "--seed", 3, *c.file_flags(), "--json", tmp_path / "e.json")
    assert c.generate(3).to_json() == (tmp_path / "e.json").read_text()
    levels = catacomb.generate_many([3, 4], config=c)
    assert (levels.tiles[0] == c.generate(3).tiles).all() and (levels.tiles[1] == c.generate(4).tiles).all()
    assert c != catacomb.Config(templates=CRYPT)
    c.update(theme=None)
    assert c.theme is None and c == catacomb.Config(templates=CRYPT)


def test_template_and_mission_files_raise_as_the_cli_does(tmp_path):
    with pytest.raises(OSError):
        catacomb.Config(templates=tmp_path / "missing.tmj")
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "m", "nodes": [], "edges": [], "extra": 1}')
    with pytest.raises(ValueError):
        catacomb.Config(templates=CRYPT, mission=bad)
    with pytest.raises(ValueError, match="theme = 3"):
        catacomb.Config(theme=3)
    with pytest.raises(ValueError, match="templates = 7"):
        catacomb.Config(templates=7)


def test_switches_one_way_and_secret_doors_as_the_cli(tmp_path):
    # The parameters come from the config table: the same keywords as the CLI's flags (#33).
    params = {"switches": 2, "one_way": 1, "secret_doors": 1}
    d = catacomb.generate(5, **params)
    assert {k: d.params[k] for k in params} == params
    assert sum(o.kind == "switch" for o in d.objectives) == 2
    report = d.validate()
    assert report.valid and report.completable
    run_cli("generate", "--seed", 5, *flags(params), "--json", tmp_path / "a.json")
    assert d.to_json() == (tmp_path / "a.json").read_text()
    with pytest.raises(ValueError, match=r"switches = 10 \(expected 0 to 9\)"):
        catacomb.generate(1, switches=10)


def test_a_time_limit_gives_up_saying_so_and_keeps_the_seeds_own_dungeon():
    import catacomb
    import pytest
    assert catacomb.generate(7, time_limit=60).to_json() == catacomb.generate(7).to_json()
    with pytest.raises(catacomb.GenerationError, match=r"^time limit of 1 ms reached: "):
        catacomb.generate(3, width=16, height=16, room_count=40, locks=9, max_attempts=1000, time_limit=0.001)
    for bad in (0, -1, "1", True):
        with pytest.raises(ValueError, match="time_limit"):
            catacomb.generate(1, time_limit=bad)
