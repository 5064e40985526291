#!/bin/sh
# short_options_test.sh - a short option means one thing across the tools:
# every "-x, --long" pair of every tool's --help is collected, and
#  1. a long option has the same short form in every tool that has one;
#  2. a short letter names one long option in every tool, except -s and -l,
#     whose other meanings are documented (CONTRIBUTING.md, "Command lines"):
#     -s is --seed wherever a tool takes a seed, and loa-bundle's
#     --strip-comments and loa-stub's --stub, tools without seeds; -l is
#     loa-referee's record (CodinGame's own referee word) and loa-stub's
#     --lang.
# Usage: short_options_test.sh BIN_DIR
set -eu
bin=${1:?usage: short_options_test.sh BIN_DIR}
pairs=$(mktemp)
trap 'rm -f "$pairs"' EXIT INT TERM
for t in loa-referee loa-arena loa-bundle loa-stub loa-perft loa-replay loa-ab loa-negamax \
         loa-greedy loa-random loa-openings loa-referee-bench loa-analyse loa-analyse-fit loa-datagen; do
    [ -x "$bin/$t" ] || continue
    "$bin/$t" --help 2>&1 | sed -n 's/^ *\(-[A-Za-z0-9]\), \(--[a-z][a-z0-9-]*\).*/\1 \2/p' |
        while read -r s l; do
            # loa-arena's --out (a directory) is the others' --output
            [ "$l" = --out ] && l=--output
            echo "$t $s $l"
        done >>"$pairs"
done
[ -s "$pairs" ] || { echo "short_options_test: no option found in $bin" >&2; exit 1; }
bad=0
# 1. one short form per long option
for l in $(cut -d' ' -f3 "$pairs" | sort -u); do
    n=$(awk -v l="$l" '$3 == l {print $2}' "$pairs" | sort -u | wc -l)
    if [ "$n" -gt 1 ]; then
        echo "$l has several short forms:"; awk -v l="$l" '$3 == l' "$pairs"; bad=1
    fi
done
# 2. one long option per short letter (but -s and -l, above)
for s in $(cut -d' ' -f2 "$pairs" | sort -u); do
    case "$s" in -s|-l) continue ;; esac
    n=$(awk -v s="$s" '$2 == s {print $3}' "$pairs" | sort -u | wc -l)
    if [ "$n" -gt 1 ]; then
        echo "$s means several options:"; awk -v s="$s" '$2 == s' "$pairs"; bad=1
    fi
done
# -s is --seed in every tool with a seed
awk '$3 == "--seed" && $2 != "-s" {print "--seed is not -s in " $1; bad=1} END {exit bad}' \
    "$pairs" || bad=1
echo "short_options_test: $(wc -l <"$pairs") options of $(cut -d' ' -f1 "$pairs" | sort -u |
    wc -l) tools checked"
exit $bad
