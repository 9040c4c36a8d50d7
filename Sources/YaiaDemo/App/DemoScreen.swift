import Yaia
import YaiaResources

/// A screen the sample app pushes on its stack (`ScreenStack<AnyScreen>`): any `ScreenState`
/// with the title its breadcrumb shows. A screen adopts it in its own file; the app names it
/// once more where it pushes it, and nowhere else.
protocol DemoScreen: ScreenState {
  /// The screen's title, in the breadcrumb.
  var title: LocalizedText { get }
}

extension AnyScreen {
  /// The title of the screen it holds, in the breadcrumb.
  var title: LocalizedText {
    (base as? any DemoScreen)?.title ?? LocalizedText(TextKey("\(screen)"))
  }
}

extension DemoAppState {
  /// The screens the demo pushes, for a decoder of its events (`ScreenTypes`): an exported
  /// session's test, or an event sent from the inspector's page, reads its screen events by them.
  static let screenTypes = ScreenTypes([
    LoginState.self, PairingState.self, TutorialState.self, LanguageState.self,
  ])
}
