/// A ``Navigator`` for a terminal app: screens are titles, and the navigator shows where the
/// user is as a breadcrumb (`Home › Speakers ⟦Pairing⟧`), modals in brackets.
@MainActor
public final class TerminalNavigator: Navigator {
  private var stack: [String] = []
  private var modals: [String] = []
  private let show: (String) -> Void

  /// A navigator that hands each new breadcrumb to `show` (by default, prints it).
  public init(show: @escaping (String) -> Void = { print($0) }) {
    self.show = show
  }

  /// Where the user is: the stack joined by ›, then each modal in ⟦ ⟧.
  public var breadcrumb: String {
    (stack.joined(separator: " › ") + modals.map { " ⟦\($0)⟧" }.joined())
  }

  /// Pushes a screen titled `screen`.
  public func push(_ screen: String) { update { stack.append(screen) } }
  /// Pops `count` screens.
  public func pop(count: Int) { update { stack.removeLast(Swift.min(count, stack.count)) } }
  /// Replaces the stack.
  public func setStack(_ screens: [String]) { update { stack = screens } }
  /// Presents a screen titled `screen`.
  public func present(_ screen: String) { update { modals.append(screen) } }
  /// Dismisses `count` modals.
  public func dismiss(count: Int) { update { modals.removeLast(Swift.min(count, modals.count)) } }

  private func update(_ change: () -> Void) {
    change()
    show(breadcrumb)
  }
}
