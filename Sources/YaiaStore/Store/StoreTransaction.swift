import GRDB

/// Operations inside one atomic transaction: everything in it is stored, or nothing.
///
/// ```swift
/// try await store.transaction { tx in
///   try tx.delete(Speakers.self, ids: [old.id])
///   try tx.upsert([renamed], as: Speakers.self)
/// }
/// ```
///
/// Throwing from the closure rolls everything back, and nothing is reported to change streams.
public struct StoreTransaction: ~Copyable {
  let db: Database
  let path: String
  var changes: [String: TableChanges] = [:]

  init(db: Database, path: String) {
    self.db = db
    self.path = path
  }

  // MARK: Writing

  /// Stores `values`: inserts the new ones, updates those whose stored values differ, and
  /// leaves identical ones alone.
  public mutating func upsert<M: StoreMapping>(_ values: [M.Value], as mapping: M.Type)
    throws(StoreError)
  {
    guard !values.isEmpty else { return }
    let columns: [String]
    do {
      columns = try db.columns(in: M.table).map(\.name)
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
    try write(EncodedRows<M>(values, columns: columns), as: M.self)
  }

  /// Writes rows already encoded for this table's columns (see ``EncodedRows``).
  mutating func write<M: StoreMapping>(_ rows: EncodedRows<M>, as mapping: M.Type)
    throws(StoreError)
  {
    let columns = rows.columns
    do {
      guard let keyIndex = columns.firstIndex(of: M.primaryKey) else {
        throw StoreError.unknownColumn(table: M.table, column: M.primaryKey)
      }
      let others = columns.indices.filter { $0 != keyIndex }
      let list = columns.map(quoted).joined(separator: ", ")
      let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
      let insert = try db.cachedStatement(
        sql:
          "INSERT INTO \(quoted(M.table)) (\(list)) VALUES (\(marks)) ON CONFLICT(\(quoted(M.primaryKey))) DO NOTHING"
      )
      let update: Statement? =
        others.isEmpty
        ? nil
        : try db.cachedStatement(
          sql:
            "UPDATE \(quoted(M.table)) SET \(others.map { "\(quoted(columns[$0])) = ?" }.joined(separator: ", ")) WHERE \(quoted(M.primaryKey)) = ? AND (\(others.map { "\(quoted(columns[$0])) IS NOT ?" }.joined(separator: " OR ")))"
        )
      var change = changes[M.table] ?? TableChanges()
      for row in try rows.rows() {
        insert.setUncheckedArguments(row.arguments)
        try insert.execute()
        let key = row.values[keyIndex]
        if db.changesCount > 0 {
          change.inserted.append(key)
          continue
        }
        guard let update else { continue }
        let newValues = others.map { row.values[$0] }
        update.setUncheckedArguments(StatementArguments(newValues + [key] + newValues))
        try update.execute()
        if db.changesCount > 0 { change.updated.append(key) }
      }
      changes[M.table] = change
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
  }

  /// Deletes the rows with these ids; ids not stored are ignored.
  public mutating func delete<M: StoreMapping>(_ mapping: M.Type, ids: [M.ID]) throws(StoreError) {
    guard !ids.isEmpty else { return }
    do {
      let statement = try db.cachedStatement(
        sql: "DELETE FROM \(quoted(M.table)) WHERE \(quoted(M.primaryKey)) = ?")
      var change = changes[M.table] ?? TableChanges()
      for id in ids {
        let key = id.databaseValue
        statement.setUncheckedArguments([key])
        try statement.execute()
        if db.changesCount > 0 { change.deleted.append(key) }
      }
      changes[M.table] = change
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
  }

  /// Deletes these values (by their ids).
  public mutating func delete<M: StoreMapping>(_ values: [M.Value], as mapping: M.Type)
    throws(StoreError)
  {
    try delete(M.self, ids: values.map(M.id(of:)))
  }

  /// Deletes every row `filter` matches; returns how many.
  @discardableResult
  public mutating func delete<M: StoreMapping>(_ mapping: M.Type, where filter: StoreFilter)
    throws(StoreError) -> Int
  {
    let (condition, arguments) = filter.sql()
    do {
      let keys = try DatabaseValue.fetchAll(
        db, sql: "SELECT \(quoted(M.primaryKey)) FROM \(quoted(M.table)) WHERE \(condition)",
        arguments: StatementArguments(arguments))
      try db.execute(
        sql: "DELETE FROM \(quoted(M.table)) WHERE \(condition)",
        arguments: StatementArguments(arguments))
      changes[M.table, default: TableChanges()].deleted += keys
      return keys.count
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
  }

  // MARK: Reading (sees this transaction's own writes)

  /// The value with this id, if stored.
  public func fetch<M: StoreMapping>(_ mapping: M.Type, id: M.ID) throws(StoreError) -> M.Value? {
    do {
      let statement = try db.cachedStatement(
        sql: "SELECT * FROM \(quoted(M.table)) WHERE \(quoted(M.primaryKey)) = ?")
      statement.setUncheckedArguments([id.databaseValue])
      return try Stored<M>.fetchOne(statement)?.value
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
  }

  /// The values with these ids that are stored, in the order of `ids`.
  public func fetch<M: StoreMapping>(_ mapping: M.Type, ids: [M.ID]) throws(StoreError) -> [M.Value]
  {
    guard !ids.isEmpty else { return [] }
    do {
      // Chunks of `IN (…)` queries, under SQLite's limit of 32,766 bound variables (3.32+).
      var byID: [M.ID: M.Value] = [:]
      byID.reserveCapacity(ids.count)
      let chunkSize = 10_000
      var start = 0
      while start < ids.count {
        let chunk = ids[start..<min(start + chunkSize, ids.count)]
        start += chunkSize
        let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
        let statement = try db.cachedStatement(
          sql: "SELECT * FROM \(quoted(M.table)) WHERE \(quoted(M.primaryKey)) IN (\(marks))")
        statement.setUncheckedArguments(StatementArguments(chunk.map(\.databaseValue)))
        let cursor = try Stored<M>.fetchCursor(statement)
        while let stored = try cursor.next() { byID[M.id(of: stored.value)] = stored.value }
      }
      return ids.compactMap { byID[$0] }
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
  }

  /// The values `filter` matches, sorted, at most `limit` of them.
  public func fetch<M: StoreMapping>(
    _ mapping: M.Type, where filter: StoreFilter? = nil, orderBy sort: [StoreSort] = [],
    limit: Int? = nil
  ) throws(StoreError) -> [M.Value] {
    let (condition, arguments) = filter?.sql() ?? ("1", [])
    var sql = "SELECT * FROM \(quoted(M.table)) WHERE \(condition)"
    if !sort.isEmpty { sql += " ORDER BY " + sort.map(\.sql).joined(separator: ", ") }
    if let limit { sql += " LIMIT \(max(0, limit))" }
    do {
      // GRDB's fetchAll then a map measured as fast as a hand-written cursor loop, or faster.
      return try Stored<M>.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map(
        \.value)
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
  }

  /// How many rows `filter` matches (all rows without one).
  public func count<M: StoreMapping>(_ mapping: M.Type, where filter: StoreFilter? = nil)
    throws(StoreError) -> Int
  {
    let (condition, arguments) = filter?.sql() ?? ("1", [])
    do {
      return try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM \(quoted(M.table)) WHERE \(condition)",
        arguments: StatementArguments(arguments)) ?? 0
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
  }

}
