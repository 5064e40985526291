#!/usr/bin/env bash

# Lines of Action: join all your checkers into one connected group (neighbours
# touch by a side or a corner) before your opponent does. Each turn, answer one
# of the legal moves you are given, or random.

read -r color  # your colour, b (black, moves first) or w (white); first turn only

# game loop
while true; do
    for (( i=0; i<8; i++ )); do
        read -r line  # one board row, rank 8 first, files a to h: . empty, b black, w white
    done
    read -r last_move  # the last move played (such as e2e3), pass, or null before any move
    read -r move_count  # how many legal moves follow
    for (( i=0; i<move_count; i++ )); do
        read -r move  # one legal move such as e2e3 (pass when you have no move)
    done

    # Write an answer with echo.
    # To debug: echo "Debug messages..." >&2
    # Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    # A legal move such as e2e3 (a space and a short comment may follow), or random
    echo "random"
done
