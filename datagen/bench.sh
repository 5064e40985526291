#!/bin/sh
# datagen/bench.sh - loa-datagen's speed against its goal (issue 45): the
# positions searched per second with 1 and 2 workers, against what the
# same bot's search alone reaches at that budget (loa-ab --bench's nodes/s
# divided by the budget, per core), with the machine's load before and
# after (a shared machine's other work takes cores: read the figures with
# it); for each, the analysis protocol (loa-ab --analyse) and the CodinGame
# protocol with the metrics (loa-ab --nodes through the referee), one after
# the other. Nothing is kept: the files go to a temporary directory.
# Usage: datagen/bench.sh BIN_DIR [GAMES [NODES]]   (defaults 200 and 5000)
set -eu
bin=${1:?usage: datagen/bench.sh BIN_DIR [GAMES [NODES]]}
games=${2:-200}
nodes=${3:-5000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
echo "load before: $(uptime | sed 's/.*load average: //')"
nps=$("$bin/loa-ab" --bench | sed -n 's/^bench: nodes .* nps \([0-9]*\)$/\1/p')
alone=$((nps / nodes))
echo "loa-ab --bench: $nps nodes/s: the search alone, $alone positions/s a core at $nodes nodes"
for run in "1 analysis" "1 codingame" "2 analysis" "2 codingame"; do
    set -- $run
    c=$1 protocol=$2
    if [ "$protocol" = analysis ]; then
        set -- --nodes "$nodes"
    else
        set -- --protocol codingame --bot "$bin/loa-ab -q --nodes $nodes --hash 1"
    fi
    line=$("$bin/loa-datagen" -q -o "$tmp/c$c$protocol.bin" --games "$games" -c "$c" "$@" |
        sed -n 's/.* positions searched in \([0-9.]*\) s (\([0-9]*\) positions\/s.*; \([0-9]*\) nodes a position, \([0-9]*\) nodes\/s; loa-datagen.s own CPU \([0-9.]*\) s.*/\1 \2 \3 \4 \5/p')
    set -- $line
    echo "loa-datagen -c $c, $protocol: $games games in $1 s, $2 positions/s:" \
        "$(awk -v r="$2" -v a="$alone" -v c="$c" 'BEGIN { printf "%.0f%%", 100 * r / (a * c) }')" \
        "of the search alone on $c core(s); $3 nodes a position, $4 nodes/s;" \
        "loa-datagen's own CPU $5 s"
done
echo "load after: $(uptime | sed 's/.*load average: //')"
