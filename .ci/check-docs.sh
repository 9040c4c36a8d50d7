#!/usr/bin/env bash
# Builds each target's DocC catalog with the toolchain's docc and fails on any warning
# (a broken symbol link, a missing article). Usage: bash .ci/check-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
for target in YaiaTesting YaiaInspectorTesting YaiaSequencer YaiaHTTP YaiaRemote YaiaFiles YaiaStore YaiaOpenAPI YaiaMockServer YaiaFlow YaiaLint YaiaInspector YaiaChoreography YaiaResources; do
  swift build --scratch-path .build-docs --target "$target" -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all" >/dev/null
done
status=0
for target in Yaia YaiaTesting YaiaInspectorTesting YaiaSequencer YaiaHTTP YaiaRemote YaiaFiles YaiaStore YaiaOpenAPI YaiaMockServer YaiaFlow YaiaLint YaiaInspector YaiaChoreography YaiaResources; do
  mkdir -p "$graphs/$target"
  cp "$graphs/all/$target".symbols.json "$graphs/$target/"
  cp "$graphs/all/$target"@*.symbols.json "$graphs/$target/" 2>/dev/null || true
  output=$(docc convert "Sources/$target/Documentation.docc" \
    --additional-symbol-graph-dir "$graphs/$target" \
    --fallback-display-name "$target" --fallback-bundle-identifier "org.yaia.$target" \
    --output-path "$graphs/$target.doccarchive" --analyze 2>&1)
  if grep -E "warning|error" <<<"$output"; then
    echo "docs: $target has documentation warnings (above)." >&2
    status=1
  fi
done
exit $status
