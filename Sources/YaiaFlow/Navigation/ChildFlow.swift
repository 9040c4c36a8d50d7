public import Yaia

/// A parent flow's slot for a child flow (pairing inside the app flow): it runs the child
/// while the child's screens are on the stack and ends it the moment they are gone, by the
/// child finishing or by the user backing out.
///
/// ```swift
/// var pairing = ChildFlow<PairingFlow>()
/// // start: the child's screens go above the current stack
/// pairing.start(PairingFlow(), above: navigation)
/// // each navigation change, including the user's own pops:
/// navigation.apply(operation); pairing.stackChanged(navigation)
/// // events for a child that has ended are ignored
/// let commands = pairing.handle(event)
/// ```
public struct ChildFlow<Child: ShellState> {
  /// The running child, or `nil`.
  public private(set) var state: Child?
  /// How many screens were on the parent's stack below the child's first screen.
  public private(set) var depth = 0

  /// An empty slot.
  public init() {}

  /// Whether a child is running.
  public var isRunning: Bool { state != nil }

  /// Starts `child`, whose screens go above `navigation`'s current stack.
  public mutating func start<Route>(_ child: Child, above navigation: NavigationState<Route>) {
    state = child
    depth = navigation.stack.count
  }

  /// Hands `event` to the running child; an ended child receives nothing and returns nothing.
  public mutating func handle(_ event: Child.Event) -> [Child.Command] {
    guard var child = state else { return [] }
    let commands = child.handle(event)
    state = child
    return commands
  }

  /// Ends the child (it finished).
  public mutating func end() {
    state = nil
  }

  /// Ends the child if its screens are gone from `navigation`; returns whether it ended now.
  @discardableResult
  public mutating func stackChanged<Route>(_ navigation: NavigationState<Route>) -> Bool {
    guard state != nil, navigation.stack.count <= depth else { return false }
    state = nil
    return true
  }
}
