#if Store  // the trait; without it, TraitRequirement.swift names it
  internal import GRDB

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
    let context: StoreContext
    var changes: [String: TableChanges] = [:]

    init(db: Database, context: StoreContext) {
      self.db = db
      self.context = context
    }

    /// Reads that see this transaction's own writes.
    private var reader: StoreReader { StoreReader(db: db, context: context) }

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
        throw context.error(error, table: M.table)
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
          throw StoreError.unknownColumn(table: M.table, column: M.primaryKey, sqlite: nil)
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
        for row in rows.rows {
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
        throw context.error(error, table: M.table)
      }
    }

    /// Deletes the rows with these ids; ids not stored are ignored.
    public mutating func delete<M: StoreMapping>(_ mapping: M.Type, ids: [M.ID]) throws(StoreError)
    {
      guard !ids.isEmpty else { return }
      try TextWithNUL.refuse(ids.map(\.storeValue.databaseValue), table: M.table) { "id \($0)" }
      do {
        let statement = try db.cachedStatement(
          sql: "DELETE FROM \(quoted(M.table)) WHERE \(quoted(M.primaryKey)) = ?")
        var change = changes[M.table] ?? TableChanges()
        for id in ids {
          let key = id.storeValue.databaseValue
          statement.setUncheckedArguments([key])
          try statement.execute()
          if db.changesCount > 0 { change.deleted.append(key) }
        }
        changes[M.table] = change
      } catch {
        throw context.error(error, table: M.table)
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
      try TextWithNUL.refuse(arguments, table: M.table) { "the filter's value \($0 + 1)" }
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
        throw context.error(error, table: M.table)
      }
    }

    // MARK: Reading (sees this transaction's own writes)

    /// The value with this id, if stored.
    public func fetch<M: StoreMapping>(_ mapping: M.Type, id: M.ID) throws(StoreError) -> M.Value? {
      try reader.fetch(M.self, id: id)
    }

    /// The values with these ids that are stored, in the order of `ids`.
    public func fetch<M: StoreMapping>(_ mapping: M.Type, ids: [M.ID]) throws(StoreError) -> [M
      .Value]
    {
      try reader.fetch(M.self, ids: ids)
    }

    /// The values `filter` matches, sorted, at most `limit` of them.
    public func fetch<M: StoreMapping>(
      _ mapping: M.Type, where filter: StoreFilter? = nil, orderBy sort: [StoreSort] = [],
      limit: Int? = nil
    ) throws(StoreError) -> [M.Value] {
      try reader.fetch(M.self, where: filter, orderBy: sort, limit: limit)
    }

    /// How many rows `filter` matches (all rows without one).
    public func count<M: StoreMapping>(_ mapping: M.Type, where filter: StoreFilter? = nil)
      throws(StoreError) -> Int
    {
      try reader.count(M.self, where: filter)
    }
  }
#endif
