#!/bin/sh
# examples/nn/run.sh: the network example end to end (docs/nn.md):
#   data (loa-datagen) -> train -> export -> compare -> bundle -> compile the
#   bundle alone -> one game (loa-referee) -> SPRT (loa-arena, CodinGame's limits)
# Each step is skipped when its output is complete, so the same command resumes
# after Ctrl-C. Outputs go to the work directory (WORK/data.bin, train/,
# weights.bin, compare.txt, submit.c, submit, game.txt, sprt/).
#
# Usage: examples/nn/run.sh [--smoke] [--build DIR] [--work DIR] [--data FILE]
#                           [--epochs N] [--sprt-games N] [--augment]
#   --smoke       CI's path: a small data set (2,000 positions at 100 nodes), one
#                 epoch, every step but the SPRT (one game instead)
#   --build DIR   the CMake build directory (default: build beside examples/)
#   --work DIR    where the outputs go (default: nn-work)
#   --data FILE   an existing loa-datagen file instead of generating WORK/data.bin
#   --epochs N    training epochs (default 14; --smoke 1)
#   --sprt-games N  the SPRT's most games (default 20000)
#   --augment     train with a random board symmetry a batch (docs/nn.md: measured)
# Exit status: 0 done, 1 a step failed (its name on stderr), 2 bad usage.
set -e
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=$src/build work=nn-work data="" smoke=0 epochs="" games=20000 augment=""
while [ $# -gt 0 ]; do
    case $1 in
    --smoke) smoke=1 ;;
    --build) build=$2; shift ;;
    --work) work=$2; shift ;;
    --data) data=$2; shift ;;
    --epochs) epochs=$2; shift ;;
    --sprt-games) games=$2; shift ;;
    --augment) augment=--augment ;;
    -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
bin=$(cd "$build/bin" 2>/dev/null && pwd) || { echo "run.sh: $build/bin: no build there (--build DIR)" >&2; exit 2; }
py=${PYTHON:-/usr/bin/python3}   # Debian's, with python3-numpy and python3-torch
export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"
mkdir -p "$work"
work=$(cd "$work" && pwd)
[ -n "$data" ] && data=$(cd "$(dirname "$data")" && pwd)/$(basename "$data")
step() { echo "== $1" >&2; }
fail() { echo "run.sh: step '$1' failed" >&2; exit 1; }

# 1. data
if [ -z "$data" ]; then
    data=$work/data.bin
    if [ -f "$work/data.done" ]; then step "data: $data is complete"
    else
        step "data"
        if [ $smoke = 1 ]; then set -- --positions 2000 --nodes 100
        else set -- --positions 1000000; fi
        "$bin/loa-datagen" -q -o "$data" "$@" || fail data
        touch "$work/data.done"
    fi
fi
"$bin/loa-datagen" --info "$data" || fail data

# 2. train (train.py skips a complete run and continues a cut one)
step "train"
[ -z "$epochs" ] && { [ $smoke = 1 ] && epochs=1 || epochs=14; }
$py "$here/train.py" "$data" "$work/train" --epochs "$epochs" $augment || fail train

# 3. export
if [ -f "$work/weights.bin" ] && [ "$work/weights.bin" -nt "$work/train/model.pt" ]; then
    step "export: $work/weights.bin is complete"
else
    step "export"
    $py "$here/export.py" "$work/train/model.pt" "$work/weights.bin" || fail export
fi
"$bin/loa-nn" check "$work/weights.bin" || fail export

# 4. compare (10,000 positions, or the whole file when smaller)
if [ -f "$work/compare.txt" ] && [ "$work/compare.txt" -nt "$work/weights.bin" ]; then
    step "compare: done"; cat "$work/compare.txt"
else
    step "compare"
    $py "$here/compare.py" "$work/train/model.pt" "$work/weights.bin" "$data" "$bin/loa-nn" \
        --limit 10000 >"$work/compare.tmp" || fail compare
    mv "$work/compare.tmp" "$work/compare.txt"
    cat "$work/compare.txt"
fi

# 5. bundle, 6. compile it alone (always: seconds)
step "bundle"
(cd "$src" && "$bin/loa-bundle" -s examples/nn/bot.c bots/ab/*.c --embed nn="$work/weights.bin" \
    -o "$work/submit.c") 2>"$work/bundle.txt" || { cat "$work/bundle.txt" >&2; fail bundle; }
cat "$work/bundle.txt"
step "compile"
gcc -std=gnu17 -O2 -Wall "$work/submit.c" -o "$work/submit" -lm -lpthread || fail compile

# 7. one game: the bundle (black) against loa-ab's hand evaluation, CodinGame's limits
if [ -f "$work/game.txt" ] && [ "$work/game.txt" -nt "$work/submit" ]; then
    step "game: done"
else
    step "game"
    # CPU-time judging; the smoke game (CI, a test beside others) gets a
    # wall-clock cap that a loaded machine cannot reach: it checks the
    # bundle plays, not the machine's load
    game_cap=3000; [ $smoke = 1 ] && game_cap=20000
    "$bin/loa-referee" -p1 "$work/submit" -p2 "$bin/loa-ab" --black-name nn --white-name hand \
        --seed 1 --time-mode cpu --wall-cap "$game_cap" -l "$work/game.json" >"$work/game.tmp" || fail game
    mv "$work/game.tmp" "$work/game.txt"
fi
cat "$work/game.txt"
grep -qx -- -1 "$work/game.txt" && { echo "run.sh: a bot failed in the game ($work/game.json)" >&2; exit 1; }
[ $smoke = 1 ] && { step "smoke: done (no SPRT)"; exit 0; }

# 8. SPRT: loa-ab with the network against loa-ab with its hand evaluation
if [ -f "$work/sprt.done" ]; then step "sprt: done"; cat "$work/sprt.txt"; exit 0; fi
step "sprt"
if [ -d "$work/sprt" ]; then set -- --out "$work/sprt" --games "$games"   # resume it
else
    set -- -b nn="$bin/loa-ab --eval nn --weights $work/weights.bin" -b hand="$bin/loa-ab" \
        --time-mode cpu --wall-cap 3000 --sprt elo0=0 elo1=10 --games "$games" --concurrency 2 \
        --openings "$src/arena/openings/4ply-balanced.txt" --rating-interval 50 --out "$work/sprt"
fi
{ "$bin/loa-arena" "$@"; echo $? >"$work/sprt.rc"; } | tee "$work/sprt.txt"
[ "$(cat "$work/sprt.rc")" = 0 ] || fail sprt
touch "$work/sprt.done"
