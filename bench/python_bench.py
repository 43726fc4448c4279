"""The Python package against the C++ library, in the same run (run by hand, never by ctest):

    cmake --preset bench && cmake --build --preset bench --target generate_many_bench
    cmake -S . -B build/shared -DBUILD_SHARED_LIBS=ON -DCATACOMB_BUILD_TESTS=OFF -DCATACOMB_BUILD_CLI=OFF \\
          -DCATACOMB_BUILD_PYTHON=OFF && cmake --build build/shared --target catacomb     # for --capi
    PYTHONPATH=build/release/python /usr/bin/python3 bench/python_bench.py \\
        --peer build/bench/bench/generate_many_bench --capi build/shared/libcatacomb.so

Rounds alternate the C++ program and Python on the same seeds (64 x 64 caves, the issue's case)
and report medians and ratios:
- generate_many on 2 threads against the C++ loop it runs (generate_many_bench's BM_GenerateMany,
  2 std::threads over the same 1,000 seeds): the binding's share of the rate;
- one catacomb.generate against one generate_dungeon (BM_GenerateOne): the per-call overhead in
  microseconds, and reading `tiles` (a view: no copy, whatever the map's size);
- the ctypes path a user writes by hand (catacomb_generate, catacomb_dungeon_to_text, parsed into
  numpy), against generate and generate_many on one thread;
- levels per second per core (generate_many, threads=1) at 64 x 64 and 128 x 128.
"""
import argparse
import ctypes
import json
import statistics
import subprocess
import time

import numpy as np

import catacomb

CAVES = {"generator": "caves"}


def peer(exe, name, seconds=0.5):
    """maps_per_s (and real time per iteration, in its unit) of one benchmark of the C++ program."""
    out = subprocess.run([exe, f"--benchmark_filter=^{name}$", "--benchmark_format=json",
                          f"--benchmark_min_time={seconds}"], check=True, capture_output=True, text=True).stdout
    b = json.loads(out)["benchmarks"][0]
    return b["maps_per_s"]


def python_many(side, threads, first, n=1000):
    seeds = np.arange(first, first + n, dtype=np.uint64)
    t = time.perf_counter()
    catacomb.generate_many(seeds, threads=threads, width=side, height=side, **CAVES)
    return n / (time.perf_counter() - t)


def python_one(side, first, n=300):
    t = time.perf_counter()
    for seed in range(first, first + n):
        catacomb.generate(seed, width=side, height=side, **CAVES)
    return n / (time.perf_counter() - t)


class CApi:
    """What the issue's ctypes user writes: the C API, returned strings as c_void_p to free them."""

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        lib.catacomb_config_from_json.restype = ctypes.c_void_p
        lib.catacomb_config_from_json.argtypes = [ctypes.c_char_p]
        lib.catacomb_generate.restype = ctypes.c_void_p
        lib.catacomb_generate.argtypes = [ctypes.c_void_p, ctypes.c_uint64]
        lib.catacomb_dungeon_to_text.restype = ctypes.c_void_p
        lib.catacomb_dungeon_to_text.argtypes = [ctypes.c_void_p]
        lib.catacomb_string_free.argtypes = [ctypes.c_void_p]
        lib.catacomb_dungeon_free.argtypes = [ctypes.c_void_p]
        self.lib = lib
        self.lut = np.zeros(256, dtype=np.uint8)  # ASCII character -> terrain value (markers: floor)
        for value, _, char in catacomb.TERRAINS:
            self.lut[ord(char)] = value
        for c in "<>123456789abcdefghi":
            self.lut[ord(c)] = catacomb.TERRAIN["floor"]

    def rate(self, side, first, n=300):
        lib = self.lib
        config = lib.catacomb_config_from_json(json.dumps(dict(CAVES, width=side, height=side)).encode())
        t = time.perf_counter()
        for seed in range(first, first + n):
            d = lib.catacomb_generate(config, seed)
            text = lib.catacomb_dungeon_to_text(d)
            raw = ctypes.string_at(text)
            lib.catacomb_string_free(text)
            lib.catacomb_dungeon_free(d)
            grid = np.frombuffer(raw, dtype=np.uint8, count=side * (side + 1))  # the trailer after the rows
            rows = grid.reshape(side, side + 1)[:, :side]
            tiles = self.lut[rows]
        rate = n / (time.perf_counter() - t)
        lib.catacomb_config_free(ctypes.c_void_p(config))
        assert tiles.shape == (side, side)
        return rate


def layer_cost():
    """Microseconds per call of generate's Python layer without the C++ call: the parameters to
    the cached config, the seed's check and the Dungeon wrapper."""
    from catacomb import _check_seed, _compiled, _plain
    params = dict(CAVES, width=64, height=64, locks=0)
    core = catacomb.Config(**params)._config.generate(1)
    n = 20000
    t = time.perf_counter()
    for seed in range(n):
        _compiled(json.dumps({k: _plain(v) for k, v in params.items()}))
        _check_seed(seed)
        catacomb.Dungeon(core)
    return (time.perf_counter() - t) / n * 1e6


def tiles_cost(side):
    d = catacomb.generate(1, width=side, height=side, **CAVES)
    a, b = d.tiles, d.tiles
    assert a.__array_interface__["data"][0] == b.__array_interface__["data"][0]
    t = time.perf_counter()
    for _ in range(10000):
        d.tiles
    return (time.perf_counter() - t) / 10000 * 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peer", required=True, help="build/bench/bench/generate_many_bench")
    ap.add_argument("--capi", help="the shared C library (libcatacomb.so), for the ctypes path")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    rows = {k: [] for k in ("cpp2", "py2", "cpp_one", "py_one", "cpp_16", "py_16", "ctypes", "py1_64", "py1_128",
                            "cpp1_64")}
    capi = CApi(args.capi) if args.capi else None
    for r in range(args.rounds):
        first = 1  # the seeds generate_many_bench generates: the same work on both sides
        rows["cpp2"].append(peer(args.peer, "BM_GenerateMany/64/2/real_time"))
        rows["py2"].append(python_many(64, 2, first))
        rows["cpp_one"].append(peer(args.peer, "BM_GenerateOne/64/real_time"))
        rows["py_one"].append(python_one(64, first))
        rows["cpp_16"].append(peer(args.peer, "BM_GenerateOne/16/real_time"))
        rows["py_16"].append(python_one(16, first))
        rows["cpp1_64"].append(peer(args.peer, "BM_GenerateMany/64/1/real_time"))
        rows["py1_64"].append(python_many(64, 1, first))
        rows["py1_128"].append(python_many(128, 1, first, n=300))
        if capi:
            rows["ctypes"].append(capi.rate(64, first))
    m = {k: statistics.median(v) for k, v in rows.items() if v}
    print(f"medians of {args.rounds} rounds, 64x64 caves unless said (maps/s)")
    print(f"  generate_many, 2 threads:  Python {m['py2']:9.0f}   C++ {m['cpp2']:9.0f}   ratio {m['py2'] / m['cpp2']:.3f}")
    print(f"  generate_many, 1 thread:   Python {m['py1_64']:9.0f}   C++ {m['cpp1_64']:9.0f}   ratio "
          f"{m['py1_64'] / m['cpp1_64']:.3f}")
    overhead = 1e6 / m["py_one"] - 1e6 / m["cpp_one"]
    print(f"  one generate call:         Python {m['py_one']:9.0f}   C++ {m['cpp_one']:9.0f}   overhead "
          f"{overhead:.1f} us per call")
    small = 1e6 / m["py_16"] - 1e6 / m["cpp_16"]
    print(f"  one generate call, 16x16:  Python {m['py_16']:9.0f}   C++ {m['cpp_16']:9.0f}   overhead "
          f"{small:.1f} us per call")
    print(f"  the Python layer alone:    {layer_cost():.1f} us per call (parameters, seed, wrapper; no C++ call)")
    print(f"  tiles (a view):            {tiles_cost(64):.2f} us at 64x64, {tiles_cost(1024):.2f} us at 1024x1024")
    if capi:
        print(f"  ctypes + to_text parsed:   {m['ctypes']:9.0f}   (generate {m['py_one'] / m['ctypes']:.2f}x, "
              f"generate_many on 1 thread {m['py1_64'] / m['ctypes']:.2f}x of it)")
    print(f"  levels/s per core (generate_many, threads=1): 64x64 {m['py1_64']:.0f}, 128x128 {m['py1_128']:.0f}")


if __name__ == "__main__":
    main()
