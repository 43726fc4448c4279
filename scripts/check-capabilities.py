#!/usr/bin/env python3
"""Checks docs/capabilities.md against the code (issue #49).

The table's rows are capabilities, its columns C++, C, Python and wasm. A cell names what gives
the capability in that language, each name in backticks, or is a hole:

- "—" alone is a hole nobody owns: the check fails;
- "— (#N)" is a hole an open issue owns: allowed, and listed at the end, so the docs say it.

Each name must exist in its language's code (the check fails naming the row, the column and the
name):

- C++:    the last identifier of `ns::Type::member` or `function()` in a public header
          (include/catacomb/**/*.hpp);
- C:      `catacomb_*` declared in include/catacomb/catacomb.h; `"key"` a config key the C API's
          catacomb_config_set takes (the library's parameter table or a key of the JSON config);
- Python: `name=` a keyword of catacomb.generate / Config (the parameter table or a file key);
          `Name.attr` or `name` defined in python/catacomb/*.py or bound in python/src/*.cpp;
- wasm:   `key:` a key of GenerateConfig in bindings/wasm/package/index.d.ts; `name()`, `name` or
          `Type.name` declared in index.d.ts and present in index.js (or the module it wraps).

The Python and wasm test suites also resolve their column on the live module (see
python/tests/test_capabilities.py and bindings/wasm/test/capabilities.test.mjs).

Usage: scripts/check-capabilities.py [--root DIR] [--table FILE] (default: DIR/docs/capabilities.md). Exit 0 when the table holds, 1 otherwise.
"""
import pathlib
import re
import sys

LANGS = ("C++", "C", "Python", "wasm")
TOKEN = re.compile(r"`([^`]+)`")
HOLE = re.compile(r"^—\s*(\(#\d+\))?$")


def read(paths):
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def identifier_in(text, name):
    return re.search(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])", text) is not None


def parse_table(md):
    """Rows of the capability table: (capability, {lang: cell}) in order."""
    rows, header = [], None
    for line in md.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            if len(cells) == 5 and tuple(cells[1:]) == LANGS:
                header = cells
            continue
        if set(cells[0]) <= set("-: "):
            continue
        if len(cells) != 5:
            raise SystemExit(f"capabilities.md: a row with {len(cells)} cells (expected 5): {line}")
        rows.append((cells[0], dict(zip(LANGS, cells[1:]))))
    return rows


class Code:
    def __init__(self, root):
        inc = root / "include" / "catacomb"
        self.cpp = read(sorted(inc.rglob("*.hpp")))
        self.c = (inc / "catacomb.h").read_text(encoding="utf-8")
        params = read([root / "src" / "pipeline" / "config.cpp", root / "src" / "io" / "config_json.cpp",
                       root / "src" / "capi" / "capi_config.cpp"])
        self.config_keys = set(re.findall(r'"([a-z][a-z0-9_-]*)"', params))
        self.config_keys |= {k.replace("-", "_") for k in self.config_keys}
        self.python = read(sorted((root / "python" / "catacomb").glob("*.py"))
                           + sorted((root / "python" / "src").glob("*.cpp")))
        pkg = root / "bindings" / "wasm" / "package"
        self.dts = (pkg / "index.d.ts").read_text(encoding="utf-8")
        self.js = read(sorted(pkg.glob("*.js")) + sorted(pkg.glob("*.mjs")) + [root / "bindings" / "wasm" / "catacomb_wasm.cpp"])
        m = re.search(r"export interface GenerateConfig \{(.*?)\n\}", self.dts, re.S)
        self.wasm_keys = set(re.findall(r"^\s*([a-z_]+)\??:", m.group(1), re.M)) if m else set()

    def has(self, lang, token):
        """None when `token` exists in `lang`'s code, else why not."""
        if lang == "C++":
            name = re.sub(r"\(.*\)$", "", token).split("::")[-1]
            return None if identifier_in(self.cpp, name) else "not in include/catacomb/**/*.hpp"
        if lang == "C":
            if token.startswith('"'):
                return None if token.strip('"') in self.config_keys else "not a config key"
            name = re.sub(r"\(.*\)$", "", token)
            return None if re.search(r"\b" + re.escape(name) + r"\b\s*[(;]", self.c) or \
                identifier_in(self.c, name) else "not declared in catacomb.h"
        if lang == "Python":
            if token.endswith("="):
                key = token[:-1]
                keyword = re.search(r"def generate\([^)]*\b" + re.escape(key) + r"\b", self.python)
                return None if key in self.config_keys or keyword else "not a keyword of generate"
            name = re.sub(r"\(.*\)$", "", token).split(".")[-1]
            return None if identifier_in(self.python, name) else "not in python/"
        if token.endswith(":"):
            return None if token[:-1] in self.wasm_keys else "not a key of GenerateConfig in index.d.ts"
        name = re.sub(r"\(.*\)$", "", token).split(".")[-1]
        if not identifier_in(self.dts, name):
            return "not in index.d.ts"
        if re.search(r"export (declare )?(interface|type) " + re.escape(name) + r"\b", self.dts):
            return None  # a type: nothing at run time
        return None if identifier_in(self.js, name) else "in index.d.ts but not in the package's code"


def main(argv):
    root = pathlib.Path(argv[argv.index("--root") + 1] if "--root" in argv else pathlib.Path(__file__).parent.parent)
    table = pathlib.Path(argv[argv.index("--table") + 1]) if "--table" in argv else root / "docs" / "capabilities.md"
    rows = parse_table(table.read_text(encoding="utf-8"))
    if len(rows) < 3:
        print(f"check-capabilities: only {len(rows)} rows read from docs/capabilities.md (expected the whole table)")
        return 1
    code, bad, owned = Code(root), [], []
    for cap, cells in rows:
        for lang in LANGS:
            cell = cells[lang]
            hole = HOLE.match(cell)
            if hole:
                (owned if hole.group(1) else bad).append(f"{cap} / {lang}: a hole" + (f" owned by {hole.group(1)}" if hole.group(1) else " nobody owns"))
                continue
            tokens = TOKEN.findall(cell)
            if not tokens:
                bad.append(f"{cap} / {lang}: names nothing in backticks ({cell!r})")
            for t in tokens:
                why = code.has(lang, t)
                if why:
                    bad.append(f"{cap} / {lang}: `{t}` {why}")
    for line in owned:
        print(f"open: {line}")
    for line in bad:
        print(f"FAILED: {line}")
    print(f"check-capabilities: {len(rows)} capabilities x {len(LANGS)} languages, {len(owned)} holes owned by open issues, "
          f"{len(bad)} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
