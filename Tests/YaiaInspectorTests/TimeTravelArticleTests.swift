import Foundation
import Testing
import Yaia
import YaiaFlow
import YaiaInspector

/// Connects the sign-in shell with time travel: the app keeps the states after its last 200
/// steps, and the page offers "Jump the app back" on each of them.
@MainActor
func watchSignInWithTimeTravel(_ inspector: Inspector) -> Shell<SignInState> {
  let shell = Shell(SignInState()) { _, _ in }
  inspector.inspect(shell, name: "sign in", timeTravel: .keepLast(200))
  return shell
}

/// The sign-in shell with time travel, except to a state waiting for the server's answer.
@MainActor
func watchSignInSafely(_ inspector: Inspector) -> Shell<SignInState> {
  let shell = Shell(SignInState()) { _, _ in }
  inspector.inspect(
    shell, name: "sign in", timeTravel: .keepLast(200),
    cannotJump: { state in state.isLoading ? "it waits for the server's answer" : nil })
  return shell
}

/// A shell whose navigation a router performs: after a jump, the router is told the operations
/// that turn the navigation of the state left into that of the state gone back to.
@MainActor
func inspectWithRouter<State: ShellState, Route>(
  _ shell: Shell<State>, in inspector: Inspector, router: Router<Route, some Navigator>,
  navigation: @escaping (State) -> NavigationState<Route>
) {
  inspector.inspect(shell, name: "app", timeTravel: .keepLast(1_000)) { left, back in
    router.apply(navigation(back).operations(from: navigation(left)))
  }
}

/// Screens pushed by commands: what a router performs and a jump must put back in line.
struct Screens: ShellState {
  enum Event: Sendable { case open(String) }
  enum Command: Equatable { case navigate([NavigationOperation<String>]) }
  var navigation = NavigationState(root: "home")
  var viewModel: [String] { navigation.stack }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .open(let screen):
      navigation.push(screen)
      return [.navigate([.push(screen)])]
    }
  }
}

@Suite("The time-travel article's examples")
struct TimeTravelArticleTests {
  @Test("after a jump, the router's stack is put in line with the state gone back to")
  @MainActor
  func routerFollowsJump() async throws {
    try await withInspector { server, base, token in
      let inspector = try await Inspector.connect(
        to: InspectorAddress("http://127.0.0.1:\(base.port ?? 0)/?token=\(token)"), app: "nav",
        options: .patient)
      let router = Router(navigator: CapturingNavigator<String>()) { $0 }
      let shell = Shell(Screens()) { command, _ in
        if case .navigate(let operations) = command { router.apply(operations) }
      }
      router.apply([.setStack(["home"])])
      inspectWithRouter(shell, in: inspector, router: router) { $0.navigation }
      shell.send(.open("settings"))
      shell.send(.open("about"))
      #expect(router.navigator.stack == ["home", "settings", "about"])
      #expect(await inspector.flush(timeout: .seconds(30)))

      #expect(try await askJump(base, token: token, session: inspector.session, to: 0) == 202)
      let deadline = ContinuousClock.now + .seconds(30)
      while router.navigator.stack != ["home"] {
        guard ContinuousClock.now < deadline else {
          Issue.record("the router was not put back within 30 s: \(router.navigator.stack)")
          return
        }
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(shell.viewModel == ["home"])
      #expect(watchSignInWithTimeTravel(inspector).viewModel.name.isEmpty)
      await inspector.disconnect()
      _ = server
    }
  }

  @Test("a state waiting for the server's answer is no jump target: the inspector says why")
  @MainActor
  func cannotJumpWhileLoading() async throws {
    try await withInspector { server, base, token in
      let inspector = try await Inspector.connect(
        to: InspectorAddress("http://127.0.0.1:\(base.port ?? 0)/?token=\(token)"), app: "safe",
        options: .patient)
      let shell = watchSignInSafely(inspector)
      shell.send(.typedName("ada"))
      shell.send(.submit)  // waits for the server's answer
      #expect(await inspector.flush(timeout: .seconds(30)))
      #expect(try await askJump(base, token: token, session: inspector.session, to: 2) == 409)
      #expect(try await askJump(base, token: token, session: inspector.session, to: 1) == 202)
      await inspector.disconnect()
      _ = server
    }
  }
}
