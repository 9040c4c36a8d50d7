import Foundation
import Testing
import Yaia
import YaiaTesting

// The seed articles' examples, as tests: no mocks, values in, values out.

@Suite("The seed articles' examples")
struct SeedExampleTests {
  @Test("a failed login shows the error banner")
  func failedLoginShowsBanner() {
    Given(LoginState())
      .when(.loginResponse(.failure(.unauthorized)))
      .then([.showErrorBanner("Failed to log in")])
  }

  @Test("tapping log in sends the request with what was typed")
  func loginTappedSendsRequest() {
    Given(LoginState())
      .when(.userChanged("ada"), .passwordChanged("secret"), .loginTapped)
      .then(
        [.sendLoginRequest(LoginRequest(user: "ada", password: "secret"))],
        viewModel: .init(isLoginEnabled: false, isLoading: true))
  }

  @Test("log in does nothing until both fields are filled")
  func loginNeedsBothFields() {
    Given(LoginState()).when(.userChanged("ada"), .loginTapped).then([])
  }

  @Test("the calculator: 3 + 4 = gives 7")
  func calculator() {
    Given(Calculator())
      .when(.digit(3), .plus, .digit(4), .equals)
      .then(viewModel: Calculator.ViewModel(display: "7"))
  }

  @Test("the document opener opens a valid URL")
  func documentOpenerOpensValidURL() {
    let opener = DocumentOpener(isURLValid: { _ in true })
    let action = opener.open(Document(identifier: "TheID"), mode: .edit)
    #expect(action == .openURL(URL(string: "myappscheme://open?id=TheID&mode=edit")!))
  }

  @Test("the document opener reports a URL it cannot open")
  func documentOpenerReportsInvalidURL() {
    let opener = DocumentOpener(isURLValid: { _ in false })
    #expect(opener.open(Document(identifier: "TheID"), mode: .view) == .invalidURLError)
  }

  @Test("the login screen renders, logs in through its shell and moves on")
  @MainActor
  func loginScreenEndToEnd() async {
    var homes: [Session] = []
    let screen = LoginScreen(
      services: LoginServices(
        login: { _ in .success(Session(token: "t1")) },
        showErrorBanner: { _ in },
        showHome: { homes.append($0) }))
    screen.shell.send(.userChanged("ada"))
    screen.shell.send(.passwordChanged("secret"))
    screen.shell.send(.loginTapped)
    await settle(screen.shell)
    #expect(screen.lines == ["( log in )", "[Log in]", "Logging in…", "[Log in]"])
    #expect(homes == [Session(token: "t1")])
  }

  @Test("the login feature with its real shell: each render, the response, the replay")
  @MainActor
  func loginRenders() async {
    let harness = ShellHarness(LoginState()) { command, effects in
      let services = LoginServices(
        login: { _ in .success(Session(token: "t1")) }, showErrorBanner: { _ in },
        showHome: { _ in })
      LoginShell.run(command, effects, services: services)
    }
    harness.send(.userChanged("ada"), .passwordChanged("secret"), .loginTapped)
    await harness.receive(.loginResponse(.success(Session(token: "t1"))))
    harness.verify(rendered: [
      .init(), .init(isLoginEnabled: true), .init(isLoading: true), .init(isLoginEnabled: true),
    ])
    harness.verifyReplay()  // the journal replays to the same renders
  }
}

/// The seed's calculator: a value with no I/O at all, so it needs no commands.
struct Calculator: ShellState {
  typealias Event = Key
  enum Key: Codable, Equatable, Sendable {
    case digit(Int)
    case plus, minus, equals, clear
  }
  struct ViewModel: Equatable { var display: String }

  private var total = 0
  private var entry: Int?
  private var pending: (Int, Int) -> Int = { $1 }

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .digit(let digit):
      entry = (entry ?? 0) * 10 + digit
    case .plus, .minus, .equals:
      total = pending(total, entry ?? 0)
      entry = nil
      switch event {
      case .plus: pending = (+)
      case .minus: pending = (-)
      default: pending = { $1 }
      }
    case .clear:
      self = Calculator()
    }
    return []
  }

  var viewModel: ViewModel { ViewModel(display: String(entry ?? total)) }
}

/// The seed's refactored document opener: it takes a function instead of a protocol and a
/// mock, and returns the action to perform instead of performing it.
struct Document {
  var identifier: String
}

enum OpenMode: String {
  case view, edit
}

struct DocumentOpener {
  enum Action: Equatable {
    case openURL(URL)
    case invalidURLError
  }

  let isURLValid: (URL) -> Bool

  func open(_ document: Document, mode: OpenMode) -> Action {
    var components = URLComponents()
    components.scheme = "myappscheme"
    components.host = "open"
    components.queryItems = [
      URLQueryItem(name: "id", value: document.identifier),
      URLQueryItem(name: "mode", value: mode.rawValue),
    ]
    guard let url = components.url, isURLValid(url) else { return .invalidURLError }
    return .openURL(url)
  }
}
