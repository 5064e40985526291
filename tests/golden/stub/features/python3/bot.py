import sys
import math

# A stub that uses every construct of the language,
# so that the golden files pin each emitter's handling of it.

inputs = input().split()
width = int(inputs[0])  # grid width
height = int(inputs[1])
player_name = input()  # your name (may hold spaces)
inputs = input().split()
seed = int(inputs[0])
ratio = float(inputs[1])
ready = inputs[2] != "0"  # 1 when ready
for i in range(height):
    row = input()  # one grid row
inputs = input().split(maxsplit=2)
count = int(inputs[0])
label = inputs[1]
caption = inputs[2]
inputs = input().split()
for i in range(count):
    x = int(inputs[2 * i + 0])  # a column
    y = int(inputs[2 * i + 1])
inputs = input().split()
for i in range(width):
    cell = inputs[i]

# game loop
while True:
    turns = int(input())  # how many turns follow
    for i in range(turns):
        for j in range(2):
            inputs = input().split()
            a = int(inputs[0])
            b = float(inputs[1])
    for i in range(2):
        count = int(input())
    for i in range(2):

        # Write an answer with print(..., flush=True).
        # To debug: print("Debug messages...", file=sys.stderr, flush=True)
        # Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        # MOVE <turns> <label> <ratio> <ready>
        print("hello \"world\" {1}", flush=True)
    print(f"MOVE {turns} {label} {ratio} {ready}", flush=True)
