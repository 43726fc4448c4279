#!/usr/bin/env bash
# Installs what catacomb needs from Debian's packages, and nothing when everything is present.
#   scripts/setup.sh          build and test dependencies (Chromium and Node.js included: the HTML review
#                             page's tests drive headless Chromium through puppeteer-core; Tiled: the
#                             Tiled reader's tests re-save maps with tiled --export-map)
#   scripts/setup.sh --cli    only what the library and the CLI build with (the compiler, CMake, the
#                             header libraries, ccache): the quick start's first step; not combined
#   scripts/setup.sh --bench  also the benchmark peers (libtcod, Boost.Graph, OpenCV; rot.js from npm
#                             into bench/js/node_modules, for generate_bench)
#   scripts/setup.sh --cross  also the cross-check toolchains (scripts/cross-check.sh): MinGW-w64
#                             and Wine, the aarch64 cross compiler and qemu-user, Clang and libc++
#   scripts/setup.sh --fuzz   also Clang and its runtime libraries (libFuzzer, sanitizers) for
#                             scripts/fuzz.sh
#   scripts/setup.sh --wasm   also Emscripten (Debian's 3.1.6) and node-acorn, which its tools need
#                             (scripts/build-wasm.sh: the WebAssembly module, npm package, playground)
#   scripts/setup.sh --docs   also mkdocs and Doxygen (scripts/docs.sh: the docs site and the API
#                             reference) and clang-format 14 (scripts/format.sh)
#   scripts/setup.sh --python also what the Python package builds and is tested with, for Debian's
#                             /usr/bin/python3 (docs/python.md): pybind11, Python's headers, numpy,
#                             pip, setuptools, wheel, venv, pytest, hypothesis and Dask's distributed
# The flags combine (scripts/setup.sh --bench --cross --fuzz --docs --wasm --python). ccache is always installed:
# catacomb's builds compile through it when it is there.
# Runs apt-get through sudo when not root.
set -euo pipefail

bench=0
cli_only=0
packages=(cmake g++ gcc make pkg-config libstb-dev libcli11-dev nlohmann-json3-dev libpugixml-dev zlib1g-dev ccache)
for arg in "$@"; do
  [[ $arg == --cli ]] && cli_only=1
done
if [[ $cli_only -eq 1 && $# -gt 1 ]]; then
  echo "setup: --cli takes no other argument (got: $*)" >&2
  exit 2
fi
[[ $cli_only -eq 1 ]] || packages+=(libgtest-dev libgmock-dev googletest libbenchmark-dev chromium fonts-liberation tiled)
for arg in "$@"; do
  case "$arg" in
    --cli) ;;
    --bench) bench=1
             packages+=(libtcod-dev libboost-graph-dev libopencv-imgproc-dev) ;;
    --cross) packages+=(g++-mingw-w64-x86-64-posix wine64 g++-aarch64-linux-gnu qemu-user clang libc++-dev
                        libc++abi-dev) ;;
    --fuzz) packages+=(clang libclang-rt-14-dev) ;;
    --docs) packages+=(mkdocs doxygen clang-format-14) ;;
    --wasm) packages+=(emscripten node-acorn) ;;
    --python) packages+=(python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pip python3-setuptools
                         python3-wheel python3-venv python3-pytest python3-hypothesis python3-distributed) ;;
    *) echo "setup: unknown argument '$arg' (expected --cli, --bench, --cross, --fuzz, --docs, --wasm or --python)" >&2; exit 2 ;;
  esac
done

# Node.js and npm (the browser tests, the benchmark's JavaScript peer): Debian's packages when
# they are missing; npm comes with Node.js from some other sources.
if [[ $cli_only -eq 0 ]]; then
  command -v node > /dev/null 2>&1 || packages+=(nodejs)
  command -v npm > /dev/null 2>&1 || packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# rot.js, the JavaScript peer of bench/generate_bench, at the version bench/js/package-lock.json pins.
if [[ $bench -eq 1 && ! -d "$(dirname "$0")/../bench/js/node_modules/rot-js" ]]; then
  echo "setup: installing rot.js into bench/js/node_modules" >&2
  npm ci --prefix "$(dirname "$0")/../bench/js" --no-audit --no-fund
fi
