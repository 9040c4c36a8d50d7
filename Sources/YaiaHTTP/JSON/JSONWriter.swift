/// Writes JSON straight into bytes: the one JSON writer of Yaia's wire.
///
/// Foundation's `JSONEncoder` costs microseconds per value on Linux (generic containers,
/// metadata lookups); a view model is tens of values and an app sends thousands of events a
/// second, so the wire format is written by hand. The output is the same JSON the types'
/// `Codable` conformances read and write (the inspector's tests check both ways).
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

  /// Writes `value` as it was read: numbers as written, members in order.
  package mutating func value(_ value: JSONValue) {
    switch value.kind {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .number(let number):
      separate()
      bytes.append(contentsOf: number.text.utf8)
    case .string(let text): string(text)
    case .array(let items): array { json in for item in items { json.value(item) } }
    case .object(let members):
      object { json in
        for member in members {
          json.key(member.name)
          json.value(member.value)
        }
      }
    }
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
