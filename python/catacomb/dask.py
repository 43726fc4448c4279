"""catacomb batches on a Dask distributed cluster (Dask's `distributed`, Debian's
python3-distributed; optional).

    from distributed import Client
    import catacomb.dask
    client = Client("tcp://scheduler:8786")
    catacomb.dask.batch(client, range(1, 1_000_001), "out", generator="caves", width=64, height=64)

Each task is `catacomb batch --shard K/N` of the seeds (N so that a task holds at least `chunk`
seeds: Dask's guidance puts 0.2 to 1 ms of overhead on a task), writing exactly the files the CLI
batch writes for its seeds into out/shards/shard-K; then `catacomb batch --merge` writes one
summary into `out` (summary.csv, seeds.jsonl, summary.json, contact sheets), the same bytes, timings
aside, as one `catacomb batch` of the same seeds on one machine. A task whose worker dies is run
again by Dask: it writes into a fresh temporary directory renamed into place when complete, and
its CLI process dies with the worker, so the output is the same (the same seed gives the same
bytes). The work is the CLI's (the batch, its rows and summaries are the CLI's own code): every
worker needs the `catacomb` executable at the same path (`cli`, else $CATACOMB_CLI, else PATH)
and `out` on a file system all of them share.
"""
from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import sys
import uuid
from pathlib import Path

from . import Config, _check_seed


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
    path = cli or os.environ.get("CATACOMB_CLI") or shutil.which("catacomb")
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


def batch(client, seeds, out, *, chunk: int = 1000, threads: int = 1, cli=None, timeout=None, **params) -> dict:
    """Runs `catacomb batch` of `seeds` (a range, or any sequence of seeds) with the parameters
    (Config's keys) on the Dask cluster of `client`, then merges the shards' summaries into `out`.
    `chunk`: fewest seeds per task; `threads`: the CLI's --threads per task; `timeout`: seconds to
    wait for the tasks (None: no limit). Returns the merged summary.json as a dict. Raises
    ValueError for bad arguments (nothing submitted), RuntimeError when a shard or the merge
    fails."""
    import json

    from distributed import wait

    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk = {chunk!r} (expected 1 or more seeds per task)")
    exe = _cli_path(cli)
    config = Config(**params)
    out = Path(out).resolve()
    work = out / "shards"
    work.mkdir(parents=True, exist_ok=True)
    config_path = work / "config.json"
    config_path.write_text(config.to_json())
    seed_args, count = _seed_args(seeds, work)
    seed_args = [*seed_args, *config.file_flags()]  # --templates, --theme, --mission: outside the JSON config
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
