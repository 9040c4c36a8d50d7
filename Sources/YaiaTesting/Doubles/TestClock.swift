import Foundation
public import Testing
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
/// Its state is behind one lock; continuations are resumed after they were taken out under the
/// lock, never while holding it.
public final class TestClock: Clock, Sendable {

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

  private struct State {
    var current = Instant(offset: .zero)
    var sleeping: [Sleeper] = []
    var cancelled: Set<UInt64> = []
    var countWaiters: [CountWaiter] = []
    var lastID: UInt64 = 0
    /// Fired when the next task goes to sleep on the clock, then replaced.
    var nextSleeper = Signal()

    /// Takes out the waiters whose count of sleepers is reached, to resume after the lock.
    mutating func satisfiedCountWaiters() -> [CheckedContinuation<Bool, Never>] {
      let satisfied = countWaiters.filter { $0.count <= sleeping.count }
      countWaiters.removeAll { $0.count <= sleeping.count }
      return satisfied.map(\.continuation)
    }
  }

  private let state = Locked(State())

  /// How long ``advance(by:)`` waits, at each wake-up, for the shell work it woke to sleep
  /// again or finish. Work that instead waits for something else (a service the test has not
  /// answered yet) holds each wake-up this long, then the advance goes on.
  public let settleTimeout: Duration

  /// A clock at offset zero. `settleTimeout` bounds each wake-up's wait (real time).
  public init(settleTimeout: Duration = .seconds(1)) {
    self.settleTimeout = settleTimeout
  }

  /// The current instant.
  public var now: Instant { state.withLock { $0.current } }

  /// The smallest step: none, time moves only by ``advance(by:)``.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks asleep on the clock now.
  public var sleeperCount: Int { state.withLock { $0.sleeping.count } }

  /// Sleeps until the test advances the clock to `deadline`, or the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let work = ShellWork.current
    let id = state.withLock { state -> UInt64 in
      state.lastID &+= 1
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        enum Start {
          case now, cancelled
          case later([CheckedContinuation<Bool, Never>], Signal)
        }
        let start: Start = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .cancelled }
          if deadline <= state.current { return .now }
          state.sleeping.append(
            Sleeper(id: id, deadline: deadline, work: work, continuation: continuation))
          let asleep = state.nextSleeper
          state.nextSleeper = Signal()
          return .later(state.satisfiedCountWaiters(), asleep)
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
      let sleeper = state.withLock { state -> Sleeper? in
        if let index = state.sleeping.firstIndex(where: { $0.id == id }) {
          return state.sleeping.remove(at: index)
        }
        state.cancelled.insert(id)
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Waits until at least `count` tasks are asleep on the clock; after `timeout` (real time)
  /// it records a failure saying how many were asleep, and returns `false`. With a harness,
  /// prefer `harness.sleepers(count, on: clock)`, which fails at once when the shell has no
  /// work left that could still sleep (a debounce that ran at once) instead of after `timeout`.
  @discardableResult
  public func sleepers(
    _ count: Int, timeout: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    let reached = await withTimeout(timeout) { [self] in await awaitSleepers(count) }
    guard reached != true else { return true }
    reportFailure(
      "TestClock.sleepers(\(count)) waited \(DurationText.format(timeout)) but only \(sleeperCount)"
        + " task(s) went to sleep on the clock.",
      at: sourceLocation)
    return false
  }

  /// Waits, with no bound of its own, until at least `count` tasks are asleep on the clock:
  /// `true`, or `false` when the waiting task is cancelled first.
  func awaitSleepers(_ count: Int) async -> Bool {
    let id = state.withLock { state -> UInt64 in
      state.lastID &+= 1
      return state.lastID
    }
    return await awaitSleepers(count, id: id)
  }

  private func awaitSleepers(_ count: Int, id: UInt64) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        enum Start { case ready, cancelled, waiting }
        // yaia-lint:disable:next nested-closures because the cancellation handler, the continuation and the lock each need their own closure
        let start = state.withLock { state -> Start in
          if state.sleeping.count >= count { return .ready }
          if Task.isCancelled { return .cancelled }
          state.countWaiters.append(CountWaiter(id: id, count: count, continuation: continuation))
          return .waiting
        }
        switch start {
        case .ready: continuation.resume(returning: true)
        case .cancelled: continuation.resume(returning: false)
        case .waiting: break
        }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CountWaiter? in
        // yaia-lint:disable:next nested-closures because the search runs under the lock, inside the cancellation handler
        guard let index = state.countWaiters.firstIndex(where: { $0.id == id }) else {
          return nil
        }
        return state.countWaiters.remove(at: index)
      }
      waiter?.continuation.resume(returning: false)
    }
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
      let due = state.withLock { state -> [Sleeper] in
        guard let next = state.sleeping.map(\.deadline).min(), next <= deadline else {
          if state.current < deadline { state.current = deadline }
          return []
        }
        state.current = max(state.current, next)
        let due = state.sleeping.filter { $0.deadline == next }
        state.sleeping.removeAll { $0.deadline == next }
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
      let (settled, sleeper) = state.withLock { state in
        (
          awake.allSatisfy { work in state.sleeping.contains { $0.work === work } },
          state.nextSleeper
        )
      }
      if settled { break }
      // Woken by a work's change or a new sleeper on this clock; the deadline bounds a work
      // that waits for something else.
      await Signal.wait(forAnyOf: changes + [sleeper], until: deadline)
    }
    await MainActor.run { for work in woken { work.unwatch() } }
  }

}
