import FlyingFox
import FlyingSocks
import Foundation

/// The socket pool of a mock server: FlyingFox waits on it for every read, so it is where a
/// connection that sends nothing can be let go.
///
/// FlyingFox itself closes no idle connection and waits forever for the rest of a half-sent
/// request, so idle and slow clients could hold every descriptor until the process had none
/// left. Here a wait to read that lasts longer than ``idleTimeout`` ends the connection, and
/// when ``mostWaiting`` connections already wait to read, the one that has waited longest is
/// ended to make room: a flood of silent connections pushes out its own oldest members, and a
/// client that sends its request is still served. The listening socket waits here too and is
/// never limited.
struct GuardedSocketPool<Inner: AsyncSocketPool>: AsyncSocketPool {
  let inner: Inner
  /// The longest a connection may send nothing while the server waits to read.
  let idleTimeout: Duration
  /// The most connections waiting to read at once.
  let mostWaiting: Int
  private let waiting = IdleWaiters()

  init(inner: Inner, idleTimeout: Duration, mostWaiting: Int) {
    self.inner = inner
    self.idleTimeout = idleTimeout
    self.mostWaiting = mostWaiting
  }

  func prepare() async throws { try await inner.prepare() }
  func run() async throws { try await inner.run() }

  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    // The listening socket waits for connections: never limit it.
    guard events == [.read], !Self.isListening(socket) else {
      return try await inner.suspendSocket(socket, untilReadyFor: events)
    }
    let turn = waiting.enter(limit: mostWaiting)
    defer { waiting.leave(turn) }
    let inner = self.inner
    let timeout = idleTimeout
    let ready = try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        try await inner.suspendSocket(socket, untilReadyFor: events)
        return true
      }
      group.addTask {
        try await Task.sleep(for: timeout)
        return false
      }
      group.addTask {
        await turn.evicted()
        return false
      }
      defer { group.cancelAll() }
      return try await group.next() ?? false
    }
    guard ready else { throw SocketError.disconnected }
  }

  /// Whether `socket` is a listening socket (it accepts connections rather than carrying one).
  private static func isListening(_ socket: Socket) -> Bool {
    var value: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(socket.file.rawValue, SOL_SOCKET, SO_ACCEPTCONN, &value, &size) == 0
      && value != 0
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
