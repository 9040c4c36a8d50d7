import Foundation
import Testing
import YaiaMockServer

private func get(_ path: String, query: [String: String] = [:], headers: HTTPHeaders = [:])
  -> HTTPRequest
{
  HTTPRequest(method: "GET", path: path, query: query, headers: headers)
}

private func matchedStatus(_ outcome: MockRouter.Outcome) -> HTTPStatus? {
  if case .matched(_, _, let response, _) = outcome { return response.status }
  return nil
}

@Suite("Mock server routing, as values")
struct RoutingTests {
  @Test("path patterns capture parameters, percent-decoded, and a trailing * takes the rest")
  func patterns() throws {
    #expect(
      try PathTemplate("/devices/:id/name").match("/devices/kitchen%201/name") == [
        "id": "kitchen 1"
      ])
    #expect(try PathTemplate("/devices/:id").match("/devices") == nil)
    #expect(try PathTemplate("/devices/:id").match("/devices/1/extra") == nil)
    #expect(try PathTemplate("/images/*").match("/images/a/b.png") == ["*": "a/b.png"])
    #expect(try PathTemplate("/").match("/") == [:])
  }

  @Test("a bad pattern says what is wrong")
  func badPatterns() throws {
    #expect(
      throws: PathTemplate.Invalid(text: "devices", reason: "a path pattern starts with /")
    ) { try PathTemplate("devices") }
    #expect(throws: PathTemplate.Invalid(text: "/a/*/b", reason: "* may only end a pattern")) {
      try PathTemplate("/a/*/b")
    }
    #expect(
      throws: PathTemplate.Invalid(text: "/:id/{id}", reason: "parameter :id appears twice")
    ) { try PathTemplate("/:id/{id}") }
    // A route reports it as every manifest problem is reported.
    #expect(
      throws: MockServerError.invalidPattern("/a/{}", reason: "a parameter needs a name inside {}")
    ) { try MockRoute("GET", "/a/{}", responses: .single(.json("{}"))) }
    // A `.` segment is dropped, as it is from requests: `/a/./b` matches `/a/b` (it matched
    // nothing before).
    #expect(try PathTemplate("/a/./b").match("/a/b") == [:])
    #expect(try PathTemplate("/a/b").match("/a/./b") == [:])
  }

  @Test("routes match on method, path, query, headers and JSON body fields")
  func conditions() throws {
    var router = MockRouter(routes: [
      try MockRoute(
        "POST", "/login", bodyFields: ["user.name": "ada", "remember": "true"],
        responses: .single(.json(#"{"token":"t"}"#))),
      try MockRoute(
        "POST", "/login", responses: .single(.json(#"{"error":"wrong password"}"#, status: 401))),
      try MockRoute(
        "GET", "/latest", query: ["base": "USD"], headers: ["Accept": "application/json"],
        responses: .single(.json("{}"))),
    ])
    let ada = HTTPRequest(
      method: "post", path: "/login", body: Data(#"{"user":{"name":"ada"},"remember":true}"#.utf8))
    #expect(matchedStatus(router.route(ada)) == 200)
    let bob = HTTPRequest(
      method: "POST", path: "/login", body: Data(#"{"user":{"name":"bob"}}"#.utf8))
    #expect(matchedStatus(router.route(bob)) == 401)
    #expect(
      matchedStatus(
        router.route(
          get("/latest", query: ["base": "USD"], headers: ["ACCEPT": "application/json"]))) == 200)
    #expect(
      matchedStatus(
        router.route(
          get("/latest", query: ["base": "EUR"], headers: ["Accept": "application/json"]))) == nil)
  }

  @Test(
    "a request picks a scenario by header or query item; the server's scenario applies otherwise")
  func scenarios() throws {
    var router = MockRouter(routes: [
      try MockRoute(
        "GET", "/config", responses: .single(.json("{}")),
        scenarios: ["update-required": .single(.json("{}", status: 426))])
    ])
    #expect(matchedStatus(router.route(get("/config"))) == 200)
    #expect(
      matchedStatus(router.route(get("/config", headers: ["X-Mock-Scenario": "update-required"])))
        == 426)
    #expect(
      matchedStatus(router.route(get("/config", query: ["_scenario": "update-required"]))) == 426)
    router.scenario = "update-required"
    #expect(
      router.route(get("/config"))
        == .matched(
          route: "GET /config", scenario: "update-required", response: .json("{}", status: 426),
          parameters: [:]))
    router.scenario = "no-such-scenario"  // a route without it answers with its defaults
    #expect(matchedStatus(router.route(get("/config"))) == 200)
  }

  @Test("a sequence plays in order, repeats its last response, and resets on its own")
  func sequences() throws {
    var router = MockRouter(routes: [
      try MockRoute(
        "GET", "/flaky",
        responses: .sequence([.json("{}", status: 503), .json("{}", status: 503), .json("{}")])),
      try MockRoute(
        "GET", "/other", responses: .sequence([.json("{}", status: 500), .json("{}")])),
    ])
    #expect(
      (0..<4).map { _ in matchedStatus(router.route(get("/flaky"))) } == [503, 503, 200, 200])
    #expect(matchedStatus(router.route(get("/other"))) == 500)
    router.resetSequences(of: "GET /flaky")
    #expect(matchedStatus(router.route(get("/flaky"))) == 503)
    #expect(matchedStatus(router.route(get("/other"))) == 200)  // untouched by the other reset
  }

  @Test("states advance with requests and reset on their own")
  func states() throws {
    var logout = try MockRoute("POST", "/logout", responses: .single(MockResponse(status: 204)))
    logout.nextState = ("session", "logged-out")
    var meLoggedOut = try MockRoute("GET", "/me", responses: .single(.json("{}", status: 401)))
    meLoggedOut.requiredState = ("session", "logged-out")
    var router = MockRouter(routes: [
      logout, meLoggedOut, try MockRoute("GET", "/me", responses: .single(.json("{}"))),
    ])
    #expect(matchedStatus(router.route(get("/me"))) == 200)
    _ = router.route(HTTPRequest(method: "POST", path: "/logout"))
    #expect(router.state(of: "session") == "logged-out")
    #expect(matchedStatus(router.route(get("/me"))) == 401)
    router.resetState(of: "session")
    #expect(matchedStatus(router.route(get("/me"))) == 200)
  }

  @Test("an unmatched request lists the closest routes, best first")
  func closest() throws {
    var router = MockRouter(routes: [
      try MockRoute("GET", "/speakers", responses: .single(.json("[]"))),
      try MockRoute("GET", "/speakers/:id", responses: .single(.json("{}"))),
      try MockRoute("POST", "/login", responses: .single(.json("{}"))),
      try MockRoute("GET", "/latest", responses: .single(.json("{}"))),
    ])
    #expect(
      router.route(get("/speaker"))
        == .unmatched(closest: ["GET /speakers", "GET /speakers/:id", "GET /latest"]))
  }

  @Test("a route whose path matches but whose query does not comes first, saying so")
  func closestSaysWhatMissed() throws {
    var router = MockRouter(routes: [
      try MockRoute("GET", "/latest", query: ["base": "EUR"], responses: .single(.json("{}"))),
      try MockRoute("GET", "/latest/:date", responses: .single(.json("{}"))),
    ])
    var request = get("/latest")
    request.query = ["base": "USD"]
    #expect(
      router.route(request)
        == .unmatched(closest: [
          "GET /latest: the path matches, but its query needs base=EUR and the request has base=USD",
          "GET /latest/:date",
        ]))
  }

  @Test("fixture paths cannot leave the fixtures folder")
  func fixturePaths() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-fixtures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appending(path: "rates"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{}".utf8).write(to: folder.appending(path: "rates/latest.json"))
    try Data("secret".utf8).write(
      to: folder.deletingLastPathComponent().appending(
        path: "yaia-outside-\(folder.lastPathComponent)"))
    try FileManager.default.createSymbolicLink(
      at: folder.appending(path: "link.json"),
      withDestinationURL: folder.deletingLastPathComponent().appending(
        path: "yaia-outside-\(folder.lastPathComponent)"))

    #expect(
      try FixturePath.resolve("rates/latest.json", in: folder).lastPathComponent == "latest.json")
    for escape in [
      "../yaia-outside-\(folder.lastPathComponent)", "rates/../../x", "/etc/passwd", "link.json",
    ] {
      #expect(throws: MockServerError.self, "\(escape) must be refused") {
        try FixturePath.resolve(escape, in: folder)
      }
    }
    #expect(throws: MockServerError.missingFixture(path: "rates/none.json")) {
      try FixturePath.resolve("rates/none.json", in: folder)
    }
    try? FileManager.default.removeItem(
      at: folder.deletingLastPathComponent().appending(
        path: "yaia-outside-\(folder.lastPathComponent)"))
  }
}
