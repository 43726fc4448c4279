"""The library's game formats (io/game_formats.hpp: write_des, write_level_string,
write_level_npz) against the Python exporters they replaced, kept as a reference in
reference_exporters.py: the same des-file and level string, byte for byte, and the same arrays,
dtypes and shapes in the .npz, each .npy member the bytes numpy's own writer gives, on many seeds
and configs (rooms, caves, templates, a mission, locks, consumable keys, switches, one-way and
secret doors, side view)."""
import io
import json
import zipfile

import numpy as np
import pytest

import catacomb
import reference_exporters as reference
from conftest import ROOT

CRYPT = ROOT / "examples" / "templates" / "crypt.tmj"
TWO_CYCLES = ROOT / "examples" / "missions" / "two-cycles.json"

CONFIGS = [
    dict(),
    dict(locks=3),
    dict(locks=2, switches=1, one_way=1, secret_doors=1),
    dict(locks=2, key_rule="consumable", switches=2),
    dict(generator="caves", width=48, height=40, locks=2, switches=2, one_way=1, key_rule="consumable"),
    dict(generator="caves", width=40, height=30, secret_doors=1),
    dict(width=60, height=40, one_way=2, secret_doors=2, switches=1),
    dict(templates=CRYPT, locks=1),
    dict(mission=TWO_CYCLES),
    dict(generator="platformer", width=48, height=24),
]
CASES = [(seed, params) for params in CONFIGS for seed in (1, 2, 5, 9)]
LEGENDS = [None, {"start": "W"}, {"start": "W", "keys": "KVDOp!;_|"},
           {"terrain": "w.,d~\"_HP", "one_way": "^}v{", "secret": "'", "gate_off": "npqrsuyz/"}]


def generated(seed, params):
    try:
        return catacomb.generate(seed, **params)
    except catacomb.GenerationError:
        pytest.skip(f"seed {seed} has no valid dungeon under {params}")


def reference_npz(d) -> dict:
    return reference.level_arrays(d)


def npz_bytes(d) -> bytes:
    out = io.BytesIO()
    d.save_npz(out)
    return out.getvalue()


@pytest.mark.parametrize("seed,params", CASES)
def test_des_and_level_string_are_the_reference_bytes(seed, params):
    d = generated(seed, params)
    assert d.to_des() == reference.to_des(d)
    assert d.to_des("crypt level 2") == reference.to_des(d, "crypt level 2")
    for legend in LEGENDS:
        text = d.to_level_string(legend)
        assert text == reference.to_level_string(d, legend), legend


@pytest.mark.parametrize("seed,params", CASES)
def test_npz_holds_the_reference_arrays_in_numpys_own_bytes(seed, params):
    d = generated(seed, params)
    data = npz_bytes(d)
    want = reference_npz(d)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.testzip() is None  # every CRC-32 holds
        assert [i.filename for i in z.infolist()] == [k + ".npy" for k in want]
        assert {i.date_time for i in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
        for key, value in want.items():
            expected = io.BytesIO()
            np.lib.format.write_array(expected, np.asanyarray(value))
            assert z.read(key + ".npy") == expected.getvalue(), key
    with np.load(io.BytesIO(data)) as z:
        for key, value in want.items():
            value = np.asanyarray(value)
            assert z[key].dtype == value.dtype and z[key].shape == value.shape, key
            np.testing.assert_array_equal(z[key], value)
    assert npz_bytes(d) == data  # no clock: the same bytes every time


def test_an_edited_map_and_one_read_from_json_give_the_reference_bytes():
    d = catacomb.generate(1, locks=2, switches=1, one_way=1, secret_doors=1)
    doc = json.loads(d.to_json())
    doc["objectives"].append({"kind": "objective", "x": d.objectives[2].x, "y": d.objectives[2].y})
    doc["objectives"].pop(2)
    o = catacomb.from_json(json.dumps(doc))
    o.set_terrain(o.find("exit"), "water")  # a map that is not valid any more: its route stops short
    assert o.to_des() == reference.to_des(o)
    assert o.to_level_string() == reference.to_level_string(o)
    with np.load(io.BytesIO(npz_bytes(o))) as z:
        for key, value in reference_npz(o).items():
            np.testing.assert_array_equal(z[key], np.asanyarray(value))
