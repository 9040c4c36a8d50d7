import Foundation
import Testing

@testable import YaiaMockServer

/// Redaction on the inputs that once broke it: a credential ending in NUL searched in text
/// past ASCII (Foundation's search traps there), a multipart body cut short or written with
/// bare line ends, a path segment percent-encoded another way.
@Suite("Redaction on hostile shapes")
struct RedactionEdgeTests {
  @Test("a credential ending in NUL is found by bytes, in text past ASCII, without a trap")
  func nulCredential() {
    let request = HTTPRequest(
      method: .get, path: "/a", query: ["token": "abcd\u{0}"], rawQuery: "token=abcd%00")
    let credentials = SentCredentials(request: request)
    #expect(credentials.redact("xéabcd\u{0}").text == "xéREDACTED")
    #expect(credentials.redact("xéabcd").count == 0)
    // A word-only value is still kept inside another word, and found alone beside a letter
    // past ASCII that is no letter (a guillemet).
    let word = SentCredentials(
      request: HTTPRequest(
        method: .post, path: "/login", headers: ["Content-Type": "application/json"],
        body: Data(#"{"password":"wrong"}"#.utf8)))
    #expect(
      word.redact("wrong_password «wrong» éwrongé").text == "wrong_password «REDACTED» éwrongé")
  }

  @Test("a multipart body cut short, or with bare line ends, still hides its secret parts")
  func multipartShapes() throws {
    let redaction = try #require(MultipartRedaction(contentType: "multipart/form-data; boundary=B"))
    let unclosed = "--B\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter22\r\n"
    #expect(!redaction.redact(unclosed).contains("hunter22"))
    let bare = "--B\nContent-Disposition: form-data; name=\"password\"\n\nhunter22\n--B--\n"
    #expect(!redaction.redact(bare).contains("hunter22"))
    let kept = "--B\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nana\r\n--B--\r\n"
    #expect(redaction.redact(kept) == kept)
  }

  @Test("a secret path segment is hidden however the client percent-encoded it")
  func encodedPathSegment() throws {
    let secrets = JournalSecrets(routes: [
      try MockRoute(.post, "/reset/:token", responses: .single(.json("{}")))
    ])
    let request = HTTPRequest(method: .post, path: "/reset/ab%2bcd%3D")
    let hidden = MockAdminAnswer.Entry.hiding(request, secrets)
    #expect(hidden("/reset/ab%2bcd%3D") == "/reset/REDACTED")
    #expect(hidden("echo ab+cd=") == "echo REDACTED")
  }

  @Test("a journal listing of a request whose credential ends in NUL answers, redacted")
  func nulCredentialOverTheWire() async throws {
    var configuration = MockServer.Configuration()
    configuration.admin = true
    let server = MockServer(
      routes: [try MockRoute(.get, "/weather", responses: .single(.json("{}")))],
      configuration: configuration)
    let baseURL = try await server.start()
    defer { Task { await server.stop() } }
    let port = try #require(baseURL.port)
    _ = try await AdminTests.send(
      port, "GET", "/weather?token=abcd%00", headers: ["X-Note: \u{E9} abcd"])
    let listing = try await AdminTests.send(port, "GET", "/__yaia/journal")
    #expect(listing.status == 200)
    #expect(listing.body.contains("token=REDACTED"), "\(listing.body)")
  }
}
