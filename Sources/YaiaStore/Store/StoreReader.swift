#if Store  // the trait; without it, TraitRequirement.swift names it
  internal import GRDB

  /// Reads inside one consistent snapshot of the database: every read sees the same committed
  /// state, whatever is written meanwhile.
  ///
  /// ```swift
  /// let (kitchen, total) = try await store.read { reader in
  ///   (try reader.fetch(Speakers.self, where: .equals("room", "kitchen")), try reader.count(Speakers.self))
  /// }
  /// ```
  ///
  /// Inside a ``StoreTransaction`` the same reads see the transaction's own writes.
  public struct StoreReader: ~Copyable {
    let db: Database
    let context: StoreContext

    /// The value with this id, if stored.
    public func fetch<M: StoreMapping>(_ mapping: M.Type, id: M.ID) throws(StoreError) -> M.Value? {
      let key = id.storeValue.databaseValue
      try TextWithNUL.refuse([key], table: M.table) { _ in "the id" }
      do {
        let statement = try db.cachedStatement(
          sql: "SELECT * FROM \(quoted(M.table)) WHERE \(quoted(M.primaryKey)) = ?")
        statement.setUncheckedArguments([key])
        return try Self.values(M.self, from: statement, limit: 1).first
      } catch {
        throw context.error(error, table: M.table)
      }
    }

    /// The values with these ids that are stored, in the order of `ids`.
    public func fetch<M: StoreMapping>(_ mapping: M.Type, ids: [M.ID]) throws(StoreError) -> [M
      .Value]
    {
      guard !ids.isEmpty else { return [] }
      try TextWithNUL.refuse(ids.map(\.storeValue.databaseValue), table: M.table) { "id \($0)" }
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
          statement.setUncheckedArguments(
            StatementArguments(chunk.map(\.storeValue.databaseValue)))
          for value in try Self.values(M.self, from: statement) { byID[M.id(of: value)] = value }
        }
        return ids.compactMap { byID[$0] }
      } catch {
        throw context.error(error, table: M.table)
      }
    }

    /// The values `filter` matches, sorted, at most `limit` of them.
    public func fetch<M: StoreMapping>(
      _ mapping: M.Type, where filter: StoreFilter? = nil, orderBy sort: [StoreSort] = [],
      limit: Int? = nil
    ) throws(StoreError) -> [M.Value] {
      let (condition, arguments) = filter?.sql() ?? ("1", [])
      try TextWithNUL.refuse(arguments, table: M.table) { "the filter's value \($0 + 1)" }
      var sql = "SELECT * FROM \(quoted(M.table)) WHERE \(condition)"
      if !sort.isEmpty { sql += " ORDER BY " + sort.map(\.sql).joined(separator: ", ") }
      if let limit { sql += " LIMIT \(max(0, limit))" }
      do {
        let statement = try db.cachedStatement(sql: sql)
        statement.setUncheckedArguments(StatementArguments(arguments))
        return try Self.values(M.self, from: statement)
      } catch {
        throw context.error(error, table: M.table)
      }
    }

    /// How many rows `filter` matches (all rows without one).
    public func count<M: StoreMapping>(_ mapping: M.Type, where filter: StoreFilter? = nil)
      throws(StoreError) -> Int
    {
      let (condition, arguments) = filter?.sql() ?? ("1", [])
      try TextWithNUL.refuse(arguments, table: M.table) { "the filter's value \($0 + 1)" }
      do {
        return try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM \(quoted(M.table)) WHERE \(condition)",
          arguments: StatementArguments(arguments)) ?? 0
      } catch {
        throw context.error(error, table: M.table)
      }
    }

    /// The values the rows of `statement` hold, each field read by its column's index.
    private static func values<M: StoreMapping>(
      _ mapping: M.Type, from statement: Statement, limit: Int = .max
    ) throws -> [M.Value] {
      let plan = ColumnPlan(
        ColumnLayout(statement.columnNames), statement: statement.sqliteStatement)
      var values: [M.Value] = []
      let rows = try Row.fetchCursor(statement)
      // The decoders hold the plan without counting it (see RowDecoding): it lives until here.
      try withExtendedLifetime(plan) {
        while values.count < limit, try rows.next() != nil {
          plan.startRow()
          do {
            values.append(try M.Value(from: RowDecoding(layout: plan)))
          } catch let error as DecodingError {
            throw StoreError.decoding(table: M.table, detail: "\(error)")
          }
        }
      }
      return values
    }
  }
#endif
