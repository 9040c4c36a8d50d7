import Foundation
import GRDB
import YaiaBenchSupport
import YaiaStore

/// 100,000 upserts of six-field values in one call, fetching them all, and fetching 10,000 by
/// id, on fresh file databases in WAL mode, three ways in the same run:
///
/// - through `DataStore`;
/// - through GRDB's `Codable` records (`upsert`, `fetchAll`), as an app using GRDB writes it;
/// - by hand in GRDB, the floor: one prepared statement reused for every insert, arguments
///   bound from the fields, and a hand-written row loop for reads. Nothing on SQLite goes
///   faster than this without changing the schema.
enum StoreBenchmark {
  static let count = 100_000

  struct Item: Codable, Sendable {
    var id: Int
    var name: String
    var room: String
    var signal: Int
    var volume: Double
    var pairedAt: Date
  }

  enum Items: StoreMapping {
    static let table = "items"
    static func id(of item: Item) -> Int { item.id }
  }

  /// The same value as a plain GRDB record, the way an app using GRDB directly writes it.
  struct PlainItem: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "items"
    var id: Int
    var name: String
    var room: String
    var signal: Int
    var volume: Double
    var pairedAt: Date
  }

  /// The one schema all three ways use.
  static let createTable = """
    CREATE TABLE items (id INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, room TEXT NOT NULL,
    signal INTEGER NOT NULL, volume DOUBLE NOT NULL, pairedAt DATETIME NOT NULL)
    """

  /// The floor's upsert: one statement, prepared once, bound field by field for every item.
  static func floorUpsert(_ items: [Item], in db: Database) throws {
    let statement = try db.makeStatement(
      sql: """
        INSERT INTO items (id, name, room, signal, volume, pairedAt) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET name = excluded.name, room = excluded.room,
        signal = excluded.signal, volume = excluded.volume, pairedAt = excluded.pairedAt
        """)
    for item in items {
      statement.setUncheckedArguments([
        item.id, item.name, item.room, item.signal, item.volume, item.pairedAt,
      ])
      try statement.execute()
    }
  }

  /// The floor's read: a cursor over raw rows, each field read by index.
  static func floorFetch(_ db: Database, sql: String, arguments: StatementArguments = [])
    throws -> [Item]
  {
    var items: [Item] = []
    let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
    while let row = try rows.next() {
      items.append(
        Item(
          id: row[0], name: row[1], room: row[2], signal: row[3], volume: row[4],
          pairedAt: row[5]))
    }
    return items
  }

  static func makeItem(_ index: Int) -> Item {
    let rooms = ["kitchen", "office", "bedroom"]
    let pairedAt = Date(timeIntervalSince1970: 1_800_000_000 + Double(index))
    return Item(
      id: index, name: "Speaker \(index)", room: rooms[index % 3], signal: -40 - index % 50,
      volume: Double(index % 11) / 10, pairedAt: pairedAt)
  }

  static func run() async throws -> [Figure] {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-bench-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = (0..<count).map(makeItem)
    let plainItems = items.map {
      PlainItem(
        id: $0.id, name: $0.name, room: $0.room, signal: $0.signal, volume: $0.volume,
        pairedAt: $0.pairedAt)
    }
    var generator = SystemRandomNumberGenerator()
    let someIDs = (0..<10_000).map { _ in Int.random(in: 0..<count, using: &generator) }
    let clock = ContinuousClock()
    func measure(_ body: () async throws -> Void) async rethrows -> Double {
      let start = clock.now
      try await body()
      return seconds(start.duration(to: clock.now)) * 1000
    }

    var upsert = Double.infinity
    var fetchAll = Double.infinity
    var fetchByID = Double.infinity
    var grdbUpsert = Double.infinity
    var grdbFetchAll = Double.infinity
    var grdbFetchByID = Double.infinity
    var floorUpsertTime = Double.infinity
    var floorFetchAll = Double.infinity
    var floorFetchByID = Double.infinity
    // Upserts: three rounds on fresh files, alternating which side goes first (disk and
    // page-cache effects favour whoever runs second); each side's best round counts.
    var store: DataStore?
    var pool: DatabasePool?
    var floorPool: DatabasePool?
    enum Way: String { case yaia, grdb, floor }
    for round in 0..<3 {
      let order: [Way] = [.yaia, .grdb, .floor]
      for way in order[round...] + order[..<round] {
        let file = folder.appending(path: "\(way.rawValue)-\(round).sqlite").path
        switch way {
        case .yaia:
          let fresh = try DataStore.open(
            at: file, migrations: [StoreMigration(1, "items", sql: createTable)])
          upsert = min(upsert, try await measure { try await fresh.upsert(items, as: Items.self) })
          store = fresh
        case .grdb:
          let fresh = try DatabasePool(path: file)
          try await fresh.write { try $0.execute(sql: createTable) }
          grdbUpsert = min(
            grdbUpsert,
            try await measure {
              try await fresh.write { db in for item in plainItems { try item.upsert(db) } }
            })
          pool = fresh
        case .floor:
          let fresh = try DatabasePool(path: file)
          try await fresh.write { try $0.execute(sql: createTable) }
          floorUpsertTime = min(
            floorUpsertTime,
            try await measure { try await fresh.write { try floorUpsert(items, in: $0) } })
          floorPool = fresh
        }
      }
    }
    guard let store, let pool, let floorPool else {
      throw BenchmarkFailed("no database")
    }
    let floorCount = try await floorPool.read { try floorFetch($0, sql: "SELECT * FROM items") }
      .count
    guard floorCount == count else {
      throw BenchmarkFailed("the floor fetched \(floorCount) of \(count)")
    }
    let idMarks = Array(repeating: "?", count: someIDs.count).joined(separator: ",")
    let fetched = try await store.fetch(Items.self).count
    guard fetched == count else {
      throw BenchmarkFailed("the store fetched \(fetched) of \(count)")
    }
    // Reads: seven interleaved repetitions on the last round's files; the best of each counts.
    for _ in 0..<7 {
      fetchAll = min(fetchAll, try await measure { blackHole(try await store.fetch(Items.self)) })
      grdbFetchAll = min(
        grdbFetchAll,
        try await measure { blackHole(try await pool.read { try PlainItem.fetchAll($0) }) })
      fetchByID = min(
        fetchByID, try await measure { blackHole(try await store.fetch(Items.self, ids: someIDs)) })
      grdbFetchByID = min(
        grdbFetchByID,
        try await measure {
          blackHole(try await pool.read { try PlainItem.fetchAll($0, keys: someIDs) })
        })
      floorFetchAll = min(
        floorFetchAll,
        try await measure {
          blackHole(try await floorPool.read { try floorFetch($0, sql: "SELECT * FROM items") })
        })
      floorFetchByID = min(
        floorFetchByID,
        try await measure {
          blackHole(
            try await floorPool.read {
              try floorFetch(
                $0, sql: "SELECT * FROM items WHERE id IN (\(idMarks))",
                arguments: StatementArguments(someIDs))
            })
        })
    }

    return
      Figure.comparison(
        "store.upsert100k_ms", ours: upsert, "store.grdb_upsert100k_ms", theirs: grdbUpsert,
        ratio: "store.upsert_ratio", what: "upsert of 100k values in one call", target: "<= 1500")
      + Figure.comparison(
        "store.fetchall_ms", ours: fetchAll, "store.grdb_fetchall_ms", theirs: grdbFetchAll,
        ratio: "store.fetchall_ratio", what: "fetch all 100k")
      + Figure.comparison(
        "store.fetch10k_ms", ours: fetchByID, "store.grdb_fetch10k_ms", theirs: grdbFetchByID,
        ratio: "store.fetch10k_ratio", what: "fetch 10k by id")
      + floorFigures(
        ("upsert100k", "upsert of 100k values", upsert, floorUpsertTime, "<= 2"),
        ("fetchall", "fetch all 100k", fetchAll, floorFetchAll, "<= 1.5"),
        ("fetch10k", "fetch 10k by id", fetchByID, floorFetchByID, "<= 1.5"))
  }

  /// The floor's time for each measurement, and our ratio to it.
  static func floorFigures(
    _ rows: (name: String, what: String, ours: Double, floor: Double, target: String)...
  ) -> [Figure] {
    rows.flatMap { row in
      [
        Figure(
          name: "store.floor_\(row.name)_ms", value: row.floor, unit: "ms",
          label: "floor: \(row.what), by hand in GRDB"),
        Figure(
          name: "store.floor_\(row.name)_ratio", value: row.ours / row.floor, unit: "x",
          label: "DataStore / floor, \(row.what)", target: row.target),
      ]
    }
  }
}
