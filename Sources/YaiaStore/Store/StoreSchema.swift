#if Store  // the trait; without it, TraitRequirement.swift names it
  internal import GRDB

  /// What a ``StoreMigration`` changes the schema with: tables, columns and indexes, or any SQL.
  /// No storage library's type reaches the app: a migration is written with this and nothing else.
  ///
  /// ```swift
  /// StoreMigration(2, "add firmware") { schema in
  ///   try schema.addColumn(.text("firmware"), to: "speakers")
  ///   try schema.execute("UPDATE speakers SET firmware = ? WHERE model = ?", ["1.0", "Emberton"])
  /// }
  /// ```
  ///
  /// Every call runs inside the migration's transaction: if one throws, none of the migration is
  /// kept. Names are quoted for you; values go as arguments, never spliced into SQL.
  public struct StoreSchema: ~Copyable {
    let db: Database
    let context: StoreContext

    /// Runs `sql` (one statement or several separated by `;`) with `arguments` for its `?`
    /// placeholders.
    public func execute(_ sql: String, _ arguments: [StoreValue] = []) throws(StoreError) {
      try run { db in
        try db.execute(sql: sql, arguments: StatementArguments(arguments.map(\.databaseValue)))
      }
    }

    /// Creates `table` with `columns`; exactly one of them should be the primary key.
    public func createTable(_ table: String, columns: [StoreColumn]) throws(StoreError) {
      guard !columns.isEmpty else {
        throw .invalidSchema(table: table, reason: "a table needs at least one column")
      }
      let keys = columns.filter(\.primaryKey)
      guard keys.count <= 1 else {
        throw .invalidSchema(
          table: table,
          reason: "more than one primary key column (\(keys.map(\.name).joined(separator: ", ")))")
      }
      let definitions = columns.map(\.definition).joined(separator: ", ")
      try execute("CREATE TABLE \(quoted(table)) (\(definitions))")
    }

    /// Adds `column` to `table`. SQLite cannot add a primary key or a unique column this way,
    /// and a not-null one needs a default.
    public func addColumn(_ column: StoreColumn, to table: String) throws(StoreError) {
      if column.primaryKey || column.unique || (column.notNull && column.defaultValue == nil) {
        throw .invalidSchema(
          table: table,
          reason:
            "cannot add column \(column.name): an added column cannot be a primary key or unique, and a not-null one needs a default"
        )
      }
      try execute("ALTER TABLE \(quoted(table)) ADD COLUMN \(column.definition)")
    }

    /// Renames a column of `table`.
    public func renameColumn(_ column: String, to newName: String, in table: String)
      throws(StoreError)
    {
      try execute(
        "ALTER TABLE \(quoted(table)) RENAME COLUMN \(quoted(column)) TO \(quoted(newName))")
    }

    /// Removes a column of `table` (not its primary key, nor an indexed column).
    public func dropColumn(_ column: String, from table: String) throws(StoreError) {
      try execute("ALTER TABLE \(quoted(table)) DROP COLUMN \(quoted(column))")
    }

    /// Renames `table`.
    public func renameTable(_ table: String, to newName: String) throws(StoreError) {
      try execute("ALTER TABLE \(quoted(table)) RENAME TO \(quoted(newName))")
    }

    /// Removes `table` and its rows.
    public func dropTable(_ table: String) throws(StoreError) {
      try execute("DROP TABLE \(quoted(table))")
    }

    /// Creates the index `name` on `columns` of `table`; `unique` refuses duplicate values.
    public func createIndex(
      _ name: String, on table: String, columns: [String], unique: Bool = false
    ) throws(StoreError) {
      let list = columns.map(quoted).joined(separator: ", ")
      try execute(
        "CREATE \(unique ? "UNIQUE " : "")INDEX \(quoted(name)) ON \(quoted(table)) (\(list))")
    }

    /// Whether `table` exists.
    public func tableExists(_ table: String) throws(StoreError) -> Bool {
      try run { db in try db.tableExists(table) }
    }

    /// The column names of `table`, in order.
    public func columns(of table: String) throws(StoreError) -> [String] {
      try run { db in try db.columns(in: table).map(\.name) }
    }

    private func run<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
      do {
        return try body(db)
      } catch {
        throw context.error(error)
      }
    }
  }
#endif
