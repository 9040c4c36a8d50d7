import Foundation
import Synchronization
import Testing
import Yaia
import YaiaTesting

@testable import YaiaMockServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP socket connected to the loopback address (`::1` with `ipv6`) at `port`; the caller
/// closes it.
func connectTCP(port: Int, ipv6: Bool = false) throws -> Int32 {
  let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw POSIXError(.EMFILE) }
  let connected: Int32
  if ipv6 {
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET6, "::1", &address.sin6_addr)
    connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
      }
    }
  } else {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }
  guard connected == 0 else {
    close(fd)
    throw POSIXError(.ECONNREFUSED)
  }
  return fd
}

/// Sends raw `bytes` to 127.0.0.1:`port` and returns what comes back until the server closes,
/// `timeout` passes, or `until` response heads have arrived: for requests no HTTP client would
/// send.
func rawExchange(
  port: Int, _ bytes: Data, timeout: Int = 30, ipv6: Bool = false, until heads: Int = 1
) throws -> String {
  try rawExchangeEnding(port: port, bytes, timeout: timeout, ipv6: ipv6, until: heads).received
}

/// ``rawExchange(port:_:timeout:ipv6:until:)``, saying also whether the server closed the
/// connection (rather than the read timing out): what proves a server-side timeout fired,
/// without timing the test.
func rawExchangeEnding(
  port: Int, _ bytes: Data, timeout: Int = 30, ipv6: Bool = false, until heads: Int = 1
) throws -> (received: String, closedByServer: Bool) {
  let fd = try connectTCP(port: port, ipv6: ipv6)
  defer { close(fd) }
  var time = timeval(tv_sec: timeout, tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
  _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  var received = Data()
  var buffer = [UInt8](repeating: 0, count: 65_536)
  var closed = false
  while received.count < 1 << 20 {
    let count = recv(fd, &buffer, buffer.count, 0)
    if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { closed = true }
    if count <= 0 { break }
    received.append(contentsOf: buffer[0..<count])
    let text = String(decoding: received, as: UTF8.self)
    if text.components(separatedBy: "\r\n\r\n").count > heads { break }
  }
  return (String(decoding: received, as: UTF8.self), closed)
}

@Suite("The mock server under hostile requests")
struct HostileRequestTests {
  @Test("a chunked body over the limit gets 413, though it declares no length")
  func chunkedOversizedBody() async throws {
    var configuration = MockServer.Configuration()
    configuration.maxBodyBytes = 1_000
    let server = MockServer(
      routes: [try MockRoute("POST", "/upload", responses: .single(MockResponse(status: 201)))],
      configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let port = try #require(baseURL.port)
    var request = Data(
      "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
    for _ in 0..<4 { request += Data("400\r\n".utf8) + Data(count: 1024) + Data("\r\n".utf8) }
    request += Data("0\r\n\r\n".utf8)
    let chunked = request
    let answer = try await onThread { try rawExchange(port: port, chunked) }.value
    #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(200))")
    #expect(await server.journal().map(\.status) == [413])

    // Within the limit, a chunked body is read whole.
    var small = Data("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
    small += Data("5\r\nhello\r\n0\r\n\r\n".utf8)
    let smallRequest = small
    let fine = try await onThread { try rawExchange(port: port, smallRequest) }.value
    #expect(fine.hasPrefix("HTTP/1.1 201"), "\(fine.prefix(200))")
    #expect(await server.journal().last?.request.body == Data("hello".utf8))
  }

  @Test(
    "a templated header filled from the query cannot split the head or carry control characters")
  func responseSplitting() async throws {
    let server = MockServer(routes: [
      try MockRoute(
        "GET", "/echo",
        responses: .single(
          MockResponse(
            status: 204, headers: ["X-Echo": "q={{request.query.q}}"], isTemplate: true)))
    ])
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let port = try #require(baseURL.port)
    // `%0d%0a` decodes to "\r\n", one Character: a Character filter lets it through.
    for query in ["a%0d%0aSet-Cookie:%20sid=1", "a%0aSet-Cookie:x", "a%1b[31m%07%00%7f%c2%85b"] {
      let answer = try await onThread {
        try rawExchange(port: port, Data("GET /echo?q=\(query) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
      }.value
      let head = try #require(answer.components(separatedBy: "\r\n\r\n").first)
      #expect(answer.hasPrefix("HTTP/1.1 204"), "\(answer.prefix(200))")
      #expect(!head.lowercased().contains("\r\nset-cookie"), "\(head.debugDescription)")
      let echo = try #require(
        head.components(separatedBy: "\r\n").first { $0.hasPrefix("X-Echo:") })
      #expect(
        !echo.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
        "\(echo.debugDescription)")
    }
  }

  @Test("a fixture grown past the limit (a sparse 3 GB file) is a 500 saying so, never read whole")
  func hugeFixture() async throws {
    let folder = try fixturesFolder(
      manifest: """
        routes:
          - path: /big
            response: { file: big.json }
        """,
      files: ["big.json": "{}"])
    defer { try? FileManager.default.removeItem(at: folder) }
    var configuration = MockServer.Configuration()
    configuration.fixtures = folder
    let server = MockServer(
      manifest: try MockManifest.load(folder: folder), configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let port = try #require(baseURL.port)
    // Grown after the manifest was read: sparse, so it costs the disk nothing.
    #expect(truncate(folder.appending(path: "big.json").path, 3 << 30) == 0)
    let answer = try await onThread {
      try rawExchange(port: port, Data("GET /big HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    }.value
    #expect(answer.hasPrefix("HTTP/1.1 500"), "\(answer.prefix(200))")
    #expect(answer.contains("larger than \(64 << 20) bytes"), "\(answer.prefix(400))")
  }

  @Test("a manifest that is a device or a FIFO is named as what it is, at once")
  func manifestNotAFile() throws {
    #expect {
      try MockManifest.load(from: URL(fileURLWithPath: "/dev/zero"))
    } throws: { error in
      "\(error)".contains("/dev/zero is a character device, not a regular file")
    }
    let folder = FileManager.default.temporaryDirectory.appending(path: "fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appending(path: "manifest.yaml").path, 0o600) == 0)
    #expect {
      try MockManifest.load(folder: folder)
    } throws: { error in
      "\(error)".contains("is a FIFO, not a regular file")
    }
  }

  @Test("an encoded slash stays inside its segment and is decoded exactly once")
  func encodedSlash() async throws {
    let server = MockServer(routes: [
      try MockRoute("GET", "/devices/:id/name", responses: .single(MockResponse(status: 204)))
    ])
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let port = try #require(baseURL.port)
    for (path, status) in [
      ("/devices/a%2Fb/name", "204"), ("/devices/a%252Fb/name", "204"),
      ("/devices/a/b/name", "404"),
      ("/devices/x/../a%2Fb/./name", "204"),
    ] {
      let answer = try await onThread {
        try rawExchange(port: port, Data("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
      }.value
      #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(path): \(answer.prefix(80))")
    }
    var router = MockRouter(routes: [
      try MockRoute("GET", "/devices/:id/name", responses: .single(MockResponse(status: 204)))
    ])
    for (path, id) in [("/devices/a%2Fb/name", "a/b"), ("/devices/a%252Fb/name", "a%2Fb")] {
      guard
        case .matched(_, _, _, let parameters) = router.route(
          HTTPRequest(method: "GET", path: path))
      else {
        Issue.record("\(path) did not match")
        continue
      }
      #expect(parameters["id"] == id)
    }
    let journalled = await server.journal().map(\.request.path)
    #expect(journalled.first == "/devices/a%2Fb/name")
  }

  @Test("the journal keeps the newest entries within its limits and counts what it dropped")
  func boundedJournal() async throws {
    var configuration = MockServer.Configuration()
    configuration.journalLimit = .init(entries: 3, bytes: 10_000)
    let server = MockServer(
      routes: [try MockRoute("POST", "/p", responses: .single(MockResponse(status: 204)))],
      configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    for index in 0..<5 {
      var request = URLRequest(url: baseURL.appending(path: "p"))
      request.httpMethod = "POST"
      request.httpBody = Data("\(index)".utf8)
      _ = try await awayFromCooperativePool { try await URLSession.shared.data(for: request) }
    }
    #expect(
      await server.journal().map { String(decoding: $0.request.body, as: UTF8.self) } == [
        "2", "3", "4",
      ])
    #expect(await server.droppedJournalEntries() == 2)
    var large = URLRequest(url: baseURL.appending(path: "p"))
    large.httpMethod = "POST"
    large.httpBody = Data(count: 9_000)
    _ = try await awayFromCooperativePool { try await URLSession.shared.data(for: large) }
    // 18,000 bytes: the older one goes
    _ = try await awayFromCooperativePool { try await URLSession.shared.data(for: large) }
    #expect(await server.journal().count == 1)
    #expect(await server.droppedJournalEntries() == 6)
  }

  @Test("the journal's byte limit counts header fields, paths and queries, not bodies alone")
  func journalCountsHeads() async {
    // Heads of 58 KB and no body: counted by bodies, 10,000 of them (580 MB) were kept under
    // a limit of 64 MiB.
    let state = MockServerState(
      router: MockRouter(routes: []), limit: .init(entries: 10_000, bytes: 1 << 20))
    let field = String(repeating: "v", count: 58_000)
    for index in 0..<100 {
      let request = HTTPRequest(
        method: .get, path: "/\(index)", query: ["q": field], headers: ["X-Big": field])
      await state.record(
        MockJournalEntry(request: request, time: Date(), route: nil, scenario: nil, status: 404))
    }
    let kept = await state.journal.count
    #expect(kept >= 1 && kept <= 10, "\(kept) entries of 116 KB kept under 1 MiB")
    #expect(await state.dropped == 100 - kept)
  }
}

@Suite("The mock server and idle connections")
struct IdleConnectionTests {
  static func server(idle: Duration, most: Int = 256) async throws -> (MockServer, Int) {
    var configuration = MockServer.Configuration()
    configuration.idleTimeout = idle
    configuration.mostIdleConnections = most
    let server = MockServer(
      routes: [try MockRoute("GET", "/a", responses: .single(MockResponse(status: 204)))],
      configuration: configuration)
    let port = try #require(try await server.start().port)
    return (server, port)
  }

  @Test("a connection that sends nothing, or half a request, is closed after the idle timeout")
  func idleAndHalfSent() async throws {
    let (server, port) = try await Self.server(idle: .milliseconds(300))
    defer { Task { await server.stop() } }
    for bytes in [Data(), Data("GET /a HTTP/1.1\r\nHost: x\r\n".utf8)] {
      let (answer, closedByServer) = try await onThread {
        try rawExchangeEnding(port: port, bytes, timeout: 60)
      }.value
      #expect(answer.isEmpty, "\(answer)")
      // Closed by the server after 0.3 s, not by the 60 s read timeout.
      #expect(closedByServer, "the read timed out: the server never closed the connection")
    }
    let fine = try await onThread {
      try rawExchange(port: port, Data("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    }.value
    #expect(fine.hasPrefix("HTTP/1.1 204"), "\(fine)")
  }

  @Test("past the most idle connections, the oldest silent one is closed; requests get answers")
  func tooManyIdle() async throws {
    let (server, port) = try await Self.server(idle: .seconds(30), most: 4)
    // Eight silent connections, each held by a blocking read on a thread of its own (not the
    // two-thread cooperative pool, which the server needs): only four may wait at a time, so
    // four are closed by the server long before their own 10 s read timeout.
    let closed = ClosedCount()
    let silent = (0..<8).map { _ in
      onThread {
        let answer = try rawExchange(port: port, Data(), timeout: 30)
        closed.add()
        return answer
      }
    }
    try await Task.sleep(for: .milliseconds(300))
    let request = try await onThread {
      try rawExchange(port: port, Data("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    }.value
    #expect(request.hasPrefix("HTTP/1.1 204"), "\(request)")
    let clock = ContinuousClock()
    // A bound far from any honest run on a loaded machine: the closing itself is immediate.
    let deadline = clock.now.advanced(by: .seconds(30))
    while closed.count < 4, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    #expect(closed.count >= 4)
    await server.stop()
    for connection in silent { #expect(try await connection.value == "") }
  }
}

/// Counts connections the server closed, from the threads that held them.
final class ClosedCount: Sendable {
  private let value = Mutex(0)
  func add() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}

@Suite("The mock server's address")
struct ListenTests {
  static let routes = [try! MockRoute("GET", "/a", responses: .single(MockResponse(status: 204)))]

  @Test("a port in use is reported as such, at once, not as a timeout")
  func portInUse() async throws {
    let first = MockServer(routes: Self.routes)
    let url = try await first.start()
    defer { Task { await first.stop() } }
    var configuration = MockServer.Configuration()
    configuration.port = UInt16(try #require(url.port))
    let second = MockServer(routes: Self.routes, configuration: configuration)
    // Binding failed as such (the port is in use), not as a timeout after retries.
    let error = await #expect(throws: MockServerError.self) { try await second.start() }
    #expect(
      error?.description.contains("the port is in use") == true, "\(String(describing: error))")
  }

  @Test("a host that is not an address is a typed error naming it")
  func badHost() async {
    var configuration = MockServer.Configuration()
    configuration.host = "not-an-address"
    let error = await #expect(throws: MockServerError.self) {
      try await MockServer(routes: Self.routes, configuration: configuration).start()
    }
    #expect(error?.description.contains("`not-an-address` is not an IPv4 or IPv6 address") == true)
  }

  @Test("an IPv6 host is served")
  func ipv6() async throws {
    var configuration = MockServer.Configuration()
    configuration.host = "::1"
    let server = MockServer(routes: Self.routes, configuration: configuration)
    let url = try await server.start()
    defer { Task { await server.stop() } }
    #expect(url.absoluteString.hasPrefix("http://[::1]:"))
    let port = try #require(url.port)
    let answer = try await onThread {
      try rawExchange(port: port, Data("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".utf8), ipv6: true)
    }.value
    #expect(answer.hasPrefix("HTTP/1.1 204"), "\(answer)")
  }
}
