#!/usr/bin/env bash
# Builds catacomb for the browser and Node with Debian's Emscripten (scripts/setup.sh --wasm):
#   build/wasm/cmake/                the CMake build (library + bindings/wasm only; no CLI, no tests)
#   build/wasm/package/              the npm package's files (bindings/wasm/package, Emscripten's
#                                    glue catacomb_wasm.mjs and the binary catacomb_wasm.wasm)
#   build/wasm/catacomb-wasm-*.tgz   the package, made by `npm pack`
#   build/wasm/playground/index.html the playground: one self-contained file (bindings/wasm/playground)
# and prints the sizes of the binary, the glue, the package and the playground, raw and gzipped,
# and what a page loads (binary, glue and index.js, gzipped).
#
# Emscripten's cache (its libc, libc++, embind) lives in a persistent folder, reused by every run
# and every clone: $CATACOMB_EM_CACHE, default ~/.cache/catacomb/emscripten. It starts as a tree
# of links to Debian's prebuilt cache (/usr/share/emscripten/cache, which Debian freezes), so
# that a library Debian did not prebuild is built once into it instead of failing. Objects are
# compiled through ccache when it is installed, as the native builds are.
#
# Usage: scripts/build-wasm.sh [--jobs N]
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=$ROOT/build/wasm
JOBS=2
while [[ $# -gt 0 ]]; do
  case $1 in
    --jobs) JOBS=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "build-wasm: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if ! command -v emcc > /dev/null 2>&1; then
  echo "build-wasm: emcc not found: run scripts/setup.sh --wasm (Debian's emscripten and node-acorn)" >&2
  exit 2
fi

# Debian's Emscripten runs its JavaScript tools (acorn) with the system's Node.js.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
export EM_CACHE=${CATACOMB_EM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/catacomb/emscripten}
export EM_FROZEN_CACHE=   # empty: Emscripten may add what Debian did not prebuild
if [[ ! -e $EM_CACHE/sysroot_install.stamp ]]; then
  echo "build-wasm: preparing Emscripten's cache in $EM_CACHE (links to /usr/share/emscripten/cache)" >&2
  mkdir -p "$EM_CACHE"
  (cd /usr/share/emscripten/cache && find . -path ./cache.lock -prune -o -type d -print) |
    while IFS= read -r d; do mkdir -p "$EM_CACHE/$d"; done
  (cd /usr/share/emscripten/cache && find . -path ./cache.lock -prune -o -type f -print) |
    while IFS= read -r f; do ln -sf "/usr/share/emscripten/cache/${f#./}" "$EM_CACHE/$f"; done
fi

# The header-only dependencies, seen without the rest of /usr/include (as scripts/cross-check.sh).
DEPS=$OUT/deps/usr
mkdir -p "$DEPS/include" "$DEPS/share/cmake"
for d in nlohmann stb; do ln -sfn "/usr/include/$d" "$DEPS/include/$d"; done
ln -sfn /usr/share/cmake/nlohmann_json "$DEPS/share/cmake/nlohmann_json"

werror=OFF
[[ -n ${CI:-} ]] && werror=ON
# -mnontrapping-fptoint: a double's conversion to an integer (a flood's bucket, of every step) is
# one instruction, where the trapping one Emscripten 3.1.6 defaults to is wrapped in range tests
# and branches; the same values for every number in range (out of range is undefined behaviour
# in C++ either way). It needs Chrome 75+, Firefox 64+, Safari 15+, Node 12.5+: older than what
# -fwasm-exceptions needs already.
emcmake cmake -S "$ROOT" -B "$OUT/cmake" -DCMAKE_BUILD_TYPE=Release -DCATACOMB_BUILD_WASM=ON \
  -DCATACOMB_BUILD_CLI=OFF -DCATACOMB_BUILD_TESTS=OFF -DCATACOMB_INSTALL=OFF -DCATACOMB_TILED_READER=OFF \
  -DCATACOMB_TILED_JSON=ON \
  -DCATACOMB_WERROR=$werror "-DCMAKE_CXX_FLAGS=-fwasm-exceptions -mnontrapping-fptoint" \
  -Dnlohmann_json_DIR="$DEPS/share/cmake/nlohmann_json" -DCATACOMB_STB_INCLUDE_DIR="$DEPS/include/stb" \
  > "$OUT/configure.log" 2>&1 || { cat "$OUT/configure.log" >&2; exit 1; }
cmake --build "$OUT/cmake" --target catacomb_wasm -j "$JOBS" > "$OUT/build.log" 2>&1 ||
  { tail -60 "$OUT/build.log" >&2; exit 1; }

# The npm package: its sources, the module, and `npm pack`.
rm -rf "$OUT/package"
cp -r "$ROOT/bindings/wasm/package" "$OUT/package"
cp "$OUT/cmake/bindings/wasm/catacomb_wasm.mjs" "$OUT/cmake/bindings/wasm/catacomb_wasm.wasm" "$OUT/package/"
cp "$ROOT/LICENSE" "$OUT/package/LICENSE"
rm -f "$OUT"/catacomb-wasm-*.tgz
(cd "$OUT/package" && npm pack --silent --pack-destination "$OUT" > /dev/null)

# The playground: one HTML file with everything inline (file:// forbids loading modules).
if [[ -d $ROOT/bindings/wasm/playground ]]; then
  node "$ROOT/bindings/wasm/playground/assemble.mjs" "$OUT/package" "$OUT/playground/index.html"
fi

size() { printf '%s: %s bytes, %s gzipped\n' "$1" "$(wc -c < "$2")" "$(gzip -9c "$2" | wc -c)"; }
echo "build-wasm: built $(ls "$OUT"/catacomb-wasm-*.tgz)"
size "wasm (catacomb_wasm.wasm)" "$OUT/package/catacomb_wasm.wasm"
size "JS glue (catacomb_wasm.mjs)" "$OUT/package/catacomb_wasm.mjs"
size "package API (index.js)" "$OUT/package/index.js"
page=0
for f in catacomb_wasm.wasm catacomb_wasm.mjs index.js; do page=$((page + $(gzip -9c "$OUT/package/$f" | wc -c))); done
echo "what a page loads (the three above): $page bytes gzipped (#49 aims at 400 kB)"
size "package tarball" "$(ls "$OUT"/catacomb-wasm-*.tgz)"
if [[ -f $OUT/playground/index.html ]]; then size "playground (index.html, all inline)" "$OUT/playground/index.html"; fi
