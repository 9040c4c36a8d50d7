import Yaia
import YaiaResources

/// The login screen: user name and password, validation before anything is sent, a request,
/// the error banner when it fails, and the session handed on when it succeeds.
struct LoginState: DemoScreen {
  /// Which field takes the typing.
  enum Field: Equatable, Sendable {
    /// The user name.
    case user
    /// The password.
    case password
  }

  /// Why a login failed.
  enum Failure: Error, Codable, Hashable, Sendable {
    /// The server refused the user name and password.
    case wrongPassword
    /// The request failed for another reason; the message says which.
    case unavailable(String)
  }

  /// What can happen on the login screen.
  enum Event: Codable, Equatable, Sendable {
    /// Text typed into the focused field: a secret, since it may be the password (which
    /// field takes it is the state's business, not the keyboard's).
    case typed(Secret)
    /// Backspace in the focused field.
    case deleteBackward
    /// Go to the other field (Tab).
    case switchField
    /// Log in (Enter).
    case submit
    /// The server's answer.
    case response(Reply<LoginSession, Failure>)
  }

  /// What the login screen asks of its shell and its parent.
  enum Command: Equatable, Sendable {
    /// Send the login request.
    case logIn(user: String, password: Secret)
    /// The user is logged in.
    case finished(LoginSession)
  }

  /// What the login screen shows.
  struct ViewModel: Equatable, Sendable {
    /// The user name typed.
    var user: String
    /// The password, as bullets.
    var password: String
    /// The focused field.
    var focus: Field
    /// The error banner: wrong password, server down, invalid input.
    var banner: LocalizedText?
    /// Whether the request is under way.
    var isLoading: Bool
  }

  private var user = TextEntry(.loginUserName, limit: 64)
  private var password = TextEntry(.loginPassword, limit: 128, isSecure: true)
  private var focus = Field.user
  private var banner: LocalizedText?
  private var isLoading = false

  /// An empty login form.
  init() {}

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .typed(let text):
      guard !isLoading else { return [] }
      banner =
        (focus == .user ? user.type(text.value) : password.type(text.value))?.text
    case .deleteBackward:
      guard !isLoading else { return [] }
      if focus == .user { user.deleteBackward() } else { password.deleteBackward() }
      banner = nil
    case .switchField:
      focus = focus == .user ? .password : .user
    case .submit:
      guard !isLoading else { return [] }
      guard case .success(let name) = user.validated() else {
        banner = TextEntryError.empty(field: user.label).text
        focus = .user
        return []
      }
      guard !password.text.isEmpty else {
        if focus == .user {
          focus = .password
          banner = nil
        } else {
          banner = TextEntryError.empty(field: password.label).text
        }
        return []
      }
      isLoading = true
      banner = nil
      return [.logIn(user: name, password: Secret(password.text))]
    case .response(.success(let session)):
      isLoading = false
      return [.finished(session)]
    case .response(.failure(.wrongPassword)):
      isLoading = false
      password.clear()
      focus = .password
      banner = .loginWrongPassword
    case .response(.failure(.unavailable(let reason))):
      isLoading = false
      banner = .loginFailed(reason)
    }
    return []
  }

  /// What the screen shows now.
  var viewModel: ViewModel {
    ViewModel(
      user: user.display, password: password.display, focus: focus, banner: banner,
      isLoading: isLoading)
  }
}

extension LoginState {
  /// `Log in`, in the breadcrumb.
  var title: LocalizedText { .screenLogIn }
}
