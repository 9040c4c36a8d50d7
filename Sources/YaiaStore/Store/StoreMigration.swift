#if Store  // the trait; without it, TraitRequirement.swift names it
  /// One step of the schema, registered by the app and run once, in order, when the store opens.
  ///
  /// ```swift
  /// let migrations = [
  ///   StoreMigration(1, "create speakers") { schema in
  ///     try schema.createTable("speakers", columns: [
  ///       .text("id", primaryKey: true),
  ///       .text("nickname", notNull: true),
  ///       .date("pairedAt", notNull: true),
  ///     ])
  ///   },
  ///   StoreMigration(2, "add lastSignal", sql: "ALTER TABLE speakers ADD COLUMN lastSignal INTEGER"),
  /// ]
  /// ```
  ///
  /// Each migration runs in its own transaction with the new version: it applies whole or not at
  /// all. The version is SQLite's `user_version`, so any SQLite tool can read it. A migration is
  /// written with ``StoreSchema`` or SQL text: no storage library's type is needed.
  public struct StoreMigration: Sendable {
    /// The schema version this migration brings the database to; 1 for the first.
    public let version: Int
    /// What it does, for messages.
    public let name: String
    let body: @Sendable (inout StoreSchema) throws -> Void

    /// A migration to `version`, running `body` in a transaction.
    public init(
      _ version: Int, _ name: String, _ body: @escaping @Sendable (inout StoreSchema) throws -> Void
    ) {
      self.version = version
      self.name = name
      self.body = body
    }

    /// A migration to `version` that runs `sql` (statements separated by `;`) in a transaction.
    public init(_ version: Int, _ name: String, sql: String) {
      self.init(version, name) { schema in try schema.execute(sql) }
    }
  }
#endif
