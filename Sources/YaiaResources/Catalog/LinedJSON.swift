import YaiaSupport

/// A JSON value with the line it starts on: what the catalog reader needs to point at a key's
/// line, which `JSONSerialization` forgets.
///
/// Read by ``parse(_:budget:)``, a small reader without recursion limits of its own: it spends
/// an ``InputBudget`` (depth before each level, a value per value, bytes per string), so a
/// catalog nested ten thousand levels deep or holding a million keys stops with a typed error
/// instead of a crash or minutes of work.
struct LinedJSON: Sendable {
  /// The kinds of JSON value.
  enum Kind: Sendable {
    case object([Member])
    case array([LinedJSON])
    case string(String)
    /// A number, as written.
    case number(String)
    case bool(Bool)
    case null
  }

  /// An object's member, with the line of its key.
  struct Member: Sendable {
    var name: String
    var line: Int
    var value: LinedJSON
  }

  var kind: Kind
  /// The line the value starts on, from 1.
  var line: Int

  /// The member named `name` of an object, if any.
  subscript(name: String) -> LinedJSON? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.name == name }?.value
  }

  /// The members of an object, or `nil`.
  var members: [Member]? {
    if case .object(let members) = kind { return members }
    return nil
  }

  /// The text of a string, or `nil`.
  var string: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  /// The value of `true` or `false`, or `nil`.
  var bool: Bool? {
    if case .bool(let value) = kind { return value }
    return nil
  }

  /// Why a text is not JSON this reader accepts: the line and what is wrong.
  struct Failure: Error, Sendable {
    var line: Int
    var reason: String
  }

  /// Reads `bytes` as one JSON document, spending `budget`.
  static func parse(_ bytes: [UInt8], budget: inout InputBudget) throws(Failure) -> LinedJSON {
    var reader = Reader(bytes: bytes)
    // A byte order mark, as some editors write one, is not part of the document.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipSpace()
    let value = try reader.value(&budget)
    reader.skipSpace()
    guard reader.index == bytes.count else {
      throw Failure(line: reader.line, reason: "text after the JSON value")
    }
    return value
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x0A:
          line += 1
          index += 1
        case 0x20, 0x09, 0x0D: index += 1
        default: return
        }
      }
    }

    func fail(_ reason: String) -> Failure { Failure(line: line, reason: reason) }

    mutating func value(_ budget: inout InputBudget) throws(Failure) -> LinedJSON {
      do {
        try budget.spend()
      } catch {
        throw fail("the catalog \(error)")
      }
      guard index < bytes.count else { throw fail("the text ends where a value should be") }
      let start = line
      switch bytes[index] {
      case UInt8(ascii: "{"):
        return LinedJSON(kind: .object(try object(&budget)), line: start)
      case UInt8(ascii: "["):
        return LinedJSON(kind: .array(try array(&budget)), line: start)
      case UInt8(ascii: "\""):
        return LinedJSON(kind: .string(try string(&budget)), line: start)
      case UInt8(ascii: "t"):
        try literal("true")
        return LinedJSON(kind: .bool(true), line: start)
      case UInt8(ascii: "f"):
        try literal("false")
        return LinedJSON(kind: .bool(false), line: start)
      case UInt8(ascii: "n"):
        try literal("null")
        return LinedJSON(kind: .null, line: start)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return LinedJSON(kind: .number(try number()), line: start)
      default:
        throw fail("unexpected character where a value should be")
      }
    }

    mutating func literal(_ word: String) throws(Failure) {
      let expected = Array(word.utf8)
      guard index + expected.count <= bytes.count,
        Array(bytes[index..<(index + expected.count)]) == expected
      else { throw fail("not a JSON value") }
      index += expected.count
    }

    mutating func number() throws(Failure) -> String {
      let start = index
      while index < bytes.count,
        "+-.eE0123456789".utf8.contains(bytes[index]), index - start < 64
      {
        index += 1
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      if index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) {
        // Said as what it is, not as the stray character after the first 64.
        throw fail("a number is longer than 64 characters; a catalog's numbers are small")
      }
      guard Double(text) != nil else { throw fail("`\(text)` is not a number") }
      return text
    }

    mutating func enter(_ budget: inout InputBudget) throws(Failure) {
      do {
        try budget.enter()
      } catch {
        throw fail("the catalog is \(error)")
      }
    }

    mutating func object(_ budget: inout InputBudget) throws(Failure) -> [Member] {
      try enter(&budget)
      defer { budget.leave() }
      index += 1
      var members: [Member] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return members
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw fail("an object's member must start with a quoted name")
        }
        let keyLine = line
        let name = try string(&budget)
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw fail("expected `:` after the name \"\(VisibleText.escaped(name, atMost: 80))\"")
        }
        index += 1
        skipSpace()
        let value = try value(&budget)
        members.append(Member(name: name, line: keyLine, value: value))
        skipSpace()
        guard index < bytes.count else { throw fail("an object is not closed") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected `,` or `}`") }
        index += 1
        return members
      }
    }

    mutating func array(_ budget: inout InputBudget) throws(Failure) -> [LinedJSON] {
      try enter(&budget)
      defer { budget.leave() }
      index += 1
      var items: [LinedJSON] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return items
      }
      while true {
        skipSpace()
        items.append(try value(&budget))
        skipSpace()
        guard index < bytes.count else { throw fail("an array is not closed") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected `,` or `]`") }
        index += 1
        return items
      }
    }

    mutating func string(_ budget: inout InputBudget) throws(Failure) -> String {
      index += 1
      var scalars = String.UnicodeScalarView()
      var run = index
      func flush(_ end: Int) {
        if run < end {
          scalars.append(
            contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          flush(index)
          index += 1
          do {
            try budget.spend(bytes: scalars.count, elements: 0)
          } catch {
            throw fail("the catalog \(error)")
          }
          return String(scalars)
        }
        if byte < 0x20 { throw fail("a control character inside a string") }
        if byte == UInt8(ascii: "\\") {
          flush(index)
          index += 1
          guard index < bytes.count else { break }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""): scalars.append("\"")
          case UInt8(ascii: "\\"): scalars.append("\\")
          case UInt8(ascii: "/"): scalars.append("/")
          case UInt8(ascii: "b"): scalars.append("\u{8}")
          case UInt8(ascii: "f"): scalars.append("\u{C}")
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "u"):
            let unit = try hex4()
            if (0xD800...0xDBFF).contains(unit), index + 1 < bytes.count,
              bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            {
              index += 2
              let low = try hex4()
              guard (0xDC00...0xDFFF).contains(low) else {
                throw fail("a high surrogate without its low one")
              }
              let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
              scalars.append(Unicode.Scalar(UInt32(value)) ?? "\u{FFFD}")
            } else {
              guard let scalar = Unicode.Scalar(UInt32(unit)) else {
                throw fail("a lone surrogate \\u\(String(unit, radix: 16))")
              }
              scalars.append(scalar)
            }
          default:
            throw fail("an unknown escape")
          }
          run = index
          continue
        }
        index += 1
      }
      throw fail("a string is not closed")
    }

    mutating func hex4() throws(Failure) -> Int {
      guard index + 4 <= bytes.count,
        bytes[index..<(index + 4)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let value = Int(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
      else { throw fail("`\\u` needs four hex digits") }
      index += 4
      return value
    }
  }
}
