"""catacomb.dask.batch on a distributed.LocalCluster of 2 worker processes on 127.0.0.1, one of
them killed (SIGKILL) while the tasks run, against one `catacomb batch` of the same seeds: the
same summary.csv, seeds.jsonl, summary.json and contact sheets, timings aside. Run as a script
(the cluster's processes import this file: hence the main guard):

    PYTHONPATH=build/release/python CATACOMB_CLI=build/release/catacomb /usr/bin/python3 python/tests/dask_batch_check.py OUT

Exits 0 when identical, 1 with the difference otherwise. test_dask.py runs it with a time limit."""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

PARAMS = {"generator": "caves", "width": 24, "height": 20, "locks": 1}
SEEDS = range(1, 3001)  # 3 tasks of 1,000 seeds


def without_timings(name, text):
    if name.endswith(".json"):
        j = json.loads(text)
        for key in ("generate_ms", "elapsed_s", "maps_per_s"):
            j.pop(key, None)
        j["files"]["html"] = None
        return j
    # CSV: generate_ms is the 20th column of a batch with locks (after the lock and progression columns).
    return re.sub(r'"generate_ms": ?[0-9.e+-]+', "", re.sub(r"^((?:[^,\n]*,){19})[^,\n]*", r"\1", text, flags=re.M))


def kill_one_worker_when_a_task_runs(out: Path, pids: list, killed: list):
    """SIGKILLs the first worker once a shard's temporary directory holds seed files."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for tmp in (out / "shards").glob("shard-*.tmp-*"):
            if len(list(tmp.glob("seed-*.json"))) >= 20:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(tmp.name)
                return
        time.sleep(0.01)


def main(out: Path) -> int:
    from distributed import Client, LocalCluster

    import catacomb.dask

    cli = os.environ["CATACOMB_CLI"]
    ref = out / "reference"
    flags = [f"--{k.replace('_', '-')}={v}" for k, v in PARAMS.items()]
    subprocess.run([cli, "batch", "--seeds", f"{SEEDS.start}..{SEEDS.stop - 1}", *flags, "--threads", "1",
                    "--out", str(ref)], check=True, stdout=subprocess.DEVNULL)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        pids = list(client.run(os.getpid).values())
        dask_out = out / "dask"
        (dask_out / "shards").mkdir(parents=True)
        killed = []
        killer = threading.Thread(target=kill_one_worker_when_a_task_runs, args=(dask_out, pids, killed))
        killer.start()
        summary = catacomb.dask.batch(client, SEEDS, dask_out, timeout=240, **PARAMS)
        killer.join()
    print(f"killed a worker while {killed} ran; {summary['seeds']} seeds, {summary['valid']} valid")
    if not killed:
        print("FAIL: no worker was killed")
        return 1
    names = sorted(p.name for p in ref.iterdir() if not p.name.startswith("seed-"))
    merged = sorted(p.name for p in dask_out.iterdir() if p.name != "shards")
    if names != merged:
        print(f"FAIL: files {merged} (expected {names})")
        return 1
    for name in names:
        a, b = (ref / name).read_bytes(), (dask_out / name).read_bytes()
        if name.endswith(".png") and a != b or not name.endswith(".png") and \
                without_timings(name, a.decode()) != without_timings(name, b.decode()):
            print(f"FAIL: {name} differs from the one-machine batch's")
            return 1
    shard_files = sorted(p.name for d in sorted((dask_out / "shards").glob("shard-*")) for p in d.glob("seed-*"))
    if shard_files != sorted(p.name for p in ref.glob("seed-*")):
        print("FAIL: the shards' seed files are not the one-machine batch's")
        return 1
    print(f"OK: {len(names)} files ({names[-3:]} and the contact sheets) identical, timings aside, to one catacomb batch")
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1:
        sys.exit(main(Path(sys.argv[1])))
    with tempfile.TemporaryDirectory() as tmp:
        sys.exit(main(Path(tmp)))
