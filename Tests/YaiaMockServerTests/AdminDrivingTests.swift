import Foundation
import Synchronization
import Testing
import YaiaHTTP
import YaiaOpenAPI
import YaiaTesting

@testable import YaiaMockServer

/// The admin API a UI test in any language drives: stubs added, replaced and removed at run
/// time, journal queries, counts and verifications with near misses, recordings, and the API's
/// own description, which every answer here is checked against.
@Suite("Driving the mock server from a test in another language")
struct AdminDrivingTests {
  static func route(_ method: HTTPMethod, _ path: String, name: String? = nil) throws -> MockRoute {
    try MockRoute(method, path, name: name, responses: .single(.json("{}")))
  }

  @Test("stubs as a value: added first and newest first, replaced in place, removed, bounded")
  func stubsAsValues() throws {
    let base = [try Self.route(.get, "/a"), try Self.route(.get, "/b")]
    var stubs = MockStubs()
    let first = MockStubs.Stub(route: try Self.route(.get, "/a", name: "a-down"), source: Data())
    let second = MockStubs.Stub(route: try Self.route(.get, "/c"), source: Data())
    try stubs.add(first, base: base)
    try stubs.add(second, base: base)
    #expect(stubs.routes(over: base).map(\.name) == ["GET /c", "a-down", "GET /a", "GET /b"])
    #expect(throws: MockStubs.Refusal.nameTaken("GET /a")) {
      try stubs.add(
        .init(route: try Self.route(.post, "/x", name: "GET /a"), source: Data()), base: base)
    }
    var replacing = MockStubs.Stub(route: try Self.route(.post, "/b2"), source: Data())
    replacing.route.name = "GET /b"
    try stubs.replace(replacing, base: base)
    #expect(stubs.routes(over: base).last?.pattern.text == "/b2")
    #expect(stubs.isStub("GET /b") && !stubs.isStub("GET /a"))
    try stubs.remove("GET /a", base: base)
    try stubs.remove("a-down", base: base)
    #expect(stubs.routes(over: base).map(\.name) == ["GET /c", "GET /b"])
    #expect(throws: MockStubs.Refusal.noSuchRoute("GET /a")) {
      try stubs.remove("GET /a", base: base)
    }
    #expect(throws: MockStubs.Refusal.noSuchRoute("nope")) {
      try stubs.replace(
        .init(route: try Self.route(.get, "/n", name: "nope"), source: Data()), base: base)
    }

    var full = MockStubs()
    for index in 0..<MockStubs.mostStubs {
      try full.add(.init(route: try Self.route(.get, "/s\(index)"), source: Data()), base: [])
    }
    #expect(throws: MockStubs.Refusal.tooMany) {
      try full.add(.init(route: try Self.route(.get, "/one-more"), source: Data()), base: [])
    }
  }

  @Test("a journal query names only filters it knows: a misspelt one is refused, never ignored")
  func journalQueries() throws {
    let query = try JournalQuery(
      rawQuery: "method=post&path=/login&header=X-Device:%20phone&body=user=ada&query=page=2")
    let expected = try #require(query.expected)
    #expect(expected.method == .post && expected.path.text == "/login")
    #expect(expected.headers["X-Device"] == "phone" && expected.body == ["user": "ada"])
    #expect(expected.query == ["page": "2"])
    let misspelt = #expect(throws: JournalQuery.Refusal.self) {
      try JournalQuery(rawQuery: "methd=POST")
    }
    #expect(
      misspelt?.reason.contains("did you mean method?") == true, "\(String(describing: misspelt))")
    #expect(throws: JournalQuery.Refusal.self) { try JournalQuery(rawQuery: "since=yesterday") }
    #expect(throws: JournalQuery.Refusal.self) { try JournalQuery(rawQuery: "header=nocolon") }
    #expect(throws: JournalQuery.Refusal.self) { try JournalQuery(rawQuery: "path=no-slash") }
    #expect(throws: JournalQuery.Refusal.self) { try JournalQuery(rawQuery: "method=PO%0AST") }
    #expect(try JournalQuery(rawQuery: "") == JournalQuery())
    // A JSON body's keys alike, numbers compared as a route compares them.
    let json = try JournalQuery(
      json: JSONReader.parse(#"{"path":"/cart/:id","body":{"count":2.0,"gift":true}}"#.utf8))
    #expect(json.expected?.body == ["count": "2", "gift": "true"])
    #expect(throws: JournalQuery.Refusal.self) {
      try JournalQuery(json: JSONReader.parse(#"{"header":{"a":"b"}}"#.utf8))
    }
    // A body that is not an object is refused as what it is.
    #expect(throws: JournalQuery.Refusal.self) { try JournalQuery(json: .array([])) }

    let early = Date(timeIntervalSince1970: 1_000)
    let window = try JournalQuery(rawQuery: "since=1970-01-01T00:20:00Z")
    let entry = MockJournalEntry(
      request: HTTPRequest(method: .get, path: "/a"), time: early, route: nil, scenario: nil,
      status: 404)
    #expect(!window.selects(entry))
    #expect(JournalQuery().selects(entry))
  }

  @Test(
    "the new endpoints decide as values: bodies read, counts named, stubs read by the manifest's reader"
  )
  func decisions() {
    func decide(_ method: HTTPMethod, _ path: String, json: String? = nil)
      -> MockAdminCommand.Decision
    {
      AdminTests.decide(AdminTests.request(method, path, json: json))
    }
    func status(_ decision: MockAdminCommand.Decision) -> Int? {
      if case .refused(let status, _, _) = decision { return status.code }
      return nil
    }
    guard
      case .command(.verify(_, .exactly(1))) = decide(
        .post, "/__yaia/verify", json: #"{"path":"/login","exactly":1}"#)
    else {
      Issue.record("exactly 1 not read")
      return
    }
    #expect(decide(.post, "/__yaia/verify", json: #"{"never":true}"#).isVerify(.never))
    #expect(decide(.post, "/__yaia/verify", json: #"{}"#).isVerify(.atLeast(1)))
    #expect(status(decide(.post, "/__yaia/verify", json: #"{"exactly":1,"never":true}"#)) == 400)
    #expect(status(decide(.post, "/__yaia/verify", json: #"{"exactly":-1}"#)) == 400)
    #expect(status(decide(.post, "/__yaia/verify", json: #"{"exactly":true}"#)) == 400)
    #expect(status(decide(.post, "/__yaia/count", json: #"{"exactly":1}"#)) == 400)
    #expect(status(decide(.get, "/__yaia/count")) == 405)
    #expect(decide(.get, "/__yaia/near-misses") == .command(.nearMisses))
    #expect(decide(.get, "/__yaia/stubs") == .command(.stubs))
    #expect(decide(.delete, "/__yaia/stubs") == .command(.removeStubs))
    #expect(decide(.delete, "/__yaia/stubs/GET%20%2Fa") == .command(.removeStub("GET /a")))
    #expect(decide(.post, "/__yaia/recording") == .command(.startRecording))
    #expect(decide(.get, "/__yaia/openapi.json") == .command(.description))
    // A stub is read as a manifest route, its faults named.
    guard
      case .command(.addStub(let stub)) = decide(
        .post, "/__yaia/stubs",
        json: #"{"method":"POST","path":"/login","response":{"status":401}}"#)
    else {
      Issue.record("a stub not read")
      return
    }
    #expect(stub.route.name == "POST /login")
    guard
      case .refused(422, let reason, _) = decide(
        .post, "/__yaia/stubs", json: #"{"path":"/login","respons":{}}"#)
    else {
      Issue.record("a misspelt key taken")
      return
    }
    #expect(reason.contains("respons") && !reason.hasPrefix("the stub:"), "\(reason)")
    #expect(status(decide(.post, "/__yaia/stubs", json: #"{"path":"/__yaia/reset"}"#)) == 422)
    #expect(status(decide(.put, "/__yaia/stubs/a", json: #"{"name":"b","path":"/x"}"#)) == 400)
    let replacement = decide(.put, "/__yaia/stubs/a", json: #"{"path":"/x","response":{}}"#)
    guard case .command(.replaceStub(let renamed)) = replacement else {
      Issue.record("a replacement not read: \(replacement)")
      return
    }
    #expect(renamed.route.name == "a")
  }

  /// A server with the admin API on, every exchange with it kept for the description check.
  final class Session: Sendable {
    typealias Exchange = (method: String, path: String, json: String?, status: Int, body: String)
    let port: Int
    let exchanges = Mutex<[Exchange]>([])

    init(port: Int) { self.port = port }

    func send(_ method: String, _ path: String, json: String? = nil, headers: [String] = [])
      async throws -> (status: Int, body: String)
    {
      let answer = try await AdminTests.send(port, method, path, json: json, headers: headers)
      if path.hasPrefix("/__yaia/") {
        exchanges.withLock { $0.append((method, path, json, answer.status, answer.body)) }
      }
      return answer
    }

    func object(_ body: String) throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }
  }

  @Test("a UI test adds a stub, drives requests, counts and verifies them, and reads near misses")
  func drive() async throws {
    var configuration = MockServer.Configuration()
    configuration.admin = true
    let server = MockServer(
      routes: [
        try MockRoute(.post, "/login", responses: .single(.json(#"{"token":"t1"}"#))),
        try MockRoute(.get, "/me", responses: .single(.json(#"{"name":"ada"}"#))),
      ], configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let session = Session(port: try #require(baseURL.port))

    // The test's own answer for this case: login refused, tried before the manifest's.
    let added = try await session.send(
      "POST", "/__yaia/stubs",
      json:
        #"{"name":"login-refused","method":"POST","path":"/login","body":{"user":"bob"},"response":{"status":401,"json":{"error":"no"}}}"#
    )
    #expect(added.status == 201, "\(added.body)")
    #expect(try await session.send("POST", "/login", json: #"{"user":"bob"}"#).status == 401)
    #expect(try await session.send("POST", "/login", json: #"{"user":"ada"}"#).status == 200)
    let routes = try await session.send("GET", "/__yaia/routes").body
    #expect(
      routes.contains(#""name":"login-refused","path":"/login","scenarios":[],"source":"stub""#)
        || routes.contains(#""source":"stub""#), "\(routes)")

    // Counted and verified over HTTP.
    let count = try session.object(
      try await session.send("POST", "/__yaia/count", json: #"{"method":"POST","path":"/login"}"#)
        .body)
    #expect(count["count"] as? Int == 2)
    let once = try await session.send(
      "POST", "/__yaia/verify",
      json: #"{"method":"POST","path":"/login","body":{"user":"ada"},"exactly":1}"#)
    #expect(once.status == 200, "\(once.body)")
    let wrong = try await session.send(
      "POST", "/__yaia/verify",
      json: #"{"method":"POST","path":"/login","body":{"user":"cy"},"exactly":1}"#)
    #expect(wrong.status == 422)
    let failure = try session.object(wrong.body)
    #expect(failure["verified"] as? Bool == false)
    let closest = try #require(failure["closest"] as? [[String: Any]])
    #expect(closest.count == 2)
    #expect(
      (closest.first?["differences"] as? [String])?.contains { $0.contains("body user was") }
        == true,
      "\(wrong.body)")

    // The journal, filtered; a filter it does not know is refused.
    let filtered = try session.object(
      try await session.send("GET", "/__yaia/journal?method=POST&body=user%3Dbob").body)
    #expect((filtered["entries"] as? [Any])?.count == 1)
    let misspelt = try await session.send("GET", "/__yaia/journal?methd=POST")
    #expect(
      misspelt.status == 400 && misspelt.body.contains("did you mean method?"), "\(misspelt.body)")

    // Near misses: a request no route answered, with why each close route did not.
    #expect(try await session.send("GET", "/mee").status == 404)
    #expect(try await session.send("POST", "/me").status == 404)
    let misses = try await session.send("GET", "/__yaia/near-misses").body
    #expect(misses.contains("its path /me does not match"), "\(misses)")
    #expect(misses.contains("it answers GET, not POST"), "\(misses)")

    // Replaced and removed in memory; the manifest's routes come back when asked.
    let replaced = try await session.send(
      "PUT", "/__yaia/stubs/GET%20%2Fme",
      json: #"{"method":"GET","path":"/me","response":{"json":{"name":"grace"}}}"#)
    #expect(replaced.status == 200, "\(replaced.body)")
    #expect(try await session.send("GET", "/me").body.contains("grace"))
    #expect(try await session.send("DELETE", "/__yaia/stubs/login-refused").status == 204)
    #expect(try await session.send("POST", "/login", json: #"{"user":"bob"}"#).status == 200)
    #expect(try await session.send("DELETE", "/__yaia/stubs/nothing-here").status == 404)
    let taken = try await session.send(
      "POST", "/__yaia/stubs", json: #"{"method":"GET","path":"/me","response":{}}"#)
    #expect(taken.status == 409, "\(taken.body)")
    let listed = try session.object(try await session.send("GET", "/__yaia/stubs").body)
    #expect(listed["replaced"] as? [String] == ["GET /me"])
    #expect(try await session.send("DELETE", "/__yaia/stubs").status == 204)
    #expect(try await session.send("GET", "/me").body.contains("ada"))
    #expect(try await session.send("GET", "/__yaia/recording").status == 404)
    #expect(try await session.send("POST", "/__yaia/recording").status == 409)
    _ = try await session.send("GET", "/__yaia/scenario")
    _ = try await session.send("GET", "/__yaia/states")
    _ = try await session.send("GET", "/__yaia/journal")

    try Self.checkAgainstDescription(session.exchanges.withLock { $0 })
  }

  @Test("a recording started over HTTP records what the backend answers, redacted, and stops")
  func recording() async throws {
    var configuration = MockServer.Configuration()
    configuration.admin = true
    configuration.upstream = MockUpstream(
      .unmatched,
      send: { request in
        HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json"],
          body: Data(#"{"path":"\#(request.path)","token":"abcdef123456"}"#.utf8))
      })
    let server = MockServer(
      routes: [try MockRoute(.get, "/known", responses: .single(.json("{}")))],
      configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let session = Session(port: try #require(baseURL.port))

    _ = try await session.send("GET", "/before")
    #expect(try await session.send("POST", "/__yaia/recording").status == 201)
    _ = try await session.send("GET", "/known")
    _ = try await session.send(
      "GET", "/speakers/7", headers: ["Authorization: Bearer abcdef123456"])
    let running = try session.object(try await session.send("GET", "/__yaia/recording").body)
    #expect(running["recording"] as? Bool == true)
    #expect(running["routes"] as? Int == 1)
    let manifest = try #require(running["manifest"] as? String)
    #expect(manifest.contains("/speakers/7") && !manifest.contains("/before"), "\(manifest)")
    #expect(!String(describing: running).contains("abcdef123456"), "\(running)")
    let stopped = try session.object(try await session.send("DELETE", "/__yaia/recording").body)
    #expect(stopped["recording"] as? Bool == false)
    _ = try await session.send("GET", "/after")
    let kept = try session.object(try await session.send("GET", "/__yaia/recording").body)
    #expect(kept["routes"] as? Int == 1)
    // The recorded manifest is one the server reads back.
    let files = try #require(kept["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(throws: Never.self) {
      try MockManifest.parse(
        try #require(kept["manifest"] as? String), file: "recorded", fixtures: nil)
    }
    try Self.checkAgainstDescription(session.exchanges.withLock { $0 })
  }

  @Test("the admin API's own description reads without a note and serves itself")
  func description() async throws {
    let document = try OpenAPIDocument.parse(MockAdminDescription.json, file: "admin")
    #expect(document.notes.isEmpty, "\(document.notes)")
    #expect(document.operations.count == 22)
    var configuration = MockServer.Configuration()
    configuration.admin = true
    let server = MockServer(routes: [], configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let served = try await AdminTests.send(
      try #require(baseURL.port), "GET", "/__yaia/openapi.json")
    #expect(served.status == 200)
    #expect(try OpenAPIDocument.parse(served.body, file: "served").operations.count == 22)
    // Every endpoint the 404 names is described, and every described path is an endpoint.
    let described = Set(document.operations.map { "\($0.method.rawValue) \($0.path)" })
    for endpoint in MockAdminCommand.endpoints {
      let parts = endpoint.split(separator: " ")
      for method in parts[0].split(separator: "|") {
        #expect(described.contains("\(method) \(parts[1])"), "\(method) \(parts[1]) undescribed")
      }
    }
  }

  /// Checks every admin exchange against the admin API's description with the project's own
  /// checks: each request with the request contract (strict), each answer with the contract
  /// check a manifest gets.
  static func checkAgainstDescription(
    _ exchanges: [(method: String, path: String, json: String?, status: Int, body: String)]
  ) throws {
    let document = try OpenAPIDocument.parse(MockAdminDescription.json, file: "admin")
    var routes: [MockRoute] = []
    for exchange in exchanges {
      let (path, query) = exchange.path.split(separator: "?", maxSplits: 1).map(String.init)
        .paddedPair
      var headers: HTTPHeaders = ["Host": "127.0.0.1"]
      if exchange.json != nil { headers.add("Content-Type", "application/json") }
      let request = HTTPRequest(
        method: HTTPMethod(rawValue: exchange.method), path: path,
        query: Dictionary(
          query.split(separator: "&").map {
            let pair = $0.split(separator: "=", maxSplits: 1).map {
              String($0).removingPercentEncoding ?? String($0)
            }
            return (pair[0], pair.count > 1 ? pair[1] : "")
          }, uniquingKeysWith: { first, _ in first }),
        headers: headers, body: Data((exchange.json ?? "").utf8), rawQuery: query)
      // A refusal's request is wrong on purpose; the others must be as described.
      if exchange.status < 400 {
        let problems =
          document.problems(with: request, strict: true) ?? ["no operation"]
        #expect(problems.isEmpty, "\(exchange.method) \(exchange.path): \(problems)")
      }
      routes.append(
        try MockRoute(
          HTTPMethod(rawValue: exchange.method), path,
          name: "\(exchange.method) \(exchange.path) → \(exchange.status)",
          responses: .single(
            exchange.body.isEmpty
              ? MockResponse(status: HTTPStatus(exchange.status))
              : .json(exchange.body, status: HTTPStatus(exchange.status)))))
    }
    let report = ContractCheck.check(
      MockManifest(routes: routes), manifestFile: "admin exchanges", fixtures: nil,
      against: document)
    #expect(
      report.problems.isEmpty, "\(report.problems.map(\.description).joined(separator: "\n"))")
    #expect(report.responsesChecked == routes.count)
  }

  @Test("review: secrets in closest and near misses, ambiguous names, times to the millisecond")
  func reviewed() async throws {
    var configuration = MockServer.Configuration()
    configuration.admin = true
    let server = MockServer(
      routes: [
        try MockRoute(.get, "/data", query: ["api_key": "test"], responses: .single(.json("{}"))),
        try MockRoute(.get, "/items", query: ["page": "1"], responses: .single(.json("[1]"))),
        try MockRoute(.get, "/items", query: ["page": "2"], responses: .single(.json("[2]"))),
      ], configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let session = Session(port: try #require(baseURL.port))
    #expect(try await session.send("GET", "/data?api_key=R3ALK3Y99").status == 404)
    let journal = try await session.send("GET", "/__yaia/journal").body
    #expect(!journal.contains("R3ALK3Y99") && !journal.contains("api_key=test"), "\(journal)")
    let misses = try await session.send("GET", "/__yaia/near-misses").body
    #expect(
      !misses.contains("R3ALK3Y99") && misses.contains("api_key (a value of its own)"), "\(misses)")
    // Two routes of one name: which is meant cannot be told.
    let ambiguous = try await session.send(
      "PUT", "/__yaia/stubs/GET%20%2Fitems", json: #"{"path":"/items","response":{}}"#)
    #expect(
      ambiguous.status == 409 && ambiguous.body.contains("2 routes are named"), "\(ambiguous.body)")
    #expect(try await session.send("DELETE", "/__yaia/stubs/GET%20%2Fitems").status == 409)
    // Times to the millisecond: a moment after an entry's time no longer selects it.
    let entries = try #require(try session.object(journal)["entries"] as? [[String: Any]])
    let time = try #require(entries.first?["time"] as? String)
    #expect(time.contains("."), "\(time)")
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let instant = try #require(formatter.date(from: time))
    let after = formatter.string(from: instant.addingTimeInterval(0.001))
    let count = try session.object(
      try await session.send("POST", "/__yaia/count", json: #"{"since":"\#(after)"}"#).body)
    #expect(count["count"] as? Int == 0)
    // A count names at most 64 filters, as a query does.
    let many = (0..<70).map { #""h\#($0)":"v""# }.joined(separator: ",")
    #expect(
      try await session.send("POST", "/__yaia/count", json: #"{"headers":{\#(many)}}"#).status
        == 400)
  }
}

extension MockAdminCommand.Decision {
  fileprivate func isVerify(_ count: ExpectedCount) -> Bool {
    if case .command(.verify(_, let got)) = self { return got == count }
    return false
  }
}

extension Array where Element == String {
  /// The first two elements, the second empty when missing.
  fileprivate var paddedPair: (String, String) { (self.first ?? "", count > 1 ? self[1] : "") }
}
