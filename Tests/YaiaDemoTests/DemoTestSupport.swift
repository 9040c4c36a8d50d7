import YaiaFlow

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
      breadcrumb: state.path.map(\.title).joined(separator: " › "))
  }
}
