#!/bin/sh
# Remakes the screenshots of docs/replay.md (docs/img/replay.png and
# docs/img/league-index.png) from the test fixtures, with the built
# loa-replay and loa-arena and headless Chromium (no network).
#   scripts/replay-screenshots.sh [BUILD_DIR]   (default: build)
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "${1:-build}/bin" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shot() { # URL PNG WIDTH HEIGHT
    chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --disable-background-networking --host-resolver-rules='MAP * ~NOTFOUND' \
        --user-data-dir="$tmp/profile" --window-size="$3,$4" --screenshot="$2" "$1" 2>/dev/null
}
"$bin/loa-replay" "$root/tests/fixtures/replay/normal.json" -o "$tmp/normal.html"
shot "file://$tmp/normal.html#ply=23" "$root/docs/img/replay.png" 1200 900
cp -r "$root/tests/fixtures/replay/league" "$tmp/league"
"$bin/loa-arena" --html "$tmp/league" > /dev/null
shot "file://$tmp/league/index.html" "$root/docs/img/league-index.png" 1000 640
ls -l "$root/docs/img/replay.png" "$root/docs/img/league-index.png"
