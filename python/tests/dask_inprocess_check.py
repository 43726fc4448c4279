"""catacomb.dask.batch in the workers' processes (no CLI: CATACOMB_CLI unset, no catacomb on PATH)
on a distributed.LocalCluster of 2 worker processes on 127.0.0.1, one of them killed (SIGKILL)
while the tasks run, against catacomb.batch.run of the same seeds in this process: every file
(seed-<seed>.png, .json, .txt, summary.csv, seeds.jsonl, summary.json) the same bytes. Then a
list of seeds, two threads a task, a few files each, the same way. Run as a script (the cluster's
processes import this file: hence the main guard):

    PYTHONPATH=build/release/python /usr/bin/python3 python/tests/dask_inprocess_check.py OUT

Exits 0 when identical, 1 with the difference otherwise. test_dask.py runs it with a time limit."""
import os
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

PARAMS = {"generator": "caves", "width": 24, "height": 20, "locks": 1}
SEEDS = range(1, 2001)  # 4 tasks of 500 seeds


def kill_one_worker_when_a_task_runs(out: Path, pids: list, killed: list):
    """SIGKILLs the first worker once seed files appear (a task is running)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if len(list(out.glob("seed-*.json"))) >= 40:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])
            return
        time.sleep(0.01)


def tree(d: Path) -> dict:
    return {p.relative_to(d).as_posix(): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


def same_trees(a: Path, b: Path, what: str) -> bool:
    ta, tb = tree(a), tree(b)
    if ta.keys() != tb.keys():
        print(f"FAIL: {what}: files {sorted(tb.keys() ^ ta.keys())[:10]} in one tree only")
        return False
    differ = [name for name in ta if ta[name] != tb[name]]
    if differ:
        print(f"FAIL: {what}: {differ[:10]} differ from the in-process run's")
        return False
    print(f"OK: {what}: {len(ta)} files identical to catacomb.batch.run's")
    return True


def main(out: Path) -> int:
    from distributed import Client, LocalCluster

    import catacomb.batch
    import catacomb.dask

    ref = out / "reference"
    catacomb.batch.run(SEEDS, ref, **PARAMS)
    picks = [7, 3, 1999, 42, 500, 11, 12, 13]
    catacomb.batch.run(picks, out / "reference-picks", outputs=["json", "txt"], **PARAMS)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        pids = list(client.run(os.getpid).values())
        assert os.getpid() not in pids and len(pids) == 2
        assert all(v is None for v in client.run(os.environ.get, "CATACOMB_CLI").values())
        dask_out = out / "dask"
        dask_out.mkdir()
        killed = []
        killer = threading.Thread(target=kill_one_worker_when_a_task_runs, args=(dask_out, pids, killed))
        killer.start()
        summary = catacomb.dask.batch(client, SEEDS, dask_out, chunk=500, timeout=240, **PARAMS)
        killer.join()
        picked = catacomb.dask.batch(client, picks, out / "dask-picks", chunk=3, threads=2, outputs=["json", "txt"],
                                     timeout=240, **PARAMS)
    print(f"killed worker {killed} while the tasks ran; {summary['seeds']} seeds, {summary['valid']} valid; "
          f"picks: {picked['seeds']} seeds")
    if not killed:
        print("FAIL: no worker was killed")
        return 1
    ok = same_trees(ref, dask_out, "2,000 seeds, a worker killed")
    ok = same_trees(out / "reference-picks", out / "dask-picks", "8 listed seeds, json and txt") and ok
    return 0 if ok else 1


if __name__ == "__main__":
    os.environ.pop("CATACOMB_CLI", None)  # the package alone: the workers inherit this environment
    if len(sys.argv) > 1:
        sys.exit(main(Path(sys.argv[1])))
    with tempfile.TemporaryDirectory() as tmp:
        sys.exit(main(Path(tmp)))
