import FlyingSocks
import Foundation

/// Where a mock server's connections wait for their sockets, so that no client can hold one
/// forever: every wait is bounded, and waits to read are the ones a newer client may end.
///
/// A wait to read or write that lasts longer than `idleTimeout`, or past the deadline of the
/// request being read, ends the connection; when `mostWaiting` connections already wait to
/// read, the one that has waited longest is ended to make room: a flood of silent connections
/// pushes out its own oldest members, and a client that sends its request is still served.
struct ConnectionWaits: Sendable {
  /// Why a wait ended without the socket being ready.
  enum Ended: Error, Equatable {
    /// Nothing happened for the idle timeout, or a newer connection needed the room.
    case idle
    /// The deadline for the request being read passed.
    case deadline
  }

  let pool: any AsyncSocketPool
  /// The longest a connection may wait on its socket.
  let idleTimeout: Duration
  /// The most connections waiting to read at once.
  let mostWaiting: Int
  private let waiting = IdleWaiters()

  init(pool: any AsyncSocketPool, idleTimeout: Duration, mostWaiting: Int) {
    self.pool = pool
    self.idleTimeout = idleTimeout
    self.mostWaiting = mostWaiting
  }

  /// Waits until `socket` can be read, at most the idle timeout and never past `deadline`.
  func read(_ socket: Socket, deadline: ContinuousClock.Instant?) async throws {
    let turn = waiting.enter(limit: mostWaiting)
    defer { waiting.leave(turn) }
    try await wait(socket, for: .read, deadline: deadline, evicted: turn)
  }

  /// Waits until `socket` can be written, at most the idle timeout (a client that reads
  /// nothing cannot hold the connection).
  func write(_ socket: Socket) async throws {
    try await wait(socket, for: .write, deadline: nil, evicted: nil)
  }

  /// Ends the connection that has waited longest to read, if any: room for a new one when the
  /// process is out of descriptors or the server has as many connections as it allows.
  @discardableResult
  func evictLongestWaiting() -> Bool {
    waiting.evictOldest()
  }

  private func wait(
    _ socket: Socket, for events: Socket.Events, deadline: ContinuousClock.Instant?,
    evicted turn: WaitTurn?
  ) async throws {
    let pool = self.pool
    let idle = ContinuousClock.now.advanced(by: idleTimeout)
    let limit = deadline.map { min($0, idle) } ?? idle
    let byDeadline = deadline.map { $0 < idle } ?? false
    let outcome = try await withThrowingTaskGroup(of: Ended?.self) { group in
      group.addTask {
        try await pool.suspendSocket(socket, untilReadyFor: events)
        return nil
      }
      group.addTask {
        try await Task.sleep(until: limit, clock: .continuous)
        return byDeadline ? .deadline : .idle
      }
      if let turn {
        group.addTask {
          await turn.evicted()
          return .idle
        }
      }
      defer { group.cancelAll() }
      return try await group.next() ?? .idle
    }
    if let outcome { throw outcome }
  }
}

/// The connections waiting to read, oldest first. proven: `waiters` and `lastID` are only
/// touched inside `lock`.
final class IdleWaiters: @unchecked Sendable {
  private let lock = NSLock()
  private var waiters: [(id: UInt64, turn: WaitTurn)] = []
  private var lastID: UInt64 = 0

  /// Registers one more waiter, evicting the oldest ones while `limit` are waiting already.
  func enter(limit: Int) -> WaitTurn {
    let (turn, evicted) = lock.withLock { () -> (WaitTurn, [WaitTurn]) in
      var evicted: [WaitTurn] = []
      while waiters.count >= max(1, limit) { evicted.append(waiters.removeFirst().turn) }
      lastID &+= 1
      let turn = WaitTurn(id: lastID)
      waiters.append((lastID, turn))
      return (turn, evicted)
    }
    for old in evicted { old.evict() }
    return turn
  }

  /// Ends the oldest wait, if any; whether there was one.
  func evictOldest() -> Bool {
    let oldest = lock.withLock { waiters.isEmpty ? nil : waiters.removeFirst().turn }
    oldest?.evict()
    return oldest != nil
  }

  /// The waiter `turn` stopped waiting.
  func leave(_ turn: WaitTurn) {
    lock.withLock { waiters.removeAll { $0.id == turn.id } }
  }
}

/// One connection's wait to read, which a newer connection may end. proven: `state` is only
/// touched inside `lock`, and the continuation is resumed once, after it left `state`.
final class WaitTurn: @unchecked Sendable {
  let id: UInt64
  private enum State {
    case waiting
    case parked(CheckedContinuation<Void, Never>)
    case done
  }
  private let lock = NSLock()
  private var state = State.waiting

  init(id: UInt64) { self.id = id }

  /// Returns once the wait is evicted, or the task is cancelled.
  func evicted() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now: Bool = lock.withLock {
          if case .done = state { return true }
          state = .parked(continuation)
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      evict()
    }
  }

  /// Ends the wait.
  func evict() {
    let parked: CheckedContinuation<Void, Never>? = lock.withLock {
      defer { state = .done }
      if case .parked(let continuation) = state { return continuation }
      return nil
    }
    parked?.resume()
  }
}
