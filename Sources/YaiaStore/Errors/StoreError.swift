#if Store  // the trait; without it, TraitRequirement.swift names it
  internal import GRDB
  import Foundation
  import FoundationEssentials

  /// What went wrong with the store, typed, with SQLite's evidence kept and what to do about it.
  ///
  /// Cases carry structured evidence (codes, table, column, statement); ``description`` is
  /// rendered from it.
  public indirect enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A row broke a constraint (unique, not null, check, foreign key).
    case constraintViolation(ConstraintViolation)
    /// The database stayed locked by another connection or process past the busy timeout.
    case busy(path: String, sqlite: SQLiteFailure)
    /// The file is not an SQLite database (or is encrypted). It was not changed.
    case notADatabase(path: String, sqlite: SQLiteFailure)
    /// The file is a damaged SQLite database.
    case corrupt(path: String, sqlite: SQLiteFailure)
    /// The file could not be opened, read or written (permissions, a full disk, a missing
    /// folder).
    case io(path: String, sqlite: SQLiteFailure)
    /// Something other than a regular file is at the path (`kind`: a FIFO, a device, a
    /// folder, a socket). It was not opened: SQLite would wait on a FIFO forever, and write its
    /// journal beside a device.
    case notAFile(path: String, kind: String)
    /// The file was written by a newer version of the app. It was not changed.
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// The table does not exist: a migration that creates it is missing.
    case unknownTable(String, sqlite: SQLiteFailure)
    /// The table has no such column: a field without a column, or a filter on a wrong name.
    /// `table` is `nil` only when neither SQLite nor the statement named one.
    case unknownColumn(table: String?, column: String, sqlite: SQLiteFailure?)
    /// A stored row of `table` does not decode into the value type; `detail` is the decoder's
    /// own account.
    case decoding(table: String, detail: String)
    /// A value for `table` could not be encoded; `detail` is the encoder's own account.
    case encoding(table: String, detail: String)
    /// A migration failed, for `cause`; the database stays at the version before it.
    case migrationFailed(version: Int, name: String, cause: StoreError)
    /// The migrations registered are not a strictly increasing list of positive versions.
    case invalidMigrations(version: Int, name: String, previous: Int)
    /// A schema change that SQLite cannot make as asked.
    case invalidSchema(table: String, reason: String)
    /// A value does not fit its column's type (SQLite's "datatype mismatch", code 20): the
    /// table was changed outside the app's migrations (an `INTEGER PRIMARY KEY` where the app
    /// stores text, a `STRICT` table). `table` is the table the statement works on.
    case typeMismatch(table: String?, sqlite: SQLiteFailure)
    /// A transaction's or migration's body threw an error of its own (not the store's): nothing
    /// of it was stored. `reason` is that error's description.
    case aborted(reason: String)
    /// A value's id, as the mapping's `id(of:)` gives it, is not what its primary key column
    /// was encoded as: reads and deletes by that id would find no row, so nothing was written.
    /// Common cause: a field of one type (a `GeneratedID`, a wrapper) and an `id(of:)` that
    /// returns another form of it (a `UUID`, a `String`).
    case idMismatch(table: String, primaryKey: String, encoded: StoreValue, idOf: StoreValue)
    /// Any other SQLite error.
    case sqlite(SQLiteFailure)

    public var description: String {
      switch self {
      case .constraintViolation(let violation):
        let place = [
          violation.table,
          violation.columns.isEmpty ? nil : violation.columns.joined(separator: ", "),
        ]
        .compactMap { $0 }.joined(separator: ".")
        return
          "\(violation.kind.rawValue) constraint failed\(place.isEmpty ? "" : " on \(place)"). Check the values you store, or the constraint in the migration that created the table. (\(violation.sqlite))"
      case .busy(let path, _):
        return
          "The database at \(path) stayed locked past the busy timeout. Another process is writing; retry, or raise the busy timeout."
      case .notADatabase(let path, _):
        return
          "\(path) is not an SQLite database; it was left untouched. Choose another file, or move this one away."
      case .corrupt(let path, let sqlite):
        return
          "The database at \(path) is damaged (\(sqlite.message)). Restore it from a backup or reset the data folder."
      case .io(let path, let sqlite):
        return
          "Could not use the database at \(path): \(sqlite.message). Check the path, its permissions and the free space."
      case .notAFile(let path, let kind):
        return
          "\(path) is \(kind), not a database file; it was left untouched. Choose a path to a regular file."
      case .schemaTooNew(let path, let found, let supported):
        return
          "The database at \(path) has schema version \(found), newer than the \(supported) this app knows; it was left untouched. Update the app, or use another data folder."
      case .unknownTable(let table, _):
        return "No table named \(table). Register a migration that creates it."
      case .unknownColumn(let table, let column, _):
        return table.map {
          "Table \($0) has no column \(column). Add it in a migration, or fix the name."
        } ?? "No column named \(column). Add it in a migration, or fix the name."
      case .decoding(let table, let detail):
        return
          "A row of \(table) does not decode: \(detail). Check the value type against the table's columns."
      case .encoding(let table, let detail):
        return "A value for \(table) could not be encoded: \(detail)."
      case .migrationFailed(let version, let name, let cause):
        let reason: String
        if case .aborted(let own) = cause { reason = own } else { reason = cause.description }
        return
          "Migration \(version) (\(name)) failed: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason). The database stays at the previous version."
      case .invalidMigrations(let version, let name, let previous):
        return
          "Invalid migrations: version \(version) (\(name)) must be greater than \(previous); list migrations in increasing order, starting at 1."
      case .invalidSchema(let table, let reason):
        return "Cannot change the schema of \(table): \(reason)."
      case .typeMismatch(let table, let sqlite):
        return
          "A value does not fit its column's type in \(table.map { "the table \($0)" } ?? "the statement's table"): SQLite says \"\(sqlite.message)\"\(sqlite.sql.map { " in `\($0)`" } ?? ""). The table was changed outside the app's migrations (a column's type, an INTEGER PRIMARY KEY, a STRICT table); compare it with the migrations, or reset the data."
      case .aborted(let reason):
        return "The transaction was rolled back: \(reason). Nothing of it was stored."
      case .idMismatch(let table, let primaryKey, let encoded, let idOf):
        return
          "A value for \(table) encodes its primary key \(primaryKey) as \(encoded.evidence), but its mapping's id(of:) returns \(idOf.evidence): deleting or fetching by that id would find no row, so nothing was written. Make id(of:) return the field \(primaryKey) as it is (the same type), or store the id in the form id(of:) returns."
      case .sqlite(let sqlite):
        return sqlite.description
      }
    }

    /// SQLite's evidence, when SQLite caused the error.
    public var sqlite: SQLiteFailure? {
      switch self {
      case .constraintViolation(let violation): violation.sqlite
      case .busy(_, let sqlite), .notADatabase(_, let sqlite), .corrupt(_, let sqlite),
        .io(_, let sqlite), .unknownTable(_, let sqlite), .typeMismatch(_, let sqlite),
        .sqlite(let sqlite):
        sqlite
      case .unknownColumn(_, _, let sqlite): sqlite
      case .migrationFailed(_, _, let cause): cause.sqlite
      default: nil
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

    /// Translates a GRDB or SQLite error into a store error. `table` is the table the failing
    /// statement worked on, when the caller knows it; `revealArguments` keeps the statement's
    /// arguments in the evidence.
    static func from(
      _ error: any Error, path: String, table: String? = nil, revealArguments: Bool = false
    ) -> StoreError {
      if let error = error as? StoreError { return error }
      guard let error = error as? DatabaseError else {
        if let table, error is DecodingError || error is RowDecodingError {
          return .decoding(table: table, detail: "\(error)")
        }
        // The app's own error, thrown from a transaction's or migration's body.
        return .aborted(reason: "\(error)")
      }
      let message = error.message ?? ""
      let sqlite = SQLiteFailure(
        resultCode: error.resultCode.rawValue, extendedCode: error.extendedResultCode.rawValue,
        message: message, sql: error.sql,
        arguments: revealArguments ? error.arguments.map { "\($0)" } : nil)
      switch error.resultCode {
      case .SQLITE_CONSTRAINT:
        return .constraintViolation(constraint(error.extendedResultCode, sqlite, table: table))
      case .SQLITE_BUSY, .SQLITE_LOCKED:
        return .busy(path: path, sqlite: sqlite)
      case .SQLITE_NOTADB:
        return .notADatabase(path: path, sqlite: sqlite)
      case .SQLITE_CORRUPT:
        return .corrupt(path: path, sqlite: sqlite)
      case .SQLITE_MISMATCH:
        return .typeMismatch(table: table, sqlite: sqlite)
      case .SQLITE_CANTOPEN, .SQLITE_IOERR, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_FULL:
        return .io(path: path, sqlite: sqlite)
      case .SQLITE_ERROR where message.hasPrefix("no such table: "):
        return .unknownTable(String(message.dropFirst("no such table: ".count)), sqlite: sqlite)
      case .SQLITE_ERROR where message.hasPrefix("no such column: "):
        return .unknownColumn(
          table: table, column: String(message.dropFirst("no such column: ".count)),
          sqlite: sqlite)
      case .SQLITE_ERROR where message.contains(" has no column named "):
        let parts = message.components(separatedBy: " has no column named ")
        return .unknownColumn(
          table: parts[0].hasPrefix("table ") ? String(parts[0].dropFirst(6)) : table,
          column: parts.count > 1 ? parts[1] : "", sqlite: sqlite)
      default:
        return .sqlite(sqlite)
      }
    }

    /// The kind from the extended code; the table and columns from SQLite's message
    /// (`UNIQUE constraint failed: speakers.nickname, speakers.room`) when it names them.
    private static func constraint(
      _ code: ResultCode, _ sqlite: SQLiteFailure, table: String?
    ) -> ConstraintViolation {
      let kind: ConstraintViolation.Kind =
        switch code {
        case .SQLITE_CONSTRAINT_UNIQUE: .unique
        case .SQLITE_CONSTRAINT_PRIMARYKEY: .primaryKey
        case .SQLITE_CONSTRAINT_NOTNULL: .notNull
        case .SQLITE_CONSTRAINT_CHECK: .check
        case .SQLITE_CONSTRAINT_FOREIGNKEY: .foreignKey
        default: .other
        }
      var named: [(table: String, column: String)] = []
      if [.unique, .primaryKey, .notNull].contains(kind),
        let range = sqlite.message.range(of: " constraint failed: ")
      {
        for part in sqlite.message[range.upperBound...].split(separator: ",") {
          let pieces = part.trimmingCharacters(in: .whitespaces).split(
            separator: ".", maxSplits: 1)
          if pieces.count == 2 { named.append((String(pieces[0]), String(pieces[1]))) }
        }
      }
      return ConstraintViolation(
        kind: kind, table: named.first?.table ?? table, columns: named.map(\.column),
        sqlite: sqlite)
    }
  }
#endif
