import Testing
import Yaia
import YaiaFlow
import YaiaTesting

// The seed's presenter example: one detail screen that knows nothing of flows. It says
// "dismiss me" as a command; each flow that shows it decides what that means.

struct SpeakerDetail: ShellState {
  enum Event: Sendable { case closeTapped }
  enum Command: Hashable { case dismiss }
  var viewModel: String { "detail" }
  mutating func handle(_ event: Event) -> [Command] { [.dismiss] }
}

enum Screen: Hashable, Sendable {
  case list, search
  case results(String)
  case detail(String)
  case welcome, terms, home
}

/// Flow 1: a list, then the detail; closing the detail goes back to the list.
struct SpeakersFlow: ShellState {
  enum Event: Sendable {
    case selected(String)
    case detail(SpeakerDetail.Event)
  }
  typealias Command = FlowCommand<Screen, Never>
  var navigation = NavigationState(root: Screen.list)
  var detail: SpeakerDetail?

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .selected(let id):
      detail = SpeakerDetail()
      return [.navigate(navigation.change { $0.push(.detail(id)) })]
    case .detail(let event):
      return handle(event, in: \.detail) { flow, command in
        switch command {
        case .dismiss:
          flow.detail = nil
          return [.navigate(flow.navigation.change { $0.pop(to: .list) })]
        }
      }
    }
  }

  var viewModel: NavigationState<Screen> { navigation }
}

/// Flow 2: search, results, then the same detail, presented modally; closing it dismisses.
struct SearchFlow: ShellState {
  enum Event: Sendable {
    case searched(String)
    case selected(String)
    case detail(SpeakerDetail.Event)
  }
  typealias Command = FlowCommand<Screen, Never>
  var navigation = NavigationState(root: Screen.search)
  var detail: SpeakerDetail?

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .searched(let text):
      return [.navigate(navigation.change { $0.push(.results(text)) })]
    case .selected(let id):
      detail = SpeakerDetail()
      return [.navigate(navigation.change { $0.present(.detail(id)) })]
    case .detail(let event):
      return handle(event, in: \.detail) { flow, command in
        switch command {
        case .dismiss:
          flow.detail = nil
          return [.navigate(flow.navigation.change { $0.dismiss() })]
        }
      }
    }
  }

  var viewModel: NavigationState<Screen> { navigation }
}

/// A child flow: onboarding, which finishes with the name the user accepted the terms as.
struct OnboardingFlow: ShellState {
  enum Event: Sendable {
    case next
    case accepted(name: String)
  }
  typealias Command = FlowCommand<Screen, String>
  var navigation: NavigationState<Screen>

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .next: return [.navigate(navigation.change { $0.push(.terms) })]
    case .accepted(let name): return [.finish(name)]
    }
  }

  var viewModel: NavigationState<Screen> { navigation }
}

/// The parent: runs onboarding as a child on its own stack, then goes home with its result.
struct AppFlow: ShellState {
  enum Event: Sendable {
    case launched(firstRun: Bool)
    case onboarding(OnboardingFlow.Event)
  }
  typealias Command = FlowCommand<Screen, Never>
  var navigation = NavigationState<Screen>(stack: [])
  var onboarding: OnboardingFlow?
  var userName: String?

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .launched(let firstRun):
      guard firstRun else { return [.navigate(navigation.change { $0.setRoot(.home) })] }
      onboarding = OnboardingFlow(navigation: NavigationState(root: .welcome))
      return [.navigate(navigation.change { $0.setRoot(.welcome) })]
    case .onboarding(let event):
      return handle(event, in: \.onboarding) { flow, command in
        switch command {
        case .navigate:
          // The child's screens are this flow's screens: mirror them.
          guard let child = flow.onboarding else { return [] }
          return [.navigate(flow.navigation.change { $0 = child.navigation })]
        case .finish(let name):
          flow.onboarding = nil  // the child lives exactly as long as its screens
          flow.userName = name
          return [.navigate(flow.navigation.change { $0.setRoot(.home) })]
        }
      }
    }
  }

  var viewModel: NavigationState<Screen> { navigation }
}

@Suite("Flows as values")
struct FlowTests {
  @Test("one detail screen, reached from two flows, is dismissed back to each")
  func presenterInTwoFlows() {
    Given(SpeakersFlow())
      .when(.selected("kitchen"), .detail(.closeTapped))
      .then(
        [.navigate([.push(.detail("kitchen"))]), .navigate([.pop(count: 1)])],
        viewModel: NavigationState(root: .list))

    Given(SearchFlow())
      .when(.searched("aria"), .selected("kitchen"), .detail(.closeTapped))
      .then(
        [
          .navigate([.push(.results("aria"))]), .navigate([.present(.detail("kitchen"))]),
          .navigate([.dismiss(count: 1)]),
        ],
        viewModel: NavigationState(stack: [.search, .results("aria")]))
  }

  @Test("a child flow finishes, hands its result to the parent, and is gone")
  func childFlowResult() {
    // The last event arrives after the child finished: dropped, as the test means it to be.
    let state = allowingDroppedEvents {
      Given(AppFlow())
        .when(
          .launched(firstRun: true), .onboarding(.next), .onboarding(.accepted(name: "Ada")),
          .onboarding(.next)
        )
        .then(
          [
            .navigate([.setStack([.welcome])]), .navigate([.push(.terms)]),
            .navigate([.setStack([.home])]),
          ],
          viewModel: NavigationState(root: .home))
    }
    #expect(state.userName == "Ada")
    #expect(state.onboarding == nil)
  }
}
