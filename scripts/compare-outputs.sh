#!/usr/bin/env bash
# Compares what two builds of the CLI write, file by file, for a change that must keep every byte
# (or to list exactly which outputs a change alters, for the CHANGELOG):
#   scripts/compare-outputs.sh OLD_CLI NEW_CLI [WORK_DIR]
# e.g. a worktree of the commit before at ../base built with `cmake --build --preset release
# --target catacomb_exe`, then scripts/compare-outputs.sh ../base/build/release/catacomb
# build/release/catacomb. Each CLI runs the same set (about 220 runs, a minute): generate for
# rooms, caves, platformer, templates and a mission, every lock layout with both key rules,
# switches, one-way and secret doors, in JSON, ASCII, Tiled, Moving AI and PNG; validate (JSON,
# PNG, certificates) and verify; path; batch with its review page; tileset; templates check; help
# texts and two errors, with stdout, stderr and exit codes. The batch's timings (generate_ms, the
# page's times, elapsed_s, maps_per_s) are the only fields set aside. Prints the differing files
# and exits 1 when there are any, 0 when every byte is the same.
set -uo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: scripts/compare-outputs.sh OLD_CLI NEW_CLI [WORK_DIR]" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
old=$(realpath "$1") new=$(realpath "$2")
work=${3:-$(mktemp -d)}
for cli in "$old" "$new"; do
  [[ -x $cli ]] || { echo "compare-outputs: '$cli' is not an executable (expected a catacomb CLI)" >&2; exit 2; }
done

# run_set CLI DIR: the outputs of one CLI, every path relative to DIR.
run_set() {
  local cli=$1 dir=$2
  rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 3
  run() { local name=$1; shift; "$cli" "$@" > "$name.stdout" 2> "$name.stderr"; echo $? > "$name.rc"; }
  local seed layout gen rule b
  for seed in 1 7 88; do
    run rooms$seed generate --seed $seed --json rooms$seed.json --txt rooms$seed.txt --png rooms$seed.png \
      --tmj rooms$seed.tmj --map rooms$seed.map
    run caves$seed generate --generator caves --seed $seed --json caves$seed.json --txt caves$seed.txt \
      --png caves$seed.png --overlay all
    run plat$seed generate --generator platformer --seed $seed --json plat$seed.json --png plat$seed.png
    for layout in chain tree cycles; do
      for gen in rooms caves; do
        for rule in reusable consumable; do
          b=${gen}_${layout}_${rule}_$seed
          run $b generate --generator $gen --seed $seed --lock-layout $layout --locks 3 --key-rule $rule \
            --json $b.json --txt $b.txt
          run v_$b validate $b.json --json --certificate $b.cert --png v_$b.png --overlay walkthrough
          run ver_$b verify $b.json $b.cert
        done
        b=${gen}_${layout}_doors_$seed
        run $b generate --generator $gen --seed $seed --lock-layout $layout --locks 3 --one-way 1 --switches 2 \
          --secret-doors 1 --key-rule consumable --json $b.json --tmj $b.tmj
        run v_$b validate $b.json --json --certificate $b.cert --png v_$b.png --overlay walkthrough
        run ver_$b verify $b.json $b.cert
        run p_$b path $b.json --from 3,4 --to 40,30 --all-keys --json
      done
    done
    run tpl$seed generate --templates "$repo/examples/templates/crypt.tmj" --seed $seed --json tpl$seed.json \
      --png tpl$seed.png
    run mis$seed generate --templates "$repo/examples/templates/crypt.tmj" \
      --mission "$repo/examples/missions/two-cycles.json" --seed $seed --json mis$seed.json --txt mis$seed.txt
    run v_mis$seed validate mis$seed.json --json --certificate mis$seed.cert
    run path$seed path rooms$seed.json --from 3,4 --to 60,30 --json --png path$seed.png
    run pathjps$seed path rooms$seed.json --from 3,4 --to 60,30 --algorithm jps --json
    run vtmj$seed validate rooms$seed.tmj --json
  done
  run batch batch --seeds 1..12 --threads 2 --out batch --html --tmj --map
  run batchc batch --seeds 1..12 --generator caves --locks 2 --switches 1 --threads 2 --out batchc --html
  run tileset tileset --out tiles
  run tcheck templates check "$repo/examples/templates/crypt.tmj"
  for sub in generate validate path scen verify batch; do run help_$sub $sub --help; done
  run bad_width generate --width 3
  run bad_file validate nothere.json
  # The batch's timings, set aside.
  sed -i -E 's/(data-generate-ms=")[0-9.e-]+/\1T/g; s#<dd>[0-9.]+ ms</dd>#<dd>T</dd>#g' batch*/index.html
  sed -i -E 's/"generate_ms": *[0-9.e-]+/"generate_ms": T/g' batch*/seeds.jsonl
  sed -i -E 's/[0-9.]+ maps\/s/T maps\/s/' batch*.stdout
  "$(command -v python3)" - batch batchc <<'PY'
import csv, json, sys
for b in sys.argv[1:]:
    s = json.load(open(f"{b}/summary.json"))
    for k in ("generate_ms", "elapsed_s", "maps_per_s"):
        s.pop(k, None)
    json.dump(s, open(f"{b}/summary.json", "w"), indent=2)
    rows = list(csv.reader(open(f"{b}/summary.csv")))
    if rows and "generate_ms" in rows[0]:
        col = rows[0].index("generate_ms")
        for r in rows[1:]:
            r[col] = "T"
    csv.writer(open(f"{b}/summary.csv", "w", newline="")).writerows(rows)
PY
}

(run_set "$old" "$work/old")
(run_set "$new" "$work/new")
if diff -rq "$work/old" "$work/new"; then
  echo "compare-outputs: every byte the same ($(find "$work/old" -type f | wc -l) files, in $work)"
  exit 0
fi
echo "compare-outputs: the files above differ (both sets in $work)"
exit 1
