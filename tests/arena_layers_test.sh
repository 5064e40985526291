#!/bin/sh
# arena_layers_test.sh - the arena's folders are layers (CONTRIBUTING.md,
# "The arena"), each including only the ones below it:
#
#   app     -> tune report run store results league stats core (the executables' logic)
#   tune    -> report run results league stats core          (SPSA tuning: loa-tune)
#   report  -> results league stats core                     (what is printed and written)
#   run     -> league core                                   (playing games)
#   store   -> league core                                   (the results directory)
#   results -> league stats core                             (what the games say)
#   league  -> stats core                                    (a league's settings, games)
#   stats   -> core                                          (the statistics)
#   core    -> (nothing of the arena)
#   main.c, tune_main.c -> app
#
# Every `#include "<layer>/..."` of arena/ is read: a pair the table
# forbids fails, as does an include of the arena's own headers without its
# folder, and a circle anywhere (file to file, a private *_impl.h being its
# component's). And the size of things: no source over 500 lines, main.c
# under 100, no function over 80 lines.
# Usage: arena_layers_test.sh ARENA_DIR
set -eu
arena=${1:?usage: arena_layers_test.sh ARENA_DIR}
cd "$arena"
bad=0
fail() { echo "arena_layers_test: $*"; bad=1; }

allowed() { # allowed LAYER: the layers LAYER may include (its own too)
    case $1 in
    core) echo "core" ;;
    stats) echo "stats core" ;;
    league) echo "league stats core" ;;
    results) echo "results league stats core" ;;
    store) echo "store league core" ;;
    run) echo "run league core" ;;
    report) echo "report results league stats core" ;;
    tune) echo "tune report run results league stats core" ;;
    app) echo "app tune report run store results league stats core" ;;
    main) echo "app" ;;
    esac
}

files=$(find src app -name '*.[ch]' | sort; echo main.c; echo tune_main.c)
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT INT TERM
for f in $files; do
    case $f in
    main.c | tune_main.c) layer=main ;;
    app/*) layer=app ;;
    src/*) layer=$(echo "$f" | cut -d/ -f2) ;;
    esac
    ok=$(allowed "$layer")
    [ -n "$ok" ] || fail "$f: no layer '$layer' in the table"
    # the module of a file: its path without the extension, a private
    # *_impl header being its component's
    from=$(echo "$f" | sed 's|^src/||; s|\.[ch]$||; s|_impl$||')
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
        while read -r inc; do
            top=${inc%%/*}
            case $top in
            util | ref | loa | replay | leaguedb) continue ;; # the components below the arena
            core | stats | league | results | store | run | report | tune | app) ;;
            *)
                echo "arena_layers_test: $f: #include \"$inc\" does not name its folder"
                echo bad >>"$edges.bad"
                continue
                ;;
            esac
            case " $ok " in
            *" $top "*) ;;
            *)
                echo "arena_layers_test: $f ($layer) includes $inc: $layer may include only: $ok"
                echo bad >>"$edges.bad"
                ;;
            esac
            to=$(echo "$inc" | sed 's|\.h$||; s|_impl$||')
            [ "$from" = "$to" ] || echo "$from $to" >>"$edges"
        done
done
if [ -s "$edges.bad" ]; then
    bad=1
fi
rm -f "$edges.bad"
# a circle of includes, file to file (tsort finds it)
if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
    fail "a circle of includes:"
    cat "$edges.err"
fi
rm -f "$edges.err"

# sizes: files, main.c, functions (from a line "{" to a line "}" at column
# 0, the project's style)
for f in $files; do
    n=$(wc -l <"$f")
    [ "$n" -le 500 ] || fail "$f has $n lines (500 at most: one concept per file)"
done
n=$(wc -l <main.c)
[ "$n" -lt 100 ] || fail "main.c has $n lines (under 100: it parses and dispatches)"
n=$(wc -l <tune_main.c)
[ "$n" -lt 100 ] || fail "tune_main.c has $n lines (under 100: it calls the app)"
for f in $(find src app -name '*.c' | sort) main.c; do
    awk -v file="$f" '
        /^[a-zA-Z].*\(/ && !body { sig = $0 }
        /^\{/ && !body { body = 1; start = FNR; next }
        /^\}/ && body {
            body = 0
            if (FNR - start + 1 > 80) {
                name = sig; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name)
                printf "arena_layers_test: %s: %s has %d lines (80 at most)\n", file, name,
                       FNR - start + 1
                bad = 1
            }
        }
        END { exit bad }' "$f" || bad=1
done
[ "$bad" -eq 0 ] && echo "arena_layers_test: $(echo "$files" | wc -l) files, $(wc -l <"$edges") includes between modules, no circle"
exit $bad
