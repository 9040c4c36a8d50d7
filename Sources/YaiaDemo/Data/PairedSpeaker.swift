import Foundation

/// A speaker the user paired and named: a plain value, saved in SQLite by `SpeakerLibrary`
/// without knowing it.
struct PairedSpeaker: Codable, Hashable, Sendable, Identifiable {
  /// The speaker's Bluetooth address, as the radio announces it: `C3:D4:19:07`.
  var id: String
  /// The model the speaker announces: `JBL Charge 5`.
  var model: String
  /// The name the user gave it: `Kitchen`.
  var nickname: String
  /// When it was paired.
  var pairedAt: Date

  /// The order the library lists speakers in, SQLite's `ORDER BY nickname, id` (bytes of
  /// UTF-8 compared), so a list patched from exact changes stays in the order a full read has.
  static func byNickname(_ a: PairedSpeaker, _ b: PairedSpeaker) -> Bool {
    if !a.nickname.utf8.elementsEqual(b.nickname.utf8) {
      return a.nickname.utf8.lexicographicallyPrecedes(b.nickname.utf8)
    }
    return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
  }
}

/// What the app remembers between launches besides speakers and the login: it decides how
/// the next launch goes (skip the tutorial, reconnect the last speaker).
struct AppMemory: Codable, Hashable, Sendable {
  /// Always `app`: the table holds one row.
  var id = "app"
  /// The country from the configuration.
  var country: String?
  /// The language the user chose or the configuration gave.
  var language: String?
  /// The app version whose tutorial the user has seen.
  var tutorialSeenVersion: String?
  /// The speaker to reconnect at launch.
  var lastSpeakerID: String?

  /// Nothing remembered yet.
  init() {}
}
