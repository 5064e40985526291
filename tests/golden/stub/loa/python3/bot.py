import sys
import math

# Lines of Action: join all your checkers into one connected group (neighbours
# touch by a side or a corner) before your opponent does. Each turn, answer one
# of the legal moves you are given, or random.

color = input()  # your colour, b (black, moves first) or w (white); first turn only

# game loop
while True:
    for i in range(8):
        line = input()  # one board row, rank 8 first, files a to h: . empty, b black, w white
    last_move = input()  # the last move played (such as e2e3), pass, or null before any move
    move_count = int(input())  # how many legal moves follow
    for i in range(move_count):
        move = input()  # one legal move such as e2e3 (pass when you have no move)

    # Write an answer with print(..., flush=True).
    # To debug: print("Debug messages...", file=sys.stderr, flush=True)
    # Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    # A legal move such as e2e3 (a space and a short comment may follow), or random
    print("random", flush=True)
