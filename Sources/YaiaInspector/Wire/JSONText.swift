import Foundation
package import Yaia

/// Writes JSON straight into bytes. Foundation's `JSONEncoder` costs microseconds per value on
/// Linux (generic containers, metadata lookups); a view model is tens of values and an app
/// sends thousands of events a second, so the wire format is written by hand. The output is
/// the same JSON the types' `Codable` conformances read and write (tests check both ways).
package struct JSONWriter {
  /// The bytes written so far.
  package private(set) var bytes: [UInt8] = []
  private var needsComma: [Bool] = [false]

  /// An empty writer.
  package init(capacity: Int = 4_096) {
    bytes.reserveCapacity(capacity)
  }

  private mutating func separate() {
    if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
    needsComma[needsComma.count - 1] = true
  }

  /// Writes an object whose members `body` writes with ``key(_:)`` followed by a value.
  package mutating func object(_ body: (inout JSONWriter) -> Void) {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma.append(false)
    body(&self)
    needsComma.removeLast()
    bytes.append(UInt8(ascii: "}"))
  }

  /// Writes an array whose elements `body` writes.
  package mutating func array(_ body: (inout JSONWriter) -> Void) {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma.append(false)
    body(&self)
    needsComma.removeLast()
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes a member's key; the next value written is its value.
  package mutating func key(_ name: String) {
    separate()
    writeString(name)
    bytes.append(UInt8(ascii: ":"))
    needsComma[needsComma.count - 1] = false
  }

  /// Writes a string value.
  package mutating func string(_ text: String) {
    separate()
    writeString(text)
  }

  /// Writes an array of strings.
  package mutating func strings(_ list: [String]) {
    array { json in for text in list { json.string(text) } }
  }

  /// Writes an integer value.
  package mutating func int(_ value: Int) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes a number value (`null` when it is not finite, which JSON cannot say).
  package mutating func double(_ value: Double) {
    separate()
    if value.isFinite {
      bytes.append(contentsOf: "\(value)".utf8)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `null`.
  package mutating func null() {
    separate()
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes a member whose value is optional: nothing at all when it is `nil`.
  package mutating func member(_ name: String, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }

  private mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
      case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [
          92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)],
        ])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

/// A parsed JSON value: what the inspector reads apps' batches and journal files into, before
/// it checks their shape.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// An object's members in document order (a later duplicate name wins on lookup).
  case object([JSONMember])
}

/// A member of a JSON object.
package struct JSONMember: Equatable, Sendable {
  package var name: String
  package var value: JSONValue
}

/// Why bytes are not JSON: what was wrong and at which byte.
package struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  /// The byte offset.
  package var offset: Int
  /// What was wrong.
  package var reason: String

  package var description: String { "not JSON at byte \(offset): \(reason)" }
}

/// Reads JSON bytes into a ``JSONValue``, in linear time, within one ``InputBudget`` for the
/// whole document: nesting is checked before each level is entered (a document nested deeper
/// than ``maximumDepth`` is refused rather than allowed to exhaust the stack), and values are
/// counted across the document.
package struct JSONParser {
  /// The deepest nesting accepted.
  package static let maximumDepth = 128

  /// What one document may cost: ``maximumDepth`` levels and four million values (the bytes
  /// are bounded by whoever hands them over: 16 MiB for a batch, 64 MiB for a journal).
  package static let limits = InputBudget.Limits(
    depth: maximumDepth, bytes: .max, elements: 4_000_000)

  private let bytes: [UInt8]
  private var index = 0
  private var budget: InputBudget

  /// Parses `data` as one JSON value (surrounding whitespace allowed), within `limits`.
  package static func parse(
    _ data: some Collection<UInt8>, limits: InputBudget.Limits = JSONParser.limits
  ) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(data), limits: limits)
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else {
      throw JSONSyntaxError(offset: parser.index, reason: "more after the value")
    }
    return value
  }

  private init(bytes: [UInt8], limits: InputBudget.Limits) {
    self.bytes = bytes
    budget = InputBudget(limits)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      index += 1
    }
  }

  private func fail(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, reason: reason)
  }

  /// Enters one more level of nesting, or fails saying which limit was passed.
  private mutating func enter() throws(JSONSyntaxError) {
    do {
      try budget.enter()
    } catch {
      throw fail("nested deeper than \(budget.limits.depth)")
    }
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    do {
      try budget.spend()
    } catch {
      throw fail("the document \(error)")
    }
    skipWhitespace()
    guard index < bytes.count else { throw fail("the document ends where a value should be") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw fail("unexpected character")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count,
      Array(bytes[index..<index + expected.count]) == expected
    else { throw fail("expected \(word)") }
    index += expected.count
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    // Whole numbers (counts, indexes, statuses) without building a string.
    var whole = 0
    var digits = 0
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]),
      digits < 15
    {
      whole = whole * 10 + Int(bytes[index] - UInt8(ascii: "0"))
      digits += 1
      index += 1
    }
    if digits > 0,
      index == bytes.count
        || !(bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e")
          || bytes[index] == UInt8(ascii: "E")
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]))
    {
      return .number(Double(whole))
    }
    index = start
    while index < bytes.count,
      bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
        || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e")
        || bytes[index] == UInt8(ascii: "E")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    {
      index += 1
    }
    guard index - start <= 64,
      let value = Double(String(decoding: bytes[start..<index], as: UTF8.self))
    else {
      index = start
      throw fail("not a number")
    }
    return .number(value)
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1  // the opening quote
    // Most strings have no escapes: take them as they are.
    var end = index
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
      bytes[end] >= 0x20
    {
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      defer { index = end + 1 }
      return String(decoding: bytes[index..<end], as: UTF8.self)
    }
    var scalars: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else { throw fail("the document ends inside a string") }
        let escaped = bytes[index + 1]
        index += 2
        switch escaped {
        case UInt8(ascii: "\""): scalars.append(34)
        case UInt8(ascii: "\\"): scalars.append(92)
        case UInt8(ascii: "/"): scalars.append(47)
        case UInt8(ascii: "b"): scalars.append(8)
        case UInt8(ascii: "f"): scalars.append(12)
        case UInt8(ascii: "n"): scalars.append(10)
        case UInt8(ascii: "r"): scalars.append(13)
        case UInt8(ascii: "t"): scalars.append(9)
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
          scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: throw fail("an unknown escape")
        }
      case 0..<0x20:
        throw fail("a control character inside a string")
      default:
        scalars.append(byte)
        index += 1
      }
    }
    throw fail("the document ends inside a string")
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count,
      let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw fail("a bad \\u escape") }
    index += 4
    return code
  }

  private mutating func array() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { budget.leave() }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try value())
      skipWhitespace()
      guard index < bytes.count else { throw fail("the document ends inside an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw fail("expected , or ] in an array")
      }
    }
  }

  private mutating func object() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { budget.leave() }
    index += 1
    var members: [JSONMember] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("expected a member name")
      }
      let name = try string()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected : after a member name")
      }
      index += 1
      members.append(JSONMember(name: name, value: try value()))
      skipWhitespace()
      guard index < bytes.count else { throw fail("the document ends inside an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw fail("expected , or } in an object")
      }
    }
  }
}
