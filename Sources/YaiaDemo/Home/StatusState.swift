import Yaia

/// Home's status section, shown above every screen: who is logged in, the configuration, the
/// speaker connection, and why an update is required. It takes what the launch's steps learn
/// and returns no commands: a section that only shows.
struct StatusState: ShellState {
  /// What the status learns.
  enum Event: Equatable, Sendable {
    /// A launch step's note.
    case note(LaunchNote)
    /// The app's language changed (the first run's question, the setting, or the one kept
    /// from an earlier run); `nil` until one is known.
    case languageChanged(String?)
    /// The user logged in outside the launch (for a held deep link).
    case loggedIn(user: String)
    /// The paired speakers now, nickname by address: a rename shows in the status at once.
    case paired([String: String])
  }

  /// The status asks for nothing.
  typealias Command = Never

  /// What the status shows.
  struct ViewModel: Equatable, Sendable {
    /// The lines, in the order user, configuration, speaker.
    var lines: [String]
    /// Why an update is required, once the version check said so.
    var update: String?
  }

  private var user: String?
  private var configurationLine: String?
  private var speaker: String?
  /// The speaker the launch connected, by address, so that a rename shows here too.
  private var connected: String?
  /// The language the app speaks, once known.
  private var language: String?
  private var update: String?
  private(set) var configuration: DemoAPI.Configuration?

  /// The language the app speaks now: the one chosen, else the configuration's.
  var currentLanguage: String? { language ?? configuration?.language }
  private var nothingToReconnect = false
  private var pairedCount = 0

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .note(let note): take(note)
    case .languageChanged(let language):
      self.language = language
      if let language { configurationLine = line(language: language) }
    case .loggedIn(let name): user = "Logged in as \(name)."
    case .paired(let paired):
      pairedCount = paired.count
      if let connected, let nickname = paired[connected] { speaker = "Connected to \(nickname)." }
    }
    return []
  }

  private mutating func take(_ note: LaunchNote) {
    switch note {
    case .splashShown, .splash, .push:
      break
    case .updateRequired(let minimum):
      update = "This is version \(DemoAPI.appVersion); the server requires \(minimum)."
    case .configuration(let configuration):
      self.configuration = configuration
      configurationLine = line(language: language ?? configuration.language)
    case .configurationUnavailable(let reason):
      configurationLine = "Configuration unavailable (\(reason)); using the defaults."
    case .loggedIn(let name, let automatically):
      user = "Logged in as \(name)" + (automatically ? " (saved login)." : ".")
    case .savedLoginRefused(let reason):
      user = "The saved login was refused (\(reason)); log in again."
    case .connected(let address, let nickname):
      connected = address
      speaker = "Connected to \(nickname)."
    case .nothingToReconnect:
      speaker = nil
      nothingToReconnect = true
    case .pairingSkipped:
      speaker = "Pairing skipped: press p on Home to pair a speaker."
    }
  }

  private func line(language: String) -> String {
    guard let configuration else { return "Language \(language)." }
    return "Country \(configuration.country), language \(language)."
  }

  /// What the launch found about speakers, once it knows there was none to reconnect.
  private var speakerLine: [String] {
    guard nothingToReconnect else { return [] }
    return pairedCount == 0
      ? ["No speaker paired yet: press p on Home to pair one."]
      : ["Paired speakers are reconnected at the next launch."]
  }

  /// What the status shows now.
  var viewModel: ViewModel {
    ViewModel(
      lines: [user, configurationLine, speaker].compactMap { $0 } + speakerLine, update: update)
  }
}
