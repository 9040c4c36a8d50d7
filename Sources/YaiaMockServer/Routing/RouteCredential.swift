#if MockServer  // the trait; without it, TraitRequirement.swift names it
  extension MockRoute {
    /// Which credential a request must carry for a route to answer it: none, any, or one told
    /// apart by its salted fingerprint.
    ///
    /// A backend answers the same request differently by its credential: `GET /me` with a token
    /// is the profile and without one a 401; a login with the right password is a 200 and with
    /// a wrong one a 401. A recording keeps those as different routes, so that neither answer
    /// takes the other's turn. What counts as a credential is what a recording redacts: the
    /// `Authorization` header, credential cookies, and headers, query items and body fields
    /// whose name holds a secret (``SecretNames``).
    ///
    /// ```yaml
    /// credential-salt: "3b9f0c6e2a71d845"   # once per manifest, for fingerprints
    /// routes:
    ///   - { method: GET, path: /me, credential: none, response: { status: 401 } }
    ///   - { method: GET, path: /me, credential: sent, response: { file: me.json } }
    ///   - method: POST
    ///     path: /login
    ///     body: { user: ada }
    ///     credential: ["5e21"]                # the password that was right
    ///     response: { file: login.json }
    /// ```
    public enum Credential: Hashable, Sendable {
      /// The request carries no credential at all.
      case notSent
      /// The request carries a credential, whatever its value: a token the backend issued,
      /// which a replay sends as the placeholder the recording wrote in its place.
      case sent
      /// The request carries, for each fingerprint, a credential whose fingerprint under
      /// `salt` it is: a password or key the app had before the exchange, told apart from
      /// another without being stored.
      case fingerprinted(salt: String, fingerprints: Set<String>)

      /// The fingerprint of credential `value` under `salt`: four hex digits, sixteen bits of a
      /// salted hash.
      ///
      /// Sixteen bits tell the few passwords of a recording apart (two share a fingerprint once
      /// in 65,536) and say little of a value with many possibilities: a guess that matches is
      /// one of thousands that do. A value of few possibilities (a four-digit PIN) can be
      /// guessed back from its fingerprint and the salt, which the manifest holds: record with
      /// test accounts.
      public static func fingerprint(of value: String, salt: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in salt.utf8 {
          hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01b3  // between salt and value
        for byte in value.utf8 {
          hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        // Mixed so that every input bit reaches the top sixteen.
        hash ^= hash >> 30
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 27
        hash &*= 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        let top = String(hash >> 48, radix: 16)
        return String(repeating: "0", count: 4 - top.count) + top
      }

      /// Whether a fingerprint is written as ``fingerprint(of:salt:)`` writes one.
      public static func isFingerprint(_ text: String) -> Bool {
        text.utf8.count == 4
          && text.unicodeScalars.allSatisfy { "0123456789abcdef".unicodeScalars.contains($0) }
      }

      /// Whether a request carrying the credential `values` meets this rule.
      func admits(_ values: [String]) -> Bool {
        switch self {
        case .notSent: return values.isEmpty
        case .sent: return !values.isEmpty
        case .fingerprinted(let salt, let fingerprints):
          let carried = Set(values.map { Self.fingerprint(of: $0, salt: salt) })
          return fingerprints.isSubset(of: carried)
        }
      }

      /// Why a request carrying the credential `values` misses this rule, for a 404's
      /// closest-route line; `nil` when it meets it.
      func miss(_ values: [String]) -> String? {
        guard !admits(values) else { return nil }
        switch self {
        case .notSent: return "it answers only a request with no credential"
        case .sent: return "it answers only a request with a credential, and the request has none"
        case .fingerprinted(_, let fingerprints):
          return "it answers only the credential recorded for it (fingerprint "
            + fingerprints.sorted().joined(separator: ", ") + "), and the request "
            + (values.isEmpty ? "has none" : "carries another")
        }
      }
    }
  }
#endif
