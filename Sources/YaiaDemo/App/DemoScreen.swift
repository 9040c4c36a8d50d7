import Yaia
import YaiaResources

/// A screen the sample app pushes on its stack (`ScreenStack<AnyScreen>`): a `ScreenState` that
/// brings its title, its drawing and its keys. A screen adopts it in its own file and draws and
/// answers keys beside it (`LoginState+Terminal.swift`); the app names it once more where it
/// pushes it (``DemoAppState``'s `push(_:)` takes only a `DemoScreen`) and in
/// ``DemoAppState/screens``. So a screen that cannot be drawn or given keys does not compile:
/// the terminal asks the screen on top for both, and never finds a screen by a list of casts.
protocol DemoScreen: ScreenState {
  /// The screen's title, in the breadcrumb.
  var title: LocalizedText { get }

  /// The lines the terminal draws for the screen, below the breadcrumb, with `pen`'s styles and
  /// texts.
  static func draw(_ viewModel: ViewModel, with pen: ScreenText) -> [String]

  /// What `key` does on the screen: one of its events, or the hint that a refused key shows.
  static func answer(to key: Key, on viewModel: ViewModel) -> KeyAnswer<Event>
}

/// What a key does on a screen: one of the screen's events, or the hint a refused key shows
/// (the keys the screen does take).
enum KeyAnswer<Event> {
  /// The key is this event of the screen.
  case event(Event)
  /// The screen takes no such key; the hint says which it takes.
  case refused(LocalizedText)
}

extension AnyScreen {
  /// The title of the screen it holds, in the breadcrumb.
  var title: LocalizedText {
    (base as? any DemoScreen)?.title ?? LocalizedText(TextKey("\(screen)"))
  }
}

extension DemoAppState {
  /// The screens the demo pushes, each a ``DemoScreen`` (so each draws and takes keys).
  static let screens: [any DemoScreen.Type] = [
    LoginState.self, PairingState.self, TutorialState.self, LanguageState.self,
  ]

  /// The same screens for a decoder of the app's events (`ScreenTypes`): an exported session's
  /// test, or an event sent from the inspector's page, reads its screen events by them.
  static let screenTypes = ScreenTypes(screens.map { $0 })
}
