import FlyingFox
import FlyingSocks
import Foundation
import YaiaBenchSupport
import YaiaMockServer

/// A bare FlyingFox server on 127.0.0.1 and a free port, for benchmarks that compare against
/// plain HTTP (with `TCP_NODELAY`, or every response stalls on a delayed ACK).
struct LoopbackServer {
  let server: HTTPServer
  let baseURL: URL
  private let task: Task<Void, any Error>

  /// Starts a server with the routes `configure` adds; returns once it accepts connections.
  static func start(_ configure: (HTTPServer) async -> Void) async throws -> LoopbackServer {
    let server = HTTPServer(
      address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 30,
      pool: NoDelaySocketPool(inner: HTTPServer.defaultPool()), logger: .disabled)
    await configure(server)
    let task = Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port) = await server.listeningAddress,
      let baseURL = URL(string: "http://127.0.0.1:\(port)")
    else {
      task.cancel()
      throw BenchmarkFailed("the loopback server did not start")
    }
    return LoopbackServer(server: server, baseURL: baseURL, task: task)
  }

  /// Stops the server and closes its connections.
  func stop() async {
    await server.stop(timeout: 0)
    task.cancel()
  }
}
