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
    do {
      let columns = try db.columns(in: M.table).map(\.name)
      guard columns.contains(M.primaryKey) else {
        throw StoreError.unknownColumn(table: M.table, column: M.primaryKey)
      }
      let known = Set(columns)
      let others = columns.filter { $0 != M.primaryKey }
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
            "UPDATE \(quoted(M.table)) SET \(others.map { "\(quoted($0)) = ?" }.joined(separator: ", ")) WHERE \(quoted(M.primaryKey)) = ? AND (\(others.map { "\(quoted($0)) IS NOT ?" }.joined(separator: " OR ")))"
        )
      var change = changes[M.table] ?? TableChanges()
      for value in values {
        let fields: [String: DatabaseValue]
        do {
          fields = try Stored<M>(value).databaseDictionary
        } catch {
          throw StoreError.encoding(table: M.table, detail: "\(error)")
        }
        if fields.count > columns.count || fields.keys.contains(where: { !known.contains($0) }) {
          let missing = fields.keys.first { !known.contains($0) } ?? "?"
          throw StoreError.unknownColumn(table: M.table, column: missing)
        }
        let key = M.id(of: value).databaseValue
        insert.setUncheckedArguments(StatementArguments(columns.map { fields[$0] ?? .null }))
        try insert.execute()
        if db.changesCount > 0 {
          change.inserted.append(key)
          continue
        }
        guard let update else { continue }
        let newValues = others.map { fields[$0] ?? .null }
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
    try fetch(M.self, where: .equals(M.primaryKey, .null), bindingKey: id.databaseValue).first
  }

  /// The values with these ids that are stored, in the order of `ids`.
  public func fetch<M: StoreMapping>(_ mapping: M.Type, ids: [M.ID]) throws(StoreError) -> [M.Value]
  {
    do {
      let statement = try db.cachedStatement(
        sql: "SELECT * FROM \(quoted(M.table)) WHERE \(quoted(M.primaryKey)) = ?")
      var values: [M.Value] = []
      values.reserveCapacity(ids.count)
      for id in ids {
        statement.setUncheckedArguments([id.databaseValue])
        if let stored = try Stored<M>.fetchOne(statement) { values.append(stored.value) }
      }
      return values
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
  }

  /// The values `filter` matches, sorted, at most `limit` of them.
  public func fetch<M: StoreMapping>(
    _ mapping: M.Type, where filter: StoreFilter? = nil, orderBy sort: [StoreSort] = [],
    limit: Int? = nil
  ) throws(StoreError) -> [M.Value] {
    try fetch(M.self, where: filter, orderBy: sort, limit: limit, bindingKey: nil)
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

  private func fetch<M: StoreMapping>(
    _ mapping: M.Type, where filter: StoreFilter?, orderBy sort: [StoreSort] = [],
    limit: Int? = nil,
    bindingKey: DatabaseValue?
  ) throws(StoreError) -> [M.Value] {
    var (condition, arguments) = filter?.sql() ?? ("1", [])
    if let bindingKey {  // fetch by id: compare the key with `=`
      condition = "\(quoted(M.primaryKey)) = ?"
      arguments = [bindingKey]
    }
    var sql = "SELECT * FROM \(quoted(M.table)) WHERE \(condition)"
    if !sort.isEmpty { sql += " ORDER BY " + sort.map(\.sql).joined(separator: ", ") }
    if let limit { sql += " LIMIT \(max(0, limit))" }
    do {
      return try Stored<M>.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map(
        \.value)
    } catch {
      throw StoreError.from(error, path: path, table: M.table)
    }
  }
}
