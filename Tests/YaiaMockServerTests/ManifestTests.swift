import Foundation
import Testing
import Yaia
import YaiaMockServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

private let manifest = """
  routes:
    - method: GET
      path: /latest
      query: { base: USD }
      response: { json: { base: USD, rates: { EUR: 0.92 } } }
      scenarios:
        server-error: { status: 500, json: { error: down } }
        flaky:
          sequence: [{ status: 503 }, { status: 503 }, { status: 200, body: ok }]
    - method: POST
      path: /login
      body: { user.name: ada }
      response: { json: { token: t1 }, delay: 10ms }
      sets-state: session=logged-in
    - method: GET
      path: /me
      requires-state: session=logged-in
      response: { json: { name: ada } }
    - method: GET
      path: /slow
      response: { body: "0123456789", fault: trickle, trickle: { bytes: 5, interval: 20ms } }
  """

private func status(_ outcome: MockRouter.Outcome) -> HTTPStatus? {
  if case .matched(_, _, let response, _) = outcome { return response.status }
  return nil
}

@Suite("Manifests")
struct ManifestTests {
  @Test("a YAML manifest becomes routes that answer as declared")
  func yaml() throws {
    let parsed = try MockManifest.parse(manifest, file: "manifest.yaml", fixtures: nil)
    #expect(parsed.routes.map(\.name) == ["GET /latest", "POST /login", "GET /me", "GET /slow"])
    var router = MockRouter(routes: parsed.routes)
    let latest = HTTPRequest(method: "GET", path: "/latest", query: ["base": "USD"])
    guard case .matched(_, _, let response, _) = router.route(latest) else {
      Issue.record("GET /latest did not match")
      return
    }
    #expect(response.body == .text(#"{"base":"USD","rates":{"EUR":0.92}}"#))
    #expect(response.headers["Content-Type"] == "application/json")
    #expect(
      status(
        router.route(
          HTTPRequest(
            method: "GET", path: "/latest", query: ["base": "USD"],
            headers: ["X-Mock-Scenario": "server-error"]))) == 500)
    let flaky = HTTPRequest(
      method: "GET", path: "/latest", query: ["base": "USD", "_scenario": "flaky"])
    #expect((0..<3).map { _ in status(router.route(flaky)) } == [503, 503, 200])
    #expect(status(router.route(HTTPRequest(method: "GET", path: "/me"))) == nil)
    _ = router.route(
      HTTPRequest(method: "POST", path: "/login", body: Data(#"{"user":{"name":"ada"}}"#.utf8)))
    #expect(status(router.route(HTTPRequest(method: "GET", path: "/me"))) == 200)
    #expect(
      parsed.routes[3].responses
        == .single(
          MockResponse(
            body: .text("0123456789"), fault: .trickle(bytes: 5, interval: .milliseconds(20)))))
    #expect(
      parsed.routes[1].responses
        == .single(
          MockResponse(
            headers: ["Content-Type": "application/json"], body: .text(#"{"token":"t1"}"#),
            delay: .milliseconds(10)...(.milliseconds(10)))))
  }

  @Test("a `json` body keeps its keys' order and its numbers as written, and reads YAML's own")
  func jsonBodyAsWritten() throws {
    let text = #"""
      routes:
        - path: /order
          response:
            json:
              zeta: 1.50
              alpha: 12345678901234567890
              hex: 0x1F
              flags: [true, false, null, ~, "true"]
              name: "caf\u00e9 \"quoted\""
      """#
    let parsed = try MockManifest.parse(text, file: "m.yaml", fixtures: nil)
    var router = MockRouter(routes: parsed.routes)
    guard
      case .matched(_, _, let response, _) = router.route(
        HTTPRequest(method: "GET", path: "/order"))
    else {
      Issue.record("GET /order did not match")
      return
    }
    // Foundation sorted the keys, wrote 1.5 and rounded the id to 12345678901234567000.
    #expect(
      response.body
        == .text(
          #"{"zeta":1.50,"alpha":12345678901234567890,"hex":31,"flags":[true,false,null,null,"true"],"name":"café \"quoted\""}"#
        ))
  }

  @Test("a JSON manifest works the same")
  func json() throws {
    let text =
      #"{"routes": [{"method": "GET", "path": "/devices/:id", "response": {"status": 204}}]}"#
    var router = MockRouter(
      routes: try MockManifest.parse(text, file: "manifest.json", fixtures: nil).routes)
    #expect(
      router.route(HTTPRequest(method: "GET", path: "/devices/7"))
        == .matched(
          route: "GET /devices/:id", scenario: nil, response: MockResponse(status: 204),
          parameters: ["id": "7"]))
  }

  @Test(
    "a broken manifest fails with the file, the line and the reason",
    arguments: [
      (
        "routes:\n  - path: /a\n    response: { status: 200 }\n  - method: GET\n    response: { status: 200 }\n",
        4, "needs a `path`"
      ),
      (
        "routes:\n  - path: /a\n    response: { status: 200, fault: explode }\n", 3, "unknown fault"
      ),
      ("routes:\n  - path: /a\n    respnse: { status: 200 }\n", 3, "unknown key `respnse`"),
      ("routes:\n  - path: /a\n    response: { status: 999 }\n", 3, "from 100 to 599"),
      ("routes:\n  - path: /a\n    response: { delay: soon }\n", 3, "not a duration"),
      ("routes:\n  - path: a\n    response: {}\n", 2, "starts with /"),
      ("routes:\n  - path: /a\n    response: { status: 200\n", 4, "not valid YAML or JSON"),
      ("paths: []\n", 1, "top-level `routes:`"),
    ])
  func brokenManifest(text: String, line: Int, reason: String) {
    let error = #expect(throws: MockServerError.self) {
      try MockManifest.parse(text, file: "fixtures/manifest.yaml", fixtures: nil)
    }
    guard case .brokenManifest(let file, let reported, let message) = error else {
      Issue.record("expected brokenManifest, got \(String(describing: error))")
      return
    }
    #expect(file == "fixtures/manifest.yaml")
    #expect(reported == line, "\(message)")
    #expect(message.contains(reason), "\(message)")
  }

  @Test(
    "durations no clock can hold are refused with their line, before any arithmetic",
    arguments: [
      "1e300s", "inf s", "infs", "nanms", "9223372036854775807s", "-1ms", "3601s", "1e20ms",
      "100ms...1e300s",
    ])
  func trapSizedDurations(_ delay: String) {
    let text = "routes:\n  - path: /a\n    response:\n      delay: \(delay)\n"
    let error = #expect(throws: MockServerError.self) {
      try MockManifest.parse(text, file: "m.yaml", fixtures: nil)
    }
    guard case .brokenManifest(_, let line, let message) = error else { return }
    #expect(line == 4)
    #expect(message.contains("out of range") || message.contains("not a duration"), "\(message)")
  }

  @Test("a trickle interval or size out of range is refused")
  func trapSizedTrickle() {
    for trickle in ["{ bytes: 10, interval: 1e300s }", "{ bytes: 99999999999, interval: 1ms }"] {
      let text =
        "routes:\n  - path: /a\n    response:\n      fault: trickle\n      trickle: \(trickle)\n"
      #expect(throws: MockServerError.self) {
        try MockManifest.parse(text, file: "m.yaml", fixtures: nil)
      }
    }
  }

  @Test("a YAML alias bomb in a json body is refused quickly, with its line")
  func aliasBomb() {
    // Nine levels of ten aliases each: a billion values if expanded.
    var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...9 {
      let previous = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      text += "a\(level): &a\(level) [\(previous)]\n"
    }
    text += "routes:\n  - path: /bomb\n    response:\n      json: *a9\n"
    // Stopped by the count of values expanded (the message says so), not by a clock.
    let error = #expect(throws: MockServerError.self) {
      try MockManifest.parse(text, file: "m.yaml", fixtures: nil)
    }
    guard case .brokenManifest(_, _, let message) = error else { return }
    #expect(message.contains("expands to more than 100000 values"), "\(message)")
  }

  @Test("an alias chain far deeper than YAML's own nesting limit is refused, not followed")
  func aliasChain() {
    // Each line nests one level in text, but following the aliases nests 20,000 levels: the
    // old conversion recursed once per level and overflowed the stack.
    var text = "chain:\n  - &a0 [1]\n"
    for level in 1..<20_000 { text += "  - &a\(level) [*a\(level - 1)]\n" }
    text += "routes:\n  - path: /deep\n    response:\n      json: *a19999\n"
    let error = #expect(throws: MockServerError.self) {
      try MockManifest.parse(text, file: "m.yaml", fixtures: nil)
    }
    guard case .brokenManifest(_, let line, let message) = error else { return }
    #expect(message.contains("nested deeper than 64 levels"), "\(message)")
    #expect(line == 20_001)  // where the body that nests too deep is written (its anchor)
  }

  @Test("the json budget is the manifest's: one large body aliased by many routes counts each time")
  func aliasBudgetPerDocument() {
    // 2,000 values, used by 60 routes: 120,000 in all, past the manifest's 100,000; each
    // body alone is far under it (the old budget was per body, so a load took minutes).
    let values = Array(repeating: "v", count: 2_000).joined(separator: ", ")
    var text = "big: &big [\(values)]\nroutes:\n"
    for route in 0..<60 { text += "  - path: /r\(route)\n    response: { json: *big }\n" }
    let error = #expect(throws: MockServerError.self) {
      try MockManifest.parse(text, file: "m.yaml", fixtures: nil)
    }
    guard case .brokenManifest(_, _, let message) = error else { return }
    #expect(message.contains("expands to more than 100000 values"), "\(message)")
    #expect(message.contains("every body of the manifest"), "\(message)")
    // Under the budget, the same body serves many routes.
    var fewer = "big: &big [\(values)]\nroutes:\n"
    for route in 0..<40 { fewer += "  - path: /r\(route)\n    response: { json: *big }\n" }
    #expect((try? MockManifest.parse(fewer, file: "m.yaml", fixtures: nil))?.routes.count == 40)
  }

  @Test(
    "fixture files are checked at load: missing ones and ones outside the folder are refused with their line"
  )
  func fixtureChecks() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-manifest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{}".utf8).write(to: folder.appending(path: "ok.json"))
    let good = try MockManifest.parse(
      "routes:\n  - path: /ok\n    response: { file: ok.json }\n", file: "m.yaml", fixtures: folder)
    #expect(
      good.routes[0].responses
        == .single(
          MockResponse(headers: ["Content-Type": "application/json"], body: .file("ok.json"))))
    try FileManager.default.createDirectory(
      at: folder.appending(path: "folder.json"), withIntermediateDirectories: true)
    for (name, reason) in [
      ("../secret.json", "leaves the fixtures folder"), ("missing.json", "does not exist"),
      ("folder.json", "not a regular file"),
    ] {
      let error = #expect(throws: MockServerError.self) {
        try MockManifest.parse(
          "routes:\n  - path: /x\n    response:\n      file: \(name)\n", file: "m.yaml",
          fixtures: folder)
      }
      guard case .brokenManifest(_, let line, let message) = error else { continue }
      #expect(line == 4)
      #expect(message.contains(reason), "\(message)")
    }
  }

  @Test("a server started from a manifest file serves its fixtures")
  func serveFromFile() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-manifest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appending(path: "rates"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"base":"USD"}"#.utf8).write(to: folder.appending(path: "rates/latest.json"))
    try Data(
      "routes:\n  - method: GET\n    path: /latest\n    response: { file: rates/latest.json }\n"
        .utf8
    )
    .write(to: folder.appending(path: "manifest.yaml"))
    var configuration = MockServer.Configuration()
    configuration.fixtures = folder
    let server = MockServer(
      routes: try MockManifest.load(from: folder.appending(path: "manifest.yaml")).routes,
      configuration: configuration)
    let baseURL = try await server.start()
    let (data, response) = try await awayFromCooperativePool {
      try await URLSession.shared.data(from: baseURL.appending(path: "latest"))
    }
    await server.stop()
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self) == #"{"base":"USD"}"#)
  }

  @Test("a folder's manifest is found by name, in order; a folder without one is a typed error")
  func manifestInFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-manifest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: MockServerError.missingManifest(folder: folder.path)) {
      try MockManifest.file(in: folder)
    }
    #expect(
      MockServerError.missingManifest(folder: "/f").description
        == "No manifest in /f: add manifest.yaml (or .yml, .json) listing the routes.")
    let routes = "routes:\n  - method: GET\n    path: /a\n    response: { status: 204 }\n"
    try Data(routes.utf8).write(to: folder.appending(path: "manifest.json"))
    try Data(routes.utf8).write(to: folder.appending(path: "manifest.yml"))
    #expect(try MockManifest.file(in: folder).lastPathComponent == "manifest.yml")
    #expect(try MockManifest.load(folder: folder).routes.count == 1)
  }
}
