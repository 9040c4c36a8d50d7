public import Yaia

/// Decides when a deep link may be shown: it holds links that arrive before launch has
/// finished (the cold-start case), sends links to screens that need login through the login
/// screen first, and resumes them after login.
///
/// It is a `ShellState` like any other, so the app's flow embeds it and tests it with
/// values:
///
/// ```swift
/// Given(DeepLinkGate<AppRoute>(needsLogin: { $0.needsLogin }))
///   .when(.linkOpened([.home, .speaker(id: "kitchen")]), .launchFinished(loggedIn: false), .loggedIn)
///   .then([.showLogin, .show([.home, .speaker(id: "kitchen")])])
/// ```
public struct DeepLinkGate<Route: Hashable & Sendable>: ShellState {
  /// What happens to the gate.
  public enum Event: Sendable {
    /// A link was opened and resolved to these routes.
    case linkOpened([Route])
    /// Launch finished; whether the user is logged in.
    case launchFinished(loggedIn: Bool)
    /// The user logged in.
    case loggedIn
    /// The user logged out.
    case loggedOut
  }

  /// What the gate asks the flow to do.
  public enum Command: Hashable, Sendable {
    /// Show these routes (the link's target, as a stack).
    case show([Route])
    /// Show the login screen; the link waits for login.
    case showLogin
  }

  /// What the gate is holding, for the UI and tests.
  public struct ViewModel: Hashable, Sendable {
    /// The link waiting for launch or login, if any.
    public var pending: [Route]?
    /// Whether launch has finished.
    public var isLaunched: Bool
    /// Whether the user is logged in, as the gate last heard: an app that needs to know asks
    /// the gate rather than keeping a flag of its own beside it.
    public var isLoggedIn: Bool

    /// Creates a view model (tests compare with one).
    public init(pending: [Route]?, isLaunched: Bool, isLoggedIn: Bool = false) {
      self.pending = pending
      self.isLaunched = isLaunched
      self.isLoggedIn = isLoggedIn
    }
  }

  private let needsLogin: @Sendable (Route) -> Bool
  private var pending: [Route]?
  private var isLaunched = false
  private var isLoggedIn = false

  /// A gate where `needsLogin` says which routes require a logged-in user.
  public init(needsLogin: @escaping @Sendable (Route) -> Bool) {
    self.needsLogin = needsLogin
  }

  /// Holds, redirects or passes links, per the launch and login state.
  public mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .linkOpened(let routes):
      pending = routes
      return isLaunched ? release() : []
    case .launchFinished(let loggedIn):
      isLaunched = true
      isLoggedIn = loggedIn
      return release()
    case .loggedIn:
      isLoggedIn = true
      return isLaunched ? release() : []
    case .loggedOut:
      isLoggedIn = false
      return []
    }
  }

  /// The pending link: shown if allowed, else the login screen while it keeps waiting.
  private mutating func release() -> [Command] {
    guard let routes = pending else { return [] }
    if !isLoggedIn, routes.contains(where: needsLogin) { return [.showLogin] }
    pending = nil
    return [.show(routes)]
  }

  /// What the gate holds.
  public var viewModel: ViewModel {
    ViewModel(pending: pending, isLaunched: isLaunched, isLoggedIn: isLoggedIn)
  }
}
