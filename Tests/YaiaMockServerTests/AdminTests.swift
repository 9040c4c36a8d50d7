import Foundation
import Testing
import YaiaTesting

@testable import YaiaMockServer

/// The admin API: its decisions as values (who may ask what), the router's part as values, and
/// one server steered over the wire.
@Suite("The mock server's admin API")
struct AdminTests {
  static func request(
    _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = ["Host": "127.0.0.1:8080"],
    json: String? = nil
  ) -> HTTPRequest {
    var headers = headers
    if json != nil { headers.add("Content-Type", "application/json") }
    return HTTPRequest(method: method, path: path, headers: headers, body: Data((json ?? "").utf8))
  }

  static func decide(_ request: HTTPRequest, enabled: Bool = true, fromLoopback: Bool = true)
    -> MockAdminCommand.Decision
  {
    MockAdminCommand.decide(request, enabled: enabled, fromLoopback: fromLoopback)
  }

  @Test(
    "each endpoint and method is one command; everything else under the prefix is refused with its reason"
  )
  func commands() {
    #expect(Self.decide(Self.request(.get, "/__yaia/routes")) == .command(.routes))
    #expect(
      Self.decide(Self.request(.get, "/__yaia/journal")) == .command(.journal(JournalQuery())))
    #expect(Self.decide(Self.request(.delete, "/__yaia/journal")) == .command(.clearJournal))
    #expect(Self.decide(Self.request(.post, "/__yaia/reset")) == .command(.reset))
    #expect(Self.decide(Self.request(.get, "/__yaia/scenario")) == .command(.scenario))
    #expect(
      Self.decide(Self.request(.put, "/__yaia/scenario", json: #"{"scenario":"down"}"#))
        == .command(.setScenario("down")))
    #expect(
      Self.decide(Self.request(.put, "/__yaia/scenario", json: #"{"scenario":null}"#))
        == .command(.setScenario(nil)))
    #expect(Self.decide(Self.request(.delete, "/__yaia/scenario")) == .command(.setScenario(nil)))
    #expect(
      Self.decide(
        Self.request(.put, "/__yaia/states", json: #"{"states":{"cart":"full","login":null}}"#))
        == .command(.setStates(["cart": "full", "login": String?.none])))
    #expect(Self.decide(Self.request(.delete, "/__yaia/states")) == .command(.restartStates))
    // Not admin requests: the routes answer them.
    #expect(Self.decide(Self.request(.get, "/__yaiax")) == .notAdmin)
    #expect(Self.decide(Self.request(.get, "/me")) == .notAdmin)

    func status(_ decision: MockAdminCommand.Decision) -> Int? {
      if case .refused(let status, _, _) = decision { return status.code }
      return nil
    }
    #expect(status(Self.decide(Self.request(.get, "/__yaia/nope"))) == 404)
    #expect(status(Self.decide(Self.request(.get, "/__YAIA/routes"))) == 404)
    // A combining mark after the slash makes one character of the two: still the prefix
    // (found by the admin fuzz target; before, such a path went to the routes).
    #expect(status(Self.decide(Self.request(.get, "/__yaia/\u{0741}routes"))) == 404)
    #expect(
      Self.decide(Self.request(.post, "/__yaia/routes"))
        == .refused(
          405, "POST /__yaia/routes is not an admin request; it takes GET", allow: ["GET"]))
    // Bodies: JSON, said to be JSON, of the right shape, within bounds.
    var form = Self.request(.put, "/__yaia/scenario")
    form.headers.add("Content-Type", "text/plain")
    form.body = Data(#"{"scenario":"down"}"#.utf8)
    #expect(status(Self.decide(form)) == 415)
    #expect(status(Self.decide(Self.request(.put, "/__yaia/scenario", json: "[1]"))) == 400)
    #expect(
      status(Self.decide(Self.request(.put, "/__yaia/scenario", json: #"{"scenario":7}"#))) == 400)
    #expect(
      status(Self.decide(Self.request(.put, "/__yaia/states", json: #"{"states":{}}"#))) == 400)
    #expect(
      status(Self.decide(Self.request(.put, "/__yaia/states", json: #"{"states":{"cart":""}}"#)))
        == 400)
    let big = "{\"scenario\":\"" + String(repeating: "x", count: 70_000) + "\"}"
    #expect(status(Self.decide(Self.request(.put, "/__yaia/scenario", json: big))) == 413)
  }

  @Test("off unless enabled, this machine only, and no page of another site (Host, Origin)")
  func gate() {
    let routes = Self.request(.get, "/__yaia/routes")
    guard case .refused(403, let off, _) = Self.decide(routes, enabled: false) else {
      Issue.record("answered while off")
      return
    }
    #expect(off.contains("--admin"))
    // Off, the prefix is still reserved: no route answers there.
    #expect(Self.decide(Self.request(.get, "/__yaia/anything"), enabled: false) != .notAdmin)
    guard case .refused(403, let remote, _) = Self.decide(routes, fromLoopback: false) else {
      Issue.record("answered another machine")
      return
    }
    #expect(remote.contains("this machine"))
    for host in [
      "evil.example", "127.0.0.1.evil.example", "localhost.evil", "127.0.0.1:80x", "[::2]:1",
    ] {
      let request = Self.request(.get, "/__yaia/routes", headers: ["Host": host])
      guard case .refused(403, _, _) = Self.decide(request) else {
        Issue.record("answered Host \(host)")
        continue
      }
    }
    for host in [
      "127.0.0.1", "127.0.0.1:8080", "localhost:1", "LOCALHOST", "[::1]:8080", "127.9.9.9",
    ] {
      #expect(
        Self.decide(Self.request(.get, "/__yaia/routes", headers: ["Host": host]))
          == .command(.routes), "\(host)")
    }
    var fromPage = routes
    fromPage.headers.add("Origin", "https://evil.example")
    guard case .refused(403, _, _) = Self.decide(fromPage) else {
      Issue.record("answered a page of another origin")
      return
    }
    var fromLocalPage = routes
    fromLocalPage.headers.add("Origin", "http://localhost:3000")
    #expect(Self.decide(fromLocalPage) == .command(.routes))

    #expect(MockAdminCommand.isLoopbackPeer("127.0.0.1"))
    #expect(MockAdminCommand.isLoopbackPeer("::1"))
    #expect(MockAdminCommand.isLoopbackPeer("::ffff:127.0.0.1"))
    #expect(!MockAdminCommand.isLoopbackPeer("10.0.0.7"))
    #expect(!MockAdminCommand.isLoopbackPeer("::ffff:10.0.0.7"))
    #expect(!MockAdminCommand.isLoopbackPeer("1270.0.0.1"))
  }

  @Test("the router's part: a scenario or state no route knows is refused naming the known ones")
  func routerCommands() throws {
    var login = try MockRoute(.post, "/login", responses: .single(.json("{}")))
    login.nextState = ("session", "in")
    var router = MockRouter(
      routes: [
        try MockRoute(
          .get, "/cart", responses: .sequence([.json("[]"), .json("[1]")]),
          scenarios: ["down": .single(.json("{}", status: 503))]),
        login,
      ], initialStates: ["session": "out"])
    #expect(router.perform(.setScenario("dwon")).status == 422)
    #expect(
      String(decoding: router.perform(.setScenario("dwon")).body, as: UTF8.self).contains(
        "known: down"))
    #expect(router.perform(.setScenario("down")).status == 200)
    #expect(router.scenario == "down")
    #expect(router.perform(.setStates(["sesion": "in"])).status == 422)
    #expect(router.perform(.setStates(["session": "inn"])).status == 422)
    #expect(router.state(of: "session") == "out")
    #expect(router.perform(.setStates(["session": "in"])).status == 200)
    #expect(router.state(of: "session") == "in")
    _ = router.perform(.restartStates)
    #expect(router.state(of: "session") == "out")
    let routes = String(decoding: router.perform(.routes).body, as: UTF8.self)
    #expect(routes.contains(#""name":"GET /cart""#), "\(routes)")
    #expect(routes.contains(#""setsState":"session=in""#), "\(routes)")
  }

  /// Sends one request to the server at `port` and returns its status and body; the blocking
  /// exchange runs on a thread of its own.
  static func send(
    _ port: Int, _ method: String, _ path: String, host: String = "127.0.0.1",
    json: String? = nil, headers: [String] = []
  ) async throws -> (status: Int, body: String) {
    var text = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
    for header in headers { text += header + "\r\n" }
    if let json {
      text += "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)"
    } else {
      text += "\r\n"
    }
    let bytes = Data(text.utf8)
    // Read to the close the request asked for: a large answer (the admin API's description)
    // comes in more than one read.
    let received = try #require(
      try await value(
        of: onThread { try rawExchange(port: port, bytes, until: .max) }, timeout: .seconds(60)))
    let status = Int(received.split(separator: " ").dropFirst().first ?? "") ?? 0
    let body = received.components(separatedBy: "\r\n\r\n").dropFirst().joined(
      separator: "\r\n\r\n")
    return (status, body)
  }

  @Test("a running server steered over the wire: states, scenario, sequences, journal, routes")
  func overTheWire() async throws {
    var configuration = MockServer.Configuration()
    configuration.admin = true
    var cart = try MockRoute(
      .get, "/cart", responses: .sequence([.json(#"["first"]"#), .json(#"["second"]"#)]),
      scenarios: ["down": .single(.json("{}", status: 503))])
    cart.requiredState = ("session", "in")
    let server = MockServer(routes: [cart], configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let port = try #require(baseURL.port)

    // Before: a state-gated route could not be reached without a restart or a header per request.
    #expect(try await Self.send(port, "GET", "/cart").status == 404)
    #expect(
      try await Self.send(port, "PUT", "/__yaia/states", json: #"{"states":{"session":"in"}}"#)
        .status == 200)
    #expect(try await Self.send(port, "GET", "/cart").body.contains("first"))
    #expect(try await Self.send(port, "GET", "/cart").body.contains("second"))
    #expect(try await Self.send(port, "POST", "/__yaia/reset").status == 204)
    // Reset put the state back too.
    #expect(try await Self.send(port, "GET", "/cart").status == 404)
    _ = try await Self.send(port, "PUT", "/__yaia/states", json: #"{"states":{"session":"in"}}"#)
    #expect(try await Self.send(port, "GET", "/cart").body.contains("first"))
    #expect(
      try await Self.send(port, "PUT", "/__yaia/scenario", json: #"{"scenario":"down"}"#).status
        == 200)
    #expect(try await Self.send(port, "GET", "/cart").status == 503)
    #expect(try await Self.send(port, "DELETE", "/__yaia/scenario").status == 200)
    #expect(try await Self.send(port, "GET", "/cart").body.contains("second"))

    let journal = try await Self.send(port, "GET", "/__yaia/journal")
    #expect(journal.status == 200)
    // App requests only: the admin's own are not in it.
    #expect(!journal.body.contains("__yaia"), "\(journal.body)")
    #expect(journal.body.contains(#""path":"/cart""#), "\(journal.body)")
    #expect(try await Self.send(port, "DELETE", "/__yaia/journal").status == 204)
    #expect(await server.journal().isEmpty)
    #expect(
      try await Self.send(port, "GET", "/__yaia/routes").body.contains(#""scenarios":["down"]"#))
    // A page elsewhere that resolves its own name to this machine is refused.
    #expect(
      try await Self.send(port, "POST", "/__yaia/reset", host: "rebind.example:\(port)").status
        == 403)
  }

  @Test("the journal over HTTP shows no credential: tokens, cookies, secret fields, echoes")
  func journalRedacts() async throws {
    var configuration = MockServer.Configuration()
    configuration.admin = true
    let login = try MockRoute(.post, "/login", responses: .single(.json("{}")))
    let server = MockServer(routes: [login], configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let port = try #require(baseURL.port)
    _ = try await Self.send(
      port, "POST", "/login?api_key=k3y999zz&page=2",
      json: #"{"password":"hunter22","note":"sent abc123token","user":"ana","cvv":"987"}"#,
      headers: [
        "Authorization: Bearer abc123token", "Cookie: session=s3cr3t99; theme=dark",
        "X-Api-Token: t0k3n777", "X-Auth-Key: a7u7hk3y",
      ])
    _ = try await Self.send(port, "GET", "/login;jsessionid=J5E5S5I5D5")
    let journal = try await Self.send(port, "GET", "/__yaia/journal").body
    for secret in [
      "abc123token", "s3cr3t99", "k3y999zz", "hunter22", "t0k3n777", "a7u7hk3y", "987",
      "J5E5S5I5D5",
    ] {
      #expect(!journal.contains(secret), "\(secret) in \(journal)")
    }
    for kept in [
      "Bearer REDACTED", "session=REDACTED", "page=2", #"\"user\": \"ana\""#, "sent REDACTED",
      "jsessionid=REDACTED",
    ] {
      #expect(journal.contains(kept), "\(kept) not in \(journal)")
    }
    // In the process, a test still sees what was sent.
    #expect(
      await server.journal().first?.request.headers["Authorization"] == "Bearer abc123token")
  }

  @Test(
    "the journal hides an API's own key names, secret path segments and multipart fields by name"
  )
  func journalRedactsMore() async throws {
    var configuration = MockServer.Configuration()
    configuration.admin = true
    configuration.secretNames = ["AppID"]
    let server = MockServer(
      routes: [
        try MockRoute(.get, "/weather", responses: .single(.json("{}"))),
        try MockRoute(.post, "/reset/:token", responses: .single(.json("{}"))),
        try MockRoute(.post, "/upload", responses: .single(.json("{}"))),
      ], configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let port = try #require(baseURL.port)
    _ = try await Self.send(
      port, "GET", "/weather?q=Paris&appid=w3ath3rk3y", headers: ["AppID: h3ad3rk3y"])
    _ = try await Self.send(port, "POST", "/reset/r3s3tt0k3n", json: #"{"echo":"r3s3tt0k3n"}"#)
    let multipart = [
      "--XyZ", #"Content-Disposition: form-data; name="user""#, "", "ana",
      "--XyZ", #"Content-Disposition: form-data; name="password""#, "", "hunter22",
      "--XyZ--", "",
    ].joined(separator: "\r\n")
    var text = "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    text +=
      "Content-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: \(multipart.utf8.count)\r\n\r\n"
    text += multipart
    let bytes = Data(text.utf8)
    _ = try #require(
      try await value(of: onThread { try rawExchange(port: port, bytes) }, timeout: .seconds(60)))
    let journal = try await Self.send(port, "GET", "/__yaia/journal").body
    for secret in ["w3ath3rk3y", "h3ad3rk3y", "r3s3tt0k3n", "hunter22"] {
      #expect(!journal.contains(secret), "\(secret) in \(journal)")
    }
    for kept in [
      "q=Paris", "appid=REDACTED", "/reset/REDACTED", "ana", #"name=\"password\"\r\n\r\nREDACTED"#,
    ] {
      #expect(journal.contains(kept), "\(kept) not in \(journal)")
    }
  }

  @Test(
    "off by default: every request under the prefix is a 403 naming --admin, and a manifest cannot use it"
  )
  func offByDefault() async throws {
    let server = MockServer(routes: [try MockRoute(.get, "/a", responses: .single(.json("{}")))])
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let port = try #require(baseURL.port)
    let refused = try await Self.send(port, "POST", "/__yaia/reset")
    #expect(refused.status == 403)
    #expect(refused.body.contains("--admin"))

    let error = #expect(throws: MockServerError.self) {
      try MockManifest.parse(
        "routes:\n  - path: /__yaia/reset\n    response: {}\n", file: "m", fixtures: nil)
    }
    guard case .brokenManifest(_, let line, let reason) = error else { return }
    #expect(line == 2)
    #expect(reason.contains("admin API"))
  }
}
