import sys
import math

# Layouts the LOA and features stubs do not reach: no game loop, a long
# loop amount, a bool alone on its line, a reserved word as a name, quotes,
# a percent sign and a backslash in the answer.

n = int(input())
for i in range(n):
    v = input() != "0"
inputs = input().split()
for i in range(n):
    p = float(inputs[i])
inputs = input().split(maxsplit=1)
k = int(inputs[0])
s = inputs[1]
flag = input() != "0"
end = input()

# Write an answer with print(..., flush=True).
# To debug: print("Debug messages...", file=sys.stderr, flush=True)
# Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

print(f"{n} {s} {end} it's 100% \\ done {flag}", flush=True)
