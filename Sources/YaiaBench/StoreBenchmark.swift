import Foundation
import GRDB
import YaiaStore

/// 100,000 upserts of six-field values in one call, fetching them all, and fetching 10,000 by
/// id, through `DataStore` and through plain GRDB on the same schema, each on a fresh file
/// database in WAL mode.
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

  static func createTable(_ db: Database) throws {
    try db.create(table: "items") { table in
      table.primaryKey("id", .integer)
      table.column("name", .text).notNull()
      table.column("room", .text).notNull()
      table.column("signal", .integer).notNull()
      table.column("volume", .double).notNull()
      table.column("pairedAt", .datetime).notNull()
    }
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
    // Upserts: three rounds on fresh files, alternating which side goes first (disk and
    // page-cache effects favour whoever runs second); each side's best round counts.
    var store: DataStore?
    var pool: DatabasePool?
    for round in 0..<3 {
      for yaia in round.isMultiple(of: 2) ? [true, false] : [false, true] {
        let file = folder.appending(path: "\(yaia ? "yaia" : "grdb")-\(round).sqlite").path
        if yaia {
          let fresh = try DataStore.open(
            at: file, migrations: [StoreMigration(1, "items", createTable)])
          upsert = min(upsert, try await measure { try await fresh.upsert(items, as: Items.self) })
          store = fresh
        } else {
          let fresh = try DatabasePool(path: file)
          try await fresh.write { try createTable($0) }
          grdbUpsert = min(
            grdbUpsert,
            try await measure {
              try await fresh.write { db in for item in plainItems { try item.upsert(db) } }
            })
          pool = fresh
        }
      }
    }
    guard let store, let pool else {
      throw BenchmarkFailed("no database")
    }
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
  }
}
