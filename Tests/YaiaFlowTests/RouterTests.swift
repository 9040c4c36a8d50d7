import FoundationEssentials
import Testing
import YaiaFlow

@MainActor
@Suite("Router shell and navigators")
struct RouterTests {
  @Test("the router applies operations through the factory and journals them")
  func appliesAndJournals() {
    let navigator = CapturingNavigator<String>()
    let router = Router<Screen, CapturingNavigator<String>>(navigator: navigator) { "\($0)" }
    var navigation = NavigationState(root: Screen.list)
    router.apply([.setStack([.list])])
    router.apply(navigation.change { $0.push(.detail("kitchen")) })
    router.apply(navigation.change { $0.present(.terms) })
    router.apply(
      navigation.change {
        $0.dismiss()
        $0.pop()
      })
    #expect(navigator.stack == ["list"])
    #expect(navigator.modals.isEmpty)
    #expect(
      router.journal == [
        .setStack([.list]), .push(.detail("kitchen")), .present(.terms), .dismiss(count: 1),
        .pop(count: 1),
      ])
  }

  @Test("the navigator ends where the navigation state says, whatever the path")
  func navigatorMatchesState() {
    let navigator = CapturingNavigator<Screen>()
    let router = Router<Screen, CapturingNavigator<Screen>>(navigator: navigator) { $0 }
    var navigation = NavigationState<Screen>(stack: [])
    router.apply(navigation.change { $0.setRoot(.home) })
    router.apply(
      navigation.change {
        $0.push(.list)
        $0.push(.detail("a"))
        $0.present(.terms)
      })
    router.apply(
      navigation.change {
        $0.dismissAll()
        $0.pop(to: .home)
        $0.push(.search)
      })
    #expect(navigator.stack == navigation.stack)
    #expect(navigator.modals == navigation.modals)
  }

  @Test("the terminal navigator shows a breadcrumb after each change")
  func terminal() {
    var shown: [String] = []
    let navigator = TerminalNavigator { shown.append($0) }
    let router = Router<String, TerminalNavigator<String>>(navigator: navigator) { $0.capitalized }
    router.apply([.setStack(["home"]), .push("speakers"), .present("pairing"), .dismiss(count: 1)])
    #expect(shown == ["Home", "Home › Speakers", "Home › Speakers ⟦Pairing⟧", "Home › Speakers"])
  }

  @Test("going back on the terminal navigator dismisses, then pops, never the root, and says so")
  func terminalBack() {
    let navigator = TerminalNavigator<String>(title: { $0.uppercased() })
    var reported: [NavigationOperation<String>] = []
    let router = Router<String, TerminalNavigator<String>>(navigator: navigator) { $0 }
    router.onUserNavigation = { reported.append($0) }
    router.apply([.setStack(["home"]), .push("pairing"), .present("push")])
    var navigation = NavigationState(stack: ["home", "pairing"], modals: ["push"])
    while let operation: NavigationOperation<String> = navigator.goBack() {
      router.userNavigated(operation)
      navigation.apply(operation)
    }
    #expect(reported == [.dismiss(count: 1), .pop(count: 1)])
    #expect(navigator.stack == ["home"] && navigator.modals.isEmpty && navigator.top == "home")
    #expect(navigation == NavigationState(root: "home"))
    #expect(navigator.breadcrumb == "HOME")
  }
}
