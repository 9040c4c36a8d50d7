#!/usr/bin/env bash
# The weight promise: an app that depends on the core (Yaia, YaiaTesting, YaiaRemote, YaiaFiles) with no traits
# resolves none of the heavy packages, and one that adds YaiaStore gets GRDB and nothing else
# heavy. Resolves scratch apps that depend on this repository by path and reads what SwiftPM
# checked out. Then builds an app on the core with YaiaTesting and fails if it compiles any
# module beyond Yaia, YaiaTesting and swift-custom-dump's. Usage: bash .ci/check-weight.sh [--all]
#   --all: every library product, each in an app of its own that also imports it and is built
#          clean, with the build's time (minutes: swift-syntax and GRDB build from scratch).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
# A package depended on by path is named by its folder's last component, whatever the clone's.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
heavy="GRDB.swift FlyingFox Yams swift-syntax swift-argument-parser swift-log"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
measure=false
[ "${1:-}" = "--all" ] && measure=true

# weigh NAME TRAITS PRODUCTS ALLOWED: resolves an app and fails if a heavy package other than
# ALLOWED was checked out.
weigh() {
  local name=$1 traits=$2 products=$3 allowed=$4
  local dir="$scratch/$name"
  mkdir -p "$dir/Sources/App"
  local deps=""
  for product in $products; do deps+=".product(name: \"$product\", package: \"$identity\"), "; done
  cat >"$dir/Package.swift" <<EOP
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "App",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "$root", traits: $traits)],
  targets: [.target(name: "App", dependencies: [$deps])]
)
EOP
  : >"$dir/Sources/App/App.swift"
  if $measure; then
    for product in $products; do echo "import $product" >>"$dir/Sources/App/App.swift"; done
  fi
  (cd "$dir" && swift package resolve >"$dir/resolve.log" 2>&1) || {
    cat "$dir/resolve.log" >&2
    echo "weight: the $name app does not resolve (above)." >&2
    status=1
    return
  }
  local found
  found=$(ls "$dir/.build/checkouts" 2>/dev/null | tr '\n' ' ')
  local built=""
  if $measure; then
    local start end
    start=$(date +%s.%N)
    (cd "$dir" && swift build >"$dir/build.log" 2>&1) || {
      tail -20 "$dir/build.log" >&2
      echo "weight: the $name app does not build (above)." >&2
      status=1
      return
    }
    end=$(date +%s.%N)
    built=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "; clean debug build %.0f s", e - s }')
  fi
  echo "$name ($products, traits $traits): ${found:-nothing} checked out$built"
  for package in $heavy; do
    if [[ " $found " == *" $package "* && " $allowed " != *" $package "* ]]; then
      echo "weight: the $name app resolves $package, which it must not." >&2
      status=1
    fi
  done
}

if $measure; then
  for product in Yaia YaiaTesting YaiaSequencer YaiaFlow YaiaHTTP YaiaChoreography YaiaInspector YaiaRemote YaiaFiles YaiaResources; do
    weigh "$product" "[]" "$product" ""
  done
  weigh RemoteLogging '["RemoteLogging"]' YaiaRemote "swift-log"
  weigh YaiaStore '["Store"]' YaiaStore "GRDB.swift"
  weigh YaiaMockServer '["MockServer"]' YaiaMockServer "FlyingFox Yams"
  # swift-argument-parser: the lint plugin's tool, yaia-lint, is enabled by the same trait.
  weigh YaiaLint '["Lint"]' YaiaLint "Yams swift-syntax swift-argument-parser"
else
  weigh core "[]" "Yaia YaiaTesting YaiaRemote YaiaFiles" ""
  weigh store '["Store"]' "Yaia YaiaStore" "GRDB.swift"
fi

# An app's tests on the core alone: YaiaTesting builds Yaia and swift-custom-dump (with its
# xctest-dynamic-overlay) and no other module of this package.
tested="$scratch/tested"
mkdir -p "$tested/Sources/App"
cat >"$tested/Package.swift" <<EOP
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "Tested",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "$root", traits: [])],
  targets: [.target(name: "App", dependencies: [
    .product(name: "Yaia", package: "$identity"), .product(name: "YaiaTesting", package: "$identity"),
  ])]
)
EOP
printf 'import Yaia\nimport YaiaTesting\n' >"$tested/Sources/App/App.swift"
if (cd "$tested" && swift build >"$tested/build.log" 2>&1); then
  # "Compiling plugin X" is SwiftPM compiling the script of each plugin product in the graph
  # (YaiaTextKeys, YaiaLintPlugin: a few seconds, no module of ours), not a module.
  compiled=$(grep -vE "Compiling plugin " "$tested/build.log" | grep -oE "Compiling [A-Za-z_0-9]+ " \
    | awk '{print $2}' | sort -u | tr '\n' ' ')
  echo "an app on the core with YaiaTesting compiles: $compiled"
  for module in $compiled; do
    # YaiaSupport is part of the core (its shared helpers, apart so build tools can use them).
    case " App Yaia YaiaSupport YaiaTesting CustomDump IssueReporting IssueReportingPackageSupport IssueReportingTestSupport XCTestDynamicOverlay " in
      *" $module "*) ;;
      *)
        echo "weight: an app on the core with YaiaTesting compiles $module, which it must not." >&2
        status=1
        ;;
    esac
  done
else
  tail -20 "$tested/build.log" >&2
  echo "weight: an app on the core with YaiaTesting does not build (above)." >&2
  status=1
fi
exit $status
