#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with Clang, the whole library instrumented for coverage and
# checked by AddressSanitizer + UndefinedBehaviorSanitizer, and runs each for a bounded time.
#   scripts/fuzz.sh [--seconds N] [--seed N] [--build-dir DIR] [--targets "fuzz_ascii fuzz_route"] [--cli EXE]
# Seed corpora are generated at run time by the CLI (--cli, default build/release/catacomb when it
# exists, else one built here) from a few seeds and generators in every map format, plus the small
# text seeds in fuzz/seeds/; each target gets its format's
# dictionary (fuzz/dict/). A crash, leak, sanitizer report or broken property is a finding: its
# input is kept in DIR/findings/<target>/ and the script exits 1. Prints a table of targets,
# executions and findings. Default: 30 s per target (13 targets: 6.5 minutes of fuzzing).
# Tiled .tmx seeds come from Tiled itself (`tiled --export-map` of the CLI's .tmj, when Debian's
# tiled is installed, as in CI) and from fuzz/seeds/tiled_tmx/ (Tiled's exports in its other layer
# formats); certificate seeds are a map, a NUL byte and the certificate `validate --certificate`
# wrote for it. Template set and mission seeds are the shipped examples (examples/templates/,
# examples/missions/).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=30
fuzz_seed=1   # libFuzzer's random seed: fixed, so that a run can be repeated; 0 picks one at random
build=build/fuzz
targets="fuzz_ascii fuzz_json_map fuzz_config fuzz_movingai_map fuzz_scen fuzz_route fuzz_tiled_tmj fuzz_tiled_tmx fuzz_certificate
  fuzz_template_set_tmj fuzz_template_set_tmx fuzz_mission fuzz_shard_summary fuzz_griddly_legend"
cli=""
[[ -x build/release/catacomb ]] && cli=build/release/catacomb
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --build-dir) build="$2"; shift 2 ;;
    --targets) targets="$2"; shift 2 ;;
    --seed) fuzz_seed="$2"; shift 2 ;;
    --cli) cli="$2"; shift 2 ;;
    *) echo "fuzz: unknown argument '$1' (expected --seconds N, --seed N, --build-dir DIR, --targets LIST or --cli EXE)" >&2; exit 2 ;;
  esac
done
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: --seconds = '$seconds' (expected a positive integer)" >&2; exit 2; }

launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache); fi
san="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S . -B "$build" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS="-O1 -g1 $san" -DCMAKE_C_FLAGS="-O1 -g1 $san" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCATACOMB_BUILD_FUZZERS=ON -DCATACOMB_BUILD_TESTS=OFF -DCATACOMB_BUILD_CLI=ON -DCATACOMB_INSTALL=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target fuzzers
if [[ -z "$cli" ]]; then
  cmake --build "$build" -j "$(nproc)" --target catacomb_exe
  cli="$build/catacomb"
fi

# Seed corpora, from the CLI.
corpus="$build/corpus"
rm -rf "$corpus" && mkdir -p "$corpus"
for t in $targets; do mkdir -p "$corpus/$t"; done
n=0
for args in "--width 32 --height 20 --objectives 1" "--width 40 --height 24 --generator caves" \
            "--width 40 --height 30 --water 0.2 --vegetation 0.2" \
            "--width 24 --height 16 --generator caves --connect largest --objectives 1"; do
  for seed in 1 2; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    "$cli" generate $args --seed "$seed" --json "$corpus/m$n.json" --txt "$corpus/m$n.txt" --map "$corpus/m$n.map" \
      --tmj "$corpus/m$n.tmj" >/dev/null
  done
done
# Maps with locked doors and keys (for the Tiled readers and certificates), and a batch's maps,
# which refer to an external tileset.
for seed in 1 2; do
  "$cli" generate --width 40 --height 30 --locks 2 --seed "$seed" --json "$corpus/L$seed.json" --tmj "$corpus/L$seed.tmj" >/dev/null
done
# Maps proven unlosable (consumable keys, a switch, a one-way door), whose certificates list states.
for seed in 1 2; do
  "$cli" generate --width 32 --height 20 --generator caves --locks 2 --key-rule consumable --switches 1 --one-way 1 \
    --seed "$seed" --json "$corpus/U$seed.json" >/dev/null || true
done
"$cli" batch --generator caves --width 20 --height 14 --seeds 1..2 --tmj --out "$corpus/batch" >/dev/null
# A shard's summary.json, a NUL byte, its rows in full (batch --merge's readers), with locks.
if [[ -d "$corpus/fuzz_shard_summary" ]]; then
  "$cli" batch --generator caves --width 20 --height 14 --locks 1 --seeds 1..4 --shard 2/2 --tmj --map \
    --out "$corpus/shard" >/dev/null
  { cat "$corpus/shard/summary.json"; printf '\0'; cat "$corpus/shard/seeds.exact.jsonl"; } \
    > "$corpus/fuzz_shard_summary/shard.bin"
  # One of room templates with a theme: the templates, theme and mission columns, "commands".
  "$cli" batch --templates examples/templates/crypt.tmj --theme flooded --width 40 --height 30 --seeds 1..3 \
    --shard 1/1 --out "$corpus/shard-themed" >/dev/null
  { cat "$corpus/shard-themed/summary.json"; printf '\0'; cat "$corpus/shard-themed/seeds.exact.jsonl"; } \
    > "$corpus/fuzz_shard_summary/shard-themed.bin"
fi
# Certificates: the map, a NUL byte, the certificate of its walkthrough.
if [[ -d "$corpus/fuzz_certificate" ]]; then
  for m in "$corpus"/L*.json "$corpus"/U*.json "$corpus"/m1.json "$corpus"/m3.json; do
    [[ -f "$m" ]] || continue
    "$cli" validate "$m" --certificate "$m.cert" >/dev/null || continue
    { cat "$m"; printf '\0'; cat "$m.cert"; } > "$corpus/fuzz_certificate/$(basename "$m").cert"
  done
fi
# .tmx from Tiled's own export of the .tmj (headless), when Tiled is installed.
if [[ -d "$corpus/fuzz_tiled_tmx" ]] && command -v tiled >/dev/null; then
  runtime="$corpus/xdg-runtime" && mkdir -p "$runtime" && chmod 700 "$runtime"
  for m in "$corpus"/m1.tmj "$corpus"/m3.tmj "$corpus"/L1.tmj; do
    QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$runtime" HOME="$corpus" XDG_CONFIG_HOME="$corpus" \
      timeout 60 tiled --export-map "$m" "$corpus/fuzz_tiled_tmx/$(basename "$m" .tmj).tmx" >/dev/null 2>&1 || true
  done
fi
copy() { for f in "${@:2}"; do [[ -d "$corpus/$1" ]] && cp "$f" "$corpus/$1/"; done; return 0; }
copy fuzz_ascii "$corpus"/m*.txt
copy fuzz_json_map "$corpus"/m*.json
copy fuzz_movingai_map "$corpus"/m*.map
copy fuzz_route "$corpus"/m*.json "$corpus"/m*.txt "$corpus"/m*.map
copy fuzz_tiled_tmj "$corpus"/m*.tmj "$corpus"/L*.tmj "$corpus"/batch/seed-*.tmj
copy fuzz_tiled_tmx fuzz/seeds/tiled_tmx/*
copy fuzz_config fuzz/seeds/config/*.json
copy fuzz_scen fuzz/seeds/scen/*
copy fuzz_template_set_tmj examples/templates/*.tmj
copy fuzz_template_set_tmx examples/templates/*.tmx
copy fuzz_mission examples/missions/*.json
copy fuzz_mission fuzz/seeds/mission/*.json
copy fuzz_griddly_legend fuzz/seeds/griddly_legend/*.json
# Inputs that once found a defect, kept so that every run tries them first.
copy fuzz_ascii fuzz/seeds/ascii/*
copy fuzz_route fuzz/seeds/route/*
copy fuzz_certificate fuzz/seeds/certificate/*
# Maps with gates, switches, one-way and secret doors (issue #33), for every reader of JSON maps.
copy fuzz_json_map fuzz/seeds/json_map/*
copy fuzz_route fuzz/seeds/json_map/*
# The same kinds in Tiled (door objects, switch properties), as catacomb writes them and as Tiled
# re-saves them (the .tmx is in fuzz/seeds/tiled_tmx/, copied above).
copy fuzz_tiled_tmj fuzz/seeds/tiled_tmj/*
# A scenario for each generated Moving AI map, from the CLI's routes.
for m in "$corpus"/m*.map; do
  w=$(sed -n 3p "$m" | cut -d' ' -f2); h=$(sed -n 2p "$m" | cut -d' ' -f2)
  [[ -d "$corpus/fuzz_scen" ]] && printf 'version 1\n0\t%s\t%s\t%s\t1\t1\t%s\t%s\t0\n' "$(basename "$m")" "$w" "$h" $((w - 2)) $((h - 2)) \
    > "$corpus/fuzz_scen/$(basename "$m").scen"
done

dict_of() {
  case "$1" in
    fuzz_ascii) echo fuzz/dict/ascii.dict ;; fuzz_json_map|fuzz_route) echo fuzz/dict/json_map.dict ;;
    fuzz_config) echo fuzz/dict/config.dict ;; fuzz_movingai_map) echo fuzz/dict/movingai.dict ;;
    fuzz_scen) echo fuzz/dict/scen.dict ;;
    fuzz_tiled_tmj) echo fuzz/dict/tiled_tmj.dict ;; fuzz_tiled_tmx) echo fuzz/dict/tiled_tmx.dict ;;
    fuzz_certificate) echo fuzz/dict/certificate.dict ;;
    fuzz_template_set_tmj) echo fuzz/dict/template_set_tmj.dict ;;
    fuzz_template_set_tmx) echo fuzz/dict/template_set_tmx.dict ;;
    fuzz_mission) echo fuzz/dict/mission.dict ;;
    fuzz_shard_summary) echo fuzz/dict/json_map.dict ;;
    fuzz_griddly_legend) echo fuzz/dict/griddly_legend.dict ;;
  esac
}

# Tiled maps embed their tileset, certificate seeds hold a map too, and the crypt template set is
# 40 kB: they are larger.
max_len_of() { case "$1" in fuzz_tiled_*|fuzz_template_set_*|fuzz_certificate) echo 65536 ;; *) echo 16384 ;; esac; }

status=0
table="| target | seconds | executions | findings |\n|---|---:|---:|---:|\n"
for t in $targets; do
  findings="$build/findings/$t"
  rm -rf "$findings" && mkdir -p "$findings"
  log="$build/$t.log"
  set +e
  "$build/fuzz/$t" "$corpus/$t" -dict="$(dict_of "$t")" -max_total_time="$seconds" -seed="$fuzz_seed" -max_len="$(max_len_of "$t")" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  found=$(find "$findings" -type f | wc -l)
  if [[ $rc -ne 0 || $found -ne 0 ]]; then
    status=1
    echo "fuzz: $t found a problem (exit $rc); input in $findings, log $log:" >&2
    grep -E "ERROR|SUMMARY|property violated|runtime error" "$log" | head -5 >&2 || true
  fi
  table+="| $t | $seconds | ${execs:-?} | $found |\n"
done
printf "%b" "$table"
exit $status
