#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import YaiaHTTP

  /// The credentials a request carries, as the exact values sent: its `Authorization` (and
  /// `Proxy-Authorization`), its credential cookies, and every header, query item, form field
  /// or JSON body value whose name holds a secret by ``SecretNames``.
  ///
  /// One reading for the two sides that need it: a recording redacts these values wherever they
  /// reappear, and tells routes apart by them (``MockRoute/Credential``); the router checks a
  /// route's credential rule against them.
  enum RequestCredentials {
    /// The most values read from one request. No body a server or a recording takes (1 MiB by
    /// default) holds this many short ones, so every credential is found, and none is missed
    /// for coming after many others; the limit bounds the work of a larger body.
    static let mostValues = 1_000_000

    /// The credential values of `request`, each once, in the order found; empty values left
    /// out.
    static func values(in request: HTTPRequest) -> [String] {
      var found: [String] = []
      var seen: Set<String> = []
      func add(_ value: some StringProtocol) {
        let value = value.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty, found.count < mostValues, seen.insert(value).inserted else {
          return
        }
        found.append(value)
      }
      for field in request.headers.fields {
        let name = field.name.lowercased()
        if name == "authorization" || name == "proxy-authorization" {
          add(field.value)
        } else if name == "cookie" {
          for (name, value) in cookies(in: field.value) where isCredentialCookie(name, value) {
            add(value)
          }
        } else if SecretNames.isSecret(name) {
          add(field.value)
        }
      }
      for (name, value) in request.query.sorted(by: { $0.key < $1.key })
      where SecretNames.isSecret(name) {
        add(value)
      }
      for (name, value) in pairs(in: request.rawQuery) where SecretNames.isSecret(name) {
        add(value)
      }
      guard !request.body.isEmpty else { return found }
      if let object = RequestBody.json(request.body) {
        var strings: [String] = []
        secretStrings(in: object, under: false, into: &strings)
        for value in strings { add(value) }
      } else if let text = String(data: request.body, encoding: .utf8) {
        for (name, value) in pairs(in: text) where SecretNames.isSecret(name) { add(value) }
      }
      return found
    }

    /// The shortest cookie value taken as a credential whatever the cookie's name: a session id
    /// under an unusual name is long and random, while `fmt=json` or `theme=dark` are short
    /// settings whose values appear everywhere in an answer.
    static let shortestUnnamedCookie = 16

    /// Whether a cookie holds a credential: its name is secret by ``SecretNames`` (`sid`,
    /// `session`, `auth_token`), or its value is at least ``shortestUnnamedCookie`` long.
    static func isCredentialCookie(_ name: some StringProtocol, _ value: some StringProtocol)
      -> Bool
    {
      SecretNames.isSecret(name.trimmingCharacters(in: .whitespaces))
        || value.trimmingCharacters(in: .whitespaces).utf8.count >= shortestUnnamedCookie
    }

    /// The cookie a `Set-Cookie` value sets, when it is a credential cookie
    /// (``isCredentialCookie(_:_:)``): its name and value, attributes left out; `nil` for any
    /// other cookie.
    static func credentialCookie(setBy setCookie: String) -> (name: Substring, value: Substring)? {
      let pair = setCookie.split(separator: ";").first ?? ""
      guard let equals = pair.firstIndex(of: "=") else { return nil }
      let name = pair[..<equals].drop { $0 == " " }
      let value = pair[pair.index(after: equals)...]
      return isCredentialCookie(name, value) ? (name, value) : nil
    }

    /// The `name=value` pairs of a `Cookie` header (`a=1; b=2`), as sent.
    static func cookies(in header: String) -> [(name: Substring, value: Substring)] {
      header.split(separator: ";").compactMap { pair in
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        return (pair[..<equals], pair[pair.index(after: equals)...])
      }
    }

    /// The `name=value` pairs of a query or form text (`a=1&b=2`), decoded.
    static func pairs(in text: String) -> [(String, String)] {
      text.split(separator: "&").compactMap { (item: Substring) -> (String, String)? in
        let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let name = String(parts[0])
        let value = String(parts[1])
        return (
          name.removingPercentEncoding ?? name,
          value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value
        )
      }
    }

    /// Every string (and number, as text) under a secret-named key of a JSON value, into
    /// `found`, keys in sorted order so that the same body gives the same list.
    static func secretStrings(
      in value: JSONValue, under secret: Bool, into found: inout [String]
    ) {
      guard found.count < mostValues else { return }
      switch value.kind {
      case .object(let members):
        for member in members.sorted(by: { $0.name < $1.name }) {
          secretStrings(
            in: member.value, under: secret || SecretNames.isSecret(member.name), into: &found)
        }
      case .array(let items):
        for item in items { secretStrings(in: item, under: secret, into: &found) }
      case .string(let text) where secret:
        found.append(text)
      case .number(let number) where secret:
        // As written (the text a later request carries it as), and by its value when that
        // reads otherwise (`1234.0` echoed back as `1234`).
        found.append(number.text)
        if let value = value.comparableText, value != number.text { found.append(value) }
      default:
        break
      }
    }
  }
#endif
