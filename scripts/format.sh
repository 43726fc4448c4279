#!/usr/bin/env bash
# The code format: .clang-format at the repository's root, applied by clang-format 14 (Debian 12's).
#   scripts/format.sh           reformats every tracked C and C++ file in place
#   scripts/format.sh --check   changes nothing; lists each file that differs and exits 1 (CI)
# The files are git's *.c, *.h, *.cpp and *.hpp, tracked or new but not ignored (a file not yet
# added is checked too); generated files live in build/ only.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
for arg in "$@"; do
  case "$arg" in
    --check) check=1 ;;
    *) echo "format: unknown argument '$arg' (expected --check)" >&2; exit 2 ;;
  esac
done
FORMAT=${CLANG_FORMAT:-clang-format-14}
command -v "$FORMAT" >/dev/null || { echo "format: $FORMAT not found (scripts/setup.sh --docs installs it)" >&2; exit 2; }
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.c' '*.h' '*.cpp' '*.hpp' | sort -u)
if [[ $check -eq 0 ]]; then
  "$FORMAT" -i --style=file "${files[@]}"
  echo "format: ${#files[@]} files formatted"
  exit 0
fi
bad=0
for f in "${files[@]}"; do
  if ! "$FORMAT" --style=file --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "format: $f differs from .clang-format (run scripts/format.sh)" >&2
    bad=$((bad + 1))
  fi
done
if [[ $bad -gt 0 ]]; then
  echo "format: $bad of ${#files[@]} files differ" >&2
  exit 1
fi
echo "format: ${#files[@]} files follow .clang-format"
