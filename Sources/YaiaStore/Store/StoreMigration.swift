import GRDB

/// One step of the schema, registered by the app and run once, in order, when the store opens.
///
/// ```swift
/// let migrations = [
///   StoreMigration(1, "create speakers") { db in
///     try db.create(table: "speakers") { t in
///       t.primaryKey("id", .text)
///       t.column("nickname", .text).notNull()
///       t.column("pairedAt", .datetime).notNull()
///     }
///   },
///   StoreMigration(2, "add lastSignal") { db in
///     try db.alter(table: "speakers") { t in t.add(column: "lastSignal", .integer) }
///   },
/// ]
/// ```
///
/// Each migration runs in its own transaction with the new version: it applies whole or not at
/// all. The version is SQLite's `user_version`, so any SQLite tool can read it.
public struct StoreMigration: Sendable {
  /// The schema version this migration brings the database to; 1 for the first.
  public let version: Int
  /// What it does, for messages.
  public let name: String
  let body: @Sendable (Database) throws -> Void

  /// A migration to `version`, running `body` in a transaction.
  public init(_ version: Int, _ name: String, _ body: @escaping @Sendable (Database) throws -> Void)
  {
    self.version = version
    self.name = name
    self.body = body
  }
}
