#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  internal import GRDB

  /// A column of a table, for ``StoreSchema``: its name, what it holds, and its constraints.
  ///
  /// ```swift
  /// try schema.createTable("speakers", columns: [
  ///   .text("id", primaryKey: true),
  ///   .text("nickname", notNull: true, unique: true),
  ///   .date("pairedAt", notNull: true),
  ///   .integer("lastSignal"),
  ///   .json("settings", notNull: true),
  /// ])
  /// ```
  public struct StoreColumn: Hashable, Sendable {
    /// What a column holds, as SQLite declares it.
    public enum Kind: Hashable, Sendable {
      /// `TEXT`: strings, and enums with string raw values.
      case text
      /// `INTEGER`: integers and booleans.
      case integer
      /// `DOUBLE`: floating-point numbers.
      case real
      /// `BLOB`: bytes, and `UUID`s.
      case blob
      /// `DATETIME`: dates, stored as sortable text.
      case date
      /// `TEXT` holding JSON: nested values (structs, arrays, dictionaries).
      case json

      /// The declared type (which gives SQLite's column affinity).
      var sqlType: String {
        switch self {
        case .text, .json: "TEXT"
        case .integer: "INTEGER"
        case .real: "DOUBLE"
        case .blob: "BLOB"
        case .date: "DATETIME"
        }
      }
    }

    /// The column's name: the value's coding key.
    public var name: String
    /// What it holds.
    public var kind: Kind
    /// Whether it is the primary key.
    public var primaryKey: Bool
    /// Whether `NULL` is refused.
    public var notNull: Bool
    /// Whether two rows may not hold the same value.
    public var unique: Bool
    /// The value a row gets when an insert names no value for it.
    public var defaultValue: StoreValue?

    /// A column of `kind`.
    public init(
      _ name: String, _ kind: Kind, primaryKey: Bool = false, notNull: Bool = false,
      unique: Bool = false, default defaultValue: StoreValue? = nil
    ) {
      self.name = name
      self.kind = kind
      self.primaryKey = primaryKey
      self.notNull = notNull || primaryKey
      self.unique = unique
      self.defaultValue = defaultValue
    }

    /// A text column.
    public static func text(
      _ name: String, primaryKey: Bool = false, notNull: Bool = false, unique: Bool = false,
      default defaultValue: StoreValue? = nil
    ) -> StoreColumn {
      StoreColumn(
        name, .text, primaryKey: primaryKey, notNull: notNull, unique: unique,
        default: defaultValue)
    }

    /// An integer (or boolean) column.
    public static func integer(
      _ name: String, primaryKey: Bool = false, notNull: Bool = false, unique: Bool = false,
      default defaultValue: StoreValue? = nil
    ) -> StoreColumn {
      StoreColumn(
        name, .integer, primaryKey: primaryKey, notNull: notNull, unique: unique,
        default: defaultValue)
    }

    /// A floating-point column.
    public static func real(
      _ name: String, notNull: Bool = false, default defaultValue: StoreValue? = nil
    ) -> StoreColumn {
      StoreColumn(name, .real, notNull: notNull, default: defaultValue)
    }

    /// A bytes (or `UUID`) column.
    public static func blob(
      _ name: String, primaryKey: Bool = false, notNull: Bool = false, unique: Bool = false
    ) -> StoreColumn {
      StoreColumn(name, .blob, primaryKey: primaryKey, notNull: notNull, unique: unique)
    }

    /// A date column.
    public static func date(
      _ name: String, notNull: Bool = false, default defaultValue: StoreValue? = nil
    ) -> StoreColumn {
      StoreColumn(name, .date, notNull: notNull, default: defaultValue)
    }

    /// A column for a nested value, stored as JSON text.
    public static func json(_ name: String, notNull: Bool = false) -> StoreColumn {
      StoreColumn(name, .json, notNull: notNull)
    }

    /// The column's definition in `CREATE TABLE` or `ALTER TABLE … ADD COLUMN`.
    var definition: String {
      var sql = "\(quoted(name)) \(kind.sqlType)"
      if primaryKey { sql += " PRIMARY KEY" }
      if notNull { sql += " NOT NULL" }
      if unique && !primaryKey { sql += " UNIQUE" }
      if let defaultValue { sql += " DEFAULT \(defaultValue.sqlLiteral)" }
      return sql
    }
  }

  extension StoreValue {
    /// The value as an SQL literal, for a column's default.
    var sqlLiteral: String {
      switch self {
      case .null: return "NULL"
      case .integer(let number): return String(number)
      case .real(let number): return number.isFinite ? "\(number)" : "NULL"
      case .text(let text): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
      case .blob(let bytes): return "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
      case .date:
        guard case .string(let text) = databaseValue.storage else { return "NULL" }
        return StoreValue.text(text).sqlLiteral
      }
    }
  }
#endif
