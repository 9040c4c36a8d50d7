#!/usr/bin/env bash
# Fuzz every reader of outside input with libFuzzer, each for a bounded time (Fuzz/README.md).
#   bash .ci/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
# Fails on a crash, a broken property, an input slower than 10 s or memory past its bound,
# keeping the input in .build-fuzz/findings/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-10}"
shift || true
scratch=.build-fuzz

echo "== building yaia-fuzz for libFuzzer ($scratch)"
start=$(date +%s)
swift build --scratch-path "$scratch" --product yaia-fuzz --sanitize=fuzzer \
  -Xswiftc -DYAIA_LIBFUZZER 2>&1 | tail -3
echo "   built in $(($(date +%s) - start)) s"
binary="$scratch/debug/yaia-fuzz"

if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(ls Fuzz/Corpus)
fi

# The slow targets (one input costs a parse of Swift, of an OpenAPI description, of a whole
# recording) get three times the time, so that their run counts in CI are worth having.
slow=" lint-source openapi-document recorded-answer recorded-secret "

export SWIFT_BACKTRACE=enable=no  # libFuzzer reports the crash and keeps the input
failed=()
for target in "${targets[@]}"; do
  [ -d "Fuzz/Corpus/$target" ] || { echo "no corpus for $target" >&2; exit 2; }
  corpus="$scratch/corpus/$target"
  findings="$scratch/findings/$target"
  mkdir -p "$corpus" "$findings"
  cp -n Fuzz/Corpus/"$target"/* "$corpus"/ 2>/dev/null || true
  log="$scratch/findings/$target.log"
  time="$seconds"
  case "$slow" in *" $target "*) time=$((seconds * 3)) ;; esac
  if YAIA_FUZZ_TARGET="$target" "$binary" "$corpus" \
    -max_total_time="$time" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1; then
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
    size=$(ls "$corpus" | wc -l)
    echo "fuzz $target: ${runs:-?} runs in ${time} s, corpus $size inputs, nothing found"
  else
    echo "fuzz $target: FOUND a problem; input kept in $findings/" >&2
    grep -E 'ERROR|SUMMARY|Fatal error|Test unit written|deadly|timeout|out-of-memory' "$log" \
      | head -20 >&2
    failed+=("$target")
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (logs and inputs in $scratch/findings/)" >&2
  exit 1
fi
