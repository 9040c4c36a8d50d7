import Foundation

/// A speaker the user paired and named: a plain value, saved in SQLite by `SpeakerLibrary`
/// without knowing it.
public struct PairedSpeaker: Codable, Hashable, Sendable, Identifiable {
  /// The speaker's Bluetooth address, as the radio announces it: `C3:D4:19:07`.
  public var id: String
  /// The model the speaker announces: `JBL Charge 5`.
  public var model: String
  /// The name the user gave it: `Kitchen`.
  public var nickname: String
  /// When it was paired.
  public var pairedAt: Date

  /// A paired speaker.
  public init(id: String, model: String, nickname: String, pairedAt: Date) {
    self.id = id
    self.model = model
    self.nickname = nickname
    self.pairedAt = pairedAt
  }
}

/// What the app remembers between launches besides speakers and the login: it decides how
/// the next launch goes (skip the tutorial, reconnect the last speaker).
public struct AppMemory: Codable, Hashable, Sendable {
  /// Always `app`: the table holds one row.
  public var id = "app"
  /// The country from the configuration.
  public var country: String?
  /// The language the user chose or the configuration gave.
  public var language: String?
  /// The app version whose tutorial the user has seen.
  public var tutorialSeenVersion: String?
  /// The speaker to reconnect at launch.
  public var lastSpeakerID: String?

  /// Nothing remembered yet.
  public init() {}
}
