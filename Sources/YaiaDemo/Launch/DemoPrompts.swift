import YaiaChoreography
import YaiaSequencer

/// The questions launch steps ask the user. A step asks with `context.ask(prompt)`; the
/// launch reports it as waiting; the app's flow shows the matching screen and answers.
enum DemoPrompts {
  /// The first run's language choice.
  static let language = UserPrompt<DemoStep, String>(
    "choose a language", for: .fetchConfiguration)
  /// The login screen, when there is no saved login (or it was refused).
  static let login = UserPrompt<DemoStep, LoginSession>("log in", for: .login)
  /// The tutorial.
  static let tutorial = UserPrompt<DemoStep, Bool>("see the tutorial", for: .tutorial)
  /// The pairing assistant: the address paired, or `nil` if the user skipped it.
  static let pairing = UserPrompt<DemoStep, String?>("pair a speaker", for: .connectSpeaker)
}

/// What a launch step tells the app besides its outcome, so screens can say what happened.
enum LaunchNote: Codable, Equatable, Sendable {
  /// The splash is on screen.
  case splashShown
  /// The splash animation's frame to draw now.
  case splash(ChoreographyFrame)
  /// The server requires a newer version.
  case updateRequired(minimumVersion: String)
  /// The configuration arrived.
  case configuration(DemoAPI.Configuration)
  /// The configuration could not be fetched; the reason, and what is used instead.
  case configurationUnavailable(String)
  /// The user is logged in; `automatically` with the saved login.
  case loggedIn(user: String, automatically: Bool)
  /// The saved login did not work; the reason.
  case savedLoginRefused(String)
  /// The last speaker is connected: its address, and its nickname at the time.
  case connected(address: String, nickname: String)
  /// No speaker is paired, so none was reconnected.
  case nothingToReconnect
  /// The user skipped the pairing assistant.
  case pairingSkipped
  /// The launch came from this push notification.
  case push(message: String)
}

/// An answer to one of ``DemoPrompts``, as the flow hands it to its shell.
enum DemoAnswer: Equatable, Sendable {
  /// The language chosen.
  case language(String)
  /// The login done on the login screen.
  case login(LoginSession)
  /// The tutorial seen.
  case tutorialSeen
  /// The pairing assistant's result.
  case pairing(address: String?)
}
