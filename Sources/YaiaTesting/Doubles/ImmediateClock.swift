import Foundation
import Yaia

/// A clock whose sleeps end at once, its time moved on by what was slept: for tests of work
/// that waits (a debounce, a retry's back-off, a splash's pause) whose waiting is not what the
/// test is about.
///
/// ```swift
/// let harness = ShellHarness(SearchState()) { command, effects in
///   effects.debounce(id: "search", for: .milliseconds(300), clock: ImmediateClock()) { … }
/// }
/// ```
///
/// Use ``TestClock`` instead when the test decides when time passes (a timer's ticks, a
/// timeout that must not fire yet). A cancelled sleeper still throws `CancellationError`, as
/// with a real clock.
public final class ImmediateClock: Clock, Sendable {
  private let current: Locked<TestClock.Instant>

  /// A clock whose time starts at `now` (zero by default).
  public init(now: TestClock.Instant = TestClock.Instant(offset: .zero)) {
    self.current = Locked(now)
  }

  /// The time: the start, moved on by every sleep so far.
  public var now: TestClock.Instant { current.value }

  /// No resolution: every instant can be reached.
  public var minimumResolution: Duration { .zero }

  /// Moves the time on to `deadline` (if it is later) and returns at once; throws
  /// `CancellationError` when the sleeping task is cancelled.
  public func sleep(until deadline: TestClock.Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
