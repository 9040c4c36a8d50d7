package import YaiaSupport

/// Why bytes are not JSON: what was wrong, on which line and at which byte.
package struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The byte offset, from 0.
  package var offset: Int
  /// The line, from 1.
  package var line: Int
  /// What was wrong: `the document ends inside an array`.
  package var reason: String
  /// Whether the document was refused for passing a limit (too deep, too many values, too
  /// many bytes, a number too long: the reason says which) rather than for being malformed:
  /// a more lenient reader may take it, so a caller that must see every value (a redaction)
  /// refuses it rather than treat it as text.
  package var overBudget = false

  /// `not JSON at byte 5: the document ends inside an array`.
  package var description: String { "not JSON at byte \(offset): \(reason)" }
}

/// Reads JSON bytes (RFC 8259) into a ``JSONValue`` with lines and numbers as written: the one
/// reader of JSON that Yaia's parts share (apps' batches and journals in the inspector, String
/// Catalogs, an OpenAPI check's bodies, fixtures and form parts).
///
/// It reads in linear time within one ``InputBudget`` for the whole document: nesting is
/// checked before each level is entered (a document nested deeper than the limit is refused
/// rather than allowed to exhaust the stack), values are counted across the document, and a
/// string's bytes are spent as it is read. A leading byte order mark, as some editors write
/// one, is skipped. Strict where JSON is: no comments, no trailing commas, no lone surrogate
/// escapes, no control characters inside strings, numbers by the grammar and at most 64
/// characters.
package struct JSONReader {
  /// The deepest nesting the default limits accept.
  package static let maximumDepth = 128

  /// What one document may cost by default: ``maximumDepth`` levels and four million values
  /// (the bytes are bounded by whoever hands them over: 16 MiB for a batch, 64 MiB for a
  /// journal).
  package static let limits = InputBudget.Limits(
    depth: maximumDepth, bytes: .max, elements: 4_000_000)

  /// The longest number read: longer ones are refused as what they are.
  package static let longestNumber = 64

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var budget: InputBudget
  /// The bytes of the strings read so far (see ``spendString(_:)``).
  private var textBytes = 0

  /// Reads `data` as one JSON value (surrounding whitespace allowed), within `limits`.
  package static func parse(
    _ data: some Collection<UInt8>, limits: InputBudget.Limits = JSONReader.limits
  ) throws(JSONSyntaxError) -> JSONValue {
    var reader = JSONReader(bytes: Array(data), limits: limits)
    if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    let value = try reader.value()
    reader.skipWhitespace()
    guard reader.index == reader.bytes.count else { throw reader.fail("more after the value") }
    return value
  }

  private init(bytes: [UInt8], limits: InputBudget.Limits) {
    self.bytes = bytes
    budget = InputBudget(limits)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x0A: line += 1
      case 0x20, 0x0D, 0x09: break
      default: return
      }
      index += 1
    }
  }

  private func fail(_ reason: String, overBudget: Bool = false) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, line: line, reason: reason, overBudget: overBudget)
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    do {
      try budget.spend()
    } catch {
      throw fail("the document \(error)", overBudget: true)
    }
    skipWhitespace()
    guard index < bytes.count else { throw fail("the document ends where a value should be") }
    let start = line
    let kind: JSONValue.Kind
    switch bytes[index] {
    case UInt8(ascii: "{"): kind = try object()
    case UInt8(ascii: "["): kind = try array()
    case UInt8(ascii: "\""): kind = .string(try string())
    case UInt8(ascii: "t"): kind = try literal("true", .bool(true))
    case UInt8(ascii: "f"): kind = try literal("false", .bool(false))
    case UInt8(ascii: "n"): kind = try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number(try number())
    default: throw fail("unexpected character where a value should be")
    }
    return JSONValue(kind, line: start)
  }

  private mutating func literal(_ word: StaticString, _ kind: JSONValue.Kind)
    throws(JSONSyntaxError) -> JSONValue.Kind
  {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw fail("expected \(word)") }
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
    for offset in 0..<count where bytes[index + offset] != expected[offset] {
      throw fail("expected \(word)")
    }
    index += count
    return kind
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// A number by JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func number() throws(JSONSyntaxError) -> JSONNumber {
    let start = index
    func digits() -> Int {
      let first = index
      while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
      return index - first
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let leading = index
    let whole = digits()
    guard whole > 0 else { throw fail("not a number: a digit must follow -") }
    guard whole == 1 || bytes[leading] != UInt8(ascii: "0") else {
      index = leading
      throw fail("not a number: a leading 0")
    }
    var isWhole = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      isWhole = false
      guard digits() > 0 else { throw fail("not a number: a digit must follow .") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      isWhole = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { throw fail("not a number: a digit must follow the exponent") }
    }
    guard index - start <= Self.longestNumber else {
      index = start
      throw fail(
        "a number is longer than \(Self.longestNumber) characters", overBudget: true)
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // Whole numbers (counts, indexes, statuses) of up to 15 digits without Double's parser.
    if isWhole, whole <= 15 {
      var value = 0
      for byte in bytes[leading..<index] { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
      return JSONNumber(text: text, value: Double(leading == start ? value : -value))
    }
    guard let value = Double(text), value.isFinite else {
      index = start
      throw fail("the number \(text) is out of range")
    }
    return JSONNumber(text: text, value: value)
  }

  /// Counts a string's bytes against the limit. Here rather than through the budget's
  /// `spend`: a call per string into another module was a tenth of the time to read a
  /// document of short strings, and strings are the only bytes a document expands to.
  private mutating func spendString(_ count: Int) throws(JSONSyntaxError) {
    textBytes += count
    guard textBytes <= budget.limits.bytes else {
      throw fail(
        "the document \(InputBudget.Exceeded.bytes(budget.limits.bytes))", overBudget: true)
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1  // the opening quote
    // Most strings have no escapes: take them as they are.
    var end = index
    var high: UInt8 = 0
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
      bytes[end] >= 0x20
    {
      high |= bytes[end]
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      try spendString(end - index)
      let text = try Self.text(bytes[index..<end], ascii: high < 0x80, at: self)
      index = end + 1
      return text
    }
    // Escapes: the text is decoded into bytes, starting with the run already scanned.
    var scalars: [UInt8] = []
    scalars.reserveCapacity(end - index + 16)
    scalars.append(contentsOf: bytes[index..<end])
    index = end
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        try spendString(scalars.count)
        let text = try Self.text(scalars[...], ascii: high < 0x80, at: self)
        index += 1
        return text
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
          if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("a high surrogate without its low one") }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
              throw fail("a high surrogate without its low one")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else {
            throw fail("a lone surrogate \\u\(String(code, radix: 16))")
          }
          // Its UTF-8 bytes, which are valid by construction (ASCII unless above 0x7F).
          if code >= 0x80 { high = 0x80 }
          UTF8.encode(scalar) { scalars.append($0) }
        default: throw fail("an unknown escape")
        }
      case 0..<0x20:
        throw fail("a control character inside a string")
      default:
        // A run of plain bytes up to the next quote, escape or control byte, appended whole.
        var end = index + 1
        high |= byte
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""),
          bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
          high |= bytes[end]
          end += 1
        }
        scalars.append(contentsOf: bytes[index..<end])
        index = end
      }
    }
    throw fail("the document ends inside a string")
  }

  /// `bytes` as text: JSON is UTF-8, and a string that is not (a lone continuation byte, an
  /// overlong form, a surrogate's encoding) is refused rather than repaired with U+FFFD.
  private static func text(_ bytes: ArraySlice<UInt8>, ascii: Bool, at reader: JSONReader)
    throws(JSONSyntaxError) -> String
  {
    if ascii { return String(decoding: bytes, as: UTF8.self) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw reader.fail("a string that is not UTF-8")
    }
    return text
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("a bad \\u escape: four hex digits") }
    var code: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail("a bad \\u escape: four hex digits")
      }
      code = code << 4 | UInt32(digit)
    }
    index += 4
    return code
  }

  private mutating func enter() throws(JSONSyntaxError) {
    do {
      try budget.enter()
    } catch {
      throw fail("\(error)", overBudget: true)
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> JSONValue.Kind {
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

  private mutating func object() throws(JSONSyntaxError) -> JSONValue.Kind {
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
        throw fail(
          index < bytes.count
            ? "expected a member name in quotes" : "the document ends inside an object")
      }
      let nameLine = line
      let name = try string()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected : after the name \"\(VisibleText.escaped(name, atMost: 80))\"")
      }
      index += 1
      members.append(JSONMember(name: name, line: nameLine, value: try value()))
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
