#!/usr/bin/env bash
# Typed text keys fail the build when wrong: builds a scratch app that depends on Yaia with no
# traits, holds a String Catalog and uses the YaiaTextKeys plugin. With the keys it names in
# the catalog it must build and print the text; with a key removed from the catalog the build
# must fail naming the accessor; with a wrong argument type it must fail; and a catalog whose
# source text has unreadable placeholders must stop the build at the catalog's line.
# Usage: bash .ci/check-text-keys.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
mkdir -p "$scratch/Sources/App"
cat >"$scratch/Package.swift" <<EOP
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "App",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "$root", traits: [])],
  targets: [
    .executableTarget(
      name: "App", dependencies: [.product(name: "YaiaResources", package: "$identity")],
      resources: [.copy("Localizable.xcstrings")],
      plugins: [.plugin(name: "YaiaTextKeys", package: "$identity")])
  ]
)
EOP
catalog() {
  cat >"$scratch/Sources/App/Localizable.xcstrings" <<EOC
{
  "sourceLanguage" : "en",
  "strings" : {
    "home.title" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Speakers" } } } },
    "home.speakers" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "$1" } } } }
  }
}
EOC
}
catalog '%lld speakers in %@'
cat >"$scratch/Sources/App/main.swift" <<'EOS'
import YaiaResources

let texts: [LocalizedText] = [.homeTitle, .homeSpeakers(3, "Kitchen")]
print(texts.map(\.description).joined(separator: " "))
EOS

# 1. Every key the code names is in the catalog: it builds and runs.
if ! output=$(cd "$scratch" && swift run App 2>"$scratch/build.log"); then
  echo "text keys: the app whose keys are all in its catalog did not build:" >&2
  tail -30 "$scratch/build.log" >&2
  exit 1
fi
if [ "$output" != 'home.title home.speakers(3, "Kitchen")' ]; then
  echo "text keys: the app printed \"$output\", not its texts' keys and arguments" >&2
  status=1
fi

# 2. A key the code names is removed from the catalog: the build fails at the accessor.
sed -i '/"home.title"/d' "$scratch/Sources/App/Localizable.xcstrings"
if (cd "$scratch" && swift build >"$scratch/missing.log" 2>&1); then
  echo "text keys: the app built although home.title is no longer in its catalog" >&2
  status=1
elif ! grep -q "error: .*homeTitle" "$scratch/missing.log"; then
  echo "text keys: the build failed, but not naming homeTitle:" >&2
  grep "error:" "$scratch/missing.log" | head -10 >&2
  status=1
fi

# 3. The catalog's text takes a number where the code passes a string: a type error.
catalog '%@ speakers in %@'
sed -i 's/\[.homeTitle, /[/' "$scratch/Sources/App/main.swift"
if (cd "$scratch" && swift build >"$scratch/type.log" 2>&1); then
  echo "text keys: the app built passing 3 to a %@ placeholder" >&2
  status=1
fi

# 4. Placeholders the generator cannot follow stop the build at the catalog's line.
catalog '%1$lld speakers in %@'
if (cd "$scratch" && swift build >"$scratch/bad.log" 2>&1); then
  echo "text keys: the app built from a catalog with mixed placeholders" >&2
  status=1
elif ! grep -q "Localizable.xcstrings:5: error: the texts of home.speakers" "$scratch/bad.log"; then
  echo "text keys: the mixed placeholders were not reported at the catalog's line 5:" >&2
  grep "error" "$scratch/bad.log" | head -10 >&2
  status=1
fi
exit $status
