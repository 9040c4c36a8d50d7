#if MockServer  // the trait; without it, TraitRequirement.swift names it
  package import Foundation
  import Yaia
  import YaiaToolSupport

  /// Which journal entries an admin request asks about: those like an ``ExpectedRequest``
  /// (method, path pattern, query items, header fields, JSON body fields), received within a
  /// time window. Read from a `GET /__yaia/journal` query, or from the JSON body of
  /// `POST /__yaia/count` and `POST /__yaia/verify`; a filter it does not know is refused,
  /// naming the ones it does, never ignored (a misspelt `methd=POST` would otherwise list
  /// every request and a test would pass on the wrong evidence).
  package struct JournalQuery: Equatable, Sendable {
    /// What the requests must be like; `nil` for any request.
    package var expected: ExpectedRequest?
    /// Received at or after this instant.
    package var since: Date?
    /// Received at or before this instant.
    package var until: Date?

    /// The filters a `GET` query may name (`header` and `query` repeat).
    static let filters = ["method", "path", "query", "header", "body", "since", "until"]
    /// The keys a JSON body may have.
    static let keys = ["method", "path", "query", "headers", "body", "since", "until"]

    /// Why a query was refused, as the 400 says it.
    package struct Refusal: Error, Equatable {
      package let reason: String
    }

    /// Whether `entry` is one of those asked about.
    package func selects(_ entry: MockJournalEntry) -> Bool {
      if let since, entry.time < since { return false }
      if let until, entry.time > until { return false }
      return expected?.matches(entry.request) ?? true
    }

    /// The query of `GET /__yaia/journal?method=POST&path=/login&header=X-Device:%20a&body=user=ada`:
    /// `query`, `header` and `body` may repeat; `header` is `Name: value`, `query` and `body`
    /// are `name=value` (a body field by key path, `user.name=ada`).
    package init(rawQuery: String) throws(Refusal) {
      var method: String?
      var path: String?
      var query: [String: String] = [:]
      var headers = HTTPHeaders()
      var body: [String: String] = [:]
      var since: Date?
      var until: Date?
      let items = rawQuery.isEmpty ? [] : rawQuery.split(separator: "&")
      guard items.count <= Self.mostFilters else {
        throw Refusal(reason: "a query names at most \(Self.mostFilters) filters")
      }
      for item in items {
        let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = Self.decoded(parts[0])
        let value = parts.count > 1 ? Self.decoded(parts[1]) : ""
        switch name {
        case "method": method = value
        case "path": path = value
        case "since": since = try Self.instant(value, "since")
        case "until": until = try Self.instant(value, "until")
        case "query", "body":
          guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
            throw Refusal(
              reason: "\(name) is name=value, not \(VisibleText.escaped(value, atMost: 60))")
          }
          let pair = (String(value[..<equals]), String(value[value.index(after: equals)...]))
          if name == "query" { query[pair.0] = pair.1 } else { body[pair.0] = pair.1 }
        case "header":
          guard let colon = value.firstIndex(of: ":"), colon != value.startIndex else {
            throw Refusal(
              reason: "header is Name: value, not \(VisibleText.escaped(value, atMost: 60))")
          }
          headers.add(
            String(value[..<colon]),
            value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        default:
          throw Self.unknown(name, known: Self.filters)
        }
      }
      try self.init(method: method, path: path, query: query, headers: headers, body: body)
      self.since = since
      self.until = until
    }

    /// The JSON body of a count or a verification: `{"method": "POST", "path": "/login",
    /// "query": {…}, "headers": {…}, "body": {"user": "ada"}, "since": "…", "until": "…"}`,
    /// every key optional; `extra` names the keys the caller reads itself (`exactly`).
    package init(json value: JSONValue, extra: Set<String> = []) throws(Refusal) {
      guard let object = value.fields else { throw Refusal(reason: "a query is a JSON object") }
      let known = Self.keys + extra.sorted()
      for key in object.keys.sorted() where !known.contains(key) {
        throw Self.unknown(key, known: known)
      }
      func text(_ key: String) throws(Refusal) -> String? {
        guard let value = object[key], value.kind != .null else { return nil }
        guard let text = value.string else { throw Refusal(reason: "\(key) is text") }
        return text
      }
      func pairs(_ key: String) throws(Refusal) -> [String: String] {
        guard let value = object[key], value.kind != .null else { return [:] }
        guard let mapping = value.fields else {
          throw Refusal(reason: "\(key) maps names to values")
        }
        var pairs: [String: String] = [:]
        for (name, value) in mapping {
          guard let shown = value.comparableText else {
            throw Refusal(
              reason:
                "\(key) \(VisibleText.escaped(name, atMost: 60)) is text, a number, true, false or null"
            )
          }
          pairs[name] = shown
        }
        return pairs
      }
      let named =
        ["query", "headers", "body"].reduce(0) { $0 + (object[$1]?.fields?.count ?? 0) }
      guard named + object.count <= Self.mostFilters else {
        throw Refusal(reason: "a query names at most \(Self.mostFilters) filters")
      }
      var headers = HTTPHeaders()
      for (name, value) in try pairs("headers").sorted(by: { $0.key < $1.key }) {
        headers.add(name, value)
      }
      try self.init(
        method: try text("method"), path: try text("path"), query: try pairs("query"),
        headers: headers, body: try pairs("body"))
      if let since = try text("since") { self.since = try Self.instant(since, "since") }
      if let until = try text("until") { self.until = try Self.instant(until, "until") }
    }

    /// A query of `expected` requests (any when `nil`) received between `since` and `until`.
    package init(expected: ExpectedRequest? = nil, since: Date? = nil, until: Date? = nil) {
      self.expected = expected
      self.since = since
      self.until = until
    }

    /// A query of these parts; `nil` parts select anything.
    private init(
      method: String?, path: String?, query: [String: String], headers: HTTPHeaders,
      body: [String: String]
    ) throws(Refusal) {
      guard method != nil || path != nil || !query.isEmpty || !headers.isEmpty || !body.isEmpty
      else { return }
      if let method {
        guard !method.isEmpty, method.utf8.count <= 20,
          method.utf8.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) })
        else {
          throw Refusal(
            reason: "method is a word such as POST, not \(VisibleText.escaped(method, atMost: 20))")
        }
      }
      do {
        expected = try ExpectedRequest(
          method.map { HTTPMethod(rawValue: $0.uppercased()) }, path ?? "/*", query: query,
          headers: headers, body: body)
      } catch {
        throw Refusal(reason: "path: \(error.description)")
      }
    }

    /// The most filters one query names.
    static let mostFilters = 64

    /// A filter this query does not know.
    private static func unknown(_ name: String, known: [String]) -> Refusal {
      let distances = known.map { EditDistance.between(Array(name.prefix(40)), Array($0)) }
      let hint =
        zip(known, distances).min { $0.1 < $1.1 }.flatMap {
          $0.1 <= 2 ? " (did you mean \($0.0)?)" : nil
        }
        ?? ""
      return Refusal(
        reason:
          "no filter \(VisibleText.escaped(name, atMost: 60))\(hint); the filters are \(known.joined(separator: ", "))"
      )
    }

    /// A query item's name or value, percent-decoded, with `+` as a space.
    private static func decoded(_ text: Substring) -> String {
      let spaced = text.replacingOccurrences(of: "+", with: " ")
      return spaced.removingPercentEncoding ?? spaced
    }

    /// An ISO 8601 instant (`2026-11-29T10:00:00Z`, with or without fractions of a second).
    private static func instant(_ text: String, _ name: String) throws(Refusal) -> Date {
      let plain = ISO8601DateFormatter()
      let fractional = ISO8601DateFormatter()
      fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      guard text.utf8.count <= 40, let date = plain.date(from: text) ?? fractional.date(from: text)
      else {
        throw Refusal(
          reason:
            "\(name) is an ISO 8601 instant such as 2026-11-29T10:00:00Z, not \(VisibleText.escaped(text, atMost: 40))"
        )
      }
      return date
    }
  }
#endif
