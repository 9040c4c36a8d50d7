import Foundation
import YaiaStore

// A feature value: plain, Codable, no storage types.
struct Speaker: Codable, Equatable, Sendable {
  var id: String
  var nickname: String
  var room: String
  var pairedAt: Date
  var lastSignal: Int?
  var settings: Settings  // nested: stored as JSON text
}

struct Settings: Codable, Equatable, Sendable {
  var volume: Int
  var equalizer: [String: Double]
}

// The data layer's declaration.
enum Speakers: StoreMapping {
  static let table = "speakers"
  static func id(of speaker: Speaker) -> String { speaker.id }
}

let speakerMigrations = [
  StoreMigration(1, "create speakers") { schema in
    try schema.createTable(
      "speakers",
      columns: [
        .text("id", primaryKey: true), .text("nickname", notNull: true, unique: true),
        .text("room", notNull: true), .date("pairedAt", notNull: true), .integer("lastSignal"),
        .json("settings", notNull: true),
      ])
  }
]

func speaker(_ id: String, _ nickname: String? = nil, room: String = "kitchen", signal: Int? = -50)
  -> Speaker
{
  Speaker(
    id: id, nickname: nickname ?? "Speaker \(id)", room: room,
    pairedAt: Date(timeIntervalSince1970: 1_800_000_000), lastSignal: signal,
    settings: Settings(volume: 7, equalizer: ["bass": 1.5, "treble": -0.5]))
}

/// A fresh temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appending(
    path: "yaia-store-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
