#!/bin/sh
# ctest's wasm tests (tests/CMakeLists.txt): runs a test of the WebAssembly package when
# scripts/build-wasm.sh has built it into build/wasm/, and is skipped (exit 77) when it has not:
# building it takes Emscripten (scripts/setup.sh --wasm) and minutes. Under CI=true a missing
# package is a failure instead, so CI cannot pass without testing it (.ci/run builds it before
# the README's test command).
#   sh ctest.sh <build/wasm> <native catacomb> <command...>
# The command runs with CATACOMB_WASM_PACKAGE (the package's index.js) and CATACOMB_CLI set.
set -eu
wasm=$1
cli=$2
shift 2
if [ ! -f "$wasm/package/index.js" ]; then
  if [ "${CI:-}" = true ]; then
    echo "the wasm package is missing ($wasm/package/index.js): CI builds it first with scripts/build-wasm.sh" >&2
    exit 1
  fi
  echo "skipped: no wasm package in $wasm (scripts/setup.sh --wasm, then scripts/build-wasm.sh)"
  exit 77
fi
CATACOMB_WASM_PACKAGE=$wasm/package/index.js CATACOMB_CLI=$cli CATACOMB_WASM_DIR=$wasm exec "$@"
