#!/usr/bin/env bash
# The Python UI-test example of SteeringARunningServer.md, run as written against the sample
# app's fixtures served by `yaia mock-server --admin`: the article's promise that a test in
# another language can add a stub, drive requests and verify them holds, or CI fails.
set -euo pipefail
cd "$(dirname "$0")/.."

article=Sources/YaiaMockServer/Documentation.docc/SteeringARunningServer.md
work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The article's first python block, as written.
python3 - "$article" "$work/example.py" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
blocks = re.findall(r"```python\n(.*?)```", text, re.S)
if not blocks:
    sys.exit("no python example in " + sys.argv[1])
open(sys.argv[2], "w").write(blocks[0])
PY

swift build --product yaia >/dev/null
binary="$(swift build --show-bin-path)/yaia"
"$binary" mock-server --fixtures Sources/YaiaDemo/Backend/demo-api --admin --port 0 \
  >"$work/server.log" 2>&1 &
server_pid=$!

# The server says where it listens once it accepts connections; 120 s bounds a slow machine.
url=
for _ in $(seq 1 240); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/server.log" | head -n 1 || true)
  [ -n "$url" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log" >&2; exit 1; fi
  sleep 0.5
done
if [ -z "$url" ]; then
  echo "check-admin-example: the server did not start in 120 s" >&2
  cat "$work/server.log" >&2
  exit 1
fi

MOCK_SERVER="$url" timeout 120 python3 "$work/example.py"
