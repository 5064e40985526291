#!/bin/sh
# The calls docs/sdk.md's "Evaluation features" shows compile as written: every
# `loa_...(...)` span of the section, with the declarations the section gives
# (the spans ending in ';', at file scope), is compiled against the SDK's
# headers, warnings as errors; and every function loa/features.h declares is
# among them (the table misses none).
# Usage: sdk_docs_calls_test.sh SOURCE_DIR
# Environment: CC (the compiler of the build).
set -eu
src=$1
cc=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk '/^## Evaluation features/ { on = 1; next } /^## / { on = 0 } on' "$src/docs/sdk.md" |
    grep -o '`[^`]*`' | tr -d '`' >"$tmp/spans"
grep -E '^loa_[a-z0-9_]+\(.*\)$' "$tmp/spans" | sort -u >"$tmp/calls" || true
n=$(wc -l <"$tmp/calls")
[ "$n" -ge 10 ] || { echo "sdk_docs_calls: only $n calls found in docs/sdk.md's Evaluation features"; exit 1; }
{
    echo '#include <stddef.h>'
    echo '#include "loa/loa.h"'
    echo '#include "loa/features.h"'
    grep ';$' "$tmp/spans" || true
    echo 'void calls(void);'
    echo 'void calls(void)'
    echo '{'
    sed 's/.*/    (void)(&);/' "$tmp/calls"
    echo '}'
} >"$tmp/calls.c"
"$cc" -std=c17 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I "$src/sdk/include" "$tmp/calls.c" || {
    echo "sdk_docs_calls: docs/sdk.md's calls do not compile as written:"; cat -n "$tmp/calls.c"; exit 1; }
bad=0
for f in $(grep -oE '^[a-z_]+[ *]+loa_[a-z0-9_]+\(' "$src/sdk/include/loa/features.h" |
           grep -oE 'loa_[a-z0-9_]+\($' | tr -d '('); do
    grep -q "^$f(" "$tmp/calls" || { echo "sdk_docs_calls: docs/sdk.md's Evaluation features never calls $f"; bad=1; }
done
[ "$bad" -eq 0 ] && echo "sdk_docs_calls: $n calls of docs/sdk.md compile"
exit $bad
