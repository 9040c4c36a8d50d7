import Synchronization

/// A clock whose time moves only when the test says, and which lets the test wait until a
/// given number of tasks are asleep on it.
///
/// swift-clocks' `TestClock` lets time advance after yielding a fixed number of times; when a
/// step starts only after others finish, whether it has gone to sleep by then depends on the
/// machine's load. Here a sleeper is registered in the same critical section that the test
/// waits on, so `await clock.sleepers(5); await clock.advance(by: ...)` is exact every time.
final class SteppingClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var cancelled: Set<UInt64> = []
    var lastID: UInt64 = 0
    var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let satisfied = countWaiters.filter { $0.count <= sleepers.count }.map(\.continuation)
      countWaiters.removeAll { $0.count <= sleepers.count }
      return satisfied
    }
  }

  private let state = Mutex(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        enum Start {
          case now, cancelled
          case later([CheckedContinuation<Void, Never>])
        }
        let start: Start = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .cancelled }
          if deadline <= state.now { return .now }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return .later(state.satisfiedWaiters())
        }
        switch start {
        case .now: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .later(let waiters): for waiter in waiters { waiter.resume() }
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          return state.sleepers.remove(at: index)
        }
        state.cancelled.insert(id)
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Suspends until at least `count` tasks are asleep on this clock.
  func sleepers(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= count { return true }
        state.countWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Moves time forward by `duration`, waking, in deadline order, every sleeper due by then.
  /// Sleepers that start during the advance are not woken by it: wait for them, then advance
  /// again.
  func advance(by duration: Duration) {
    let target = state.withLock { $0.now.advanced(by: duration) }
    while true {
      let due = state.withLock { state -> [Sleeper] in
        guard let next = state.sleepers.map(\.deadline).min(), next <= target else {
          state.now = target
          return []
        }
        state.now = next
        let due = state.sleepers.filter { $0.deadline == next }
        state.sleepers.removeAll { $0.deadline == next }
        return due
      }
      if due.isEmpty { return }
      for sleeper in due { sleeper.continuation.resume() }
    }
  }
}
