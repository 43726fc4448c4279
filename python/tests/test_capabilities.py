"""docs/capabilities.md's Python column, looked up on the live package (issue #49): every name it
gives resolves, so the table cannot claim what the package lacks. scripts/check-capabilities.py
checks the other columns and the holes."""
import importlib
import inspect
import pathlib
import re

import catacomb

TABLE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "capabilities.md"


def python_cells():
    cells, header = [], None
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            header = None
            continue
        row = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = row if "Python" in row else None
            continue
        if set(row[0]) <= set("-: "):
            continue
        cells.append((row[0], row[header.index("Python")]))
    return cells


def resolve(dotted):
    obj = catacomb
    for part in dotted.split("."):
        if not hasattr(obj, part):
            obj = importlib.import_module(f"{obj.__name__}.{part}")  # a submodule: catacomb.dask
        else:
            obj = getattr(obj, part)
    return obj


def test_every_python_name_in_the_capability_table_exists():
    defaults = {p.key: p.default for p in catacomb.Config.params()}
    keys = set(defaults) | {"templates", "theme", "mission"} | set(inspect.signature(catacomb.generate).parameters)
    cells = python_cells()
    assert len(cells) >= 30, f"only {len(cells)} rows read from {TABLE}"
    checked = 0
    for capability, cell in cells:
        for name in re.findall(r"`([^`]+)`", cell):
            if name.endswith("="):
                assert name[:-1] in keys, f"{capability}: {name} is not a parameter of catacomb.generate"
                if name[:-1] in defaults:  # the keyword is taken, not only listed
                    assert catacomb.Config(**{name[:-1]: defaults[name[:-1]]}) == catacomb.Config()
            else:
                assert resolve(name) is not None, f"{capability}: catacomb.{name} does not exist"
            checked += 1
    assert checked >= 40
