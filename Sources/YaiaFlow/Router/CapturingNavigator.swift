/// A ``Navigator`` that keeps what it shows, for tests: the stack and the modals, as the
/// screens it was given.
@MainActor
public final class CapturingNavigator<Screen>: Navigator {
  /// The screens on the stack, root first.
  public private(set) var stack: [Screen] = []
  /// The modal screens, first presented first.
  public private(set) var modals: [Screen] = []

  /// An empty navigator.
  public init() {}

  /// Pushes `screen`.
  public func push(_ screen: Screen) { stack.append(screen) }
  /// Pops `count` screens (never below empty).
  public func pop(count: Int) { stack.removeLast(Swift.min(count, stack.count)) }
  /// Replaces the stack.
  public func setStack(_ screens: [Screen]) { stack = screens }
  /// Presents `screen`.
  public func present(_ screen: Screen) { modals.append(screen) }
  /// Dismisses `count` modals (never below none).
  public func dismiss(count: Int) { modals.removeLast(Swift.min(count, modals.count)) }
}

/// The old name of ``CapturingNavigator``: "recording" is the mock server's word for what it
/// keeps from a real backend (CONTRIBUTING, "One word per idea").
@available(*, deprecated, renamed: "CapturingNavigator")
public typealias RecordingNavigator<Screen> = CapturingNavigator<Screen>
