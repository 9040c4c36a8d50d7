#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import YaiaHTTP

  /// A response body or header value with placeholders filled in from the request and from
  /// generated values: an echo of what was asked, and fresh ids and dates that stay the same
  /// under a seed.
  ///
  /// ```json
  /// { "id": "{{uuid}}", "speaker": "{{request.path.id}}", "page": {{request.query.page | 1}},
  ///   "name": "{{request.body.user.name}}", "trace": "{{request.header.X-Trace}}",
  ///   "created": "{{now}}", "expires": "{{now +1d}}", "code": {{int 1000 9999}} }
  /// ```
  ///
  /// | Placeholder | Value |
  /// | --- | --- |
  /// | `request.method`, `request.path` | the request's method, its path as received |
  /// | `request.path.NAME` | a path parameter of the route's pattern (`/speakers/:id`) |
  /// | `request.query.NAME` | a query item |
  /// | `request.header.NAME` | a header field (any case) |
  /// | `request.body.PATH` | a value of the JSON body by key path (`user.name`, `items.0.id`) |
  /// | `uuid` | a random UUID |
  /// | `int LOW HIGH` | a random whole number from LOW to HIGH |
  /// | `now`, `now +1d`, `now -30m` | an ISO 8601 instant, shifted by s, m, h or d |
  /// | `timestamp` | seconds since 1970 |
  ///
  /// `| default` after a request value stands in when the request has none. In a JSON body, a
  /// placeholder inside a string is escaped for it, and one outside a string writes a JSON
  /// value (a number, `true`, an object from the body, else a quoted string), so the answer
  /// stays JSON whatever the request held.
  public struct ResponseTemplate: Hashable, Sendable {
    /// One placeholder's source.
    enum Value: Hashable, Sendable {
      case method
      case path
      case parameter(String)
      case query(String)
      case header(String)
      case body(String)
      case uuid
      case int(Int, Int)
      case now(offset: Int)
      case timestamp
    }

    enum Piece: Hashable, Sendable {
      case text(String)
      /// A placeholder; `inString` when it sits inside a JSON string literal.
      case value(Value, fallback: String?, inString: Bool)
    }

    let pieces: [Piece]
    /// Whether the template is JSON (placeholders are written as JSON values or escaped).
    let isJSON: Bool

    /// The most placeholders one template may hold.
    public static let mostPlaceholders = 10_000
    /// The most bytes one rendered template may reach; past it, rendering fails (a 500).
    public static let largestRendering = 16 << 20

    /// Reads `text`; `json` says whether placeholders are written into JSON.
    ///
    /// - Throws: ``TemplateError`` naming the line and what is wrong: an unclosed `{{`, an
    ///   unknown placeholder, a bad `int` range or date offset, too many placeholders.
    public init(_ text: String, json: Bool) throws(TemplateError) {
      isJSON = json
      // Read as UTF-8 bytes: every character the reader looks for is ASCII, which never
      // appears inside a longer UTF-8 sequence, and bytes are many times faster to walk than
      // characters (a template is read at load and on every request).
      let bytes = Array(text.utf8)
      var pieces: [Piece] = []
      var literalStart = 0
      var inString = false
      var escaped = false
      var count = 0
      var line = 1
      var index = 0
      func flush(upTo end: Int) {
        if literalStart < end {
          pieces.append(.text(String(decoding: bytes[literalStart..<end], as: UTF8.self)))
        }
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == byte {
          let open = index + 2
          var close = open
          while close + 1 < bytes.count,
            !(bytes[close] == UInt8(ascii: "}") && bytes[close + 1] == UInt8(ascii: "}"))
          {
            close += 1
          }
          guard close + 1 < bytes.count else {
            throw TemplateError(line: line, reason: "`{{` is never closed by `}}`")
          }
          count += 1
          guard count <= Self.mostPlaceholders else {
            throw TemplateError(
              line: line, reason: "more than \(Self.mostPlaceholders) placeholders")
          }
          let source = String(decoding: bytes[open..<close], as: UTF8.self)
          let (value, fallback) = try Self.placeholder(source, line: line)
          flush(upTo: index)
          pieces.append(.value(value, fallback: fallback, inString: json && inString))
          line += bytes[open..<close].count { $0 == UInt8(ascii: "\n") }
          index = close + 2
          literalStart = index
          continue
        }
        if byte == UInt8(ascii: "\n") { line += 1 }
        if json {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") && inString {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString.toggle()
          }
        }
        index += 1
      }
      flush(upTo: bytes.count)
      self.pieces = pieces
    }

    /// Whether `text` holds any placeholder: a response without one is sent as it is.
    public static func hasPlaceholders(_ text: String) -> Bool { text.contains("{{") }

    /// The text with every placeholder filled from `request`, its route's path `parameters`
    /// and `generator`.
    ///
    /// - Throws: ``TemplateError`` when the result would pass ``largestRendering``.
    public func render(
      _ request: HTTPRequest, parameters: [String: String], generator: inout TemplateGenerator
    ) throws(TemplateError) -> String {
      var output = ""
      var body: JSONValue??
      for piece in pieces {
        switch piece {
        case .text(let text):
          output += text
        case .value(let value, let fallback, let inString):
          let found: Found
          switch value {
          case .method: found = .text(request.method.rawValue)
          case .path: found = .text(request.path)
          case .parameter(let name): found = Found(parameters[name])
          case .query(let name): found = Found(request.query[name])
          case .header(let name): found = Found(request.headers[name])
          case .body(let path):
            if body == nil { body = .some(RequestBody.json(request.body)) }
            found =
              (body ?? nil).flatMap { $0.value(at: JSONPath.steps(path)) }.map(Found.json)
              ?? .missing
          case .uuid: found = .text(generator.uuid())
          case .int(let low, let high): found = .number(generator.int(in: low...high))
          case .now(let offset): found = .text(generator.date(offsetBy: offset))
          case .timestamp: found = .number(generator.timestamp())
          }
          output += write(found, fallback: fallback, inString: inString)
        }
        guard output.utf8.count <= Self.largestRendering else {
          throw TemplateError(
            line: 0, reason: "the rendered response passes \(Self.largestRendering) bytes")
        }
      }
      return output
    }

    /// What a placeholder found.
    private enum Found {
      case missing
      case text(String)
      case number(Int)
      /// A value read from the JSON body.
      case json(JSONValue)

      init(_ text: String?) { self = text.map(Found.text) ?? .missing }
    }

    private func write(_ found: Found, fallback: String?, inString: Bool) -> String {
      switch found {
      case .missing:
        guard let fallback else { return isJSON && !inString ? "null" : "" }
        return write(.text(fallback), fallback: nil, inString: inString)
      case .number(let number):
        return String(number)
      case .text(let text):
        guard isJSON else { return text }
        if inString { return JSONText.escaped(text) }
        // Outside a string, text that is a JSON number or literal stays one; anything else is
        // quoted, so no request can break the document.
        if text == "true" || text == "false" || text == "null" || JSONText.isNumber(text) {
          return text
        }
        return "\"" + JSONText.escaped(text) + "\""
      case .json(let value):
        if let text = value.string {
          return write(.text(text), fallback: nil, inString: inString)
        }
        // Numbers as the app sent them, members in its order.
        let text = value.text()
        guard isJSON else { return text }
        return inString ? JSONText.escaped(text) : text
      }
    }

    /// The value and fallback a placeholder's source names.
    private static func placeholder(_ source: String, line: Int) throws(TemplateError) -> (
      Value, String?
    ) {
      let parts = source.split(separator: "|", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let words = (parts.first ?? "").split(separator: " ").map(String.init)
      let fallback = parts.count > 1 ? parts[1] : nil
      func fail(_ reason: String) -> TemplateError {
        TemplateError(line: line, reason: "`{{\(source)}}`: \(reason)")
      }
      guard let head = words.first else { throw fail("an empty placeholder") }
      let value: Value
      switch head {
      case "uuid" where words.count == 1: value = .uuid
      case "timestamp" where words.count == 1: value = .timestamp
      case "now":
        guard words.count <= 2 else { throw fail("write `now`, `now +1d` or `now -30m`") }
        guard let offset = words.count == 2 ? Self.offset(words[1]) : 0 else {
          throw fail("an offset is a sign, a number and s, m, h or d (`+1d`), within 10 years")
        }
        value = .now(offset: offset)
      case "int":
        guard words.count == 3, let low = Int(words[1]), let high = Int(words[2]), low <= high
        else { throw fail("write `int LOW HIGH` with LOW at most HIGH") }
        value = .int(low, high)
      default:
        let steps = head.split(separator: ".", maxSplits: 2).map(String.init)
        guard words.count == 1, steps.first == "request" else {
          throw fail(
            "unknown placeholder; use request.path.NAME, request.query.NAME, request.header.NAME, request.body.PATH, request.method, request.path, uuid, int LOW HIGH, now or timestamp"
          )
        }
        switch (steps.count > 1 ? steps[1] : "", steps.count > 2 ? steps[2] : nil) {
        case ("method", nil): value = .method
        case ("path", nil): value = .path
        case ("path", let name?): value = .parameter(name)
        case ("query", let name?): value = .query(name)
        case ("header", let name?): value = .header(name)
        case ("body", let path?): value = .body(path)
        default:
          throw fail(
            "name what to take from the request: request.query.page, request.body.user.name, …")
        }
      }
      switch value {
      case .uuid, .int, .now, .timestamp:
        guard fallback == nil else { throw fail("only a request value takes a default") }
      case .method, .path, .parameter, .query, .header, .body:
        break
      }
      return (value, fallback)
    }

    /// `+1d` as seconds; `nil` when it is not one or passes ten years.
    private static func offset(_ text: String) -> Int? {
      guard let sign = text.first, sign == "+" || sign == "-", let unit = text.last,
        let number = Int(text.dropFirst().dropLast()), number >= 0
      else { return nil }
      let seconds: Int
      switch unit {
      case "s": seconds = 1
      case "m": seconds = 60
      case "h": seconds = 3_600
      case "d": seconds = 86_400
      default: return nil
      }
      guard number <= 3_650 * 86_400 / seconds else { return nil }
      return (sign == "-" ? -1 : 1) * number * seconds
    }
  }

  /// Why a response template cannot be read or rendered: the line within it (0 when rendering)
  /// and what is wrong.
  public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line in the template, from 1; 0 when the error is the rendering's.
    public var line: Int
    /// What is wrong.
    public var reason: String

    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
  }
#endif
