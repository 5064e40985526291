#!/bin/sh
# docs_tables_test.sh - the documentation's tables are whole: a table row
# that does not follow another starts a table (a header and its |---| line
# next), so no paragraph sits inside a table (its rows after it would show as
# text); and no two rows of a table share their first cell (a stale copy of
# a row).
# Usage: docs_tables_test.sh SOURCE_DIR
set -eu
src=$1
bad=0
for f in "$src"/README.md "$src"/CONTRIBUTING.md "$src"/docs/*.md "$src"/arena/openings/README.md; do
    awk -v file="${f#"$src"/}" '
        /^```/ { code = !code }
        code { prev = ""; next }
        /^\|/ {
            if (prev !~ /^\|/) {
                start = FNR; header = 1; delete seen
            } else if (header && FNR == start + 1) {
                if ($0 !~ /^\|[ :|-]*-[ :|-]*$/) {
                    printf "%s:%d: a table row without a header: a table cut by a paragraph?\n", file, start
                    bad = 1
                }
                header = 0
            } else {
                cell = $0; sub(/^\| */, "", cell); sub(/ *\|.*/, "", cell)
                if (cell != "" && (cell in seen)) {
                    printf "%s:%d: a second row for %s (the first at line %d)\n", file, FNR, cell, seen[cell]
                    bad = 1
                }
                seen[cell] = FNR
            }
        }
        { prev = $0 }
        END { exit bad }' "$f" || bad=1
done
exit $bad
