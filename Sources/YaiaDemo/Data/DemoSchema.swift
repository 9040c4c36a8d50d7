import GRDB
import YaiaStore

/// The sample app's tables, and the mappings that tie its plain values to them. This file and
/// ``SpeakerLibrary`` are the only places in the app that know about SQLite.
public enum DemoSchema {
  /// The schema, one step per version.
  public static let migrations = [
    StoreMigration(1, "create speakers and memory") { db in
      try db.create(table: "speakers") { table in
        table.primaryKey("id", .text)
        table.column("model", .text).notNull()
        table.column("nickname", .text).notNull()
        table.column("pairedAt", .datetime).notNull()
      }
      try db.create(table: "memory") { table in
        table.primaryKey("id", .text)
        table.column("country", .text)
        table.column("language", .text)
        table.column("tutorialSeenVersion", .text)
        table.column("lastSpeakerID", .text)
      }
    }
  ]

  /// Paired speakers, by Bluetooth address.
  public enum Speakers: StoreMapping {
    /// `speakers`.
    public static let table = "speakers"
    /// The address.
    public static func id(of speaker: PairedSpeaker) -> String { speaker.id }
  }

  /// The app's memory, one row.
  public enum Memory: StoreMapping {
    /// `memory`.
    public static let table = "memory"
    /// Always `app`.
    public static func id(of memory: AppMemory) -> String { memory.id }
  }
}
