import YaiaSupport

/// How the inspector's page and the inspector prove to each other that they hold the token
/// `yaia inspect` printed, so that the page never sends the token, nor anything that acts for
/// it once captured.
///
/// Why: while `yaia inspect` is down, any local program may take its port, and an open page
/// keeps calling that port. It must hand that program nothing it can use.
///
/// 1. The page posts `/api/connect?role=page&nonce=P` (a fresh random nonce, nothing else).
/// 2. The inspector answers a session nonce `S` and ``inspectorProof(token:port:pageNonce:session:)``,
///    the keyed hash (HMAC-SHA-256, keyed by the token) of its role, its port, `P` and `S`.
///    The page checks it in the browser's Web Crypto: whoever took the port cannot make it, and
///    an inspector elsewhere that relays the challenge proves a port the page did not dial.
///    Until it holds, the page sends nothing else.
/// 3. Every request of the page then carries `proof=S.N.H` as its last query item: `N` a counter
///    the page never repeats in that session, and `H` the keyed hash of
///    ``requestMessage(port:session:counter:method:path:items:)``: the method, the path and
///    every other query item, so a proof opens exactly one request, once, in one run of the
///    inspector (sessions live in its memory only). A request's body is bound by its SHA-256 in
///    a `body` item.
///
/// The app's handshake (``InspectorHandshake``) signs other roles, so no proof made here means
/// anything there, and the reverse. The page's script computes the same messages: the tests keep
/// the two in step through fixed examples.
package enum PageProof {
  /// The query item that carries a request's proof.
  package static let item = "proof"
  /// The query item that carries the SHA-256 of a request's body, in hexadecimal.
  package static let bodyItem = "body"
  /// The value of `role` that asks `/api/connect` for a page's session rather than an app's.
  package static let role = "page"
  /// The largest counter: JavaScript's largest exact whole number.
  package static let largestCounter = (1 << 53) - 1

  /// What the inspector shows a page to prove it holds `token` and listens on `port`.
  package static func inspectorProof(
    token: String, port: Int, pageNonce: String, session: String
  ) -> String {
    sign("\(InspectorHandshake.domain) page-inspector \(port) \(pageNonce) \(session)", token)
  }

  /// What a request's proof is made over: the session and counter, the method, the path and
  /// every query item but the proof, in order, each written with its length in UTF-8 bytes
  /// first, so that no two requests read as one message.
  package static func requestMessage(
    port: Int, session: String, counter: Int, method: String, path: String,
    items: [(name: String, value: String)]
  ) -> String {
    var message = "\(InspectorHandshake.domain) page-request \(port) \(session) \(counter) "
    message += "\(method) \(path.utf8.count):\(path)\n"
    for (name, value) in items where name != item {
      message += "\(name.utf8.count):\(name)\(value.utf8.count):\(value)"
    }
    return message
  }

  /// A request's `proof` item for `message` in `session` at `counter`: `S.N.H`.
  package static func requestProof(
    token: String, session: String, counter: Int, message: String
  ) -> String {
    "\(session).\(counter).\(sign(message, token))"
  }

  /// A request's `proof` item read: its session, counter and keyed hash; `nil` when it is not
  /// one, written just as ``requestProof(token:session:counter:message:)`` writes it (checked
  /// before anything is computed with it).
  package static func parse(_ text: String) -> (session: String, counter: Int, hash: String)? {
    guard text.utf8.count <= 128 else { return nil }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, InspectorHandshake.isNonce(parts[0]),
      parts[1].utf8.count <= 16, parts[1].utf8.first != UInt8(ascii: "0"),
      parts[1].utf8.allSatisfy({ (48...57).contains($0) }),
      let counter = Int(parts[1]), (1...largestCounter).contains(counter),
      parts[2].utf8.count == 64,
      parts[2].utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
    else { return nil }
    return (parts[0], counter, parts[2])
  }

  /// Whether `hash` is the keyed hash of `message` under `token`, compared in constant time.
  package static func accepts(hash: String, message: String, token: String) -> Bool {
    InspectorHandshake.sameText(hash, sign(message, token))
  }

  /// The SHA-256 of `body` in lowercase hexadecimal: the `body` item of a request that has one.
  package static func bodyDigest(_ body: some Sequence<UInt8>) -> String {
    InspectorHandshake.hex(SHA256.digest(body))
  }

  private static func sign(_ message: String, _ token: String) -> String {
    InspectorHandshake.hex(KeyedHash.sha256(key: token.utf8, message: message.utf8))
  }
}
