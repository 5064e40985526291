#!/bin/sh
# Remakes the screenshots of docs/replay.md and docs/arena.md with the built
# tools and headless Chromium (no network):
#   docs/img/replay.png        a game's page in a league (loa-ab's evaluation)
#   docs/img/league-index.png  a league's page (standings, Elo over games,
#                              time per turn, faults, games)
#   docs/img/league-sprt.png   an SPRT's page, decided
#   docs/img/bot-page.png      a bot's page (its losses, faults, stderr)
#   docs/img/analysis.png      docs/analysis.md: the normal game analysed by
#                              loa-analyse at its default 300,000 nodes a
#                              position (reproducible on any machine), shown
#                              at the worst moment of the side that lost
# The leagues are played here, seeded: about a minute on 2 cores.
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
# A league of four bots: loa-ab (prints its score), two quick ones, and one
# that answers ten turns, then too late (it loses on time).
"$bin/loa-arena" --bot ab="$bin/loa-ab" --bot greedy="$bin/loa-greedy" \
    --bot random="$bin/loa-random" --bot slow="$bin/hostile-slow 200 10" \
    --games 4 --seed 7 --pages all --out "$tmp/my-league" --quiet > /dev/null
shot "file://$tmp/my-league/index.html" "$root/docs/img/league-index.png" 1100 1900
shot "file://$tmp/my-league/bot-slow.html" "$root/docs/img/bot-page.png" 1000 1250
# a game loa-ab won, opened in the middle
id=$(sed -n 's/.*"id":\([0-9]*\),.*"black":"ab","white":"greedy".*/\1/p' "$tmp/my-league/games.jsonl" | head -1)
page=$(printf '%06d' "$id")
shot "file://$tmp/my-league/games/$page.html#ply=20" "$root/docs/img/replay.png" 1200 1150
"$bin/loa-arena" --bot greedy="$bin/loa-greedy" --bot random="$bin/loa-random" \
    --openings "$root/arena/openings/4ply-balanced.txt" --sprt elo0=0 elo1=50 \
    --out "$tmp/greedy-sprt" --quiet > /dev/null
shot "file://$tmp/greedy-sprt/index.html" "$root/docs/img/league-sprt.png" 1000 1000
cp "$root/tests/fixtures/replay/normal.json" "$tmp/analysed.json"
"$bin/loa-analyse" -q "$tmp/analysed.json" > /dev/null
worst=$(awk '/"lost":[ \t]*true/ { lost = 1 } lost && /"worst":/ { gsub(/[^0-9]/, ""); print; exit }' \
        "$tmp/analysed.analysis.json")
shot "file://$tmp/analysed.html#ply=${worst:-0}" "$root/docs/img/analysis.png" 1200 1000
ls -l "$root/docs/img/replay.png" "$root/docs/img/league-index.png" \
    "$root/docs/img/league-sprt.png" "$root/docs/img/bot-page.png" "$root/docs/img/analysis.png"
