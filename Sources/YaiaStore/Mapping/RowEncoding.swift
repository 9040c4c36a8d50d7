#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  internal import GRDB
  import Yaia

  /// Encodes a value into one row, writing each field at its column's index.
  ///
  /// Scalars go to SQLite as they are (integers, reals, text, dates as sortable text, bytes,
  /// `UUID`s as 16 bytes); a field whose type asks for a keyed or unkeyed container (a nested
  /// struct, an array) is written as JSON text with sorted keys. A field with no column is an
  /// error naming it: the value has a field the table lacks.
  final class RowEncoding: Encoder {
    let layout: ColumnLayout
    /// The row, in ``ColumnLayout/names`` order; `NULL` where the value wrote nothing.
    private(set) var values: [DatabaseValue]
    /// The first field that has no column.
    private(set) var unknownField: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(layout: ColumnLayout) {
      self.layout = layout
      self.values = Array(repeating: .null, count: layout.names.count)
    }

    /// Starts the next row, every column `NULL`.
    func reset() {
      for index in values.indices { values[index] = .null }
      unknownField = nil
    }

    fileprivate func set(_ value: DatabaseValue, for key: any CodingKey) {
      guard let index = layout.index[key.stringValue] else {
        if unknownField == nil { unknownField = key.stringValue }
        return
      }
      values[index] = value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      KeyedEncodingContainer(Keyed(row: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      NotARow<AnyKey>(codingPath: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      NotARow<AnyKey>(codingPath: [])
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
      let row: RowEncoding
      var codingPath: [any CodingKey] { [] }

      mutating func encodeNil(forKey key: Key) throws { row.set(.null, for: key) }
      mutating func encode(_ value: Bool, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: String, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: Double, forKey key: Key) throws {
        guard value.isFinite else {
          throw EncodingError.invalidValue(
            value, .init(codingPath: [key], debugDescription: "SQLite stores finite numbers only"))
        }
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: Float, forKey key: Key) throws {
        try encode(Double(value), forKey: key)
      }
      mutating func encode(_ value: Int, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: Int8, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: Int16, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: Int32, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: Int64, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: UInt, forKey key: Key) throws {
        row.set(try Self.checked(value, key), for: key)
      }
      mutating func encode(_ value: UInt8, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: UInt16, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: UInt32, forKey key: Key) throws {
        row.set(value.databaseValue, for: key)
      }
      mutating func encode(_ value: UInt64, forKey key: Key) throws {
        row.set(try Self.checked(value, key), for: key)
      }

      /// An unsigned integer SQLite's 64-bit signed integers can hold.
      private static func checked(_ value: some BinaryInteger, _ key: Key) throws -> DatabaseValue {
        guard let exact = Int64(exactly: value) else {
          throw EncodingError.invalidValue(
            value, .init(codingPath: [key], debugDescription: "larger than SQLite's integers"))
        }
        return exact.databaseValue
      }

      mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let id = value as? GeneratedID {
          // As a UUID is stored: 16 bytes, whichever of the two a value or mapping holds.
          row.set(id.storeValue.databaseValue, for: key)
          return
        }
        if let convertible = value as? any DatabaseValueConvertible {
          // Dates, bytes, UUIDs, URLs: GRDB's own storage format for them.
          row.set(convertible.databaseValue, for: key)
          return
        }
        let column = ColumnEncoding(key: key)
        do {
          // An enum with a raw value, or a wrapper around one scalar.
          try value.encode(to: column)
        } catch is NestedValue {}
        if column.isNested {
          let json = try ColumnLayout.jsonEncoder().encode(value)
          row.set(String(decoding: json, as: UTF8.self).databaseValue, for: key)
        } else {
          row.set(column.value ?? .null, for: key)
        }
      }

      mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
      ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(NotARow<NestedKey>(codingPath: [key]))
      }

      mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NotARow<Key>(codingPath: [key])
      }

      mutating func superEncoder() -> any Encoder { row }
      mutating func superEncoder(forKey key: Key) -> any Encoder { row }
    }
  }

  /// Encodes one column's value for a type that writes a single value (an enum with a raw
  /// value); a type that asks for a container gets ``NestedValue``, and is written as JSON.
  final class ColumnEncoding: Encoder, SingleValueEncodingContainer {
    let key: any CodingKey
    private(set) var value: DatabaseValue?
    /// Whether the value asked for a keyed or unkeyed container: it is nested, even if it wrote
    /// nothing into it (an empty struct or array).
    private(set) var isNested = false
    var codingPath: [any CodingKey] { [key] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(key: any CodingKey) {
      self.key = key
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      isNested = true
      return KeyedEncodingContainer(NotARow<Key>(codingPath: [key], nested: true))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      isNested = true
      return NotARow<AnyKey>(codingPath: [key], nested: true)
    }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { value = .null }
    func encode(_ value: Bool) throws { self.value = value.databaseValue }
    func encode(_ value: String) throws { self.value = value.databaseValue }
    func encode(_ value: Double) throws {
      guard value.isFinite else {
        throw EncodingError.invalidValue(
          value, .init(codingPath: [key], debugDescription: "SQLite stores finite numbers only"))
      }
      self.value = value.databaseValue
    }
    func encode(_ value: Float) throws { try encode(Double(value)) }
    func encode(_ value: Int) throws { self.value = value.databaseValue }
    func encode(_ value: Int8) throws { self.value = value.databaseValue }
    func encode(_ value: Int16) throws { self.value = value.databaseValue }
    func encode(_ value: Int32) throws { self.value = value.databaseValue }
    func encode(_ value: Int64) throws { self.value = value.databaseValue }
    func encode(_ value: UInt) throws { try encode(exactly: value) }
    func encode(_ value: UInt8) throws { self.value = value.databaseValue }
    func encode(_ value: UInt16) throws { self.value = value.databaseValue }
    func encode(_ value: UInt32) throws { self.value = value.databaseValue }
    func encode(_ value: UInt64) throws { try encode(exactly: value) }
    func encode<T: Encodable>(_ value: T) throws {
      if let convertible = value as? any DatabaseValueConvertible {
        self.value = convertible.databaseValue
      } else {
        try value.encode(to: self)
      }
    }

    private func encode(exactly value: some BinaryInteger) throws {
      guard let exact = Int64(exactly: value) else {
        throw EncodingError.invalidValue(
          value, .init(codingPath: [key], debugDescription: "larger than SQLite's integers"))
      }
      self.value = exact.databaseValue
    }
  }

  /// A coding key for containers that only exist to say "nested".
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
      self.stringValue = "\(intValue)"
      self.intValue = intValue
    }
  }

  /// A container handed out where a row or a column cannot hold one: every write throws
  /// ``NestedValue`` when `nested` (the column is then written as JSON), or says that a row is a
  /// keyed value.
  struct NotARow<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
    SingleValueEncodingContainer
  {
    var codingPath: [any CodingKey]
    var nested = false
    var count: Int { 0 }

    private func refuse() -> any Error {
      nested
        ? NestedValue()
        : EncodingError.invalidValue(
          (), .init(codingPath: codingPath, debugDescription: "a stored value must be keyed"))
    }

    mutating func encodeNil() throws { throw refuse() }
    mutating func encodeNil(forKey key: Key) throws { throw refuse() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw refuse() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw refuse() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      KeyedEncodingContainer(NotARow<NestedKey>(codingPath: codingPath, nested: nested))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(NotARow<NestedKey>(codingPath: codingPath, nested: nested))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder {
      ColumnEncoding(key: AnyKey(stringValue: "super"))
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ColumnEncoding(key: key) }
  }
#endif
