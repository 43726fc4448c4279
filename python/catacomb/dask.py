"""catacomb batches on a Dask distributed cluster (Dask's `distributed`, Debian's
python3-distributed; optional).

    from distributed import Client
    import catacomb.dask
    client = Client("tcp://scheduler:8786")
    catacomb.dask.batch(client, range(1, 1_000_001), "out", generator="caves", width=64, height=64)

The seeds are split into tasks of at least `chunk` seeds (Dask's guidance puts 0.2 to 1 ms of
overhead on a task). By default each task runs in the worker's own process through the package
(catacomb.generate, Dungeon.validate, to_json, to_ascii, write_png: the library's code), so a
worker needs nothing but the pip-installed package: it writes seed-<seed>.png, .json and .txt
(the bytes `catacomb generate` and `catacomb batch` write for the seed) and its rows into
out/shards/shard-K, then the client merges the rows into out/summary.csv, seeds.jsonl and
summary.json (run_shard_in_process, merge_rows). With `cli=` (or $CATACOMB_CLI set, unless
cli=False) each task is `catacomb batch --shard K/N` and `catacomb batch --merge` writes the
summary and the contact sheets instead: the CLI's own batch, the same bytes, timings aside, as
one `catacomb batch` of the same seeds. A task whose worker dies is run again by Dask: it writes
into a fresh temporary directory renamed into place when complete (and a CLI process dies with
its worker), so the output is the same (the same seed gives the same bytes). `out` must be on a
file system every worker shares.
"""
from __future__ import annotations

import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import uuid
from pathlib import Path

from . import Config, _check_seed
from .batch import _outputs, _seed_list, remove_stale, run_seeds, write_summary


# prctl(PR_SET_PDEATHSIG, SIGKILL) in the child between fork and exec: the CLI dies with its
# worker. Looked up once here, so the child only makes the call.
_prctl = ctypes.CDLL(None).prctl if sys.platform.startswith("linux") else None


def _die_with_parent():
    if _prctl is not None:
        _prctl(1, int(signal.SIGKILL))


def run_shard(cli: str, seed_args: list, config_path: str, shard: int, shards: int, threads: int, out: str) -> str:
    """One task: `catacomb batch ... --shard shard/shards` into out/shards/shard-<shard>, through a
    temporary directory renamed into place when the batch is complete. Returns the directory."""
    final = Path(out) / "shards" / f"shard-{shard}"
    if (final / "summary.json").exists():  # an earlier attempt finished (its worker died after)
        return str(final)
    tmp = final.with_name(f"shard-{shard}.tmp-{uuid.uuid4().hex[:12]}")
    args = [cli, "batch", *seed_args, "--config", config_path, "--shard", f"{shard}/{shards}",
            "--threads", str(threads), "--out", str(tmp)]
    r = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True, preexec_fn=_die_with_parent)
    if r.returncode not in (0, 1):  # 1: some seed without a valid dungeon, a row like any other
        shutil.rmtree(tmp, ignore_errors=True)
        raise RuntimeError(f"catacomb batch shard {shard}/{shards} exited {r.returncode}: {r.stderr.strip()}")
    try:
        os.rename(tmp, final)
    except OSError:  # another attempt of this shard got there first: the same files
        shutil.rmtree(tmp, ignore_errors=True)
    return str(final)


def _cli_path(cli) -> str:
    path = os.fspath(cli) if isinstance(cli, (str, os.PathLike)) else \
        os.environ.get("CATACOMB_CLI") or shutil.which("catacomb")
    if not path or not os.access(path, os.X_OK):
        raise ValueError(f"cli = {path!r} (expected the catacomb executable: pass cli=, set CATACOMB_CLI "
                         "or put catacomb on PATH)")
    return os.path.abspath(path)


def _seed_args(seeds, work: Path):
    """The CLI's seed flags for `seeds` and how many there are: --seeds A..B for a range of step 1,
    else --seeds-file with one seed a line."""
    if isinstance(seeds, range) and seeds.step == 1 and len(seeds) > 0:
        _check_seed(seeds.start), _check_seed(seeds.stop - 1)
        return ["--seeds", f"{seeds.start}..{seeds.stop - 1}"], len(seeds)
    listed = [_check_seed(s) for s in seeds]
    if not listed:
        raise ValueError("seeds = [] (expected at least one seed)")
    path = work / "seeds.txt"
    path.write_text("".join(f"{s}\n" for s in listed))
    return ["--seeds-file", str(path)], len(listed)


def batch(client, seeds, out, *, chunk: int = 1000, threads: int = 1, cli=None, timeout=None, outputs=None,
          **params) -> dict:
    """Generates `seeds` (a range, or any sequence of distinct seeds) with the parameters
    (Config's keys) on the Dask cluster of `client` and writes the batch's files into `out`
    (docs/python.md): by default in the workers' processes (catacomb.batch's files: each seed's
    files and summary.csv, seeds.jsonl, summary.json in `out`, the same bytes as
    catacomb.batch.run), or through the CLI. `chunk`: fewest seeds per task; `threads`: threads
    per task; `timeout`: seconds to wait for the tasks (None: no limit). `cli`: None runs in
    process unless $CATACOMB_CLI names the catacomb executable; False always in process; True the
    CLI of $CATACOMB_CLI or PATH; a path the CLI there (every worker needs it at that path).
    `outputs`: the seed files, some of "png", "json", "txt" (default all three; [] for none; the
    CLI also takes "tmj" and "map"). Returns the summary.json as a dict. Raises ValueError for
    bad arguments (nothing submitted), RuntimeError when a CLI shard or merge fails."""
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk = {chunk!r} (expected 1 or more seeds per task)")
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 256:
        raise ValueError(f"threads = {threads!r} (expected 1 to 256 per task)")
    if cli is None and os.environ.get("CATACOMB_CLI"):
        cli = os.environ["CATACOMB_CLI"]
    if cli is not None and cli is not False:
        return _cli_batch(client, seeds, out, chunk, threads, _cli_path(cli), timeout, outputs, params)
    return _in_process_batch(client, seeds, out, chunk, threads, timeout, _outputs(outputs), params)


def _cli_batch(client, seeds, out, chunk, threads, exe, timeout, outputs, params) -> dict:
    """batch() through the catacomb CLI: `catacomb batch --shard K/N` per task, then --merge."""
    from distributed import wait

    config = Config(**params)
    out = Path(out).resolve()
    work = out / "shards"
    work.mkdir(parents=True, exist_ok=True)
    config_path = work / "config.json"
    config_path.write_text(config.to_json())
    seed_args, count = _seed_args(seeds, work)
    seed_args = [*seed_args, *config.file_flags()]  # --templates, --theme, --mission: outside the JSON config
    if outputs is not None:
        listed = [o.strip() for o in outputs.split(",")] if isinstance(outputs, str) else list(outputs)
        if not set(listed) <= {"png", "json", "txt", "tmj", "map"} or not listed and outputs != []:
            raise ValueError(f"outputs = {outputs!r} (expected some of png, json, txt, tmj, map, or [])")
        seed_args += ["--outputs", ",".join(listed)] if listed else ["--no-files"]
    shards = max(1, count // chunk)
    futures = [client.submit(run_shard, exe, seed_args, str(config_path), k, shards, threads, str(out),
                             key=f"catacomb-shard-{k}-of-{shards}-{uuid.uuid4().hex[:8]}", pure=False)
               for k in range(1, shards + 1)]
    wait(futures, timeout=timeout)
    dirs = client.gather(futures)
    for stale in work.glob("shard-*.tmp-*"):  # attempts whose worker died
        shutil.rmtree(stale, ignore_errors=True)
    r = subprocess.run([exe, "batch", "--merge", *dirs, "--out", str(out)], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise RuntimeError(f"catacomb batch --merge exited {r.returncode}: {r.stderr.strip()}")
    return json.loads((out / "summary.json").read_text())


def _in_process_batch(client, seeds, out, chunk, threads, timeout, outputs, params) -> dict:
    """batch() in the workers' processes: run_shard_in_process per task, then merge_rows."""
    from distributed import wait

    config, listed = Config(**params), _seed_list(seeds)
    out = Path(out).resolve()
    work = out / "shards" / f"run-{uuid.uuid4().hex[:12]}"  # this run's rows only, never a stale run's
    work.mkdir(parents=True)
    count = len(listed)
    shards = max(1, count // chunk)
    futures = []
    for k in range(1, shards + 1):  # shard K/N: the CLI's contiguous blocks (batch --shard)
        part = listed[(k - 1) * count // shards:k * count // shards]
        futures.append(client.submit(run_shard_in_process, config, part, k, threads, str(out), outputs, str(work),
                                     key=f"catacomb-seeds-{k}-of-{shards}-{uuid.uuid4().hex[:8]}", pure=False))
    wait(futures, timeout=timeout)
    dirs = client.gather(futures)
    return merge_rows(dirs, out, config, outputs)


def run_shard_in_process(config: Config, seeds, shard: int, threads: int, out: str, outputs, work: str) -> str:
    """One task in the worker's process: every seed's files written into `out` (each through a
    temporary file renamed into place), and the shard's rows into <work>/shard-<shard>/rows.jsonl
    through a temporary directory renamed into place when all are done. Returns the directory."""
    final = Path(work) / f"shard-{shard}"
    if (final / "rows.jsonl").exists():  # an earlier attempt finished (its worker died after)
        return str(final)
    rows = run_seeds(config, seeds, out, threads, outputs)
    tmp = final.with_name(f"shard-{shard}.tmp-{uuid.uuid4().hex[:12]}")
    tmp.mkdir()
    (tmp / "rows.jsonl").write_text("".join(json.dumps(row, separators=(",", ":")) + "\n" for row in rows))
    try:
        os.rename(tmp, final)
    except OSError:  # another attempt of this shard got there first: the same rows
        shutil.rmtree(tmp, ignore_errors=True)
    return str(final)


def _rows_of(dirs):
    for d in dirs:
        with open(Path(d) / "rows.jsonl") as f:
            for line in f:
                yield json.loads(line)


def merge_rows(dirs, out, config: Config, outputs) -> dict:
    """The shards' rows, in the shards' order, into out's summary files (catacomb.batch's
    write_summary); then the shards' directories and the temporary files of attempts whose worker
    died are removed. Returns the summary."""
    out = Path(out)
    summary = write_summary(_rows_of(dirs), out, config, outputs)
    shutil.rmtree(Path(dirs[0]).parent, ignore_errors=True)  # this run's rows (and dead attempts')
    try:
        (out / "shards").rmdir()  # when no other run's are left there
    except OSError:
        pass
    remove_stale(out)
    return summary
