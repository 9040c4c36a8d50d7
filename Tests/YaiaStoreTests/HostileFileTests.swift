import Foundation
import GRDB
import Testing
import YaiaStore
import YaiaTesting

@Suite("DataStore: files left in odd states by other processes")
struct HostileFileTests {
  @Test(
    "a rollback-journal database locked by another connection is waited for, up to the busy timeout"
  )
  func lockedRollbackDatabase() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    // Another program's database, in SQLite's default rollback-journal mode, write-locked.
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true  // to hold the lock across accesses
    let other = try DatabaseQueue(path: path, configuration: configuration)
    try other.inDatabase { db in
      try db.execute(sql: "CREATE TABLE notes(text TEXT)")
      try db.execute(sql: "BEGIN EXCLUSIVE")
    }
    // Blocking calls (the open waits on SQLite's busy handler; the release is GRDB's
    // synchronous API) run on threads of their own, never on the cooperative pool.
    let release = onThread {
      usleep(300_000)
      try other.inDatabase { db in try db.execute(sql: "COMMIT") }
    }
    let clock = ContinuousClock()
    let start = clock.now
    let store = try await value(
      of: onThread {
        try DataStore.open(at: path, migrations: speakerMigrations, busyTimeout: .seconds(20))
      }, timeout: .seconds(30))
    #expect(clock.now - start >= .milliseconds(250))  // it waited for the lock
    #expect(try await store?.schemaVersion() == 1)
    try await value(of: release, timeout: .seconds(30))

    // Held past the timeout: busy, after the timeout, not at once.
    try other.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    defer { try? other.inDatabase { db in try db.execute(sql: "COMMIT") } }
    let lockedStart = clock.now
    let busy = await #expect(throws: StoreError.self) {
      try await value(
        of: onThread {
          try DataStore.open(
            at: path, migrations: speakerMigrations, busyTimeout: .milliseconds(300))
        }, timeout: .seconds(30))
    }
    #expect(clock.now - lockedStart >= .milliseconds(250))
    guard case .busy(path, let sqlite) = busy else {
      Issue.record("expected busy, got \(String(describing: busy))")
      return
    }
    #expect(sqlite.resultCode == 5)
  }

  @Test("empty -wal and -shm files beside a closed database do not make it look too new")
  func emptySidecars() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    do {
      let store = try DataStore.open(at: path, migrations: speakerMigrations)
      try await store.upsert([speaker("a")], as: Speakers.self)
    }
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))  // closed cleanly
    for sidecar in ["-wal", "-shm"] {
      #expect(FileManager.default.createFile(atPath: path + sidecar, contents: Data()))
    }
    let store = try DataStore.open(at: path, migrations: speakerMigrations)
    #expect(try await store.schemaVersion() == 1)
    #expect(try await store.count(Speakers.self) == 1)
  }

  @Test("a damaged file is a corrupt error with SQLite's codes")
  func corruptFile() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    do {
      let store = try DataStore.open(at: path, migrations: speakerMigrations)
      try await store.upsert((0..<200).map { speaker("s\($0)") }, as: Speakers.self)
    }
    // Keep the 100-byte header, scramble the pages after the first.
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try handle.seek(toOffset: 4096)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
    try handle.close()
    var failure: StoreError?
    do {
      let store = try DataStore.open(at: path, migrations: speakerMigrations)
      _ = try await store.fetch(Speakers.self)
    } catch {
      failure = error
    }
    guard case .corrupt(path, let sqlite) = failure else {
      Issue.record("expected corrupt, got \(String(describing: failure))")
      return
    }
    #expect(sqlite.resultCode == 11)  // SQLITE_CORRUPT
    #expect(!sqlite.message.isEmpty)
  }

  @Test("a migration that throws its own error says so, without a made-up SQLite code")
  func migrationOwnError() throws {
    struct NotReady: Error, CustomStringConvertible {
      var description: String { "the catalogue is not ready" }
    }
    let broken =
      speakerMigrations + [StoreMigration(2, "fill catalogue") { _ in throw NotReady() }]
    let error = #expect(throws: StoreError.self) { try DataStore.inMemory(migrations: broken) }
    #expect(
      error?.description
        == "Migration 2 (fill catalogue) failed: the catalogue is not ready. The database stays at the previous version."
    )
  }

  @Test("a transaction whose body throws its own error is rolled back and reports that error")
  func transactionOwnError() async throws {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "the speaker is not paired" }
    }
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    await #expect(throws: StoreError.aborted(reason: "the speaker is not paired")) {
      try await store.transaction { tx in
        try tx.upsert([speaker("a")], as: Speakers.self)
        throw Refused()
      }
    }
    #expect(try await store.count(Speakers.self) == 0)
  }
}

@Suite("Text with a NUL character")
struct TextWithNULTests {
  @Test("a value whose text holds U+0000 is refused naming the field; nothing is stored")
  func valueRefused() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    await #expect(throws: StoreError.self) {
      try await store.upsert([speaker("s1", "Kitchen\u{0}Attic")], as: Speakers.self)
    }
    do {
      try await store.upsert([speaker("s1", "Kitchen\u{0}Attic")], as: Speakers.self)
    } catch {
      #expect(error.description.contains("`nickname`"), "\(error)")
      #expect(error.description.contains("NUL"), "\(error)")
    }
    #expect(try await store.fetch(Speakers.self).isEmpty)
  }

  @Test(
    "ids that differ after a NUL never collide: storing, reading and deleting by them is refused")
  func idsRefused() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert([speaker("a")], as: Speakers.self)
    // Cut at the NUL, each of these would have meant "a".
    await #expect(throws: StoreError.self) {
      try await store.upsert([speaker("a\u{0}b")], as: Speakers.self)
    }
    await #expect(throws: StoreError.self) { try await store.fetch(Speakers.self, id: "a\u{0}b") }
    await #expect(throws: StoreError.self) {
      try await store.fetch(Speakers.self, ids: ["x", "a\u{0}b"])
    }
    await #expect(throws: StoreError.self) {
      try await store.delete(Speakers.self, ids: ["a\u{0}b"])
    }
    await #expect(throws: StoreError.self) {
      try await store.delete(Speakers.self, where: .equals("id", "a\u{0}zzz"))
    }
    await #expect(throws: StoreError.self) {
      try await store.fetch(Speakers.self, where: .isIn("id", ["a\u{0}"]))
    }
    #expect(try await store.fetch(Speakers.self).map(\.id) == ["a"])
  }

  @Test("any other text round-trips exactly")
  func otherTextExact() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    let names = [
      "e\u{301}\u{301}\u{301}", "\u{1B}[2J", "👩‍👩‍👧", "\u{202E}abc", "tab\there", "\u{FFFF}", "",
      String(repeating: "x", count: 100_000),
    ]
    let values = names.enumerated().map { speaker("s\($0.offset)", $0.element + "·\($0.offset)") }
    try await store.upsert(values, as: Speakers.self)
    #expect(try await store.fetch(Speakers.self, orderBy: [.ascending("id")]) == values)
  }
}

@Suite("Schemas changed outside the app")
struct OutsideSchemaChangeTests {
  @Test(
    "a column made INTEGER PRIMARY KEY outside the migrations is a type mismatch naming the table")
  func typeMismatch() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    _ = try DataStore.open(at: path, migrations: speakerMigrations)
    // Another program rebuilds the table: text ids no longer fit the rowid column.
    let other = try DatabaseQueue(path: path)
    try await other.write { db in
      try db.execute(sql: "DROP TABLE speakers")
      try db.execute(
        sql: """
          CREATE TABLE speakers(id INTEGER PRIMARY KEY, nickname TEXT, room TEXT,
            pairedAt TEXT, lastSignal INTEGER, settings TEXT)
          """)
    }
    try other.close()
    let store = try DataStore.open(at: path, migrations: speakerMigrations)
    do {
      try await store.upsert([speaker("kitchen")], as: Speakers.self)
      Issue.record("a text id was stored in an INTEGER PRIMARY KEY")
    } catch {
      guard case .typeMismatch(let table, let sqlite) = error else {
        Issue.record("expected a type mismatch, got \(error)")
        return
      }
      #expect(table == "speakers")
      #expect(sqlite.resultCode == 20)
      #expect(error.description.contains("changed outside the app's migrations"), "\(error)")
      #expect(error.description.contains("the table speakers"), "\(error)")
    }
  }
}
