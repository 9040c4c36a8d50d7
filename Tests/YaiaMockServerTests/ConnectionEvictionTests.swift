import Foundation
import Testing
import YaiaTesting

@testable import YaiaMockServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The mock server under clients that hold connections without progress: slow readers,
/// floods of silent connections, the `slow` scenario. Each test waits on the server's own
/// state (its connections' activities, its journal), never on a guess at timing.
@Suite("The mock server makes room by what a connection costs")
struct ConnectionEvictionTests {
  static let large = String(repeating: "x", count: 16 << 20)

  static func server(
    _ configure: (inout MockServer.Configuration) -> Void
  ) async throws -> (MockServer, Int) {
    var configuration = MockServer.Configuration()
    configure(&configuration)
    let server = MockServer(
      routes: [
        try MockRoute("GET", "/a", responses: .single(MockResponse(status: 204))),
        try MockRoute(
          "POST", "/echo", responses: .single(MockResponse(status: 200, body: .text("ok")))),
        try MockRoute(
          "GET", "/large", responses: .single(MockResponse(status: 200, body: .text(Self.large)))),
        try MockRoute(
          "GET", "/rates",
          responses: .single(MockResponse(status: 204)),
          scenarios: [
            "slow": .single(MockResponse(status: 204, delay: .seconds(60)...(.seconds(60))))
          ]),
      ],
      configuration: configuration)
    let port = try #require(try await server.start().port)
    return (server, port)
  }

  /// Waits until `condition` holds of the server's connections, at most 30 s (a bound far
  /// from any honest run: the states are reached at once).
  static func waitFor(
    _ server: MockServer, _ condition: ([ConnectionActivity]) -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(30))
    while clock.now < deadline {
      if condition(await server.connectionActivities()) { return true }
      try await Task.sleep(for: .milliseconds(10))
    }
    return false
  }

  /// A connection that sends `request` and then reads nothing, with a small receive buffer so
  /// that the server blocks soon; the caller closes it.
  static func stalled(port: Int, _ request: String) throws -> Int32 {
    let fd = try connectTCP(port: port)
    var size: Int32 = 4_096
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    _ = send(fd, request, request.utf8.count, Int32(MSG_NOSIGNAL))
    return fd
  }

  static let get = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"

  @Test("slow readers that block their responses are closed for a newcomer, not it refused")
  func slowReaders() async throws {
    // Four clients pipeline requests for 16 MB and read nothing: every connection is busy
    // writing. Evicted by arrival, none could be closed, and every newcomer got 503 for as long
    // as they liked.
    let (server, port) = try await Self.server {
      $0.mostConnections = 4
      $0.stalledAfter = .milliseconds(100)
    }
    defer { Task { await server.stop() } }
    let pipelined = String(repeating: "GET /large HTTP/1.1\r\nHost: x\r\n\r\n", count: 4)
    let readers = try (0..<4).map { _ in try Self.stalled(port: port, pipelined) }
    defer { for fd in readers { close(fd) } }
    let blocked = try await Self.waitFor(server) { activities in
      activities.count { activity in
        if case .writing(let blocked, let since?) = activity {
          return blocked + (ContinuousClock.now - since) >= .milliseconds(100)
        }
        return false
      } == 4
    }
    #expect(blocked, "four responses blocked on their readers")
    let answer = try await onThread { try rawExchange(port: port, Data(Self.get.utf8)) }.value
    #expect(answer.hasPrefix("HTTP/1.1 204"), "\(answer.prefix(80))")
  }

  @Test("a response is written within the response timeout, however slowly its client reads")
  func responseTimeout() async throws {
    let (server, port) = try await Self.server {
      $0.responseTimeout = .seconds(1)
      $0.idleTimeout = .seconds(60)
    }
    defer { Task { await server.stop() } }
    // 64 KB every 50 ms: the client always reads something, so no single wait reaches the idle
    // timeout, and the 16 MB would take 13 s. The server stops writing a second in; what the
    // kernel already holds still arrives.
    let received = try await onThread { () -> Int in
      let fd = try connectTCP(port: port)
      defer { close(fd) }
      var size: Int32 = 16_384
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
      var time = timeval(tv_sec: 30, tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
      let request = "GET /large HTTP/1.1\r\nHost: x\r\n\r\n"
      _ = send(fd, request, request.utf8.count, Int32(MSG_NOSIGNAL))
      var buffer = [UInt8](repeating: 0, count: 65_536)
      var total = 0
      let clock = ContinuousClock()
      let give = clock.now.advanced(by: .seconds(40))
      while clock.now < give {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count <= 0 { break }
        total += count
        usleep(50_000)
      }
      return total
    }.value
    #expect(received < 16 << 20, "read \(received) bytes: the response was not cut")
  }

  @Test("a flood of silent connections closes its own members, not clients mid-request")
  func silentFlood() async throws {
    let (server, port) = try await Self.server {
      $0.mostIdleConnections = 4
      $0.mostConnections = 64
    }
    defer { Task { await server.stop() } }
    // A client has sent its head and will send its body later; another was served once and
    // keeps its connection for a second request.
    let halfway = try connectTCP(port: port)
    defer { close(halfway) }
    let head = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n"
    _ = send(halfway, head, head.utf8.count, Int32(MSG_NOSIGNAL))
    let kept = try connectTCP(port: port)
    defer { close(kept) }
    #expect(try await onThread { try exchange(kept, Self.get) }.value.hasPrefix("HTTP/1.1 204"))
    #expect(
      try await Self.waitFor(server) { activities in
        activities.contains { if case .reading = $0 { true } else { false } }
          && activities.contains { if case .idle = $0 { true } else { false } }
      })
    // Twelve silent connections: only four may wait for a request, the kept-alive client one
    // of them, so nine are closed, all of them silent.
    let closed = ClosedCount()
    let silent = (0..<12).map { _ in
      onThread {
        let answer = try rawExchange(port: port, Data(), timeout: 60)
        closed.add()
        return answer
      }
    }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(30))
    while closed.count < 9, clock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    #expect(closed.count == 9, "the nine oldest silent connections closed")
    let answer = try await onThread { try exchange(halfway, "hello") }.value
    #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(80))")
    let second = try await onThread { try exchange(kept, Self.get) }.value
    #expect(second.hasPrefix("HTTP/1.1 204"), "\(second.prefix(80))")
    await server.stop()
    for connection in silent { _ = try await connection.value }
  }

  @Test("clients that choose the slow scenario cannot fill the server")
  func slowScenario() async throws {
    let (server, port) = try await Self.server { $0.mostConnections = 2 }
    defer { Task { await server.stop() } }
    let slow = (0..<2).map { _ in
      onThread {
        try rawExchange(
          port: port, Data("GET /rates HTTP/1.1\r\nX-Mock-Scenario: slow\r\n\r\n".utf8))
      }
    }
    #expect(
      try await Self.waitFor(server) { activities in
        activities.count { if case .pausing = $0 { true } else { false } } == 2
      })
    let answer = try await onThread { try rawExchange(port: port, Data(Self.get.utf8)) }.value
    #expect(answer.hasPrefix("HTTP/1.1 204"), "\(answer.prefix(80))")
    await server.stop()
    let first = try await slow[0].value
    let second = try await slow[1].value
    #expect(first == "" && second == "", "closed, to make room or by stopping; never answered")
  }

  @Test("past the most connections, with every one making progress, a newcomer gets 503")
  func everyoneBusy() async throws {
    let (server, port) = try await Self.server {
      $0.mostConnections = 2
      $0.stalledAfter = .seconds(60)
    }
    defer { Task { await server.stop() } }
    // Two requests whose bodies are still to come: in the middle of a request, within the
    // grace, neither may be cut.
    let head = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n"
    let busy = try (0..<2).map { _ in try connectTCP(port: port) }
    defer { for fd in busy { close(fd) } }
    for fd in busy { _ = send(fd, head, head.utf8.count, Int32(MSG_NOSIGNAL)) }
    #expect(
      try await Self.waitFor(server) { activities in
        activities.count { if case .reading = $0 { true } else { false } } == 2
      })
    let refused = try await onThread { try rawExchange(port: port, Data(Self.get.utf8)) }.value
    #expect(refused.hasPrefix("HTTP/1.1 503"), "\(refused.prefix(80))")
    for fd in busy {
      #expect(try await onThread { try exchange(fd, "hello") }.value.hasPrefix("HTTP/1.1 200"))
    }
  }
}

/// Sends `text` on the connected socket `fd` and returns what arrives next (within 30 s).
func exchange(_ fd: Int32, _ text: String) throws -> String {
  var time = timeval(tv_sec: 30, tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
  _ = send(fd, text, text.utf8.count, Int32(MSG_NOSIGNAL))
  var buffer = [UInt8](repeating: 0, count: 4_096)
  let count = recv(fd, &buffer, buffer.count, 0)
  return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
}
