import Foundation
import Testing
import Yaia
import YaiaInspector
import YaiaInspectorTesting

@Suite("A journal replayed with steps left out, beside what was recorded")
struct SkipReplayTests {
  /// A sign-in session as the inspector records it: each event in its own encoding, each view
  /// model and the commands as the page showed them.
  static func session(_ events: [SignInState.Event]) throws -> InspectorJournal {
    var state = SignInState()
    let initial = InspectedValue(state.viewModel)
    var steps: [InspectedStep] = []
    for (position, event) in events.enumerated() {
      let commands = state.handle(event)
      let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
      steps.append(
        InspectedStep(
          shell: 1, index: position + 1, time: Double(position), event: InspectedValue(event),
          eventJSON: json, commands: commands.map { InspectedValue($0) }, changed: true,
          viewModel: InspectedValue(state.viewModel)))
    }
    return InspectorJournal(app: "a", shell: "sign in", initialViewModel: initial, steps: steps)
  }

  static let events: [SignInState.Event] = [
    .typedName("ada"), .submit, .answered(accepted: false), .typedName("ada l"), .submit,
  ]

  @Test("leaving nothing out recomputes what was recorded")
  func nothingLeftOut() throws {
    let replay = try SkipReplay(try Self.session(Self.events), into: SignInState(), skipping: [])
    #expect(replay.steps.count == 5)
    #expect(replay.firstDifference == nil)
    #expect(replay.steps.allSatisfy { $0.commands == $0.recordedCommands })
  }

  @Test("a step left out shows, step by step, what the screen would have shown without it")
  func leftOut() throws {
    let journal = try Self.session(Self.events)
    // Without the first submit: no sign-in command, and the screen never showed loading.
    let noSubmit = try SkipReplay(journal, into: SignInState(), skipping: [2])
    let skipped = try #require(noSubmit.firstDifference)
    #expect(skipped.index == 2 && skipped.skipped && skipped.commands.isEmpty)
    #expect(skipped.differences.map(\.path) == ["isLoading"])
    #expect(noSubmit.steps[2].differences.isEmpty, "the answer leads to the same screen")
    // Without the name typed first: the submit finds no name, and says so.
    let noName = try SkipReplay(journal, into: SignInState(), skipping: [1])
    let second = noName.steps[1]
    #expect(second.commands.isEmpty && !second.recordedCommands.isEmpty)
    #expect(second.differences.map(\.path).sorted() == ["error", "isLoading", "name"])
    #expect(noName.steps.last?.differences.isEmpty == true, "the last typed name heals it")
  }

  @Test("a step that is not in the journal is refused, naming the steps there are")
  func notThere() throws {
    do {
      _ = try SkipReplay(try Self.session(Self.events), into: SignInState(), skipping: [9])
      Issue.record("a step not in the journal was left out")
    } catch {
      #expect("\(error)".contains("step 9 is not in the journal"), "\(error)")
      #expect("\(error)".contains("1–5"))
    }
  }
}
