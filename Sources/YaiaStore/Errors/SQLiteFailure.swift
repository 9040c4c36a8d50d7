#if Store  // the trait; without it, TraitRequirement.swift names it
  /// SQLite's own evidence for a failure: its result codes, its message, and the statement.
  ///
  /// Kept whole in every ``StoreError`` that SQLite caused, so that a bug report carries what
  /// SQLite said, not a paraphrase of it.
  public struct SQLiteFailure: Equatable, Sendable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT` is 19, `SQLITE_BUSY` 5).
    public var resultCode: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE` is 2067).
    public var extendedCode: Int32
    /// SQLite's message.
    public var message: String
    /// The statement that failed, if one did.
    public var sql: String?
    /// The statement's arguments, as GRDB renders them (`["kitchen", 3]`): kept only when the
    /// store was opened with `revealsArgumentsInErrors`, since they may hold personal data.
    public var arguments: String?

    /// A failure with these codes, message and statement.
    public init(
      resultCode: Int32, extendedCode: Int32, message: String, sql: String? = nil,
      arguments: String? = nil
    ) {
      self.resultCode = resultCode
      self.extendedCode = extendedCode
      self.message = message
      self.sql = sql
      self.arguments = arguments
    }

    /// `SQLite error 19/2067: UNIQUE constraint failed: speakers.nickname in INSERT … with [..]`.
    public var description: String {
      var text = "SQLite error \(resultCode)"
      if extendedCode != resultCode { text += "/\(extendedCode)" }
      text += ": \(message)"
      if let sql { text += " in `\(sql)`" }
      if let arguments { text += " with \(arguments)" }
      return text
    }
  }

  /// A constraint that refused a row: which kind, on which table and columns, and SQLite's
  /// evidence.
  public struct ConstraintViolation: Equatable, Sendable {
    /// Which kind of constraint.
    public enum Kind: String, Equatable, Sendable {
      /// Two rows with the same value in a unique column.
      case unique = "UNIQUE"
      /// Two rows with the same primary key.
      case primaryKey = "PRIMARY KEY"
      /// A `NULL` in a not-null column.
      case notNull = "NOT NULL"
      /// A `CHECK` expression that was false.
      case check = "CHECK"
      /// A reference to a row that does not exist.
      case foreignKey = "FOREIGN KEY"
      /// Another kind (a trigger's `RAISE`, for one).
      case other = "constraint"
    }

    /// Which kind of constraint.
    public var kind: Kind
    /// The table, when SQLite named it or the statement's table is known.
    public var table: String?
    /// The columns SQLite named (none for a foreign key or a check).
    public var columns: [String]
    /// SQLite's evidence.
    public var sqlite: SQLiteFailure

    /// A violation of `kind` on `table`'s `columns`.
    public init(kind: Kind, table: String?, columns: [String], sqlite: SQLiteFailure) {
      self.kind = kind
      self.table = table
      self.columns = columns
      self.sqlite = sqlite
    }
  }
#endif
