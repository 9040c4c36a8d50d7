#if Store  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  internal import GRDB
  public import Yaia

  /// A value as SQLite stores it: text, a number, bytes, a date or null. It is what a filter
  /// compares with and what an id is stored as. Literals work: `.equals("room", "kitchen")`,
  /// `.greaterThan("signal", -60)`.
  public enum StoreValue: Hashable, Sendable, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
  {
    /// `NULL`.
    case null
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Text.
    case text(String)
    /// Bytes (a `UUID` is stored as its 16 bytes).
    case blob(Data)
    /// A date, compared in the format dates are stored in.
    case date(Date)

    /// A string literal is text.
    public init(stringLiteral value: String) { self = .text(value) }
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A float literal.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// A boolean is stored as 0 or 1.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
    /// `nil` is `NULL`.
    public init(nilLiteral: ()) { self = .null }

    var databaseValue: DatabaseValue {
      switch self {
      case .null: return .null
      case .integer(let value): return value.databaseValue
      case .real(let value): return value.databaseValue
      case .text(let value): return value.databaseValue
      case .blob(let value): return value.databaseValue
      case .date(let value): return value.databaseValue
      }
    }

    /// The value as an error shows it, bounded and escaped: text quoted, bytes in hex as SQL
    /// writes them (`x'0A1B…'`, the first 32), so that two forms of one id can be told apart.
    var evidence: String {
      switch self {
      case .null: return "NULL"
      case .integer(let value): return "the integer \(value)"
      case .real(let value): return "the real \(value)"
      case .text(let text):
        let shown = String(text.prefix(80)).debugDescription
        return "the text \(shown)\(text.count > 80 ? " (\(text.count) characters)" : "")"
      case .blob(let bytes):
        let hex = bytes.prefix(32).map { byte in
          let digits = String(byte, radix: 16, uppercase: true)
          return digits.count == 1 ? "0" + digits : digits
        }.joined()
        return "\(bytes.count) bytes x'\(hex)\(bytes.count > 32 ? "…" : "")'"
      case .date(let date): return "the date \(date)"
      }
    }

    /// The value SQLite returned (a date comes back as its stored text).
    init(_ value: DatabaseValue) {
      switch value.storage {
      case .null: self = .null
      case .int64(let number): self = .integer(number)
      case .double(let number): self = .real(number)
      case .string(let text): self = .text(text)
      case .blob(let bytes): self = .blob(bytes)
      }
    }
  }

  /// A type whose values can be a stored value's id: its primary key.
  ///
  /// `String`, `Int`, `Int64` and `UUID` conform. Conform your own id type (a wrapped string, an
  /// enum) by saying how it is stored and read back; the store never needs more.
  public protocol StoreID: Hashable, Sendable {
    /// The id as the primary key column stores it.
    var storeValue: StoreValue { get }
    /// The id a stored primary key holds, or `nil` if it holds something else.
    init?(storeValue: StoreValue)
  }

  extension GeneratedID: StoreID {
    /// Its 16 bytes as a UUID, as a `UUID` id is stored: a mapping may return the
    /// `GeneratedID` or `UUID(uuid: id.uuid)`, and a field of either type matches it.
    public var storeValue: StoreValue {
      .blob(withUnsafeBytes(of: uuid) { Data($0) })
    }
    /// 16 bytes or a UUID string that are one of ours; else `nil`.
    public init?(storeValue: StoreValue) {
      switch storeValue {
      case .blob(let bytes) where bytes.count == 16:
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
        guard let id = GeneratedID(uuid: uuid) else { return nil }
        self = id
      case .text(let text):
        guard let id = GeneratedID(uuidString: text) else { return nil }
        self = id
      default:
        return nil
      }
    }
  }

  extension String: StoreID {
    /// Text.
    public var storeValue: StoreValue { .text(self) }
    /// Text, or `nil`.
    public init?(storeValue: StoreValue) {
      guard case .text(let text) = storeValue else { return nil }
      self = text
    }
  }

  extension Int64: StoreID {
    /// An integer.
    public var storeValue: StoreValue { .integer(self) }
    /// An integer, or `nil`.
    public init?(storeValue: StoreValue) {
      guard case .integer(let number) = storeValue else { return nil }
      self = number
    }
  }

  extension Int: StoreID {
    /// An integer.
    public var storeValue: StoreValue { .integer(Int64(self)) }
    /// An integer that fits an `Int`, or `nil`.
    public init?(storeValue: StoreValue) {
      guard case .integer(let number) = storeValue, let value = Int(exactly: number) else {
        return nil
      }
      self = value
    }
  }

  extension UUID: StoreID {
    /// Its 16 bytes, as the value's own `Codable` encoding stores it.
    public var storeValue: StoreValue { .blob(withUnsafeBytes(of: uuid) { Data($0) }) }
    /// 16 bytes, or text in the standard form; else `nil`.
    public init?(storeValue: StoreValue) {
      switch storeValue {
      case .blob(let bytes) where bytes.count == 16:
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
        self.init(uuid: uuid)
      case .text(let text):
        guard let uuid = UUID(uuidString: text) else { return nil }
        self = uuid
      default:
        return nil
      }
    }
  }
#endif
