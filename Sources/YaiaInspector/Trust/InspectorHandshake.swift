import YaiaHTTP
import YaiaSupport

/// How an app and its inspector prove to each other that they hold the token `yaia inspect`
/// printed, before the app sends anything: the app never sends the token itself.
///
/// 1. The app posts `/api/connect?nonce=A` (a fresh random nonce, no token).
/// 2. The inspector answers a nonce of its own, `I`, and `proof`, the keyed hash (HMAC-SHA-256,
///    keyed by the token) of its role, the port it listens on, `A` and `I`. The app checks it:
///    whoever took the port while the inspector was down cannot make it, and an inspector
///    elsewhere that relays the challenge proves a port the app did not dial.
/// 3. The app sends its batches with a `Yaia-Connection` header: `A`, `I` and the keyed hash of
///    the app's role over the same values. The inspector recomputes it.
///
/// Everything here is a value: the same functions make and check both proofs.
package struct InspectorHandshake: Sendable, Equatable {
  /// The app's nonce.
  package var appNonce: String
  /// The inspector's nonce.
  package var inspectorNonce: String
  /// The port the app dialled and the inspector listens on.
  package var port: Int

  /// The header that carries an app's proof with each batch.
  package static let header = "Yaia-Connection"
  /// What every proof is made over first, so that a digest made here means nothing elsewhere.
  static let domain = "yaia-inspector-1"
  /// A nonce's length in hexadecimal digits (128 bits).
  package static let nonceLength = 32

  package init(appNonce: String, inspectorNonce: String, port: Int) {
    self.appNonce = appNonce
    self.inspectorNonce = inspectorNonce
    self.port = port
  }

  /// A fresh nonce from the system's secure random source.
  package static func nonce() -> String {
    var generator = SystemRandomNumberGenerator()
    return hex(
      (0..<nonceLength / 2).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }

  /// Whether `text` is a nonce: exactly ``nonceLength`` lowercase hexadecimal digits.
  package static func isNonce(_ text: String) -> Bool {
    text.utf8.count == nonceLength
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// What the inspector shows to prove it holds `token`.
  package func inspectorProof(token: String) -> String { digest(role: "inspector", token: token) }

  /// What the app shows with each batch to prove it holds `token`.
  package func appProof(token: String) -> String { digest(role: "app", token: token) }

  /// The `Yaia-Connection` header's value for the app's batches.
  package func headerValue(token: String) -> String {
    "\(appNonce) \(inspectorNonce) \(appProof(token: token))"
  }

  /// Whether `value`, a `Yaia-Connection` header, proves its sender holds `token`, for an
  /// inspector listening on `port`.
  package static func accepts(header value: String, token: String, port: Int) -> Bool {
    let parts = value.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, isNonce(parts[0]), isNonce(parts[1]) else { return false }
    let handshake = InspectorHandshake(appNonce: parts[0], inspectorNonce: parts[1], port: port)
    return sameText(parts[2], handshake.appProof(token: token))
  }

  /// Why an answer to `/api/connect` proves nothing: the start of a sentence ("its answer is
  /// not a handshake"), made here and never from the answer's bytes.
  package struct Unproven: Error, Equatable, Sendable {
    /// What was wrong.
    package var reason: String
  }

  /// The largest answer to `/api/connect` read.
  package static let largestAnswer = 4_096

  /// Reads the inspector's answer to the app's `appNonce`: the handshake, if the answer proves
  /// that whoever made it holds `token` and listens on `port`.
  package static func read(
    answer: some Collection<UInt8>, appNonce: String, token: String, port: Int
  ) -> Result<InspectorHandshake, Unproven> {
    guard answer.count <= largestAnswer,
      let members = (try? JSONReader.parse(answer))?.members,
      case .string(let inspectorNonce)? = members.last(where: { $0.name == "nonce" })?.value.kind,
      case .string(let proof)? = members.last(where: { $0.name == "proof" })?.value.kind,
      isNonce(inspectorNonce), inspectorNonce != appNonce
    else { return .failure(Unproven(reason: "its answer is not a handshake")) }
    let handshake = InspectorHandshake(
      appNonce: appNonce, inspectorNonce: inspectorNonce, port: port)
    guard sameText(proof, handshake.inspectorProof(token: token)) else {
      return .failure(Unproven(reason: "its proof does not match the app's token"))
    }
    return .success(handshake)
  }

  private func digest(role: String, token: String) -> String {
    let message = "\(Self.domain) \(role) \(port) \(appNonce) \(inspectorNonce)"
    return Self.hex(KeyedHash.sha256(key: token.utf8, message: message.utf8))
  }

  static func hex(_ bytes: [UInt8]) -> String { KeyedHash.hex(bytes) }

  /// Compares without stopping at the first difference (``KeyedHash/sameText(_:_:)``).
  package static func sameText(_ a: String, _ b: String) -> Bool { KeyedHash.sameText(a, b) }
}
