/// Header fields in the order they were set, with one rule for names everywhere in Yaia: a
/// name is kept as written and compared without regard to ASCII case (RFC 9110 §5.1).
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers["authorization"] = "Bearer t-ada"
/// headers["CONTENT-TYPE"]            // "application/json"
/// ```
///
/// Setting a name replaces every field of that name; setting `nil` removes them. A name that
/// appears more than once (sent that way) reads as its values joined with `, ` (§5.3).
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  /// One field: a name as written, and its value.
  public struct Field: Hashable, Sendable {
    /// The name as written (`Content-Type`).
    public var name: String
    /// The value.
    public var value: String

    /// A field.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields, in order.
  public private(set) var fields: [Field]

  /// Headers with these fields, in order.
  public init(_ fields: [Field] = []) {
    self.fields = fields
  }

  /// Headers from a dictionary literal, in the literal's order.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { Field(name: $0.0, value: $0.1) }
  }

  /// Headers from a dictionary, sorted by name so that the order is stable.
  public init(_ dictionary: [String: String]) {
    self.fields = dictionary.sorted { $0.key < $1.key }.map { Field(name: $0.key, value: $0.value) }
  }

  /// The value of the fields named `name` (any case), joined with `, `; `nil` if none. Setting
  /// replaces them all (keeping the first one's place); `nil` removes them.
  public subscript(name: String) -> String? {
    get {
      let values = fields.lazy.filter { Self.same($0.name, name) }.map(\.value)
      return values.isEmpty ? nil : values.joined(separator: ", ")
    }
    set {
      let first = fields.firstIndex { Self.same($0.name, name) }
      fields.removeAll { Self.same($0.name, name) }
      guard let newValue else { return }
      fields.insert(
        Field(name: name, value: newValue), at: Swift.min(first ?? fields.count, fields.count))
    }
  }

  /// Whether a field named `name` (any case) is present.
  public func contains(_ name: String) -> Bool {
    fields.contains { Self.same($0.name, name) }
  }

  /// Adds a field, keeping any of the same name (a header sent twice).
  public mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Whether there are no fields.
  public var isEmpty: Bool { fields.isEmpty }

  /// The fields as `(name, value)` pairs, in order.
  public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
    fields.lazy.map { (name: $0.name, value: $0.value) }.makeIterator()
  }

  /// Two headers are equal when they hold the same fields in the same order, names compared
  /// without regard to case.
  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy { same($0.name, $1.name) && $0.value == $1.value }
  }

  /// Hashes the fields, names lower-cased, as equality compares them.
  public func hash(into hasher: inout Hasher) {
    for field in fields {
      hasher.combine(field.name.lowercased())
      hasher.combine(field.value)
    }
  }

  /// `Name: value` lines.
  public var description: String {
    fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
  }

  /// Whether two names are the same header (ASCII case-insensitive).
  public static func same(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count
      && zip(lhs.utf8, rhs.utf8).allSatisfy { lowered($0) == lowered($1) }
  }

  private static func lowered(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }
}

extension HTTPHeaders {
  /// `value` as it may stand in a message head: every control character removed (C0 but tab,
  /// DEL, and the C1 range), judged by Unicode scalar.
  ///
  /// Why by scalar: a `String` compares `Character`s, and `"\r\n"` is one `Character`, so a
  /// filter of `"\r"` and `"\n"` lets the pair through, and with it a forged field
  /// (`?q=a%0d%0aSet-Cookie:…` filled into a templated header). RFC 9110 §5.5 allows visible
  /// characters, space and tab in a field value.
  public static func writableValue(_ value: String) -> String {
    guard value.unicodeScalars.contains(where: isControl) else { return value }
    var kept = String.UnicodeScalarView()
    for scalar in value.unicodeScalars where !isControl(scalar) { kept.append(scalar) }
    return String(kept)
  }

  /// `name` as it may stand in a message head: only the token characters of RFC 9110 §5.6.2
  /// kept (letters, digits, the backtick and `!#$%&'*+-.^_|~`), so that no name carries a colon, a space
  /// or a line break. An empty result means the field cannot be written.
  public static func writableName(_ name: String) -> String {
    guard !name.utf8.allSatisfy(isToken) else { return name }
    return String(decoding: name.utf8.filter(isToken), as: UTF8.self)
  }

  /// Whether `scalar` is a control character a field value must not hold.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }

  /// Whether `byte` is a token character (`tchar`).
  private static func isToken(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}

/// Header names Yaia's parts agree on, spelled once.
public enum HTTPHeaderName {
  /// `Content-Type`.
  public static let contentType = "Content-Type"
  /// `Content-Length`.
  public static let contentLength = "Content-Length"
  /// `Authorization`.
  public static let authorization = "Authorization"
  /// `Retry-After`.
  public static let retryAfter = "Retry-After"
  /// `X-Mock-Scenario`: the scenario a request asks the mock server for.
  public static let mockScenario = "X-Mock-Scenario"
  /// `X-Mock-State`: on a request, the mock server's state machines to set first
  /// (`cart=has-item, login=locked`); on its answer, every machine's state.
  public static let mockState = "X-Mock-State"
  /// The fields whose values are credentials (lower-cased): `Authorization`,
  /// `Proxy-Authorization`, `Cookie` and `Set-Cookie`. Logs, errors and the inspector show them
  /// as `<redacted>`.
  public static let credentials: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie",
  ]
}
