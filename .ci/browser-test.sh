#!/usr/bin/env bash
# The inspector's page in a real browser: installs headless Chromium (Debian's package) and
# Playwright (PyPI, driving the system's Chromium: no browser download) when they are missing,
# then runs Tests/Browser/inspector_page_test.py against the built `yaia`.
# Where the browser cannot be installed, the test is reported SKIPPED with the reason; it never
# passes silently. Usage: bash .ci/browser-test.sh
set -uo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "SKIPPED: browser test: $1"
  exit 0
}

if ! command -v chromium >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || skip "no Chromium and no apt-get to install it"
  [ "$(id -u)" = 0 ] || skip "no Chromium, and installing it needs root"
  echo "== installing chromium (Debian)"
  if ! apt-get install -y chromium >/tmp/yaia-apt.log 2>&1; then
    apt-get update >/tmp/yaia-apt-update.log 2>&1 || true
    apt-get install -y chromium >/tmp/yaia-apt.log 2>&1 \
      || skip "apt-get could not install chromium: $(tail -1 /tmp/yaia-apt.log)"
  fi
fi
if ! python3 -c "import playwright" >/dev/null 2>&1; then
  echo "== installing playwright (PyPI; it drives the system's Chromium)"
  python3 -m pip install --quiet playwright >/tmp/yaia-pip.log 2>&1 \
    || skip "pip could not install playwright: $(tail -1 /tmp/yaia-pip.log)"
fi

bin=$(swift build --show-bin-path)
swift build --product yaia >/dev/null || exit 1
# The test the page's "Make a test…" downloads is compiled and run in the sample app's test
# target, then removed (it is listed in .gitignore, should this script be stopped first).
exported=Tests/YaiaDemoTests/BrowserExportedSessionTests.swift
trap 'rm -f "$exported"' EXIT
rm -f "$exported"
YAIA_EXPORTED_TEST="$PWD/$exported" timeout 300 python3 Tests/Browser/inspector_page_test.py "$bin/yaia"
status=$?
case $status in
  0) ;;
  3) exit 0 ;;  # skipped: the script said why
  *) echo "browser test failed (status $status)" >&2; exit 1 ;;
esac
[ -f "$exported" ] || { echo "browser test: the page's test was not downloaded" >&2; exit 1; }
echo "== the test the page made, compiled and run in YaiaDemoTests"
swift build --build-tests >/tmp/yaia-exported-build.log 2>&1 \
  || { tail -30 /tmp/yaia-exported-build.log >&2; echo "the page's test does not compile" >&2; exit 1; }
swift test --skip-build --filter browserExportedSession >/tmp/yaia-exported-test.log 2>&1 \
  || { tail -30 /tmp/yaia-exported-test.log >&2; echo "the page's test does not pass as recorded" >&2; exit 1; }
grep -q "browserExportedSession\|steps 10–" /tmp/yaia-exported-test.log \
  || { tail -10 /tmp/yaia-exported-test.log >&2; echo "the page's test did not run" >&2; exit 1; }
echo "the page's test compiles and passes as recorded"
