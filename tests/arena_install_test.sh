#!/bin/sh
# Installs the build into a temporary prefix; checks that every executable
# and example the user documentation names is installed; runs the installed
# loa-arena on the installed example league (quick.json, 20 games, all
# distinct): `{bin}` must find the installed bots beside loa-arena, so no
# game may be a forfeit.
# Usage: arena_install_test.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null

# What the documentation names, read from it (not a list of this script's,
# which would drift): every `loa-NAME` this build made is in bin/, unless the
# documentation says "`loa-NAME` (in `build/bin/`, not installed"; every
# arena/examples/FILE and arena/openings/FILE is in share/loa-arena/.
docs="$src/README.md $src/arena/openings/README.md $(ls "$src"/docs/*.md)"
missing=0
for f in $(grep -ohE 'loa-[a-z0-9][a-z0-9-]*[a-z0-9]' $docs | sort -u); do
    [ -f "$build/bin/$f" ] || continue # not a program (a format's name, a user's bot)
    if grep -qF "\`$f\` (in \`build/bin/\`, not installed" $docs; then
        [ ! -e "$prefix/bin/$f" ] || { echo "installed, the documentation says not: bin/$f"; missing=1; }
    elif [ ! -x "$prefix/bin/$f" ]; then
        echo "not installed: bin/$f (named in $(grep -lw -- "$f" $docs | sed "s|^$src/||" | tr '\n' ' '))"
        missing=1
    fi
done
for f in $(grep -ohE 'arena/(examples|openings)/[A-Za-z0-9_.-]*[A-Za-z0-9]' $docs | sort -u); do
    [ -f "$prefix/share/loa-arena/${f#arena/}" ] || {
        echo "not installed: share/loa-arena/${f#arena/} (named in $(grep -lF -- "$f" $docs | sed "s|^$src/||" | tr '\n' ' '))"
        missing=1
    }
done
[ "$missing" -eq 0 ] || exit 1

[ ! -e "$prefix/bin/hostile-say" ] || { echo "a test bot was installed: bin/hostile-say"; exit 1; }
# bundled.json starts its games from the suite, named relative to itself.
suite=$prefix/share/loa-arena/openings/4ply-balanced.txt
[ -f "$suite" ] || { echo "not installed: share/loa-arena/openings/4ply-balanced.txt"; exit 1; }
grep -q '"openings": "../openings/4ply-balanced.txt"' "$prefix/share/loa-arena/examples/bundled.json" ||
    { echo "the installed bundled.json does not name ../openings/4ply-balanced.txt"; exit 1; }
for f in "$prefix"/share/loa-arena/examples/*.json; do
    ! grep -q '"out"' "$f" || { echo "$f still names an output directory in the source tree"; exit 1; }
done

# From another directory, so that nothing is found through the current one;
# the whole league (about a second).
cd "$tmp"
quick=$prefix/share/loa-arena/examples/quick.json
"$prefix/bin/loa-arena" --concurrency 2 --quiet --out "$tmp/out" "$quick" \
    >"$tmp/stdout" 2>"$tmp/stderr" || {
    echo "installed loa-arena failed:"; cat "$tmp/stderr"; exit 1; }
games=$(sed -n 's/^ *"games": *\([0-9]*\).*/\1/p' "$quick")
lines=$(wc -l <"$tmp/out/games.jsonl")
[ "$lines" -eq "$games" ] || { echo "expected $games games, games.jsonl has $lines lines"; exit 1; }
# Its games differ (two deterministic bots from one position would play
# two games over and over): every move list distinct.
grep -q '"repetitive_pairings":[[:space:]]*0,' "$tmp/out/standings.json" &&
    grep -q "\"distinct_games\":[[:space:]]*$games," "$tmp/out/standings.json" || {
    echo "the quick league's $games games are not all distinct:"
    grep -o '"distinct_games":[^,]*' "$tmp/out/standings.json"; exit 1; }
if grep -q 'failed_to_start' "$tmp/out/games.jsonl"; then
    echo "a bot failed to start:"; cat "$tmp/out/games.jsonl"; exit 1
fi
# Every game was played by the bots: no fault at all between these two.
if grep -q '"fault":"' "$tmp/out/games.jsonl"; then
    echo "a game ended on a fault:"; cat "$tmp/out/games.jsonl"; exit 1
fi
echo "installed loa-arena played the installed quick league: $lines games, no forfeit"
