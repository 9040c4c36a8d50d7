import Testing
import YaiaFlow

@Suite("Navigation state as a value")
struct NavigationStateTests {
  @Test("the difference from [a, b, c] to [a, d] is pop two, push d")
  func popTwoPushOne() {
    let old = NavigationState(stack: ["a", "b", "c"])
    let new = NavigationState(stack: ["a", "d"])
    #expect(new.operations(from: old) == [.pop(count: 2), .push("d")])
  }

  @Test("equal states need no operation; a new root replaces the stack")
  func equalAndNewRoot() {
    let state = NavigationState(stack: ["a", "b"], modals: ["m"])
    #expect(state.operations(from: state).isEmpty)
    #expect(
      NavigationState(stack: ["x", "y"]).operations(from: state) == [
        .dismiss(count: 1), .setStack(["x", "y"]),
      ])
  }

  @Test("modals are dismissed before the stack under them changes, new ones presented after")
  func modalsOrder() {
    let old = NavigationState(stack: ["home", "list"], modals: ["pairing", "nickname"])
    var new = old
    new.dismissAll()
    new.pop()
    new.push("detail")
    new.present("share")
    #expect(
      new.operations(from: old) == [
        .dismiss(count: 2), .pop(count: 1), .push("detail"), .present("share"),
      ])
  }

  @Test("dismissing only the top modal dismisses one")
  func dismissTop() {
    let old = NavigationState(stack: ["home"], modals: ["pairing", "nickname"])
    var new = old
    new.dismiss()
    #expect(new.operations(from: old) == [.dismiss(count: 1)])
  }

  @Test("push, pop, pop to, set root, present, dismiss")
  func mutations() {
    var state = NavigationState(root: "home")
    state.push("list")
    state.push("detail")
    state.push("edit")
    state.pop(to: "list")
    #expect(state.stack == ["home", "list"])
    state.pop()
    state.pop()  // the root stays
    #expect(state.stack == ["home"])
    state.present("login")
    #expect(state.top == "login")
    state.setRoot("onboarding")
    #expect(state == NavigationState(root: "onboarding"))
    #expect(NavigationOperation<String>.pop(count: 2).description == "pop 2")
  }
}
