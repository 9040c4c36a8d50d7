#!/usr/bin/env bash
# A missing trait names itself first: an app that uses a trait-gated product (or the lint
# plugin) without enabling its trait must see only the errors that name the trait and the line
# to add, never "no such module" or an error from deeper in the build. Builds a scratch app
# with one target per gated product, and runs the lint plugin in it. Then runs the plugin in an
# app that has the Lint trait: it must lint, and build swift-syntax once (no host copy).
# Usage: bash .ci/check-traits.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0

# One flag, nothing to reorder: the default enables exactly one trait and no trait enables
# another (CONTRIBUTING, "Why the default trait enables no other trait"). Read from the
# manifest, so a trait added the old way fails here every time, not only when SwiftPM happens
# to reorder the flags.
swift package dump-package >"$scratch/manifest.json"
if ! python3 - "$scratch/manifest.json" <<'EOPY'
import json, sys
traits = json.load(open(sys.argv[1])).get("traits") or []
wrong = [
    f"{t['name']} enables {', '.join(t['enabledTraits'])}" for t in traits
    if t["name"] != "default" and t["enabledTraits"]
]
default = [t["enabledTraits"] for t in traits if t["name"] == "default"]
if default and len(default[0]) != 1:
    wrong.append(f"the default enables {len(default[0])} traits ({', '.join(default[0])}), not one")
for line in wrong:
    print(f"traits: {line}; each enabled trait is a -D flag SwiftPM may reorder, which recompiles every module", file=sys.stderr)
sys.exit(1 if wrong else 0)
EOPY
then
  status=1
else
  echo "traits: the default enables one trait, and no trait enables another."
fi

# product → the trait its message must name
products="YaiaStore:Store YaiaOpenAPI:OpenAPI YaiaMockServer:MockServer YaiaLint:Lint"
targets=""
for pair in $products; do
  product=${pair%%:*}
  mkdir -p "$scratch/Sources/Uses$product"
  echo "import $product" >"$scratch/Sources/Uses$product/File.swift"
  targets+=".target(name: \"Uses$product\", dependencies: [.product(name: \"$product\", package: \"$identity\")]), "
done
cat >"$scratch/Package.swift" <<EOP
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "App",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "$root", traits: [])],
  targets: [$targets]
)
EOP

# check LOG WHAT: every error line of LOG is a trait message; WHAT names the run. SwiftPM's own
# follow-ups are not causes: a failed command, and "cancelled" for the jobs it stopped after
# the trait's error (printed or not depending on how far those jobs got: a clean-clone CI run
# saw it once).
check() {
  local log=$1 what=$2
  local others
  others=$(grep -E "error: " "$log" | grep -v "the Yaia package's" \
    | grep -vE "^error: (fatalError|emit-module command failed|compile command failed|yaia-lint did not build|cancelled)$|^error: (fatalError|emit-module command failed|compile command failed|yaia-lint did not build)" || true)
  if [ -n "$others" ]; then
    echo "traits: $what shows errors that do not name the missing trait:" >&2
    echo "$others" | head -20 >&2
    status=1
  fi
}

# One target at a time: a failed module stops the build before the next one is compiled.
: >"$scratch/build.log"
for pair in $products; do
  product=${pair%%:*}
  trait=${pair##*:}
  if (cd "$scratch" && swift build --target "Uses$product" >"$scratch/$product.log" 2>&1); then
    echo "traits: an app using $product without the \"$trait\" trait built; it must not." >&2
    status=1
  fi
  cat "$scratch/$product.log" >>"$scratch/build.log"
  if ! grep -q "error: $product needs the Yaia package's \"$trait\" trait" "$scratch/$product.log"; then
    echo "traits: building with $product never says that it needs the \"$trait\" trait." >&2
    status=1
  fi
done
# YaiaRemote needs no trait; its LoggingInterceptor needs RemoteLogging, and says so where used.
mkdir -p "$scratch/Sources/UsesYaiaRemote" "$scratch/Sources/UsesLoggingInterceptor"
printf 'import Foundation\nimport YaiaRemote\nlet client = RemoteClient(baseURL: URL(fileURLWithPath: "/"))\n' \
  >"$scratch/Sources/UsesYaiaRemote/File.swift"
printf 'import YaiaRemote\nfunc log(_ interceptor: LoggingInterceptor) {}\n' \
  >"$scratch/Sources/UsesLoggingInterceptor/File.swift"
sed -i 's|targets: \[|targets: [.target(name: "UsesYaiaRemote", dependencies: [.product(name: "YaiaRemote", package: "'"$identity"'")]), .target(name: "UsesLoggingInterceptor", dependencies: [.product(name: "YaiaRemote", package: "'"$identity"'")]), |' \
  "$scratch/Package.swift"
if ! (cd "$scratch" && swift build --target UsesYaiaRemote >"$scratch/YaiaRemote.log" 2>&1); then
  echo "traits: an app using YaiaRemote without traits did not build; it needs none:" >&2
  tail -20 "$scratch/YaiaRemote.log" >&2
  status=1
fi
if (cd "$scratch" && swift build --target UsesLoggingInterceptor >"$scratch/Logging.log" 2>&1); then
  echo "traits: LoggingInterceptor built without the \"RemoteLogging\" trait; it must not." >&2
  status=1
fi
cat "$scratch/Logging.log" >>"$scratch/build.log"
if ! grep -q "LoggingInterceptor needs the Yaia package's \"RemoteLogging\" trait" "$scratch/Logging.log"; then
  echo "traits: using LoggingInterceptor never says that it needs the \"RemoteLogging\" trait." >&2
  status=1
fi
check "$scratch/build.log" "the build"
echo "traits: a build without traits says only which trait each product needs:"
grep -E "error: .*the Yaia package's" "$scratch/build.log" | sed -E 's/.*error: /  /' | sort -u

# The lint plugin without the Lint trait.
if (cd "$scratch" && swift package yaia-lint >"$scratch/plugin.log" 2>&1); then
  echo "traits: the lint plugin ran without the Lint trait; it must not." >&2
  exit 1
fi
check "$scratch/plugin.log" "the lint plugin"
if ! grep -q "error: .*the Yaia package's \"Lint\"" "$scratch/plugin.log"; then
  echo "traits: the lint plugin without the Lint trait never names the trait:" >&2
  tail -20 "$scratch/plugin.log" >&2
  status=1
else
  echo "traits: the lint plugin without the Lint trait says:"
  grep -E "error: .*the Yaia package's" "$scratch/plugin.log" | sed -E 's/.*error: /  /' | sort -u
fi
# The lint plugin with the Lint trait: it builds yaia-lint in the app's own build and lints.
linted="$scratch/linted"
mkdir -p "$linted/Sources/App"
cat >"$linted/Package.swift" <<EOP
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "Linted",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "$root", traits: ["Lint"])],
  targets: [.target(name: "App", dependencies: [.product(name: "Yaia", package: "$identity")])]
)
EOP
cat >"$linted/Sources/App/ClockState.swift" <<'EOS'
import Foundation
import Yaia

struct ClockState: ShellState {
  enum Event: Equatable, Sendable { case tick }
  var stamp = ""
  var viewModel: String { stamp }
  mutating func handle(_ event: Event) -> [Never] {
    stamp = "\(Date())"
    return []
  }
}
EOS
if (cd "$linted" && swift package yaia-lint >"$linted/plugin.log" 2>&1); then
  echo "traits: the lint plugin found nothing in a state that reads the clock." >&2
  status=1
fi
if ! grep -q "ClockState.handle reads the clock (Date()) \[state-purity\]" "$linted/plugin.log"; then
  echo "traits: the lint plugin with the Lint trait did not lint:" >&2
  tail -20 "$linted/plugin.log" >&2
  status=1
elif ls "$linted/.build/debug" | grep -q "^SwiftSyntax-tool.build$"; then
  echo "traits: the lint plugin built swift-syntax a second time, for the host." >&2
  status=1
else
  echo "traits: with the Lint trait, the plugin builds yaia-lint once and lints:"
  grep "state-purity" "$linted/plugin.log" | sed -E 's/^/  /'
fi

# A trait that implies another (MockServer brings YaiaOpenAPI and Yams; Remote brings
# LoggingInterceptor) does so without enabledTraits (CONTRIBUTING says why): each alone builds
# what it promises.
implied="$scratch/implied"
mkdir -p "$implied/Sources/Server" "$implied/Sources/Logged"
cat >"$implied/Package.swift" <<EOP
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "Implied",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "$root", traits: ["MockServer", "Remote"])],
  targets: [
    .target(name: "Server", dependencies: [
      .product(name: "YaiaMockServer", package: "$identity"),
      .product(name: "YaiaOpenAPI", package: "$identity"),
    ]),
    .target(name: "Logged", dependencies: [.product(name: "YaiaRemote", package: "$identity")]),
  ]
)
EOP
printf 'import YaiaMockServer\nimport YaiaOpenAPI\nlet router: MockRouter? = nil\nlet template = PathTemplate(openAPIPath: "/a/{id}")\n' \
  >"$implied/Sources/Server/File.swift"
printf 'import YaiaRemote\nfunc log(_ interceptor: LoggingInterceptor) {}\n' \
  >"$implied/Sources/Logged/File.swift"
if (cd "$implied" && swift build >"$implied/build.log" 2>&1); then
  echo "traits: \"MockServer\" alone builds YaiaMockServer and YaiaOpenAPI; \"Remote\" brings LoggingInterceptor."
else
  echo "traits: an app with the MockServer and Remote traits does not build what they imply:" >&2
  grep -E "error" "$implied/build.log" | head -20 >&2
  status=1
fi
exit $status
