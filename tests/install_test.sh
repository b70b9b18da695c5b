#!/usr/bin/env bash
# pacer installs into a prefix and is used from there: a program of the user's
# own builds against the CMake package and predicts findmax on the T800 loaded
# by name, and the installed `pacer` runs from an empty folder with its data,
# its modules and nothing of the source or build tree.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pacer-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

cmake --install "$build" --prefix "$prefix" > "$tmp/install.log"
# The user's program is compiled as libpacer was: a sanitized libpacer needs
# its compiler's sanitizer runtime.
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cmake -S "$src/tests/consumer" -B "$tmp/consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" > "$tmp/configure.log"
cmake --build "$tmp/consumer" > "$tmp/build.log"

mkdir "$tmp/empty"
cd "$tmp/empty"
unset PACER_DATA_DIR PACER_HW_DIR PACER_MODULE_DIR
"$tmp/consumer/consumer"

pacer=$prefix/bin/pacer
# Outputs go to files before grep: an early-closing grep would kill a writer
# still writing, and pipefail would call that a failure.
"$pacer" hw list > hw.txt
grep -qF "hardware descriptions in $prefix/share/pacer/hw:" hw.txt ||
  { echo "installed pacer does not read its own hw/"; cat hw.txt; exit 1; }
"$pacer" predict "$prefix/share/pacer/examples/models/findmax.xml" --hw parsytec-t800 --model all \
    --param N_element=1000 --param P_max=0.05 > predict.txt
grep -q "hllc" predict.txt
# C source: the installed Clang module is opened.
"$pacer" analyse "$prefix/share/pacer/examples/kernels/matmul.c" > analyse.txt
grep -q "task main" analyse.txt
linked=$(ldd "$prefix/lib/pacer/libpacer-clang.so" | awk '/libpacer.so/ {print $3}')
[ "$(realpath "$linked")" = "$(realpath "$prefix/lib/libpacer.so")" ] ||
  { echo "the installed Clang module links $linked, not the installed libpacer"; exit 1; }
echo "installed into $prefix: consumer, predict and analyse ran from an empty folder"
