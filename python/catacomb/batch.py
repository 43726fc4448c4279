"""A batch of seeds in this process, through the package: each seed generated, validated and
written to its files (seed-<seed>.png, .json and .txt: the bytes `catacomb generate` and
`catacomb batch` write for it), a row per seed, and the summary of the rows (summary.csv,
seeds.jsonl, summary.json). What catacomb.dask.batch runs on its workers by default, and on one
machine without Dask:

    import catacomb.batch
    summary = catacomb.batch.run(range(1, 1001), "out", generator="caves", width=64, height=64)

Every file is the same bytes for the same seeds and parameters, whatever the threads or the
split into shards (there is no timing in them). The rows' columns are the CLI batch's where it
has them (the CLI's progression shape columns and generate_ms left out), plus the counts of keys,
locked doors, switches and progression doors: COLUMNS.
"""
from __future__ import annotations

import csv
import io
import json
import os
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import Config, GenerationError, _check_seed

#: The per-seed files a batch can write, in the CLI's order (batch --outputs).
OUTPUTS = ("png", "json", "txt")
#: The columns of summary.csv and seeds.jsonl, in order; LOCK_COLUMNS come after chokepoints in a
#: batch with locks, as in the CLI's batch.
COLUMNS = ("seed", "valid", "attempts", "open_fraction", "rooms", "objectives", "keys", "locks", "switches",
           "doors", "route_cost", "route_length", "loops", "dead_ends", "chokepoints", "error", "png", "json", "txt")
LOCK_COLUMNS = ("critical_path_length", "critical_path_cost", "keys_on_critical_path", "backtracking",
                "optional_objectives")
_ROUNDED = {"open_fraction": 6, "route_cost": 3, "critical_path_cost": 3}
_ROWS = "rows.jsonl"  # a shard's rows, one JSON object a line, in its seeds' order


def columns(config: Config) -> tuple:
    """The row columns of a batch under `config`."""
    if not config.locks:
        return COLUMNS
    at = COLUMNS.index("chokepoints") + 1
    return COLUMNS[:at] + LOCK_COLUMNS + COLUMNS[at:]


def _write(path: Path, data: bytes) -> None:
    """Writes `data` to `path` through a temporary file renamed into place (never a partial file)."""
    tmp = path.with_name(f"{path.name}.tmp-{uuid.uuid4().hex[:12]}")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def seed_row(config: Config, seed: int, directory, outputs=OUTPUTS) -> dict:
    """Generates, validates and analyses one seed and writes its files into `directory`; returns
    its row (the columns of columns(config)). A seed without a valid dungeon within max_attempts
    is a row with valid False, its error, and no files."""
    row = dict.fromkeys(columns(config), 0)
    row.update(seed=seed, valid=False, error="", png="", json="", txt="")
    try:
        d = config.generate(seed)
    except GenerationError as e:
        row.update(attempts=config.max_attempts, error=str(e))
        return row
    r = d.validate()
    objectives = d.objectives
    exit_route = next((rt for rt in r.routes if rt.objective.kind == "exit" and rt.reachable), None)
    row.update(valid=True, attempts=d.attempts, open_fraction=r.passable_cells / (d.width * d.height),
               rooms=len(d.rooms), objectives=len(objectives), keys=sum(o.kind == "key" for o in objectives),
               locks=len(d.locks), switches=sum(o.kind == "switch" for o in objectives), doors=len(d.doors),
               route_cost=exit_route.cost if exit_route else 0, route_length=exit_route.length if exit_route else 0,
               loops=r.metrics["loops"], dead_ends=r.metrics["dead_ends"] + r.metrics["dead_end_rooms"],
               chokepoints=r.metrics["chokepoints"])
    if config.locks and r.walkthrough:
        m = r.metrics
        row.update(critical_path_length=m["critical_length"], critical_path_cost=m["critical_cost"],
                   keys_on_critical_path=m["keys_on_critical_path"], backtracking=m["backtracking"],
                   optional_objectives=m["optional_objectives"])
    directory = Path(directory)
    files = {"png": lambda: d.png(), "json": lambda: d.to_json().encode(), "txt": lambda: d.to_ascii().encode()}
    for kind in outputs:
        name = f"seed-{seed}.{kind}"
        _write(directory / name, files[kind]())
        row[kind] = name
    return {k: round(v, _ROUNDED[k]) if k in _ROUNDED else v for k, v in row.items()}


def run_seeds(config: Config, seeds, directory, threads: int = 1, outputs=OUTPUTS) -> list:
    """seed_row for every seed on `threads` threads (the GIL is released while the library
    generates and validates); the rows in the seeds' order."""
    if threads <= 1:
        return [seed_row(config, s, directory, outputs) for s in seeds]
    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(lambda s: seed_row(config, s, directory, outputs), seeds))


def _csv_line(row: dict, names) -> str:
    text = io.StringIO()
    values = [("true" if row[k] else "false") if k == "valid" else
              f"{row[k]:.{_ROUNDED[k]}f}" if k in _ROUNDED else row[k] for k in names]
    csv.writer(text, lineterminator="\n").writerow(values)
    return text.getvalue()


def _nearest_rank(values: list) -> dict:
    """min, p50, p90, p99, max by nearest rank (the CLI's): the value at rank ceil(p n / 100)."""
    if not values:
        return None
    v = sorted(values)
    rank = {p: v[max(1, (p * len(v) + 99) // 100) - 1] for p in (50, 90, 99)}
    return {"min": v[0], "p50": rank[50], "p90": rank[90], "p99": rank[99], "max": v[-1]}


def write_summary(rows, out, config: Config, outputs=OUTPUTS) -> dict:
    """Writes summary.csv, seeds.jsonl (a row per seed, in the order given) and summary.json
    (counts, validity rate, nearest-rank percentiles of the exit route's length and cost over the
    valid seeds, means, the first failure, the parameters, the columns) into `out`; returns the
    summary. `rows` may be any iterable (read once)."""
    out = Path(out)
    names = columns(config)
    means = ("open_fraction", "rooms", "objectives", "keys", "locks", "switches", "doors", "loops", "dead_ends",
             "chokepoints")
    seeds = valid = 0
    first = last = first_failure = None
    lengths, costs, sums = [], [], dict.fromkeys(means, 0)
    token = uuid.uuid4().hex[:12]
    csv_tmp, jsonl_tmp = out / f"summary.csv.tmp-{token}", out / f"seeds.jsonl.tmp-{token}"
    with open(csv_tmp, "w", newline="") as c, open(jsonl_tmp, "w", newline="") as j:
        c.write(",".join(names) + "\n")
        for row in rows:
            c.write(_csv_line(row, names))
            j.write(json.dumps({k: row[k] for k in names}, separators=(",", ":")) + "\n")
            seeds += 1
            first = row["seed"] if first is None else first
            last = row["seed"]
            if row["valid"]:
                valid += 1
                lengths.append(row["route_length"])
                costs.append(row["route_cost"])
                for k in means:
                    sums[k] += row[k]
            elif first_failure is None:
                first_failure = {"seed": row["seed"], "error": row["error"]}
    os.replace(csv_tmp, out / "summary.csv")
    os.replace(jsonl_tmp, out / "seeds.jsonl")
    summary = {"generator": config.generator, "seeds": seeds, "first_seed": first, "last_seed": last,
               "valid": valid, "failed": seeds - valid, "validity_rate": round(valid / seeds, 6) if seeds else 0,
               "first_failure": first_failure, "percentile_method": "nearest-rank",
               "route_length": _nearest_rank(lengths), "route_cost": _nearest_rank(costs),
               "mean": {k: round(sums[k] / valid, 6) for k in means} if valid else None,
               "parameters": {**config.to_dict(), **config.files()}, "outputs": list(outputs),
               "files": {"csv": "summary.csv", "jsonl": "seeds.jsonl"}, "columns": list(names)}
    _write(out / "summary.json", (json.dumps(summary, indent=2) + "\n").encode())
    return summary


def remove_stale(out) -> None:
    """Removes the temporary files a killed batch or task left in `out` (its own naming only:
    seed-<seed>.<ext>.tmp-..., summary.csv.tmp-..., seeds.jsonl.tmp-..., summary.json.tmp-...)."""
    for pattern in ("seed-*.tmp-*", "summary.csv.tmp-*", "seeds.jsonl.tmp-*", "summary.json.tmp-*"):
        for stale in Path(out).glob(pattern):
            stale.unlink(missing_ok=True)


def _outputs(outputs) -> tuple:
    if outputs is None:
        return OUTPUTS
    listed = [o.strip() for o in outputs.split(",")] if isinstance(outputs, str) else list(outputs)
    if listed == ["none"]:
        listed = []
    bad = [o for o in listed if o not in OUTPUTS]
    if bad or len(set(listed)) != len(listed):
        raise ValueError(f"outputs = {outputs!r} (expected some of {', '.join(OUTPUTS)}, each once, or [])")
    return tuple(o for o in OUTPUTS if o in listed)


def _seed_list(seeds):
    """A range of step 1 as it is (sliced without listing it), or the seeds checked, as a list."""
    if isinstance(seeds, range) and seeds.step == 1:
        if len(seeds):
            _check_seed(seeds.start), _check_seed(seeds.stop - 1)
        listed = seeds
    else:
        try:
            listed = [_check_seed(s) for s in seeds]
        except TypeError:
            raise ValueError(f"seeds = {seeds!r} (expected a sequence of seeds)") from None
    if len(listed) == 0:
        raise ValueError("seeds = [] (expected at least one seed)")
    if not isinstance(listed, range) and len(set(listed)) != len(listed):
        raise ValueError("seeds = a seed listed twice (expected each seed once: one row and one file each)")
    return listed


def run(seeds, out, *, threads: int = 1, outputs=None, **params) -> dict:
    """The whole batch on this machine: every seed's files into `out` (created if needed), then
    the summary files; returns summary.json as a dict. `outputs`: the seed files, some of "png",
    "json", "txt" (a list or "png,json"; default all three; [] or "none" for none); `threads`:
    threads generating at once. catacomb.dask.batch writes the same files, byte for byte."""
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 256:
        raise ValueError(f"threads = {threads!r} (expected 1 to 256)")
    config, outputs, listed = Config(**params), _outputs(outputs), _seed_list(seeds)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    summary = write_summary(run_seeds(config, listed, out, threads, outputs), out, config, outputs)
    remove_stale(out)
    return summary
