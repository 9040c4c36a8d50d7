#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// The credentials one exchange carried, as exact values: what the app sent (its
  /// `Authorization`, its cookies, every header, query item and body field whose name holds a
  /// secret) and what the backend set (`Set-Cookie`, secret-named response headers). A
  /// recording removes each of these values wherever it reappears (a body that echoes the
  /// request, a URL in a header, a JSON string inside a string), whatever the name around it.
  ///
  /// Redaction by name (``SecretNames``) misses a secret under an innocent name; redaction by
  /// value catches it, because the recorder saw the value go out.
  struct SentCredentials: Sendable {
    /// The values, longest first, so that a value inside another is replaced after it.
    private(set) var values: [String] = []

    /// Values shorter than this are not looked for: a one-letter "secret" would blank every
    /// occurrence of its letter.
    static let shortest = 4

    /// The credentials of `request` and of `response`'s own secret fields.
    init(request: HTTPRequest, response: HTTPResponse) {
      var found: Set<String> = []
      func add(_ value: some StringProtocol) {
        let value = value.trimmingCharacters(in: .whitespaces)
        guard value.utf8.count >= Self.shortest else { return }
        found.insert(value)
        if let decoded = value.removingPercentEncoding, decoded != value,
          decoded.utf8.count >= Self.shortest
        {
          found.insert(decoded)
        }
      }
      for value in RequestCredentials.values(in: request) {
        add(value)
        // `Bearer abc`: the token alone too, as a body would echo it.
        if let token = Self.schemeToken(value) { add(token) }
      }
      for field in response.headers.fields {
        let name = field.name.lowercased()
        if name == "set-cookie" {
          if let cookie = RequestCredentials.credentialCookie(setBy: field.value) {
            add(cookie.value)
          }
        } else if SecretNames.isSecret(name) {
          add(field.value)
        }
      }
      values = found.filter { $0.utf8.count >= Self.shortest }.sorted {
        $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1
      }
    }

    /// The credentials `request` carried (what a journal listing must not show): those
    /// ``RequestCredentials`` finds, the values of query items, headers and form fields named
    /// in `names` (an API's own `apiKey` names, lower-cased: `appid`), and `pathValues` (the
    /// path segments its route names as secrets: `/reset/:token`).
    init(request: HTTPRequest, alsoNamed names: Set<String> = [], pathValues: [String] = []) {
      var found: Set<String> = []
      var sent = RequestCredentials.values(in: request) + pathValues
      if !names.isEmpty {
        sent += request.headers.fields.filter { names.contains($0.name.lowercased()) }.map(\.value)
        sent += RequestCredentials.pairs(in: request.rawQuery)
          .filter { names.contains($0.0.lowercased()) }.map(\.1)
        if let text = String(data: request.body, encoding: .utf8) {
          sent += RequestCredentials.pairs(in: text).filter { names.contains($0.0.lowercased()) }
            .map(\.1)
        }
      }
      for value in sent {
        let value = value.trimmingCharacters(in: .whitespaces)
        if value.utf8.count >= Self.shortest { found.insert(value) }
        if let token = Self.schemeToken(value), token.utf8.count >= Self.shortest {
          found.insert(String(token))
        }
      }
      values = found.sorted {
        $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1
      }
    }

    /// The token of an `Authorization`-style value (`Bearer abc`, `ApiKey-v1  abc`): what
    /// follows the first word and its spaces, when it is one word itself; `nil` for any other
    /// value.
    static func schemeToken(_ value: String) -> Substring? {
      guard let space = value.firstIndex(of: " ") else { return nil }
      let token = value[space...].drop { $0 == " " }
      guard space > value.startIndex, !token.isEmpty, !token.contains(" ") else { return nil }
      return token
    }

    /// Whether there is nothing to look for.
    var isEmpty: Bool { values.isEmpty }

    /// A credential made of letters alone and shorter than this is replaced only where it
    /// stands as a word of its own: such a credential is a word (a wrong password `wrong`), and
    /// the answer's `wrong_password` is not the credential. Any other (a token with a digit, a
    /// long one) is replaced wherever it occurs.
    static let longestWord = 16

    /// Whether `value` is replaced only as a word of its own (``longestWord``).
    static func isWord(_ value: String) -> Bool {
      value.utf8.count < longestWord && value.allSatisfy(\.isLetter)
    }

    /// `text` with every credential replaced by `REDACTED`, and how many were.
    ///
    /// Searched as UTF-8 bytes, never with Foundation's string search: a value is outside
    /// input, and Foundation traps on a value ending in NUL (`?token=abcd%00`) searched in
    /// text with a character past ASCII (`"é…abcd"`), which a client could use to stop the
    /// server. UTF-8 synchronises itself, so a byte match is always a match of whole scalars.
    func redact(_ text: String) -> (text: String, count: Int) {
      guard !values.isEmpty else { return (text, 0) }
      var bytes = Array(text.utf8)
      var count = 0
      let replacement = Array("REDACTED".utf8)
      for value in values {
        let needle = Array(value.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { continue }
        let wordOnly = Self.isWord(value)
        var out: [UInt8] = []
        var index = 0
        var changed = false
        while index < bytes.count {
          guard bytes[index] == first, index + needle.count <= bytes.count,
            bytes[index..<(index + needle.count)].elementsEqual(needle)
          else {
            out.append(bytes[index])
            index += 1
            continue
          }
          let end = index + needle.count
          let standsAlone =
            !wordOnly
            || (!Self.wordScalar(before: index, in: bytes) && !Self.wordScalar(at: end, in: bytes))
          if standsAlone {
            out += replacement
            count += 1
            changed = true
          } else {
            out += needle
          }
          index = end
        }
        if changed { bytes = out }
      }
      return (String(decoding: bytes, as: UTF8.self), count)
    }

    /// Whether the scalar that ends just before byte `index` is a word character.
    private static func wordScalar(before index: Int, in bytes: [UInt8]) -> Bool {
      guard index > 0 else { return false }
      var start = index - 1
      // Back over continuation bytes (10xxxxxx) to the scalar's first byte.
      while start > 0, bytes[start] & 0xC0 == 0x80, index - start < 4 { start -= 1 }
      return isWordScalar(
        String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars.first)
    }

    /// Whether the scalar that starts at byte `index` is a word character.
    private static func wordScalar(at index: Int, in bytes: [UInt8]) -> Bool {
      guard index < bytes.count else { return false }
      let end = min(bytes.count, index + 4)
      return isWordScalar(String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first)
    }

    /// A letter, a digit or `_`: what a word is made of.
    private static func isWordScalar(_ scalar: Unicode.Scalar?) -> Bool {
      guard let scalar else { return false }
      return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || scalar == "_"
    }

    /// `bytes` with every credential's UTF-8 overwritten by as many bytes of `REDACTED…`: for a
    /// body that is not text, whose length and offsets must stay as they were (an image, an
    /// archive, a protocol buffer).
    func redact(_ bytes: Data) -> (bytes: Data, count: Int) {
      guard !values.isEmpty else { return (bytes, 0) }
      var bytes = bytes
      var count = 0
      for value in values {
        let needle = Data(value.utf8)
        let filler = Data(
          (0..<needle.count).map { Array("REDACTED".utf8)[$0 % 8] })
        var searched = bytes.startIndex
        while let found = bytes.range(of: needle, in: searched..<bytes.endIndex) {
          bytes.replaceSubrange(found, with: filler)
          count += 1
          searched = found.upperBound
        }
      }
      return (bytes, count)
    }

    /// Whether `text` holds any of the credentials, as ``redact(_:)-(String)`` finds them.
    func occur(in text: String) -> Bool { redact(text).count > 0 }
  }

  /// Redaction of `name=value` pairs by name, where a query or a form body can stand: a whole
  /// form body, the query of a URL in a header (`Location: /next?code=…`), a URL in a JSON
  /// string.
  enum PairRedaction {
    /// What a pair may follow.
    static let pairStarts = Set("?&;#\"' \t\r\n".unicodeScalars)

    /// `text` with the value of every pair whose name is secret replaced by `REDACTED`, and how
    /// many were. A pair starts the text or follows `?`, `&`, `;`, `#` (a fragment:
    /// `#access_token=…`), a quote, a space or a line end, and its value runs to the next `&`,
    /// `#`, `;`, quote, backslash (an escaped quote in JSON text), `>`, space or line end.
    static func redact(_ text: String, alsoNamed names: Set<String> = []) -> (
      text: String, count: Int
    ) {
      guard text.contains("=") else { return (text, 0) }
      let scalars = Array(text.unicodeScalars)
      var out = String.UnicodeScalarView()
      var count = 0
      var index = 0
      var pairStart = true
      while index < scalars.count {
        if pairStart {
          // Read a name up to `=`, if one is there.
          var end = index
          while end < scalars.count, !"=&?;#\"'<> \t\r\n".unicodeScalars.contains(scalars[end]) {
            end += 1
          }
          if end < scalars.count, scalars[end] == "=", end > index {
            let name = String(String.UnicodeScalarView(scalars[index..<end]))
            let decodedName = name.removingPercentEncoding ?? name
            out.append(contentsOf: scalars[index...end])
            var valueEnd = end + 1
            while valueEnd < scalars.count,
              !"&#;\"'\\<> \t\r\n".unicodeScalars.contains(scalars[valueEnd])
            {
              valueEnd += 1
            }
            if SecretNames.isSecret(decodedName) || names.contains(decodedName.lowercased()),
              valueEnd > end + 1
            {
              out.append(contentsOf: "REDACTED".unicodeScalars)
              count += 1
            } else {
              out.append(contentsOf: scalars[(end + 1)..<valueEnd])
            }
            index = valueEnd
            pairStart = false
            continue
          }
        }
        let scalar = scalars[index]
        out.append(scalar)
        pairStart = Self.pairStarts.contains(scalar)
        index += 1
      }
      return (String(out), count)
    }
  }
#endif
