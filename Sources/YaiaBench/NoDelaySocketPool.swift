import FlyingFox
import FlyingSocks
import Foundation
import YaiaBenchSupport

/// A FlyingFox socket pool that sets `TCP_NODELAY` on every socket it waits on.
///
/// FlyingFox writes a response's header and body in two writes. Without `TCP_NODELAY` the
/// second write waits for the client's delayed ACK, about 40 ms on Linux: 1,000 loopback GETs
/// take 45 s instead of about one. The listening socket passes through the pool while it waits
/// for connections, and Linux copies the option to every accepted connection. The benchmark's
/// bare FlyingFox server uses it; the mock server sets the option on each connection itself.
struct NoDelaySocketPool<Inner: AsyncSocketPool>: AsyncSocketPool {
  let inner: Inner

  /// Prepares the wrapped pool.
  func prepare() async throws { try await inner.prepare() }
  /// Runs the wrapped pool.
  func run() async throws { try await inner.run() }

  /// Sets `TCP_NODELAY` on `socket` (ignored where it does not apply), then waits as the
  /// wrapped pool does.
  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    try? socket.setValue(
      true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: Int32(TCP_NODELAY)))
    try await inner.suspendSocket(socket, untilReadyFor: events)
  }
}
