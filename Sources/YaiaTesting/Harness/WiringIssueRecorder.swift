import Testing
import Yaia

/// Turns every ``Yaia/WiringIssue`` reported while a test runs into a failure of that test, once
/// per cause, at the line of the YaiaTesting call that caused it (a `Given` step, a harness's
/// `send`), else at the test's own line.
///
/// Yaia finds this type by its name when the process links YaiaTesting (see
/// `WiringIssueRecording`): no test installs it, so a plain `Shell` test fails for a wiring
/// mistake whether or not a `Given` test ran before it in the same process.
struct WiringIssueRecorder: WiringIssueRecording {
  /// The line of the YaiaTesting call whose handling is running: work a harness's `send`
  /// started inherits it, so its reports point at that `send`.
  @TaskLocal static var location: SourceLocation?

  /// The causes already reported, per test: one failure for a mistake that every event repeats.
  private static let reported = Locked<Set<String>>([])

  static func record(_ issue: WiringIssue) -> Bool {
    let test = Test.current
    guard let location = location ?? test?.sourceLocation else { return false }
    let owner = test.map { "\($0.id)" } ?? "\(location)"
    let key = owner + "\u{0}" + issue.description
    guard reported.withLock({ $0.insert(key).inserted }) else { return true }
    reportFailure("Yaia: \(issue.description)", at: location)
    return true
  }

  /// Runs `body` with `location` as the line its wiring issues are reported at.
  static func at<Result>(_ location: SourceLocation, _ body: () throws -> Result) rethrows
    -> Result
  {
    try $location.withValue(location) { try body() }
  }
}
