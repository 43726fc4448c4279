"""Runs the Python package's tests (pytest), for CTest's python.pytest and by hand:

    PYTHONPATH=build/release/python CATACOMB_CLI=build/release/catacomb /usr/bin/python3 python/tests/run.py

Exit code 77 (CTest: skipped) with one line saying what is missing when pytest, numpy or
hypothesis is not installed, except under CI (CI=true), where that is a failure: CI installs them
(scripts/setup.sh --python)."""
import importlib.util
import os
import sys

missing = [m for m in ("numpy", "pytest", "hypothesis") if importlib.util.find_spec(m) is None]
if missing:
    print(f"python tests: {sys.executable} has no {', '.join(missing)} "
          "(Debian's python3-numpy, python3-pytest, python3-hypothesis: scripts/setup.sh --python)")
    sys.exit(1 if os.environ.get("CI") == "true" else 77)

import catacomb  # noqa: E402  (the package under test: say which one)
import pytest  # noqa: E402

print(f"python tests: catacomb {catacomb.__version__} from {os.path.dirname(catacomb.__file__)}")

sys.exit(pytest.main([os.path.dirname(os.path.abspath(__file__)), *sys.argv[1:]]))
