import Foundation
import GRDB
import Testing
import YaiaStore
import YaiaTesting

/// A value with every kind of field the store's row coders handle.
struct Everything: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
  enum Room: String, Codable, Sendable { case kitchen, office }
  struct Nested: Codable, Equatable, Sendable {
    var a: Int
    var b: [String]
  }
  struct Empty: Codable, Equatable, Sendable {}

  static let databaseTableName = "everything"
  var id: String
  var flag: Bool
  var small: Int8
  var big: Int64
  var unsigned: UInt32
  var ratio: Double
  var single: Float
  var when: Date
  var bytes: Data
  var uuid: UUID
  var link: URL
  var room: Room
  var nested: Nested
  var empty: Empty
  var list: [Int]
  var map: [String: Double]
  var maybe: String?
  var maybeNested: Nested?

  static func sample(_ index: Int, optionals: Bool) -> Everything {
    Everything(
      id: "e\(index)", flag: index.isMultiple(of: 2), small: -8, big: .max - Int64(index),
      unsigned: 4_000_000_000, ratio: 0.1 * Double(index), single: 1.5,
      when: Date(timeIntervalSince1970: 1_800_000_000.125),
      bytes: Data([0, 1, 2, 255]), uuid: UUID(), link: URL(string: "https://example.com/a?b=c")!,
      room: index.isMultiple(of: 2) ? .kitchen : .office,
      nested: Nested(a: index, b: ["x", "y"]), empty: Empty(), list: [], map: ["bass": 1.5],
      maybe: optionals ? "here" : nil, maybeNested: optionals ? Nested(a: -1, b: []) : nil)
  }
}

enum EverythingTable: StoreMapping {
  static let table = "everything"
  static func id(of value: Everything) -> String { value.id }
}

let everythingMigrations = [
  StoreMigration(1, "everything") { schema in
    try schema.createTable(
      "everything",
      columns: [
        .text("id", primaryKey: true), .integer("flag"), .integer("small"), .integer("big"),
        .integer("unsigned"), .real("ratio"), .real("single"), .date("when"), .blob("bytes"),
        .blob("uuid"), .text("link"), .text("room"), .json("nested"), .json("empty"),
        .json("list"), .json("map"), .text("maybe"), .json("maybeNested"),
      ])
  }
]

@Suite("The store's row coders")
struct CodingTests {
  static let values = (0..<6).map { Everything.sample($0, optionals: $0 % 3 != 0) }

  @Test("every kind of field round-trips through the store")
  func roundTrip() async throws {
    let store = try DataStore.inMemory(migrations: everythingMigrations)
    try await store.upsert(Self.values, as: EverythingTable.self)
    #expect(try await store.fetch(EverythingTable.self, orderBy: [.ascending("id")]) == Self.values)
    #expect(try await store.fetch(EverythingTable.self, id: "e1") == Self.values[1])
    // Upserting the same values again changes nothing: the encoding is stable.
    let changes = store.changes(of: EverythingTable.self)
    try await store.upsert(Self.values, as: EverythingTable.self)
    try await store.upsert([Self.values[0]], as: EverythingTable.self)
    var modified = Self.values[0]
    modified.map["treble"] = -1
    try await store.upsert([modified], as: EverythingTable.self)
    let change = await firstElements(1, of: changes, where: { !$0.isEmpty })
    #expect(change == [StoreChange(updated: ["e0"])])
  }

  @Test("rows written by GRDB's records and by the store read the same either way")
  func sameFormatAsGRDB() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    let store = try DataStore.open(at: path, migrations: everythingMigrations)
    let byStore = Array(Self.values.prefix(3))
    try await store.upsert(byStore, as: EverythingTable.self)
    let pool = try DatabasePool(path: path)
    let byGRDB = Array(Self.values.suffix(3))
    try await pool.write { db in for value in byGRDB { try value.insert(db) } }
    #expect(try await pool.read { try Everything.fetchAll($0, keys: byStore.map(\.id)) } == byStore)
    #expect(try await store.fetch(EverythingTable.self, ids: byGRDB.map(\.id)) == byGRDB)
  }

  @Test("dates read by the store equal GRDB's reading of the same text, in every spelling")
  func datesAsGRDBReadsThem() async throws {
    struct Stamp: Codable, Equatable, Sendable {
      var id: Int
      var when: Date
    }
    enum Stamps: StoreMapping {
      static let table = "stamps"
      static func id(of value: Stamp) -> Int { value.id }
    }
    // Fields spread over their ranges by strides prime to them.
    let spread: [String] = (0..<2_000).map { (index: Int) -> String in
      let fields: [any CVarArg] = [
        1583 + index * 7_919 % 8_417, 1 + index * 5 % 12, 1 + index * 11 % 28, index * 7 % 24,
        index * 13 % 60, index * 17 % 60, index * 389 % 1_000,
      ]
      return String(format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", arguments: fields)
    }
    let spellings =
      spread + [
        "2027-03-14 09:26:53.589", "2027-03-14 09:26:53", "2000-02-29 23:59:59.999",
        "1600-02-29 00:00:00.000", "1970-01-01 00:00:00.000", "1969-12-31 23:59:59.999",
        "1583-01-01 00:00:00.001", "9999-12-31 23:59:59.999", "2024-12-31 12:00:00.500",
        // Spelled otherwise, out of range, or before the Gregorian calendar: GRDB's way.
        "1900-02-29 10:00:00.000", "2027-13-01 00:00:00.000", "2027-04-31 00:00:00.000",
        "2027-03-14 24:00:00.000", "2027-03-14T09:26:53.589", "2027-03-14 09:26:53.589Z",
        "2027-03-14 09:26:53.589+02:00", "2027-03-14 09:26", "2027-03-14", "1582-10-04 12:00:00",
        "1000-06-15 06:30:00.250", "2027-03-14 09:26:53.5", "2027-03-14 09:26:53.58912",
      ]
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    let store = try DataStore.open(
      at: path,
      migrations: [
        StoreMigration(
          1, "stamps", sql: "CREATE TABLE stamps (id INTEGER PRIMARY KEY, \"when\" TEXT)")
      ])
    let pool = try DatabasePool(path: path)
    try await pool.write { db in
      for (id, text) in spellings.enumerated() {
        try db.execute(sql: "INSERT INTO stamps VALUES (?, ?)", arguments: [id, text])
      }
    }
    let byGRDB = try await pool.read { db in
      try Row.fetchAll(db, sql: "SELECT id, \"when\" FROM stamps ORDER BY id").map {
        Stamp(id: $0[0], when: $0[1])
      }
    }
    let byStore = try await store.fetch(Stamps.self, orderBy: [.ascending("id")])
    #expect(byStore.count == spellings.count)
    for (stored, read) in zip(byStore, byGRDB) where stored != read {
      let text = spellings[stored.id]
      let (ours, theirs) = (
        stored.when.timeIntervalSinceReferenceDate, read.when.timeIntervalSinceReferenceDate
      )
      Issue.record("\(text): the store read \(ours), GRDB \(theirs)")
    }
  }

  @Test("values SQLite cannot hold are encoding errors naming the table")
  func unencodable() async throws {
    struct Numbers: Codable, Sendable {
      var id: String
      var ratio: Double
      var count: UInt64
    }
    enum NumbersTable: StoreMapping {
      static let table = "numbers"
      static func id(of value: Numbers) -> String { value.id }
    }
    let store = try DataStore.inMemory(migrations: [
      StoreMigration(
        1, "numbers", sql: "CREATE TABLE numbers (id TEXT PRIMARY KEY, ratio DOUBLE, count INTEGER)"
      )
    ])
    for value in [Numbers(id: "a", ratio: .nan, count: 1), Numbers(id: "b", ratio: 1, count: .max)]
    {
      let error = await #expect(throws: StoreError.self) {
        try await store.upsert([value], as: NumbersTable.self)
      }
      guard case .encoding("numbers", _) = error else {
        Issue.record("expected an encoding error, got \(String(describing: error))")
        continue
      }
    }
    #expect(try await store.count(NumbersTable.self) == 0)
  }

  @Test("a column holding the wrong kind of value is a decoding error naming the table")
  func undecodable() async throws {
    let store = try DataStore.inMemory(migrations: everythingMigrations)
    try await store.upsert([Self.values[0]], as: EverythingTable.self)
    try await store.transaction { _ in }
    struct WrongNested: Codable, Sendable {
      var id: String
      var room: Int  // the column holds "kitchen"
    }
    enum WrongTable: StoreMapping {
      static let table = "everything"
      static func id(of value: WrongNested) -> String { value.id }
    }
    let error = await #expect(throws: StoreError.self) { try await store.fetch(WrongTable.self) }
    guard case .decoding("everything", let detail) = error else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(detail.contains("room"))

    struct TooSmall: Codable, Sendable {
      var id: String
      var big: Int8  // the column holds Int64.max
    }
    enum TooSmallTable: StoreMapping {
      static let table = "everything"
      static func id(of value: TooSmall) -> String { value.id }
    }
    let overflow = await #expect(throws: StoreError.self) {
      try await store.fetch(TooSmallTable.self)
    }
    guard case .decoding("everything", let reason) = overflow else {
      Issue.record("expected a decoding error, got \(String(describing: overflow))")
      return
    }
    #expect(reason.contains("does not fit Int8"), "\(reason)")
  }

  @Test("a value that asks for its fields in a different order on each row reads every row right")
  func fieldsAskedInAnyOrder() async throws {
    /// Reads its fields in an order that depends on the row, repeats a key, and asks for a
    /// column the table lacks: the column plan learns from the first row, and must not trust it.
    struct Shifty: Codable, Equatable, Sendable {
      var id: Int
      var first: String
      var second: String
      var absent: String?

      enum CodingKeys: String, CodingKey { case id, first, second, absent }

      init(id: Int, first: String, second: String) {
        (self.id, self.first, self.second, self.absent) = (id, first, second, nil)
      }

      init(from decoder: any Decoder) throws {
        let row = try decoder.container(keyedBy: CodingKeys.self)
        id = try row.decode(Int.self, forKey: .id)
        if id.isMultiple(of: 2) {
          second = try row.decode(String.self, forKey: .second)
          absent = try row.decodeIfPresent(String.self, forKey: .absent)
          first = try row.decode(String.self, forKey: .first)
        } else {
          absent = try row.decodeIfPresent(String.self, forKey: .absent)
          first = try row.decode(String.self, forKey: .first)
          _ = try row.decode(Int.self, forKey: .id)
          second = try row.decode(String.self, forKey: .second)
        }
      }

      func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(id, forKey: .id)
        try row.encode(first, forKey: .first)
        try row.encode(second, forKey: .second)
      }
    }
    enum ShiftyTable: StoreMapping {
      static let table = "shifty"
      static func id(of value: Shifty) -> Int { value.id }
    }
    let store = try DataStore.inMemory(migrations: [
      StoreMigration(
        1, "shifty", sql: "CREATE TABLE shifty (id INTEGER PRIMARY KEY, first TEXT, second TEXT)")
    ])
    let values = (0..<9).map { Shifty(id: $0, first: "first \($0)", second: "second \($0)") }
    try await store.upsert(values, as: ShiftyTable.self)
    #expect(try await store.fetch(ShiftyTable.self, orderBy: [.ascending("id")]) == values)
    #expect(
      try await store.fetch(ShiftyTable.self, orderBy: [.descending("id")]) == values.reversed())
  }
}
