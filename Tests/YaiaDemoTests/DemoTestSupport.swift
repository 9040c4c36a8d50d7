import Foundation
import YaiaFlow
import YaiaResources

@testable import YaiaDemo

extension DemoAppState {
  /// The routes shown, bottom to top (modals last), as the router's navigator would have them.
  var path: [DemoRoute] { navigation.stack + navigation.modals }

  /// The screen on top, as the navigator would show it.
  var topScreen: Screen? { viewModel.screens[navigation.top ?? .launch] }
}

extension ScreenText {
  /// `state` drawn as the terminal would draw it, the top and breadcrumb from its navigation.
  func text(for state: DemoAppState) -> String {
    text(
      for: state.viewModel, top: state.navigation.top,
      breadcrumb: state.path.map { catalog.render($0.title, language: "en") }.joined(
        separator: " › "))
  }
}

extension LocalizedText {
  /// The text as the demo shows it in English, for tests that read a sentence.
  var english: String { DemoTexts.catalog.render(self, language: "en") }
}

/// A speaker in range: `id`, model `Model id`, at `signal` dBm.
func broadcast(_ id: String, _ signal: Int) -> Broadcast {
  Broadcast(id: id, model: "Model \(id)", signal: signal)
}

/// A paired speaker: `id`, model `Model id`, called `nickname`.
func speaker(_ id: String, _ nickname: String) -> PairedSpeaker {
  PairedSpeaker(
    id: id, model: "Model \(id)", nickname: nickname, pairedAt: Date(timeIntervalSince1970: 0))
}
