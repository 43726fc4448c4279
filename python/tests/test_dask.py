"""catacomb.dask: the Dask batch in the workers' processes, with no CLI, against catacomb.batch.run
in one process (dask_inprocess_check.py), and through the CLI against the CLI's batch
(dask_batch_check.py), each with a worker killed once (each run as its own process with a time
limit: its cluster's worker processes import it); catacomb.batch's rows against the CLI batch's;
the arguments refused before anything is submitted."""
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli_path, flags, run_cli

HAVE_DISTRIBUTED = importlib.util.find_spec("distributed") is not None
if not HAVE_DISTRIBUTED and os.environ.get("CI") == "true":
    raise RuntimeError("Dask's distributed is not installed (python3-distributed: scripts/setup.sh --python)")
needs_dask = pytest.mark.skipif(not HAVE_DISTRIBUTED, reason="python3-distributed is not installed")


@needs_dask
def test_dask_batch_equals_the_cli_batch_with_a_worker_killed(tmp_path):
    script = Path(__file__).with_name("dask_batch_check.py")
    env = dict(os.environ, CATACOMB_CLI=cli_path(), PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    r = subprocess.run([sys.executable, str(script), str(tmp_path)], env=env, capture_output=True, text=True,
                       timeout=420, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    assert "OK:" in r.stdout and "killed a worker" in r.stdout


@needs_dask
def test_dask_batch_in_the_workers_processes_equals_one_in_process_run(tmp_path):
    script = Path(__file__).with_name("dask_inprocess_check.py")
    env = {k: v for k, v in os.environ.items() if k != "CATACOMB_CLI"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    r = subprocess.run([sys.executable, str(script), str(tmp_path)], env=env, capture_output=True, text=True,
                       timeout=420, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    assert r.stdout.count("OK:") == 2 and "killed worker" in r.stdout


def test_in_process_rows_and_files_are_the_cli_batchs(tmp_path):
    # The columns both have hold the same values, and each seed's files are the same bytes.
    import csv

    import catacomb.batch

    params = {"width": 32, "height": 24, "locks": 1}
    catacomb.batch.run(range(1, 13), tmp_path / "py", threads=2, **params)
    run_cli("batch", "--seeds", "1..12", "--threads", "1", "--out", tmp_path / "cli", *flags(params), check=False)
    py = list(csv.DictReader(open(tmp_path / "py" / "summary.csv")))
    cli = list(csv.DictReader(open(tmp_path / "cli" / "summary.csv")))
    assert len(py) == len(cli) == 12 and any(row["valid"] == "false" for row in py)
    for a, b in zip(py, cli):
        for name in a.keys() & b.keys():
            assert a[name] == b[name], (name, a, b)
        for kind in ("png", "json", "txt"):
            if a[kind]:
                assert (tmp_path / "py" / a[kind]).read_bytes() == (tmp_path / "cli" / b[kind]).read_bytes()
    assert set(catacomb.batch.COLUMNS) - set(cli[0]) == {"keys", "locks", "switches", "doors"}


@needs_dask
def test_bad_arguments_are_refused_before_submitting(tmp_path, monkeypatch):
    import catacomb.dask

    class NoClient:
        def submit(self, *args, **kwargs):
            raise AssertionError("submitted")

    with pytest.raises(ValueError, match="width = 5"):
        catacomb.dask.batch(NoClient(), range(10), tmp_path, cli=cli_path(), width=5)
    with pytest.raises(ValueError, match="chunk = 0"):
        catacomb.dask.batch(NoClient(), range(10), tmp_path, cli=cli_path(), chunk=0)
    with pytest.raises(ValueError, match="cli = "):
        catacomb.dask.batch(NoClient(), range(10), tmp_path, cli=str(tmp_path / "nothing"))
    with pytest.raises(ValueError, match="seed = -1"):
        catacomb.dask.batch(NoClient(), [3, -1], tmp_path, cli=cli_path())
    with pytest.raises(ValueError, match="outputs = "):
        catacomb.dask.batch(NoClient(), range(10), tmp_path, cli=cli_path(), outputs=["gif"])
    monkeypatch.delenv("CATACOMB_CLI", raising=False)
    for cli in (None, False):  # in process
        with pytest.raises(ValueError, match="width = 5"):
            catacomb.dask.batch(NoClient(), range(10), tmp_path, cli=cli, width=5)
        with pytest.raises(ValueError, match="outputs = "):
            catacomb.dask.batch(NoClient(), range(10), tmp_path, cli=cli, outputs=["gif"])
        with pytest.raises(ValueError, match="seed listed twice"):
            catacomb.dask.batch(NoClient(), [3, 4, 3], tmp_path, cli=cli)
        with pytest.raises(ValueError, match="threads = 0"):
            catacomb.dask.batch(NoClient(), range(10), tmp_path, cli=cli, threads=0)


@needs_dask
def test_a_dungeon_and_a_config_travel_through_dasks_serialization():
    # What client.submit(catacomb.generate, 7) does with the result coming back (issue #49).
    from distributed.protocol import deserialize, serialize

    import catacomb

    d = catacomb.generate(7, locks=2, switches=1, one_way=1)
    back = deserialize(*serialize(d))
    assert back == d and back.to_ascii() == d.to_ascii() and back.doors == d.doors
    config = catacomb.Config(generator="caves", width=40, height=30, locks=1)
    assert deserialize(*serialize(config)) == config
