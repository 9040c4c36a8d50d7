import YaiaStore

/// The sample app's tables, and the mappings that tie its plain values to them. This file and
/// ``SpeakerLibrary`` are the only places in the app that know about SQLite.
public enum DemoSchema {
  /// The schema, one step per version.
  public static let migrations = [
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
