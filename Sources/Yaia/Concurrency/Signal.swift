/// Something that happens once (a server stopped, a connection must close), awaited by any
/// number of tasks: waiting costs nothing until it fires, where a loop that sleeps and checks
/// would wake for nothing, and answer late.
///
/// ```swift
/// let stopped = Signal()
/// Task { await stopped.wait(); print("stopped") }
/// stopped.fire()
/// ```
///
/// A wait also ends when its task is cancelled; firing twice does nothing more.
package final class Signal: Sendable {
  private struct State {
    var fired = false
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var lastWaiter: UInt64 = 0
  }

  private let state = Locked(State())

  /// A signal not fired yet.
  package init() {}

  /// Whether it fired.
  package var isFired: Bool { state.withLock { $0.fired } }

  /// Fires the signal: every task waiting returns, and later waits return at once.
  package func fire() {
    let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard !state.fired else { return [] }
      state.fired = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiting { waiter.resume() }
  }

  /// Returns once the signal fired, or when the waiting task is cancelled.
  package func wait() async {
    let id = state.withLock { state in
      state.lastWaiter &+= 1
      return state.lastWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now = state.withLock { state -> Bool in
          // Cancelled before it parked: the cancellation handler found nothing to resume.
          if state.fired || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }

  /// Returns once any of `signals` fired, at `deadline` (a real clock: a heartbeat, a
  /// timeout), or when the waiting task is cancelled, whichever comes first.
  package static func wait(
    forAnyOf signals: [Signal], until deadline: ContinuousClock.Instant
  ) async {
    if signals.contains(where: \.isFired) { return }
    await withTaskGroup(of: Void.self) { group in
      for signal in signals { group.addTask { await signal.wait() } }
      group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
      await group.next()
      group.cancelAll()
    }
  }
}
