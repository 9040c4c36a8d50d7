/// One reader of outside input, as a function from arbitrary bytes to "nothing wrong", so that
/// a fuzzer (libFuzzer, through `yaia-fuzz`) or a seeded random test can feed it anything.
///
/// A target does more than "not crash": it checks what must hold for every input (the same
/// answer however the bytes are split, a bound respected, a value read back equal to the value
/// written) and throws ``FuzzViolation`` when it does not. Under libFuzzer a violation stops the
/// run and keeps the input as a reproducer; under `swift test` it is a failed test.
package struct FuzzTarget: Sendable {
  /// The name used on the command line and as the corpus folder (`Fuzz/Corpus/<name>`).
  package let name: String
  /// What it reads, in a line.
  package let summary: String
  /// The largest input worth trying (libFuzzer's `-max_len`).
  package let maxLength: Int
  /// Reads `bytes`; throws when a property that must hold for every input does not.
  package let run: @Sendable ([UInt8]) throws(FuzzViolation) -> Void

  /// A target named `name`.
  package init(
    _ name: String, summary: String, maxLength: Int = 4_096,
    run: @escaping @Sendable ([UInt8]) throws(FuzzViolation) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.maxLength = maxLength
    self.run = run
  }

  /// Every target, one per reader of outside input.
  package static let all: [FuzzTarget] =
    MockServerTargets.all + InspectorTargets.all + FlowTargets.all + RemoteTargets.all
    + LintTargets.all + StateTargets.all + ResourceTargets.all + OpenAPITargets.all
    + WireTargets.all

  /// The target named `name`, if there is one.
  package static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }
}

/// A property a reader broke for one input: what held and what did not.
package struct FuzzViolation: Error, CustomStringConvertible {
  /// What went wrong, with the values involved.
  package let description: String

  /// A violation saying `description`.
  package init(_ description: String) {
    self.description = description
  }
}

/// Fails with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzViolation) {
  if !condition { throw FuzzViolation(message()) }
}
