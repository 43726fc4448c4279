#!/bin/sh
# ctest's set-up for the browser tests (browser.npm_ci): installs puppeteer-core as locked in
# package-lock.json with `npm ci` (from the npm registry; it drives Debian's Chromium and
# downloads no browser), once per lock file. Runs in the build directory's copy of tests/browser.
set -eu
if ! command -v npm >/dev/null 2>&1; then
  echo "npm is missing: the review page's browser test needs Node.js and npm (scripts/setup.sh installs them)" >&2
  exit 1
fi
if cmp -s package-lock.json node_modules/.catacomb-installed-lock 2>/dev/null; then
  echo "puppeteer-core is installed (package-lock.json unchanged)"
  exit 0
fi
npm ci --no-audit --no-fund
cp package-lock.json node_modules/.catacomb-installed-lock
