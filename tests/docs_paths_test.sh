#!/bin/sh
# docs_paths_test.sh - a doc that names a file of the tree names one that
# exists. Read: README.md, CONTRIBUTING.md and docs/*.md, outside fenced code
# blocks (examples), the words in `backticks` and the targets of links.
#   - a word starting with a top-level folder of the tree (`sdk/...`,
#     `arena/src/...`, `tests/...`, `.ci/run`) must be a file or folder of
#     the tree, exactly;
#     (a header may be named as it is included: `util/error.h`);
#   - in CONTRIBUTING.md, the code's map, a shorter path or a bare name of a
#     source (`src/store/db.c`, `quads.h`: .c .h .sh .cmake) must be the end
#     of some path of the tree;
#   - a link's target (not a URL) must exist, relative to the doc.
# Placeholders are not paths: words with < > { } * $ ~ or "...", URLs,
# absolute paths, paths of the reader's own (./bots/v3), options, words with a part in capitals (DIR/..., P/bin,
# bots/NAME).
# Usage: docs_paths_test.sh SOURCE_DIR
set -eu
cd "${1:?usage: docs_paths_test.sh SOURCE_DIR}"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT INT TERM
{ git ls-files 2>/dev/null ||
    find . \( -name .git -o -name 'build*' \) -prune -o -type f -print | sed 's|^\./||'; } >"$tmp"

awk -v treef="$tmp" '
    BEGIN {
        while ((getline f <treef) > 0) {
            exists[f] = 1
            n = split(f, seg, "/")
            top[seg[1]] = 1
            p = seg[1]
            for (i = 2; i <= n; i++) { exists[p] = 1; p = p "/" seg[i] }
            s = seg[n]; suffix[s] = 1
            for (i = n - 1; i >= 1; i--) { s = seg[i] "/" s; suffix[s] = 1 }
            # a folder named by its end too (`src/store/`)
            s = ""
            for (i = n - 1; i >= 1; i--) { s = s == "" ? seg[i] : seg[i] "/" s; suffix[s] = 1 }
        }
    }
    function norm(p,   n, i, k, seg, out) {
        n = split(p, seg, "/"); k = 0
        for (i = 1; i <= n; i++) {
            if (seg[i] == "." || seg[i] == "") continue
            if (seg[i] == ".." && k > 0 && out[k] != "..") { k--; continue }
            out[++k] = seg[i]
        }
        p = out[1]
        for (i = 2; i <= k; i++) p = p "/" out[i]
        return p
    }
    function stale(what) {
        printf "docs_paths_test: %s:%d: %s does not exist\n", FILENAME, FNR, what
        bad++
    }
    function word(w,   first) {
        sub(/^[("\047]+/, "", w); sub(/[)"\047,.;:]+$/, "", w)
        sub(/#.*/, "", w); sub(/:[0-9]+$/, "", w); sub(/\/$/, "", w)
        if (w == "" || w ~ /[<>{}*$~]|\.\.\.|:\/\/|^[\/-]|^\.\/|(^|\/)[A-Z][A-Z0-9_-]*(\/|$)/) return
        first = w; sub(/\/.*/, "", first)
        if (first in top && w ~ /\//) {
            # exactly, or as an include names it (`util/error.h`, `loa/board.h`)
            if (!(w in exists) && !(w ~ /\.h$/ && w in suffix)) stale("`" w "`")
            return
        }
        if (FILENAME == "CONTRIBUTING.md" && w ~ /^[A-Za-z0-9_.\/+-]+\.(c|h|sh|cmake)$/ &&
            !(w in suffix))
            stale("`" w "`")
    }
    FNR == 1 { fence = 0; dir = FILENAME; if (!sub(/\/[^\/]*$/, "", dir)) dir = "" }
    /^[ \t]*(```|~~~)/ { fence = !fence; next }
    fence { next }
    {
        line = $0
        while (match(line, /`[^`]+`/)) {
            n = split(substr(line, RSTART + 1, RLENGTH - 2), ws, /[ \t]+/)
            for (i = 1; i <= n; i++) word(ws[i])
            line = substr(line, RSTART + RLENGTH)
        }
        line = $0
        while (match(line, /\]\([^)]+\)/)) {
            t = substr(line, RSTART + 2, RLENGTH - 3)
            line = substr(line, RSTART + RLENGTH)
            sub(/#.*/, "", t); sub(/[ \t].*/, "", t)
            if (t == "" || t ~ /:/) continue
            p = norm(dir == "" ? t : dir "/" t)
            if (!(p in exists)) stale("link " t)
        }
    }
    END {
        printf "docs_paths_test: %d paths named that do not exist\n", bad
        exit bad > 0
    }' README.md CONTRIBUTING.md docs/*.md
