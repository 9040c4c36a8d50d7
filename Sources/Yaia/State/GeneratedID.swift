/// An id made by an ``IDSequence``: the sequence's namespace and the number it issued, laid out
/// as a UUID (RFC 9562 version 8), so that an app stores it as a `UUID` and reads it back.
///
/// ```swift
/// let id = ids.next()
/// let uuid = UUID(uuid: id.uuid)              // Foundation's UUID, the same 16 bytes
/// #expect(GeneratedID(uuid: uuid.uuid) == id)  // and back
/// ```
///
/// It round-trips however it is kept: `Codable` writes it as its UUID string (what a `UUID`
/// writes), so JSON, a store's column and a `UUID` property all hold the same thing, and ids
/// saved before 0.2 as `{"namespace":…,"number":…}` still read. Two ids of one sequence differ
/// as UUIDs while its numbers stay under 2^62; the namespace's bits 15-12 give way to the UUID
/// version, so they are never part of an id (an ``IDSequence`` never sets them).
public struct GeneratedID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The namespace of the sequence that made it: random per launch in the app, 0 in tests.
  public let namespace: UInt64
  /// Its number in that sequence, from 1.
  public let number: UInt64

  /// The namespace bits a UUID keeps: bits 15-12 hold its version.
  static let namespaceBits: UInt64 = ~0xF000
  /// The number bits a UUID keeps: the top two hold its variant.
  static let numberBits: UInt64 = (1 << 62) &- 1

  /// The id numbered `number` in `namespace`: for tests that write ids down. The namespace's
  /// bits 15-12 and the number's top two bits are cleared, as they are in every id a sequence
  /// makes (its numbers stay far below 2^62), so that the id reads back from its UUID.
  public init(namespace: UInt64 = 0, number: UInt64) {
    self.namespace = namespace & Self.namespaceBits
    self.number = number & Self.numberBits
  }

  /// The id whose UUID has these 16 bytes (`GeneratedID(uuid: uuid.uuid)` for a Foundation
  /// `UUID`), or `nil` when they are not a version 8 UUID of the variant ids use: a UUID made
  /// elsewhere is not an id of ours.
  public init?(
    uuid: (
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8
    )
  ) {
    let bytes = [
      uuid.0, uuid.1, uuid.2, uuid.3, uuid.4, uuid.5, uuid.6, uuid.7, uuid.8, uuid.9, uuid.10,
      uuid.11, uuid.12, uuid.13, uuid.14, uuid.15,
    ]
    self.init(bytes: bytes)
  }

  /// The id a UUID string names, in either case (`00000000-0000-8000-8000-000000000001`), or
  /// `nil` when the text is not a UUID or not one of ours.
  public init?(uuidString: String) {
    let utf8 = Array(uuidString.utf8)
    guard utf8.count == 36 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    var index = 0
    while index < 36 {
      if [8, 13, 18, 23].contains(index) {
        guard utf8[index] == UInt8(ascii: "-") else { return nil }
        index += 1
        continue
      }
      guard let high = Self.hexValue(utf8[index]), let low = Self.hexValue(utf8[index + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
      index += 2
    }
    self.init(bytes: bytes)
  }

  /// The id of 16 UUID bytes, or `nil` when the version or variant is not ours.
  private init?(bytes: [UInt8]) {
    guard bytes.count == 16 else { return nil }
    let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard high & 0xF000 == 0x8000, low >> 62 == 0b10 else { return nil }
    self.namespace = high & Self.namespaceBits
    self.number = low & Self.numberBits
  }

  private static func hexValue(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
    default: nil
    }
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
    let high = (namespace & Self.namespaceBits) | 0x8000
    let low = (UInt64(0b10) << 62) | (number & Self.numberBits)
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

  /// The form ids were written in before 0.2, still read so that no saved id is lost.
  private enum LegacyKeys: String, CodingKey {
    case namespace, number
  }

  /// Writes the id as its UUID string, as a `UUID` is written: a value that keeps a
  /// `GeneratedID` and one that keeps `UUID(uuid: id.uuid)` store the same thing.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(uuidString)
  }

  /// Reads an id from its UUID string, or from the `{"namespace":…,"number":…}` form of
  /// earlier versions; a UUID that is not one of ours is a `DecodingError` naming it.
  public init(from decoder: any Decoder) throws {
    if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self)
    {
      guard let id = GeneratedID(uuidString: text) else {
        throw DecodingError.dataCorruptedError(
          in: single,
          debugDescription:
            "\(String(text.prefix(64)).debugDescription) is not a generated id (a version 8 UUID with variant 10)"
        )
      }
      self = id
      return
    }
    let legacy = try decoder.container(keyedBy: LegacyKeys.self)
    let number = try legacy.decode(UInt64.self, forKey: .number)
    guard number <= Self.numberBits else {
      throw DecodingError.dataCorruptedError(
        forKey: .number, in: legacy,
        debugDescription: "\(number) is beyond the 2^62 numbers an id's UUID can hold")
    }
    self.init(namespace: try legacy.decode(UInt64.self, forKey: .namespace), number: number)
  }
}
