#!/usr/bin/env bash
# Builds the docs: the site of docs/*.md with mkdocs (into build/docs/site) and the API reference
# of include/catacomb with Doxygen (into build/docs/api). Fails on any warning: a broken link or
# anchor, a page missing from mkdocs.yml's nav, an undocumented public declaration.
#
# Usage: scripts/docs.sh            (from any directory; needs no network)
# Needs Debian's mkdocs and doxygen packages (mkdocs 1.4's readthedocs theme ships with it).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

# Debian's mkdocs and its Python: a python3 earlier on PATH (pyenv, a venv) may lack the module.
MKDOCS=${MKDOCS:-/usr/bin/mkdocs}
PYTHON=${PYTHON:-/usr/bin/python3}
DOXYGEN=${DOXYGEN:-doxygen}
for tool in "$MKDOCS" "$PYTHON" "$DOXYGEN"; do
  command -v "$tool" >/dev/null || { echo "docs: $tool not found (apt-get install mkdocs doxygen)" >&2; exit 2; }
done

start=$(date +%s%N)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
mkdir -p build/docs

# 1. The site. mkdocs 1.4 only notes (INFO) a page left out of nav: every docs/*.md must be in it.
missing=0
for page in docs/*.md; do
  grep -qE "^[[:space:]]*-[^:]*:[[:space:]]*${page#docs/}[[:space:]]*$" mkdocs.yml ||
    { echo "docs: ${page} is not in mkdocs.yml's nav" >&2; missing=1; }
done
[ "$missing" = 0 ] || exit 1

# --strict turns mkdocs's warnings (a link to a missing page, a page not in nav)
# into a failure; any WARNING line left in the log fails too.
rm -rf build/docs/site
if ! "$MKDOCS" build --strict -f mkdocs.yml >"$log" 2>&1 || grep -q WARNING "$log"; then
  cat "$log" >&2
  echo "docs: mkdocs build failed" >&2
  exit 1
fi

# mkdocs 1.4 checks links to pages but not anchors within them (page.md#section): check those
# against the ids of the built HTML.
"$PYTHON" - build/docs/site <<'EOF'
import html, os, re, sys
site = sys.argv[1]
ids = {}
for name in os.listdir(site):
    if name.endswith(".html"):
        with open(os.path.join(site, name), encoding="utf-8") as f:
            ids[name] = f.read()
bad = 0
anchors = {name: set(re.findall(r'\bid="([^"]+)"', text)) for name, text in ids.items()}
for name, text in ids.items():
    if name in ("404.html", "search.html"):
        continue
    for href in re.findall(r'href="([^"]+)"', text):
        href = html.unescape(href)
        if re.match(r"[a-z][a-z0-9+.-]*:", href) or "#" not in href:
            continue
        page, anchor = href.split("#", 1)
        page = page or name
        if anchor and page in anchors and anchor not in anchors[page]:
            print(f"docs: {name}: broken link {href} (no such anchor)", file=sys.stderr)
            bad += 1
sys.exit(1 if bad else 0)
EOF
pages=$(find build/docs/site -maxdepth 1 -name '*.html' ! -name 404.html ! -name search.html | wc -l)

# 2. The API reference. The Doxyfile sets WARN_AS_ERROR=FAIL_ON_WARNINGS; any warning line fails
# here as well.
rm -rf build/docs/api
mkdir -p build/docs/api
if ! "$DOXYGEN" docs/Doxyfile >"$log" 2>&1 || grep -qiE 'warning|error' "$log"; then
  cat "$log" >&2
  echo "docs: doxygen failed (every public declaration in include/catacomb needs a /// comment)" >&2
  exit 1
fi
files=$(find build/docs/api/html -name '*.html' | wc -l)

end=$(date +%s%N)
echo "docs: site, $pages pages -> build/docs/site/index.html"
echo "docs: API reference, $files HTML files -> build/docs/api/html/index.html"
ms=$(( (end - start) / 1000000 ))
printf 'docs: built in %d.%03d s, no warnings\n' $((ms / 1000)) $((ms % 1000))
