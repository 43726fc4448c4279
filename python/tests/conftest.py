"""Shared by the Python package's tests: the catacomb CLI they compare with (CATACOMB_CLI, else
build/release/catacomb beside these tests), and a helper that runs it."""
import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# No example database in the source tree; under CI the same examples every run (derandomized),
# by hand new ones each time.
settings.register_profile("catacomb", deadline=None, database=None, derandomize=os.environ.get("CI") == "true",
                          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.data_too_large,
                                                 HealthCheck.too_slow])
settings.load_profile("catacomb")

ROOT = Path(__file__).resolve().parents[2]


def cli_path() -> str:
    path = os.environ.get("CATACOMB_CLI") or str(ROOT / "build" / "release" / "catacomb")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no catacomb CLI at {path} (set CATACOMB_CLI, or build the release preset)")
    return path


def run_cli(*args, check=True) -> subprocess.CompletedProcess:
    """Runs the CLI; with check, a non-zero exit fails the test with its stderr."""
    r = subprocess.run([cli_path(), *map(str, args)], capture_output=True, text=True, timeout=300)
    if check and r.returncode != 0:
        pytest.fail(f"catacomb {' '.join(map(str, args))} exited {r.returncode}: {r.stderr}")
    return r


def flags(params: dict) -> list:
    """Python keyword parameters as the CLI's flags."""
    out = []
    for key, value in params.items():
        flag = "--" + key.replace("_", "-")
        if isinstance(value, bool):
            out.append(flag if value else f"{flag}=false")
        else:
            out += [flag, str(value)]
    return out
