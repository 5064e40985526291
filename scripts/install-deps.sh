#!/bin/sh
# Installs the Debian 12 packages loa-arena needs to build and test:
# a C compiler, CMake, pkg-config, cJSON, Check, libcrypto (SHA-256 of bots),
# SQLite and zlib (the league database; the sqlite3 shell to query it),
# Chromium (the replay viewer's browser tests drive it headless),
# clang-format (the format test), libmicrohttpd (loa-arena serve) and
# python3-dev, python3-numpy, python3-setuptools (the Python package `loa`) and python3-torch
# (the network example's training, examples/nn). Does nothing when they
# are all present (so it needs neither root nor network then); otherwise uses
# apt-get, through sudo when not run as root.
set -e
pkgs="gcc make cmake pkg-config libcjson-dev check libssl-dev libsqlite3-dev zlib1g-dev sqlite3 chromium parallel clang libclang-rt-dev bubblewrap clang-format libmicrohttpd-dev python3-dev python3-numpy python3-setuptools python3-torch"
missing=""
for p in $pkgs; do
    dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
        missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "install-deps: installing$missing" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
