#!/usr/bin/env bash
# The public API of every library against the last release: fails on a break nobody announced.
#
# The baseline is the commit in .ci/api-baseline: no release is tagged yet, so it is the commit
# this check started from (issue 60); at each release, write the release's tag there and empty
# the announced list. A break that is meant is announced twice: a line of
# .ci/api-breaks-announced.txt (the digester's own words) and an entry in CHANGELOG.md that says
# how a caller keeps compiling (a deprecated path) or why it cannot.
# It builds the baseline once more in a folder of its own (about 5 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."

baseline="$(head -1 .ci/api-baseline)"
if ! git cat-file -e "${baseline}^{commit}" 2>/dev/null; then
  # A shallow clone: fetch the history once; a copy without it (a tarball, a clone that cannot
  # fetch) cannot be compared, and says so in capitals rather than passing as if it had been.
  git fetch --quiet --unshallow 2>/dev/null || true
fi
if ! git cat-file -e "${baseline}^{commit}" 2>/dev/null; then
  echo "check-api: NOT CHECKED: the baseline ${baseline} is not in this copy's history (a shallow clone or no git); run it where the history is." >&2
  exit 0
fi
if ! swift package diagnose-api-breaking-changes "$baseline" \
  --breakage-allowlist-path .ci/api-breaks-announced.txt > .build-api.log 2>&1; then
  grep -E "breaking change|API breakage|error" .build-api.log >&2 || tail -20 .build-api.log >&2
  echo "check-api: a public API changed incompatibly since ${baseline} (above). Keep the old symbol with @available(*, deprecated, renamed:), or announce the break in .ci/api-breaks-announced.txt and CHANGELOG.md." >&2
  exit 1
fi
grep -E "breaking change" .build-api.log || true
