import Foundation
import Testing
import YaiaMockServer
import YaiaRemote
import YaiaTesting

/// A second local server stands in for the real backend: a few routes with the noise a real
/// one sends (dates, request ids, cookies, tokens).
enum Backend {
  static func routes() throws -> [MockRoute] {
    let noisy: HTTPHeaders = [
      "Content-Type": "application/json", "Date": "Thu, 26 Nov 2026 07:00:00 GMT",
      "X-Request-Id": "req-81f2", "Set-Cookie": "session=s-secret; HttpOnly",
      "Cache-Control": "max-age=60",
    ]
    return [
      try MockRoute(
        .get, "/v1/products",
        responses: .single(
          MockResponse(
            headers: noisy, body: .text(#"{"items":[{"id":7,"price":24.50}],"page":1}"#)))),
      try MockRoute(
        .post, "/v1/login", bodyFields: ["user": "ada"],
        responses: .single(.json(#"{"token":"t-secret","refreshToken":"r-secret","user":"ada"}"#))),
      try MockRoute(
        .get, "/v1/cart",
        responses: .sequence([.json(#"{"items":[]}"#), .json(#"{"items":[7]}"#)])),
      try MockRoute(
        .get, "/v1/old",
        responses: .single(MockResponse(status: 301, headers: ["Location": "/v1/products"]))),
    ]
  }

  /// The address a command prints last on the line that has `needle`.
  static func address(in line: String) throws -> URL {
    let token = try #require(line.split(separator: " ").last { $0.hasPrefix("http://") })
    return try #require(URL(string: String(token.hasSuffix(".") ? token.dropLast() : token)))
  }
}

@Suite("Recording and proxying a backend")
struct RecordCommandTests {
  static func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appending(path: "yaia-record-\(UUID().uuidString)")
  }

  @Test(
    "yaia mock-server record: the app gets the backend's answers, the folder gets routes and pretty files without noise or secrets, and serves them back"
  )
  func record() async throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await withMockServer(try Backend.routes()) { _, backend in
      let child = try ChildCommand(
        try yaiaExecutable(),
        [
          "mock-server", "record", "--target", backend.absoluteString, "--fixtures", folder.path,
          "--port", "0", "--secret-path", "items.*.price",
        ])
      let line = try await child.line(containing: "Recording")
      let client = RemoteClient(baseURL: try Backend.address(in: line))
      let products = try await client.exchange(Request<Data>.raw(.get, Endpoint("/v1/products"))).0
      #expect(String(decoding: products.body, as: UTF8.self).contains(#""price":24.50"#))
      #expect(products.header("Set-Cookie") == "session=s-secret; HttpOnly")  // the app gets all
      _ = try await client.exchange(
        Request<Data>.raw(.post, Endpoint("/v1/login")).withJSONBody(
          ["user": "ada", "password": "swordfish"]))
      for _ in 0..<3 {
        _ = try await client.exchange(Request<Data>.raw(.get, Endpoint("/v1/cart")))
      }
      // A redirect is recorded as the backend sent it; the client follows it.
      _ = try await client.exchange(Request<Data>.raw(.get, Endpoint("/v1/old")))
      child.process.interrupt()
      #expect(await child.exitStatus() == 0)
      #expect(child.lines.all.contains("Recorded 4 route(s)"), "\(child.lines.all)")
    }

    let manifestText = try String(
      contentsOf: folder.appending(path: "manifest.yaml"), encoding: .utf8)
    for gone in ["Date", "req-81f2", "s-secret", "swordfish"] {
      #expect(!manifestText.contains(gone), "\(gone) in \(manifestText)")
    }
    // The session cookie as a placeholder, so that a replay still sets one.
    #expect(manifestText.contains(#""Set-Cookie": "session=REDACTED""#), "\(manifestText)")
    #expect(manifestText.contains(#""Cache-Control": "max-age=60""#))
    let login = try String(
      contentsOf: folder.appending(path: "v1/login.post.json"), encoding: .utf8)
    #expect(
      login
        == "{\n  \"token\": \"REDACTED\",\n  \"refreshToken\": \"REDACTED\",\n  \"user\": \"ada\"\n}\n"
    )
    let products = try String(
      contentsOf: folder.appending(path: "v1/products.json"), encoding: .utf8)
    #expect(products.contains(#""price": 0"#) && products.contains(#""id": 7"#))  // type kept

    // The folder serves as it is: the cart's answers in the order they came, the redirect too.
    let manifest = try MockManifest.load(folder: folder)
    var configuration = MockServer.Configuration()
    configuration.fixtures = folder
    try await withMockServer(manifest.routes, configuration: configuration) { _, replay in
      let client = RemoteClient(baseURL: replay)
      let first = try await client.exchange(Request<Data>.raw(.get, Endpoint("/v1/cart"))).0
      let second = try await client.exchange(Request<Data>.raw(.get, Endpoint("/v1/cart"))).0
      #expect(String(decoding: first.body, as: UTF8.self).contains("[]"))
      #expect(String(decoding: second.body, as: UTF8.self).contains("7"))
      let login = try await client.exchange(
        Request<Data>.raw(.post, Endpoint("/v1/login")).withJSONBody(
          ["user": "ada", "password": "another"])
      ).0
      #expect(login.status == 200)
      let moved = try await client.exchange(Request<Data>.raw(.get, Endpoint("/v1/old"))).0
      #expect(moved.status == 200)  // followed to the recorded /v1/products
    }
  }

  @Test("record refuses a folder that holds files, and a target that is not an http URL")
  func recordRefuses() async throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: folder.appending(path: "hand-written.json"))
    let full = try await runYaia([
      "mock-server", "record", "--target", "http://127.0.0.1:9", "--fixtures", folder.path,
      "--port", "0",
    ])
    #expect(full.status != 0 && full.errors.contains("holds 1 file(s) already"), "\(full.errors)")
    #expect(try Data(contentsOf: folder.appending(path: "hand-written.json")) == Data("keep".utf8))
    let notHTTP = try await runYaia([
      "mock-server", "record", "--target", "file:///etc", "--fixtures", Self.temporaryFolder().path,
      "--port", "0",
    ])
    #expect(
      notHTTP.status != 0 && notHTTP.errors.contains("http or https URL"), "\(notHTTP.errors)")
  }

  @Test(
    "--proxy: known routes from the fixtures, the rest from the backend, a 502 saying why when it is down"
  )
  func proxy() async throws {
    let backend = MockServer(routes: try Backend.routes())
    let backendURL = try await backend.start()
    let child = try ChildCommand(
      try yaiaExecutable(),
      [
        "mock-server", "--fixtures", Shop.fixtures.path, "--proxy", backendURL.absoluteString,
        "--port", "0",
      ])
    let line = try await child.line(containing: "Serving")
    let client = RemoteClient(baseURL: try Backend.address(in: line))
    let featured = try await client.exchange(
      Request<Data>.raw(.get, Endpoint("/v1/products/featured"))
    ).0
    #expect(
      featured.body
        == (try Data(contentsOf: Shop.fixtures.appending(path: "products/featured.json"))))
    let cart = try await client.exchange(Request<Data>.raw(.get, Endpoint("/v1/cart"))).0
    #expect(String(decoding: cart.body, as: UTF8.self) == #"{"items":[]}"#)
    #expect(await backend.requests(to: "GET /v1/cart").count == 1)
    #expect(await backend.journal().count == 1)  // the featured products never reached it
    await backend.stop()
    let down = try await client.exchange(
      Request<Data>.raw(.get, Endpoint("/v1/cart"), acceptableStatus: [502])
    ).0
    #expect(String(decoding: down.body, as: UTF8.self).contains("the backend did not answer"))
    child.process.interrupt()
    #expect(await child.exitStatus() != nil)
    #expect(child.lines.all.contains("GET /v1/cart -> 200"), "\(child.lines.all)")
  }

  @Test("--proxy keeps no cookie jar: each client's requests go on with its own Cookie only")
  func proxyKeepsNoCookies() async throws {
    let backend = MockServer(routes: [
      try MockRoute(
        .get, "/login",
        responses: .single(MockResponse(headers: ["Set-Cookie": "sid=first-client; Path=/"]))),
      try MockRoute(.get, "/who", responses: .single(MockResponse(status: 204))),
    ])
    let backendURL = try await backend.start()
    defer { Task { await backend.stop() } }
    let child = try ChildCommand(
      try yaiaExecutable(), ["mock-server", "--proxy", backendURL.absoluteString, "--port", "0"])
    let line = try await child.line(containing: "Serving")
    let port = try #require(try Backend.address(in: line).port)
    // Raw requests: no client-side cookie jar can blur what the proxy itself adds.
    for (path, cookie) in [("/login", nil), ("/who", nil), ("/who", "mine=2")]
      as [(String, String?)]
    {
      let head =
        "GET \(path) HTTP/1.1\r\nHost: x\r\n" + (cookie.map { "Cookie: \($0)\r\n" } ?? "") + "\r\n"
      let answer = try await onThread { try rawExchange(port: port, Data(head.utf8)) }.value
      #expect(answer.hasPrefix("HTTP/1.1 20"), "\(path): \(answer.prefix(200))")
    }
    let sent = await backend.journal().map { $0.request.headers["Cookie"] }
    #expect(sent == [nil, nil, "mine=2"], "the backend saw cookies \(sent)")
    child.process.interrupt()
    #expect(await child.exitStatus() != nil)
  }

  @Test("in a test: a server with an upstream and a recorder records through any send function")
  func inProcess() async throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorder = try MockRecorder(folder: folder, source: "a closure")
    var configuration = MockServer.Configuration()
    configuration.upstream = MockUpstream(
      .everything,
      send: { request in
        HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json"],
          body: Data(#"{"path":"\#(request.path)","accessToken":"a-1"}"#.utf8))
      },
      onExchange: { await recorder.record($0, $1) })
    try await withMockServer([], configuration: configuration) { server, baseURL in
      let client = RemoteClient(baseURL: baseURL)
      _ = try await client.exchange(Request<Data>.raw(.get, Endpoint("/speakers/kitchen")))
      #expect(await server.requests(to: MockUpstream.routeName).count == 1)
    }
    try await recorder.finish()
    let file = try String(
      contentsOf: folder.appending(path: "speakers/kitchen.json"), encoding: .utf8)
    #expect(file == "{\n  \"path\": \"/speakers/kitchen\",\n  \"accessToken\": \"REDACTED\"\n}\n")
  }
}
