/// The shell of navigation: applies a flow's operations to a platform ``Navigator``, making
/// each screen with one factory function per route, and keeps a journal of every operation.
///
/// ```swift
/// let router = Router(navigator: navigationController) { route in
///   switch route {
///   case .speakers: SpeakersViewController.make(services)
///   case .speaker(let id): SpeakerViewController.make(id, services)
///   }
/// }
/// // in the flow shell's command handler:
/// case .navigate(let operations): router.apply(operations)
/// ```
@MainActor
public final class Router<Route: Hashable & Sendable, Platform: Navigator> {
  /// The navigator operations are applied to.
  public let navigator: Platform
  private let makeScreen: (Route) -> Platform.Screen

  /// Every operation applied, in order: for tests and for debugging.
  public private(set) var journal: [NavigationOperation<Route>] = []

  /// A router over `navigator`, making screens with `makeScreen`.
  public init(navigator: Platform, makeScreen: @escaping (Route) -> Platform.Screen) {
    self.navigator = navigator
    self.makeScreen = makeScreen
  }

  /// Reports navigation the user did directly on the platform (a swipe back, a drag to dismiss)
  /// so the flow can record it: connect it to the flow's shell.
  public var onUserNavigation: ((NavigationOperation<Route>) -> Void)?

  /// Tells the router the user navigated on the platform: journals it and reports it through
  /// ``onUserNavigation``. A navigator adapter calls this from its platform's delegate.
  public func userNavigated(_ operation: NavigationOperation<Route>) {
    journal.append(operation)
    onUserNavigation?(operation)
  }

  /// Applies `operations`, in order, and records them in the journal.
  public func apply(_ operations: [NavigationOperation<Route>]) {
    for operation in operations {
      journal.append(operation)
      switch operation {
      case .push(let route): navigator.push(makeScreen(route))
      case .pop(let count): navigator.pop(count: count)
      case .setStack(let routes): navigator.setStack(routes.map(makeScreen))
      case .present(let route): navigator.present(makeScreen(route))
      case .dismiss(let count): navigator.dismiss(count: count)
      }
    }
  }
}
