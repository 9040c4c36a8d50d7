#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One run of the process, as ids see it: what keeps the ids of `IDSequence()` apart from those
/// of every earlier run, and the same in every run of a test.
///
/// An app that keeps its notes but not its id sequence (a state rebuilt from stored records after
/// a restart) makes a fresh `IDSequence()` at each launch; if that sequence started where the
/// last launch's did, its first id would be an id a stored note already has, and deleting one
/// note would delete two. So a fresh sequence takes its namespace from the launch: random once
/// per run of an app, 0 (the test namespace: ids print `#1`, `#2`) in a test process, and in a
/// test that models a restart (YaiaTesting's `withLaunch`), a fixed namespace of that launch.
package enum LaunchNamespace {
  /// The namespace of a fresh `IDSequence()` in this process.
  static let namespace: UInt64 = isTestProcess ? 0 : IDSequence.randomNamespace()

  /// The namespace a test set for the launch it models, if any.
  @TaskLocal static var modelled: UInt64?

  /// Runs `body` with `namespace` as the launch's: YaiaTesting's `withLaunch`.
  package static func withModelled<Result>(_ namespace: UInt64, _ body: () throws -> Result)
    rethrows -> Result
  {
    try $modelled.withValue(namespace) { try body() }
  }

  /// The namespace of a fresh sequence made now.
  static var current: UInt64 { modelled ?? namespace }

  /// The namespace of launch `number` of a test that models restarts: the first launch is the
  /// test namespace, every later one a fixed namespace of its own.
  package static func namespace(ofLaunch number: Int) -> UInt64 {
    guard number > 1 else { return 0 }
    var mixer = SplitMix64(seed: 0x4C41_554E_4348 ^ UInt64(truncatingIfNeeded: number))
    var namespace: UInt64 = 0
    while namespace == 0 { namespace = mixer.next() & GeneratedID.namespaceBits }
    return namespace
  }

  /// Whether this process runs tests: XCTest and Swift Testing runners set these (the checks
  /// swift-dependencies and swift-issue-reporting use too), and YaiaTesting is linked in.
  static let isTestProcess: Bool = {
    for variable in ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
    where getenv(variable) != nil {
      return true
    }
    let arguments = CommandLine.arguments
    if let first = arguments.first, first.hasSuffix(".xctest") || first.hasSuffix("/xctest") {
      return true
    }
    if arguments.contains(where: {
      $0 == "--testing-library" || $0.hasSuffix("swiftpm-testing-helper")
    }) {
      return true
    }
    return _typeByName("11YaiaTesting19WiringIssueRecorderV") != nil
  }()
}
