#!/bin/sh
# sizes_test.sh - one concept per file, everywhere (every .c and .h of the
# tree, the tests included): no file over 500 lines, no function over 80
# (from its "{" at column 0 to its "}" at column 0, the project's style),
# arena/main.c and arena/tune_main.c under 100 (they parse and dispatch).
# The exceptions are named in one place, with their reason: CONTRIBUTING.md,
# "Layers: who may call whom", between <!-- size exceptions: begin --> and
# <!-- size exceptions: end --> (a file, a function of it or "-" for the
# file's own length, a folder ending in "/" for all its files).
# Usage: sizes_test.sh SOURCE_DIR
set -eu
src=${1:?usage: sizes_test.sh SOURCE_DIR}
cd "$src"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

awk -F'|' '
    /<!-- size exceptions: begin -->/ { on = 1; next }
    /<!-- size exceptions: end -->/ { on = 0 }
    !on || !/^\|/ { next }
    {
        file = $2; fn = $3
        gsub(/[ \t`]/, "", file); gsub(/[ \t`()]/, "", fn)
        if (file == "file" || file ~ /^-+$/) next
        print file, fn == "" ? "-" : fn
    }' CONTRIBUTING.md >"$tmp/exceptions"

{ git ls-files '*.c' '*.h' 2>/dev/null ||
    find . \( -name .git -o -name 'build*' \) -prune -o -name '*.[ch]' -print |
    sed 's|^\./||'; } | sort >"$tmp/files"

# One awk over the list (not xargs: one END, one summary), each file read
# with getline.
awk -v exf="$tmp/exceptions" '
    BEGIN { while ((getline l <exf) > 0) { split(l, e, " "); ex[++nex] = e[1]; exfn[nex] = e[2] } }
    function excepted(file, fn,   i) {
        for (i = 1; i <= nex; i++)
            if (exfn[i] == fn && (ex[i] == file || (ex[i] ~ /\/$/ && index(file, ex[i]) == 1))) {
                used[i] = 1
                return 1
            }
        return 0
    }
    {
        f = $0; lines = 0; body = 0; sig = ""
        while ((getline l <f) > 0) {
            lines++
            if (l ~ /^[a-zA-Z_].*\(/ && !body) sig = l
            else if (l ~ /^\{/ && !body) { body = 1; start = lines }
            else if (l ~ /^\}/ && body) {
                body = 0
                n = lines - start + 1
                if (n > 80) {
                    name = sig
                    if (name ~ /^START_TEST\(/) { sub(/^START_TEST\([ \t]*/, "", name); sub(/[ \t]*\).*/, "", name) }
                    else { sub(/\(.*/, "", name); sub(/.*[ *]/, "", name) }
                    nfns++
                    if (!excepted(f, name)) {
                        printf "sizes_test: %s: %s has %d lines (80 at most)\n", f, name, n
                        longfns++
                    }
                }
            }
        }
        close(f)
        nfiles++
        max = f ~ /^arena\/(tune_)?main\.c$/ ? 99 : 500
        if (lines > max && !excepted(f, "-")) {
            printf "sizes_test: %s has %d lines (%d at most: %s)\n", f, lines, max,
                max == 500 ? "one concept per file" : "it parses and dispatches"
            bigfiles++
        }
    }
    END {
        for (i = 1; i <= nex; i++)
            if (!used[i]) {
                printf "sizes_test: the exception %s %s is not needed: remove it\n", ex[i], exfn[i]
                stale++
            }
        printf "sizes_test: %d files; %d files too long, %d functions over 80 lines (%d excepted)%s\n",
            nfiles, bigfiles, longfns, nfns - longfns, stale ? ", stale exceptions" : ""
        exit (bigfiles + longfns + stale) > 0
    }' <"$tmp/files"
