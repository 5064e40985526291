#!/bin/sh
# python_setup_test.sh - the package builds without CMake, as `pip install
# ./python` builds it (python/setup.py: the SDK's sources and generated
# tables compiled into the extension), and that build passes the package's
# rule and input tests. Writes only under WORK (the build tree).
# Usage: python_setup_test.sh PYTHON SOURCE_DIR WORK
set -eu
py=${1:?usage: python_setup_test.sh PYTHON SOURCE_DIR WORK}
src=${2:?}
work=${3:?}
rm -rf "$work"
mkdir -p "$work"
cd "$src/python"
"$py" setup.py -q build_ext --build-lib "$work/lib" --build-temp "$work/temp" >"$work/log" 2>&1 || {
    cat "$work/log"
    exit 1
}
cp loa/*.py loa/*.pyi "$work/lib/loa/"
cd "$work"
PYTHONPATH="$work/lib" PYTHONDONTWRITEBYTECODE=1 "$py" -m unittest discover -s "$src/python/tests" -p 'test_input.py'
PYTHONPATH="$work/lib" "$py" -c 'import loa, sys; sys.exit(loa.Board().legal_moves()[:2] != ["b1b3", "b1d3"])'
