#!/bin/sh
# layers_test.sh - who calls whom, read from the built objects, against the
# one layer table (CONTRIBUTING.md, "Layers: who may call whom", between its
# <!-- layers: begin --> and <!-- layers: end --> lines).
#
# Every object of the build (BUILD_DIR/**/CMakeFiles/*.dir/**/*.o) is mapped
# to its source file (the first prerequisite of its .o.d, which the compiler
# writes), and that file to its unit (the row whose files match it most
# closely). nm gives each object's defined (T D B R ...) and undefined (U)
# symbols; an undefined symbol resolves to the source defining it (one in
# the same target first, where several sources define one name). It fails on
#   - a call to a unit the caller's row does not name (up or across),
#   - a circle of calls between source files anywhere (each named with its
#     files and the calls that make it),
#   - an include (the .o.d's headers) of a unit the row does not name, or of
#     another component's private header (outside its include/; the tests
#     may include anything),
#   - a source file no row matches.
# Includes are read too because a header alone (an enum, an X-macro table, a
# static inline) leaves no symbol for nm.
# Usage: layers_test.sh SOURCE_DIR BUILD_DIR
set -eu
src=$(cd "${1:?usage: layers_test.sh SOURCE_DIR BUILD_DIR}" && pwd -P)
build=$(cd "${2:?usage: layers_test.sh SOURCE_DIR BUILD_DIR}" && pwd -P)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The table: "unit TAB patterns TAB allowed" (allowed: "*" for every unit).
awk -F'|' '
    /<!-- layers: begin -->/ { on = 1; next }
    /<!-- layers: end -->/ { on = 0 }
    !on || !/^\|/ { next }
    {
        unit = $2; gsub(/^[ \t]+|[ \t]+$/, "", unit)
        if (unit == "unit" || unit ~ /^-+$/) next
        files = $3; pats = ""
        while (match(files, /`[^`]+`/)) {
            pats = pats " " substr(files, RSTART + 1, RLENGTH - 2)
            files = substr(files, RSTART + RLENGTH)
        }
        may = $4; gsub(/^[ \t]+|[ \t]+$/, "", may)
        if (may == "every unit") may = "*"
        else if (may == "nothing") may = ""
        else gsub(/,[ \t]*/, " ", may)
        printf "%s\t%s\t%s\n", unit, pats, may
    }' "$src/CONTRIBUTING.md" >"$tmp/table"
if [ ! -s "$tmp/table" ]; then
    echo "layers_test: no layer table in $src/CONTRIBUTING.md (<!-- layers: begin --> ... end)"
    exit 1
fi

cd "$build"
# The objects of the targets the build has now (CMakeFiles/TargetDirectories.txt:
# a target removed or renamed leaves its old objects behind).
find . -path '*/CMakeFiles/*.dir/*' -name '*.o' | sed 's|^\./||' | sort >"$tmp/found"
if [ -f CMakeFiles/TargetDirectories.txt ]; then
    sed "s|^$build/||; s|\$|/|" CMakeFiles/TargetDirectories.txt |
        awk 'NR == FNR { keep[$0] = 1; next } { t = $0; sub(/\.dir\/.*/, ".dir/", t); if (t in keep) print }' \
            - "$tmp/found" >"$tmp/objects"
else
    cp "$tmp/found" "$tmp/objects"
fi
# ... and of their present sources: a source moved to another target (a
# file of loa-ab now in loa_ab_engine) leaves its old object behind in an
# incremental build. With Makefiles a target's build.make names its
# objects; another generator's objects are all kept.
find . -path '*/CMakeFiles/*.dir/build.make' | sed 's|^\./||' >"$tmp/makes"
if [ -s "$tmp/makes" ]; then
    xargs awk '/^[^ #]*\.o: / { o = $1; sub(/:$/, "", o); print "O " o }
        FNR == 1 { d = FILENAME; sub(/build\.make$/, "", d); print "D " d }' <"$tmp/makes" |
        awk 'NR == FNR { if ($1 == "O") listed[$2] = 1; else made[$2] = 1; next }
            { d = $0; sub(/\.dir\/.*/, ".dir/", d); if (!(d in made) || ($0 in listed)) print }' \
            - "$tmp/objects" >"$tmp/objects.now"
    mv "$tmp/objects.now" "$tmp/objects"
fi
if [ ! -s "$tmp/objects" ]; then
    echo "layers_test: no object in $build: build first"
    exit 1
fi

# Each object's source: "O obj src", relative to the source tree (a
# generated source by its path in the build tree, which mirrors the source
# tree's folders).
while read -r o; do
    if [ -f "$o.d" ]; then
        echo "$o.d"
    else
        echo "O $o" >>"$tmp/nodep"
    fi
done <"$tmp/objects" >"$tmp/deps"
: >"$tmp/map"
[ -f "$tmp/nodep" ] && sed 's|^O \(\(.*\)/CMakeFiles/[^/]*\.dir/\(.*\)\.o\)$|O \1 \2/\3|; s|__/|../|g' \
    "$tmp/nodep" >>"$tmp/map"
[ -s "$tmp/deps" ] && xargs awk -v src="$src" -v build="$build" '
    function norm(p,   n, i, k, seg, out) {
        n = split(p, seg, "/"); k = 0
        for (i = 1; i <= n; i++) {
            if (seg[i] == "." || (seg[i] == "" && i > 1)) continue
            if (seg[i] == ".." && k > 1) { k--; continue }
            out[++k] = seg[i]
        }
        p = out[1]
        for (i = 2; i <= k; i++) p = p "/" out[i]
        return p
    }
    function rel(p) {
        if (p !~ /^\//) p = build "/" p
        p = norm(p)
        if (index(p, build "/") == 1) return "@" substr(p, length(build) + 2)
        if (index(p, src "/") == 1) return substr(p, length(src) + 2)
        return ""
    }
    FNR == 1 {
        obj = FILENAME; sub(/\.d$/, "", obj); first = 1; s = ""
    }
    {
        for (i = 1; i <= NF; i++) {
            if ($i == "\\" || $i ~ /:$/) continue
            if (first) {
                first = 0; s = rel($i)
                # a source moved or removed since: its object is stale
                if ((getline line <$i) < 0 && (getline line <(build "/" $i)) < 0) break
                close($i)
                if (s ~ /^@/) s = substr(s, 2)
                print "O", obj, s
                continue
            }
            break
        }
    }' <"$tmp/deps" >>"$tmp/map"

# The tree's sources and their direct includes: "I file header", an
# include resolved as the compiler does for the tree's own headers: beside
# the file first ("..."), else the one header of the tree whose path ends
# with it (one of the file's component where several do).
{ git -C "$src" ls-files '*.c' '*.h' 2>/dev/null ||
    (cd "$src" && find . \( -name .git -o -name 'build*' \) -prune -o -name '*.[ch]' -print |
        sed 's|^\./||'); } | sort >"$tmp/tree"
(cd "$src" && xargs awk -v treef="$tmp/tree" '
    BEGIN {
        while ((getline f <treef) > 0) {
            intree[f] = 1
            if (f ~ /\.h$/) hdr[++nh] = f
        }
    }
    function dir(p) { return p ~ /\// ? substr(p, 1, match(p, /\/[^\/]*$/)) : "" }
    function comp(p) { sub(/\/.*/, "", p); return p }
    /^[ \t]*#[ \t]*include[ \t]*["<]/ {
        inc = $0; sub(/^[^"<]*["<]/, "", inc); sub(/[">].*/, "", inc)
        quoted = $0 ~ /include[ \t]*"/
        if (!quoted && inc !~ /\//) next # <stdio.h>
        h = ""; other = ""
        p = dir(FILENAME) inc
        while (p ~ /(^|\/)[^\/.][^\/]*\/\.\.\//) sub(/[^\/.][^\/]*\/\.\.\//, "", p)
        if (quoted && (p in intree)) h = p
        for (i = 1; i <= nh && h == ""; i++)
            if (substr(hdr[i], length(hdr[i]) - length(inc)) == "/" inc) {
                if (comp(hdr[i]) == comp(FILENAME)) h = hdr[i]
                else if (other == "") other = hdr[i]
            }
        if (h == "") h = other
        if (h != "") print "I", FILENAME, h
    }' <"$tmp/tree") >>"$tmp/map"
sed 's/^/F /' "$tmp/tree" >>"$tmp/map"

xargs nm -P -A <"$tmp/objects" >"$tmp/nm" 2>"$tmp/nm.err" || {
    cat "$tmp/nm.err"
    exit 1
}

awk -v tablef="$tmp/table" -v mapf="$tmp/map" -v edgesf="$tmp/edges" '
    function unit(p,   i, best, bl, q) {
        if (p in unit_of) return unit_of[p]
        best = ""; bl = 0
        for (i = 1; i <= np; i++) {
            q = pat[i]
            if ((q ~ /\/$/ && index(p, q) == 1) || p == q)
                if (length(q) > bl) { bl = length(q); best = patunit[i] }
        }
        if (best == "" && !(p in told)) {
            told[p] = 1
            printf "layers_test: %s: no row of the layer table matches it\n", p
            bad++
        }
        return unit_of[p] = best
    }
    function comp(u) { sub(/\/.*/, "", u); return u }
    function allowed(a, b) {
        return a == b || a == "" || b == "" || may[a] == "*" || index(" " may[a] " ", " " b " ") > 0
    }
    FILENAME == tablef {
        split($0, f, "\t")
        may[f[1]] = f[3]
        n = split(f[2], ps, " ")
        for (i = 1; i <= n; i++) { pat[++np] = ps[i]; patunit[np] = f[1] }
        next
    }
    FILENAME == mapf && !checked {
        checked = 1
        for (u in may) {
            n = split(may[u], names, " ")
            for (i = 1; i <= n; i++)
                if (names[i] != "*" && !(names[i] in may)) {
                    printf "layers_test: the layer table: %s names %s, which is no unit\n", u, names[i]
                    bad++
                }
        }
    }
    FILENAME == mapf {
        if ($1 == "O") {
            osrc[$2] = $3; t = $2; sub(/\.dir\/.*/, "", t); otgt[$2] = t
            if (!($3 in files)) { files[$3] = 1; nfiles++ }
        } else if ($1 == "I") {
            ninc++; isrc[ninc] = $2; ihdr[ninc] = $3
        } else {
            unit($2)
        }
        next
    }
    {
        o = $1; sub(/:$/, "", o); s = osrc[o]
        if (s == "") next
        if ($3 == "U") { nund++; uobj[nund] = o; usym[nund] = $2; next }
        if ($3 !~ /^[TDBRGSCVW]$/) next
        if (!(($2, s) in defsrc)) { defsrc[$2, s] = 1; defs[$2] = defs[$2] " " s }
        deft[$2, otgt[o]] = s
    }
    END {
        for (i = 1; i <= nund; i++) {
            sym = usym[i]
            if (!(sym in defs)) continue # the C library, cJSON, SQLite, ...
            o = uobj[i]; s = osrc[o]
            n = split(defs[sym], c, " ")
            if (n == 1) d = c[1]
            else if ((sym, otgt[o]) in deft) d = deft[sym, otgt[o]]
            else {
                d = ""
                for (k = 1; k <= n && d == ""; k++)
                    if (unit(c[k]) == unit(s)) d = c[k]
                if (d == "") d = c[1]
            }
            if (d == s || ((s, d) in edge)) continue
            edge[s, d] = sym
            print s, d, sym >edgesf
            nedges++
            us = unit(s); ud = unit(d)
            if (!allowed(us, ud)) {
                printf "layers_test: %s (%s) calls %s of %s (%s): %s may call only: %s\n",
                    s, us, sym, d, ud, us, may[us] == "" ? "nothing" : may[us]
                bad++; calls++
            }
        }
        for (i = 1; i <= ninc; i++) {
            s = isrc[i]; h = ihdr[i]
            us = unit(s); uh = unit(h)
            if (us == uh || seenh[s, h]++) continue
            if (comp(us) != comp(uh) && comp(us) != "tests" && index(h, comp(uh) "/include/") != 1) {
                printf "layers_test: %s (%s) includes %s, a private header of %s\n", s, us, h, comp(uh)
                bad++; incs++
            } else if (!allowed(us, uh)) {
                printf "layers_test: %s (%s) includes %s (%s): %s may call only: %s\n",
                    s, us, h, uh, us, may[us] == "" ? "nothing" : may[us]
                bad++; incs++
            }
        }
        printf "%d %d %d %d %d\n", nfiles, nedges, calls, incs, bad >(edgesf ".sum")
        exit bad > 0
    }' "$tmp/table" "$tmp/map" "$tmp/nm" || bad=1
: "${bad:=0}"
touch "$tmp/edges"
[ -z "${LAYERS_EDGES:-}" ] || cp "$tmp/edges" "$LAYERS_EDGES"

# Circles: the strongly connected components of the file -> file graph
# (Tarjan), each with the calls between its files.
awk '
    function strong(v,   e, n, i, w, k, members) {
        idx[v] = low[v] = ++counter; stack[++sp] = v; on[v] = 1
        n = split(adj[v], e, " ")
        for (i = 1; i <= n; i++) {
            w = e[i]
            if (!(w in idx)) {
                strong(w)
                if (low[w] < low[v]) low[v] = low[w]
            } else if (on[w] && idx[w] < low[v]) low[v] = idx[w]
        }
        if (low[v] != idx[v]) return
        k = 0; members = ""
        do { w = stack[sp--]; on[w] = 0; scc[w] = v; members = members " " w; k++ } while (w != v)
        if (k > 1) { ncirc++; circ[ncirc] = v; csize[ncirc] = k; cmembers[ncirc] = members }
    }
    { adj[$1] = adj[$1] " " $2; via[$1, $2] = $3; if (!($1 in node)) { node[$1] = 1; order[++nn] = $1 } }
    END {
        for (i = 1; i <= nn; i++) if (!(order[i] in idx)) strong(order[i])
        for (c = 1; c <= ncirc; c++) {
            printf "layers_test: a circle of calls between %d files:%s\n", csize[c], cmembers[c]
            n = split(cmembers[c], m, " ")
            for (i = 1; i <= n; i++) {
                k = split(adj[m[i]], e, " ")
                for (j = 1; j <= k; j++)
                    if (scc[e[j]] == circ[c]) printf "    %s -> %s (%s)\n", m[i], e[j], via[m[i], e[j]]
            }
        }
        print ncirc + 0 >"/dev/stderr"
        exit ncirc > 0
    }' "$tmp/edges" 2>"$tmp/ncirc" || bad=1

read -r nfiles nedges calls incs _ <"$tmp/edges.sum" || { nfiles=0 nedges=0 calls=0 incs=0; }
echo "layers_test: $nfiles source files, $(wc -l <"$tmp/objects") objects, $nedges calls between files;" \
    "$calls calls and $incs includes against the table, $(cat "$tmp/ncirc") circles"
exit "$bad"
