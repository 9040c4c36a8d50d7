import FlyingSocks
import Foundation
import Testing
import Yaia
import YaiaInspector
import YaiaInspectorServer
import YaiaInspectorTesting
import YaiaSequencer
import YaiaTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server on a free port and its page's base URL and token, stopped by `body`'s end.
extension Inspector.Options {
  /// The defaults, with a request bound far from any honest run on a loaded machine: these tests
  /// prove what the inspector carries, not how fast (a busy run once took over 5 s to connect).
  static var patient: Inspector.Options {
    var options = Inspector.Options()
    options.requestTimeout = .seconds(30)
    return options
  }
}

func withInspector(
  _ configuration: InspectorServer.Configuration = .init(),
  isolation: isolated (any Actor)? = #isolation,
  _ body: (InspectorServer, URL, String) async throws -> Void
) async throws {
  let server = InspectorServer(configuration: configuration)
  let url = try await server.start()
  var base = URLComponents(url: url, resolvingAgainstBaseURL: false)!
  base.query = nil
  base.fragment = nil
  base.path = ""
  do {
    try await body(server, base.url!, server.token)
  } catch {
    await server.stop()
    throw error
  }
  await server.stop()
}

/// A record as the page reads it: the parts these tests look at.
struct SeenRecord: Decodable {
  struct Message: Decodable {
    var kind: String
    var index: Int?
    var count: Int?
    var waves: [[String]]?
  }

  var session: String
  var kind: String
  var text: String?
  var status: String?
  var message: Message?
}

/// The records the page would receive.
func records(_ base: URL, token: String) async throws -> [SeenRecord] {
  struct Updates: Decodable { var records: [SeenRecord] }
  let (status, data) = try await request(
    base, "/api/updates", query: ["token": token, "after": "0"])
  #expect(status == 200)
  return try JSONDecoder().decode(Updates.self, from: data).records
}

func messageKinds(_ records: [SeenRecord]) -> [String] {
  records.compactMap { $0.message?.kind }
}

/// Connects to the inspector at `address` (the URL `yaia inspect` printed, with its token) and
/// shows it a sign-in shell.
@MainActor
func watchSignIn(at address: String) async throws -> (Inspector, Shell<SignInState>) {
  let inspector = try await Inspector.connect(
    to: InspectorAddress(address), app: "Sign-in demo")
  let shell = Shell(SignInState()) { _, _ in }
  inspector.inspect(shell, name: "sign in")
  return (inspector, shell)
}

/// Replays a journal exported from the page: fails on the first step whose commands or view
/// model differ from what the app did.
@discardableResult
func replaySignIn(from url: URL) throws -> InspectorJournal {
  let journal = try InspectorJournal(contentsOf: url)
  try expectReplay(journal, into: SignInState())
  return journal
}

@Suite("yaia inspect's server with apps connected")
struct InspectorServerTests {
  @Test("a shell's events reach the page in order, secrets redacted; its journal replays in a test")
  @MainActor
  func streamAndReplay() async throws {
    try await withInspector { _, base, token in
      let address = "\(base.absoluteString)/?token=\(token)"
      let (inspector, shell) = try await watchSignIn(at: address)
      shell.send(.typedName("ada"))
      shell.send(.submit)
      shell.send(.answered(accepted: false))
      shell.send(.submit)
      shell.send(.answered(accepted: true))
      let secretive = Shell(SignInState()) { _, _ in }
      inspector.inspect(secretive, name: "with a password")
      secretive.send(.typedName("ada"))
      secretive.send(.typedPassword(Password("swordfish")))
      secretive.send(.submit)
      #expect(await inspector.flush(timeout: .seconds(30)))
      let all = try await records(base, token: token)
      #expect(
        messageKinds(all) == [
          "shell", "step", "step", "step", "step", "step", "shell", "step", "step", "step",
        ])
      let indexes = all.compactMap { $0.message?.index }
      #expect(indexes == [1, 2, 3, 4, 5, 1, 2, 3])

      // The password is shown nowhere, not even in the event's own encoding.
      let (_, raw) = try await request(base, "/api/updates", query: ["token": token, "after": "0"])
      #expect(!String(decoding: raw, as: UTF8.self).contains("swordfish"))
      #expect(String(decoding: raw, as: UTF8.self).contains(#""redacted":true"#))

      let session = try #require(all.first?.session)
      func export(_ shell: Int) async throws -> InspectorJournal {
        let (status, file) = try await request(
          base, "/api/journal", query: ["token": token, "shell": "\(session):\(shell)"])
        #expect(status == 200)
        return try InspectorJournal(data: file)
      }
      // The session, saved as a file, replays in a test.
      let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("sign-in-\(session).yaiajournal.json")
      try await export(1).fileData().write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      let journal = try replaySignIn(from: url)
      #expect(journal.steps.count == 5)

      // A state that behaves otherwise fails, naming the step.
      var tampered = journal
      tampered.steps[1].commands = []
      try withKnownIssue {
        try expectReplay(tampered, into: SignInState())
      } matching: { issue in
        issue.description.contains("Step 2")
      }

      // The step that typed the password was not exported: it cannot be replayed, and the
      // error says why.
      let withSecret = try await export(2)
      #expect(withSecret.steps[1].eventJSON == nil)
      do {
        try expectReplay(withSecret, into: SignInState())
        Issue.record("a journal with a secret event replayed")
      } catch {
        #expect("\(error)".contains("step 2 carries no encoded event: either it holds a secret"))
      }
      await inspector.disconnect()
      #expect(!inspector.isConnected)
    }
  }

  @Test("'Make a test': a shell's session as a Swift test file, or a refusal saying why")
  @MainActor
  func makeATest() async throws {
    try await withInspector { _, base, token in
      let (inspector, shell) = try await watchSignIn(at: "\(base.absoluteString)/?token=\(token)")
      shell.send(.typedName("ada"))
      shell.send(.submit)
      #expect(await inspector.flush(timeout: .seconds(30)))
      let session = try #require(try await records(base, token: token).first?.session)
      func test(_ settings: [String: String]) async throws -> (Int, String) {
        let (status, body) = try await request(
          base, "/api/test",
          query: settings.merging(["token": token, "shell": "\(session):1"]) { $1 })
        return (status, String(decoding: body, as: UTF8.self))
      }
      let (status, source) = try await test([
        "state": "SignInState()", "testable": "App, Other", "from": "2", "name": "signIn",
      ])
      #expect(status == 200)
      // Both modules, each on its own line (`@` left out: this file uses only public API).
      #expect(source.contains("testable import App\n"))
      #expect(source.contains("testable import Other\n"))
      #expect(source.contains("func signIn() throws"))
      #expect(source.contains(###"event(#"{"typedName":{"_0":"ada"}}"#),  // 1 typedName"###))
      #expect(source.contains(#"// 2 submit"#))
      let refusals: [([String: String], String)] = [
        ([:], "a test needs `state`"),
        (["state": "SignInState()", "name": "two words"], "is not a Swift name"),
        (["state": "SignInState()", "from": "9"], "is not within steps 1–2"),
        (["state": "SignInState()", "through": "x"], "`through` must be a whole number"),
        (["state": String(repeating: "S", count: 1_001)], "`state` is longer than 1000 bytes"),
      ]
      for (settings, reason) in refusals {
        let (status, text) = try await test(settings)
        #expect(status == 400, "\(settings)")
        #expect(text.contains(reason), "\(text)")
      }
      let (unknown, _) = try await request(
        base, "/api/test", query: ["token": token, "shell": "nobody:1", "state": "S()"])
      #expect(unknown == 404)
      await inspector.disconnect()
    }
  }

  @Test("each refusal says what was wrong: the page, the shell, the index, each by name")
  func refusalsSayWhat() async throws {
    try await withInspector { _, base, token in
      func said(_ method: String, _ path: String, _ query: [String: String]) async throws -> (
        Int, String
      ) {
        var query = query
        query["token"] = token
        let (status, body) = try await request(base, path, method: method, query: query)
        let text = (try? JSONSerialization.jsonObject(with: body) as? [String: String])?["error"]
        return (status, text ?? "")
      }
      let (_, pageData) = try await request(
        base, "/api/pages", method: "POST", query: ["token": token])
      let page = try #require(
        (try JSONSerialization.jsonObject(with: pageData) as? [String: Int])?["page"])
      let cases: [(String, String, [String: String], Int, String)] = [
        ("POST", "/api/watch", ["shell": "abc:1", "page": "999"], 404, "no page 999 here"),
        ("POST", "/api/watch", ["shell": "abc:1", "page": "\(page)"], 404, "no shell abc:1 here"),
        ("POST", "/api/jump", ["shell": "abc:1", "index": "1", "page": "999"], 404, "no page 999"),
        (
          "POST", "/api/jump", ["shell": "abc:1", "index": "-1", "page": "\(page)"], 400,
          "`index` must be a whole number from 0"
        ),
        ("POST", "/api/jump", ["shell": "abc:1", "page": "\(page)"], 400, "a jump needs `index`"),
        ("GET", "/api/step", ["shell": "abc", "index": "1"], 400, "`shell` must be session:id"),
        ("GET", "/api/step", ["index": "1"], 400, "a step needs `shell`"),
        ("GET", "/api/step", ["shell": "abc:1", "index": "1"], 404, "no shell abc:1 here"),
        ("GET", "/api/journal", ["shell": "abc:0"], 400, "`shell` must be session:id"),
        ("GET", "/api/journal", ["shell": "abc:2"], 404, "no shell abc:2 here"),
        (
          "POST", "/api/recording", ["shell": "abc:1", "paused": "1", "page": "999"], 404,
          "no page 999"
        ),
        (
          "POST", "/api/recording", ["shell": "abc:1", "paused": "1", "page": "\(page)"], 404,
          "no running shell abc:1 here"
        ),
        (
          "POST", "/api/recording", ["shell": "abc:1", "paused": "2", "page": "\(page)"], 400,
          "paused is 1 (pause recording) or 0 (resume), not 2"
        ),
        ("POST", "/api/recording", ["shell": "abc:1", "page": "\(page)"], 400, "needs `paused`"),
      ]
      for (method, path, query, status, message) in cases {
        let (got, text) = try await said(method, path, query)
        #expect(got == status, "\(path) \(query): \(got) \(text)")
        #expect(text.contains(message), "\(path) \(query): \(text)")
      }
    }
  }

  @Test("a wrong token is an error at connect that says so, and sends the inspector nothing")
  func wrongToken() async throws {
    try await withInspector { _, base, token in
      do {
        _ = try await Inspector.connect(
          to: InspectorAddress("\(base.absoluteString)/?token=0000"), app: "x", options: .patient)
        Issue.record("a wrong token connected")
      } catch {
        // The app cannot tell an inspector with another token from a stranger: neither
        // proves it holds the app's token, and neither is sent anything.
        #expect("\(error)".contains("is not this app's inspector"))
        #expect("\(error)".contains("new token"))
      }
      let kinds = messageKinds(try await records(base, token: token))
      #expect(kinds.isEmpty)
    }
  }

  @Test(
    "garbage, an oversized batch and an app gone mid-batch get clear answers; the server keeps serving"
  )
  func badInput() async throws {
    var configuration = InspectorServer.Configuration()
    configuration.largestBatch = 2_000
    try await withInspector(configuration) { _, base, token in
      let garbage = try await request(
        base, "/api/apps", method: "POST", query: ["token": token], body: Data("{nope".utf8))
      #expect(garbage.status == 400)
      #expect(String(decoding: garbage.body, as: UTF8.self).contains("not an inspector batch"))
      let big = try await request(
        base, "/api/apps", method: "POST", query: ["token": token],
        body: Data(repeating: UInt8(ascii: "a"), count: 5_000))
      #expect(big.status == 413)
      let wrongShape = try await request(
        base, "/api/apps", method: "POST", query: ["token": token],
        body: Data(
          #"{"version":1,"app":"a","session":"s","sequence":1,"messages":[{"kind":"step"}],"ended":false}"#
            .utf8))
      #expect(wrongShape.status == 400)

      // An app that declares 500 bytes, sends 10 and hangs up.
      let port = try #require(base.port)
      let socket = try Socket(domain: AF_INET)
      try socket.connect(to: sockaddr_in.inet(ip4: "127.0.0.1", port: UInt16(port)))
      let connection = try await appConnection(base, token: token)
      let head =
        "POST /api/apps HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(InspectorHandshake.header): \(connection)\r\nContent-Length: 500\r\n\r\n0123456789"
      _ = try socket.write(Data(head.utf8))
      try socket.close()

      let after = try await request(base, "/api/pages", method: "POST", query: ["token": token])
      #expect(after.status == 200)
      let problems = try await records(base, token: token).compactMap(\.text)
      #expect(problems.contains { $0.contains("could not be read") })
    }
  }

  @Test(
    "every number in a query, at Int.max, Int.min or past them, is a 400 naming it; the server lives"
  )
  func extremeNumbers() async throws {
    try await withInspector { _, base, token in
      let shell = "s1:1"
      let routes: [(method: String, path: String, names: [String], more: [String: String])] = [
        ("GET", "/api/updates", ["after", "page"], [:]),
        ("POST", "/api/pages", ["reuse"], [:]),
        ("POST", "/api/watch", ["page"], ["shell": shell]),
        ("GET", "/api/step", ["index"], ["shell": shell]),
        ("POST", "/api/jump", ["index", "page"], ["shell": shell, "index": "1", "page": "1"]),
      ]
      for route in routes {
        for name in route.names {
          for value in ["\(Int.max)", "\(Int.min)", "-1", "99999999999999999999", "0x10", "1e2"] {
            var query = route.more
            query["token"] = token
            query[name] = value
            let answer = try await request(base, route.path, method: route.method, query: query)
            #expect(answer.status == 400, "\(route.path) \(name)=\(value): \(answer.status)")
            #expect(
              String(decoding: answer.body, as: UTF8.self).contains(
                "`\(name)` must be a whole number"),
              "\(route.path) \(name)=\(value)")
          }
        }
      }
      // An empty value is no value, as the page sends `page=` before it has one.
      let empty = try await request(
        base, "/api/updates", query: ["token": token, "after": "0", "page": ""])
      #expect(empty.status == 200)
      // The largest allowed cursor is served: nothing after it.
      let last = try await request(
        base, "/api/updates", query: ["token": token, "after": "9007199254740991"])
      #expect(last.status == 200)
      #expect(try await records(base, token: token).count >= 0)
    }
  }

  @Test("a second page on the same shell is told which page holds it, and can take it over")
  func secondPage() async throws {
    // The first page never asks for news here: a page timeout of the usual 5 s would end it
    // whenever a busy machine pauses this test that long (a stress run once did).
    var configuration = InspectorServer.Configuration()
    configuration.pageTimeout = .seconds(3_600)
    try await withInspector(configuration) { _, base, token in
      let connection = try await Inspector.connect(
        to: InspectorAddress("\(base.absoluteString)/?token=\(token)"), app: "x", options: .patient)
      let shell = await MainActor.run { Shell(SignInState()) { _, _ in } }
      await MainActor.run { connection.inspect(shell, name: "sign in") }
      #expect(await connection.flush(timeout: .seconds(30)))
      let session = try #require(try await records(base, token: token).first?.session)
      func page() async throws -> Int {
        let (_, data) = try await request(
          base, "/api/pages", method: "POST", query: ["token": token])
        return try #require(
          try JSONDecoder().decode([String: Int].self, from: data)["page"])
      }
      let first = try await page()
      let second = try await page()
      let watch = { (page: Int, takeOver: String) in
        try await request(
          base, "/api/watch", method: "POST",
          query: ["token": token, "page": "\(page)", "shell": "\(session):1", "takeOver": takeOver])
      }
      #expect(try await watch(first, "0").status == 204)
      let refused = try await watch(second, "0")
      #expect(refused.status == 409)
      #expect(String(decoding: refused.body, as: UTF8.self).contains("open in another page"))
      #expect(try await watch(second, "1").status == 204)
      let (_, news) = try await request(
        base, "/api/updates", query: ["token": token, "after": "0", "page": "\(first)"])
      #expect(String(decoding: news, as: UTF8.self).contains(#""lostShells":["\#(session):1"]"#))
      await connection.disconnect()
    }
  }

  @Test(
    "when the inspector is slower than the app, entries are dropped and counted, never waited for")
  @MainActor
  func drops() async throws {
    try await withInspector { _, base, token in
      var options = Inspector.Options.patient
      options.capacity = 4
      let inspector = try await Inspector.connect(
        to: InspectorAddress("\(base.absoluteString)/?token=\(token)"), app: "fast",
        options: options)
      let shell = Shell(SignInState()) { _, _ in }
      inspector.inspect(shell, name: "sign in")
      for index in 0..<200 { shell.send(.typedName("n\(index)")) }
      #expect(await inspector.flush(timeout: .seconds(30)))
      #expect(inspector.droppedCount >= 150)
      #expect(inspector.droppedCount + inspector.deliveredCount == 201)
      let dropped = try await records(base, token: token).compactMap {
        $0.message?.kind == "dropped" ? $0.message?.count : nil
      }
      #expect(dropped.reduce(0, +) == inspector.droppedCount)
      await inspector.disconnect()
    }
  }

  @Test("a launch's graph, events and report reach the page")
  func launch() async throws {
    try await withInspector { _, base, token in
      let inspector = try await Inspector.connect(
        to: InspectorAddress("\(base.absoluteString)/?token=\(token)"), app: "x", options: .patient)
      let plan = try LaunchPlan<String> {
        LaunchStep("config") { _ in }
        LaunchStep("login", after: ["config"], needsUserInput: true) { _ in }
        LaunchStep("home", after: ["login"]) { _ in }
      }
      let launch = Launch(plan)
      let inspection = inspector.inspect(launch)
      async let report = launch.run()
      for await event in launch.events { inspection.record(event) }
      inspection.finish(await report)
      #expect(await inspector.flush(timeout: .seconds(30)))
      let all = try await records(base, token: token)
      let kinds = messageKinds(all)
      #expect(kinds.first == "launch")
      #expect(kinds.filter { $0 == "launchEvent" }.count == 6)
      #expect(kinds.last == "launchReport")
      let graph = try #require(
        all.first { $0.message?.kind == "launch" }?.message)
      #expect(graph.waves == [["config"], ["login"], ["home"]])
      await inspector.disconnect()
    }
  }

  @Test("a port in use is a clear error")
  func portInUse() async throws {
    try await withInspector { _, base, _ in
      let second = InspectorServer(configuration: .init(port: UInt16(base.port ?? 0)))
      do {
        _ = try await second.start()
        Issue.record("two servers listened on one port")
        await second.stop()
      } catch {
        #expect("\(error)".contains("cannot listen on 127.0.0.1:\(base.port ?? 0)"))
      }
    }
  }
}
