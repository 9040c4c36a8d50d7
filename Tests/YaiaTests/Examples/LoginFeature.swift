import Yaia

// The seed's login feature, exactly as Getting Started shows it (and the README in part): the
// state (all the logic, as a value), its shell (one switch from command to service), and its
// screen.

struct LoginRequest: Equatable, Sendable {
  var user: String
  var password: String
}

struct Session: Equatable, Sendable {
  var token: String
}

enum LoginError: Error, Equatable, Sendable {
  case unauthorized
  case offline
}

struct LoginState: ShellState {
  enum Event: Equatable, Sendable {
    case userChanged(String)
    case passwordChanged(String)
    case loginTapped
    case loginResponse(Result<Session, LoginError>)
  }

  enum Command: Equatable {
    case sendLoginRequest(LoginRequest)
    case showErrorBanner(String)
    case showHome(Session)
  }

  struct ViewModel: Equatable {
    var isLoginEnabled = false
    var isLoading = false
  }

  private var user = ""
  private var password = ""
  private var isLoading = false

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .userChanged(let user):
      self.user = user
      return []
    case .passwordChanged(let password):
      self.password = password
      return []
    case .loginTapped:
      guard viewModel.isLoginEnabled else { return [] }
      isLoading = true
      return [.sendLoginRequest(LoginRequest(user: user, password: password))]
    case .loginResponse(.success(let session)):
      isLoading = false
      return [.showHome(session)]
    case .loginResponse(.failure):
      isLoading = false
      return [.showErrorBanner("Failed to log in")]
    }
  }

  var viewModel: ViewModel {
    ViewModel(
      isLoginEnabled: !user.isEmpty && !password.isEmpty && !isLoading, isLoading: isLoading)
  }
}

/// The services the login shell talks to, as plain functions: a test passes closures.
struct LoginServices {
  var login: @Sendable (LoginRequest) async -> Result<Session, LoginError>
  var showErrorBanner: @MainActor (String) -> Void
  /// Hands the transition to the flow coordinator (held weakly by whoever builds this).
  var showHome: @MainActor (Session) -> Void
}

enum LoginShell {
  /// The whole shell of the feature: one switch from command to service call.
  @MainActor
  static func run(
    _ command: LoginState.Command, _ effects: ShellEffects<LoginState>,
    services: LoginServices
  ) {
    switch command {
    case .sendLoginRequest(let request):
      let login = services.login
      effects.run(id: "login") { .loginResponse(await login(request)) }
    case .showErrorBanner(let message):
      services.showErrorBanner(message)
    case .showHome(let session):
      services.showHome(session)
    }
  }
}

/// The screen: it owns the shell; the shell holds it weakly.
@MainActor
final class LoginScreen: ShellView {
  let shell: Shell<LoginState>
  private(set) var lines: [String] = []

  init(services: LoginServices) {
    shell = Shell(LoginState()) { command, effects in
      LoginShell.run(command, effects, services: services)
    }
    shell.attach(self)  // every stored property is set: no optional needed
    shell.start()
  }

  func render(_ viewModel: LoginState.ViewModel) {
    lines.append(
      viewModel.isLoading ? "Logging in…" : viewModel.isLoginEnabled ? "[Log in]" : "( log in )")
  }
}
