import Foundation
import Testing
import Yaia
import YaiaFlow
import YaiaTesting

@testable import YaiaDemo

/// The sample app explored by the tests themselves: from Home, seeded random sequences of the
/// keys a user presses (through the app's own keymap and back button) and of what the pairing
/// screen's radio and save bring back, checked for wiring issues and for a screen to draw.
@MainActor
@Suite("The sample app, explored")
struct ExploredAppTests {
  /// The keys explored: every key some screen takes, and a letter for text fields.
  static let keys: [Key] = [
    .up, .down, .enter, .escape, .tab, .backspace, .text("a"), .text("y"), .text("n"),
    .text("r"), .text("d"), .text("p"), .text("o"), .text("k"), .text("j"),
  ]

  /// What a user (or the pairing screen's work) can do in `state`: never quitting, which ends
  /// the exploration's sequence rather than testing anything.
  static func offered(_ state: DemoAppState) -> [DemoAppState.Event] {
    let top = state.topScreen
    var events: [DemoAppState.Event] = []
    for key in keys {
      if Keymap.goesBack(key, on: state.navigation.top, showing: top) {
        events.append(
          .userNavigated(state.navigation.modals.isEmpty ? .pop(count: 1) : .dismiss(count: 1)))
        continue
      }
      let event = Keymap.event(for: key, on: top)
      if event != .quit, !events.contains(event) { events.append(event) }
    }
    let screens = state.viewModel.screens
    for route in state.navigation.stack {
      guard case .screen(let id, _) = route, case .pushed(let screen)? = screens[route],
        screen.as(PairingState.self) != nil
      else { continue }
      events.append(.screen(id, PairingState.event(.radio(.appeared(broadcast("C3", -50))))))
      events.append(.screen(id, PairingState.event(.saved(.success("C3")))))
    }
    return events
  }

  @Test("from Home, 400 sequences of up to 12 keys and answers reach no wiring issue")
  func exploredFromHome() async throws {
    var home = try NavigationFlowTests.app()
    _ = home.handle(.started)
    _ = home.handle(.launchEnded(NavigationFlowTests.report))
    _ = home.handle(.home(.speakers(.loaded([speaker("A1", "Den"), speaker("B2", "Kitchen")]))))
    let report = await explore(
      home, depth: 12, sequences: 400, seed: 2026, events: Self.offered,
      draws: { screen in screen is any DemoScreen.Type },
      invariant: { state in
        if state.topScreen == nil { return "no screen to draw on top" }
        let pushed = state.viewModel.screens.values.compactMap {
          screen -> (any ScreenState.Type)? in
          if case .pushed(let model) = screen { return model.screen }
          return nil
        }
        let listed = pushed.allSatisfy { type in
          DemoAppState.screens.contains { ObjectIdentifier($0) == ObjectIdentifier(type) }
        }
        return listed ? nil : "a pushed screen is missing from DemoAppState.screens"
      })
    #expect(report.finding == nil)
    #expect(report.sequences == 400)
    // The figures the note quotes: how much one run explores.
    print(
      "exploration: sample app, depth 12, \(report.sequences) sequences, \(report.steps) events")
  }
}
