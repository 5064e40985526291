#!/bin/sh
# format_test.sh - every tracked .c and .h is as clang-format writes it with
# the project's .clang-format (clang-format 14). tests/golden/ is left out:
# it holds generated stubs compared byte for byte. Without clang-format the
# test is skipped (exit 77), unless CI is set: CI has it
# (scripts/install-deps.sh). tests/fuzz/corpus/ is input data, left out too.
# A file named: run `clang-format -i FILE`.
# Usage: format_test.sh SOURCE_DIR
set -eu
cd "${1:?usage: format_test.sh SOURCE_DIR}"
cf=${CLANG_FORMAT:-clang-format}
if ! command -v "$cf" >/dev/null 2>&1; then
    if [ -n "${CI:-}" ]; then
        echo "format_test: $cf not found (CI is set: install the Debian package clang-format)"
        exit 1
    fi
    echo "format_test: $cf not found: skipped (Debian package clang-format)"
    exit 77
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT INT TERM
{ git ls-files '*.c' '*.h' 2>/dev/null ||
    find . \( -name .git -o -name 'build*' \) -prune -o -name '*.[ch]' -print |
    sed 's|^\./||'; } | grep -v '^tests/golden/\|^tests/fuzz/corpus/' >"$tmp"
# One clang-format over all the files: --dry-run warns once per place to
# change, "FILE:LINE:COL: warning: ...", counted by file.
n=$(wc -l <"$tmp")
xargs "$cf" --style=file --dry-run <"$tmp" 2>&1 | awk -v n="$n" '
    / warning: / && /clang-format/ { f = $0; sub(/:[0-9]+:[0-9]+: .*/, "", f); if (!(f in c)) order[++k] = f; c[f]++; next }
    /error:/ { print "format_test: " $0; err++ }
    END {
        for (i = 1; i <= k; i++)
            printf "format_test: %s is not formatted (%d places: clang-format -i %s)\n", order[i], c[order[i]], order[i]
        printf "format_test: %d files, %d not formatted\n", n, k
        exit (k + err) > 0
    }'
