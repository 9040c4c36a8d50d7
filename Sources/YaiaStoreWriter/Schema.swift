import YaiaStore

/// The rows the helper writes; the durability test reads them back with this same schema.
struct Row: Codable, Sendable {
  var id: String
  var nickname: String
}

enum Rows: StoreMapping {
  static let table = "rows"
  static func id(of row: Row) -> String { row.id }
}

let rowMigrations = [
  StoreMigration(
    1, "create rows",
    sql: "CREATE TABLE rows (id TEXT PRIMARY KEY NOT NULL, nickname TEXT NOT NULL)")
]
