import Foundation
import Testing
import YaiaMockServer
import YaiaRemote
import YaiaTesting

@testable import YaiaMockServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` against a started server, stopping it afterwards.
private func withServer<T: Sendable>(
  _ routes: [MockRoute], configuration: MockServer.Configuration = MockServer.Configuration(),
  _ body: (MockServer, RemoteClient) async throws -> T
) async throws -> T {
  let server = MockServer(routes: routes, configuration: configuration)
  let baseURL = try await server.start()
  do {
    let result = try await body(server, RemoteClient(baseURL: baseURL))
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}

/// The status of `data`'s response, or -1 with the error recorded.
private func status(_ client: RemoteClient, _ request: Request<Data>) async -> HTTPStatus {
  do {
    return try await client.exchange(request).0.status
  } catch {
    Issue.record("request failed: \(error)")
    return HTTPStatus(-1)
  }
}

private func get(_ path: String, headers: HTTPHeaders = [:]) -> Request<Data> {
  .raw(
    .get, Endpoint(path), headers: headers,
    acceptableStatus: Set((100..<600).map { HTTPStatus($0) }))
}

@Suite("The mock server over real HTTP")
struct MockServerTests {
  @Test("it starts on 127.0.0.1 and a free port, answers a route, and stops")
  func startAnswerStop() async throws {
    let server = MockServer(routes: [
      try MockRoute("GET", "/latest", responses: .single(.json(#"{"base":"USD"}"#)))
    ])
    let baseURL = try await server.start()
    #expect(baseURL.host == "127.0.0.1")
    #expect(baseURL.port != nil && baseURL.port != 0)
    let body = try await RemoteClient(baseURL: baseURL).send(
      Request<Data>.raw(.get, Endpoint("/latest")))
    #expect(String(decoding: body, as: UTF8.self) == #"{"base":"USD"}"#)
    await server.stop()
    #expect(await server.baseURL == nil)
  }

  @Test(
    "withMockServer starts its state machines where a test says: a state-gated route answers first time"
  )
  func initialStates() async throws {
    var cart = try MockRoute("GET", "/cart", responses: .single(.json(#"{"items":[]}"#)))
    cart.requiredState = ("session", "logged-in")
    let body = try await withMockServer([cart], initialStates: ["session": "logged-in"]) {
      _, baseURL in
      try await RemoteClient(baseURL: baseURL).send(Request<Data>.raw(.get, Endpoint("/cart")))
    }
    #expect(String(decoding: body, as: UTF8.self) == #"{"items":[]}"#)
    // Without the starting state, the same first request is unmatched: strict fails the test.
    await #expect(throws: MockServerError.self) {
      try await withMockServer([cart]) { _, baseURL in
        _ = try? await RemoteClient(baseURL: baseURL).send(
          Request<Data>.raw(.get, Endpoint("/cart")))
      }
    }
  }

  @Test("two servers in parallel never collide")
  func parallelServers() async throws {
    let first = MockServer(routes: [
      try MockRoute("GET", "/who", responses: .single(.json(#""first""#)))
    ])
    let second = MockServer(routes: [
      try MockRoute("GET", "/who", responses: .single(.json(#""second""#)))
    ])
    let (a, b) = (try await first.start(), try await second.start())
    #expect(a != b)
    let answerA = try await RemoteClient(baseURL: a).send(
      Request<String>.json(.get, Endpoint("/who")))
    let answerB = try await RemoteClient(baseURL: b).send(
      Request<String>.json(.get, Endpoint("/who")))
    #expect([answerA, answerB] == ["first", "second"])
    await first.stop()
    await second.stop()
  }

  @Test(
    "strict mode answers an unmatched request with 404 listing the closest routes, and journals it")
  func strictUnmatched() async throws {
    try await withServer([
      try MockRoute("GET", "/speakers", responses: .single(.json("[]"))),
      try MockRoute("GET", "/speakers/:id", responses: .single(.json("{}"))),
    ]) { server, client in
      let (response, _) = try await client.exchange(Request.raw(.get, Endpoint("/speaker")))
      #expect(response.status == 404)
      let body = try JSONDecoder().decode([String: AnyCodable].self, from: response.body)
      #expect(body["closest"] == .array(["GET /speakers", "GET /speakers/:id"]))
      #expect(body["request"] == .string("GET /speaker"))
      #expect(await server.unmatchedRequests().map(\.request.path) == ["/speaker"])
    }
  }

  @Test("scenarios: per request by header, and for the whole server through the API")
  func scenarios() async throws {
    try await withServer([
      try MockRoute(
        "GET", "/config", responses: .single(.json("{}")),
        scenarios: ["update-required": .single(.json(#"{"update":true}"#, status: 426))])
    ]) { server, client in
      #expect(await status(client, .raw(.get, Endpoint("/config"))) == 200)
      #expect(
        await status(
          client,
          .raw(.get, Endpoint("/config"), headers: ["X-Mock-Scenario": "update-required"]))
          == 426)
      await server.setScenario("update-required")
      #expect(await status(client, .raw(.get, Endpoint("/config"))) == 426)
      #expect(
        await server.requests(to: "GET /config").map(\.scenario) == [
          nil, "update-required", "update-required",
        ])
    }
  }

  @Test("a sequence answers 503, 503, then 200: the client's retry policy gets through")
  func sequenceWithRetries() async throws {
    try await withServer([
      try MockRoute(
        "GET", "/flaky",
        responses: .sequence([.json("{}", status: 503), .json("{}", status: 503), .json(#""ok""#)]))
    ]) { server, client in
      let retrying = RemoteClient(
        baseURL: client.baseURL, interceptors: [RetryPolicy(baseDelay: .milliseconds(1))])
      let answer = try await retrying.send(
        Request<String>.json(.get, Endpoint("/flaky")))
      #expect(answer == "ok")
      #expect(await server.journal().map(\.status) == [503, 503, 200])
    }
  }

  @Test("the journal keeps method, path, query, headers and body, and decodes the body")
  func journal() async throws {
    struct Login: Codable, Equatable { var user: String }
    try await withServer([
      try MockRoute("POST", "/login", responses: .single(.json(#"{"token":"t"}"#)))
    ]) { server, client in
      let request = try Request<Data>.raw(
        .post, Endpoint("/login", query: [QueryItem("v", "2")]), headers: ["X-Trace": "42"]
      ).withJSONBody(Login(user: "ada"))
      _ = try await client.exchange(request)
      let entry = try #require(await server.journal().first)
      #expect(entry.request.method == "POST")
      #expect(entry.request.path == "/login")
      #expect(entry.request.query == ["v": "2"])
      #expect(entry.request.headers["x-trace"] == "42")
      #expect(try entry.decodedBody(as: Login.self) == Login(user: "ada"))
      #expect(entry.route == "POST /login")
    }
  }

  @Test("fixture files are served from the fixtures folder")
  func fixtures() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-mock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"rates":{"EUR":0.92}}"#.utf8).write(to: folder.appending(path: "latest.json"))
    var configuration = MockServer.Configuration()
    configuration.fixtures = folder
    try await withServer(
      [
        try MockRoute(
          "GET", "/latest", responses: .single(MockResponse(body: .file("latest.json"))))
      ], configuration: configuration
    ) { _, client in
      let body = try await client.send(get("/latest"))
      #expect(String(decoding: body, as: UTF8.self) == #"{"rates":{"EUR":0.92}}"#)
    }
  }

  @Test("faults: malformed JSON reaches the client as a decoding error; an empty body as one too")
  func simpleFaults() async throws {
    struct Rates: Decodable { var base: String }
    try await withServer([
      try MockRoute(
        "GET", "/malformed",
        responses: .single(MockResponse(body: .text(#"{"base":"USD"}"#), fault: .malformedJSON))),
      try MockRoute(
        "GET", "/empty",
        responses: .single(MockResponse(body: .text(#"{"base":"USD"}"#), fault: .emptyBody))),
    ]) { _, client in
      let malformed = await client.result(
        Request<Rates>.json(.get, Endpoint("/malformed")))
      guard case .failure(.decoding(_, let problem, _, _)) = malformed else {
        Issue.record("expected a decoding error, got \(malformed)")
        return
      }
      #expect(problem.contains("not valid JSON"))
      let empty = try await client.exchange(Request.raw(.get, Endpoint("/empty")))
      #expect(empty.0.status == 200 && empty.0.body.isEmpty)
    }
  }

  @Test(
    "streaming faults: a truncated body and a closed connection are transport errors; a trickle arrives whole, slowly"
  )
  func streamingFaults() async throws {
    let body = String(repeating: "0123456789", count: 10)  // 100 bytes
    try await withServer([
      try MockRoute(
        "GET", "/truncated",
        responses: .single(MockResponse(body: .text(body), fault: .truncatedBody))),
      try MockRoute(
        "GET", "/closed",
        responses: .single(MockResponse(body: .text(body), fault: .closeConnection))),
      try MockRoute(
        "GET", "/trickle",
        responses: .single(
          MockResponse(body: .text(body), fault: .trickle(bytes: 25, interval: .milliseconds(100))))
      ),
    ]) { _, client in
      for path in ["/truncated", "/closed"] {
        let result = await client.result(get(path))
        guard case .failure(.transport) = result else {
          Issue.record("\(path): expected a transport error, got \(result)")
          continue
        }
      }
      let clock = ContinuousClock()
      let start = clock.now
      let trickled = try await client.send(get("/trickle"))
      #expect(String(decoding: trickled, as: UTF8.self) == body)
      #expect(start.duration(to: clock.now) >= .milliseconds(280))  // three pauses of 100 ms
    }
  }

  @Test("on the wire: a reset is a TCP RST (ECONNRESET), a malformed response is no HTTP at all")
  func wireFaults() async throws {
    try await withServer([
      try MockRoute(
        .get, "/reset", responses: .single(MockResponse(body: .text("x"), fault: .resetConnection))),
      try MockRoute(
        .get, "/garbage",
        responses: .single(MockResponse(body: .text("x"), fault: .malformedResponse))),
      try #require(
        try MockManifest.parse(
          #"routes: [{ path: /mid, response: { body: "0123456789", fault: close-mid-body } }]"#,
          file: "m.yaml", fixtures: nil
        ).routes.first),
    ]) { server, _ in
      let port = try #require(await server.baseURL?.port)
      // Blocking reads go on a thread of their own: on one of the cooperative pool's two
      // threads they would starve the server they wait for, and every test beside them.
      let (count, error) = try await onThread { () throws -> (Int, Int32) in
        let fd = try connectTCP(port: port)
        defer { close(fd) }
        var time = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET /reset HTTP/1.1\r\nHost: x\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = recv(fd, &buffer, buffer.count, 0)
        return (count, errno)
      }.value
      #expect(count == -1 && error == ECONNRESET)
      let garbage = try await onThread {
        try rawExchange(port: port, Data("GET /garbage HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
      }.value
      #expect(garbage.hasPrefix("HTTP/1.1 2OO OK\r\n"))
      let mid = try await onThread {
        try rawExchange(port: port, Data("GET /mid HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
      }.value
      #expect(mid.contains("Content-Length: 10\r\n") && mid.hasSuffix("\r\n\r\n01234"))
    }
  }

  @Test("a delayed response arrives after its delay")
  func delay() async throws {
    try await withServer([
      try MockRoute(
        "GET", "/slow",
        responses: .single(
          MockResponse(status: 204, delay: .milliseconds(300)...(.milliseconds(300)))))
    ]) { _, client in
      let clock = ContinuousClock()
      let start = clock.now
      _ = try await client.exchange(Request.raw(.get, Endpoint("/slow")))
      #expect(start.duration(to: clock.now) >= .milliseconds(290))
    }
  }

  @Test("a random delay falls within its range")
  func randomDelay() async throws {
    let range = Duration.milliseconds(100)...Duration.milliseconds(250)
    try await withServer([
      try MockRoute("GET", "/jitter", responses: .single(MockResponse(status: 204, delay: range)))
    ]) { _, client in
      let clock = ContinuousClock()
      for _ in 0..<3 {
        let start = clock.now
        _ = try await client.exchange(Request.raw(.get, Endpoint("/jitter")))
        let waited = start.duration(to: clock.now)
        #expect(waited >= .milliseconds(95), "waited \(waited)")
      }
    }
    // The upper end is the server's choice, read where it is made rather than timed (a busy
    // machine answers late whatever was chosen).
    for _ in 0..<1_000 { #expect(range.contains(MockResponder.pick(in: range))) }
    #expect(MockResponder.pick(in: range.lowerBound...range.lowerBound) == range.lowerBound)
  }

  @Test("a body over the size bound gets 413 and is journalled")
  func bodyBound() async throws {
    var configuration = MockServer.Configuration()
    configuration.maxBodyBytes = 100
    try await withServer(
      [try MockRoute("POST", "/upload", responses: .single(MockResponse(status: 201)))],
      configuration: configuration
    ) { server, client in
      let (response, _) = try await client.exchange(
        Request.raw(.post, Endpoint("/upload"), body: Data(count: 1_000)))
      #expect(response.status == 413)
      #expect(await server.journal().map(\.status) == [413])
    }
  }
}

/// Just enough JSON to read the strict-mode 404 body.
enum AnyCodable: Decodable, Equatable {
  case string(String)
  case array([String])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      self = .string(text)
    } else {
      self = .array(try container.decode([String].self))
    }
  }
}

@Suite("The mock server harness")
struct HarnessTests {
  @Test("withMockServer runs the body against a started server and returns its result")
  func runs() async throws {
    let body = try await withMockServer([
      try MockRoute("GET", "/ping", responses: .single(.json(#""pong""#)))
    ]) { _, baseURL in
      try await RemoteClient(baseURL: baseURL).send(
        Request<String>.json(.get, Endpoint("/ping")))
    }
    #expect(body == "pong")
  }

  @Test("an unmatched request fails the harness, naming it and its closest routes")
  func unmatchedFails() async throws {
    let error = await #expect(throws: MockServerError.self) {
      try await withMockServer([try MockRoute("GET", "/speakers", responses: .single(.json("[]")))])
      { _, baseURL in
        _ = try await RemoteClient(baseURL: baseURL).exchange(
          Request.raw(.get, Endpoint("/speaker")))
      }
    }
    #expect(error == .unmatchedRequests(["GET /speaker (closest: GET /speakers)"]))
    #expect(error?.description.contains("no route answers") == true)
  }

  @Test("with strict mode off, unmatched requests are allowed")
  func lenient() async throws {
    var configuration = MockServer.Configuration()
    configuration.strict = false
    let status = try await withMockServer([], configuration: configuration) { _, baseURL in
      try await RemoteClient(baseURL: baseURL).exchange(Request.raw(.get, Endpoint("/anything"))).0
        .status
    }
    #expect(status == 404)
  }
}
