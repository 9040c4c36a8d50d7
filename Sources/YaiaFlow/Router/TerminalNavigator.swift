/// A ``Navigator`` for a terminal app: it keeps the stack and the modals of screens shown, and
/// says where the user is as a breadcrumb (`Home › Speakers ⟦Pairing⟧`, modals in brackets).
///
/// It is the terminal's navigation controller: the app draws the screen on ``top`` and the
/// ``breadcrumb``, and the Escape key goes back through ``goBack()``, which the app reports to
/// ``Router/userNavigated(_:)`` as a platform's back gesture is reported.
@MainActor
public final class TerminalNavigator<Screen>: Navigator {
  /// The screens on the stack, root first.
  public private(set) var stack: [Screen] = []
  /// The modally presented screens, first presented first.
  public private(set) var modals: [Screen] = []
  private let title: (Screen) -> String

  /// Called with the new breadcrumb after every change: where the app redraws.
  public var onChange: ((String) -> Void)?

  /// A navigator that names screens with `title` and hands each new breadcrumb to `onChange`.
  public init(title: @escaping (Screen) -> String, onChange: ((String) -> Void)? = nil) {
    self.title = title
    self.onChange = onChange
  }

  /// The screen on top: the last modal, else the top of the stack.
  public var top: Screen? { modals.last ?? stack.last }

  /// Where the user is: the stack's titles joined by ›, then each modal's in ⟦ ⟧.
  public var breadcrumb: String {
    stack.map(title).joined(separator: " › ") + modals.map { " ⟦\(title($0))⟧" }.joined()
  }

  /// Pushes `screen`.
  public func push(_ screen: Screen) { update { stack.append(screen) } }
  /// Pops `count` screens.
  public func pop(count: Int) { update { stack.removeLast(Swift.min(count, stack.count)) } }
  /// Replaces the stack.
  public func setStack(_ screens: [Screen]) { update { stack = screens } }
  /// Presents `screen`.
  public func present(_ screen: Screen) { update { modals.append(screen) } }
  /// Dismisses `count` modals.
  public func dismiss(count: Int) { update { modals.removeLast(Swift.min(count, modals.count)) } }

  /// The user went back (Escape, the terminal's back button): dismisses the top modal, or else
  /// pops the top of the stack, never its root. Returns what it did, for the app to report to
  /// ``Router/userNavigated(_:)``; `nil` when there was nowhere to go back to.
  public func goBack<Route>() -> NavigationOperation<Route>? {
    if !modals.isEmpty {
      dismiss(count: 1)
      return .dismiss(count: 1)
    }
    guard stack.count > 1 else { return nil }
    pop(count: 1)
    return .pop(count: 1)
  }

  private func update(_ change: () -> Void) {
    change()
    onChange?(breadcrumb)
  }
}

extension TerminalNavigator where Screen == String {
  /// A navigator whose screens are their titles, handing each new breadcrumb to `show`.
  public convenience init(show: @escaping (String) -> Void) {
    self.init(title: { $0 }, onChange: show)
  }
}
