#!/usr/bin/env bash
# Cross-check: the same dungeons everywhere. Builds the library and CLI with
#   gcc      native GCC (the reference)
#   mingw    MinGW-w64 (g++-mingw-w64-x86-64-posix), run under Wine (wine64)
#   aarch64  g++-aarch64-linux-gnu, run under qemu-user (qemu-aarch64 -L /usr/aarch64-linux-gnu)
#   clang    Clang + libc++, native
#   wasm     Emscripten (scripts/build-wasm.sh), the npm package run under Node: its generate()
#            writes the JSON and ASCII maps and the game formats of each case (bindings/wasm/cross_check.mjs),
#            compared with the reference's; the other files are the CLI's, which wasm has not
# then has each generate a fixed set of files (8 parameter sets x 10 seeds; JSON, TXT, TMJ + its
# tileset PNG, MAP, PNG, the game formats (des, level string, npz); `validate --json`, `path --json`, ASCII on stdout, exit codes; and one
# rewrite over existing files) and compares their SHA-256 hashes with the reference's. Prints a
# table (build x files identical / total, seconds) and exits non-zero on any difference. A run
# under Wine or qemu that dies with a status the CLI never returns is run again (see attempt()),
# and a case of theirs (up to 4) that differs is run once more from scratch (see rerun_cases()):
# it passes only if all its files are then identical. Both are listed in the summary.
#
# Usage: scripts/cross-check.sh [--builds mingw,aarch64,clang,wasm] [--unit-tests] [--jobs N] [--reference CLI]
#   --builds LIST   which builds to compare with the reference (default: mingw,aarch64,clang)
#   --reference CLI a native GCC Release build of the CLI to use as the reference instead of
#                   building one (CI passes build/release/catacomb, which its test step built)
#   --unit-tests    also cross-build the portable unit tests (GoogleTest from /usr/src/googletest;
#                   golden hashes and determinism included) and run them under Wine / qemu
#   --jobs N        parallel compile jobs (default 2)
# Everything is written under build/cross/<build>/ (and a Wine prefix in a temporary directory,
# removed at the end). Uses ccache when CMAKE_CXX_COMPILER_LAUNCHER is set (source /work/ccache.env).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CROSS=$ROOT/build/cross
BUILDS=mingw,aarch64,clang
UNIT_TESTS=0
JOBS=2
REFERENCE=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --builds) BUILDS=$2; shift 2 ;;
    --builds=*) BUILDS=${1#*=}; shift ;;
    --unit-tests) UNIT_TESTS=1; shift ;;
    --jobs) JOBS=$2; shift 2 ;;
    --reference) REFERENCE=$2; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "cross-check: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
IFS=, read -r -a SELECTED <<< "$BUILDS"
for b in "${SELECTED[@]}"; do
  case $b in mingw|aarch64|clang|wasm) ;; *) echo "cross-check: unknown build '$b' (mingw, aarch64, clang, wasm)" >&2; exit 2 ;; esac
done
if [[ -n $REFERENCE && ! -x $REFERENCE ]]; then
  echo "cross-check: --reference '$REFERENCE' is not an executable (expected the native CLI, e.g. build/release/catacomb)" >&2
  exit 2
fi
mkdir -p "$CROSS"

# --- the header-only dependencies, seen by cross compilers without the rest of /usr/include -----
DEPS=$CROSS/deps/usr
mkdir -p "$DEPS/include" "$DEPS/share/cmake"
for d in nlohmann CLI stb; do ln -sfn "/usr/include/$d" "$DEPS/include/$d"; done
for d in nlohmann_json CLI11; do ln -sfn "/usr/share/cmake/$d" "$DEPS/share/cmake/$d"; done
DEP_FLAGS=(-Dnlohmann_json_DIR="$DEPS/share/cmake/nlohmann_json" -DCLI11_DIR="$DEPS/share/cmake/CLI11"
           -DCATACOMB_STB_INCLUDE_DIR="$DEPS/include/stb")

# --- Wine: a private prefix, one persistent wineserver ---------------------------------------
WINE=/usr/lib/wine/wine64
WINEPREFIX_DIR=""
cleanup() {
  if [[ -n $WINEPREFIX_DIR ]]; then
    WINEPREFIX=$WINEPREFIX_DIR /usr/lib/wine/wineserver -k 2>/dev/null || true
    rm -rf "$WINEPREFIX_DIR"
  fi
}
trap cleanup EXIT
start_wine() {
  [[ -n $WINEPREFIX_DIR ]] && return
  WINEPREFIX_DIR=$(mktemp -d "${TMPDIR:-/tmp}/catacomb-wine.XXXXXX")
  export WINEPREFIX=$WINEPREFIX_DIR WINEDEBUG=-all
  WINEPREFIX=$WINEPREFIX_DIR /usr/lib/wine/wineserver -p 2>/dev/null || true
  "$WINE" cmd /c exit >/dev/null 2>&1 || true   # the first start creates the prefix (slow)
}

# run <build> <args...>: runs that build's catacomb in the current directory.
run() {
  local b=$1; shift
  case $b in
    gcc|clang) "$CROSS/$b/catacomb" "$@" ;;
    mingw) "$WINE" "$CROSS/mingw/catacomb.exe" "$@" ;;
    aarch64) qemu-aarch64 -L /usr/aarch64-linux-gnu "$CROSS/aarch64/catacomb" "$@" ;;
  esac
}

# attempt <build> <stdout file> <stderr file> <args...>: runs that build's catacomb with its output
# in those files and prints its exit status. The CLI itself exits 0-3, and says why on stderr when
# not 0. Any other status under Wine or qemu means the emulator or the process died: that command is
# run again, up to twice, and every such attempt is logged in build/cross/<build>/retries.log, which
# the summary prints. A run that still differs after that is a difference like any other.
attempt() {
  local b=$1 o=$2 e=$3 rc tries=0
  shift 3
  while :; do
    rc=0
    run "$b" "$@" > "$o" 2> "$e" || rc=$?
    if (( rc <= 3 )) || [[ $b == gcc || $b == clang ]] || (( tries == 2 )); then break; fi
    tries=$((tries + 1))
    { echo "exit status $rc (attempt $tries): catacomb $*"
      echo "  stdout: $(wc -c < "$o") bytes; stderr: $(wc -c < "$e") bytes $(head -c 400 "$e" | tr -c '[:print:]' '?')"
    } >> "$CROSS/$b/retries.log"
  done
  echo "$rc"
}

configure_flags() {
  case $1 in
    gcc) echo "-DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++" ;;
    # The Tiled reader needs pugixml and zlib, which Debian has for none of these targets (its
    # libpugixml is built against libstdc++, not libc++); Tiled JSON, which needs neither, is kept
    # for the template set the mission-b cases read (.tmj and its .tsj), as the wasm build does.
    clang) echo "-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS=-stdlib=libc++ -DCMAKE_EXE_LINKER_FLAGS=-stdlib=libc++ -DCATACOMB_TILED_READER=OFF -DCATACOMB_TILED_JSON=ON" ;;
    mingw) echo "-DCMAKE_TOOLCHAIN_FILE=$ROOT/cmake/toolchains/mingw-w64-x86_64.cmake -DCATACOMB_TILED_READER=OFF -DCATACOMB_TILED_JSON=ON" ;;
    aarch64) echo "-DCMAKE_TOOLCHAIN_FILE=$ROOT/cmake/toolchains/aarch64-linux-gnu.cmake -DCATACOMB_TILED_READER=OFF -DCATACOMB_TILED_JSON=ON" ;;
  esac
}

build() {
  local b=$1 dir=$CROSS/$1 tests=OFF targets=(--target catacomb_exe)
  if [[ $b == wasm ]]; then
    mkdir -p "$dir"
    "$ROOT/scripts/build-wasm.sh" --jobs "$JOBS" > "$dir.build.log" 2>&1 || { tail -50 "$dir.build.log" >&2; return 1; }
    return 0
  fi
  if [[ $UNIT_TESTS == 1 && $b != gcc ]]; then tests=ON; targets+=(--target catacomb_tests); fi
  # shellcheck disable=SC2046
  cmake -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCATACOMB_WERROR=ON -DCATACOMB_INSTALL=OFF \
        -DCATACOMB_BUILD_CLI=ON -DCATACOMB_BUILD_TESTS=$tests -DCATACOMB_TESTS_PORTABLE_ONLY=ON \
        -DCATACOMB_GTEST_SOURCE_DIR=/usr/src/googletest "${DEP_FLAGS[@]}" $(configure_flags "$b") \
        > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log" >&2; return 1; }
  cmake --build "$dir" -j "$JOBS" "${targets[@]}" > "$dir.build.log" 2>&1 || { tail -50 "$dir.build.log" >&2; return 1; }
}

# The parameter sets: defaults, and a variant of each generator that exercises more of it; then
# progression (#33): every door kind and the non-chain lock layouts, both key rules.
VARIANTS=(
  "rooms-a|--generator rooms|--overlay routes"
  "rooms-b|--generator rooms --width 120 --height 80 --room-count 30 --corridor-width 2 --dig-turn 1 --loop-fraction 0.3 --water 0.1|--overlay all --legend --scale 2"
  "caves-a|--generator caves|--overlay regions"
  "caves-b|--generator caves --width 100 --height 60 --fill 48 --open-passes 2 --connect largest --deep-water --neighbors 4|--overlay all --legend --grid --scale 4"
  "prog-a|--generator rooms --lock-layout cycles --locks 3 --one-way 1 --switches 2 --secret-doors 1|--overlay routes --legend"
  "prog-b|--generator caves --width 120 --height 80 --lock-layout tree --locks 3 --switches 1 --one-way 1 --key-rule consumable|--overlay all --scale 2"
  # A mission laid out without a template set (its rooms' sides drawn from the seed), and one with
  # the crypt set. The paths are relative to the folder each case runs in, build/cross/<build>/out
  # (or a rerun's folder beside it), so that Wine and qemu read them as they are; the wasm runner
  # (bindings/wasm/cross_check.mjs) reads the files from there and passes their text.
  "mission-a|--mission ../../../../examples/missions/two-cycles.json|--overlay routes --legend"
  "mission-b|--templates ../../../../examples/templates/crypt.tmj --mission ../../../../examples/missions/linear.json|--overlay all"
)
SEEDS=(1 2 3 4 5 6 7 42 1234567890123 18446744073709551615)

# cell <txt> <char>: "x,y" of the first cell holding that character in an ASCII map.
cell() { awk -v c="$2" '{ i = index($0, c); if (i) { print i - 1 "," NR - 1; exit } }' "$1"; }

# gen_case <build> <variant> <seed>: writes one case's files (all four commands) into the current
# directory.
gen_case() {
  local b=$1 name gen png s=$3
  IFS='|' read -r name gen png <<< "$2"
  local c=$name-$s
  # shellcheck disable=SC2086
  echo "generate $(attempt "$b" "$c.generate.out" "$c.generate.err" generate $gen --seed "$s" \
      --json "$c.json" --txt "$c.txt" --tmj "$c.tmj" --map "$c.map" --png "$c.png" \
      --des "$c.des" --level-string "$c.level" --npz "$c.npz" $png)" > "$c.rc"
  # shellcheck disable=SC2086
  echo "stdout $(attempt "$b" "$c.stdout.txt" "$c.stdout.err" generate $gen --seed "$s")" >> "$c.rc"
  echo "validate $(attempt "$b" "$c.validate.json" "$c.validate.err" validate "$c.json" --json)" >> "$c.rc"
  if [[ -f $c.txt ]]; then
    echo "path $(attempt "$b" "$c.path.json" "$c.path.err" path "$c.json" \
        --from "$(cell "$c.txt" '<')" --to "$(cell "$c.txt" '>')" --json)" >> "$c.rc"
  fi
}

# gen_rewrite <build>: writing over existing files (std::rename fails there on Windows): same
# bytes, exit 0. Run after the first case's files exist.
gen_rewrite() {
  local b=$1 name gen png s=${SEEDS[0]}
  IFS='|' read -r name gen png <<< "${VARIANTS[0]}"
  local c=$name-$s
  # shellcheck disable=SC2086
  echo "rewrite $(attempt "$b" "$c.rewrite.out" "$c.rewrite.err" generate $gen --seed "$s" \
      --json "$c.json" --txt "$c.txt" --tmj "$c.tmj" --map "$c.map" --png "$c.png" $png)" > "$c.rewrite.rc"
}

# generate_set <build>: writes the whole set into build/cross/<build>/out.
generate_set() {
  local b=$1 out=$CROSS/$1/out v s
  rm -rf "$out" "$CROSS/$1/retries.log" "$CROSS/$1/reruns.log"; mkdir -p "$out"
  if [[ $b == wasm ]]; then
    local variants=()
    for v in "${VARIANTS[@]}"; do variants+=("${v%|*}"); done  # name|flags, without the PNG's flags
    node "$ROOT/bindings/wasm/cross_check.mjs" "$ROOT/build/wasm/package/index.js" "$out" "${variants[@]}" -- "${SEEDS[@]}"
    return
  fi
  ( cd "$out"
    for v in "${VARIANTS[@]}"; do
      for s in "${SEEDS[@]}"; do gen_case "$b" "$v" "$s"; done
    done
    gen_rewrite "$b"
  )
}

# rerun_cases <build> <case...>: runs those cases (e.g. rooms-a-1) again from scratch, each in a
# fresh folder, and puts their new files in place of the old ones. For the emulated builds only: a
# case that differed once is run once more, and is identical only if every one of its files then
# is, so a difference that a build makes every time still fails; reruns.log lists what ran again.
rerun_cases() {
  local b=$1 out=$CROSS/$1/out c v s name gen png tmp
  shift
  local -A again=()
  for c in "$@"; do again[$c]=1; done
  for v in "${VARIANTS[@]}"; do
    IFS='|' read -r name gen png <<< "$v"
    for s in "${SEEDS[@]}"; do
      c=$name-$s
      [[ -n ${again[$c]:-} ]] || continue
      tmp=$CROSS/$b/rerun-$c
      rm -rf "$tmp"; mkdir -p "$tmp"
      ( cd "$tmp"
        gen_case "$b" "$v" "$s"
        [[ $v == "${VARIANTS[0]}" && $s == "${SEEDS[0]}" ]] && gen_rewrite "$b"
        true )
      rm -f "$out/$c".*
      mv "$tmp"/* "$out"/
      rmdir "$tmp"
      echo "ran again: case $c (its first run differed: $(tr '\n' ' ' < "$CROSS/$b/differs-$c"))" >> "$CROSS/$b/reruns.log"
    done
  done
}

# compare <build>: prints "identical total" and lists differing files on stderr.
compare() {
  local ref=$CROSS/gcc/out got=$CROSS/$1/out same=0 total=0 f
  rm -f "$CROSS/$1"/differs-*
  while IFS= read -r f; do
    # wasm writes the maps only: <case>.json and <case>.txt
    if [[ $1 == wasm && ! $f =~ ^[a-z]+-[a-z]-[0-9]+\.(json|txt|des|level|npz)$ ]]; then continue; fi
    total=$((total + 1))
    if [[ -f $got/$f ]] && cmp -s "$ref/$f" "$got/$f"; then
      same=$((same + 1))
    else
      echo "  differs: $1/$f" >&2
      echo "$f" >> "$CROSS/$1/differs-${f%%.*}"
      # Exit statuses side by side: which command of the four, and what it returned.
      if [[ $f == *.rc && -f $got/$f ]]; then paste -d '|' "$ref/$f" "$got/$f" | sed "s/^/    gcc: /; s/|/, $1: /" >&2; fi
    fi
  done < <(cd "$ref" && find . -type f | sed 's|^\./||' | sort)
  while IFS= read -r f; do
    [[ -f $ref/$f ]] || { total=$((total + 1)); echo "  extra file: $1/$f" >&2; }
  done < <(cd "$got" && find . -type f | sed 's|^\./||' | sort)
  echo "$same $total"
}

hash_list() { (cd "$CROSS/$1/out" && find . -type f | sort | xargs sha256sum) > "$CROSS/$1/hashes.sha256"; }

unit_tests() {
  local b=$1 dir=$CROSS/$1
  # Tests that need files outside the tree (../shared) skip themselves; none here needs a child process.
  case $b in
    mingw) (cd "$dir" && "$WINE" "$dir/tests/catacomb_tests.exe" --gtest_brief=1) ;;
    aarch64) (cd "$dir" && qemu-aarch64 -L /usr/aarch64-linux-gnu "$dir/tests/catacomb_tests" --gtest_brief=1) ;;
    clang) (cd "$dir" && "$dir/tests/catacomb_tests" --gtest_brief=1) ;;
  esac > "$dir.unit-tests.log" 2>&1
}

status=0
declare -A ROW
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }

t0=$(now)
if [[ -n $REFERENCE ]]; then
  echo "cross-check: the reference is $REFERENCE" >&2
  mkdir -p "$CROSS/gcc"
  ln -sfn "$(cd "$(dirname "$REFERENCE")" && pwd)/$(basename "$REFERENCE")" "$CROSS/gcc/catacomb"
else
  echo "cross-check: building gcc (reference)..." >&2
  build gcc
fi
t1=$(now)
generate_set gcc
hash_list gcc
t2=$(now)
ROW[gcc]="reference|build $(secs "$t0" "$t1") s, run $(secs "$t1" "$t2") s"

for b in "${SELECTED[@]}"; do
  echo "cross-check: building $b..." >&2
  t0=$(now)
  if ! build "$b"; then ROW[$b]="BUILD FAILED|"; status=1; continue; fi
  t1=$(now)
  [[ $b == mingw ]] && start_wine
  generate_set "$b"
  hash_list "$b"
  read -r same total < <(compare "$b")
  if [[ $same != "$total" && $b != clang && $b != wasm ]]; then
    # Emulators now and then lose a run (one mingw run in some hundreds of CI runs, with no
    # status of the CLI's); the cases that differed are run once more and compared again.
    mapfile -t again < <(cd "$CROSS/$b" && ls differs-* 2>/dev/null | sed 's/^differs-//')
    if (( ${#again[@]} > 0 && ${#again[@]} <= 4 )); then
      echo "cross-check: $b: running again the case(s) that differed: ${again[*]}" >&2
      rerun_cases "$b" "${again[@]}"
      hash_list "$b"
      read -r same total < <(compare "$b")
    fi
  fi
  t2=$(now)
  tests=""
  if [[ $UNIT_TESTS == 1 && $b != wasm ]]; then
    if unit_tests "$b"; then tests=", unit tests passed"; else tests=", UNIT TESTS FAILED (see build/cross/$b.unit-tests.log)"; status=1; fi
    tests+=" ($(secs "$t2" "$(now)") s)"
  fi
  [[ $same == "$total" ]] || status=1
  retried=""
  if [[ -s $CROSS/$b/retries.log ]]; then
    retried=", $(grep -c '^exit status' "$CROSS/$b/retries.log") run(s) retried"
    echo "cross-check: $b: runs that died outside the CLI's exit codes and were run again:" >&2
    sed 's/^/  /' "$CROSS/$b/retries.log" >&2
  fi
  if [[ -s $CROSS/$b/reruns.log ]]; then
    retried+=", $(wc -l < "$CROSS/$b/reruns.log") case(s) run again"
    echo "cross-check: $b: cases that differed once and were run again:" >&2
    sed 's/^/  /' "$CROSS/$b/reruns.log" >&2
  fi
  ROW[$b]="$same / $total|build $(secs "$t0" "$t1") s, run+compare $(secs "$t1" "$t2") s$retried$tests"
done

printf '\n%-9s %-18s %s\n' build "identical / total" time
for b in gcc "${SELECTED[@]}"; do
  IFS='|' read -r cells time <<< "${ROW[$b]}"
  printf '%-9s %-18s %s\n' "$b" "$cells" "$time"
done
exit $status
