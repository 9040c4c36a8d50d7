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
      "authorization", "jwt", "csrf", "xsrf", "signature", "bearer", "refresh",
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

    /// Whether `text`, a body no reader could parse, might hold a secret: one of the rule's
    /// words written as a name given a value (`token=…`, `"password": …`, `Session: …`).
    static func mightHoldSecret(_ text: String) -> Bool {
      let lowered = text.lowercased()
      for word in containedWords {
        var searched = lowered.startIndex
        while let found = lowered.range(of: word, range: searched..<lowered.endIndex) {
          var after = found.upperBound
          // The rest of the name (`access_token`, `sessionId`), then quotes and spaces.
          while after < lowered.endIndex,
            lowered[after].isLetter || lowered[after].isNumber || "_-".contains(lowered[after])
          {
            after = lowered.index(after: after)
          }
          while after < lowered.endIndex, "\"' \t".contains(lowered[after]) {
            after = lowered.index(after: after)
          }
          if after < lowered.endIndex, lowered[after] == "=" || lowered[after] == ":" {
            return true
          }
          searched = found.upperBound
        }
      }
      return false
    }
  }
#endif
