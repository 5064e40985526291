#!/usr/bin/env bash

# A stub that uses every construct of the language,
# so that the golden files pin each emitter's handling of it.

# width: grid width
read -r width height
read -r player_name  # your name (may hold spaces)
# ready: 1 when ready
read -r seed ratio ready
for (( i=0; i<height; i++ )); do
    read -r row  # one grid row
done
read -r count label caption
read -r -a inputs
for (( i=0; i<count; i++ )); do
    x="${inputs[2*i+0]}"  # a column
    y="${inputs[2*i+1]}"
done
read -r -a inputs
for (( i=0; i<width; i++ )); do
    cell="${inputs[i]}"
done

# game loop
while true; do
    read -r turns  # how many turns follow
    for (( i=0; i<turns; i++ )); do
        for (( j=0; j<2; j++ )); do
            read -r a b
        done
    done
    for (( i=0; i<2; i++ )); do
        read -r count
    done
    for (( i=0; i<2; i++ )); do

        # Write an answer with echo.
        # To debug: echo "Debug messages..." >&2
        # Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        # MOVE <turns> <label> <ratio> <ready>
        echo "hello \"world\" {1}"
    done
    echo "MOVE ${turns} ${label} ${ratio} ${ready}"
done
