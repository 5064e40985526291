#!/usr/bin/env bash

# Layouts the LOA and features stubs do not reach: no game loop, a long
# loop amount, a bool alone on its line, a reserved word as a name, quotes,
# a percent sign and a backslash in the answer.

read -r n
for (( i=0; i<n; i++ )); do
    read -r v
done
read -r -a inputs
for (( i=0; i<n; i++ )); do
    p="${inputs[i]}"
done
read -r k s
read -r flag
read -r end

# Write an answer with echo.
# To debug: echo "Debug messages..." >&2
# Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

echo "${n} ${s} ${end} it's 100% \\ done ${flag}"
