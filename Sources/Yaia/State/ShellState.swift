/// The logic and state of one feature, as a value.
///
/// A feature's state takes an ``Event`` (a tap, a network response, a timer tick), changes
/// itself, and returns the ``Command``s that describe the I/O to perform next: send this
/// request, save these rows, show that screen. It never performs the I/O itself, awaits
/// nothing, and reads no clock, randomness or globals; such inputs arrive inside events.
/// That is what makes it testable with plain values: feed events in, compare the commands
/// and the ``viewModel`` that come out with `==`.
///
/// ```swift
/// struct LoginState: ShellState {
///   enum Event: Sendable { case loginTapped(user: String, password: String), loginFailed }
///   enum Command: Equatable { case sendLoginRequest(LoginRequest), showErrorBanner(String) }
///   struct ViewModel: Equatable { var isLoading = false }
///   private(set) var viewModel = ViewModel()
///
///   mutating func handle(_ event: Event) -> [Command] {
///     switch event {
///     case .loginTapped(let user, let password):
///       viewModel.isLoading = true
///       return [.sendLoginRequest(LoginRequest(user: user, password: password))]
///     case .loginFailed:
///       viewModel.isLoading = false
///       return [.showErrorBanner("Failed to log in")]
///     }
///   }
/// }
/// ```
///
/// A ``Shell`` runs a state against the real world; a test runs it against nothing at all.
public protocol ShellState {
  /// Everything that can happen to the feature: user input, I/O results, ticks.
  ///
  /// Events travel from asynchronous work back to the shell, so the ``Shell`` requires them
  /// to be `Sendable`; plain enums of values are.
  associatedtype Event

  /// A description of I/O for the shell to perform. Usually an enum; make it `Equatable` so
  /// tests can compare it.
  associatedtype Command

  /// Everything the screen shows, as a plain value. The shell publishes it only when it
  /// changes, which is why it must be `Equatable`.
  associatedtype ViewModel: Equatable

  /// Handles one event: updates the state and returns the I/O to perform, in order.
  ///
  /// Returning an empty array is the common, free case.
  mutating func handle(_ event: Event) -> [Command]

  /// What the screen should show now, derived from the state.
  var viewModel: ViewModel { get }
}

/// The state protocol's name until 0.1: it is ``ShellState`` now, beside ``Shell``, which runs
/// it. Kept for one release so that apps move at their own pace.
@available(*, deprecated, renamed: "ShellState")
public typealias SceneState = ShellState
