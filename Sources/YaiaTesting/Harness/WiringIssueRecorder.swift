import Testing
import Yaia

/// Turns every `WiringIssue` reported while a test runs into a failure of that test, once
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
  /// Whether an event dropped for a child that is not there fails the test: not under a
  /// harness whose exhaustivity is off (a test that closes a screen before a late answer).
  @TaskLocal static var failsDroppedEvents = true
  /// Where an exploration keeps the issues of the step it plays, instead of failing the test.
  @TaskLocal static var collector: WiringIssueCollector?

  /// The causes already reported, per test: one failure for a mistake that every event repeats.
  private static let reported = Locked<Set<String>>([])

  static func record(_ issue: WiringIssue) -> Bool {
    if let collector {
      collector.append(issue)
      return true
    }
    if issue.isDroppedEvent, !failsDroppedEvents { return true }
    let test = Test.current
    guard let location = location ?? test?.sourceLocation else { return false }
    let owner = test.map { "\($0.id)" } ?? "\(location)"
    let key = owner + "\u{0}" + issue.cause
    guard reported.withLock({ $0.insert(key).inserted }) else { return true }
    reportFailure("Yaia: \(issue.description)", at: location)
    return true
  }

  /// Hands `event` to `state` as a test does: with the checks that need the state before and
  /// after (a timed child that stamped a time nobody told it, ``UntoldStamp``).
  static func handle<State: ShellState>(_ event: State.Event, on state: inout State)
    -> [State.Command]
  {
    let before = state
    let commands = state.handle(event)
    UntoldStamp.check(before: before, after: state)
    return commands
  }

  /// Runs `body` with `location` as the line its wiring issues are reported at; with
  /// `exhaustive: false`, dropped events do not fail (else whatever the caller chose holds).
  static func at<Result>(
    _ location: SourceLocation, exhaustive: Bool = true, _ body: () throws -> Result
  ) rethrows -> Result {
    try $location.withValue(location) {
      if exhaustive { return try body() }
      return try $failsDroppedEvents.withValue(false) { try body() }
    }
  }
}

/// Runs `body`, in which an event for a child that is not there (a screen popped, a row removed,
/// a screen of another type under the id) is dropped as the test intends, rather than failing
/// it: for a test that proves a late event for a closed screen changes nothing.
///
/// ```swift
/// allowingDroppedEvents {
///   Given(Downloads()).when(.removed("a"), .row("a", .progress(90))).then([])
/// }
/// ```
///
/// Everywhere else an exhaustive test fails on a dropped event, as TCA's test store does: an
/// event sent to the wrong id or screen type is a wiring mistake. A harness made with
/// `exhaustivity: .off` allows them too.
@discardableResult
public func allowingDroppedEvents<Result>(_ body: () throws -> Result) rethrows -> Result {
  try WiringIssueRecorder.$failsDroppedEvents.withValue(false) { try body() }
}

/// The same, for a body that waits (a harness's `receive`).
@discardableResult
public func allowingDroppedEvents<Result>(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
) async rethrows -> Result {
  try await WiringIssueRecorder.$failsDroppedEvents.withValue(false) { try await body() }
}
