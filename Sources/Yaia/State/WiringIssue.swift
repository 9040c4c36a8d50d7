#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A way the app wires its states that compiles but would be silently wrong at run time: a
/// timed screen that nothing tells the time, ongoing work that nothing runs. Yaia reports it instead of carrying on quietly.
///
/// In tests, YaiaTesting's `Given`, `When` and `ShellHarness` record each report as a test
/// failure; elsewhere it is written once to standard error, prefixed `Yaia:`. An app or a test
/// framework of its own can take them with ``setReporter(_:)``.
public struct WiringIssue: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, and what to do about it.
  public let description: String

  /// A ``TimedState`` child is handed an event, but its parent is not timed and no time was
  /// set for the event.
  static func timeNotTold(child: String, parent: String) -> WiringIssue {
    WiringIssue(
      description:
        "\(child) is a TimedState, but nothing tells \(parent), which hands it events, the time: its `now` stays as it was. Make the shell with `Shell(state, now: Date.init)` (in a test, a fixed or stepped time), make \(parent) a TimedState too, or wrap a value test in `withEventTime(…)`."
    )
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

  /// Where reports go: `nil` writes each distinct one once to standard error.
  private static let reporter = Locked<(@Sendable (WiringIssue) -> Void)?>(nil)
  private static let written = Locked<Set<WiringIssue>>([])

  /// Sends every later report to `reporter` (`nil`: back to standard error). YaiaTesting sets
  /// one that records a test failure.
  public static func setReporter(_ reporter: (@Sendable (WiringIssue) -> Void)?) {
    self.reporter.withLock { $0 = reporter }
  }

  /// Reports `issue` to the reporter, or once to standard error.
  static func report(_ issue: WiringIssue) {
    if let reporter = reporter.withLock({ $0 }) {
      reporter(issue)
      return
    }
    guard written.withLock({ $0.insert(issue).inserted }) else { return }
    let line = Array("Yaia: \(issue.description)\n".utf8)
    // File descriptor 2, written directly: the C `stderr` global is not concurrency-safe.
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}
