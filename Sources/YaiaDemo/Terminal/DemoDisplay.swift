import Yaia
import YaiaFlow
import YaiaResources

/// The terminal as the app's screen: the navigator the router drives, and the last view model;
/// it draws the screen of the navigator's top route under the navigator's breadcrumb whenever
/// either changes.
@MainActor
final class DemoDisplay {
  /// The terminal's navigation controller.
  private(set) var navigator = TerminalNavigator<DemoRoute>(title: { _ in "" })
  private let text: ScreenText
  private let write: (String) -> Void
  private var model: DemoAppState.ViewModel?
  /// Fired at the next change of what the screen shows, then replaced: a script's `wait`
  /// waits on it rather than reading the screen over and over.
  private(set) var nextChange = Signal()

  /// A display drawing with `text` through `write`.
  init(text: ScreenText, write: @escaping (String) -> Void) {
    self.text = text
    self.write = write
    // Titles in the language of the model shown, read when the breadcrumb is drawn.
    navigator = TerminalNavigator<DemoRoute>(title: { [unowned self] in render($0.title) })
    navigator.onChange = { [unowned self] _ in
      draw()
      changed()
    }
  }

  /// Takes in a new view model and draws it.
  func show(_ model: DemoAppState.ViewModel) {
    self.model = model
    draw()
    changed()
  }

  private func changed() {
    let fired = nextChange
    nextChange = Signal()
    fired.fire()
  }

  /// `text` in the language of the model shown (English before the first), escaped for the
  /// terminal.
  func render(_ text: LocalizedText) -> String {
    VisibleText.escaped(self.text.catalog.render(text, language: model?.language ?? "en"))
  }

  /// The screen on top, as the keymap needs it.
  var topScreen: DemoAppState.Screen? {
    navigator.top.flatMap { model?.screens[$0] }
  }

  /// The screen as plain text, for a script's `wait`.
  func plainText() -> String {
    guard let model else { return "" }
    return ScreenText(ansi: false, catalog: text.catalog).text(
      for: model, top: navigator.top, breadcrumb: navigator.breadcrumb)
  }

  /// Draws the screen; not while the navigator shows a route the model has no screen for
  /// (the model changes before the router applies the same event's navigation, which draws).
  private func draw() {
    guard let model, let top = navigator.top, model.screens[top] != nil else { return }
    let lines = text.lines(for: model, top: navigator.top, breadcrumb: navigator.breadcrumb)
    if text.ansi {
      write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
    } else {
      write(lines.joined(separator: "\n") + "\n\n")
    }
  }
}
