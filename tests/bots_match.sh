#!/bin/sh
# tests/bots_match.sh - plays a match between two bots through loa-referee,
# colours swapped every game, seeds varied, several games at once, and
# tallies wins, losses, draws, timeouts and invalid answers from the
# referee's JSON records.
#
#   tests/bots_match.sh [-n GAMES] [-j JOBS] [-o DIR] [-s SEED] [-r REFEREE]
#                       [-b BINDIR] "CMD_A" "CMD_B"
#
#   -n GAMES    games to play (default 20); odd-numbered games A is black
#   -j JOBS     games in parallel (default 2)
#   -o DIR      where records and results go (default: a new /tmp/bots_match.XXXXXX)
#   -s SEED     seed of game 1; game i uses SEED+i-1 (default 1)
#   -r REFEREE  the referee (default: BINDIR/loa-referee)
#   -b BINDIR   directory of the bots and referee (default: build/bin next to tests/)
#   -k          keep every game's JSON record (default: only games with a fault)
#   -t DIR      only print the tally of the match in DIR (finished or running)
#
# In CMD_A/CMD_B, {seed} becomes a per-game number (e.g. "loa-random -s {seed}"),
# and a command not starting with / or . is looked up in BINDIR first.
# DIR/results.txt gets one line per finished game, so a long background run
# can be watched while it plays:
#   game seed a_color score_a score_b reason plies a_max_ms b_max_ms a_first_ms b_first_ms
# (max_ms: the slowest turn after the first, as timed by the referee).
# The summary is printed at the end; -t DIR prints it again at any time.
# DIR/match.txt names the bots and the machine's load average at start and end.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
games=20 jobs=2 dir= seed=1 referee= bindir="$here/../build/bin" keep=0 tally_only=

summary() { # $1 = results.txt
    awk '
    { n++; plies += $7
      if ($4 == 1) aw++; else if ($5 == 1) bw++; else if ($4 == 0 && $5 == 0) dr++
      else if ($5 == -1) af++; else if ($4 == -1) bf++
      if ($4 == -1 || $5 == -1) {
          who = ($4 == -1) ? "A" : "B"
          if ($6 == "timeout") to[who]++
          else if ($6 ~ /^invalid/) inv[who]++
          else other[who]++
      }
      if ($8 > amax) amax = $8; if ($9 > bmax) bmax = $9
      if ($10 > afirst) afirst = $10; if ($11 > bfirst) bfirst = $11
    }
    END {
      if (n == 0) { print "no game finished yet"; exit }
      printf "games %d: A wins %d, B wins %d, draws %d; won by the other bot'"'"'s fault: A %d, B %d\n", \
             n, aw, bw, dr, af, bf
      printf "A won %.1f%% of the games (%.1f%% counting wins by B'"'"'s fault)\n", 100 * aw / n, 100 * (aw + af) / n
      printf "timeouts: A %d, B %d; invalid answers: A %d, B %d; other faults (crash, ...): A %d, B %d\n", \
             to["A"], to["B"], inv["A"], inv["B"], other["A"], other["B"]
      printf "average plies %.1f; slowest later turn: A %d ms, B %d ms; slowest first turn: A %d ms, B %d ms\n", \
             plies / n, amax, bmax, afirst, bfirst
    }' "$1"
}

# One game: $1 = game number; settings in BM_* (exported by the parent run).
# Appends a line to $BM_DIR/results.txt.
one_game() {
    i=$1
    s=$((BM_SEED + i - 1))
    a=$(echo "$BM_CMD_A" | sed "s/{seed}/$((s * 2))/g")
    b=$(echo "$BM_CMD_B" | sed "s/{seed}/$((s * 2 + 1))/g")
    rec="$BM_DIR/game$i.json"
    if [ $((i % 2)) -eq 1 ]; then
        black=$a white=$b acolor=black
    else
        black=$b white=$a acolor=white
    fi
    if ! "$BM_REFEREE" -q -p1 "$black" -p2 "$white" --seed "$s" -l "$rec" > "$BM_DIR/game$i.out" 2>&1; then
        echo "game $i: referee failed: $(cat "$BM_DIR/game$i.out")" >&2
        echo "$i $s $acolor 0 0 referee_error 0 0 0 0 0" >> "$BM_DIR/results.txt"
        return 0
    fi
    # The record is cJSON's formatted output: one key per line.
    awk -v acolor="$acolor" -v i="$i" -v s="$s" '
    /"winner":/   { w = $NF; gsub(/[",]/, "", w) }
    /"reason":/   { r = $NF; gsub(/[",]/, "", r) }
    /"scores":/   { sc = $0; sub(/.*\[/, "", sc); sub(/\].*/, "", sc); split(sc, v, ",") }
    /"plies":[ \t]*[0-9]/ { p = $NF; gsub(/[^0-9]/, "", p) }
    /"player":/   { pl = $NF; gsub(/[^0-9]/, "", pl) }
    /"time_us":/  { t = $NF; gsub(/[^0-9]/, "", t); ms = int(t / 1000)
                    if (seen[pl]++) { if (ms > mx[pl]) mx[pl] = ms } else first[pl] = ms }
    END {
      ai = (acolor == "black") ? 0 : 1; bi = 1 - ai
      printf "%s %s %s %d %d %s %d %d %d %d %d\n", i, s, acolor, v[ai + 1], v[bi + 1], r, p, \
             mx[ai], mx[bi], first[ai], first[bi]
    }' "$rec" >> "$BM_DIR/results.txt"
    if [ "$BM_KEEP" -eq 0 ] && ! grep -q -- '-1' "$BM_DIR/game$i.out"; then
        rm -f "$rec"
    fi
    rm -f "$BM_DIR/game$i.out"
}

while getopts "n:j:o:s:r:b:kt:G:h" opt; do
    case $opt in
    n) games=$OPTARG ;;
    j) jobs=$OPTARG ;;
    o) dir=$OPTARG ;;
    s) seed=$OPTARG ;;
    r) referee=$OPTARG ;;
    b) bindir=$OPTARG ;;
    k) keep=1 ;;
    t) tally_only=$OPTARG ;;
    G) one_game "$OPTARG"; exit 0 ;; # internal: one game, settings from the environment
    h) sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bots_match.sh: bad option (see -h)" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ -n "$tally_only" ]; then
    summary "$tally_only/results.txt"
    exit 0
fi
if [ $# -ne 2 ]; then
    echo "bots_match.sh: need two bot commands (see -h)" >&2
    exit 2
fi
bindir=$(cd "$bindir" && pwd)
: "${referee:=$bindir/loa-referee}"
[ -x "$referee" ] || { echo "bots_match.sh: no referee at $referee" >&2; exit 2; }
resolve() { case $1 in /* | .*) echo "$1" ;; *) echo "$bindir/$1" ;; esac; }
cmd_a=$(resolve "$1") cmd_b=$(resolve "$2")
[ -n "$dir" ] || dir=$(mktemp -d /tmp/bots_match.XXXXXX)
mkdir -p "$dir"
: > "$dir/results.txt"
echo "A = $cmd_a" > "$dir/match.txt"
echo "B = $cmd_b" >> "$dir/match.txt"
echo "games $games, $jobs at once, seeds $seed..$((seed + games - 1)), started $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >> "$dir/match.txt"
cat "$dir/match.txt"
echo "results: $dir/results.txt"

BM_CMD_A=$cmd_a BM_CMD_B=$cmd_b BM_DIR=$dir BM_SEED=$seed BM_REFEREE=$referee BM_KEEP=$keep
export BM_CMD_A BM_CMD_B BM_DIR BM_SEED BM_REFEREE BM_KEEP
seq 1 "$games" | xargs -P "$jobs" -n 1 "$0" -G

echo "finished $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >> "$dir/match.txt"
summary "$dir/results.txt"
