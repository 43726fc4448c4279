"""Field of view and distance maps from Python (#49): the library's answers, through the package."""
import numpy as np
import pytest

import catacomb


def test_fov_sees_the_origin_and_never_through_a_wall_row():
    d = catacomb.generate(7, width=60, height=40)
    start = d.find("start")
    seen = d.fov(start)
    assert seen.shape == (40, 60) and seen.dtype == bool
    assert seen[start[1], start[0]]
    near = d.fov(start, radius=3)
    assert near.sum() <= seen.sum()
    ys, xs = np.nonzero(near)
    assert ((xs - start[0]) ** 2 + (ys - start[1]) ** 2 < 9).all()
    # Walls are seen only when light_walls is on, never beyond the map's edge.
    dark = d.fov(start, light_walls=False)
    assert not (dark & (d.tiles == catacomb.TERRAIN["wall"])).any()


def test_fov_is_blocked_by_a_locked_door_until_it_is_opened():
    for seed in range(1, 30):
        d = catacomb.generate(seed, width=60, height=40, locks=2)
        if not d.locks:
            continue
        x, y = door = (d.locks[0].x, d.locks[0].y)
        beside = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                  if d.tiles[y + dy, x + dx] != catacomb.TERRAIN["wall"]]
        shut = d.fov(beside[0], state=catacomb.PlayerState())
        opened = d.fov(beside[0], state=catacomb.PlayerState().open_door(door))
        assert shut[y, x]  # the door itself is seen
        assert opened.sum() > shut.sum(), f"seed {seed}: opening the door shows nothing behind it"
        return
    pytest.fail("no seed with a lock")


def test_distances_match_path_costs_and_refuse_cells_off_the_map():
    d = catacomb.generate(3, width=50, height=30)
    start, goal = d.find("start"), d.find("exit")
    dist = d.distances(start)
    assert dist.shape == (30, 50) and dist[start[1], start[0]] == 0
    assert dist[goal[1], goal[0]] == pytest.approx(d.terrain_path(start, goal).cost)
    assert np.isinf(dist[d.tiles == catacomb.TERRAIN["wall"]]).all()
    with pytest.raises(ValueError, match="source"):
        d.distances((50, 0))
    with pytest.raises(ValueError, match="origin"):
        d.fov((-1, 0))
    with pytest.raises(ValueError, match="radius"):
        d.fov(start, radius=-1)


def test_fov_hashes_are_pinned_for_every_binding():
    """The same hashes as bindings/wasm/test/fov.test.mjs: native and wasm see the same cells."""
    import hashlib
    for seed, locks, radius, digest, count in ((7, 0, 0, "4a8de442ab80ec97", 82), (7, 0, 6, "519faf6fa68a8371", 60),
                                               (3, 2, 0, "1e6b447892dce764", 150), (3, 2, 6, "e22b501e629b4524", 86)):
        d = catacomb.generate(seed, width=60, height=40, locks=locks, switches=1)
        seen = d.fov(d.find("start"), radius=radius)
        assert int(seen.sum()) == count
        assert hashlib.sha256(seen.astype(np.uint8).tobytes()).hexdigest()[:16] == digest


def test_set_terrain_edits_one_cell_and_the_map_plays_as_edited():
    d = catacomb.generate(5, width=50, height=30, locks=1)
    start, goal = d.find("start"), d.find("exit")
    route = d.terrain_path(start, goal)
    x, y = (int(v) for v in route.path[len(route.path) // 2])
    before = d.to_json()
    d.set_terrain((x, y), "floor")
    assert d.tiles[y, x] == catacomb.TERRAIN["floor"]
    wall = next((int(a), int(b)) for a, b in zip(*np.nonzero(d.tiles == 0)))[::-1]
    d.set_terrain(wall, catacomb.TERRAIN["water"])
    assert d.tiles[wall[1], wall[0]] == catacomb.TERRAIN["water"]
    assert d.to_json() != before
    lock = d.locks[0]
    with pytest.raises(ValueError, match="holds a locked"):
        d.set_terrain((lock.x, lock.y), "floor")
    with pytest.raises(ValueError, match="cell"):
        d.set_terrain((50, 0), "floor")
    with pytest.raises(ValueError, match="terrain"):
        d.set_terrain((1, 1), "lava")
    with pytest.raises(ValueError, match="terrain = 9"):
        d.set_terrain((1, 1), 9)
