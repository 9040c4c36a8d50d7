import Yaia
import YaiaResources

/// Home's status section, shown above every screen: who is logged in, the configuration, the
/// speaker connection, and why an update is required. It takes what the launch's steps learn
/// and returns no commands: a section that only shows.
struct StatusState: ShellState {
  /// What the status learns.
  enum Event: Codable, Equatable, Sendable {
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
    var lines: [LocalizedText]
    /// Why an update is required, once the version check said so.
    var update: LocalizedText?
  }

  private var user: LocalizedText?
  private var configurationLine: LocalizedText?
  private var speaker: LocalizedText?
  /// The speaker the launch connected, by address, so that a rename shows here too.
  private var connected: String?
  /// The language the app speaks, once known.
  private var language: String?
  private var update: LocalizedText?
  private(set) var configuration: DemoAPI.Configuration?

  /// The language the app speaks now: the one chosen, else the configuration's.
  var currentLanguage: String? { language ?? configuration?.language }
  /// The language the user chose (on the first run, in the settings, or kept from an earlier
  /// run), if any: the language texts are shown in. The configuration's is only a suggestion.
  var chosenLanguage: String? { language }
  private var nothingToReconnect = false
  private var pairedCount = 0

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .note(let note): take(note)
    case .languageChanged(let language):
      self.language = language
      if let language { configurationLine = line(language: language) }
    case .loggedIn(let name): user = .statusLoggedIn(name)
    case .paired(let paired):
      pairedCount = paired.count
      if let connected, let nickname = paired[connected] { speaker = .statusConnected(nickname) }
    }
    return []
  }

  private mutating func take(_ note: LaunchNote) {
    switch note {
    case .splashShown, .splash, .push:
      break
    case .updateRequired(let minimum):
      update = .statusUpdateRequired(DemoAPI.appVersion, minimum)
    case .configuration(let configuration):
      self.configuration = configuration
      configurationLine = line(language: language ?? configuration.language)
    case .configurationUnavailable(let reason):
      configurationLine = .statusConfigurationUnavailable(reason)
    case .loggedIn(let name, let automatically):
      user = automatically ? .statusLoggedInSaved(name) : .statusLoggedIn(name)
    case .savedLoginRefused(let reason):
      user = .statusSavedLoginRefused(reason)
    case .connected(let address, let nickname):
      connected = address
      speaker = .statusConnected(nickname)
    case .nothingToReconnect:
      speaker = nil
      nothingToReconnect = true
    case .pairingSkipped:
      speaker = .statusPairingSkipped
    }
  }

  private func line(language: String) -> LocalizedText {
    let name = LanguageState.name(of: language)
    guard let configuration else { return .statusLanguage(name) }
    return .statusCountryLanguage(configuration.country, name)
  }

  /// What the launch found about speakers, once it knows there was none to reconnect.
  private var speakerLine: [LocalizedText] {
    guard nothingToReconnect else { return [] }
    return pairedCount == 0 ? [.statusNoSpeakerYet] : [.statusReconnectNext]
  }

  /// What the status shows now.
  var viewModel: ViewModel {
    ViewModel(
      lines: [user, configurationLine, speaker].compactMap { $0 } + speakerLine, update: update)
  }
}
