import FlyingFox
import FlyingSocks
import Foundation
import Testing
import YaiaTesting

/// A real HTTP server on 127.0.0.1 and a free port, for one test: no mocked URLSession.
struct LoopbackServer: Sendable {
  let server: HTTPServer
  let baseURL: URL

  /// Starts a server with the routes `configure` adds, runs `body` with its base URL, and
  /// stops it whatever happens.
  static func with<T: Sendable>(
    _ configure: (HTTPServer) async -> Void,
    _ body: (URL) async throws -> T
  ) async throws -> T {
    let server = HTTPServer(
      address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 10, logger: .disabled)
    await configure(server)
    let task = Task { try await server.run() }
    defer { task.cancel() }
    // Bounded only against a hang: on a loaded machine a start can take seconds (FlyingFox's
    // default, 5 s, failed dozens of these tests at once on a loaded two-core machine).
    try await server.waitUntilListening(timeout: 30)
    let address = await server.listeningAddress
    guard case .ip4(_, let port) = address, let baseURL = URL(string: "http://127.0.0.1:\(port)")
    else {
      throw ServerError.notListening(String(describing: address))
    }
    do {
      let result = try await body(baseURL)
      await server.stop(timeout: 0)
      return result
    } catch {
      await server.stop(timeout: 0)
      throw error
    }
  }

  enum ServerError: Error { case notListening(String) }
}

/// Counts what a server saw, safely from its handler tasks.
actor Hits {
  private(set) var count = 0
  private(set) var values: [String] = []
  func record(_ value: String = "") {
    count += 1
    values.append(value)
  }
}

extension HTTPResponse {
  /// A JSON response from a string.
  static func json(
    _ text: String, status: HTTPStatusCode = .ok, headers: FlyingFox.HTTPHeaders = [:]
  )
    -> HTTPResponse
  {
    var headers = headers
    headers[.contentType] = "application/json"
    return HTTPResponse(statusCode: status, headers: headers, body: Data(text.utf8))
  }
}
