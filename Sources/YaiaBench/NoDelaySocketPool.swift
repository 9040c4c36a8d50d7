import FlyingFox
import FlyingSocks
import Foundation

/// FlyingFox's socket pool, setting `TCP_NODELAY` on every socket it waits on.
///
/// FlyingFox writes a response's header and body in two writes. Without `TCP_NODELAY` the
/// second write waits for the client's delayed ACK, about 40 ms on Linux: 1,000 loopback GETs
/// take 45 s instead of well under one. The listening socket passes through the pool while it
/// waits for connections, and Linux copies the option to every accepted connection.
struct NoDelaySocketPool<Inner: AsyncSocketPool>: AsyncSocketPool {
  let inner: Inner

  func prepare() async throws { try await inner.prepare() }
  func run() async throws { try await inner.run() }

  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    try? socket.setValue(
      true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: Int32(TCP_NODELAY)))
    try await inner.suspendSocket(socket, untilReadyFor: events)
  }
}
