import YaiaStore

/// The sample app's tables, and the mappings that tie its plain values to them. This file and
/// ``SpeakerLibrary`` are the only places in the app that know about SQLite.
package enum DemoSchema {
  /// The schema, one step per version.
  package static let migrations = [
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
  package enum Speakers: StoreMapping {
    /// `speakers`.
    package static let table = "speakers"
    /// The address.
    package static func id(of speaker: PairedSpeaker) -> String { speaker.id }
  }

  /// The app's memory, one row.
  package enum Memory: StoreMapping {
    /// `memory`.
    package static let table = "memory"
    /// Always `app`.
    package static func id(of memory: AppMemory) -> String { memory.id }
  }
}
