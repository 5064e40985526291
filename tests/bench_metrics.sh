#!/bin/sh
# bench_metrics.sh - what reading the bots' metrics costs the arena: games
# per second and CPU a game of loa-arena between two test-metric-bots
# printing 6 metrics a turn (`[PDATA][t] mK = V` lines, docs/metrics.md)
# against the same bots printing nothing extra (test-metric-bot 0), in
# alternate runs (ROUNDS each), at concurrency 2; the leagues' bytes a game
# (league.db's page count after a checkpoint) and `--standings DIR
# --metrics`'s time. The issue's goal: the metrics cost <= 2% of the
# arena's throughput. A third league prints the same bytes as text lines
# (not metrics): the difference to it is what reading and storing the
# metrics costs, the rest is the bots' writing and the pipe. The load (uptime) is printed before and after: this
# machine is shared, so compare the figures of one run.
#
# Usage: tests/bench_metrics.sh [BUILD_DIR] [GAMES] [ROUNDS] [OUT_PARENT]
#   (defaults: build, 2000, 5, /dev/shm when it exists, else $TMPDIR or /tmp)
set -eu
build=${1:-build}
games=${2:-2000}
rounds=${3:-5}
parent=${4:-$( [ -d /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")}
arena=$build/bin/loa-arena
bot=$build/bin/test-metric-bot
for exe in "$arena" "$bot"; do
    if [ ! -x "$exe" ]; then
        echo "bench_metrics: $exe not found (build first: cmake --build $build -j2)" >&2
        exit 2
    fi
done
bot=$(cd "$(dirname "$bot")" && pwd)/test-metric-bot
tmp=$(mktemp -d "$parent/bench_metrics.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
echo "metrics' cost: $games games of test-metric-bot N vs itself (150 plies), concurrency 2," \
     "$rounds rounds, in $parent"
echo "before: $(uptime)"
cpu_of() {
    sed -n 2p "$1" | tr 'ms' '  ' | awk '{ printf "%.4f", $1 * 60 + $2 + $3 * 60 + $4 }'
}
# one league: N metrics a turn (MODE: plain, or text: the same bytes, not
# metrics); prints "games/s cpu_ms_a_game"
league() {
    rm -rf "$tmp/l$1$2"
    times > "$tmp/t0"
    "$arena" --bot a="$bot $1 $2" --bot b="$bot $1 $2" --games "$games" --concurrency 2 \
        --out "$tmp/l$1$2" --quiet > "$tmp/out$1"
    times > "$tmp/t1"
    gs=$(sed -n 's/^Played.*(\([0-9.]*\) games\/s.*/\1/p' "$tmp/out$1")
    awk -v g="$gs" -v a="$(cpu_of "$tmp/t0")" -v b="$(cpu_of "$tmp/t1")" -v n="$games" \
        'BEGIN { printf "%s %.3f", g, (b - a) * 1000 / n }'
}
: > "$tmp/silent"
: > "$tmp/six"
: > "$tmp/text"
r=1
while [ "$r" -le "$rounds" ]; do
    s=$(league 0 plain)
    m=$(league 6 plain)
    x=$(league 6 text)
    echo "  round $r: silent $s, 6 metrics $m, 6 text lines $x (games/s, CPU ms a game, bots included)"
    echo "$s" >> "$tmp/silent"
    echo "$m" >> "$tmp/six"
    echo "$x" >> "$tmp/text"
    r=$((r + 1))
done
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
sg=$(cut -d' ' -f1 "$tmp/silent" | median)
mg=$(cut -d' ' -f1 "$tmp/six" | median)
xg=$(cut -d' ' -f1 "$tmp/text" | median)
sc=$(cut -d' ' -f2 "$tmp/silent" | median)
mc=$(cut -d' ' -f2 "$tmp/six" | median)
xc=$(cut -d' ' -f2 "$tmp/text" | median)
echo "median: silent $sg games/s, $sc ms CPU a game; 6 metrics $mg games/s, $mc ms CPU a game;" \
     "6 text lines $xg games/s, $xc ms CPU a game"
awk -v s="$sg" -v m="$mg" -v x="$xg" -v sc="$sc" -v mc="$mc" -v xc="$xc" 'BEGIN {
    printf "metrics against silent bots: %.1f%% of the throughput, %.1f%% more CPU a game\n",
           (s - m) * 100 / s, (mc - sc) * 100 / sc
    printf "metrics against the same bytes as text (reading and storing them): %.1f%% of the" \
           " throughput, %.1f%% more CPU a game\n", (x - m) * 100 / x, (mc - xc) * 100 / xc }'
for n in 0plain 6plain; do
    sqlite3 "$tmp/l$n/league.db" "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null 2>&1 || true
    pages=$(sqlite3 "$tmp/l$n/league.db" "PRAGMA page_count" 2>/dev/null || echo 0)
    size=$(sqlite3 "$tmp/l$n/league.db" "PRAGMA page_size" 2>/dev/null || echo 0)
    echo "league.db with $n metrics a turn: $(awk -v p="$pages" -v s="$size" -v n="$games" \
        'BEGIN { printf "%.0f", p * s / n }') bytes a game ($pages pages of $size bytes)"
done
t0=$(date +%s.%N)
"$arena" --standings "$tmp/l6plain" --metrics > "$tmp/metrics"
t1=$(date +%s.%N)
echo "--standings --metrics over $games games: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s"
echo "after: $(uptime)"
