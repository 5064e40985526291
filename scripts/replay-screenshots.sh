#!/bin/sh
# Remakes the screenshots of docs/replay.md (docs/img/replay.png and
# docs/img/league-index.png) and docs/analysis.md (docs/img/analysis.png:
# the normal game analysed by loa-analyse at its default 300,000 nodes a
# position, reproducible on any machine, shown at the worst
# moment of the side that lost) from the test fixtures, with the built
# loa-replay, loa-arena and loa-analyse and headless Chromium (no network).
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
cp "$root/tests/fixtures/replay/normal.json" "$tmp/analysed.json"
"$bin/loa-analyse" -q "$tmp/analysed.json" > /dev/null
worst=$(awk '/"lost":[ \t]*true/ { lost = 1 } lost && /"worst":/ { gsub(/[^0-9]/, ""); print; exit }' \
        "$tmp/analysed.analysis.json")
shot "file://$tmp/analysed.html#ply=${worst:-0}" "$root/docs/img/analysis.png" 1200 1000
ls -l "$root/docs/img/replay.png" "$root/docs/img/league-index.png" "$root/docs/img/analysis.png"
