import GRDB

/// What went wrong with the store, typed, with what to do about it.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A row broke a constraint (unique, not null, check, foreign key) on this table and column.
  case constraintViolation(table: String, column: String, kind: String)
  /// The database stayed locked by another connection or process past the busy timeout.
  case busy(path: String)
  /// The file is not an SQLite database (or is encrypted). It was not changed.
  case notADatabase(path: String)
  /// The file is a damaged SQLite database.
  case corrupt(path: String, detail: String)
  /// The file was written by a newer version of the app. It was not changed.
  case schemaTooNew(path: String, found: Int, supported: Int)
  /// The table does not exist: a migration that creates it is missing.
  case unknownTable(String)
  /// The table has no such column: a field without a column, or a filter on a wrong name.
  case unknownColumn(table: String, column: String)
  /// A stored row does not decode into the value type.
  case decoding(table: String, detail: String)
  /// A value could not be encoded for storage.
  case encoding(table: String, detail: String)
  /// A migration failed; the database stays at the version before it.
  case migrationFailed(version: Int, name: String, detail: String)
  /// The migrations registered are not a strictly increasing list of positive versions.
  case invalidMigrations(String)
  /// The file could not be opened, read or written.
  case io(path: String, detail: String)
  /// A transaction's body threw an error of its own (not the store's): nothing of it was
  /// stored. `reason` is that error's description.
  case aborted(reason: String)
  /// Any other SQLite error, with its code, message and statement.
  case sqlite(code: Int32, message: String, sql: String?)

  public var description: String {
    switch self {
    case .constraintViolation(let table, let column, let kind):
      return
        "\(kind) constraint failed on \(table).\(column). Check the value you store for \(column), or the constraint in the migration that created \(table)."
    case .busy(let path):
      return
        "The database at \(path) stayed locked past the busy timeout. Another process is writing; retry, or raise the busy timeout."
    case .notADatabase(let path):
      return
        "\(path) is not an SQLite database; it was left untouched. Choose another file, or move this one away."
    case .corrupt(let path, let detail):
      return
        "The database at \(path) is damaged (\(detail)). Restore it from a backup or reset the data folder."
    case .schemaTooNew(let path, let found, let supported):
      return
        "The database at \(path) has schema version \(found), newer than the \(supported) this app knows; it was left untouched. Update the app, or use another data folder."
    case .unknownTable(let table):
      return "No table named \(table). Register a migration that creates it."
    case .unknownColumn(let table, let column):
      return "Table \(table) has no column \(column). Add it in a migration, or fix the name."
    case .decoding(let table, let detail):
      return
        "A row of \(table) does not decode: \(detail). Check the value type against the table's columns."
    case .encoding(let table, let detail):
      return "A value for \(table) could not be encoded: \(detail)."
    case .migrationFailed(let version, let name, let detail):
      return
        "Migration \(version) (\(name)) failed: \(detail). The database stays at the previous version."
    case .invalidMigrations(let detail):
      return "Invalid migrations: \(detail)."
    case .io(let path, let detail):
      return "Could not use the database at \(path): \(detail). Check the path and its permissions."
    case .aborted(let reason):
      return "The transaction was rolled back: \(reason). Nothing of it was stored."
    case .sqlite(let code, let message, let sql):
      return "SQLite error \(code): \(message)" + (sql.map { " in `\($0)`" } ?? "")
    }
  }

  /// Whether the error is about the file as a whole (locked, unreadable, damaged, not a
  /// database) rather than about one statement.
  var isAboutTheFile: Bool {
    switch self {
    case .busy, .notADatabase, .corrupt, .io: true
    default: false
    }
  }

  /// Translates a GRDB or SQLite error into a store error.
  static func from(_ error: any Error, path: String, table: String? = nil) -> StoreError {
    if let error = error as? StoreError { return error }
    guard let error = error as? DatabaseError else {
      if let decoding = error as? DecodingError {
        return .decoding(table: table ?? "?", detail: "\(decoding)")
      }
      if let decoding = error as? RowDecodingError {
        return .decoding(table: table ?? "?", detail: "\(decoding)")
      }
      // The app's own error, thrown from a transaction's body: keep its words.
      return .aborted(reason: "\(error)")
    }
    let message = error.message ?? "\(error)"
    switch error.resultCode {
    case .SQLITE_CONSTRAINT:
      return constraint(message)
        ?? .sqlite(code: error.extendedResultCode.rawValue, message: message, sql: error.sql)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return .busy(path: path)
    case .SQLITE_NOTADB:
      return .notADatabase(path: path)
    case .SQLITE_CORRUPT:
      return .corrupt(path: path, detail: message)
    case .SQLITE_CANTOPEN, .SQLITE_IOERR, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_FULL:
      return .io(path: path, detail: message)
    case .SQLITE_ERROR where message.hasPrefix("no such table: "):
      return .unknownTable(String(message.dropFirst("no such table: ".count)))
    case .SQLITE_ERROR where message.hasPrefix("no such column: "):
      return .unknownColumn(
        table: table ?? "?", column: String(message.dropFirst("no such column: ".count)))
    case .SQLITE_ERROR where message.contains(" has no column named "):
      let parts = message.components(separatedBy: " has no column named ")
      return .unknownColumn(
        table: parts[0].replacingOccurrences(of: "table ", with: ""), column: parts.last ?? "?")
    default:
      return .sqlite(code: error.extendedResultCode.rawValue, message: message, sql: error.sql)
    }
  }

  /// `UNIQUE constraint failed: speakers.nickname` and its NOT NULL, CHECK kin.
  private static func constraint(_ message: String) -> StoreError? {
    guard let range = message.range(of: " constraint failed: ") else { return nil }
    let kind = String(message[..<range.lowerBound])
    let target = message[range.upperBound...].split(separator: ",").first.map(String.init) ?? ""
    let parts = target.split(separator: ".", maxSplits: 1).map(String.init)
    if parts.count == 2 {
      return .constraintViolation(table: parts[0], column: parts[1], kind: kind)
    }
    return .constraintViolation(table: "?", column: target, kind: kind)
  }
}
