#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// Which names hold secrets, in any spelling: JSON keys, form fields, query items and header
  /// fields alike. A recording redacts the value of every name this rule matches, wherever the
  /// name appears.
  ///
  /// The rule, applied to the name lower-cased with everything but letters and digits removed
  /// (so `client-secret`, `Client_Secret` and `clientSecret` are one name):
  /// - it **contains** one of ``containedWords`` (`token`, `secret`, `password`, `session`,
  ///   `cookie`, `signature`, `privatekey`, `jwt`, `csrf`, …): `sessionToken`, `X-CSRF-Token`,
  ///   `x-amz-signature`;
  /// - or it **is** one of ``wholeWords`` (`sig`, `key`, `code`, `pin`, `otp`, `sid`, `auth`,
  ///   …), words too short to look for inside others (`countryCode` is not secret, `code` is);
  /// - or it **ends** with one of ``endingWords`` (`otp`, `pin`, `sig`): `smsOtp`, `userPin`.
  ///
  /// Why so broad: a recording is meant to be committed, and a missed secret is worse than a
  /// redacted id. A name the rule misses can be added with `--secret-path`.
  public enum SecretNames {
    /// Words that make any name that contains them secret.
    public static let containedWords = [
      "token", "secret", "password", "passwd", "passphrase", "apikey", "accesskey",
      "privatekey", "signingkey", "secretkey", "credential", "session", "cookie",
      "authorization", "jwt", "csrf", "xsrf", "signature", "bearer", "refresh", "authkey",
      "subscriptionkey",
    ]
    /// Names that are secret when they are the whole name.
    public static let wholeWords: Set = [
      "sig", "key", "code", "pin", "otp", "sid", "auth", "pwd", "pass", "mfa", "hmac", "nonce",
      "ssn", "totp", "hotp", "cvv", "cvc",
    ]
    /// Endings that make a name secret.
    public static let endingWords = ["otp", "pin", "sig", "pwd"]

    /// Whether `name` holds a secret by the rule above.
    public static func isSecret(_ name: some StringProtocol) -> Bool {
      let folded = String(
        String.UnicodeScalarView(
          name.lowercased().unicodeScalars.filter {
            ("a"..."z").contains($0) || ("0"..."9").contains($0)
          }))
      guard !folded.isEmpty else { return false }
      return wholeWords.contains(folded) || containedWords.contains { folded.contains($0) }
        || endingWords.contains { folded.hasSuffix($0) }
    }

    /// Whether `text`, a body no reader could parse, might hold a secret: a name the rule above
    /// matches, given a value that is not already `REDACTED` (`token=…`, `"password": …`,
    /// `api_key: …`, `code=…`).
    ///
    /// One pass: each run of name characters (letters, digits, `_`, `-`, `.`) is read once,
    /// then the quotes and spaces after it, so the cost is linear in the text however it
    /// repeats a word.
    package static func mightHoldSecret(_ text: String) -> Bool {
      let scalars = Array(text.unicodeScalars)
      func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "_-.".unicodeScalars.contains(scalar)
      }
      let redacted = Array("REDACTED".unicodeScalars)
      var index = 0
      while index < scalars.count {
        guard isNameScalar(scalars[index]) else {
          index += 1
          continue
        }
        let start = index
        while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
        // At most 64 characters of a name are read as a name: a longer run is text.
        guard index - start <= 64 else { continue }
        var after = index
        while after < scalars.count, "\"' \t".unicodeScalars.contains(scalars[after]) {
          after += 1
        }
        guard after < scalars.count, scalars[after] == "=" || scalars[after] == ":" else {
          continue
        }
        var value = after + 1
        while value < scalars.count, "\"' \t".unicodeScalars.contains(scalars[value]) {
          value += 1
        }
        let isRedacted =
          value + redacted.count <= scalars.count
          && Array(scalars[value..<(value + redacted.count)]) == redacted
        let isEmpty = value >= scalars.count || "&;,\r\n}".unicodeScalars.contains(scalars[value])
        if !isRedacted, !isEmpty,
          isSecret(String(String.UnicodeScalarView(scalars[start..<index])))
        {
          return true
        }
      }
      return false
    }
  }
#endif
