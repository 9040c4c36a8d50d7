import Foundation
import Testing
import YaiaMockServer
import YaiaRemote

/// A journal entry for `request`, as the server would record it.
private func entry(_ request: HTTPRequest) -> MockJournalEntry {
  MockJournalEntry(request: request, time: Date(), route: nil, scenario: nil, status: 200)
}

private func post(_ path: String, _ body: String, headers: HTTPHeaders = [:]) -> HTTPRequest {
  HTTPRequest(method: .post, path: path, headers: headers, body: Data(body.utf8))
}

@Suite("Verifying what the app sent")
struct VerificationTests {
  @Test("method, pattern, query, header and body fields each match or say how they differ")
  func differences() throws {
    let expected = try ExpectedRequest(
      .post, "/speakers/:id/volume", query: ["unit": "db"], headers: ["X-Trace": "on"],
      body: ["level": "7", "speaker.name": "kitchen"])
    let request = HTTPRequest(
      method: .put, path: "/speakers/9/volume", query: ["unit": "percent"],
      headers: ["x-trace": "on"],
      body: Data(#"{"level":8,"speaker":{"name":"kitchen"}}"#.utf8))
    #expect(
      expected.differences(from: request) == [
        "method was PUT, expected POST", "query unit was percent, expected db",
        "body level was 8, expected 7",
      ])
    var fixed = request
    fixed.method = .post
    fixed.query = ["unit": "db", "extra": "ignored"]
    fixed.body = Data(#"{"level":7,"speaker":{"name":"kitchen"},"more":true}"#.utf8)
    #expect(expected.matches(fixed))
    #expect(
      expected.differences(from: HTTPRequest(method: .post, path: "/speakers/9/volume"))
        == [
          "query had no unit, expected unit=db", "header X-Trace was missing, expected on",
          "body was not JSON, expected level = 7",
          "body was not JSON, expected speaker.name = kitchen",
        ])
  }

  @Test("counts: exactly, at least, never")
  func counts() throws {
    let login = try ExpectedRequest(.post, "/login")
    let journal = [entry(post("/login", "{}")), entry(post("/login", "{}"))]
    #expect(RequestVerification(login, .exactly(2)).failure(in: journal) == nil)
    #expect(RequestVerification(login, .atLeast(1)).failure(in: journal) == nil)
    #expect(RequestVerification(login, .once).failure(in: journal)?.matched == 2)
    #expect(RequestVerification(login, .never).failure(in: journal) != nil)
    #expect(RequestVerification(login, .never).failure(in: []) == nil)
    #expect(RequestVerification(login, .atLeast(3)).failure(in: journal) != nil)
  }

  @Test("too few: the failure lists the closest requests, fewest differences first, each with how")
  func closestListed() throws {
    let expected = try ExpectedRequest(.post, "/login", body: ["user": "ada"])
    let journal = [
      entry(HTTPRequest(method: .get, path: "/speakers")),
      entry(post("/login", #"{"user":"bob"}"#)),
      entry(HTTPRequest(method: .get, path: "/login")),
    ]
    let failure = try #require(RequestVerification(expected, .once).failure(in: journal))
    #expect(failure.closest.map(\.position) == [2, 3, 1])
    #expect(failure.closest[0].differences == ["body user was bob, expected ada"])
    #expect(
      failure.description == """
        Expected exactly 1 request(s) POST /login with body user = ada; 0 of the 3 received matched.
        The closest requests received:
          #2 POST /login: body user was bob, expected ada
          #3 GET /login: method was GET, expected POST; body was not JSON, expected user = ada
          #1 GET /speakers: method was GET, expected POST; path was /speakers, expected /login; body was not JSON, expected user = ada
        """)
  }

  @Test("too many: the failure lists the ones that matched; positions count dropped entries")
  func tooMany() throws {
    let expected = try ExpectedRequest(.get, "/speakers")
    let journal = [
      entry(HTTPRequest(method: .get, path: "/speakers")),
      entry(HTTPRequest(method: .get, path: "/speakers")),
    ]
    let failure = try #require(
      RequestVerification(expected, .never).failure(in: journal, dropped: 10))
    #expect(failure.closest.map(\.position) == [11, 12])
    #expect(failure.closest.allSatisfy { $0.differences.isEmpty })
    #expect(failure.description.contains("10 older request(s) were let go"))
    #expect(failure.description.contains("The requests that matched:"))
  }

  @Test("an empty journal says so")
  func nothingReceived() throws {
    let failure = try #require(
      RequestVerification(try ExpectedRequest(.get, "/x"), .once).failure(in: []))
    #expect(failure.description.hasSuffix("The server received no request at all."))
  }

  @Test("at most five closest requests are listed, whatever the journal holds")
  func boundedList() throws {
    let journal = (0..<1_000).map { entry(HTTPRequest(method: .get, path: "/n/\($0)")) }
    let failure = try #require(
      RequestVerification(try ExpectedRequest(.get, "/m"), .once).failure(in: journal))
    #expect(failure.closest.count == RequestVerification.closestShown)
  }

  @Test("end to end: verify passes, fails with the closest requests, and clearJournal resets it")
  func throughTheServer() async throws {
    try await withMockServer(
      [try MockRoute(.post, "/login", responses: .single(.json(#"{"token":"t"}"#)))]
    ) { server, baseURL in
      let client = RemoteClient(baseURL: baseURL)
      _ = try await client.send(
        Request<Data>.raw(.post, Endpoint("/login"), body: Data(#"{"user":"bob"}"#.utf8)))
      try await server.verify(try ExpectedRequest(.post, "/login"), .once)
      let failure = await #expect(throws: VerificationFailure.self) {
        try await server.verify(try ExpectedRequest(.post, "/login", body: ["user": "ada"]), .once)
      }
      #expect(failure?.closest.first?.differences == ["body user was bob, expected ada"])
      #expect(await server.received(try ExpectedRequest(.post, "/login")).count == 1)
      await server.clearJournal()
      try await server.verify(try ExpectedRequest(.post, "/login"), .never)
    }
  }
}

@Suite("Stateful scenarios")
struct StatefulScenarioTests {
  static let manifest = """
    states: { cart: empty, login: open }
    routes:
      - method: GET
        path: /cart
        requires-state: cart=empty
        response: { json: { items: [] } }
      - method: GET
        path: /cart
        requires-state: cart=has-item
        response: { json: { items: [{ id: 1 }] } }
      - method: POST
        path: /cart/items
        sets-state: cart=has-item
        response: { status: 201 }
      - method: POST
        path: /login
        requires-state: login=locked
        response: { status: 423, json: { error: locked } }
      - method: POST
        path: /login
        body: { password: right }
        response: { json: { token: t } }
      - method: POST
        path: /login
        requires-state: login=open
        sets-state: login=failed-1
        response: { status: 401 }
      - method: POST
        path: /login
        requires-state: login=failed-1
        sets-state: login=failed-2
        response: { status: 401 }
      - method: POST
        path: /login
        requires-state: login=failed-2
        sets-state: login=locked
        response: { status: 401 }
    """

  static func status(_ outcome: MockRouter.Outcome) -> Int? {
    if case .matched(_, _, let response, _) = outcome { return response.status.code }
    return nil
  }

  @Test("a cart that is empty, then has an item; a login that fails three times, then locks")
  func cartAndLockout() throws {
    let manifest = try MockManifest.parse(Self.manifest, file: "manifest.yaml", fixtures: nil)
    #expect(manifest.initialStates == ["cart": "empty", "login": "open"])
    var router = MockRouter(routes: manifest.routes, initialStates: manifest.initialStates)
    let wrong = HTTPRequest(method: .post, path: "/login", body: Data(#"{"password":"x"}"#.utf8))
    #expect(Self.status(router.route(HTTPRequest(method: .get, path: "/cart"))) == 200)
    #expect(Self.status(router.route(HTTPRequest(method: .post, path: "/cart/items"))) == 201)
    #expect(router.state(of: "cart") == "has-item")
    #expect((0..<4).map { _ in Self.status(router.route(wrong)) } == [401, 401, 401, 423])
    let right = HTTPRequest(
      method: .post, path: "/login", body: Data(#"{"password":"right"}"#.utf8))
    #expect(Self.status(router.route(right)) == 423)
    router.resetAll()
    #expect(router.allStates == ["cart": "empty", "login": "open"])
    #expect(Self.status(router.route(right)) == 200)
  }

  @Test("a request's X-Mock-State header sets machines; every answer carries them")
  func stateHeader() throws {
    let manifest = try MockManifest.parse(Self.manifest, file: "manifest.yaml", fixtures: nil)
    var router = MockRouter(routes: manifest.routes, initialStates: manifest.initialStates)
    let outcome = router.route(
      HTTPRequest(
        method: .get, path: "/cart",
        headers: [HTTPHeaderName.mockState: " cart = has-item, bad, =x"]))
    guard case .matched(_, _, let response, _) = outcome else {
      Issue.record("expected a match, got \(outcome)")
      return
    }
    #expect(response.body == .text(#"{"items":[{"id":1}]}"#))
    #expect(response.headers[HTTPHeaderName.mockState] == "cart=has-item, login=open")
  }

  @Test("a hostile X-Mock-State header sets at most 32 machines of bounded names, 64 in all")
  func boundedStateHeader() {
    let header =
      (0..<1_000).map { "m\($0)=s" }.joined(separator: ",")
      + ",\(String(repeating: "a", count: 200))=s"
    var router = MockRouter(routes: [])
    _ = router.route(
      HTTPRequest(method: .get, path: "/", headers: [HTTPHeaderName.mockState: header]))
    #expect(router.allStates.count == MockRouter.stateHeaderLimits.machines)
    // Request after request of new machines: the router holds at most 64 in all, and a known
    // machine can still be set.
    for round in 0..<20 {
      let more = (0..<32).map { "r\(round)-\($0)=s" }.joined(separator: ",")
      _ = router.route(
        HTTPRequest(method: .get, path: "/", headers: [HTTPHeaderName.mockState: more]))
    }
    #expect(router.allStates.count == MockRouter.mostMachines)
    _ = router.route(
      HTTPRequest(method: .get, path: "/", headers: [HTTPHeaderName.mockState: "m0=changed"]))
    #expect(router.allStates["m0"] == "changed")
  }

  @Test("a test sets and reads states on a running server, and the answers' header shows them")
  func throughTheServer() async throws {
    let manifest = try MockManifest.parse(Self.manifest, file: "manifest.yaml", fixtures: nil)
    let server = MockServer(manifest: manifest)
    let client = RemoteClient(baseURL: try await server.start())
    await server.setState("has-item", of: "cart")
    let (response, _) = try await client.exchange(Request<Data>.raw(.get, Endpoint("/cart")))
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"items":[{"id":1}]}"#)
    #expect(response.headers[HTTPHeaderName.mockState] == "cart=has-item, login=open")
    _ = try await client.exchange(
      Request<Data>.raw(
        .post, Endpoint("/login"), headers: [HTTPHeaderName.mockState: "login=failed-2"],
        acceptableStatus: [401]))
    #expect(await server.state(of: "login") == "locked")
    await server.reset()
    #expect(await server.states() == ["cart": "empty", "login": "open"])
    await server.stop()
  }

  @Test("a broken `states:` names its line")
  func brokenStates() {
    #expect(
      throws: MockServerError.brokenManifest(
        file: "m.yaml", line: 1, reason: "`states` maps each machine to the state it starts in")
    ) {
      _ = try MockManifest.parse("states: [a]\nroutes: []", file: "m.yaml", fixtures: nil)
    }
  }
}
