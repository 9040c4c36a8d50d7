#!/usr/bin/env bash
# Runs the whole suite N times with BUSY busy loops beside it, and (BESIDE=build, the default)
# a `swift build` of another package looping beside it too, as a newcomer's machine is busy: a
# test that fails here bounds a wait by a short wall-clock interval.
#   bash .ci/stress.sh [N=10] [BUSY=4] [BESIDE=build|none]
# Prints one line per run (result, seconds, failing tests) and a summary; exits 1 if any failed.
# A failure here names the victims of a stall; `python3 .ci/pool-hogs.py` names its culprit, the
# work that held one of the cooperative pool's threads for seconds.
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-10}"
busy="${2:-4}"
beside="${3:-build}"

echo "== building the tests once"
swift build --build-tests 2>&1 | tail -1

loops=()
for _ in $(seq "$busy"); do
  (while :; do :; done) &
  loops+=("$!")
done
if [ "$beside" = build ]; then
  # Another package, built from scratch over and over in a scratch folder of its own: the
  # compiler and linker competing for the cores and the disk, as they do on a working machine.
  other=$(mktemp -d /tmp/yaia-stress-package.XXXXXX)
  mkdir -p "$other/Sources/Other"
  cat >"$other/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Other", targets: [.executableTarget(name: "Other")])
SWIFT
  for index in $(seq 40); do
    echo "struct Value$index: Hashable, Codable { var a = $index; var b = \"\\(Double($index) * 2)\" }" \
      >"$other/Sources/Other/Value$index.swift"
  done
  echo 'print([Value1(), Value1()].count)' >"$other/Sources/Other/main.swift"
  (while :; do
    rm -rf "$other/.build"
    swift build --package-path "$other" >/dev/null 2>&1
  done) &
  loops+=("$!")
fi
stop_loops() {
  kill "${loops[@]}" 2>/dev/null
  pkill -f "swift-build --package-path ${other:-/nonexistent}" 2>/dev/null
  wait "${loops[@]}" 2>/dev/null
  [ -n "${other:-}" ] && rm -rf "$other"
}
trap stop_loops EXIT

mkdir -p .build/stress
passed=0
for run in $(seq "$runs"); do
  log=".build/stress/run-$run.log"
  start=$(date +%s)
  if swift test --skip-build >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "run $run: passed in $(($(date +%s) - start)) s"
  else
    failing=$(grep -E '^✘ Test ".*" (failed|recorded)' "$log" | sed -E 's/^✘ Test "([^"]*)".*/\1/' \
      | sort -u | head -5 | paste -sd ';' -)
    echo "run $run: FAILED in $(($(date +%s) - start)) s: ${failing:-see $log}"
  fi
done
echo "$passed passed, $((runs - passed)) failed"
[ "$passed" -eq "$runs" ]
