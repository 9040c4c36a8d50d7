import Foundation
import Testing

@testable import YaiaMockServer

/// Requests that differ only by a credential, recorded and replayed as values: each keeps its
/// own answers, and no credential reaches the manifest.
@Suite("Recorded credentials")
struct RecordedCredentialTests {
  static func get(_ path: String, token: String? = nil) -> HTTPRequest {
    HTTPRequest(
      method: .get, path: path,
      headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
  }

  static func login(_ user: String, _ password: String) -> HTTPRequest {
    HTTPRequest(
      method: .post, path: "/auth/login", headers: ["Content-Type": "application/json"],
      body: Data(#"{"user":"\#(user)","password":"\#(password)"}"#.utf8))
  }

  /// The status each request gets from a router over `manifest`, in order; 404 when none
  /// answers.
  static func statuses(_ manifest: String, _ requests: [HTTPRequest]) throws -> [Int] {
    var router = MockRouter(
      routes: try MockManifest.parse(manifest, file: "m", fixtures: nil).routes)
    return requests.map { request in
      if case .matched(_, _, let response, _) = router.route(request) {
        return response.status.code
      }
      return 404
    }
  }

  @Test(
    "GET /me with and without a token are two routes: replayed in any order, each keeps its answer"
  )
  func withAndWithoutAToken() throws {
    var recording = Recording()
    _ = try recording.add(
      Self.get("/me"), RecordingTests.json(#"{"error":"sign in"}"#, status: 401))
    _ = try recording.add(
      Self.login("ada", "hunter22"), RecordingTests.json(#"{"token":"tok-7f3a9c2e51"}"#))
    _ = try recording.add(
      Self.get("/me", token: "tok-7f3a9c2e51"), RecordingTests.json(#"{"name":"Ada"}"#))
    _ = try recording.add(
      Self.get("/me"), RecordingTests.json(#"{"error":"sign in"}"#, status: 401))
    let manifest = recording.manifest()
    #expect(!manifest.contains("tok-7f3a9c2e51"))
    #expect(!manifest.contains("hunter22"))
    #expect(manifest.contains("credential: none"), "\(manifest)")
    #expect(manifest.contains("credential: sent"), "\(manifest)")
    // The login saw one password only: it takes any, and needs no salt.
    #expect(!manifest.contains("credential-salt"), "\(manifest)")
    // Before: one route with the sequence [401, 200], and every later /me answered 200, with a
    // token or without. A replay sends the placeholder the recording wrote for the token.
    #expect(
      try Self.statuses(
        manifest,
        [
          Self.get("/me"), Self.get("/me", token: "REDACTED"), Self.get("/me"),
          Self.get("/me", token: "REDACTED"), Self.login("ada", "anything"),
        ]) == [401, 200, 401, 200, 200])
  }

  @Test("a short password that is a word is redacted where it stands alone, not inside another")
  func shortPasswordAsAWord() throws {
    var recording = Recording()
    let change = try recording.add(
      Self.login("ada", "wrong"),
      RecordingTests.json(
        #"{"error":"wrong_password","hint":"wrong","url":"/retry?p=wrong&x=1"}"#, status: 401))
    let file = String(decoding: try #require(change.newFile).content, as: UTF8.self)
    #expect(file.contains("wrong_password"), "\(file)")
    #expect(!file.contains(#""wrong""#) && !file.contains("p=wrong&"), "\(file)")
    #expect(!recording.manifest().contains(#""wrong""#))
    // A token (a digit in it, or long) is blanked wherever it stands, even inside a word.
    let credentials = SentCredentials(
      request: Self.get("/me", token: "tok-0123456789abcdef"),
      response: RecordingTests.json("{}"))
    #expect(credentials.redact("xtok-0123456789abcdefx").text == "xREDACTEDx")
    #expect(credentials.redact("see wrongful").text == "see wrongful")
  }

  @Test(
    "a right and a wrong password are two routes told apart by salted fingerprints; neither password is written"
  )
  func rightAndWrongPassword() throws {
    var recording = Recording(credentialSalt: "salt-for-the-test")
    _ = try recording.add(
      Self.login("ada", "correct-horse"), RecordingTests.json(#"{"token":"tok-1111aaaa"}"#))
    _ = try recording.add(
      Self.login("ada", "wrong-pony"),
      RecordingTests.json(#"{"error":"bad password"}"#, status: 401))
    #expect(recording.routeCount == 2)
    let manifest = recording.manifest()
    #expect(!manifest.contains("correct-horse") && !manifest.contains("wrong-pony"))
    #expect(manifest.contains(#"credential-salt: "salt-for-the-test""#), "\(manifest)")
    let right = MockRoute.Credential.fingerprint(of: "correct-horse", salt: "salt-for-the-test")
    let wrong = MockRoute.Credential.fingerprint(of: "wrong-pony", salt: "salt-for-the-test")
    #expect(right != wrong)
    #expect(manifest.contains(#"credential: ["\#(right)"]"#), "\(manifest)")
    #expect(manifest.contains(#"credential: ["\#(wrong)"]"#), "\(manifest)")
    // Before: one route with the sequence [200, 401]; after two calls every login was a 401.
    #expect(
      try Self.statuses(
        manifest,
        [
          Self.login("ada", "correct-horse"), Self.login("ada", "wrong-pony"),
          Self.login("ada", "wrong-pony"), Self.login("ada", "correct-horse"),
        ]) == [200, 401, 401, 200])

    // A password the recording never saw is answered by neither, and the 404 says why.
    var router = MockRouter(
      routes: try MockManifest.parse(manifest, file: "m", fixtures: nil).routes)
    guard case .unmatched(let closest) = router.route(Self.login("ada", "never-seen-1")) else {
      Issue.record("a password never recorded was answered")
      return
    }
    #expect(
      closest.first?.contains("it answers only the credential recorded for it (fingerprint")
        == true,
      "\(closest)")
  }

  @Test(
    "a request answered alike with and without a credential is one route, with no credential written"
  )
  func alikeIsOneRoute() throws {
    var recording = Recording()
    _ = try recording.add(Self.get("/products"), RecordingTests.json("[7]"))
    _ = try recording.add(
      Self.login("ada", "hunter22"), RecordingTests.json(#"{"token":"tok-7f3a9c2e51"}"#))
    _ = try recording.add(
      Self.get("/products", token: "tok-7f3a9c2e51"), RecordingTests.json("[7]"))
    #expect(recording.routeCount == 2)
    let manifest = recording.manifest()
    #expect(
      !manifest.contains("credential:") && !manifest.contains("credential-salt"), "\(manifest)")
    #expect(
      try Self.statuses(manifest, [Self.get("/products"), Self.get("/products", token: "x")])
        == [200, 200])
  }

  @Test("a form login and a Basic login are told apart by their credentials too")
  func formAndBasic() throws {
    var recording = Recording()
    for (password, status) in [("right-one", 200), ("wrong-one", 401)] {
      _ = try recording.add(
        HTTPRequest(
          method: .post, path: "/token",
          headers: ["Content-Type": "application/x-www-form-urlencoded"],
          body: Data("username=ada&password=\(password)".utf8)),
        RecordingTests.json("{}", status: HTTPStatus(status)))
      _ = try recording.add(
        HTTPRequest(
          method: .get, path: "/basic",
          headers: ["Authorization": "Basic " + Data("ada:\(password)".utf8).base64EncodedString()]),
        RecordingTests.json("{}", status: HTTPStatus(status)))
    }
    #expect(recording.routeCount == 4)
    let manifest = recording.manifest()
    #expect(!manifest.contains("right-one") && !manifest.contains("wrong-one"))
    let basic = { (password: String) in
      HTTPRequest(
        method: .get, path: "/basic",
        headers: ["Authorization": "Basic " + Data("ada:\(password)".utf8).base64EncodedString()])
    }
    #expect(try Self.statuses(manifest, [basic("wrong-one"), basic("right-one")]) == [401, 200])
  }

  @Test(
    "credential in a manifest: none, sent, fingerprints with the salt, or a typed error at its line"
  )
  func manifestCredential() throws {
    let parsed = try MockManifest.parse(
      """
      credential-salt: "s1"
      routes:
        - { path: /a, credential: none, response: { status: 401 } }
        - { path: /a, credential: sent, response: { status: 200 } }
        - { path: /b, credential: ["0a1f", "ffff"], response: { status: 200 } }
      """, file: "m", fixtures: nil)
    #expect(
      parsed.routes.map(\.credential) == [
        .notSent, .sent, .fingerprinted(salt: "s1", fingerprints: ["0a1f", "ffff"]),
      ])
    for (text, line, words) in [
      (
        "routes:\n  - path: /a\n    credential: maybe\n    response: {}\n", 3,
        "`credential` is none, sent"
      ),
      (
        "routes:\n  - path: /a\n    credential: [\"XYZ\"]\n    response: {}\n", 3,
        "four lower-case hex digits"
      ),
      (
        "routes:\n  - path: /a\n    credential: [\"0a1f\"]\n    response: {}\n", 3,
        "`credential-salt`"
      ),
      (
        "credential-salt: [1]\nroutes:\n  - path: /a\n    response: {}\n", 1,
        "`credential-salt` is text"
      ),
    ] {
      let error = #expect(throws: MockServerError.self) {
        try MockManifest.parse(text, file: "m", fixtures: nil)
      }
      guard case .brokenManifest(_, let at, let reason) = error else { continue }
      #expect(at == line, "\(reason)")
      #expect(reason.contains(words), "\(reason)")
    }
  }

  @Test(
    "a fingerprint is four hex digits, the same for the same salt and value, another for another salt"
  )
  func fingerprints() {
    let one = MockRoute.Credential.fingerprint(of: "hunter2", salt: "a")
    #expect(MockRoute.Credential.isFingerprint(one))
    #expect(one == MockRoute.Credential.fingerprint(of: "hunter2", salt: "a"))
    // Over many salts, the fingerprints spread: a fixed one would tell the value apart from
    // nothing.
    let spread = Set(
      (0..<200).map { MockRoute.Credential.fingerprint(of: "hunter2", salt: "\($0)") })
    #expect(spread.count > 190)
  }

  @Test(
    "neighbours a review found: the recorded credential before any, a common word never issued, a password after hundreds of secrets"
  )
  func reviewedNeighbours() throws {
    // An issued token (200) and a token of the app's own that the backend refuses (401):
    // the refused one asks for more, so it comes first and takes only itself.
    var recording = Recording()
    _ = try recording.add(
      Self.login("ada", "hunter22"), RecordingTests.json(#"{"token":"tok-7f3a9c2e51"}"#))
    _ = try recording.add(Self.get("/me", token: "tok-7f3a9c2e51"), RecordingTests.json("{}"))
    _ = try recording.add(
      Self.get("/me", token: "bogus-token-1"), RecordingTests.json("{}", status: 401))
    #expect(
      try Self.statuses(
        recording.manifest(),
        [Self.get("/me", token: "bogus-token-1"), Self.get("/me", token: "REDACTED")])
        == [401, 200])

    // A password that an earlier answer happens to hold under an innocent name is still the
    // app's own: told apart by its fingerprint, not taken as issued.
    var words = Recording()
    _ = try words.add(Self.get("/profile"), RecordingTests.json(#"{"role":"admin1"}"#))
    _ = try words.add(Self.login("ada", "admin1"), RecordingTests.json("{}"))
    _ = try words.add(Self.login("ada", "wrong1"), RecordingTests.json("{}", status: 401))
    #expect(
      try Self.statuses(
        words.manifest(), [Self.login("ada", "wrong1"), Self.login("ada", "admin1")])
        == [401, 200])

    // Hundreds of secret-named values before the password: it is still found, so an answer
    // that echoes it is redacted.
    let many = (0..<300).map { #""x\#($0)_token":"v\#($0)-abcdef""# }.joined(separator: ",")
    let request = HTTPRequest(
      method: .post, path: "/bulk", headers: ["Content-Type": "application/json"],
      body: Data(#"{\#(many),"zz":{"password":"pw-after-all-9"}}"#.utf8))
    var bulk = Recording()
    let change = try bulk.add(request, RecordingTests.json(#"{"echo":"pw-after-all-9"}"#))
    let written = String(decoding: change.newFile?.content ?? Data(), as: UTF8.self)
    #expect(!written.contains("pw-after-all-9"), "\(written)")
  }

  @Test("a credential cookie set by the backend is kept as a placeholder; others are dropped")
  func cookiePlaceholder() {
    #expect(Recording.placeholder("sid=abc123; Path=/api; HttpOnly") == "sid=REDACTED; Path=/api")
    #expect(
      Recording.placeholder("x=\(String(repeating: "k", count: 20)); Secure") == "x=REDACTED")
    #expect(Recording.placeholder("theme=dark; Path=/") == nil)
    #expect(Recording.placeholder("no pair here") == nil)
  }
}
