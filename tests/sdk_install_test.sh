#!/bin/sh
# Installs the SDK from an existing build into a temporary prefix and builds a
# bot against it twice: with pkg-config and with CMake's find_package(loa);
# and a C++ bot (tests/fixtures/cpp/bot.cpp) with g++ and pkg-config, when g++
# is installed.
# Usage: sdk_install_test.sh BUILD_DIR SOURCE_DIR
# Environment: CC (the compiler of the build), LOA_SAN_FLAGS (the -fsanitize
# flags of a sanitizer build: its installed library needs them at link time).
set -eu
build=$1 src=$2
cc=${CC:-cc}
san=${LOA_SAN_FLAGS:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
lib=$(ls -d "$tmp/prefix"/lib* | head -n 1)

# A throw-away copy of the example bot, outside the source tree.
cp "$src/bots/example.c" "$tmp/bot.c"
# $san is a list of flags: split on purpose.
# shellcheck disable=SC2086
PKG_CONFIG_PATH="$lib/pkgconfig" "$cc" -std=c17 -Wall -Wextra -O2 $san "$tmp/bot.c" \
    $(PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config --cflags --libs loa) -o "$tmp/bot-pc"

mkdir "$tmp/proj"
cp "$tmp/bot.c" "$tmp/proj/bot.c"
cat > "$tmp/proj/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.25)
project(consumer C)
find_package(loa REQUIRED)
add_executable(bot bot.c)
target_link_libraries(bot PRIVATE loa::loa)
CM
cmake -S "$tmp/proj" -B "$tmp/proj/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san" >/dev/null
cmake --build "$tmp/proj/build" >/dev/null

# Both binaries answer black's first turn with the same legal move.
turn="b
.bbbbbb.
w......w
w......w
w......w
w......w
w......w
w......w
.bbbbbb.
null
1
b1b3"
a=$(printf '%s\n' "$turn" | "$tmp/bot-pc" 2>/dev/null)
b=$(printf '%s\n' "$turn" | "$tmp/proj/build/bot" 2>/dev/null)
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "installed SDK bots disagree: '$a' vs '$b'"; exit 1; }
test -f "$tmp/prefix/include/loa/loa.h"
echo "installed SDK builds bots with pkg-config and find_package: $a"

if command -v g++ >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    g++ -std=c++17 -Wall -Wextra -Wpedantic -O2 $san "$src/tests/fixtures/cpp/bot.cpp" \
        $(PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config --cflags --libs loa) -o "$tmp/bot-cpp"
    c=$(printf '%s\n' "$turn" | "$tmp/bot-cpp" 2>/dev/null)
    case "$c" in
    ????" c++") echo "and a C++ bot with g++: $c" ;;
    *) echo "the C++ bot against the installed SDK answered '$c'"; exit 1 ;;
    esac
else
    echo "SKIPPED the C++ bot: g++ is not installed"
fi
