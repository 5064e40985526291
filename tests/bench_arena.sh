#!/bin/sh
# bench_arena.sh - loa-arena throughput: games per second between two loa-first
# bots (answer the first listed move at once), at concurrency 1 and 2.
# Each game costs two process spawns, ~150 pipe round trips, one JSON record
# and one fsync'd games.jsonl line, so this measures the arena's and the
# referee's overhead, not bot thinking.
#
# Usage: tests/bench_arena.sh [BUILD_DIR] [GAMES]   (defaults: build, 2000)
# Prints one line per concurrency level; the figures go in docs/arena.md.
set -eu
build=${1:-build}
games=${2:-2000}
arena=$build/bin/loa-arena
first=$build/bin/loa-first
for exe in "$arena" "$first"; do
    if [ ! -x "$exe" ]; then
        echo "bench_arena: $exe not found (build first: cmake --build $build -j2)" >&2
        exit 2
    fi
done
tmp=$(mktemp -d /tmp/bench_arena.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
echo "loa-arena throughput: $games games of loa-first vs loa-first, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
for c in 1 2; do
    out=$("$arena" --bot a="$first" --bot b="$first" --games "$games" --concurrency "$c" \
          --out "$tmp/c$c" --quiet)
    line=$(printf '%s\n' "$out" | grep '^Played')
    echo "concurrency $c: $line"
done
