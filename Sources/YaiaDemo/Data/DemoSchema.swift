import YaiaStore

/// The sample app's tables, and the mappings that tie its plain values to them. This file and
/// ``SpeakerLibrary`` are the only places in the app that know about SQLite.
enum DemoSchema {
  /// The schema, one step per version.
  static let migrations = [
    StoreMigration(1, "create speakers and memory") { schema in
      try schema.createTable(
        "speakers",
        columns: [
          .text("id", primaryKey: true), .text("model", notNull: true),
          .text("nickname", notNull: true), .date("pairedAt", notNull: true),
        ])
      try schema.createTable(
        "memory",
        columns: [
          .text("id", primaryKey: true), .text("country"), .text("language"),
          .text("tutorialSeenVersion"), .text("lastSpeakerID"),
        ])
    }
  ]

  /// Paired speakers, by Bluetooth address.
  enum Speakers: StoreMapping {
    /// `speakers`.
    static let table = "speakers"
    /// The address.
    static func id(of speaker: PairedSpeaker) -> String { speaker.id }
  }

  /// The app's memory, one row.
  enum Memory: StoreMapping {
    /// `memory`.
    static let table = "memory"
    /// Always `app`.
    static func id(of memory: AppMemory) -> String { memory.id }
  }
}
