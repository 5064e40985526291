#!/bin/sh
# Installs the build into a temporary prefix and runs the installed loa-arena
# on the installed example league (quick.json, 2 games): `{bin}` must find
# the installed bots beside loa-arena, so no game may be a forfeit.
# Usage: arena_install_test.sh BUILD_DIR
set -eu
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null

for f in loa-arena loa-referee loa-first loa-example loa-random loa-greedy loa-negamax loa-ab; do
    [ -x "$prefix/bin/$f" ] || { echo "not installed: bin/$f"; exit 1; }
done
[ ! -e "$prefix/bin/hostile-say" ] || { echo "a test bot was installed: bin/hostile-say"; exit 1; }
# bundled.json starts its games from the suite, named relative to itself.
suite=$prefix/share/loa-arena/openings/4ply-balanced.txt
[ -f "$suite" ] || { echo "not installed: share/loa-arena/openings/4ply-balanced.txt"; exit 1; }
grep -q '"openings": "../openings/4ply-balanced.txt"' "$prefix/share/loa-arena/examples/bundled.json" ||
    { echo "the installed bundled.json does not name ../openings/4ply-balanced.txt"; exit 1; }
for league in quick bundled; do
    f=$prefix/share/loa-arena/examples/$league.json
    [ -f "$f" ] || { echo "not installed: share/loa-arena/examples/$league.json"; exit 1; }
    ! grep -q '"out"' "$f" || { echo "$f still names an output directory in the source tree"; exit 1; }
done

# From another directory, so that nothing is found through the current one.
cd "$tmp"
"$prefix/bin/loa-arena" --games 2 --concurrency 2 --quiet --out "$tmp/out" \
    "$prefix/share/loa-arena/examples/quick.json" >"$tmp/stdout" 2>"$tmp/stderr" || {
    echo "installed loa-arena failed:"; cat "$tmp/stderr"; exit 1; }
lines=$(wc -l <"$tmp/out/games.jsonl")
[ "$lines" -eq 2 ] || { echo "expected 2 games, games.jsonl has $lines lines"; exit 1; }
if grep -q 'failed_to_start' "$tmp/out/games.jsonl"; then
    echo "a bot failed to start:"; cat "$tmp/out/games.jsonl"; exit 1
fi
# Every game was played by the bots: no fault at all between these two.
if grep -q '"fault":"' "$tmp/out/games.jsonl"; then
    echo "a game ended on a fault:"; cat "$tmp/out/games.jsonl"; exit 1
fi
echo "installed loa-arena played the installed quick league: $lines games, no forfeit"
