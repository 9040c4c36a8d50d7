import Foundation
import Testing
import YaiaStore

@Suite("DataStore: values in and out")
struct DataStoreTests {
  @Test(
    "values with optional, nested and date fields round-trip, in memory and in a file",
    arguments: [false, true])
  func roundTrip(inFile: Bool) async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store =
      inFile
      ? try DataStore.open(
        at: folder.appending(path: "db.sqlite").path, migrations: speakerMigrations)
      : try DataStore.inMemory(migrations: speakerMigrations)
    let values = [speaker("a"), speaker("b", signal: nil)]
    try await store.upsert(values, as: Speakers.self)
    #expect(try await store.fetch(Speakers.self, id: "a") == values[0])
    #expect(try await store.fetch(Speakers.self, id: "b") == values[1])
    #expect(try await store.fetch(Speakers.self, id: "zzz") == nil)
  }

  @Test("upsert is idempotent")
  func idempotentUpsert() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert([speaker("a"), speaker("b")], as: Speakers.self)
    try await store.upsert([speaker("a"), speaker("b")], as: Speakers.self)
    #expect(try await store.count(Speakers.self) == 2)
    var renamed = speaker("a")
    renamed.nickname = "Desk"
    try await store.upsert([renamed], as: Speakers.self)
    #expect(try await store.fetch(Speakers.self, id: "a")?.nickname == "Desk")
    #expect(try await store.count(Speakers.self) == 2)
  }

  @Test("a batch with one bad row stores none of it, and the error names the table and column")
  func badRowStoresNone() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert([speaker("keep", "Kitchen")], as: Speakers.self)
    // x2 reuses a nickname already stored.
    let batch = [speaker("x1", "One"), speaker("x2", "Kitchen"), speaker("x3", "Three")]
    let error = await #expect(throws: StoreError.self) {
      try await store.upsert(batch, as: Speakers.self)
    }
    #expect(try await store.count(Speakers.self) == 1)
    guard case .constraintViolation(let violation) = error else {
      Issue.record("expected a constraint violation, got \(String(describing: error))")
      return
    }
    #expect(violation.kind == .unique)
    #expect(violation.table == "speakers")
    #expect(violation.columns == ["nickname"])
    #expect(violation.sqlite.resultCode == 19)  // SQLITE_CONSTRAINT
    #expect(violation.sqlite.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
    #expect(violation.sqlite.message == "UNIQUE constraint failed: speakers.nickname")
    #expect(violation.sqlite.sql?.hasPrefix("INSERT INTO \"speakers\"") == true)
    #expect(violation.sqlite.arguments == nil)  // kept only on request
    #expect(error?.description.contains("UNIQUE constraint failed on speakers.nickname") == true)
  }

  @Test("an error thrown in the middle of a transaction rolls it all back")
  func thrownErrorRollsBack() async throws {
    struct Interrupted: Error {}
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    await #expect(throws: StoreError.self) {
      try await store.transaction { tx in
        try tx.upsert([speaker("a"), speaker("b")], as: Speakers.self)
        #expect(try tx.count(Speakers.self) == 2)  // a transaction sees its own writes
        throw Interrupted()
      }
    }
    #expect(try await store.count(Speakers.self) == 0)
  }

  @Test("fetch with a filter, sort and limit; count with a filter")
  func query() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert(
      [
        speaker("a", "Alpha", room: "kitchen", signal: -40),
        speaker("b", "Bravo", room: "office", signal: -80),
        speaker("c", "Charlie", room: "kitchen", signal: -60),
        speaker("d", "Delta", room: "kitchen", signal: nil),
      ], as: Speakers.self)
    let kitchen = try await store.fetch(
      Speakers.self, where: .equals("room", "kitchen"), orderBy: [.descending("nickname")], limit: 2
    )
    #expect(kitchen.map(\.id) == ["d", "c"])
    let strong = try await store.fetch(
      Speakers.self, where: .and([.greaterThan("lastSignal", -70), .like("nickname", "%a%")]),
      orderBy: [.ascending("id")])
    #expect(strong.map(\.id) == ["a", "c"])
    #expect(try await store.count(Speakers.self, where: .equals("lastSignal", nil)) == 1)
    #expect(
      try await store.count(
        Speakers.self, where: .or([.isIn("id", ["a", "b"]), .not(.equals("room", "kitchen"))])) == 2
    )
    #expect(try await store.fetch(Speakers.self, ids: ["c", "zzz", "a"]).map(\.id) == ["c", "a"])
  }

  @Test("delete by values, by ids and by filter")
  func deletes() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert(
      (1...6).map { speaker("s\($0)", room: $0 <= 3 ? "kitchen" : "office") }, as: Speakers.self)
    try await store.delete([speaker("s1")], as: Speakers.self)
    try await store.delete(Speakers.self, ids: ["s2", "nope"])
    #expect(try await store.delete(Speakers.self, where: .equals("room", "office")) == 3)
    #expect(try await store.fetch(Speakers.self).map(\.id) == ["s3"])
  }

  @Test("a transaction groups several operations atomically")
  func transactionGroups() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert([speaker("old", "Kitchen")], as: Speakers.self)
    let moved = try await store.transaction { tx in
      try tx.delete(Speakers.self, ids: ["old"])
      try tx.upsert([speaker("new", "Kitchen")], as: Speakers.self)  // takes the freed nickname
      return try tx.count(Speakers.self)
    }
    #expect(moved == 1)
    #expect(try await store.fetch(Speakers.self).map(\.id) == ["new"])
  }

  @Test("a missing table or column is a typed error saying what to add")
  func unknownTableAndColumn() async throws {
    enum Ghosts: StoreMapping {
      static let table = "ghosts"
      static func id(of speaker: Speaker) -> String { speaker.id }
    }
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    let ghosts = await #expect(throws: StoreError.self) { try await store.fetch(Ghosts.self) }
    guard case .unknownTable("ghosts", let sqlite) = ghosts else {
      Issue.record("expected an unknown table, got \(String(describing: ghosts))")
      return
    }
    #expect(sqlite.sql == #"SELECT * FROM "ghosts" WHERE 1"#)

    struct Extended: Codable, Sendable {
      var id: String
      var nickname: String
      var color: String
    }
    enum ExtendedSpeakers: StoreMapping {
      static let table = "speakers"
      static func id(of value: Extended) -> String { value.id }
    }
    await #expect(
      throws: StoreError.unknownColumn(table: "speakers", column: "color", sqlite: nil)
    ) {
      try await store.upsert(
        [Extended(id: "a", nickname: "A", color: "red")], as: ExtendedSpeakers.self)
    }
    let colour = await #expect(throws: StoreError.self) {
      try await store.fetch(Speakers.self, where: .equals("colour", "red"))
    }
    guard case .unknownColumn("speakers", "colour", let sqlite?) = colour else {
      Issue.record("expected an unknown column, got \(String(describing: colour))")
      return
    }
    #expect(sqlite.sql == #"SELECT * FROM "speakers" WHERE "colour" = ?"#)
  }

  @Test("a row that does not decode is a decoding error naming the table")
  func decodingError() async throws {
    struct Strict: Codable, Sendable {
      var id: String
      var serialNumber: String  // required, and the table has no such column
    }
    enum StrictSpeakers: StoreMapping {
      static let table = "speakers"
      static func id(of value: Strict) -> String { value.id }
    }
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert([speaker("a", "Not a number")], as: Speakers.self)
    let error = await #expect(throws: StoreError.self) {
      try await store.fetch(StrictSpeakers.self)
    }
    guard case .decoding(let table, _) = error else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(table == "speakers")
  }
}
