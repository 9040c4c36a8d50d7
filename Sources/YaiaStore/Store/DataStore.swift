#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  internal import GRDB
  import Yaia

  /// The only door to the app's database: plain values in and out, atomic transactions,
  /// migrations on open, observation of queries and of changes.
  ///
  /// ```swift
  /// let store = try DataStore.open(at: dataFolder.appending(path: "app.sqlite").path, migrations: migrations)
  /// try await store.upsert([speaker], as: Speakers.self)
  /// let kitchen = try await store.fetch(Speakers.self, where: .equals("room", "kitchen"), orderBy: [.ascending("nickname")])
  /// for await change in store.changes(of: Speakers.self) { screen.apply(change) }
  /// ```
  ///
  /// A file database runs in WAL mode on a pool of connections: reads go on while a write is in
  /// progress, and a write interrupted in the middle (an error, or the process killed) leaves
  /// the last committed state. An in-memory database serialises reads and writes. The store is
  /// `Sendable`; use it from any task.
  public final class DataStore: Sendable {
    /// Where the database lives (`:memory:` for an in-memory one).
    public var path: String { context.path }
    let writer: any DatabaseWriter
    let context: StoreContext
    let hub = ChangeHub()

    private init(context: StoreContext, writer: any DatabaseWriter) {
      self.context = context
      self.writer = writer
    }

    /// Opens (or creates) the database file at `path` and brings it to the newest migration.
    ///
    /// Before changing anything it checks the file read-only: a file that is not a database,
    /// or whose schema is newer than `migrations` know, is reported and left untouched.
    ///
    /// - Parameters:
    ///   - path: The database file; it is created if missing (its folder must exist).
    ///   - migrations: The schema steps, in increasing version order.
    ///   - busyTimeout: How long to wait for another process's lock before
    ///     ``StoreError/busy(path:sqlite:)``.
    ///   - revealsArgumentsInErrors: Whether errors keep the failing statement's arguments. Off
    ///     by default, as they may hold personal data; turn it on while debugging.
    public static func open(
      at path: String, migrations: [StoreMigration], busyTimeout: Duration = .seconds(5),
      revealsArgumentsInErrors: Bool = false
    ) throws(StoreError) -> DataStore {
      let context = StoreContext(path: path, revealsArguments: revealsArgumentsInErrors)
      let latest = try validate(migrations)
      let busyMode = Database.BusyMode.timeout(DurationText.seconds(busyTimeout))
      // What is at the path, followed through links (a link to a database is fine), must be a
      // regular file before SQLite opens it.
      if let kind = OutsideFile.kindIfNotRegular(path, followingLinks: true) {
        throw .notAFile(path: path, kind: kind)
      }
      if FileManager.default.fileExists(atPath: path) {
        // The probe waits for another process's lock like every other connection: a database
        // locked for a moment is not busy.
        let found = try probeVersion(context, busyMode: busyMode)
        guard found <= latest else {
          throw .schemaTooNew(path: path, found: found, supported: latest)
        }
      }
      var configuration = Configuration()
      configuration.busyMode = busyMode
      let pool: DatabasePool
      configuration.publicStatementArguments = revealsArgumentsInErrors
      do {
        pool = try DatabasePool(path: path, configuration: configuration)
      } catch {
        throw context.error(error)
      }
      let store = DataStore(context: context, writer: pool)
      try store.migrate(migrations)
      return store
    }

    /// A fresh database in memory, brought to the newest migration: for tests and previews.
    public static func inMemory(
      migrations: [StoreMigration], revealsArgumentsInErrors: Bool = false
    ) throws(StoreError) -> DataStore {
      _ = try validate(migrations)
      let context = StoreContext(path: ":memory:", revealsArguments: revealsArgumentsInErrors)
      let queue: DatabaseQueue
      do {
        var configuration = Configuration()
        configuration.publicStatementArguments = revealsArgumentsInErrors
        queue = try DatabaseQueue(configuration: configuration)
      } catch {
        throw context.error(error)
      }
      let store = DataStore(context: context, writer: queue)
      try store.migrate(migrations)
      return store
    }

    /// The schema version: the last migration applied.
    public func schemaVersion() async throws(StoreError) -> Int {
      do {
        return try await writer.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
      } catch {
        throw context.error(error)
      }
    }

    // MARK: Writing

    /// Runs `body` in one transaction: all of it is stored, or (if it throws) none of it. Change
    /// streams hear of it once, after the commit.
    @discardableResult
    public func transaction<T: Sendable>(
      _ body: @escaping @Sendable (inout StoreTransaction) throws -> T
    ) async throws(StoreError) -> T {
      let hub = self.hub
      let context = self.context
      do {
        return try await writer.write { db in
          var transaction = StoreTransaction(db: db, context: context)
          let result = try body(&transaction)
          let changes = transaction.changes.filter {
            !($0.value.inserted.isEmpty && $0.value.updated.isEmpty && $0.value.deleted.isEmpty)
          }
          if !changes.isEmpty {
            db.afterNextTransaction { _ in hub.publish(changes) }
          }
          return result
        }
      } catch {
        throw context.error(error)
      }
    }

    /// Stores `values` in one transaction: all or nothing.
    public func upsert<M: StoreMapping>(_ values: [M.Value], as mapping: M.Type)
      async throws(StoreError)
    {
      try await transaction { try $0.upsert(values, as: M.self) }
    }

    /// Deletes the rows with these ids.
    public func delete<M: StoreMapping>(_ mapping: M.Type, ids: [M.ID]) async throws(StoreError) {
      try await transaction { try $0.delete(M.self, ids: ids) }
    }

    /// Deletes these values (by their ids).
    public func delete<M: StoreMapping>(_ values: [M.Value], as mapping: M.Type)
      async throws(StoreError)
    {
      try await transaction { try $0.delete(values, as: M.self) }
    }

    /// Deletes every row `filter` matches; returns how many.
    @discardableResult
    public func delete<M: StoreMapping>(_ mapping: M.Type, where filter: StoreFilter)
      async throws(StoreError) -> Int
    {
      try await transaction { try $0.delete(M.self, where: filter) }
    }

    // MARK: Reading

    /// Runs `body` with a reader on one consistent snapshot: its reads all see the same committed
    /// state, and go on while a write is in progress (in a file database).
    public func read<T: Sendable>(
      _ body: @escaping @Sendable (inout StoreReader) throws -> T
    ) async throws(StoreError) -> T {
      let context = self.context
      do {
        return try await writer.read { db in
          var reader = StoreReader(db: db, context: context)
          return try body(&reader)
        }
      } catch {
        throw context.error(error)
      }
    }

    /// The value with this id, if stored.
    public func fetch<M: StoreMapping>(_ mapping: M.Type, id: M.ID) async throws(StoreError) -> M
      .Value?
    {
      try await read { try $0.fetch(M.self, id: id) }
    }

    /// The stored values with these ids, in the order of `ids`.
    public func fetch<M: StoreMapping>(_ mapping: M.Type, ids: [M.ID]) async throws(StoreError)
      -> [M
      .Value]
    {
      try await read { try $0.fetch(M.self, ids: ids) }
    }

    /// The values `filter` matches, sorted, at most `limit` of them.
    public func fetch<M: StoreMapping>(
      _ mapping: M.Type, where filter: StoreFilter? = nil, orderBy sort: [StoreSort] = [],
      limit: Int? = nil
    ) async throws(StoreError) -> [M.Value] {
      try await read { try $0.fetch(M.self, where: filter, orderBy: sort, limit: limit) }
    }

    /// How many rows `filter` matches (all rows without one).
    public func count<M: StoreMapping>(_ mapping: M.Type, where filter: StoreFilter? = nil)
      async throws(StoreError) -> Int
    {
      try await read { try $0.count(M.self, where: filter) }
    }

    // MARK: Migrations

    private static func validate(_ migrations: [StoreMigration]) throws(StoreError) -> Int {
      var previous = 0
      for migration in migrations {
        guard migration.version > previous else {
          throw .invalidMigrations(
            version: migration.version, name: migration.name, previous: previous)
        }
        previous = migration.version
      }
      return previous
    }

    /// Reads `user_version` through a read-only connection, which changes nothing on disk.
    private static func probeVersion(
      _ context: StoreContext, busyMode: Database.BusyMode
    ) throws(StoreError) -> Int {
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = busyMode
      do {
        let probe = try DatabaseQueue(path: context.path, configuration: configuration)
        defer { try? probe.close() }
        return try probe.read { db in
          _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")  // reads the header
          return try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        }
      } catch {
        throw context.error(error)
      }
    }

    private func migrate(_ migrations: [StoreMigration]) throws(StoreError) {
      for migration in migrations {
        do {
          try writer.write { db in
            let current = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            guard migration.version > current else { return }
            var schema = StoreSchema(db: db, context: context)
            try migration.body(&schema)
            try db.execute(sql: "PRAGMA user_version = \(migration.version)")
          }
        } catch {
          // A file that cannot be used is that, not a failed migration.
          let cause = context.error(error)
          if cause.isAboutTheFile { throw cause }
          throw .migrationFailed(version: migration.version, name: migration.name, cause: cause)
        }
      }
    }
  }
#endif
