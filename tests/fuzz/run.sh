#!/bin/bash
# Runs each libFuzzer target of pacer's readers, starting from its seed
# corpus (tests/fuzz/corpus/<target>), for a bounded time or number of runs.
# New inputs go to a scratch corpus, never into the repository. Exits
# non-zero at the first target that crashes, leaks memory it cannot or
# throws anything but a refusal (InputError); libFuzzer leaves the input.
# Usage: tests/fuzz/run.sh BUILD_DIR [-max_total_time=20 | -runs=1000000]
set -euo pipefail
build="$1"
shift
limit=("${@:--max_total_time=20}")
here="$(cd "$(dirname "$0")" && pwd)"
scratch="$(mktemp -d /tmp/pacer-fuzz.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT
for seeds in "$here"/corpus/*/; do
  target="$(basename "$seeds")"
  mkdir -p "$scratch/$target"
  echo "fuzz_$target: ${limit[*]}"
  # ASan's leak check is off as for the tests: libpacer's caches live to the exit.
  set +e
  ASAN_OPTIONS=detect_leaks=0 "$build/fuzz_$target" "${limit[@]}" -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$scratch/" "$scratch/$target" "$seeds" >"$scratch/$target.log" 2>&1
  status=$?
  set -e
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)|ERROR|SUMMARY|Done [0-9]+ runs" "$scratch/$target.log" || true
  if [ "$status" -ne 0 ]; then
    tail -40 "$scratch/$target.log" >&2
    echo "fuzz_$target failed (status $status); inputs: $scratch" >&2
    trap - EXIT
    exit 1
  fi
done
