import Foundation
import Testing
import YaiaResources
import YaiaTesting

@testable import YaiaDemo

@Suite("Accessibility ids: unique on each screen, the same for the same state, rows by identity")
struct DemoIDTests {
  @Test("every screen's ids pass the audit, in each of its modes")
  func everyScreen() {
    #expect(AccessibilityAudit.problems { LoginState().viewModel } == [])
    #expect(AccessibilityAudit.problems { LinkPromptState().viewModel } == [])
    #expect(
      AccessibilityAudit.problems { Given(TutorialState()).when(.next, .next).then([]).viewModel }
        == [])
    // A server that offers a language twice must not give two rows one id.
    #expect(
      AccessibilityAudit.problems {
        LanguageState(languages: ["de", "en", "de"], suggested: "fr").viewModel
      } == [])
    #expect(
      AccessibilityAudit.problems {
        Given(PairingState())
          .when(
            .radio(.appeared(broadcast("a", -50))),
            .radio(.appeared(broadcast("b", -40))),
            .pick
          )
          .then([]).viewModel
      } == [])
    for events: [SpeakerListState.Event] in [
      [.loaded([speaker("A1", "Den"), speaker("B2", "Kitchen")])],
      [.loaded([speaker("A1", "Den")]), .rename],
      [.loaded([speaker("A1", "Den")]), .delete],
    ] {
      #expect(
        AccessibilityAudit.problems {
          var home = HomeState()
          for event in events { _ = home.handle(.speakers(event)) }
          return home.viewModel
        } == [])
    }
  }

  @Test("a row keeps its id when the list reorders: ids come from addresses, not places")
  func rowsByIdentity() {
    var pairing = PairingState()
    _ = pairing.handle(.radio(.appeared(broadcast("a", -50))))
    _ = pairing.handle(.radio(.appeared(broadcast("b", -60))))
    let before = pairing.viewModel.accessibilityIDs
    _ = pairing.handle(.radio(.signal(id: "b", dBm: -30)))
    let after = pairing.viewModel.accessibilityIDs
    #expect(before.map(\.description) == ["pairing.speaker[a]", "pairing.speaker[b]"])
    #expect(after.map(\.description) == ["pairing.speaker[b]", "pairing.speaker[a]"])
  }
}
