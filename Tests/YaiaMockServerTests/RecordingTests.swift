import Foundation
import Testing

@testable import YaiaMockServer

/// The recording's decisions, tested as values: what a route is, what a file holds, what is
/// dropped and redacted, and where the limits stop it.
@Suite("Recording a backend, as values")
struct RecordingTests {
  static func json(_ text: String, status: HTTPStatus = 200, headers: HTTPHeaders = [:])
    -> HTTPResponse
  {
    var all: HTTPHeaders = ["Content-Type": "application/json"]
    for field in headers.fields { all.add(field.name, field.value) }
    return HTTPResponse(status: status, headers: all, body: Data(text.utf8))
  }

  /// What recording `answer` to `request` writes, all together: the manifest, the new file's
  /// name and its content; and the change it made.
  static func written(_ request: HTTPRequest, _ answer: HTTPResponse) throws -> (
    String, Recording.Change
  ) {
    var recording = Recording()
    let change = try recording.add(request, answer)
    let text =
      recording.manifest() + (change.newFile?.name ?? "")
      + String(decoding: change.newFile?.content ?? Data(), as: UTF8.self)
    return (text, change)
  }

  @Test("JSON is re-indented with numbers and member order as sent, strings with JSON's escapes")
  func rewriteKeepsNumbersAndOrder() {
    let redaction = JSONRedaction(secrets: [])
    let text =
      #"{"b":1.50,"a":[12345678901234567890,-0.1e-7,"x\"y\u00e9\/"],"e":{},"f":[],"n":null}"#
    #expect(
      rewrite(text, redaction)?.text == """
        {
          "b": 1.50,
          "a": [
            12345678901234567890,
            -0.1e-7,
            "x\\"yé/"
          ],
          "e": {},
          "f": [],
          "n": null
        }
        """)
    #expect(rewrite("[]", redaction)?.text == "[]")
    #expect(rewrite(#" "just text" "#, redaction)?.text == #""just text""#)
    #expect(rewrite(#"{"a":1,}"#, redaction) == nil)
  }

  /// `text` read by the reader and rewritten by `redaction`; `nil` when it does not read.
  func rewrite(_ text: String, _ redaction: JSONRedaction) -> JSONRedaction.Result? {
    (try? JSONReader.parse(text.utf8)).map { redaction.rewrite($0) }
  }

  @Test("secret paths redact a value wherever they name it, a whole container included, types kept")
  func redaction() throws {
    let redaction = JSONRedaction(
      secrets: ["**.token", "data.*.key", "items.*", "deep.secret"].map(
        JSONRedaction.SecretPath.init))
    let result = try #require(
      rewrite(
        #"{"token":"t1","user":{"token":{"a":[1,2]},"name":"ada"},"data":{"x":{"key":"k","other":3}},"items":[1,[2]],"deep":{"secret":[{"a":1}],"kept":true}}"#,
        redaction))
    // Each scalar blanked by type: strings, and numbers at the recording's paths (7 in all).
    #expect(result.redactions == 7)
    #expect(!result.text.contains("t1") && !result.text.contains(#""k""#))
    #expect(result.text.contains(#""name": "ada""#) && result.text.contains(#""other": 3"#))
    #expect(result.text.contains(#""kept": true"#))
    // What comes out is still JSON, of the same shape: the app still decodes it.
    let object = try? JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any]
    let user = object?["user"] as? [String: Any]
    #expect(((user?["token"] as? [String: Any])?["a"] as? [Int]) == [0, 0])
  }

  @Test("a request's credentials are found in a JSON body in UTF-16 as in UTF-8, numbers as sent")
  func credentialsInOtherEncodings() throws {
    for encoding in [String.Encoding.utf8, .utf16, .utf16BigEndian, .utf32LittleEndian] {
      let body = try #require(
        #"{"user":{"pin":48151623,"password":"sw0rd"},"n":1}"#.data(using: encoding))
      let request = HTTPRequest(method: .post, path: "/login", body: body)
      // Keys in sorted order, so that the same body gives the same list.
      #expect(RequestCredentials.values(in: request) == ["sw0rd", "48151623"], "\(encoding)")
    }
  }

  @Test(
    "a secret by name keeps its type: a string reads REDACTED, a number 0 from four digits on, a container its shape"
  )
  func typesKept() throws {
    let result = try #require(
      rewrite(
        #"{"code":404,"pin":123456,"otp":"991122","session":{"id":"s-1","ttl":3600,"ok":true},"token":null}"#,
        JSONRedaction(secrets: [])))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any])
    #expect(object["code"] as? Int == 404)
    #expect(object["pin"] as? Int == 0)
    #expect(object["otp"] as? String == "REDACTED")
    let session = try #require(object["session"] as? [String: Any])
    #expect(session["id"] as? String == "REDACTED" && session["ttl"] as? Int == 0)
    #expect(session["ok"] as? Bool == true)
    #expect(object["token"] is NSNull)
  }

  @Test(
    "credentials are found as JSON keys, numbers, path segments, URL fragments, JSON two strings deep and UTF-16"
  )
  func credentialsEverywhere() throws {
    let token = "tok-5521aa0f"
    let request = HTTPRequest(
      method: .post, path: "/v1/sessions/\(token)/refresh",
      headers: ["Authorization": "Bearer \(token)", "Cookie": "fmt=json"],
      body: Data(#"{"pin":"48151623"}"#.utf8))
    let inner = #"{\"a\":\"{\\\"refresh_token\\\":\\\"own-77ab\\\"}\"}"#
    let answers: [HTTPResponse] = [
      Self.json(#"{"\#(token)":{"n":48151623},"twice":"\#(inner)","format":"json"}"#),
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"],
        body: try #require(#"{"echo":"\#(token)"}"#.data(using: .utf16))),
      HTTPResponse(
        status: 302, headers: ["Location": "/cb#access_token=own-77ab&state=s"]),
      HTTPResponse(
        status: 200, headers: ["Content-Type": "text/html"],
        body: Data(#"<a href="/n?code=own-77ab">next</a> <p data="token=own-77ab">"#.utf8)),
    ]
    for (index, answer) in answers.enumerated() {
      let (written, _) = try Self.written(request, answer)
      for secret in [token, "48151623", "own-77ab"] {
        #expect(!written.contains(secret), "answer \(index) wrote \(secret):\n\(written)")
      }
      // The path names the segment as a parameter, so the route answers any session.
      #expect(written.contains(#"path: "/v1/sessions/:credential/refresh""#), "\(written)")
    }
    // A short setting cookie (`fmt=json`) is not a credential: "json" is kept.
    var recording = Recording()
    let change = try recording.add(request, answers[0])
    let content = String(decoding: change.newFile?.content ?? Data(), as: UTF8.self)
    #expect(content.contains(#""format": "json""#), "\(content)")
    // The UTF-16 answer is written as UTF-8.
    var utf16 = Recording()
    let converted = try utf16.add(request, answers[1])
    #expect(
      String(validating: converted.newFile?.content ?? Data(), as: UTF8.self)?.contains("REDACTED")
        == true)
  }

  @Test("a binary answer keeps its length: a credential in it is overwritten in place")
  func binaryLengthKept() throws {
    let token = "tok-91ab33cd"
    let request = HTTPRequest(
      method: .get, path: "/v1/blob", headers: ["Authorization": "Bearer \(token)"])
    let body = Data([0, 1, 0xFF]) + Data(token.utf8) + Data([0xFE, 2])
    var recording = Recording()
    let change = try recording.add(
      request,
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/octet-stream"], body: body))
    let content = try #require(change.newFile?.content)
    #expect(content.count == body.count)
    #expect(content.range(of: Data(token.utf8)) == nil)
    #expect(content.prefix(3) == Data([0, 1, 0xFF]) && content.suffix(2) == Data([0xFE, 2]))
  }

  @Test("the names rule: any spelling of a secret name, short words only whole")
  func secretNames() {
    for name in [
      "sessionToken", "X-Session-Token", "X-CSRF-Token", "jwt", "privateKey", "private_key",
      "client-secret", "signature", "X-Amz-Signature", "otp", "smsOtp", "pin", "sig", "key",
      "code", "access_token", "Set-Cookie", "PASSWORD", "refreshToken",
    ] {
      #expect(SecretNames.isSecret(name), "\(name)")
    }
    for name in ["countryCode", "user", "id", "page", "footprint", "keyboard", "name", "q"] {
      #expect(!SecretNames.isSecret(name), "\(name)")
    }
    #expect(SecretNames.mightHoldSecret("access_token=abc&x=1"))
    for text in ["api_key=abc", "code=abc", "otp: 123456", "X-Api-Key: k"] {
      #expect(SecretNames.mightHoldSecret(text), "\(text)")
    }
    // Already blanked, or no value: nothing left to hide.
    #expect(!SecretNames.mightHoldSecret("token=REDACTED&page=2"))
    #expect(!SecretNames.mightHoldSecret("the code: \n"))
    // One pass however a word repeats (this took minutes when each word was read to its end).
    #expect(!SecretNames.mightHoldSecret(String(repeating: "token", count: 200_000)))
    #expect(SecretNames.mightHoldSecret(#"{"sessionToken" : "x"}"#))
    #expect(!SecretNames.mightHoldSecret(#"<input name="password" type="password">"#))
  }

  @Test(
    "the app's own credentials are taken out wherever the answer echoes them, in every body type")
  func credentialsEchoed() throws {
    let token = "tok-8f2a91c4"
    let cookie = "c00kie-77aa"
    let request = HTTPRequest(
      method: .post, path: "/v1/echo", query: ["sig": "s1g-value", "page": "2"],
      headers: ["Authorization": "Bearer \(token)", "Cookie": "sid=\(cookie); theme=dark"],
      body: Data(#"{"password":"pw-secret-1","user":"ada"}"#.utf8), rawQuery: "sig=s1g-value&page=2"
    )
    let planted = [token, cookie, "s1g-value", "pw-secret-1", "own-4411"]
    let answers: [HTTPResponse] = [
      Self.json(
        #"{"seen":"Bearer \#(token)","cookie":"\#(cookie)","inner":"{\"sessionToken\":\"own-4411\"}","next":"/a?code=own-4411&page=1","sig":"s1g-value"}"#
      ),
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Data("access_token=own-4411&token_type=bearer&echo=\(cookie)".utf8)),
      HTTPResponse(
        status: 200, headers: ["Content-Type": "text/plain"],
        body: Data("you sent \(token) and pw-secret-1".utf8)),
      HTTPResponse(
        status: 302,
        headers: [
          "Location": "/done?code=own-4411&state=x", "Link": "</n?access_token=own-4411>; rel=next",
          "X-Session-Token": "own-4411", "X-CSRF-Token": "own-4411", "X-Echo": token,
        ]),
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/octet-stream"],
        body: Data([0, 1]) + Data(token.utf8) + Data([0xFF])),
    ]
    for (index, answer) in answers.enumerated() {
      let (written, change) = try Self.written(request, answer)
      for secret in planted {
        #expect(!written.contains(secret), "answer \(index) wrote \(secret):\n\(written)")
      }
      #expect(change.redactions > 0, "answer \(index)")
    }
    // What is not secret stays: the user, the page, the state.
    var recording = Recording()
    _ = try recording.add(request, answers[3])
    #expect(recording.manifest().contains("state=x") && recording.manifest().contains("page"))
  }

  @Test(
    "a body no reader parses that names a secret is not recorded; the recording stays as it was")
  func unparsedSecret() throws {
    var recording = Recording()
    #expect(throws: RecordingError.unreadableSecret(request: "GET /v1/t")) {
      try recording.add(
        HTTPRequest(method: .get, path: "/v1/t"),
        HTTPResponse(
          status: 200, headers: ["Content-Type": "text/plain"],
          body: Data("session_token: abc123".utf8)))
    }
    #expect(recording.routeCount == 0)
  }

  @Test(
    "JSON the reader will not walk (too deep, a number too long) is not recorded, nor shown in the journal"
  )
  func jsonPastTheReadersLimits() throws {
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let long = String(repeating: "1", count: 70)
    var policy = RecordingPolicy()
    policy.secretPaths.append("data.ssn")
    for body in [
      #"{"data":{"ssn":"123-45-6789"},"pad":\#(deep)}"#,
      #"{"pass\u0077ord":"hunter2","n":\#(long)}"#,
    ] {
      var recording = Recording(policy: policy)
      #expect(throws: RecordingError.unreadableSecret(request: "GET /v1/me")) {
        try recording.add(HTTPRequest(method: .get, path: "/v1/me"), Self.json(body))
      }
      #expect(recording.routeCount == 0)
      // The journal listing does not show it either.
      let entry = MockJournalEntry(
        request: HTTPRequest(
          method: .post, path: "/v1/me", headers: ["Content-Type": "application/json"],
          body: Data(body.utf8)),
        time: Date(), route: nil, scenario: nil, status: 200)
      let listed = try #require(MockAdminAnswer.Entry(entry).body)
      #expect(!listed.contains("hunter2") && !listed.contains("123-45"), "\(listed)")
    }
  }

  @Test(
    "a request whose JSON body the reader will not walk is not kept: its credentials are unknown")
  func requestPastTheReadersLimits() throws {
    // The password is sent in a body too long in one number to read, and the backend echoes
    // it: without the credential, the echo would be written.
    let long = String(repeating: "1", count: 70)
    let request = HTTPRequest(
      method: .post, path: "/v1/login", headers: ["Content-Type": "application/json"],
      body: Data(#"{"password":"hunter2-long-secret","n":\#(long)}"#.utf8))
    var recording = Recording()
    #expect(throws: RecordingError.unreadableSecret(request: "POST /v1/login")) {
      try recording.add(request, Self.json(#"{"echo":"hunter2-long-secret"}"#))
    }
    #expect(recording.routeCount == 0)
    // The same request within the reader's limits is kept, the echo taken out.
    let readable = HTTPRequest(
      method: .post, path: "/v1/login", headers: ["Content-Type": "application/json"],
      body: Data(#"{"password":"hunter2-long-secret","n":1}"#.utf8))
    let change = try recording.add(readable, Self.json(#"{"echo":"hunter2-long-secret"}"#))
    #expect(recording.routeCount == 1)
    let written =
      recording.manifest() + String(decoding: change.newFile?.content ?? Data(), as: UTF8.self)
    #expect(!written.contains("hunter2"), "\(written)")
  }

  @Test("JSON inside a string that the reader will not walk is blanked whole")
  func jsonInAStringPastTheReadersLimits() throws {
    let inner = #"{\"password\":\"hunter2\",\"n\":\#(String(repeating: "1", count: 70))}"#
    let (text, change) = try Self.written(
      HTTPRequest(method: .get, path: "/v1/profile"), Self.json(#"{"blob":"\#(inner)","ok":1}"#))
    #expect(!text.contains("hunter2"), "\(text)")
    #expect(text.contains(#""blob": "REDACTED""#) && change.redactions == 1)
  }

  @Test("a route is a method, a path, the query and the body's fields; secrets are not matched on")
  func routes() throws {
    var recording = Recording(source: "https://api.example.com")
    let list = try recording.add(
      HTTPRequest(method: .get, path: "/v1/products", query: ["page": "1"]),
      Self.json(#"{"items":[1]}"#))
    #expect(list.newFile?.name == "v1/products.page-1.json")
    #expect(list.manifestChanged)
    let login = try recording.add(
      HTTPRequest(
        method: .post, path: "/v1/login", headers: ["Authorization": "Bearer abc"],
        body: Data(#"{"user":"ada","password":"swordfish","remember":true}"#.utf8)),
      Self.json(#"{"token":"t-1","user":"ada"}"#))
    #expect(login.redactions == 1)
    let loginFile = try #require(login.newFile)
    #expect(loginFile.name == "v1/login.post.json")
    #expect(!String(decoding: loginFile.content, as: UTF8.self).contains("t-1"))
    let manifest = recording.manifest()
    #expect(manifest.contains(#"body: { "remember": "true", "user": "ada" }"#))
    #expect(!manifest.contains("swordfish") && !manifest.contains("Bearer"))
    // It reads back as the routes it describes.
    let parsed = try MockManifest.parse(manifest, file: "manifest.yaml", fixtures: nil)
    #expect(parsed.routes.map(\.name) == ["POST /v1/login", "GET /v1/products"])  // by path
    #expect(
      parsed.routes.first { $0.method == .post }?.bodyFields == ["remember": "true", "user": "ada"])
  }

  @Test("the same answer twice adds nothing; a new one makes a sequence; equal bodies share a file")
  func sequencesAndSharing() throws {
    var recording = Recording()
    let cart = HTTPRequest(method: .get, path: "/cart")
    _ = try recording.add(cart, Self.json(#"{"items":[]}"#))
    let again = try recording.add(cart, Self.json(#"{"items":[]}"#))
    #expect(again == Recording.Change())
    let filled = try recording.add(cart, Self.json(#"{"items":[7]}"#))
    #expect(filled.newFile?.name == "cart-2.json" && filled.manifestChanged)
    let other = try recording.add(
      HTTPRequest(method: .get, path: "/empty-cart"), Self.json(#"{"items":[]}"#))
    #expect(other.newFile == nil && other.manifestChanged)
    let parsed = try MockManifest.parse(recording.manifest(), file: "m", fixtures: nil)
    let route = try #require(parsed.routes.first { $0.pattern.text == "/cart" })
    guard case .sequence(let answers) = route.responses else {
      Issue.record("expected a sequence, got \(route.responses)")
      return
    }
    #expect(answers.map(\.body) == [.file("cart.json"), .file("cart-2.json")])
    #expect(
      parsed.routes.first { $0.pattern.text == "/empty-cart" }?.responses == .single(answers[0]))
  }

  @Test("headers that change on every answer and cookies are dropped; credentials read REDACTED")
  func headers() throws {
    var recording = Recording()
    _ = try recording.add(
      HTTPRequest(method: .get, path: "/me"),
      Self.json(
        "{}",
        headers: [
          "Date": "Thu, 26 Nov 2026 07:00:00 GMT", "X-Request-Id": "abc", "Set-Cookie": "s=1",
          "Cache-Control": "no-store", "X-Api-Key": "k-1", "Content-Length": "2",
        ]))
    let manifest = recording.manifest()
    #expect(manifest.contains(#""Cache-Control": "no-store""#))
    #expect(manifest.contains(#""X-Api-Key": "REDACTED""#))
    for gone in ["Date", "X-Request-Id", "Set-Cookie", "s=1", "k-1", "Content-Length"] {
      #expect(!manifest.contains(gone), "\(gone) is in \(manifest)")
    }
  }

  @Test("hostile paths and values: file names stay in the folder, YAML reads back what was sent")
  func hostile() throws {
    var recording = Recording()
    let names = [
      "/../../etc/passwd", "/.hidden/..%2E/x", "/%00%1B%5B2J/\u{202E}rtl", "/a b/%E2%80%A8/c",
      "/" + String(repeating: "deep/", count: 20) + "end", "/" + String(repeating: "x", count: 500),
    ]
    for (index, path) in names.enumerated() {
      _ = try recording.add(
        HTTPRequest(method: .get, path: path, query: ["q": "\"'\n{{x}}: #"]),
        HTTPResponse(
          status: 200, headers: ["Content-Type": "text/plain", "X-Odd": "a\u{85}b\u{2028}c"],
          body: Data("body \(index)".utf8)))
    }
    let manifest = recording.manifest()
    let parsed = try MockManifest.parse(manifest, file: "m", fixtures: nil)
    #expect(parsed.routes.count == names.count)
    for route in parsed.routes {
      #expect(route.query == ["q": "\"'\n{{x}}: #"])
      guard case .single(let answer) = route.responses, case .file(let name) = answer.body else {
        Issue.record("no file for \(route.name)")
        continue
      }
      #expect(answer.headers["X-Odd"] == "a\u{85}b\u{2028}c")
      #expect(!name.hasPrefix("/") && !name.split(separator: "/").contains { $0.hasPrefix(".") })
      #expect(name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 })
      #expect(name.utf8.count < 1_000 && name.split(separator: "/").count <= 8)
    }
  }

  @Test("limits: a large body, too many routes, files or bytes, a path a manifest cannot hold")
  func limits() throws {
    var policy = RecordingPolicy()
    policy.largestBody = 10
    policy.mostRoutes = 2
    var recording = Recording(policy: policy)
    #expect(throws: RecordingError.bodyTooLarge(request: "GET /big", bytes: 11, limit: 10)) {
      try recording.add(HTTPRequest(method: .get, path: "/big"), Self.json("[1,2,3,4,5]"))
    }
    #expect(throws: RecordingError.unrepresentablePath(request: "GET /a%2Fb")) {
      try recording.add(HTTPRequest(method: .get, path: "/a%2Fb"), Self.json("[]"))
    }
    #expect(throws: RecordingError.unrepresentablePath(request: "GET /:id")) {
      try recording.add(HTTPRequest(method: .get, path: "/:id"), Self.json("[]"))
    }
    // `{id}` is a parameter in a route too: recorded, it would answer `/users/anything`.
    #expect(throws: RecordingError.unrepresentablePath(request: "GET /users/%7Bid%7D")) {
      try recording.add(HTTPRequest(method: .get, path: "/users/%7Bid%7D"), Self.json("[]"))
    }
    // A combining mark after `/` makes one character of both: no pattern would match.
    #expect(throws: RecordingError.unrepresentablePath(request: "GET /%D9%9Ax")) {
      try recording.add(HTTPRequest(method: .get, path: "/%D9%9Ax"), Self.json("[]"))
    }
    _ = try recording.add(HTTPRequest(method: .get, path: "/1"), Self.json("[1]"))
    _ = try recording.add(HTTPRequest(method: .get, path: "/2"), Self.json("[2]"))
    #expect(throws: RecordingError.tooManyRoutes(limit: 2)) {
      try recording.add(HTTPRequest(method: .get, path: "/3"), Self.json("[3]"))
    }
    #expect(recording.routeCount == 2)
    policy = RecordingPolicy()
    policy.mostFiles = 1
    recording = Recording(policy: policy)
    _ = try recording.add(HTTPRequest(method: .get, path: "/1"), Self.json("[1]"))
    #expect(throws: RecordingError.tooManyFiles(limit: 1)) {
      try recording.add(HTTPRequest(method: .get, path: "/2"), Self.json("[2]"))
    }
    policy = RecordingPolicy()
    policy.mostResponsesPerRoute = 2
    recording = Recording(policy: policy)
    for value in 1...2 {
      _ = try recording.add(HTTPRequest(method: .get, path: "/poll"), Self.json("[\(value)]"))
    }
    #expect(throws: RecordingError.tooManyAnswers(route: "GET /poll", limit: 2)) {
      try recording.add(HTTPRequest(method: .get, path: "/poll"), Self.json("[3]"))
    }
    // Answers that differ only in a large, changing header: the value is left out (the
    // answers are then one), and what header fields the manifest holds is bounded.
    recording = Recording()
    for round in 0..<5 {
      let big = String(repeating: "\(round)", count: 88_000)
      _ = try recording.add(
        HTTPRequest(method: .get, path: "/same"), Self.json("[1]", headers: ["X-Blob": big]))
    }
    #expect(!recording.manifest().contains("X-Blob"))
    #expect(recording.manifest().utf8.count < 2_000)
    policy = RecordingPolicy()
    policy.mostHeaderBytes = 200
    recording = Recording(policy: policy)
    #expect(throws: RecordingError.tooManyHeaderBytes(limit: 200)) {
      for round in 0..<20 {
        _ = try recording.add(
          HTTPRequest(method: .get, path: "/trace"),
          Self.json("[1]", headers: ["X-Trace": "trace-\(round)"]))
      }
    }
  }

  @Test("a recorder writes only into an empty or new folder, and keeps every file inside it")
  func recorderFolder() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-recorder-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorder = try MockRecorder(folder: folder)
    await recorder.record(HTTPRequest(method: .get, path: "/v1/a"), Self.json(#"{"a":1}"#))
    try await recorder.finish()
    let manifest = try MockManifest.load(folder: folder)
    #expect(manifest.routes.map(\.name) == ["GET /v1/a"])
    #expect(
      try String(contentsOf: folder.appending(path: "v1/a.json"), encoding: .utf8)
        == "{\n  \"a\": 1\n}\n")
    #expect(throws: RecordingError.self) { try MockRecorder(folder: folder) }
    let file = folder.appending(path: "v1/a.json")
    #expect(throws: RecordingError.self) { try MockRecorder(folder: file) }
  }

  @Test("secrets whatever their case or escapes, in a query too; a route naming more comes first")
  func secretsAndOrder() throws {
    var recording = Recording()
    let change = try recording.add(
      HTTPRequest(method: .get, path: "/search", query: ["api_key": "sk-live-1", "q": "kettle"]),
      Self.json(#"{"AccessToken":"a-1","Password":"p-1","pass\u0077ord":"p-2","ok":1}"#))
    let file = String(decoding: try #require(change.newFile).content, as: UTF8.self)
    for secret in ["a-1", "p-1", "p-2", "sk-live-1"] {
      #expect(!file.contains(secret) && !recording.manifest().contains(secret), "\(secret)")
    }
    #expect(try #require(change.newFile).name == "search.q-kettle.json")
    _ = try recording.add(HTTPRequest(method: .get, path: "/cart"), Self.json("[1]"))
    _ = try recording.add(
      HTTPRequest(method: .get, path: "/cart", query: ["page": "2"]), Self.json("[2]"))
    let parsed = try MockManifest.parse(recording.manifest(), file: "m", fixtures: nil)
    #expect(
      parsed.routes.filter { $0.pattern.text == "/cart" }.map(\.query) == [["page": "2"], [:]])
  }

  @Test(
    "a route recorded without a query answers only a request without one; a secret item any value"
  )
  func exactQueries() throws {
    var recording = Recording()
    _ = try recording.add(HTTPRequest(method: .get, path: "/items"), Self.json("[1]"))
    _ = try recording.add(
      HTTPRequest(method: .get, path: "/me", query: ["api_key": "sk-live-1"]),
      Self.json(#"{"name":"ada"}"#))
    let manifest = recording.manifest()
    #expect(!manifest.contains("sk-live-1"))
    let parsed = try MockManifest.parse(manifest, file: "m", fixtures: nil)
    var router = MockRouter(routes: parsed.routes)
    func answered(_ path: String, _ query: [String: String] = [:]) -> Bool {
      if case .matched = router.route(HTTPRequest(method: .get, path: path, query: query)) {
        return true
      }
      return false
    }
    #expect(answered("/items"))
    // Before: page 1's answer for page 9, and `--proxy` never asked the backend.
    #expect(!answered("/items", ["page": "9"]))
    #expect(answered("/items", ["_scenario": "x"]) == answered("/items"))
    // The key's value was not kept: any value is answered, and a request without one is not.
    #expect(answered("/me", ["api_key": "another"]))
    #expect(!answered("/me"))
    #expect(!answered("/me", ["api_key": "k", "extra": "1"]))
    let unmatched = router.route(HTTPRequest(method: .get, path: "/items", query: ["page": "9"]))
    guard case .unmatched(let closest) = unmatched else {
      Issue.record("matched: \(unmatched)")
      return
    }
    #expect(closest.first == "GET /items: the path matches, but its query takes no item page")
  }

  @Test("exact-query in a manifest: true, a list of any-value items, or a typed error at its line")
  func exactQueryManifest() throws {
    let parsed = try MockManifest.parse(
      "routes:\n  - path: /a\n    exact-query: [sig]\n    response: { status: 204 }\n",
      file: "m", fixtures: nil)
    #expect(parsed.routes.first?.exactQuery == ["sig"])
    #expect(throws: MockServerError.self) {
      try MockManifest.parse(
        "routes:\n  - path: /a\n    exact-query: yes please\n    response: { status: 204 }\n",
        file: "m", fixtures: nil)
    }
  }

  @Test("file names differ by more than case, and a file never stands where a folder must")
  func fileNameCollisions() throws {
    var recording = Recording()
    var names: [String] = []
    for path in ["/Users", "/users", "/a", "/a.json/b", "/manifest.yaml/x"] {
      let change = try recording.add(
        HTTPRequest(method: .get, path: path), Self.json("[\"\(path)\"]"))
      names.append(try #require(change.newFile).name)
    }
    #expect(
      names == [
        "Users.json", "users-2.json", "a.json", "a.json-2/b.json", "manifest.yaml-2/x.json",
      ])
  }
}
