/// A JSON value with the line it starts on and its numbers as written: the one JSON tree of
/// Yaia's tools and wire.
///
/// The inspector reads apps' batches and journals into it, the resources check reads String
/// Catalogs into it (so that a finding names a key's line, which `JSONSerialization` forgets),
/// and ``JSONReader`` is its one bounded reader. Lines say where a value is, not what it is:
/// two values are equal when their kinds are, wherever they were read.
package struct JSONValue: Sendable, Equatable, CustomStringConvertible {
  /// What a value is. Not `indirect`: arrays and objects already hold their values out of
  /// line, and boxing every scalar cost a heap allocation per value read.
  package enum Kind: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, with its text as written.
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    /// An object's members in the order written (a later duplicate name wins on lookup).
    case object([JSONMember])
  }

  /// What the value is.
  package var kind: Kind
  /// The line it starts on, from 1; 0 for a value not read from text.
  package var line: Int

  /// A value of `kind` found at `line`.
  package init(_ kind: Kind, line: Int = 0) {
    self.kind = kind
    self.line = line
  }

  /// Equal kinds, whatever their lines.
  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.kind == rhs.kind }

  /// `null`.
  package static let null = JSONValue(.null)
  /// A string value.
  package static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }
  /// A number value.
  package static func number(_ number: JSONNumber) -> JSONValue { JSONValue(.number(number)) }
  /// A boolean value.
  package static func bool(_ flag: Bool) -> JSONValue { JSONValue(.bool(flag)) }
  /// An array value.
  package static func array(_ items: [JSONValue]) -> JSONValue { JSONValue(.array(items)) }
  /// An object value.
  package static func object(_ members: [JSONMember]) -> JSONValue { JSONValue(.object(members)) }

  /// The last member named `name` of an object, if any.
  package subscript(name: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.last { $0.name == name }?.value
  }

  /// The members of an object, or `nil`.
  package var members: [JSONMember]? {
    if case .object(let members) = kind { return members }
    return nil
  }

  /// The members of an object by name (the last of a repeated name, as a lookup finds it), or
  /// `nil`.
  package var fields: [String: JSONValue]? {
    members.map { Dictionary($0.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }) }
  }

  /// The items of an array, or `nil`.
  package var items: [JSONValue]? {
    if case .array(let items) = kind { return items }
    return nil
  }

  /// The text of a string, or `nil`.
  package var string: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  /// The value of `true` or `false`, or `nil`.
  package var bool: Bool? {
    if case .bool(let flag) = kind { return flag }
    return nil
  }

  /// A number, or `nil`.
  package var number: JSONNumber? {
    if case .number(let number) = kind { return number }
    return nil
  }

  /// The value at `path` (object keys, array indexes: `items.0.id`), or `nil` when a step
  /// finds nothing. A key that repeats in an object finds its last value, as a lookup does.
  package func value(at path: [JSONPath.Step]) -> JSONValue? {
    var current = self
    for step in path {
      switch current.kind {
      case .object:
        guard let next = current[step.key] else { return nil }
        current = next
      case .array(let items):
        guard let index = step.index, items.indices.contains(index) else { return nil }
        current = items[index]
      default:
        return nil
      }
    }
    return current
  }

  /// A scalar as a route, a verification or a template compares it: text as it is, `true`,
  /// `false`, `null`; a number written with digits only as those digits, however long (a
  /// 20-digit id is not rounded), any other by its `Double` value (`1.50` reads `1.5`, `10.0`
  /// reads `10`, `1e22` reads `1e+22`); `nil` for an array or an object.
  package var comparableText: String? {
    switch kind {
    case .string(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .number(let number):
      let written = number.text
      if !written.utf8.contains(where: {
        $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
      }) {
        return written == "-0" ? "0" : written
      }
      return JSONNumber(number.value).text
    case .array, .object: return nil
    }
  }

  /// The value written as compact JSON (numbers as they were written).
  package var description: String { text() }

  /// JSON text: compact, or indented by two spaces with `pretty`; members in their order,
  /// numbers as written, strings escaped as ``JSONText/escaped(_:)`` escapes them (so the text
  /// is safe inside a double-quoted YAML scalar too).
  package func text(pretty: Bool = false) -> String {
    var out = ""
    write(into: &out, pretty: pretty, indent: 0)
    return out
  }

  private func write(into out: inout String, pretty: Bool, indent: Int) {
    let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
    let closing = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
    switch kind {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .number(let number): out += number.text
    case .string(let text): out += "\"" + JSONText.escaped(text) + "\""
    case .array(let items):
      guard !items.isEmpty else {
        out += "[]"
        return
      }
      out += "["
      for (index, item) in items.enumerated() {
        out += (index > 0 ? "," : "") + newline
        item.write(into: &out, pretty: pretty, indent: indent + 1)
      }
      out += closing + "]"
    case .object(let members):
      guard !members.isEmpty else {
        out += "{}"
        return
      }
      out += "{"
      for (index, member) in members.enumerated() {
        out += (index > 0 ? "," : "") + newline
        out += "\"" + JSONText.escaped(member.name) + "\":" + (pretty ? " " : "")
        member.value.write(into: &out, pretty: pretty, indent: indent + 1)
      }
      out += closing + "}"
    }
  }
}

/// One member of a JSON object, with the line of its name.
package struct JSONMember: Sendable, Equatable {
  /// The name.
  package var name: String
  /// The line its name is on, from 1; 0 when not read from text.
  package var line: Int
  /// The value.
  package var value: JSONValue

  /// A member `name` of `value`, its name at `line`.
  package init(name: String, line: Int = 0, value: JSONValue) {
    self.name = name
    self.line = line
    self.value = value
  }

  /// Same name and value, whatever their lines.
  package static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
    lhs.name == rhs.name && lhs.value == rhs.value
  }
}

/// A JSON number as written (`1.0`, `1e3`, `12345678901234567890`) and its value as a `Double`:
/// a tool that writes a value back (a recording, a reformatted body) writes the text it read,
/// not a rounding of it.
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
  /// The text as written, a number by JSON's grammar.
  package let text: String
  /// Its value (rounded to the nearest `Double` when it has more digits than one holds).
  package let value: Double

  /// A number read as `text`, whose value is `value`.
  package init(text: String, value: Double) {
    self.text = text
    self.value = value
  }

  /// A whole number, written as digits.
  package init(_ whole: Int) {
    self.init(text: String(whole), value: Double(whole))
  }

  /// A number computed rather than read: a whole one as its digits as far as 64 bits hold it
  /// exactly (an `int64` bound written `-9.2e+18` would read back with a fraction part), any
  /// other as Swift writes it (`1.5`, `1e-07`). JSON cannot say a value that is not finite: it
  /// is written `null`.
  package init(_ value: Double) {
    if !value.isFinite {
      self.init(text: "null", value: value)
    } else if value.rounded() == value, let whole = Int64(exactly: value) {
      self.init(text: String(whole), value: value)
    } else {
      self.init(text: "\(value)", value: value)
    }
  }

  /// `text` when it is a number by JSON's grammar and in range, as written; else `nil`.
  package init?(parsing text: String) {
    guard text.utf8.count <= JSONReader.longestNumber,
      let read = try? JSONReader.parse(text.utf8), case .number(let number) = read.kind,
      number.text == text
    else { return nil }
    self = number
  }

  /// `1` from a literal.
  package init(integerLiteral whole: Int) { self.init(whole) }

  /// `1.5` from a literal.
  package init(floatLiteral value: Double) {
    self.init(text: "\(value)", value: value)
  }

  /// The value as a whole number, when it is one that `Int` holds.
  package var whole: Int? {
    guard value == value.rounded(), abs(value) < 9.2e18 else { return nil }
    return Int(value)
  }

  /// Equal values, however written (`1.0` is `1`).
  package static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.value == rhs.value }

  /// Hashes the value, as `==` compares it.
  package func hash(into hasher: inout Hasher) { hasher.combine(value) }

  /// The text as written.
  package var description: String { text }
}
