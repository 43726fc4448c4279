"""catacomb.dask: the Dask batch against the CLI's batch with a worker killed once
(dask_batch_check.py, run as its own process with a time limit: its cluster's worker processes
import it), and the arguments refused before anything is submitted."""
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli_path

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
def test_bad_arguments_are_refused_before_submitting(tmp_path):
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
