import Foundation
import Testing
import Yaia

/// A clock whose time moves only when the test says, for testing timers, debounces, throttles
/// and delays without waiting for real time.
///
/// Inject it where the app injects a `ContinuousClock`, then move time:
///
/// ```swift
/// let clock = TestClock()
/// // … the shell's handler uses `clock` for its debounce …
/// harness.send(.queryChanged("s"), .queryChanged("sw"), .queryChanged("swift"))
/// await clock.advance(by: .milliseconds(300))
/// await harness.receive(.results(["swift"]))
/// ```
///
/// ``advance(by:)`` wakes every sleeper due within the interval in deadline order. After each
/// wake-up it waits until the shell work it woke (and any work that the wake-up started) has
/// gone back to sleep on this clock or finished, so a timer that sleeps again is woken again
/// within the same advance: five one-second ticks from one `advance(by: .seconds(5))`, however
/// loaded the machine. That wait is bounded by ``settleTimeout``. Tasks that are not a shell's
/// work (a launch's steps) are woken but not waited for: use ``sleepers(_:timeout:sourceLocation:)``
/// to wait until they sleep.
///
/// It is `Sendable` because every stored property is either a `let` of a `Sendable` type or
/// read and written only inside `lock`; continuations are resumed after they were taken out
/// under the lock, never while holding it. proven: no state is shared without the lock.
public final class TestClock: Clock, @unchecked Sendable {

  /// A point in the test clock's time: an offset from its start.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// The instant `offset` after the clock's start.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// The offset, as `1.5 s`.
    public var description: String { DurationText.format(offset) }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let work: ShellWork?
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct CountWaiter {
    let id: UInt64
    let count: Int
    let continuation: CheckedContinuation<Bool, Never>
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleeping: [Sleeper] = []
  private var cancelled: Set<UInt64> = []
  private var countWaiters: [CountWaiter] = []
  private var lastID: UInt64 = 0
  /// Fired when the next task goes to sleep on the clock, then replaced.
  private var nextSleeper = Signal()

  /// How long ``advance(by:)`` waits, at each wake-up, for the shell work it woke to sleep
  /// again or finish. Work that instead waits for something else (a service the test has not
  /// answered yet) holds each wake-up this long, then the advance goes on.
  public let settleTimeout: Duration

  /// A clock at offset zero. `settleTimeout` bounds each wake-up's wait (real time).
  public init(settleTimeout: Duration = .seconds(1)) {
    self.settleTimeout = settleTimeout
  }

  /// The current instant.
  public var now: Instant { lock.withLock { current } }

  /// The smallest step: none, time moves only by ``advance(by:)``.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks asleep on the clock now.
  public var sleeperCount: Int { lock.withLock { sleeping.count } }

  /// Sleeps until the test advances the clock to `deadline`, or the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let work = ShellWork.current
    let id = lock.withLock { () -> UInt64 in
      lastID &+= 1
      return lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        enum Start {
          case now, cancelled
          case later([CheckedContinuation<Bool, Never>], Signal)
        }
        let start: Start = lock.withLock {
          if cancelled.remove(id) != nil { return .cancelled }
          if deadline <= current { return .now }
          sleeping.append(
            Sleeper(id: id, deadline: deadline, work: work, continuation: continuation))
          let asleep = nextSleeper
          nextSleeper = Signal()
          return .later(satisfiedCountWaiters(), asleep)
        }
        switch start {
        case .now: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .later(let waiters, let asleep):
          for waiter in waiters { waiter.resume(returning: true) }
          asleep.fire()
        }
      }
    } onCancel: {
      let sleeper = lock.withLock { () -> Sleeper? in
        if let index = sleeping.firstIndex(where: { $0.id == id }) {
          return sleeping.remove(at: index)
        }
        cancelled.insert(id)
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Waits until at least `count` tasks are asleep on the clock; after `timeout` (real time)
  /// it records a failure saying how many were asleep, and returns `false`.
  @discardableResult
  public func sleepers(
    _ count: Int, timeout: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    let id = lock.withLock { () -> UInt64 in
      lastID &+= 1
      return lastID
    }
    let reached = await withTimeout(timeout) { [self] in
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
          enum Start { case ready, cancelled, waiting }
          // yaia-lint:disable:next nested-closures because the timeout, the cancellation handler, the continuation and the lock each need their own closure
          let start = lock.withLock { () -> Start in
            if sleeping.count >= count { return .ready }
            if Task.isCancelled { return .cancelled }
            countWaiters.append(CountWaiter(id: id, count: count, continuation: continuation))
            return .waiting
          }
          switch start {
          case .ready: continuation.resume(returning: true)
          case .cancelled: continuation.resume(returning: false)
          case .waiting: break
          }
        }
      } onCancel: {
        let waiter = lock.withLock { () -> CountWaiter? in
          // yaia-lint:disable:next nested-closures because the search runs under the lock, inside the cancellation handler
          guard let index = countWaiters.firstIndex(where: { $0.id == id }) else { return nil }
          return countWaiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
      }
    }
    guard reached != true else { return true }
    reportFailure(
      "TestClock.sleepers(\(count)) waited \(DurationText.format(timeout)) but only \(sleeperCount)"
        + " task(s) went to sleep on the clock.",
      at: sourceLocation)
    return false
  }

  /// Moves time forward by `duration`, waking in deadline order every sleeper due by then,
  /// including those that go to sleep again, or start sleeping, because of an earlier
  /// wake-up within the interval.
  public func advance(by duration: Duration) async {
    let target = now.advanced(by: duration)
    await advance(to: target)
  }

  /// Moves time forward to `deadline` (never backward), waking sleepers as
  /// ``advance(by:)`` does.
  public func advance(to deadline: Instant) async {
    while true {
      let due = lock.withLock { () -> [Sleeper] in
        guard let next = sleeping.map(\.deadline).min(), next <= deadline else {
          if current < deadline { current = deadline }
          return []
        }
        current = max(current, next)
        let due = sleeping.filter { $0.deadline == next }
        sleeping.removeAll { $0.deadline == next }
        return due
      }
      if due.isEmpty { return }
      let works = due.compactMap(\.work)
      await MainActor.run { for work in works { work.watch() } }
      for sleeper in due { sleeper.continuation.resume() }
      if !works.isEmpty { await settle(works) }
    }
  }

  /// Waits until each woken piece of work, and the work it started, sleeps on this clock again
  /// or has finished, for at most ``settleTimeout``.
  private func settle(_ woken: [ShellWork]) async {
    let deadline = ContinuousClock.now.advanced(by: settleTimeout)
    while ContinuousClock.now < deadline, !Task.isCancelled {
      // The signals are taken before the checks: a change between them and the wait is seen.
      let (awake, changes) = await MainActor.run { () -> ([ShellWork], [Signal]) in
        let all = woken + woken.flatMap(\.descendants)
        return (all.filter { !$0.isFinished && !$0.isCancelled }, all.map(\.nextChange))
      }
      let (settled, sleeper) = lock.withLock {
        (awake.allSatisfy { work in sleeping.contains { $0.work === work } }, nextSleeper)
      }
      if settled { break }
      // Woken by a work's change or a new sleeper on this clock; the deadline bounds a work
      // that waits for something else.
      await Signal.wait(forAnyOf: changes + [sleeper], until: deadline)
    }
    await MainActor.run { for work in woken { work.unwatch() } }
  }

  private func satisfiedCountWaiters() -> [CheckedContinuation<Bool, Never>] {
    let satisfied = countWaiters.filter { $0.count <= sleeping.count }
    countWaiters.removeAll { $0.count <= sleeping.count }
    return satisfied.map(\.continuation)
  }
}
