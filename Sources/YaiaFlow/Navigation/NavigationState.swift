/// Where the app is, as a value: a stack of screens and, over it, a stack of modally presented
/// screens.
///
/// Flows change a copy of it (push, pop, present, dismiss) and hand the router the difference
/// (``operations(from:)``), so navigation is tested like any state: compare values.
///
/// ```swift
/// var navigation = NavigationState(root: AppRoute.home)
/// navigation.push(.speakers)
/// navigation.present(.pairing)
/// #expect(navigation.stack == [.home, .speakers])
/// #expect(navigation.modals == [.pairing])
/// ```
public struct NavigationState<Route: Hashable & Sendable>: Hashable, Sendable {
  /// The navigation stack, root first. Never empty once a root is set.
  public private(set) var stack: [Route]
  /// The modally presented screens, the first presented over the stack, each next over the
  /// previous.
  public private(set) var modals: [Route]

  /// A state showing `root` alone.
  public init(root: Route) {
    self.stack = [root]
    self.modals = []
  }

  /// A state with this stack and these modals; an empty stack means nothing is shown yet.
  public init(stack: [Route], modals: [Route] = []) {
    self.stack = stack
    self.modals = modals
  }

  /// The screen on top: the last modal, else the top of the stack.
  public var top: Route? { modals.last ?? stack.last }

  /// Pushes `route` on the stack (under any modals).
  public mutating func push(_ route: Route) {
    stack.append(route)
  }

  /// Pops the top of the stack; the root stays.
  public mutating func pop() {
    if stack.count > 1 { stack.removeLast() }
  }

  /// Pops back to the last occurrence of `route`; does nothing if it is not on the stack.
  public mutating func pop(to route: Route) {
    guard let index = stack.lastIndex(of: route) else { return }
    stack.removeSubrange((index + 1)...)
  }

  /// Replaces the whole stack with `route` and dismisses every modal.
  public mutating func setRoot(_ route: Route) {
    stack = [route]
    modals = []
  }

  /// Presents `route` modally over everything shown.
  public mutating func present(_ route: Route) {
    modals.append(route)
  }

  /// Dismisses the top modal.
  public mutating func dismiss() {
    if !modals.isEmpty { modals.removeLast() }
  }

  /// Dismisses every modal.
  public mutating func dismissAll() {
    modals.removeAll()
  }

  /// Records an operation the platform already performed (a swipe back, a modal dismissed by
  /// a drag), so the state stays true to the screen without navigating again.
  public mutating func apply(_ operation: NavigationOperation<Route>) {
    switch operation {
    case .push(let route): stack.append(route)
    case .pop(let count): stack.removeLast(Swift.min(count, Swift.max(0, stack.count - 1)))
    case .setStack(let routes): stack = routes
    case .present(let route): modals.append(route)
    case .dismiss(let count): modals.removeLast(Swift.min(count, modals.count))
    }
  }

  /// Changes the state with `body` and returns the operations that perform the change: how a
  /// flow navigates in one line.
  ///
  /// ```swift
  /// case .speakerSelected(let id): return [.navigate(navigation.change { $0.push(.speaker(id)) })]
  /// ```
  public mutating func change(_ body: (inout NavigationState) -> Void) -> [NavigationOperation<
    Route
  >] {
    let old = self
    body(&self)
    return operations(from: old)
  }

  /// The platform operations that turn `old` into this state, in the order to apply them:
  /// dismiss the modals that go away (top first), change the stack, present the new modals.
  ///
  /// The stack keeps its longest common prefix: from `[a, b, c]` to `[a, d]` is
  /// `[.pop(count: 2), .push(d)]`. A different root replaces the whole stack.
  public func operations(from old: NavigationState) -> [NavigationOperation<Route>] {
    var operations: [NavigationOperation<Route>] = []
    let modalPrefix = Self.commonPrefix(old.modals, modals)
    let stackPrefix = Self.commonPrefix(old.stack, stack)
    // Modals over a changing stack must go first: they sit on top of it.
    let keptModals = stackPrefix == old.stack.count && stackPrefix == stack.count ? modalPrefix : 0
    if old.modals.count > keptModals {
      operations.append(.dismiss(count: old.modals.count - keptModals))
    }
    if stackPrefix == 0, !stack.isEmpty {
      if stack != old.stack { operations.append(.setStack(stack)) }
    } else {
      if old.stack.count > stackPrefix {
        operations.append(.pop(count: old.stack.count - stackPrefix))
      }
      for route in stack[stackPrefix...] { operations.append(.push(route)) }
    }
    for route in modals[keptModals...] { operations.append(.present(route)) }
    return operations
  }

  private static func commonPrefix(_ a: [Route], _ b: [Route]) -> Int {
    zip(a, b).prefix { $0 == $1 }.count
  }
}

/// One change a platform navigator performs: what a router hands to a navigation controller.
public enum NavigationOperation<Route: Hashable & Sendable>: Hashable, Sendable,
  CustomStringConvertible
{
  /// Push a screen on the stack.
  case push(Route)
  /// Pop this many screens off the stack.
  case pop(count: Int)
  /// Replace the whole stack.
  case setStack([Route])
  /// Present a screen modally over everything.
  case present(Route)
  /// Dismiss this many modal screens, top first.
  case dismiss(count: Int)

  public var description: String {
    switch self {
    case .push(let route): return "push \(route)"
    case .pop(let count): return "pop \(count)"
    case .setStack(let routes):
      return "set stack \(routes.map { "\($0)" }.joined(separator: " > "))"
    case .present(let route): return "present \(route)"
    case .dismiss(let count): return "dismiss \(count)"
    }
  }
}

/// Navigation is `Codable` when its routes are, so that an event carrying it can be.
extension NavigationOperation: Codable where Route: Codable {}
