#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A way the app wires its states that compiles but would be silently wrong at run time: a
/// timed screen that nothing tells the time, ongoing work that nothing runs, an event for a
/// screen that is not there. Yaia reports it instead of carrying on quietly.
///
/// Where a report goes does not depend on what ran before: in a test process that links
/// YaiaTesting, each report is a failure of the test running now, once per cause, at the line of
/// the YaiaTesting call that caused it (else at the test's own line), whether the test uses
/// `Given`, `ShellHarness` or a plain ``Shell``. Elsewhere (the app) each distinct report is
/// written once to standard error, prefixed `Yaia:`. An app or a test framework of its own can
/// take them with ``setReporter(_:)``.
public struct WiringIssue: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, and what to do about it.
  public let description: String
  /// What the issue is about, without the values that vary from one occurrence to the next:
  /// each cause is reported once (once a test, once a run).
  package let cause: String
  /// Whether it is an event dropped for a child that is not there: a mistake under an
  /// exhaustive test, and what a test that closes the child on purpose expects.
  package let isDroppedEvent: Bool

  init(description: String, cause: String? = nil, isDroppedEvent: Bool = false) {
    self.description = description
    self.cause = cause ?? description
    self.isDroppedEvent = isDroppedEvent
  }

  /// A ``TimedState`` child is handed an event, but its parent is not timed and no time was
  /// set for the event.
  static func timeNotTold(child: String, parent: String) -> WiringIssue {
    // A library type (a screen's holder) cannot be made timed by the app: advise what can.
    let parentAdvice =
      parent.hasPrefix("AnyScreen") || parent.hasPrefix("ScreenStack")
      ? "" : ", make \(parent) a TimedState too"
    return WiringIssue(
      description:
        "\(child) is a TimedState, but nothing told the time of the event \(parent) handed it: its `now` stays as it was. Make the shell with `Shell(root, now: Date.init)` (a test: `ShellHarness(root, now: …)` with a fixed or stepped time)\(parentAdvice), or wrap a value test in `withEventTime(…)`."
    )
  }

  /// A shell whose own state is a ``TimedState`` was made without a time source.
  static func rootTimeNotTold(state: String) -> WiringIssue {
    WiringIssue(
      description:
        "\(state) is a TimedState, but its shell was made without `now:`: its `now` is never set, and everything it stamps is dated as its initial value. Make it with `Shell(\(state)(…), now: Date.init)` in the app, `ShellHarness(\(state)(…), now: …)` with a fixed or stepped time in a test."
    )
  }

  /// An event for a child that is not there (a screen popped, a row removed, a screen of another
  /// type under the id), dropped. A test that closes the child on purpose before a late event
  /// says so with an exhaustive harness turned off; the app logs it once.
  static func eventDropped(event: String, parent: String, reason: String) -> WiringIssue {
    WiringIssue(
      description:
        "\(parent) dropped the event \(event): \(reason). If the test closes it on purpose before the event arrives, use a harness with `exhaustivity: .off`; otherwise the event is sent to the wrong id or screen type.",
      cause: "dropped \(parent) \(reason)", isDroppedEvent: true)
  }

  /// Reports an event for a child that is not there: `reason` says which.
  @usableFromInline
  static func reportDropped<Parent, Event>(
    _ event: Event, by _: Parent.Type, _ reason: @autoclosure () -> String
  ) {
    report(
      .eventDropped(
        event: VisibleText.escaped(String(describing: event), atMost: 200),
        parent: "\(Parent.self)", reason: reason()))
  }

  /// A timed state stamped something with a `now` nobody told it for the event: it was handed
  /// the event by hand, past the helpers that tell a timed child the time.
  static func untoldTimeStamped(child: String, parent: String, stale: String) -> WiringIssue {
    WiringIssue(
      description:
        "\(child), a TimedState in \(parent), stored its `now` (\(stale)) during an event whose time is another: \(parent) handed it the event by hand (`child.handle(event)`), which does not tell a timed state the time, so what it stamps is dated wrongly. Forward the event with `handle(event, in: \\.…, lift: …)` (a row: `handle(event, for: id, in: \\.…, lift: …)`), which tells it the time, or set its `now` before handing it the event.",
      cause: "untold stamp \(child) in \(parent)")
  }

  /// The time told is not of the type the child keeps.
  static func timeOfAnotherType(child: String, expected: String, told: String)
    -> WiringIssue
  {
    WiringIssue(
      description:
        "\(child) keeps its time as \(expected), but the time told is a \(told): its `now` stays as it was. Tell the shell the same kind of time the timed states keep."
    )
  }

  /// A screen's command reached ``ScreenHandlers`` with no handler for its screen type.
  static func noScreenHandler(screen: String, command: String) -> WiringIssue {
    WiringIssue(
      description:
        "A command of \(screen) reached the shell, but no handler is registered for \(screen): \(command) was not run. Add `.on(\(screen).self) { command, effects in … }` to the ScreenHandlers, or react to the command in the parent."
    )
  }

  /// A started shell's state declares ongoing work, and nothing runs it.
  static func ongoingWorkNotRun(state: String) -> WiringIssue {
    WiringIssue(
      description:
        "\(state) declares ongoing work, but its shell was given nothing to run it with: the work never starts. Call `shell.runOngoingWork { work, send in … }` before `start()`."
    )
  }

  /// Where reports go: `nil` hands them to YaiaTesting when a test runs, else writes each
  /// distinct one once to standard error.
  private static let reporter = Locked<(@Sendable (WiringIssue) -> Void)?>(nil)
  private static let written = Locked<Set<String>>([])

  /// YaiaTesting's recorder, when the process links it: found by its type's name rather than
  /// installed by a test, so that a report fails the test that caused it whatever ran first.
  private static let testRecorder: (any WiringIssueRecording.Type)? =
    _typeByName("11YaiaTesting19WiringIssueRecorderV") as? any WiringIssueRecording.Type

  /// Sends every later report to `reporter` (`nil`: back to tests and standard error), for an
  /// app that logs them its own way or a test framework other than Swift Testing and XCTest.
  public static func setReporter(_ reporter: (@Sendable (WiringIssue) -> Void)?) {
    self.reporter.withLock { $0 = reporter }
  }

  /// Reports `issue` to the reporter, to the test running now, or once to standard error.
  @usableFromInline
  static func report(_ issue: WiringIssue) {
    if let reporter = reporter.withLock({ $0 }) {
      reporter(issue)
      return
    }
    if let testRecorder, testRecorder.record(issue) { return }
    guard written.withLock({ $0.insert(issue.cause).inserted }) else { return }
    let line = Array("Yaia: \(VisibleText.escaped(issue.description))\n".utf8)
    // File descriptor 2, written directly: the C `stderr` global is not concurrency-safe.
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}

/// What a test library does with a ``WiringIssue``: YaiaTesting's `WiringIssueRecorder` records
/// it as a failure of the test running now. Found at run time by the type's name, so that no
/// test has to install it.
package protocol WiringIssueRecording: Sendable {
  /// Records `issue` as a failure of the test running now; `false` when no test is running.
  static func record(_ issue: WiringIssue) -> Bool
}
