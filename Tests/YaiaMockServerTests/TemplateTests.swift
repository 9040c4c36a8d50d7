import Foundation
import Testing
import YaiaMockServer
import YaiaRemote
import YaiaTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Response templates")
struct TemplateTests {
  static let request = HTTPRequest(
    method: .post, path: "/speakers/kitchen/name", query: ["page": "3", "q": #"a"b"#],
    headers: ["X-Trace": "t-1"],
    body: Data(#"{"user":{"name":"Ada \"A\""},"items":[{"id":7}],"flag":true}"#.utf8))

  static func render(_ text: String, json: Bool = true, seed: UInt64 = 1) throws -> String {
    var generator = TemplateGenerator(seed: seed, now: Date(timeIntervalSince1970: 1_767_225_600))
    return try ResponseTemplate(text, json: json).render(
      request, parameters: ["id": "kitchen"], generator: &generator)
  }

  @Test("request values: path parameter, query, header, body by JSON path, method")
  func echoes() throws {
    #expect(
      try Self.render(
        #"{"id":"{{request.path.id}}","page":{{request.query.page}},"trace":"{{request.header.x-trace}}","name":"{{request.body.user.name}}","item":{{request.body.items.0.id}},"m":"{{request.method}} {{request.path}}"}"#
      )
        == #"{"id":"kitchen","page":3,"trace":"t-1","name":"Ada \"A\"","item":7,"m":"POST /speakers/kitchen/name"}"#
    )
  }

  @Test(
    "in JSON, a value outside a string is a JSON value: quoted text, objects as JSON, null when missing"
  )
  func jsonValues() throws {
    #expect(
      try Self.render(
        #"[{{request.query.q}},{{request.body.user}},{{request.body.flag}},{{request.query.none}}]"#
      )
        == #"["a\"b",{"name":"Ada \"A\""},true,null]"#)
    #expect(
      try Self.render(#"{"q":"{{request.query.none | none yet}}","n":{{request.query.none | 1}}}"#)
        == #"{"q":"none yet","n":1}"#)
    // Whatever the request holds, the answer parses.
    let hostile = HTTPRequest(method: .get, path: "/", query: ["q": "\"},\n\u{1}{\"x\":["])
    var generator = TemplateGenerator(seed: 0)
    let text = try ResponseTemplate(
      #"{"a":"{{request.query.q}}","b":{{request.query.q}}}"#, json: true
    )
    .render(hostile, parameters: [:], generator: &generator)
    #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    // A number past any reader's range is written as a string: the answer still parses.
    for huge in ["1e999", "-1e400"] {
      let asked = HTTPRequest(method: .get, path: "/", query: ["n": huge])
      let answer = try ResponseTemplate(#"{"n":{{request.query.n}}}"#, json: true)
        .render(asked, parameters: [:], generator: &generator)
      #expect(answer == #"{"n":"\#(huge)"}"#)
      #expect(try JSONSerialization.jsonObject(with: Data(answer.utf8)) is [String: Any])
    }
  }

  @Test("outside JSON, values are written as they are")
  func plainText() throws {
    #expect(try Self.render("hello {{request.query.q}}", json: false) == #"hello a"b"#)
  }

  @Test("generated values are the same under the same seed, and differ under another")
  func seeded() throws {
    let template =
      #"{"id":"{{uuid}}","code":{{int 1000 9999}},"at":"{{now}}","later":"{{now +1d}}","ts":{{timestamp}}}"#
    let first = try Self.render(template, seed: 42)
    #expect(first == (try Self.render(template, seed: 42)))
    #expect(first != (try Self.render(template, seed: 43)))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    #expect(object["at"] as? String == "2026-01-01T00:00:00Z")
    #expect(object["later"] as? String == "2026-01-02T00:00:00Z")
    #expect(object["ts"] as? Int == 1_767_225_600)
    let id = try #require(object["id"] as? String)
    #expect(UUID(uuidString: id) != nil && id == id.lowercased() && Array(id)[14] == "4")
    #expect((1000...9999).contains(try #require(object["code"] as? Int)))
  }

  @Test(
    "a broken template names its line and what is wrong",
    arguments: [
      ("a\n{{uuid", 2, "`{{` is never closed by `}}`"),
      ("{{nope}}", 1, "unknown placeholder"),
      ("x\ny\n{{int 9 1}}", 3, "write `int LOW HIGH`"),
      ("{{now +1y}}", 1, "an offset is"),
      ("{{now +99999999d}}", 1, "an offset is"),
      ("{{uuid | x}}", 1, "only a request value takes a default"),
      ("{{request.query}}", 1, "name what to take"),
      ("{{}}", 1, "an empty placeholder"),
    ])
  func broken(text: String, line: Int, reason: String) {
    do {
      _ = try ResponseTemplate(text, json: true)
      Issue.record("\(text) was accepted")
    } catch {
      #expect(error.line == line)
      #expect(error.reason.contains(reason), "\(error.reason)")
    }
  }

  @Test("rendering is bounded: placeholders per template and the size of the answer")
  func bounded() throws {
    let many = String(repeating: "{{uuid}}", count: ResponseTemplate.mostPlaceholders + 1)
    #expect(throws: TemplateError.self) { try ResponseTemplate(many, json: false) }
    let echo = String(repeating: "{{request.body.big}}", count: 40)
    let big = HTTPRequest(
      method: .post, path: "/",
      body: Data(#"{"big":"\#(String(repeating: "x", count: 1 << 20))"}"#.utf8))
    var generator = TemplateGenerator(seed: 0)
    #expect(throws: TemplateError.self) {
      try ResponseTemplate(echo, json: false).render(big, parameters: [:], generator: &generator)
    }
  }

  @Test(
    "a manifest's template answers from the request over HTTP, seeded; a broken one fails at load with its line"
  )
  func throughTheServer() async throws {
    let folder = try fixturesFolder(
      manifest: """
        routes:
          - method: POST
            path: /carts/:id/items
            response:
              status: 201
              template: true
              headers: { Location: "/carts/{{request.path.id}}/items/{{uuid}}" }
              file: item.json
        """,
      files: [
        "item.json":
          #"{"cart":"{{request.path.id}}","sku":"{{request.body.sku}}","id":"{{uuid}}","at":"{{now}}"}"#
      ])
    var configuration = MockServer.Configuration()
    configuration.fixtures = folder
    configuration.templateSeed = 7
    configuration.templateNow = Date(timeIntervalSince1970: 1_767_225_600)
    let server = MockServer(
      manifest: try MockManifest.load(folder: folder), configuration: configuration)
    let client = RemoteClient(baseURL: try await server.start())
    func add() async throws -> HTTPResponse {
      try await client.exchange(
        Request<Data>.raw(.post, Endpoint("/carts/c%201/items"), body: Data(#"{"sku":"A-1"}"#.utf8))
      ).0
    }
    let first = try await add()
    let body = try #require(try JSONSerialization.jsonObject(with: first.body) as? [String: String])
    #expect(body["cart"] == "c 1" && body["sku"] == "A-1" && body["at"] == "2026-01-01T00:00:00Z")
    #expect(first.headers["Location"]?.hasPrefix("/carts/c 1/items/") == true)
    let second = try await add()
    #expect(second.body != first.body)
    await server.reset()
    #expect(try await add().body == first.body)
    await server.stop()

    try "{\"a\":\n\"{{request.nope}}\"}".write(
      to: folder.appending(path: "item.json"), atomically: true, encoding: .utf8)
    #expect(
      throws: MockServerError.brokenManifest(
        file: folder.appending(path: "item.json").resolvingSymlinksInPath().path, line: 2,
        reason:
          "`{{request.nope}}`: name what to take from the request: request.query.page, request.body.user.name, …"
      )
    ) {
      _ = try MockManifest.load(folder: folder)
    }
  }

  @Test(
    "templates read at load spend the manifest's budget: a templated body aliased by thousands of routes is refused, a fixture is read once"
  )
  func templatesSpendTheManifestBudget() async throws {
    // Tens of megabytes of YAML to read in a debug build: seconds that never suspend, so on a
    // thread of its own, never on one of the cooperative pool's two (a stress run saw this
    // test hold one for 19 s and starve other tests' waits). The thread only reads; the
    // expectations are checked here, in the test's task.
    let (refusal, routes) = try #require(
      try await value(of: onThread { try Self.spendTheManifestBudget() }, timeout: .seconds(300)))
    guard case .brokenManifest(_, _, let message) = refusal else {
      Issue.record("expected a broken manifest, got \(String(describing: refusal))")
      return
    }
    #expect(message.contains("expands to more than 33554432 bytes"), "\(message)")
    #expect(message.contains("use `file`"), "\(message)")
    #expect(routes == 2_000)
  }

  /// The refusal of a 100 KB templated body aliased by 2,000 routes, and the count of routes
  /// read when the same 2,000 routes name it as one fixture.
  static func spendTheManifestBudget() throws -> (MockServerError?, Int) {
    // 100 KB of template, used by 2,000 routes: 200 MB to read, past the manifest's 32 MiB.
    let body = "{{request.query.q}} " + String(repeating: "x", count: 100_000)
    var text = "big: &big \"\(body)\"\nroutes:\n"
    for route in 0..<2_000 {
      text += "  - path: /r\(route)\n    response: { template: true, body: *big }\n"
    }
    var refusal: MockServerError?
    do {
      _ = try MockManifest.parse(text, file: "m.yaml", fixtures: nil)
    } catch {
      refusal = error
    }

    // The same template in a fixture, named by the same 2,000 routes, is read once.
    var manifest = "routes:\n"
    for route in 0..<2_000 {
      manifest += "  - path: /r\(route)\n    response: { template: true, file: big.txt }\n"
    }
    let folder = try fixturesFolder(manifest: manifest, files: ["big.txt": body])
    defer { try? FileManager.default.removeItem(at: folder) }
    return (refusal, try MockManifest.load(folder: folder).routes.count)
  }

  @Test(
    "a templated fixture that is not a regular file is refused at load, not read (a FIFO would hang)"
  )
  func templatedFixtureFIFO() throws {
    let folder = try fixturesFolder(
      manifest: "routes:\n  - path: /p\n    response: { template: true, file: pipe.json }\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appending(path: "pipe.json").path, 0o600) == 0)
    let error = #expect(throws: MockServerError.self) {
      try MockManifest.load(folder: folder)
    }
    guard case .brokenManifest(_, let line, let message) = error else { return }
    #expect(message.contains("not a regular file"), "\(message)")
    #expect(line == 3)
  }
}
