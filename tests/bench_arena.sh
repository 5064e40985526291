#!/bin/sh
# bench_arena.sh - loa-arena throughput against its floor: games per second
# between two loa-first bots (answer the first listed move at once), at
# concurrency 1 and 2, next to the relay floor of loa-referee-bench (the same
# games with the bots spawned directly, the same bytes exchanged, nothing
# judged or recorded) measured in the same run, and their ratio.
# Each arena game costs two process spawns, ~150 pipe round trips, one
# transaction of the league database (its row and compressed record) and a
# games.jsonl line (no replay page: these games end without a fault, see
# --pages), so this measures the arena's and the referee's overhead, not
# bot thinking.
#
# Usage: tests/bench_arena.sh [BUILD_DIR] [GAMES] [OUT_PARENT]
#   (defaults: build, 1000, $TMPDIR or /tmp). The leagues are written in a
#   new directory under OUT_PARENT: its file system is part of the figure
#   (the database's writes and checkpoints), so the line above the figures
#   names it. /dev/shm (tmpfs) measures the arena itself.
# Prints one block per concurrency level; the figures go in docs/arena.md.
set -eu
build=${1:-build}
games=${2:-1000}
parent=${3:-${TMPDIR:-/tmp}}
arena=$build/bin/loa-arena
first=$build/bin/loa-first
bench=$build/bin/loa-referee-bench
for exe in "$arena" "$first" "$bench"; do
    if [ ! -x "$exe" ]; then
        echo "bench_arena: $exe not found (build first: cmake --build $build -j2)" >&2
        exit 2
    fi
done
tmp=$(mktemp -d "$parent/bench_arena.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
echo "loa-arena throughput: $games games of loa-first vs loa-first, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "output in $parent ($(stat -f -c %T "$tmp") file system)"
# CPU seconds (user + system) of every process this shell has waited for:
# the second line of `times` (the children's), written by this shell to a
# file, since in a command substitution or a pipeline it would run in a
# fork without those children.
cpu_of() {
    sed -n 2p "$1" | tr 'ms' '  ' | awk '{ printf "%.4f", $1 * 60 + $2 + $3 * 60 + $4 }'
}
per_game_ms() { awk -v a="$1" -v b="$2" -v n="$games" 'BEGIN { printf "%.2f", (b - a) * 1000 / n }'; }
for c in 1 2; do
    times > "$tmp/t0"
    "$bench" --floor -n "$games" -j "$c" --bot "$first" > "$tmp/floor"
    times > "$tmp/t1"
    floor=$(cat "$tmp/floor")
    f=$(printf '%s\n' "$floor" | sed -n 's/.*: \([0-9.]*\) games\/s/\1/p')
    fc=$(per_game_ms "$(cpu_of "$tmp/t0")" "$(cpu_of "$tmp/t1")")
    echo "concurrency $c:"
    echo "  $floor; CPU $fc ms a game"
    # the default, then every game pinned to one CPU (--affinity)
    for opt in "" --affinity; do
        times > "$tmp/t0"
        "$arena" --bot a="$first" --bot b="$first" --games "$games" --concurrency "$c" \
            --out "$tmp/c$c$opt" --quiet $opt > "$tmp/arena"
        times > "$tmp/t1"
        line=$(grep '^Played' "$tmp/arena")
        ac=$(per_game_ms "$(cpu_of "$tmp/t0")" "$(cpu_of "$tmp/t1")")
        a=$(printf '%s\n' "$line" | sed -n 's/.*(\([0-9.]*\) games\/s.*/\1/p')
        echo "  arena${opt:+ $opt}: $line; CPU $ac ms a game (bots included)"
        echo "    arena${opt:+ $opt} / floor: $(awk -v a="$a" -v f="$f" 'BEGIN { printf "%.2f", a / f }') in games/s," \
             "$(awk -v a="$ac" -v f="$fc" 'BEGIN { printf "%.2f", f / a }') in CPU a game"
    done
done
