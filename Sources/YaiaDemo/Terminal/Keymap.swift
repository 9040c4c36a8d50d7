import Yaia
import YaiaResources

/// Which key does what on each screen: the terminal's equivalent of buttons and text fields.
/// A pure function from the screen on top and a key to an app event; a key the screen does
/// not take becomes a `.refused` event whose message lists the keys it does take.
enum Keymap {
  /// Whether `key` on `screen` is the terminal's back button: the navigator goes back and
  /// the app is told, as a platform reports its back gesture (``DemoAppState/Event/userNavigated(_:)``).
  /// The launch's own questions have no back button: their step waits for an answer.
  static func goesBack(_ key: Key, on route: DemoRoute?, showing screen: DemoAppState.Screen?)
    -> Bool
  {
    if case .linkPrompt = route { return key == .escape }
    guard case .screen = route, case .pushed(let pushed) = screen else { return false }
    if let pairing = pushed.as(PairingState.self) {
      return pairing.naming == nil && (key == .escape || key == .text("q"))
    }
    return pushed.as(LanguageState.self)?.isSetting == true && key == .escape
  }

  /// The event for `key` on `screen` (`nil`: no screen is drawn yet).
  static func event(for key: Key, on screen: DemoAppState.Screen?) -> DemoAppState.Event {
    if key == .interrupt || key == .endOfInput { return .quit }
    guard let screen else { return refuse(key, .hintStarting) }
    switch screen {
    case .launch:
      return key == .text("q") ? .quit : refuse(key, .hintLaunchRunning)
    case .update:
      return key == .text("q") || key == .enter ? .quit : refuse(key, .hintQuit)
    case .pushed(let screen):
      return pushed(key, on: screen)
    case .home(let home):
      switch home.speakers.mode {
      case .renaming:
        return textField(
          key, { .home(.speakers(.typed($0))) }, .home(.speakers(.deleteBackward)),
          .home(.speakers(.submit)))
          ?? {
            key == .escape
              ? .home(.speakers(.cancel))
              : refuse(key, .hintRenamingKeys)
          }()
      case .confirmingDelete:
        switch key {
        case .text("y"): return .home(.speakers(.confirmDelete(true)))
        case .text("n"), .escape: return .home(.speakers(.confirmDelete(false)))
        default: return refuse(key, .hintConfirmDelete)
        }
      case .browsing:
        switch key {
        case .up, .text("k"): return .home(.speakers(.moveSelection(by: -1)))
        case .down, .text("j"): return .home(.speakers(.moveSelection(by: 1)))
        case .text("r"): return .home(.speakers(.rename))
        case .text("d"): return .home(.speakers(.delete))
        case .text("p"): return .home(.speakers(.pairNew))
        case .text("o"): return .openLinkPrompt
        case .text("q"): return .quit
        default:
          return refuse(key, .homeHint)
        }
      }
    case .push:
      return key == .enter || key == .escape ? .dismissPush : refuse(key, .hintEnterCloses)
    case .linkPrompt:
      return textField(
        key, { .linkPrompt(.typed($0)) }, .linkPrompt(.deleteBackward), .linkPrompt(.submit))
        ?? refuse(key, .linkHint)
    }
  }

  /// The event for `key` on a pushed screen: what the screen itself answers
  /// (``DemoScreen/answer(to:on:)``), as the app's event for the screen on top.
  private static func pushed(_ key: Key, on screen: ScreenViewModel) -> DemoAppState.Event {
    guard let type = screen.screen as? any DemoScreen.Type else { return refuse(key, .hintNoKeys) }
    func answer<Screen: DemoScreen>(_: Screen.Type) -> DemoAppState.Event {
      guard let viewModel = screen.as(Screen.self) else { return refuse(key, .hintNoKeys) }
      switch Screen.answer(to: key, on: viewModel) {
      case .event(let event): return .onTop(Screen.event(event))
      case .refused(let hint): return refuse(key, hint)
      }
    }
    return answer(type)
  }

  /// Keys of a text field: text (control characters included, for the field to refuse),
  /// Backspace, Enter.
  static func textField<Event>(
    _ key: Key, _ typed: (String) -> Event, _ backspace: Event, _ submit: Event
  ) -> Event? {
    switch key {
    case .text(let text): typed(text)
    case .control(let code): typed(String(Unicode.Scalar(code)))
    case .tab: typed("\t")
    case .backspace: backspace
    case .enter: submit
    default: nil
    }
  }

  private static func refuse(_ key: Key, _ help: LocalizedText) -> DemoAppState.Event {
    .refused(.keyUnknown("\(key)", help))
  }
}
