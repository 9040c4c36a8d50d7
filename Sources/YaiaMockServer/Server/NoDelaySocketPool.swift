import FlyingFox
import FlyingSocks
import Foundation

/// A FlyingFox socket pool that sets `TCP_NODELAY` on every socket it waits on.
///
/// FlyingFox writes a response's header and body in two writes. Without `TCP_NODELAY` the
/// second write waits for the client's delayed ACK, about 40 ms on Linux: 1,000 loopback GETs
/// take 45 s instead of about one. The listening socket passes through the pool while it waits
/// for connections, and Linux copies the option to every accepted connection. Pass it to
/// `HTTPServer(address:timeout:pool:)` for any FlyingFox server that answers many requests.
public struct NoDelaySocketPool<Inner: AsyncSocketPool>: AsyncSocketPool {
  let inner: Inner

  /// Wraps `inner` (usually `HTTPServer.defaultPool()`).
  public init(inner: Inner) {
    self.inner = inner
  }

  /// Prepares the wrapped pool.
  public func prepare() async throws { try await inner.prepare() }
  /// Runs the wrapped pool.
  public func run() async throws { try await inner.run() }

  /// Sets `TCP_NODELAY` on `socket` (ignored where it does not apply), then waits as the
  /// wrapped pool does.
  public func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    try? socket.setValue(
      true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: Int32(TCP_NODELAY)))
    try await inner.suspendSocket(socket, untilReadyFor: events)
  }
}
