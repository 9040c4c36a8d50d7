import Yaia
import YaiaFlow

/// A screen pushed over the app's root, holding its own state: what the app's
/// `ScreenStack` is a stack of.
///
/// Each case is one screen and why it was pushed: a login pushed for a held deep link ends
/// differently from the launch's login, and a pairing pushed by the launch answers the launch
/// when it ends. The reason travels with the screen, so the app keeps no flag beside the stack
/// that could disagree with it.
enum DemoScreen: ShellState {
  /// The first run's language question: its choice answers the launch.
  case languageQuestion(LanguageState)
  /// The language setting, opened by a deep link.
  case languageSetting(LanguageState)
  /// The login form: for the launch's login step, or (`forLink`) for a deep link held until
  /// the user logs in.
  case login(LoginState, forLink: Bool)
  /// The tutorial.
  case tutorial(TutorialState)
  /// The pairing assistant: started by the launch (`forLaunch`, its end answers the launch)
  /// or from Home.
  case pairing(PairingState, forLaunch: Bool)

  /// Which screen it is, without its state: what a route and a title need.
  enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The first run's language question.
    case languageQuestion
    /// The language setting.
    case languageSetting
    /// The login form.
    case login
    /// The tutorial.
    case tutorial
    /// The pairing assistant.
    case pairing
  }

  /// What can happen on a pushed screen, by screen.
  enum Event: Equatable, Sendable {
    /// The language question's or setting's events.
    case language(LanguageState.Event)
    /// The login form's events.
    case login(LoginState.Event)
    /// The tutorial's events.
    case tutorial(TutorialState.Event)
    /// The pairing assistant's events.
    case pairing(PairingState.Event)
  }

  /// What a pushed screen asks of the app, by screen.
  enum Command: Equatable, Sendable {
    /// The language screen's commands.
    case language(LanguageState.Command)
    /// The login form's commands.
    case login(LoginState.Command)
    /// The tutorial's commands.
    case tutorial(TutorialState.Command)
    /// The pairing assistant's commands.
    case pairing(PairingState.Command)
  }

  /// Hands `event` to the screen it is for; an event for another kind of screen (a key meant
  /// for the screen that was on top a moment ago) changes nothing.
  mutating func handle(_ event: Event) -> [Command] {
    switch (self, event) {
    case (.languageQuestion(var state), .language(let event)):
      defer { self = .languageQuestion(state) }
      return state.handle(event).map(Command.language)
    case (.languageSetting(var state), .language(let event)):
      defer { self = .languageSetting(state) }
      return state.handle(event).map(Command.language)
    case (.login(var state, let forLink), .login(let event)):
      defer { self = .login(state, forLink: forLink) }
      return state.handle(event).map(Command.login)
    case (.tutorial(var state), .tutorial(let event)):
      defer { self = .tutorial(state) }
      return state.handle(event).map(Command.tutorial)
    case (.pairing(var state, let forLaunch), .pairing(let event)):
      defer { self = .pairing(state, forLaunch: forLaunch) }
      return state.handle(event).map(Command.pairing)
    case (.languageQuestion, _), (.languageSetting, _), (.login, _), (.tutorial, _), (.pairing, _):
      return []
    }
  }

  /// Which screen it is.
  var kind: Kind {
    switch self {
    case .languageQuestion: .languageQuestion
    case .languageSetting: .languageSetting
    case .login: .login
    case .tutorial: .tutorial
    case .pairing: .pairing
    }
  }

  /// What the screen shows, as the terminal draws it.
  var viewModel: DemoAppState.Screen {
    switch self {
    case .languageQuestion(let state), .languageSetting(let state): .language(state.viewModel)
    case .login(let state, _): .login(state.viewModel)
    case .tutorial(let state): .tutorial(state.viewModel)
    case .pairing(let state, _): .pairing(state.viewModel)
    }
  }
}

extension DemoScreen.Kind {
  /// The screen's title, in the breadcrumb.
  var title: String {
    switch self {
    case .languageQuestion: "Language"
    case .languageSetting: "Language setting"
    case .login: "Log in"
    case .tutorial: "Tutorial"
    case .pairing: "Pair a speaker"
    }
  }
}
