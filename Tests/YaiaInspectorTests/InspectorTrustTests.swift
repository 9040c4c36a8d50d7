import FlyingFox
import FlyingSocks
import Foundation
import Synchronization
import Testing
import Yaia

@testable import YaiaInspector
@testable import YaiaInspectorServer

@Suite("The keyed hash the handshake is made of")
struct KeyedHashTests {
  static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

  @Test("SHA-256 gives FIPS 180-4's digests, across block and padding edges")
  func sha256() {
    #expect(
      Self.hex(SHA256.digest("".utf8))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      Self.hex(SHA256.digest("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      Self.hex(SHA256.digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      Self.hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    // Fed in pieces, the same as in one call.
    var pieces = SHA256()
    for part in ["abcdbcdecdefdefgefgh", "fghighijhijkijkljklmklmnlmnomnopnopq"] {
      pieces.update(part.utf8)
    }
    #expect(
      Self.hex(pieces.finish())
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test("HMAC-SHA-256 gives RFC 4231's values, a key longer than a block included")
  func hmac() {
    #expect(
      Self.hex(
        KeyedHash.sha256(
          key: [UInt8](repeating: 0x0b, count: 20), message: "Hi There".utf8))
        == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    #expect(
      Self.hex(KeyedHash.sha256(key: "Jefe".utf8, message: "what do ya want for nothing?".utf8))
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    #expect(
      Self.hex(
        KeyedHash.sha256(
          key: [UInt8](repeating: 0xaa, count: 131),
          message: "Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  @Test("an answer proves the inspector only with the proof its token makes")
  func answers() {
    let token = "5ec2e7f0aa61b9d3c4e8f1a2b3c4d5e6"
    let (app, inspector) = ("00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100")
    // Made by Python's hmac module: the same message gives the same proof.
    let proof = "1d145ed69ad3b06186f629c458085d4f5fd9f18e117d2243e827d4d19ded426a"
    let answer = Array("{\"nonce\":\"\(inspector)\",\"proof\":\"\(proof)\"}".utf8)
    let read = InspectorHandshake.read(answer: answer, appNonce: app, token: token, port: 4_100)
    #expect(
      read == .success(InspectorHandshake(appNonce: app, inspectorNonce: inspector, port: 4_100)))
    let elsewhere = InspectorHandshake.read(
      answer: answer, appNonce: app, token: token, port: 4_101)
    #expect(elsewhere == .failure(.init(reason: "its proof does not match the app's token")))
    for bad in [
      "", "[]", "{\"nonce\":\"\(app)\",\"proof\":\"\(proof)\"}", "{\"proof\":\"\(proof)\"}",
      "{\"nonce\":\"\(inspector.uppercased())\",\"proof\":\"\(proof)\"}",
      String(repeating: " ", count: 5_000) + "{}",
    ] {
      let result = InspectorHandshake.read(
        answer: Array(bad.utf8), appNonce: app, token: token, port: 4_100)
      #expect(
        result == .failure(.init(reason: "its answer is not a handshake")), "\(bad.prefix(80))")
    }
  }

  @Test("each side's proof needs the token, the port dialled and both nonces")
  func proofs() {
    let token = "0123456789abcdef0123456789abcdef"
    let shake = InspectorHandshake(
      appNonce: InspectorHandshake.nonce(), inspectorNonce: InspectorHandshake.nonce(),
      port: 4_100)
    #expect(shake.inspectorProof(token: token) != shake.appProof(token: token))
    #expect(shake.inspectorProof(token: token) != shake.inspectorProof(token: "other"))
    var elsewhere = shake
    elsewhere.port = 4_101
    #expect(shake.inspectorProof(token: token) != elsewhere.inspectorProof(token: token))
    let header = shake.headerValue(token: token)
    #expect(InspectorHandshake.accepts(header: header, token: token, port: 4_100))
    #expect(!InspectorHandshake.accepts(header: header, token: token, port: 4_101))
    #expect(!InspectorHandshake.accepts(header: header, token: "other", port: 4_100))
    // Another nonce, a short one, extra parts, the token itself: refused.
    let parts = header.split(separator: " ").map(String.init)
    for forged in [
      "\(InspectorHandshake.nonce()) \(parts[1]) \(parts[2])", "\(parts[0]) \(parts[1])",
      "\(parts[0]) \(parts[1]) \(parts[2]) x", "ab \(parts[1]) \(parts[2])", token,
      "\(parts[0].uppercased()) \(parts[1]) \(parts[2])",
    ] {
      #expect(!InspectorHandshake.accepts(header: forged, token: token, port: 4_100), "\(forged)")
    }
    #expect(InspectorHandshake.isNonce(InspectorHandshake.nonce()))
    #expect(InspectorHandshake.nonce() != InspectorHandshake.nonce())
  }
}

@Suite("The sender's connection as a value")
struct InspectorLinkTests {
  static func link(reconnects: Bool = true) -> InspectorLink {
    InspectorLink(reconnects: reconnects, firstDelay: .milliseconds(250), longestDelay: .seconds(1))
  }

  @Test("lost, then tried with growing pauses, then back: each told once")
  func lostAndBack() {
    var link = Self.link()
    #expect(link.take(.accepted, session: "s") == nil)
    #expect(link.take(.lost(reason: "gone"), session: "s") == .lost(reason: "gone"))
    #expect(link.phase == .reconnecting)
    var delays: [Duration] = [link.delay]
    for _ in 0..<4 {
      #expect(link.take(.lost(reason: "still gone"), session: "s") == nil)
      delays.append(link.delay)
    }
    #expect(
      delays == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(1), .seconds(1)])
    #expect(link.take(.accepted, session: "sr2") == .regained(session: "sr2"))
    #expect(link.phase == .connected)
    #expect(link.delay == .milliseconds(250))
  }

  @Test("an impostor at the address is told once in each loss, and the app keeps trying")
  func notItsOwn() {
    var link = Self.link()
    #expect(link.take(.lost(reason: "gone"), session: "s") == .lost(reason: "gone"))
    #expect(
      link.take(.notItsOwn(reason: "squatter"), session: "s") == .notItsOwn(reason: "squatter"))
    for _ in 0..<5 {
      #expect(link.take(.notItsOwn(reason: "squatter"), session: "s") == nil)
      #expect(link.take(.lost(reason: "gone"), session: "s") == nil)
    }
    #expect(link.phase == .reconnecting)
    #expect(link.take(.accepted, session: "sr2") == .regained(session: "sr2"))
    // A second loss is a new one: the impostor is told again.
    #expect(link.take(.lost(reason: "gone"), session: "sr2") == .lost(reason: "gone"))
    #expect(link.take(.notItsOwn(reason: "again"), session: "sr2") == .notItsOwn(reason: "again"))
  }

  @Test("a refusal ends it for good; without reconnecting, a loss does")
  func ends() {
    var link = Self.link()
    #expect(link.take(.refused(reason: "401"), session: "s") == .refused(reason: "401"))
    #expect(link.phase == .ended)
    #expect(link.take(.accepted, session: "s") == nil)
    #expect(link.take(.lost(reason: "x"), session: "s") == nil)
    var once = Self.link(reconnects: false)
    #expect(once.take(.lost(reason: "gone"), session: "s") == nil)
    #expect(once.phase == .ended)
    var stopped = Self.link()
    stopped.end()
    #expect(stopped.take(.lost(reason: "gone"), session: "s") == nil)
  }
}

/// What a squatter on an inspector's port received: every request, whole.
final class SquatterLog: Sendable {
  private let requests = Mutex<[String]>([])
  func append(_ text: String) { requests.withLock { $0.append(text) } }
  var all: [String] { requests.withLock { $0 } }
}

/// Another local program on the inspector's port: it answers every request as well as it can
/// without the token (a well-formed handshake with a made-up proof, 204 to batches).
struct Squatter: HTTPHandler {
  let log: SquatterLog

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let body = try await request.bodyData
    let headers = request.headers.map { "\($0.key.rawValue): \($0.value)" }.joined(separator: "\n")
    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    log.append(
      "\(request.method.rawValue) \(request.path)?\(query)\n\(headers)\n\n"
        + String(decoding: body, as: UTF8.self))
    if request.path == "/api/connect" {
      let made = String(repeating: "ab", count: 32)
      return HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json"],
        body: Data("{\"nonce\":\"\(InspectorHandshake.nonce())\",\"proof\":\"\(made)\"}".utf8))
    }
    return HTTPResponse(statusCode: .noContent)
  }

  /// Listens on `port` of 127.0.0.1 (retrying for a while: the inspector's socket may still be
  /// closing).
  static func start(on port: UInt16, log: SquatterLog) async throws -> HTTPServer {
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      let server = HTTPServer(
        address: try .inet(ip4: "127.0.0.1", port: port), timeout: 15,
        handler: Squatter(log: log))
      let task = Task { try await server.run() }
      do {
        try await server.waitUntilListening(timeout: 30)
        return server
      } catch {
        task.cancel()
        await server.stop(timeout: 0)
        guard ContinuousClock.now < deadline else { throw error }
        try await Task.sleep(for: .milliseconds(100))
      }
    }
  }
}

@Suite("The nonces an inspector handed out")
struct IssuedNoncesTests {
  @Test("each is good once; past the capacity the oldest are forgotten")
  func once() {
    var nonces = IssuedNonces()
    nonces.issue("a")
    let uses = [nonces.use("a"), nonces.use("a"), nonces.use("never")]
    #expect(uses == [true, false, false])
    for index in 0..<(IssuedNonces.capacity * 3) { nonces.issue("n\(index)") }
    #expect(nonces.count == IssuedNonces.capacity)
    #expect(nonces.remembered <= 2 * IssuedNonces.capacity)
    let oldest = nonces.use("n0")
    let newest = nonces.use("n\(IssuedNonces.capacity * 3 - 1)")
    #expect(!oldest && newest)
    // Handed out and used, one after another, a day's worth: the memory stays bounded.
    for index in 0..<50_000 {
      nonces.issue("u\(index)")
      _ = nonces.use("u\(index)")
    }
    #expect(nonces.remembered <= 2 * IssuedNonces.capacity + 1, "\(nonces.remembered)")

  }
}

@Suite("Apps talk only to their own inspector")
struct InspectorTrustTests {
  @Test("a squatter on the saved port gets nothing but nonces, and the app says so once")
  @MainActor
  func squatterGetsNothing() async throws {
    let app = try await WatchedApp.connect(as: "trusting")
    let (first, changes, inspector, shell) = (app.server, app.changes, app.inspector, app.shell)
    shell.send(.typedName("ada"))
    #expect(await inspector.flush(timeout: .seconds(30)))
    await first.stop()
    let log = SquatterLog()
    let squatter = try await Squatter.start(on: app.port, log: log)
    shell.send(.typedName("ada lovelace"))
    shell.send(.typedPassword(Password("secret")))
    // Several attempts reach the squatter; each is a bare nonce.
    #expect(
      await InspectorReconnectionTests.until { log.all.count >= 4 },
      "the app never tried the squatter: \(log.all), \(changes.all)")
    let told = changes.all
    #expect(told.count { if case .notItsOwn = $0 { true } else { false } } == 1, "\(told)")
    #expect(!inspector.isConnected)
    for seen in log.all {
      #expect(seen.hasPrefix("POST /api/connect?nonce="), "\(seen)")
      #expect(!seen.contains(first.token), "the token reached the squatter: \(seen)")
      #expect(!seen.contains("lovelace") && !seen.contains("trusting"), "\(seen)")
      #expect(!seen.contains(InspectorHandshake.header), "\(seen)")
    }
    // A new app started against the squatter is not fooled either.
    let url = try #require(URL(string: "http://127.0.0.1:\(app.port)/?token=\(first.token)"))
    await #expect {
      _ = try await Inspector.connect(to: InspectorAddress(url.absoluteString), app: "newcomer")
    } throws: { error in
      guard case .notItsOwn(_, let reason) = error as? InspectorError else { return false }
      return reason.contains("proof does not match")
    }
    #expect(!log.all.contains { $0.contains("newcomer") || $0.contains(first.token) })
    // The real inspector back: the app finds it, and says so.
    await squatter.stop(timeout: 0)
    let second = try await app.inspectorAgain()
    #expect(
      await InspectorReconnectionTests.until {
        changes.all.last == .regained(session: "\(inspector.session)r2")
      }, "\(changes.all)")
    shell.send(.submit)
    #expect(await inspector.flush(timeout: .seconds(30)))
    let kinds = try await WatchedApp.kinds(seenBy: second)
    #expect(kinds.first == "shell" && kinds.contains("step"), "\(kinds)")
    await inspector.disconnect()
    await second.stop()
  }

  @Test("batches need the token or an app's proof for this inspector's port")
  func batchesNeedAProof() async throws {
    let server = InspectorServer()
    let url = try await server.start()
    let port = try #require(url.port)
    let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let batch = InspectorBatch(app: "x", session: "s1", sequence: 1, messages: []).wireBytes()
    let (bare, _) = try await request(base, "/api/apps", method: "POST", body: Data(batch))
    #expect(bare == 401)
    // A proof for another port (a relay elsewhere) or made up.
    let shake = InspectorHandshake(
      appNonce: InspectorHandshake.nonce(), inspectorNonce: InspectorHandshake.nonce(),
      port: 1)
    let (relayed, said) = try await request(
      base, "/api/apps", method: "POST",
      headers: [InspectorHandshake.header: shake.headerValue(token: server.token)],
      body: Data(batch))
    #expect(relayed == 401)
    #expect(String(decoding: said, as: UTF8.self).contains("proof does not match"))
    // The handshake's first step needs a well-formed nonce, and proves this port.
    let (noNonce, _) = try await request(base, "/api/connect", method: "POST")
    #expect(noNonce == 400)
    let appNonce = InspectorHandshake.nonce()
    let (status, answer) = try await request(
      base, "/api/connect", method: "POST", query: ["nonce": appNonce])
    #expect(status == 200)
    let fields = try #require(
      try JSONSerialization.jsonObject(with: answer) as? [String: String])
    let made = InspectorHandshake(
      appNonce: appNonce, inspectorNonce: try #require(fields["nonce"]), port: port)
    #expect(fields["proof"] == made.inspectorProof(token: server.token))
    let (accepted, _) = try await request(
      base, "/api/apps", method: "POST",
      headers: [InspectorHandshake.header: made.headerValue(token: server.token)],
      body: Data(batch))
    #expect(accepted == 204)
    // The same proof again (a batch replayed by whoever saw it): refused, the app told to
    // connect again.
    let (replayed, _) = try await request(
      base, "/api/apps", method: "POST",
      headers: [InspectorHandshake.header: made.headerValue(token: server.token)],
      body: Data(batch))
    #expect(replayed == 409)
    // From another host name, even the handshake is refused.
    let (rebound, _) = try await request(
      base, "/api/connect", method: "POST", query: ["nonce": appNonce],
      headers: ["Host": "evil.example:\(port)"])
    #expect(rebound == 403)
    await server.stop()
  }
}
