#!/bin/sh
# bench_arena.sh - loa-arena throughput against its floor: games per second
# between two loa-first bots (answer the first listed move at once), at
# concurrency 1 and 2, next to the relay floor of loa-referee-bench (the same
# games with the bots spawned directly, the same bytes exchanged, nothing
# judged or recorded) measured in the same run, and their ratio.
# Each arena game costs two process spawns, ~150 pipe round trips, a JSON
# record, a replay page and one fsync'd games.jsonl line, so this measures
# the arena's and the referee's overhead, not bot thinking.
#
# Usage: tests/bench_arena.sh [BUILD_DIR] [GAMES]   (defaults: build, 1000)
# Prints one block per concurrency level; the figures go in docs/arena.md.
set -eu
build=${1:-build}
games=${2:-1000}
arena=$build/bin/loa-arena
first=$build/bin/loa-first
bench=$build/bin/loa-referee-bench
for exe in "$arena" "$first" "$bench"; do
    if [ ! -x "$exe" ]; then
        echo "bench_arena: $exe not found (build first: cmake --build $build -j2)" >&2
        exit 2
    fi
done
tmp=$(mktemp -d /tmp/bench_arena.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
echo "loa-arena throughput: $games games of loa-first vs loa-first, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
for c in 1 2; do
    floor=$("$bench" --floor -n "$games" -j "$c" --bot "$first")
    out=$("$arena" --bot a="$first" --bot b="$first" --games "$games" --concurrency "$c" \
          --out "$tmp/c$c" --quiet)
    line=$(printf '%s\n' "$out" | grep '^Played')
    echo "concurrency $c:"
    echo "  arena: $line"
    echo "  $floor"
    a=$(printf '%s\n' "$line" | sed -n 's/.*(\([0-9.]*\) games\/s.*/\1/p')
    f=$(printf '%s\n' "$floor" | sed -n 's/.*: \([0-9.]*\) games\/s/\1/p')
    echo "  arena / floor: $(awk -v a="$a" -v f="$f" 'BEGIN { printf "%.2f", a / f }')"
done
