#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  internal import GRDB
  internal import GRDBSQLite
  import Yaia

  /// Decodes a value from one row, reading each field by its column's index.
  ///
  /// Scalars come straight from SQLite's column (integers, reals, text, dates, bytes, `UUID`s);
  /// a field whose type asks for a keyed or unkeyed container (a nested struct, an array) is
  /// read as JSON text, as it was written.
  ///
  /// The decoder and its containers hold their plan without a reference count (it is copied
  /// on every field, and counting it was a sixth of a row's cost): they are valid only during
  /// the `init(from:)` call they are handed to, while ``StoreReader`` keeps the plan alive. A
  /// `Decodable` type that kept a decoder after returning would be unsupported.
  struct RowDecoding: Decoder {
    unowned(unsafe) let layout: ColumnPlan
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      KeyedDecodingContainer(Keyed(layout: layout))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
      throw DecodingError.typeMismatch(
        [Any].self, .init(codingPath: [], debugDescription: "a row is a keyed value, not a list"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
      throw DecodingError.typeMismatch(
        Any.self, .init(codingPath: [], debugDescription: "a row is a keyed value, not a scalar"))
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
      unowned(unsafe) let layout: ColumnPlan
      var codingPath: [any CodingKey] { [] }
      var allKeys: [Key] { layout.layout.names.compactMap { Key(stringValue: $0) } }

      func contains(_ key: Key) -> Bool { layout.index(of: key.stringValue) != nil }

      private func column(_ key: Key) throws -> Int {
        let name = key.stringValue
        // Borrowed, not retained around the call (see RowDecoding).
        let found = Unmanaged.passUnretained(layout)._withUnsafeGuaranteedRef { $0.index(of: name) }
        guard let index = found else {
          throw DecodingError.keyNotFound(
            key, .init(codingPath: [key], debugDescription: "no column \(key.stringValue)"))
        }
        return index
      }

      /// The current row's column for `key`, checked to hold one of `classes` (SQLite's storage
      /// classes): text is never read as a number, nor a number as text.
      private func column(_ key: Key, _ type: Any.Type, holding classes: StorageClasses) throws
        -> CInt
      {
        let index = CInt(try column(key))
        let storage = sqlite3_column_type(layout.statement, index)
        guard classes.contains(StorageClasses(storage)) else {
          throw storage == SQLITE_NULL
            ? DecodingError.valueNotFound(
              type, .init(codingPath: [key], debugDescription: "the column is NULL"))
            : DecodingError.typeMismatch(
              type,
              .init(
                codingPath: [key],
                debugDescription: "cannot read \(layout.value(at: index)) as \(type)"))
        }
        return index
      }

      /// The column's integer. Not generic over the integer type: in this unspecialized code, a
      /// generic `T(exactly:)` would look up `Optional<T>`'s metadata on every field.
      private func int64(_ key: Key, _ type: Any.Type) throws -> Int64 {
        let index = try column(key, type, holding: .integer)
        return sqlite3_column_int64(layout.statement, index)
      }

      /// The error for an integer that does not fit the field's type.
      private func overflow(_ value: Int64, _ type: Any.Type, _ key: Key) -> DecodingError {
        DecodingError.typeMismatch(
          type, .init(codingPath: [key], debugDescription: "\(value) does not fit \(type)"))
      }

      private func real(_ key: Key, _ type: Any.Type) throws -> Double {
        let index = try column(key, type, holding: .number)
        return sqlite3_column_double(layout.statement, index)
      }

      private func text(_ key: Key) throws -> String {
        let index = try column(key, String.self, holding: .text)
        guard let bytes = sqlite3_column_text(layout.statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(layout.statement, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
      }

      func decodeNil(forKey key: Key) throws -> Bool {
        guard let index = layout.index(of: key.stringValue) else { return true }
        return sqlite3_column_type(layout.statement, CInt(index)) == SQLITE_NULL
      }

      func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try int64(key, type) != 0
      }
      func decode(_ type: String.Type, forKey key: Key) throws -> String { try text(key) }
      func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try real(key, type) }
      func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try real(key, type))
      }
      func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let value = try int64(key, type)
        guard let exact = Int(exactly: value) else { throw overflow(value, type, key) }
        return exact
      }
      func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        let value = try int64(key, type)
        guard let exact = Int8(exactly: value) else { throw overflow(value, type, key) }
        return exact
      }
      func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        let value = try int64(key, type)
        guard let exact = Int16(exactly: value) else { throw overflow(value, type, key) }
        return exact
      }
      func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        let value = try int64(key, type)
        guard let exact = Int32(exactly: value) else { throw overflow(value, type, key) }
        return exact
      }
      func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try int64(key, type) }
      func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        let value = try int64(key, type)
        guard let exact = UInt(exactly: value) else { throw overflow(value, type, key) }
        return exact
      }
      func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        let value = try int64(key, type)
        guard let exact = UInt8(exactly: value) else { throw overflow(value, type, key) }
        return exact
      }
      func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        let value = try int64(key, type)
        guard let exact = UInt16(exactly: value) else { throw overflow(value, type, key) }
        return exact
      }
      func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        let value = try int64(key, type)
        guard let exact = UInt32(exactly: value) else { throw overflow(value, type, key) }
        return exact
      }
      func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        let value = try int64(key, type)
        guard let exact = UInt64(exactly: value) else { throw overflow(value, type, key) }
        return exact
      }

      func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        // Dates, the commonest non-scalar field, take a path with no generic code in it: the
        // general path below looks up generic metadata on entry, which costs more than the read.
        if T.self == Date.self {
          // T is Date (checked): no dynamic cast needed.
          return unsafeBitCast(try date(key), to: T.self)
        }
        return try decodeValue(type, key)
      }

      /// A date: canonical text by ``StoredDate``, anything else by GRDB's reader.
      private func date(_ key: Key) throws -> Date {
        let index = try column(key, Date.self, holding: .textOrNumber)
        // Only text is read as text: reading a number as text converts it in place.
        if sqlite3_column_type(layout.statement, index) == SQLITE_TEXT,
          let bytes = sqlite3_column_text(layout.statement, index),
          let date = StoredDate.parse(
            UnsafeBufferPointer(
              start: bytes, count: Int(sqlite3_column_bytes(layout.statement, index))))
        {
          return date
        }
        guard let date = Date(sqliteStatement: layout.statement, index: index) else {
          throw DecodingError.typeMismatch(
            Date.self,
            .init(codingPath: [key], debugDescription: "not a date: \(layout.value(at: index))"))
        }
        return date
      }

      /// Any other field: a storable type in GRDB's format, a raw-value enum, or JSON.
      @inline(never)
      private func decodeValue<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        let value = layout.value(at: CInt(try column(key)))
        if T.self == GeneratedID.self {
          // 16 bytes as stored by this version, or the UUID text a `Codable` value wrote.
          // Before 0.2 an id was a nested value, stored as JSON text: still read, never lost.
          let legacy: GeneratedID? = {
            guard case .string(let text) = value.storage, text.hasPrefix("{") else { return nil }
            return try? JSONDecoder().decode(GeneratedID.self, from: Data(text.utf8))
          }()
          guard let id = (legacy ?? GeneratedID(storeValue: StoreValue(value))) as? T else {
            throw DecodingError.typeMismatch(
              type, .init(codingPath: [key], debugDescription: "not a generated id: \(value)"))
          }
          return id
        }
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
          // Dates, bytes, UUIDs, URLs: GRDB's own storage format for them.
          guard let decoded = convertible.fromDatabaseValue(value) as? T else {
            throw DecodingError.typeMismatch(
              type, .init(codingPath: [key], debugDescription: "cannot read \(value) as \(type)"))
          }
          return decoded
        }
        do {
          // An enum with a raw value, or a wrapper around one scalar.
          return try T(from: ColumnDecoding(value: value, key: key))
        } catch is NestedValue {
          let text: Data
          switch value.storage {
          case .string(let string): text = Data(string.utf8)
          case .blob(let bytes): text = bytes
          default:
            throw DecodingError.typeMismatch(
              type, .init(codingPath: [key], debugDescription: "expected JSON text, found \(value)")
            )
          }
          return try ColumnLayout.jsonDecoder().decode(type, from: text)
        }
      }

      func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
      ) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(
          type, .init(codingPath: [key], debugDescription: "nested containers are read as JSON"))
      }

      func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
          [Any].self, .init(codingPath: [key], debugDescription: "nested lists are read as JSON"))
      }

      func superDecoder() throws -> any Decoder { RowDecoding(layout: layout) }
      func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoding(layout: layout) }
    }
  }

  /// A set of SQLite storage classes, as bits: what a field accepts from its column.
  struct StorageClasses: OptionSet {
    let rawValue: UInt8
    static let integer = StorageClasses(rawValue: 1 << 0)
    static let real = StorageClasses(rawValue: 1 << 1)
    static let text = StorageClasses(rawValue: 1 << 2)
    static let blob = StorageClasses(rawValue: 1 << 3)
    /// A real or an integer (a stored `1` read as `1.0`).
    static let number: StorageClasses = [.real, .integer]
    /// Text, or a number (dates may be stored either way).
    static let textOrNumber: StorageClasses = [.text, .real, .integer]

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The class SQLite reports for a column (`SQLITE_INTEGER`…); none for `NULL`.
    init(_ storage: CInt) {
      switch storage {
      case SQLITE_INTEGER: self = .integer
      case SQLITE_FLOAT: self = .real
      case SQLITE_TEXT: self = .text
      case SQLITE_BLOB: self = .blob
      default: self = []
      }
    }
  }

  /// A query's columns, and the order in which a value's fields ask for them: values of one type
  /// ask in the same order every row, so after the first row a field's column is found by one
  /// string comparison instead of a hash lookup. One per query, used by one thread.
  final class ColumnPlan {
    let layout: ColumnLayout
    /// The statement whose current row is being decoded.
    let statement: SQLiteStatement
    /// The keys the first row asked for, in order, with their columns (`nil`: no such column).
    /// Only this thread touches the plan, so its state skips dynamic exclusivity checks.
    @exclusivity(unchecked) private var learned: [(key: String, index: Int?)] = []
    /// How many of this row's lookups have been made, repeats of a key aside.
    @exclusivity(unchecked) private var cursor = 0

    init(_ layout: ColumnLayout, statement: SQLiteStatement) {
      self.layout = layout
      self.statement = statement
    }

    /// The current row's value at `index`, as GRDB reads it.
    func value(at index: CInt) -> DatabaseValue {
      DatabaseValue(sqliteStatement: statement, index: index)
    }

    /// Starts the next row.
    func startRow() {
      cursor = 0
    }

    /// The index of the column `key`, or `nil` if the query has none.
    ///
    /// The key expected next costs one comparison of equal strings; the key just asked for
    /// again (`decodeIfPresent` asks three times) one more; any other a dictionary lookup.
    func index(of key: String) -> Int? {
      if cursor < learned.count, learned[cursor].key == key {
        cursor += 1
        return learned[cursor - 1].index
      }
      if cursor > 0, cursor <= learned.count, learned[cursor - 1].key == key {
        return learned[cursor - 1].index
      }
      let found = layout.index[key]
      if cursor == learned.count { learned.append((key, found)) }
      cursor += 1
      return found
    }
  }

  /// Decodes one column's value for a type that asks for a single value (an enum with a raw
  /// value); a type that asks for a container gets ``NestedValue``, and is read as JSON.
  struct ColumnDecoding: Decoder, SingleValueDecodingContainer {
    let value: DatabaseValue
    let key: any CodingKey
    var codingPath: [any CodingKey] { [key] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      throw NestedValue()
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NestedValue() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }

    private func scalar<T: DatabaseValueConvertible>(_ type: T.Type) throws -> T {
      guard let decoded = T.fromDatabaseValue(value) else {
        throw DecodingError.typeMismatch(
          type, .init(codingPath: [key], debugDescription: "cannot read \(value) as \(type)"))
      }
      return decoded
    }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    func decode(_ type: String.Type) throws -> String { try scalar(type) }
    func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      if let convertible = T.self as? any DatabaseValueConvertible.Type,
        let decoded = convertible.fromDatabaseValue(value) as? T
      {
        return decoded
      }
      return try T(from: self)
    }
  }
#endif
