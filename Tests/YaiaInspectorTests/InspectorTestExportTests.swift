import Foundation
import Testing
import Yaia

@testable import YaiaInspector

/// A secret that writes a placeholder for the inspector.
private struct Pin: Codable, Equatable, Sendable, InspectorSecret {
  var digits: String
  func encode(to encoder: any Encoder) throws {
    if try InspectorSecretPlaceholder.write("****", to: encoder) { return }
    var container = encoder.singleValueContainer()
    try container.encode(digits)
  }
}

/// A secret that does not.
private struct Key: Codable, Equatable, Sendable, InspectorSecret {
  var text: String
}

private enum Typed: Codable, Equatable, Sendable {
  case pin(Pin)
  case key(Key)
  case both(Pin, Key)
  case note(String)
}

@Suite("A session becomes a test: the exported Swift, and the secrets it never holds")
struct InspectorTestExportTests {
  /// A journal of `Counter`-like steps: each sets `count` to its index.
  static func journal(_ steps: Int, eventJSON: (Int) -> String? = { _ in #"{"tick":{}}"# })
    -> InspectorJournal
  {
    func model(_ count: Int) -> InspectedValue {
      .record(type: "ViewModel", fields: [.init("count", .scalar("\(count)"))])
    }
    return InspectorJournal(
      app: "Ticker", shell: "main", initialViewModel: model(0),
      steps: (1...max(1, steps)).prefix(steps).map { index in
        InspectedStep(
          shell: 1, index: index, time: Double(index),
          event: .enumCase(type: "Event", name: "tick", values: []), eventJSON: eventJSON(index),
          commands: [], changed: index != 2, viewModel: index == 2 ? nil : model(index))
      })
  }

  @Test(
    "each step is its event in the app's encoding and the paths it changed, from the first asserted"
  )
  func writesSteps() throws {
    var export = InspectorTestExport(journal: Self.journal(4), state: "Ticker()")
    export.testableImports = ["TickerApp"]
    export.firstAsserted = 3
    let source = try export.swiftSource()
    #expect(source.hasPrefix("// swift-format-ignore-file\n"))
    #expect(source.contains("@testable import TickerApp"))
    #expect(source.contains("let event = RecordedEvents(Ticker.Event.self)"))
    #expect(source.contains("let replayed = try Given(Ticker())"))
    #expect(
      source.hasSuffix("  #expect(replayed.stepsTaken == 4, \"every recorded step replayed\")\n}\n")
    )
    // Steps 1 and 2 are replayed; 3 and 4 asserted. Step 2 changed nothing shown, so step 3's
    // change is from 1 to 3.
    #expect(source.contains(".when([\n      event(#\"{\"tick\":{}}\"#),  // 1 tick\n"))
    #expect(source.contains("// 3 tick\n      changes: [\n        \"count\": \"3\",\n      ])"))
    #expect(source.contains("// 4 tick\n      changes: [\n        \"count\": \"4\",\n      ])"))
    #expect(!source.contains("// 2 tick\n      changes"))

    // A step whose event held a secret replays with its placeholder: only places are checked.
    var secret = Self.journal(1)
    secret.steps[0].event = .enumCase(
      type: "Event", name: "typed", values: [.init("_0", .redacted)])
    let checked = try InspectorTestExport(journal: secret, state: "Ticker()").swiftSource()
    #expect(checked.contains("changedPaths: [\n        \"count\",\n      ])"))
  }

  @Test(
    "a journal that does not rebuild the states, or a setting that is not Swift, is refused saying why"
  )
  func refusals() {
    func problem(_ export: InspectorTestExport) -> String {
      do {
        _ = try export.swiftSource()
        return "no problem"
      } catch {
        return error.description
      }
    }
    let unencoded = InspectorTestExport(
      journal: Self.journal(3) { $0 == 2 ? nil : "{}" }, state: "Ticker()")
    #expect(problem(unencoded).contains("step 2 carries no encoded event"))
    var holed = Self.journal(3)
    holed.steps.remove(at: 1)
    #expect(
      problem(InspectorTestExport(journal: holed, state: "Ticker()")).contains(
        "steps 2–2 are not in the journal"))
    var state = InspectorTestExport(journal: Self.journal(2), state: "Ticker()\nfatalError()")
    #expect(problem(state).contains("the state holds a line break"))
    state.state = "[Ticker()][0]"
    #expect(problem(state).contains("the event type cannot be told"))
    state.eventType = "Ticker.Event"
    state.testName = "a b"
    #expect(problem(state).contains("is not a Swift name"))
    state.testName = "ok"
    state.firstAsserted = 5
    #expect(problem(state).contains("is not within steps 1–2"))
    // A last step past the journal's end says where the journal ends, not a limit of tests.
    state.firstAsserted = 1
    state.lastStep = 99_999
    #expect(problem(state).contains("the journal's steps are 1–2"), "\(problem(state))")
    state.lastStep = 0
    #expect(problem(state).contains("the journal's steps are 1–2"))
    var long = InspectorTestExport(journal: Self.journal(600), state: "Ticker()")
    #expect(problem(long).contains("more than the 500"))
    long.firstAsserted = 101
    #expect(problem(long) == "no problem")
  }

  @Test("text from the app reaches the source only as literals and comments that cannot break out")
  func hostileText() throws {
    let hostile = "a\"#b\\#c\n// d\u{202E}e\u{0}f"
    var journal = Self.journal(1) { _ in #"{"note":"\#(hostile)"}"# }
    journal.app = hostile
    journal.steps[0].viewModel = .record(
      type: "ViewModel", fields: [.init("count", .text(hostile))])
    journal.steps[0].event = .enumCase(type: "E", name: hostile, values: [])
    let source = try InspectorTestExport(journal: journal, state: "Ticker()").swiftSource()
    for scalar in source.unicodeScalars where scalar != "\n" {
      #expect(
        !SwiftLiteral.needsEscape(scalar), "U+\(String(scalar.value, radix: 16)) in the source")
    }
    // Every line that is not code is a comment: no line starts with the app's text.
    let broken = source.split(separator: "\n").filter { $0.hasPrefix("// d") || $0.hasPrefix("e") }
    #expect(broken.isEmpty, "\(source)")
    #expect(SwiftLiteral.raw("x\"#b") == "##\"x\"#b\"##")
    #expect(SwiftLiteral.raw("x\\#(1)") == "##\"x\\#(1)\"##")
    #expect(SwiftLiteral.string("rows[0]") == #""rows[0]""#)
    #expect(InspectedValue.text("a\"\n\u{202E}").oneLine == #""a\"\n\u{202e}""#)
  }

  @Test(
    "a secret is encoded for the inspector only as its placeholder, and only when every secret wrote one"
  )
  func secretPlaceholders() {
    func encoded(_ event: Typed) -> String? {
      InspectorSecretPlaceholder.encode(event, secrets: InspectedValue(event).secretCount)
    }
    #expect(encoded(.pin(Pin(digits: "1234"))) == #"{"pin":{"_0":"****"}}"#)
    #expect(encoded(.key(Key(text: "hunter2"))) == nil, "a secret with no placeholder")
    #expect(encoded(.both(Pin(digits: "1"), Key(text: "hunter2"))) == nil)
    #expect(encoded(.note("hello")) == #"{"note":{"_0":"hello"}}"#)
    // Outside the inspector, the secret writes itself.
    let own = try? JSONEncoder().encode(Pin(digits: "1234"))
    #expect(own.map { String(decoding: $0, as: UTF8.self) } == #""1234""#)
  }
}
