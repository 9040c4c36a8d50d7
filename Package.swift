// swift-tools-version: 6.1
import PackageDescription

/// The traits that turn on each gated part: its own, those that imply it, and Tools (which
/// enables everything without enabling the other traits; see `traits` below for why).
enum Gate {
  static let remoteLogging: Set<String> = ["RemoteLogging", "Remote", "Tools"]
  static let store: Set<String> = ["Store", "Tools"]
  static let openAPI: Set<String> = ["OpenAPI", "MockServer", "Tools"]
  static let mockServer: Set<String> = ["MockServer", "Tools"]
  static let lint: Set<String> = ["Lint", "Tools"]
}

let package = Package(
  name: "Yaia",
  // Observation (the shell is Observable) needs iOS 17, macOS 14, tvOS 17, watchOS 10.
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "Yaia", targets: ["Yaia"]),
    .library(name: "YaiaTesting", targets: ["YaiaTesting"]),
    .library(name: "YaiaInspectorTesting", targets: ["YaiaInspectorTesting"]),
    .library(name: "YaiaSequencer", targets: ["YaiaSequencer"]),
    .library(name: "YaiaFlow", targets: ["YaiaFlow"]),
    .library(name: "YaiaHTTP", targets: ["YaiaHTTP"]),
    .library(name: "YaiaRemote", targets: ["YaiaRemote"]),
    .library(name: "YaiaStore", targets: ["YaiaStore"]),
    .library(name: "YaiaFiles", targets: ["YaiaFiles"]),
    .library(name: "YaiaOpenAPI", targets: ["YaiaOpenAPI"]),
    .library(name: "YaiaMockServer", targets: ["YaiaMockServer"]),
    .library(name: "YaiaLint", targets: ["YaiaLint"]),
    .library(name: "YaiaInspector", targets: ["YaiaInspector"]),
    .library(name: "YaiaChoreography", targets: ["YaiaChoreography"]),
    .library(name: "YaiaResources", targets: ["YaiaResources"]),
    .executable(name: "yaia", targets: ["YaiaCLI"]),
    // The linter apart from `yaia`, so that `yaia demo` never builds swift-syntax; `yaia lint`
    // runs it.
    .executable(name: "yaia-lint", targets: ["YaiaLintTool"]),
    .plugin(name: "YaiaLintPlugin", targets: ["YaiaLintPlugin"]),
    // Typed accessors for an app's String Catalog keys, generated on every build.
    .plugin(name: "YaiaTextKeys", targets: ["YaiaTextKeys"]),
    .executable(name: "yaia-text-keys", targets: ["yaia-text-keys"]),
    .executable(name: "yaia-bench", targets: ["YaiaBench"]),
    // The linter's benchmarks, apart so that yaia-bench never builds swift-syntax.
    .executable(name: "yaia-bench-lint", targets: ["YaiaLintBench"]),
    // Replays inputs through the fuzz targets; built for libFuzzer by .ci/fuzz.sh.
    .executable(name: "yaia-fuzz", targets: ["YaiaFuzz"]),
  ],
  // What an app pays for: each library product that needs a package of someone else's has a
  // trait, and an app enables only the traits of the products it uses. Packages behind a
  // disabled trait are neither resolved nor built:
  // the core (Yaia, YaiaTesting, YaiaInspectorTesting, YaiaSequencer, YaiaFlow, YaiaHTTP,
  // YaiaChoreography, YaiaInspector, YaiaFiles, YaiaRemote without its LoggingInterceptor):
  //   .package(url: "https://github.com/yaia/yaia", from: "0.1.0", traits: [])
  // the core and YaiaStore (GRDB):
  //   .package(url: "https://github.com/yaia/yaia", from: "0.1.0", traits: ["Store"])
  // The default, Tools, enables everything: the command-line tools, the sample app, the
  // benchmarks and the tests, as this repository builds them.
  //
  // No trait enables another (`enabledTraits`): SwiftPM passes every enabled trait to every
  // module as a `-D` flag, in an order that changes between a fresh clone's first build and the
  // next, and a changed command line recompiles every module of the package. With one trait
  // enabled there is one flag and nothing to reorder, so each gated part lists the traits that
  // turn it on (`Gate`, below) and its target defines its own condition for the ones that imply
  // it.
  traits: [
    .trait(name: "RemoteLogging", description: "YaiaRemote's LoggingInterceptor: swift-log."),
    // YaiaRemote itself needs no trait any more; an app that still names this one gets logging.
    .trait(name: "Remote", description: "Kept for apps that name it: the same as RemoteLogging."),
    .trait(name: "Store", description: "YaiaStore: GRDB."),
    .trait(name: "OpenAPI", description: "YaiaOpenAPI: Yams."),
    .trait(
      name: "MockServer",
      description: "YaiaMockServer: FlyingSocks (FlyingFox), and YaiaOpenAPI with Yams."),
    .trait(name: "Lint", description: "YaiaLint: swift-syntax and Yams."),
    .trait(
      name: "Tools",
      description:
        "yaia (demo, mock-server, graph, lint, inspect, resources), the lint plugin, the benchmarks: everything, and swift-argument-parser."
    ),
    .default(enabledTraits: ["Tools"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
  ],
  targets: [
    // What every Yaia module shares and no app calls: reading outside input within bounds,
    // text made safe for a terminal, a lock, SARIF. Apart from the core so that a build tool
    // (yaia-text-keys) compiles only what it uses.
    .target(name: "YaiaSupport"),
    // What only the tools share (SARIF reports, edit distance for "did you mean"): apart from
    // the core, so that an app that links Yaia links none of it.
    .target(name: "YaiaToolSupport", dependencies: ["YaiaSupport"]),
    .target(name: "Yaia", dependencies: ["YaiaSupport"]),
    // What an app's tests use: the core and swift-custom-dump, nothing else.
    .target(
      name: "YaiaTesting",
      dependencies: ["Yaia", .product(name: "CustomDump", package: "swift-custom-dump")]
    ),
    // Tests made from Yaia Inspector's recordings (exported tests, journals): YaiaTesting and
    // YaiaInspector, apart so that YaiaTesting alone never builds the inspector.
    .target(name: "YaiaInspectorTesting", dependencies: ["Yaia", "YaiaTesting", "YaiaInspector"]),
    .target(name: "YaiaSequencer", dependencies: ["Yaia"]),
    .target(name: "YaiaFlow", dependencies: ["Yaia"]),
    // The wire vocabulary every part shares: one HTTP request and response, one path template,
    // one JSON value with its one bounded reader and writer. Only YaiaSupport (input budgets).
    .target(name: "YaiaHTTP", dependencies: ["YaiaSupport"]),
    .target(
      name: "YaiaRemote",
      dependencies: [
        "Yaia", "YaiaHTTP",
        .product(
          name: "Logging", package: "swift-log", condition: .when(traits: Gate.remoteLogging)),
      ],
      // `#if RemoteLogging` holds for every trait that turns logging on.
      swiftSettings: [.define("RemoteLogging", .when(traits: ["Remote", "Tools"]))]
    ),
    .target(
      name: "YaiaStore",
      dependencies: [
        "Yaia", "YaiaFiles",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: Gate.store)),
      ],
      swiftSettings: [.define("Store", .when(traits: ["Tools"]))]),
    // A Shared value kept in a JSON file: Foundation only, so no trait and no GRDB.
    .target(name: "YaiaFiles", dependencies: ["Yaia"]),
    // OpenAPI descriptions read, checked and sampled; an app's requests checked against one
    // (any `ClientRequest`: YaiaRemote's `Request` conforms, so this need not link the client).
    .target(
      name: "YaiaOpenAPI",
      dependencies: [
        "Yaia", "YaiaHTTP", "YaiaToolSupport",
        .product(name: "Yams", package: "Yams", condition: .when(traits: Gate.openAPI)),
      ],
      swiftSettings: [.define("OpenAPI", .when(traits: ["MockServer", "Tools"]))]),
    .target(
      name: "YaiaMockServer",
      dependencies: [
        "Yaia", "YaiaHTTP", "YaiaToolSupport",
        // Only with the trait: without it, this target's own message names "MockServer"
        // rather than YaiaOpenAPI's naming "OpenAPI" first.
        .target(name: "YaiaOpenAPI", condition: .when(traits: Gate.mockServer)),
        .product(
          name: "FlyingSocks", package: "FlyingFox", condition: .when(traits: Gate.mockServer)),
        .product(name: "Yams", package: "Yams", condition: .when(traits: Gate.mockServer)),
      ],
      swiftSettings: [.define("MockServer", .when(traits: ["Tools"]))]
    ),
    // Animations as values, choreographed, and a player; no dependencies.
    .target(name: "YaiaChoreography"),
    // The view layer's resources as values: localized text from String Catalogs, checked.
    .target(name: "YaiaResources", dependencies: ["YaiaSupport", "YaiaToolSupport", "YaiaHTTP"]),
    // Watching a running app: its events, commands and view models as values.
    .target(name: "YaiaInspector", dependencies: ["Yaia", "YaiaHTTP", "YaiaSequencer"]),
    // `yaia inspect`: the page and the server apps stream to; the tool's, not the apps'.
    .target(
      name: "YaiaInspectorServer",
      dependencies: [
        "Yaia", "YaiaHTTP", "YaiaInspector",
        .product(name: "FlyingFox", package: "FlyingFox", condition: .when(traits: ["Tools"])),
      ],
      resources: [.copy("Resources")]
    ),
    // The architecture's rules checked on source (`yaia lint`); the only user of swift-syntax.
    .target(
      name: "YaiaLint",
      dependencies: [
        "Yaia", "YaiaHTTP", "YaiaToolSupport",
        .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: Gate.lint)),
        .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: Gate.lint)),
        .product(name: "Yams", package: "Yams", condition: .when(traits: Gate.lint)),
      ],
      swiftSettings: [.define("Lint", .when(traits: ["Tools"]))]
    ),
    .target(
      name: "YaiaDemo",
      dependencies: [
        "Yaia", "YaiaFlow", "YaiaSequencer", "YaiaRemote", "YaiaStore", "YaiaMockServer",
        "YaiaInspector", "YaiaChoreography", "YaiaResources",
      ],
      resources: [
        .copy("Backend/demo-api"), .copy("Backend/demo-api.openapi.yaml"),
        .copy("Text/Demo.xcstrings"),
      ]
      // Every text the demo shows is a key of Text/Demo.xcstrings, reached by a generated
      // accessor (`.homeHeading`) in Text/TextKeys.swift: a key missing from the catalog does
      // not compile. That file is yaia-text-keys' output, checked in and compared with the
      // catalog by YaiaDemoTests, rather than the YaiaTextKeys plugin's: `yaia` reaches this
      // target, and SwiftPM builds the tool of a plugin that any reachable target uses in every
      // app that depends on this package, which would compile YaiaResources for apps that never
      // use it.
    ),
    // What every Yaia executable shares: argument errors shown escaped.
    .target(
      name: "YaiaCommandLine",
      dependencies: [
        "Yaia",
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: Gate.lint)),
      ]
    ),
    // `yaia`: the demo, the mock server, the launch graph, the inspector. It does not link the
    // linter (swift-syntax): `yaia lint` runs `yaia-lint`.
    .executableTarget(
      name: "YaiaCLI",
      dependencies: [
        "Yaia",
        "YaiaRemote",
        "YaiaMockServer",
        "YaiaDemo",
        "YaiaSequencer",
        "YaiaInspector",
        "YaiaInspectorServer",
        "YaiaCommandLine",
        "YaiaResources",
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: ["Tools"])),
      ]
    ),
    // `yaia-lint`: the smallest executable that lints; the lint plugin's tool.
    .executableTarget(
      name: "YaiaLintTool",
      dependencies: [
        "Yaia", "YaiaLint", "YaiaToolSupport", "YaiaCommandLine",
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: Gate.lint)),
      ],
      swiftSettings: [.define("Lint", .when(traits: ["Tools"]))]
    ),
    // `swift package yaia-lint`: yaia-lint on the package that depends on Yaia. No tool
    // dependency: the plugin has SwiftPM build the yaia-lint product in the package's own build,
    // so swift-syntax is never built a second time for the host.
    .plugin(
      name: "YaiaLintPlugin",
      capability: .command(
        intent: .custom(
          verb: "yaia-lint", description: "Check the architecture's rules (yaia-lint)"),
        permissions: [])
    ),
    // `yaia-text-keys`: the catalog's keys as Swift accessors; YaiaTextKeys runs it at build
    // time. It needs only YaiaResources, so an app's build pays for nothing else.
    // The target is named as its product: SwiftPM finds a plugin's tool in the plugin's own
    // package by product name.
    .executableTarget(
      name: "yaia-text-keys",
      dependencies: ["YaiaSupport", "YaiaToolSupport", "YaiaHTTP", "YaiaResources"],
      path: "Sources/YaiaTextKeysTool"),
    .plugin(
      name: "YaiaTextKeys", capability: .buildTool(), dependencies: ["yaia-text-keys"]),
    // A child process for YaiaStore's durability test (killed mid-transaction); not a product.
    .executableTarget(
      name: "YaiaStoreWriter",
      dependencies: ["YaiaStore"]
    ),
    .executableTarget(
      name: "YaiaBench",
      dependencies: [
        "Yaia",
        "YaiaSequencer",
        "YaiaRemote",
        "YaiaStore",
        "YaiaMockServer",
        "YaiaOpenAPI",
        "YaiaInspector",
        "YaiaInspectorServer",
        "YaiaHTTP",
        "YaiaBenchSupport",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Tools"])),
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: ["Tools"])),
        .product(name: "FlyingFox", package: "FlyingFox", condition: .when(traits: ["Tools"])),
      ]
    ),
    // What both benchmark executables share: figures, their table, timing helpers.
    .target(name: "YaiaBenchSupport", dependencies: ["Yaia"]),
    .executableTarget(
      name: "YaiaLintBench",
      dependencies: [
        "Yaia", "YaiaLint", "YaiaBenchSupport",
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: ["Tools"])),
        .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["Tools"])),
      ]
    ),
    // A fuzz target for every reader of outside input (Fuzz/README.md), and `yaia-fuzz`, which
    // runs them under libFuzzer (`.ci/fuzz.sh`) or replays files through them.
    .target(
      name: "YaiaFuzzTargets",
      dependencies: [
        "Yaia", "YaiaMockServer", "YaiaOpenAPI", "YaiaInspector", "YaiaFlow", "YaiaRemote",
        "YaiaLint",
        "YaiaDemo",
        "YaiaResources",
      ]),
    .executableTarget(name: "YaiaFuzz", dependencies: ["YaiaFuzzTargets"]),
    .testTarget(
      name: "YaiaTests",
      dependencies: [
        "Yaia", "YaiaTesting", .product(name: "CustomDump", package: "swift-custom-dump"),
      ]),
    .testTarget(name: "YaiaFuzzTests", dependencies: ["YaiaFuzzTargets", "YaiaTesting"]),
    .testTarget(name: "YaiaHTTPTests", dependencies: ["YaiaHTTP", "YaiaSupport"]),
    .testTarget(
      name: "YaiaOpenAPITests", dependencies: ["YaiaOpenAPI", "YaiaRemote", "YaiaTesting"],
      // The article's description, read from the source tree by #filePath.
      exclude: ["petstore.openapi.yaml"]),
    .testTarget(name: "YaiaResourcesTests", dependencies: ["YaiaResources", "YaiaTesting"]),
    .testTarget(name: "YaiaFilesTests", dependencies: ["Yaia", "YaiaFiles", "YaiaTesting"]),
    .testTarget(name: "YaiaTestingTests", dependencies: ["Yaia", "YaiaTesting"]),
    .testTarget(
      name: "YaiaSequencerTests",
      dependencies: [
        "YaiaSequencer",
        "YaiaTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    .testTarget(
      name: "YaiaStoreTests",
      dependencies: [
        "YaiaStore", "YaiaStoreWriter", "YaiaTesting",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "YaiaDemoTests",
      dependencies: [
        "YaiaDemo", "Yaia", "YaiaFlow", "YaiaSequencer", "YaiaTesting", "YaiaInspectorTesting",
        "YaiaCLI", "YaiaResources", "YaiaOpenAPI",
      ]
    ),
    .testTarget(name: "YaiaFlowTests", dependencies: ["YaiaFlow", "Yaia", "YaiaTesting"]),
    .testTarget(
      name: "YaiaChoreographyTests", dependencies: ["YaiaChoreography", "YaiaTesting"]),
    .testTarget(
      name: "YaiaInspectorTests",
      dependencies: [
        "YaiaInspector", "YaiaInspectorServer", "Yaia", "YaiaFlow", "YaiaSequencer",
        "YaiaTesting", "YaiaInspectorTesting",
        // A squatter on an inspector's port, in the handshake's tests.
        .product(name: "FlyingFox", package: "FlyingFox"),
      ]
    ),
    .testTarget(
      name: "YaiaLintTests",
      dependencies: [
        "Yaia", "YaiaLint", "YaiaLintTool", "YaiaTesting",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // A fixture app with one of everything yaia lint reports, and the labelled corpus of
      // findings on real apps with the shapes that fooled the rules: read, never compiled.
      resources: [.copy("Fixtures"), .copy("Corpus")]),
    .testTarget(
      name: "YaiaMockServerTests",
      dependencies: [
        "Yaia", "YaiaMockServer", "YaiaOpenAPI", "YaiaRemote", "YaiaCLI", "YaiaTesting",
      ],
      // The shop's description and fixtures, read from the source tree by #filePath.
      exclude: ["OpenAPI"]),
    .testTarget(
      name: "YaiaRemoteTests",
      dependencies: [
        "YaiaRemote", "YaiaTesting", "YaiaMockServer",
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// What DESIGN promises, enforced by the compiler in every target, in this one place:
// - InternalImportsByDefault: an `import` is internal, so a module whose types appear in a
//   target's public API is imported `public` on purpose, and a dependency cannot leak into an
//   app's API by accident (the core must not hand Foundation, GRDB or swift-log types to apps
//   without saying so).
// - MemberImportVisibility: a file uses only the members of modules it imports itself, so a
//   file's imports say what it depends on.
// - ExistentialAny: an existential is written `any P`, so its cost is visible where it is paid.
for target in package.targets where target.type != .plugin {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("ExistentialAny"),
    ]
}
