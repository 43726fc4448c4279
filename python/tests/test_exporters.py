"""The exporters: a MiniHack des-file, a Griddly level string and .npz level buffers, read back
and checked against the dungeon they came from."""
import io

import numpy as np
import pytest

import catacomb
from catacomb.exporters import OBJECTIVE_KINDS, save_levels_npz


def test_des_file_holds_the_map_and_its_objects():
    d = catacomb.generate(4, locks=1)
    des = d.to_des().splitlines()
    rows = des[des.index("MAP") + 1:des.index("ENDMAP")]
    assert len(rows) == d.height and {len(r) for r in rows} == {d.width}
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            wall = d.tiles[y, x] == catacomb.TERRAIN["wall"]
            assert (c in " -|") == wall, (x, y, c)
    sx, sy = d.find("start")
    ex, ey = d.find("exit")
    assert f"BRANCH:({sx},{sy},{sx},{sy}),(0,0,0,0)" in des and f"STAIR:({ex},{ey}),down" in des
    lock = d.locks[0]
    assert f"DOOR:locked,({lock.x},{lock.y})" in des


def test_level_string_is_one_cell_per_tile():
    d = catacomb.generate(5, generator="caves", width=40, height=30)
    rows = [r.split(" ") for r in d.to_level_string().splitlines()]
    assert len(rows) == 30 and {len(r) for r in rows} == {40}
    sx, sy = d.find("start")
    assert rows[sy][sx] == "A" and sum(r.count("A") for r in rows) == 1
    walls = np.array([[c == "w" for c in r] for r in rows])
    np.testing.assert_array_equal(walls, d.tiles == catacomb.TERRAIN["wall"])
    assert d.to_level_string({"start": "W"}).count("W") == 1


def test_npz_level_buffer_holds_tiles_goal_and_the_certificates_route(tmp_path):
    d = catacomb.generate(6, locks=2)
    d.save_npz(tmp_path / "level.npz")
    z = np.load(tmp_path / "level.npz")
    np.testing.assert_array_equal(z["tiles"], d.tiles)
    assert tuple(z["start"]) == d.find("start") and tuple(z["goal"]) == d.find("exit")
    route = z["route"]
    assert tuple(route[0]) == d.find("start") and tuple(route[-1]) == d.find("exit")
    assert np.abs(np.diff(route, axis=0)).max() == 1  # one move at a time
    steps = sum(len(s["route"]) - 1 for s in __import__("json").loads(d.certificate())["steps"])
    assert len(route) == steps + 1
    assert [OBJECTIVE_KINDS[k] for k in z["objectives"][:, 0]] == [o.kind for o in d.objectives]
    assert z["locks"].shape == (2, 3) and int(z["seed"]) == 6


def test_levels_npz_is_one_fixed_shape_buffer(tmp_path):
    levels = catacomb.generate_many(start_seed=10, num_levels=3, generator="caves", width=32, height=24)
    save_levels_npz(tmp_path / "levels.npz", levels)
    z = np.load(tmp_path / "levels.npz")
    assert z["tiles"].shape == (3, 24, 32) and z["start"].shape == (3, 2) and z["seeds"].tolist() == [10, 11, 12]
    for i in range(3):
        d = catacomb.generate(10 + i, generator="caves", width=32, height=24)
        assert tuple(z["goal"][i]) == d.find("exit")


def test_tiled_and_moving_ai_give_the_clis_bytes(tmp_path):
    from conftest import run_cli
    d = catacomb.generate(11, width=50, height=30, locks=2, switches=1, one_way=1)
    run_cli("generate", "--seed", "11", "--width", "50", "--height", "30", "--locks", "2", "--switches", "1",
            "--one-way", "1", "--tmj", str(tmp_path / "cli.tmj"), "--map", str(tmp_path / "cli.map"))
    tmj, png, png_file = d.to_tmj(tmp_path / "py.tmj")
    cli_png = next(p for p in tmp_path.iterdir() if p.suffix == ".png" and p.name.startswith("cli"))
    assert tmj.replace(png_file, cli_png.name) == (tmp_path / "cli.tmj").read_text()
    assert png == cli_png.read_bytes()
    d.write_tmj(tmp_path / "py.tmj")
    assert (tmp_path / "py.tmj").read_text() == tmj and (tmp_path / png_file).read_bytes() == png
    assert d.to_movingai() == (tmp_path / "cli.map").read_text()
    with pytest.raises(ValueError, match="does not exist"):
        d.write_tmj(tmp_path / "no-such-dir" / "x.tmj")


def test_game_formats_give_the_clis_bytes_and_the_npz_has_no_time_stamp(tmp_path):
    from conftest import run_cli
    d = catacomb.generate(1, locks=2, switches=1, one_way=1, secret_doors=1)
    run_cli("generate", "--seed", "1", "--locks", "2", "--switches", "1", "--one-way", "1", "--secret-doors", "1",
            "--des", tmp_path / "cli.des", "--level-string", tmp_path / "cli.txt", "--npz", tmp_path / "cli.npz")
    assert d.to_des() == (tmp_path / "cli.des").read_text()
    assert d.to_level_string() == (tmp_path / "cli.txt").read_text()
    d.save_npz(tmp_path / "py")  # ".npz" added, as numpy.savez adds it
    assert (tmp_path / "py.npz").read_bytes() == (tmp_path / "cli.npz").read_bytes()
    buffer = io.BytesIO()
    d.save_npz(buffer)  # a file object, as numpy.savez takes one
    assert buffer.getvalue() == (tmp_path / "cli.npz").read_bytes()
    with pytest.raises(OSError):
        d.save_npz(tmp_path / "no-such-dir" / "x.npz")
    with pytest.raises(ValueError, match="name = "):
        d.to_des('a "quoted" name')
    with pytest.raises(ValueError, match="legend = 'W'"):
        d.to_level_string("W")
    with pytest.raises(ValueError, match="start = 5 .expected one character, as text"):
        d.to_level_string({"start": 5})
    with pytest.raises(ValueError, match=r"start = '\\xc3\\xa9' .expected one character, printable ASCII"):
        d.to_level_string({"start": "é"})
