#!/usr/bin/env bash
# Install every Debian package pacer needs, then configure and build it.
# Usage: ./setup.sh [--no-build]
set -euo pipefail

# LLVM/Clang 22 is pinned (Debian 12's security suite carries it): its MCA
# library has scheduling models of today's server cores (znver5,
# sapphirerapids, neoverse-v2, a64fx) where 16 knew none past Zen 4, and
# libTooling, libclang-cpp, the MCA library, the compiler and the profile
# tools must all come from one release (raw profiles do not cross releases).
# The version is set here and passed to CMake; nothing else names it.
LLVM_VERSION=22

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  "clang-${LLVM_VERSION}" "llvm-${LLVM_VERSION}" "llvm-${LLVM_VERSION}-dev"
  "libclang-${LLVM_VERSION}-dev" "libclang-cpp${LLVM_VERSION}-dev" "libclang-rt-${LLVM_VERSION}-dev"
  "libomp-${LLVM_VERSION}-dev"
  libboost-graph-dev libpugixml-dev catch2 libcli11-dev nlohmann-json3-dev
  gnuplot-nox graphviz libopenmpi-dev openmpi-bin libdlib-dev
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev libffi-dev libncurses-dev
  # C headers of AArch64 targets, for ICC's predictions of Arm machines
  libc6-dev-arm64-cross
  # counts which machine copy of each loop runs, for ICC (callgrind)
  valgrind
  # random C programs for the frontend's differential tests
  csmith libcsmith-dev
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ "${1:-}" = "--no-build" ]; then exit 0; fi

cd "$(dirname "$0")"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DLLVM_VERSION="${LLVM_VERSION}"
cmake --build build
# Put `pacer` on the PATH, as the README and the issues' commands call it.
$SUDO ln -sf "$PWD/build/pacer" /usr/local/bin/pacer
echo "setup: done. 'pacer' is $(command -v pacer); run the tests with: ctest --test-dir build --output-on-failure"
