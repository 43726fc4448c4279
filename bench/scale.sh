#!/bin/sh
# Memory and time at scale: the CLI's generate, validate and path on the largest maps it accepts,
# each as its own process under /usr/bin/time, against the per-cell budget --max-memory checks
# (tools/memory_budget.hpp). A bench, not a test: 16384x16384 needs about 15 GB and minutes.
#
#   bench/scale.sh [SIDE ...]          # default: 2048 4096; e.g. bench/scale.sh 16384
#   CATACOMB=build/release/catacomb GENERATORS="caves rooms" bench/scale.sh 4096
#   MAX_MEMORY=20000 bench/scale.sh 16384   # --max-memory in MiB for every command (the default,
#                                           # half the machine's memory, may refuse 16384x16384)
#
# Prints one row per (generator, side, command): seconds, peak resident memory, bytes per cell,
# the budget's bytes per cell and whether the peak is within it (the budget times the cells, plus
# 16 MB for the program itself, which dominates small maps). Work files go to a temporary
# directory (TMPDIR), removed at the end. Exit status 1 when a peak is over its budget.
set -eu

CATACOMB=${CATACOMB:-build/release/catacomb}
GENERATORS=${GENERATORS:-"caves rooms"}
[ $# -gt 0 ] || set -- 2048 4096
[ -x "$CATACOMB" ] || { echo "scale.sh: $CATACOMB not built (cmake --workflow --preset test, or set CATACOMB)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "scale.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

# The budgets, read from the header the CLI is built with.
HERE=$(cd "$(dirname "$0")/.." && pwd)
budget() { sed -n "s/.*k$1BytesPerCell = \([0-9]*\);.*/\1/p" "$HERE/tools/memory_budget.hpp"; }
GEN_BUDGET=$(budget Generate)
VAL_BUDGET=$(budget Validate)
PATH_BUDGET=$(budget Path)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/catacomb-scale.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
over=0

# run LABEL SIDE BUDGET CMD...: times CMD, prints its row.
run() {
  label=$1 side=$2 per_cell=$3
  shift 3
  [ -z "${MAX_MEMORY:-}" ] || set -- "$@" --max-memory "$MAX_MEMORY"
  if ! /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >"$WORK/out" 2>"$WORK/err"; then
    echo "scale.sh: $label failed: $(head -c 300 "$WORK/err")" >&2
    exit 1
  fi
  set -- $(cat "$WORK/time")
  awk -v l="$label" -v side="$side" -v s="$1" -v kb="$2" -v b="$per_cell" 'BEGIN {
    cells = side * side; bpc = kb * 1024 / cells; ok = kb * 1024 <= b * cells + 16 * 2^20 ? "yes" : "NO";
    printf "%-28s %6d  %8.2f s  %9.1f MB  %6.1f  %6d  %s\n", l, side, s, kb / 1024, bpc, b, ok }'
  awk -v kb="$2" -v side="$side" -v b="$per_cell" 'BEGIN { exit (kb * 1024 <= b * side * side + 16 * 2^20) ? 0 : 1 }' || over=1
}

printf "%-28s %6s  %10s  %12s  %6s  %6s  %s\n" "command" "side" "time" "peak" "B/cell" "budget" "within"
for side in "$@"; do
  for g in $GENERATORS; do
    map="$WORK/$g-$side.json"
    run "generate --generator $g" "$side" "$GEN_BUDGET" \
      "$CATACOMB" generate --generator "$g" --width "$side" --height "$side" --seed 1 --json "$map"
    run "validate ($g)" "$side" "$VAL_BUDGET" "$CATACOMB" validate "$map"
    # A route across the map, from the start to the exit (what validate found reachable).
    from=$(sed -n 's/^  start at \([0-9]*,[0-9]*\):.*/\1/p' "$WORK/out" | head -n 1)
    to=$(sed -n 's/^  exit at \([0-9]*,[0-9]*\):.*/\1/p' "$WORK/out" | head -n 1)
    if [ -n "$from" ] && [ -n "$to" ]; then
      run "path ($g, start to exit)" "$side" "$PATH_BUDGET" "$CATACOMB" path "$map" --from "$from" --to "$to"
    fi
    rm -f "$map"
  done
done
exit $over
