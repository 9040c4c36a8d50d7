/// The sample app's screens, as navigation values: the flow decides which is on top, the
/// router shows it.
package enum DemoRoute: String, Hashable, Sendable, CaseIterable {
  /// The splash with the launch's live steps.
  case launch
  /// "Update required": the launch was aborted.
  case update
  /// The first run's language question.
  case language
  /// The login form.
  case login
  /// The tutorial.
  case tutorial
  /// The pairing assistant.
  case pairing
  /// The paired speakers.
  case home
  /// The push notification the app was launched from (a modal).
  case push
  /// The language setting, opened by a deep link.
  case languageSetting
  /// The prompt to type a deep link (a modal).
  case linkPrompt

  /// The screen's title.
  package var title: String {
    switch self {
    case .launch: "Launch"
    case .update: "Update required"
    case .language: "Language"
    case .login: "Log in"
    case .tutorial: "Tutorial"
    case .pairing: "Pair a speaker"
    case .home: "Home"
    case .push: "Notification"
    case .languageSetting: "Language setting"
    case .linkPrompt: "Open a link"
    }
  }
}
