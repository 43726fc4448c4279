#!/usr/bin/env bash
# Quick start, in two timed steps:
#  1. the first dungeon: install only what the CLI builds with (scripts/setup.sh --cli), build the
#     CLI alone with the quickstart preset (build/quickstart: -O1, no tests, no Python module, so it
#     compiles in a few minutes on 2 cores) and generate a dungeon with default settings into out/
#     (sample.png, sample.json, sample.txt: the same bytes as a release build's);
#  2. then install what the README's test command needs (scripts/setup.sh --python: GoogleTest,
#     Chromium, Tiled, Node.js, pybind11, numpy, pytest, Dask). `cmake --workflow --preset test`
#     then builds everything in build/release (the CLI there at -O3) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS

scripts/setup.sh --cli
cmake --preset quickstart >/dev/null
cmake --build --preset quickstart --target catacomb_exe
mkdir -p out
./build/quickstart/catacomb generate --png out/sample.png --json out/sample.json --txt out/sample.txt
echo "Wrote out/sample.png, out/sample.json and out/sample.txt in $((SECONDS - start)) s; the CLI is build/quickstart/catacomb"

second=$SECONDS
echo "Installing what the tests need, for: cmake --workflow --preset test"
scripts/setup.sh --python
echo "Ready in $((SECONDS - second)) s more: cmake --workflow --preset test builds the rest and runs every test"
