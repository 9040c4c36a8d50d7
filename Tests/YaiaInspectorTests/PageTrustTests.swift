import Foundation
import Testing
import Yaia
import YaiaHTTP

@testable import YaiaInspector
@testable import YaiaInspectorServer

/// The fixed example the page's script is held to as well (Tests/Browser): the same message and
/// keyed hash, made by Python's `hmac` when this example was written.
enum PageProofExample {
  static let token = "6f1c0a"
  static let session = "0123456789abcdef0123456789abcdef"
  static let pageNonce = "00112233445566778899aabbccddeeff"
  static let items: [(name: String, value: String)] = [
    ("shell", "s1:1"), ("state", #"Login(name: "ä" + x)"#), ("page", "7"),
  ]
  static let message =
    "yaia-inspector-1 page-request 41537 0123456789abcdef0123456789abcdef 3 GET 9:/api/test\n"
    + #"5:shell4:s1:15:state21:Login(name: "ä" + x)4:page1:7"#
  static let hash = "6d1b25686130ef475ff6ffc0401a0d86730e59ffa7ddd8e51d57fed5c14c6c57"
  static let inspectorProof = "b414c0c3baacff30d7750ab39a5d20a7a7d6d95d6faf7d05a41545d8ec54d6ef"
}

@Suite("The page proves the inspector, then each request, without sending the token")
struct PageProofTests {
  @Test("a request's message and keyed hash are the fixed example's, lengths counted in UTF-8")
  func fixedExample() {
    let message = PageProof.requestMessage(
      port: 41537, session: PageProofExample.session, counter: 3, method: "GET",
      path: "/api/test", items: PageProofExample.items + [("proof", "left out")])
    #expect(message == PageProofExample.message)
    #expect(
      PageProof.requestProof(
        token: PageProofExample.token, session: PageProofExample.session, counter: 3,
        message: message) == "\(PageProofExample.session).3.\(PageProofExample.hash)")
    #expect(
      PageProof.inspectorProof(
        token: PageProofExample.token, port: 41537, pageNonce: PageProofExample.pageNonce,
        session: PageProofExample.session) == PageProofExample.inspectorProof)
  }

  @Test("a proof is read only when it is session.counter.hash, each part checked")
  func parsing() {
    let hash = PageProofExample.hash
    let session = PageProofExample.session
    #expect(PageProof.parse("\(session).3.\(hash)")?.counter == 3)
    for text in [
      "", "\(session).0.\(hash)", "\(session).-1.\(hash)", "\(session).3",
      "\(session).3.\(hash).1", "\(session.uppercased()).3.\(hash)",
      "\(session).3.\(hash.prefix(63))",
      "\(session).9007199254740992.\(hash)", "\(session).99999999999999999999.\(hash)",
      "\(session).3.\(hash.uppercased())", "abc.3.\(hash)", String(repeating: "1", count: 10_000),
    ] {
      #expect(PageProof.parse(text) == nil, "\(text.prefix(80))")
    }
  }

  @Test("the token itself opens nothing; a proof for another port, request or token is refused")
  func gate() throws {
    let gate = InspectorGate(token: "abc123", port: 8080)
    let items: [(name: String, value: String)] = [("after", "0"), ("page", "1")]
    func proof(
      port: Int = 8080, token: String = "abc123", method: String = "GET",
      path: String = "/api/updates", signed: [(name: String, value: String)] = items
    ) -> (name: String, value: String) {
      let message = PageProof.requestMessage(
        port: port, session: PageProofExample.session, counter: 1, method: method, path: path,
        items: signed)
      return (
        PageProof.item,
        PageProof.requestProof(
          token: token, session: PageProofExample.session, counter: 1, message: message)
      )
    }
    let good = gate.pageProof(method: "GET", path: "/api/updates", items: items + [proof()])
    #expect((try? good.get())?.counter == 1)
    func refusal(_ items: [(name: String, value: String)], method: String = "GET") -> Refusal? {
      guard
        case .failure(let refusal) = gate.pageProof(
          method: method, path: "/api/updates", items: items)
      else { return nil }
      return refusal
    }
    #expect(refusal(items + [("token", "abc123")])?.message.contains("opens nothing") == true)
    #expect(refusal(items + [proof(port: 8081)])?.status == 401)
    #expect(refusal(items + [proof(token: "abc124")])?.message.contains("does not match") == true)
    #expect(refusal(items + [proof()], method: "POST")?.status == 401)
    #expect(refusal([("after", "5"), ("page", "1"), proof()])?.status == 401)
    #expect(refusal(items + [("page", "2"), proof()]) != nil, "an item added after signing")
    #expect(
      refusal(items + [(PageProof.item, "nonsense")])?.message.contains("not session") == true)
    // Hosts and origins, before any proof.
    #expect(gate.refusal(host: "127.0.0.1:8080", origin: nil) == nil)
    #expect(gate.refusal(host: "localhost:8080", origin: "http://localhost:8080") == nil)
    #expect(gate.refusal(host: "evil.example:8080", origin: nil)?.status == 403)
    #expect(gate.refusal(host: nil, origin: nil)?.status == 403)
    #expect(gate.refusal(host: "127.0.0.1:8080", origin: "http://evil.example")?.status == 403)
    // An app's batch needs its own proof: the token opens nothing there either.
    #expect(gate.refusal(appConnection: nil)?.message.contains("opens nothing") == true)
  }

  @Test("a session opens once it is used; each counter once; late ones within the window; bounded")
  func sessions() {
    var sessions = PageSessions()
    let session = PageProofExample.session
    #expect(sessions.use(session: session, counter: 1) == .unknownSession)
    sessions.issue(session)
    #expect(sessions.use(session: session, counter: 1) == nil)
    #expect(sessions.use(session: session, counter: 1) == .replayed)
    #expect(sessions.use(session: session, counter: 3) == nil)
    #expect(sessions.use(session: session, counter: 2) == nil, "a request that lost a race")
    #expect(sessions.use(session: session, counter: 2) == .replayed)
    #expect(sessions.use(session: session, counter: 3 + PageSessions.window) == nil)
    #expect(sessions.use(session: session, counter: 3) == .replayed, "behind the window")
    #expect(sessions.use(session: session, counter: 4) == nil, "the window's oldest, once")
    #expect(sessions.use(session: session, counter: 4) == .replayed)
    // Past the capacity, the session used longest ago is forgotten: its page connects again.
    for index in 0..<PageSessions.capacity {
      let other = String(format: "%032x", index + 1)
      sessions.issue(other)
      #expect(sessions.use(session: other, counter: 1) == nil)
    }
    #expect(sessions.count == PageSessions.capacity)
    #expect(sessions.use(session: session, counter: 5_000) == .unknownSession)
  }

  @Test(
    "against a live inspector: it proves itself to the page, a proof opens one request once, and none outlives its run"
  )
  func live() async throws {
    let server = InspectorServer()
    let url = try await server.start()
    let port = try #require(url.port)
    let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let token = server.token
    #expect(url.absoluteString.contains("/#token="), "the token rides in the fragment: \(url)")

    // The page's files need no proof: they hold nothing secret.
    let (pageStatus, pageBody) = try await send(base, "/", method: "GET", items: [])
    #expect(pageStatus == 200)
    #expect(!String(decoding: pageBody, as: UTF8.self).contains(token))

    // The token itself, as the page sent it before, opens nothing.
    let (withToken, _) = try await send(
      base, "/api/updates", method: "GET", items: [("token", token)])
    #expect(withToken == 401)

    // The inspector proves itself for the port the page dialled.
    let pageNonce = InspectorHandshake.nonce()
    let (status, answer) = try await send(
      base, "/api/connect", method: "POST", items: [("role", "page"), ("nonce", pageNonce)])
    #expect(status == 200)
    let fields = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: String])
    let session = try #require(fields["nonce"])
    #expect(
      fields["proof"]
        == PageProof.inspectorProof(
          token: token, port: port, pageNonce: pageNonce, session: session))

    // A request with its proof passes once; the same again (captured, replayed) is refused.
    func signed(
      _ counter: Int, _ items: [(name: String, value: String)], method: String = "GET",
      path: String = "/api/updates"
    ) -> [(name: String, value: String)] {
      let message = PageProof.requestMessage(
        port: port, session: session, counter: counter, method: method, path: path, items: items)
      return items + [
        (
          PageProof.item,
          PageProof.requestProof(
            token: token, session: session, counter: counter, message: message)
        )
      ]
    }
    let first = signed(1, [("after", "0")])
    #expect(try await send(base, "/api/updates", method: "GET", items: first).status == 200)
    let (again, said) = try await send(base, "/api/updates", method: "GET", items: first)
    #expect(again == 401)
    #expect(String(decoding: said, as: UTF8.self).contains("used already"))

    // An event's proof binds its body: the same request with another event is refused.
    let event = Data(#"{"submit":{}}"#.utf8)
    let sendItems = signed(
      2, [("page", "1"), ("shell", "s1:1"), (PageProof.bodyItem, PageProof.bodyDigest(event))],
      method: "POST", path: "/api/send")
    let (swapped, why) = try await send(
      base, "/api/send", method: "POST", items: sendItems, body: Data(#"{"delete":{}}"#.utf8))
    #expect(swapped == 400)
    #expect(String(decoding: why, as: UTF8.self).contains("SHA-256"))

    // A proof made in one run opens nothing in the next, at the same port and token.
    let captured = signed(3, [("after", "0")])
    await server.stop()
    let again2 = InspectorServer(configuration: .init(port: UInt16(port), token: token))
    _ = try await again2.start()
    let (nextRun, told) = try await send(base, "/api/updates", method: "GET", items: captured)
    #expect(nextRun == 401)
    #expect(String(decoding: told, as: UTF8.self).contains("did not hand out"))
    await again2.stop()
  }
}
