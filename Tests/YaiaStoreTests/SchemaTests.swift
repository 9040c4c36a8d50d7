import Foundation
import Synchronization
import Testing
import YaiaStore
import YaiaTesting

@Suite("StoreSchema, StoreID and SQLite's evidence")
struct SchemaTests {
  struct Tag: Codable, Equatable, Sendable {
    var id: UUID
    var label: String
    var uses: Int
  }

  enum Tags: StoreMapping {
    static let table = "tags"
    static func id(of tag: Tag) -> UUID { tag.id }
  }

  struct Counter: Codable, Equatable, Sendable {
    var id: Int
    var total: Int
  }

  enum Counters: StoreMapping {
    static let table = "counters"
    static func id(of counter: Counter) -> Int { counter.id }
  }

  static let migrations = [
    StoreMigration(1, "tags and counters") { schema in
      try schema.createTable(
        "tags",
        columns: [
          .blob("id", primaryKey: true), .text("label", notNull: true, unique: true),
          .integer("uses", notNull: true, default: 0),
        ])
      try schema.createIndex("tags_by_uses", on: "tags", columns: ["uses"])
      try schema.execute(
        "CREATE TABLE counters (id INTEGER PRIMARY KEY NOT NULL, total INTEGER NOT NULL CHECK (total >= 0))"
      )
      #expect(try schema.tableExists("tags"))
      #expect(try schema.columns(of: "tags") == ["id", "label", "uses"])
    }
  ]

  @Test("UUID and Int ids round-trip, by id, by ids, and in change streams")
  func ids() async throws {
    let store = try DataStore.inMemory(migrations: Self.migrations)
    let tags = (0..<3).map { Tag(id: UUID(), label: "tag \($0)", uses: $0) }
    let changes = store.changes(of: Tags.self)
    try await store.upsert(tags, as: Tags.self)
    #expect(try await store.fetch(Tags.self, id: tags[1].id) == tags[1])
    #expect(try await store.fetch(Tags.self, ids: [tags[2].id, tags[0].id]) == [tags[2], tags[0]])
    let change = await firstElements(1, of: changes)
    #expect(change.first?.inserted == tags.map(\.id))
    try await store.upsert([Counter(id: 7, total: 1)], as: Counters.self)
    #expect(try await store.fetch(Counters.self, id: 7) == Counter(id: 7, total: 1))
    #expect(UUID(storeValue: tags[0].id.storeValue) == tags[0].id)
    #expect(Int(storeValue: .integer(.max)) == Int(Int64.max))
    #expect(String(storeValue: .integer(1)) == nil)
  }

  @Test("a check constraint names its kind; arguments appear only when asked for")
  func checkAndArguments() async throws {
    let quiet = try DataStore.inMemory(migrations: Self.migrations)
    let error = await #expect(throws: StoreError.self) {
      try await quiet.upsert([Counter(id: 1, total: -5)], as: Counters.self)
    }
    guard case .constraintViolation(let violation) = error else {
      Issue.record("expected a constraint violation, got \(String(describing: error))")
      return
    }
    #expect(violation.kind == .check)
    #expect(violation.table == "counters")  // from the statement: SQLite's message has no table
    #expect(violation.sqlite.extendedCode == 275)  // SQLITE_CONSTRAINT_CHECK
    #expect(violation.sqlite.arguments == nil)

    let verbose = try DataStore.inMemory(
      migrations: Self.migrations, revealsArgumentsInErrors: true)
    let revealed = await #expect(throws: StoreError.self) {
      try await verbose.upsert([Counter(id: 1, total: -5)], as: Counters.self)
    }
    #expect(revealed?.sqlite?.arguments == "[1, -5]", "\(String(describing: revealed))")
  }

  @Test("schema changes SQLite cannot make are refused before SQLite sees them")
  func invalidSchema() throws {
    let twoKeys = [
      StoreMigration(1, "two keys") { schema in
        try schema.createTable(
          "pairs", columns: [.text("a", primaryKey: true), .text("b", primaryKey: true)])
      }
    ]
    #expect(
      throws: StoreError.migrationFailed(
        version: 1, name: "two keys",
        cause: .invalidSchema(table: "pairs", reason: "more than one primary key column (a, b)"))
    ) { try DataStore.inMemory(migrations: twoKeys) }

    let notNullWithoutDefault =
      Self.migrations + [
        StoreMigration(2, "add rank") { schema in
          try schema.addColumn(.integer("rank", notNull: true), to: "tags")
        }
      ]
    let error = #expect(throws: StoreError.self) {
      try DataStore.inMemory(migrations: notNullWithoutDefault)
    }
    #expect(error?.description.contains("a not-null one needs a default") == true)

    let withDefault =
      Self.migrations + [
        StoreMigration(2, "add rank") { schema in
          try schema.addColumn(.integer("rank", notNull: true, default: 3), to: "tags")
          try schema.renameColumn("rank", to: "position", in: "tags")
        }
      ]
    _ = try DataStore.inMemory(migrations: withDefault)
  }

  @Test(
    "every schema change does what it says: columns renamed and dropped, tables renamed and dropped"
  )
  func everyChange() throws {
    // What the migration saw, kept out of its (Sendable) closure.
    let seen = Mutex<[String: [String]]>([:])
    let exists = Mutex<[String: Bool]>([:])
    let migrations =
      Self.migrations + [
        StoreMigration(2, "reshape") { schema in
          try schema.addColumn(.integer("rank", notNull: true, default: 3), to: "tags")
          try schema.renameColumn("rank", to: "position", in: "tags")
          try schema.dropColumn("position", from: "tags")
          try schema.createTable("scratch", columns: [.integer("id", primaryKey: true)])
          try schema.renameTable("scratch", to: "drafts")
          let scratch = try schema.tableExists("scratch")
          let drafts = try schema.tableExists("drafts")
          try schema.dropTable("drafts")
          let draftsAfter = try schema.tableExists("drafts")
          exists.withLock {
            $0 = ["scratch": scratch, "drafts": drafts, "drafts after": draftsAfter]
          }
          let columns = try schema.columns(of: "tags")
          seen.withLock { $0["tags"] = columns }
        }
      ]
    _ = try DataStore.inMemory(migrations: migrations)
    #expect(seen.withLock { $0["tags"] } == ["id", "label", "uses"])
    #expect(exists.withLock { $0 } == ["scratch": false, "drafts": true, "drafts after": false])
    // A column SQLite cannot drop (the primary key) is refused with SQLite's evidence.
    let dropKey =
      Self.migrations + [
        StoreMigration(2, "drop key") { schema in try schema.dropColumn("id", from: "tags") }
      ]
    let error = #expect(throws: StoreError.self) { try DataStore.inMemory(migrations: dropKey) }
    guard case .migrationFailed(2, "drop key", .sqlite(let sqlite)) = error else {
      Issue.record("expected SQLite's refusal, got \(String(describing: error))")
      return
    }
    #expect(sqlite.sql?.contains("DROP COLUMN") == true)
  }

  @Test("SQL in a migration that SQLite refuses keeps SQLite's codes and statement")
  func badSQL() {
    let typo = [StoreMigration(1, "typo", sql: "CREAT TABLE x (id TEXT)")]
    let error = #expect(throws: StoreError.self) { try DataStore.inMemory(migrations: typo) }
    guard case .migrationFailed(1, "typo", .sqlite(let sqlite)) = error else {
      Issue.record(
        "expected a failed migration with SQLite's evidence, got \(String(describing: error))")
      return
    }
    #expect(sqlite.resultCode == 1)  // SQLITE_ERROR
    #expect(sqlite.message.contains("syntax error"))
    #expect(sqlite.sql == "CREAT TABLE x (id TEXT)")
  }

  @Test("out-of-order migrations name the versions")
  func outOfOrder() {
    let backwards = [StoreMigration(2, "two", sql: ""), StoreMigration(1, "one", sql: "")]
    #expect(throws: StoreError.invalidMigrations(version: 1, name: "one", previous: 2)) {
      try DataStore.inMemory(migrations: backwards)
    }
  }
}
