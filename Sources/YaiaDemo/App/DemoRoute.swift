import YaiaFlow
import YaiaResources

/// Where the app is, as the router and the terminal's navigator name it: the root below
/// everything, a pushed screen by its id, or a modal. The app derives every route from its
/// state (the root, the stack of screens, the one modal); nothing keeps a second copy of the
/// path.
enum DemoRoute: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The splash with the launch's live steps (a root).
  case launch
  /// "Update required": the launch was aborted (a root).
  case update
  /// The paired speakers (a root).
  case home
  /// A screen pushed on the app's `ScreenStack`, by its id, with its title.
  case screen(ScreenID, LocalizedText)
  /// The push notification the app was launched from (a modal).
  case push
  /// The prompt to type a deep link (a modal).
  case linkPrompt

  /// The screen's title, in the breadcrumb.
  var title: LocalizedText {
    switch self {
    case .launch: .screenLaunch
    case .update: .screenUpdate
    case .home: .screenHome
    case .screen(_, let title): title
    case .push: .screenNotification
    case .linkPrompt: .screenOpenLink
    }
  }

  /// `home`, `Log in #2`: how a journal or a failing test shows it.
  var description: String {
    switch self {
    case .screen(let id, let title): "\(title.key) \(id)"
    case .launch: "launch"
    case .update: "update"
    case .home: "home"
    case .push: "push"
    case .linkPrompt: "linkPrompt"
    }
  }
}
