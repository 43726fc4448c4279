"""generate_many: the same levels as one-by-one generate for any thread count, the level-set
helpers, per-seed reports, and the GIL released while the C++ works."""
import sys
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import catacomb


@settings(max_examples=8)
@given(seeds=st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=6), threads=st.integers(0, 3),
       generator=st.sampled_from(["rooms", "caves"]), locks=st.integers(0, 1))
def test_generate_many_equals_one_by_one(seeds, threads, generator, locks):
    params = {"generator": generator, "width": 40, "height": 32, "locks": locks}
    levels = catacomb.generate_many(seeds, threads=threads, **params)
    assert levels.tiles.shape == (len(seeds), 32, 40) and levels.tiles.dtype == np.uint8
    for i, seed in enumerate(seeds):
        d = catacomb.generate(seed, **params)
        np.testing.assert_array_equal(levels.tiles[i], d.tiles)
        row = levels.reports[i]
        assert row["seed"] == seed and row["ok"] and row["attempts"] == d.attempts
        assert (row["start_x"], row["start_y"]) == d.find("start") and (row["exit_x"], row["exit_y"]) == d.find("exit")
        assert row["locks"] == len(d.locks) and row["objectives"] == len(d.objectives)


def test_level_sets_are_addressed_by_start_seed_and_num_levels():
    np.testing.assert_array_equal(catacomb.level_seeds(100, 4), np.array([100, 101, 102, 103], dtype=np.uint64))
    a = catacomb.generate_many(start_seed=100, num_levels=4, generator="caves", width=32, height=32)
    b = catacomb.generate_many(range(100, 104), threads=1, generator="caves", width=32, height=32)
    np.testing.assert_array_equal(a.tiles, b.tiles)
    np.testing.assert_array_equal(a.reports, b.reports)
    top = catacomb.level_seeds(2**64 - 2, 2)
    assert top[-1] == np.uint64(2**64 - 1)
    with pytest.raises(ValueError, match="num_levels"):
        catacomb.level_seeds(2**64 - 2, 3)


def test_a_seed_without_a_valid_dungeon_is_reported_not_raised():
    # A 16x16 rooms map cannot hold 9 objectives and 9 locks: every attempt fails.
    with pytest.warns(catacomb.GenerationWarning, match=r"2 of 2 seeds have no valid dungeon .* seed 1: no valid"):
        levels = catacomb.generate_many([1, 2], width=16, height=16, objectives=9, locks=9, max_attempts=1)
    assert set(levels.failures) == {0, 1} and not levels.reports["ok"].any()
    assert (levels.tiles == 0).all() and (levels.reports["start_x"] == -1).all()


@pytest.mark.parametrize("kwargs,text", [({"seeds": [-1]}, "seeds = "), ({"seeds": [[1, 2]]}, "seeds = "),
                                         ({"seeds": ["a"]}, "seeds = "), ({"seeds": [1], "threads": 999}, "threads = 999"),
                                         ({"seeds": [1], "width": 5}, "width = 5"), ({}, "seeds = None")])
def test_bad_arguments_raise_valueerror(kwargs, text):
    with pytest.raises(ValueError, match=text):
        catacomb.generate_many(**kwargs)


def test_the_gil_is_released_while_the_library_works():
    """While one Python thread is inside a large generate_many, another completes small ones. The
    switch interval is made huge, so a thread holding the GIL is never made to give it up: with the
    GIL held through the C++ work, the other thread could run only after the large call had
    returned and its thread had finished (a few small calls at most)."""
    params = {"generator": "caves", "width": 48, "height": 48}
    inside, done = threading.Event(), threading.Event()
    small_done_inside = []

    def big():
        inside.set()
        catacomb.generate_many(range(4000), threads=1, **params)
        done.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        thread = threading.Thread(target=big)
        thread.start()
        inside.wait()
        while not done.is_set():
            catacomb.generate_many(range(5), threads=1, **params)
            if not done.is_set():
                small_done_inside.append(1)
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    # Released: about 750 here (the large call is 800 times a small one); held: 3 (measured).
    assert len(small_done_inside) >= 50, len(small_done_inside)


def test_every_failed_seed_says_why(tmp_path):
    # The batch: 32x24 rooms maps with a lock, where some seeds have no valid dungeon.
    params = dict(width=32, height=24, locks=1)
    with pytest.warns(catacomb.GenerationWarning, match="of 20 seeds have no valid dungeon"):
        levels = catacomb.generate_many(range(20), threads=2, **params)
    failed = [i for i in range(20) if not levels.reports["ok"][i]]
    assert levels.status.tolist() == ["failed" if i in failed else "ok" for i in range(20)]
    assert levels.ok.tolist() == [i not in failed for i in range(20)]
    assert failed and sorted(levels.failures) == failed
    assert levels.reasons.shape == (20,) and levels.reasons.dtype.kind == "U"
    for i in range(20):
        if i in failed:
            with pytest.raises(catacomb.GenerationError) as e:
                catacomb.generate(i, **params)
            assert levels.reasons[i] == levels.failures[i] == str(e.value) and "no valid dungeon" in str(e.value)
            assert (levels.tiles[i] == 0).all()
        else:
            assert levels.reasons[i] == ""
    from catacomb.exporters import save_levels_npz
    save_levels_npz(tmp_path / "levels.npz", levels)
    z = np.load(tmp_path / "levels.npz")
    assert z["reasons"].tolist() == levels.reasons.tolist() and z["ok"].tolist() == levels.reports["ok"].tolist()
    for name in ("objectives", "locks", "doors"):
        np.testing.assert_array_equal(z[name], getattr(levels, name))
    assert (z["locks"][failed] == -1).all() and (z["locks"][[i for i in range(20) if i not in failed]] >= 0).all()


def test_failures_can_raise_or_pass_quietly():
    params = dict(width=32, height=24, locks=1)
    with pytest.raises(catacomb.GenerationError, match="seed 5: no valid dungeon"):
        catacomb.generate_many(range(20), on_failure="raise", **params)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        quiet = catacomb.generate_many(range(20), on_failure="ignore", **params)
        catacomb.generate_many(range(3), generator="caves", width=32, height=24)  # none fails: no warning
    assert not quiet.ok.all()
    with pytest.raises(ValueError, match="on_failure = 'loud'"):
        catacomb.generate_many(range(2), on_failure="loud")
    tiles, reports, failures = quiet  # unpacks as before the arrays
    assert tiles is quiet.tiles and failures is quiet.failures


@pytest.mark.parametrize("params", [dict(locks=2, switches=1, one_way=1, secret_doors=1),
                                    dict(generator="caves", width=48, height=40, locks=1, objectives=3)])
def test_levels_carry_their_keys_locks_switches_and_doors(params):
    from catacomb.exporters import level_arrays

    seeds = list(range(1, 9))
    levels = catacomb.generate_many(seeds, threads=2, on_failure="ignore", **params)
    n = len(seeds)
    assert levels.objectives.shape[::2] == (n, 5) and levels.locks.shape[::2] == (n, 3)
    assert levels.doors.shape[::2] == (n, 7) and levels.objectives.dtype == np.int32
    for i, seed in enumerate(seeds):
        if not levels.ok[i]:
            assert (levels.objectives[i] == -1).all() and (levels.doors[i] == -1).all()
            continue
        d = catacomb.generate(seed, **params)
        want = level_arrays(d)
        for name in ("objectives", "locks", "doors"):
            got = getattr(levels, name)[i]
            k = len(want[name])
            np.testing.assert_array_equal(got[:k], want[name])
            assert (got[k:] == -1).all()
        row = levels.reports[i]
        assert row["keys"] == len([o for o in d.objectives if o.kind == "key"])
        assert row["switches"] == len([o for o in d.objectives if o.kind == "switch"])
        assert row["doors"] == len(d.doors)
        assert levels.keys(i).tolist() == [[o.x, o.y, o.lock] for o in d.objectives if o.kind == "key"]
        assert levels.switches(i).tolist() == [[o.x, o.y, o.switch] for o in d.objectives if o.kind == "switch"]
