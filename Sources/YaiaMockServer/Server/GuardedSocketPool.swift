import FlyingFox
import FlyingSocks
import Foundation

/// The socket pool of a mock server: FlyingFox waits on it for every read, so it is where a
/// connection that sends nothing can be let go.
///
/// FlyingFox itself closes no idle connection and waits forever for the rest of a half-sent
/// request, so idle and slow clients could hold every descriptor until the process had none
/// left. Here a wait to read that lasts longer than ``idleTimeout`` ends the connection, and
/// past ``mostWaiting`` connections waiting to read at once, a new one is ended at once (a
/// client that sends its request right after connecting never waits). The listening socket
/// waits here too and is never limited.
struct GuardedSocketPool<Inner: AsyncSocketPool>: AsyncSocketPool {
  let inner: Inner
  /// The longest a connection may send nothing while the server waits to read.
  let idleTimeout: Duration
  /// The most connections waiting to read at once.
  let mostWaiting: Int
  private let waiting = WaitingCount()

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
    guard waiting.enter(limit: mostWaiting) else { throw SocketError.disconnected }
    defer { waiting.leave() }
    let inner = self.inner
    let timeout = idleTimeout
    let socketBox = UncheckedSocket(socket: socket)
    let ready = try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        try await inner.suspendSocket(socketBox.socket, untilReadyFor: events)
        return true
      }
      group.addTask {
        try await Task.sleep(for: timeout)
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

/// A `Socket` handed to the child task that waits on it. proven: the child only passes it back
/// to the pool, which is built for sockets shared across tasks.
struct UncheckedSocket: @unchecked Sendable {
  let socket: Socket
}

/// How many connections wait to read. proven: `count` is only touched inside `lock`.
final class WaitingCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  /// Counts one more unless `limit` are waiting already.
  func enter(limit: Int) -> Bool {
    lock.withLock {
      guard count < limit else { return false }
      count += 1
      return true
    }
  }

  func leave() { lock.withLock { count -= 1 } }
}
