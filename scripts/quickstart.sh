#!/usr/bin/env bash
# Quick start: install what is missing, build the CLI (the release preset's catacomb_exe target
# only, so the first dungeon comes in minutes; `cmake --workflow --preset test` builds the rest:
# tests, Python module), and generate a sample dungeon with default settings into out/
# (sample.png, sample.json, sample.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --python   # the Python package's test (python.pytest) runs in the test workflow too
cmake --preset release >/dev/null
cmake --build --preset release --target catacomb_exe
mkdir -p out
./build/release/catacomb generate --png out/sample.png --json out/sample.json --txt out/sample.txt
echo "Wrote out/sample.png, out/sample.json and out/sample.txt"
