import Testing
import Yaia
import YaiaFlow
import YaiaTesting

/// A child flow pushed above the parent's screens: pairing a speaker, two screens deep.
struct PairingFlow: ShellState {
  enum Event: Sendable {
    case found
    case named(String)
  }
  enum Command: Hashable {
    case push(Screen)
    case finish(String)
  }
  var viewModel: Int { 0 }
  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .found: [.push(.terms)]
    case .named(let name): [.finish(name)]
    }
  }
}

/// The parent: home, then pairing as a child; the user may swipe back out of it.
struct HomeFlow: ShellState {
  enum Event: Sendable {
    case pairTapped
    case pairing(PairingFlow.Event)
    case userNavigated(NavigationOperation<Screen>)
  }
  typealias Command = FlowCommand<Screen, Never>
  var navigation = NavigationState(root: Screen.home)
  var pairing = ChildFlow<PairingFlow>()
  var paired: [String] = []

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .pairTapped:
      pairing.start(PairingFlow(), above: navigation)
      return [.navigate(navigation.change { $0.push(.search) })]
    case .pairing(let event):
      return pairing.handle(event).map { command in
        switch command {
        case .push(let screen):
          return .navigate(navigation.change { $0.push(screen) })
        case .finish(let name):
          paired.append(name)
          pairing.end()
          return .navigate(navigation.change { $0.pop(to: .home) })
        }
      }
    case .userNavigated(let operation):
      navigation.apply(operation)  // already on screen: record, do not navigate again
      pairing.stackChanged(navigation)
      return []
    }
  }

  var viewModel: NavigationState<Screen> { navigation }
}

@Suite("Child flows live exactly as long as their screens")
struct ChildFlowTests {
  @Test("a child that finishes hands its result to the parent and its screens go")
  func finishes() {
    let state = Given(HomeFlow())
      .when(.pairTapped, .pairing(.found), .pairing(.named("Kitchen")))
      .then(
        [.navigate([.push(.search)]), .navigate([.push(.terms)]), .navigate([.pop(count: 2)])],
        viewModel: NavigationState(root: .home))
    #expect(state.paired == ["Kitchen"])
    #expect(!state.pairing.isRunning)
  }

  @Test(
    "when the user backs out past the child's first screen, the child ends and hears nothing more")
  func userBacksOut() {
    let state = Given(HomeFlow())
      .when(.pairTapped, .pairing(.found), .userNavigated(.pop(count: 1)))
      .then([.navigate([.push(.search)]), .navigate([.push(.terms)])])
    #expect(state.pairing.isRunning)  // one of its screens is still shown

    let ended = Given(state)
      .when(.userNavigated(.pop(count: 1)), .pairing(.named("Ghost")))
      .then([], viewModel: NavigationState(root: .home))
    #expect(!ended.pairing.isRunning)
    #expect(ended.paired.isEmpty)
  }

  @MainActor
  @Test("the router reports the user's own navigation, and journals it")
  func routerReportsUserNavigation() {
    let router = Router<Screen, CapturingNavigator<Screen>>(navigator: CapturingNavigator()) { $0 }
    var reported: [NavigationOperation<Screen>] = []
    router.onUserNavigation = { reported.append($0) }
    router.apply([.setStack([.home, .search])])
    router.userNavigated(.pop(count: 1))
    #expect(reported == [.pop(count: 1)])
    #expect(router.journal == [.setStack([.home, .search]), .pop(count: 1)])
  }
}
