/// An id made by an ``IDSequence``: the sequence's namespace and the number it issued, laid out
/// as a UUID (RFC 9562 version 8), so that an app stores it as a `UUID`. Two ids of one
/// sequence differ as UUIDs while its numbers stay under 2^62.
///
/// ```swift
/// let id = ids.next()
/// let uuid = UUID(uuid: id.uuid)    // Foundation's UUID, the same 16 bytes
/// ```
public struct GeneratedID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The namespace of the sequence that made it: random per launch in the app, 0 in tests.
  public let namespace: UInt64
  /// Its number in that sequence, from 1.
  public let number: UInt64

  /// The id numbered `number` in `namespace`: for tests that write ids down.
  public init(namespace: UInt64 = 0, number: UInt64) {
    self.namespace = namespace
    self.number = number
  }

  /// Within a namespace, by number; across namespaces, by namespace.
  public static func < (lhs: GeneratedID, rhs: GeneratedID) -> Bool {
    (lhs.namespace, lhs.number) < (rhs.namespace, rhs.number)
  }

  /// The 16 bytes of the id as a UUID: the namespace, whose bits 15-12 give way to the version
  /// (8), then the variant (binary 10) and the number's low 62 bits.
  public var uuid:
    (
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8
    )
  {
    let high = (namespace & ~0xF000) | 0x8000
    let low = (UInt64(0b10) << 62) | (number & (UInt64(1) << 62 &- 1))
    func byte(_ value: UInt64, _ index: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: value >> (56 - 8 * index))
    }
    return (
      byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
      byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
      byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
    )
  }

  /// The id as a UUID string, upper case as Foundation writes it: what `UUID(uuidString:)`
  /// reads.
  public var uuidString: String {
    let bytes = uuid
    let all = [
      bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5, bytes.6, bytes.7, bytes.8, bytes.9,
      bytes.10, bytes.11, bytes.12, bytes.13, bytes.14, bytes.15,
    ]
    let hex = all.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]]
      .map { $0.joined() }.joined(separator: "-")
  }

  /// `#3` in the test namespace, else the UUID string: short where tests read it.
  public var description: String { namespace == 0 ? "#\(number)" : uuidString }
}
