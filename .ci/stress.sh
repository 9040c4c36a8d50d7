#!/usr/bin/env bash
# Runs the whole suite N times with BUSY busy loops beside it, as a newcomer's machine is
# busy: a test that fails here bounds a wait by a short wall-clock interval.
#   bash .ci/stress.sh [N=10] [BUSY=4]
# Prints one line per run (result, seconds, failing tests) and a summary; exits 1 if any failed.
# A failure here names the victims of a stall; `python3 .ci/pool-hogs.py` names its culprit, the
# work that held one of the cooperative pool's threads for seconds.
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-10}"
busy="${2:-4}"

echo "== building the tests once"
swift build --build-tests 2>&1 | tail -1

loops=()
for _ in $(seq "$busy"); do
  (while :; do :; done) &
  loops+=("$!")
done
stop_loops() { kill "${loops[@]}" 2>/dev/null; wait "${loops[@]}" 2>/dev/null; }
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
