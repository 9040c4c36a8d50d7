import Foundation
import Testing
import YaiaHTTP
import YaiaInspector

@Suite("The inspector's wire format and journal files")
struct InspectorWireTests {
  static let value = InspectedValue.record(
    type: "ViewModel",
    fields: [
      .init("title", .text("Hi")), .init("count", .scalar("3")), .init("token", .redacted),
      .init("mode", .enumCase(type: "Mode", name: "editing", values: [.init("_0", .text("x"))])),
      .init("rows", .collection(type: "Array<Int>", elements: [.scalar("1")], omitted: 2)),
      .init("next", .none), .init("deep", .tooDeep),
    ])

  @Test("every kind of value and message survives JSON")
  func roundTrip() throws {
    let messages: [InspectorMessage] = [
      .shell(InspectedShell(shell: 1, name: "login", viewModel: Self.value)),
      .shell(
        InspectedShell(
          shell: 2, name: "app", viewModel: Self.value, history: 5, cannotJump: "launching")),
      .step(
        InspectedStep(
          shell: 1, index: 1, time: 0.5, event: Self.value, eventJSON: "{}",
          commands: [Self.value], changed: true, viewModel: Self.value)),
      .step(
        InspectedStep(
          shell: 2, index: 2, time: 0.5, event: Self.value, commands: [], changed: false,
          viewModel: nil, cannotJump: "awaits \"an\" answer")),
      .dropped(count: 7),
      .launch(
        InspectedLaunch(
          launch: 1,
          steps: [
            .init(id: "a", dependencies: [], isOptional: false, needsUserInput: true, timeout: 2)
          ],
          waves: [["a"]], criticalPath: ["a"], budget: 3)),
      .launchEvent(
        InspectedLaunchEvent(
          launch: 1, step: "a", what: .ended, outcome: "finished", detail: "finished", time: 0.1)),
      .launchReport(
        InspectedLaunchReport(
          launch: 1, outcome: "completed",
          spans: [.init(step: "a", outcome: "finished", detail: "finished", start: 0, end: 0.1)],
          criticalPath: ["a"], launchTime: 0.1, budget: 3)),
      .request(
        InspectedRequest(
          method: "GET", path: "/a", scenario: nil, route: "GET /a", status: 200, latency: 1.5,
          time: 0.2)),
    ]
    let batch = InspectorBatch(app: "Shop", session: "s1", sequence: 1, messages: messages)
    #expect(try InspectorBatch(wire: batch.wireBytes()) == batch)

    let journal = InspectorJournal(
      app: "Shop", shell: "login", initialViewModel: Self.value,
      steps: messages.compactMap { if case .step(let step) = $0 { step } else { nil } },
      droppedSteps: 2)
    #expect(try InspectorJournal(data: journal.fileData()) == journal)
  }

  @Test("an unknown kind, a negative count or a value of no kind is an error that says so")
  func badMessages() {
    func error(_ json: String) -> String {
      do {
        _ = try InspectorMessage(wire: try JSONReader.parse(Array(json.utf8)), at: .root)
        return "decoded"
      } catch {
        return "\(error)"
      }
    }
    #expect(error(#"{"kind":"explode"}"#).contains("unknown message kind \"explode\""))
    #expect(
      error(#"{"kind":"dropped","count":-1}"#)
        == "at count: expected a whole number from 0 to 2147483647")
    #expect(
      error(#"{"kind":"shell","shell":1,"name":"x","viewModel":{"weird":1}}"#)
        .contains("not an inspected value"))
  }

  @Test("a journal file is checked: JSON, its format, its version, its fields")
  func journalErrors() {
    func error(_ text: String) -> InspectorJournalError? {
      do {
        _ = try InspectorJournal(data: Data(text.utf8))
        return nil
      } catch {
        return error
      }
    }
    #expect(
      error("not json")
        == .notAJournal("not JSON at byte 0: expected null"))
    #expect(error("[]") == .notAJournal("not a JSON object"))
    #expect(
      error(#"{"format":"other"}"#)
        == .notAJournal(#"its "format" is not "yaia-inspector-journal""#))
    #expect(
      error(#"{"format":"yaia-inspector-journal","version":3}"#)
        == .unsupportedVersion(3, supported: 2))
    guard
      case .notAJournal(let reason) = error(
        #"{"format":"yaia-inspector-journal","version":1,"app":"a"}"#)
    else {
      Issue.record("a journal without its fields was read")
      return
    }
    #expect(reason == "at shell: missing")

    func journal(indexes: [Int]) -> String {
      let steps = indexes.map {
        #"{"shell":1,"index":\#($0),"time":0,"event":{"none":true},"commands":[],"changed":false}"#
      }
      return
        #"{"format":"yaia-inspector-journal","version":1,"app":"a","shell":"s","initialViewModel":{"none":true},"steps":[\#(steps.joined(separator: ","))],"droppedSteps":0}"#
    }
    #expect(error(journal(indexes: [1, 2, 5])) == nil, "indexes may jump (dropped entries)")
    #expect(
      error(journal(indexes: [1, -3]))
        == .notAJournal("at steps[1].index: expected a whole number from 1 to 4503599627370495"))
    #expect(
      error(journal(indexes: [2, 2]))
        == .notAJournal("step 2 has index 2, not after 2: steps are in order"))
  }

  @Test(
    "a journal writes a view model as its changes where they are shorter, and reads it back whole; version 1 still reads"
  )
  func changesNotWholeViewModels() throws {
    let rows = (0..<200).map { InspectedValue.text("Song \($0) by an artist with a long name") }
    func viewModel(playing: String) -> InspectedValue {
      .record(
        type: "ViewModel",
        fields: [
          .init("rows", .collection(type: "Array<String>", elements: rows, omitted: 0)),
          .init("playing", .text(playing)),
        ])
    }
    let steps = (1...50).map { index in
      InspectedStep(
        shell: 1, index: index, time: Double(index), event: .none, commands: [], changed: true,
        viewModel: viewModel(playing: "Song \(index)"))
    }
    let journal = InspectorJournal(
      app: "a", shell: "s", initialViewModel: viewModel(playing: ""), steps: steps)
    let data = journal.fileData()
    #expect(try InspectorJournal(data: data) == journal, "read back whole, as it was")
    var whole = InspectorJournal(
      app: "a", shell: "s", initialViewModel: viewModel(playing: ""), steps: [])
    whole.version = 1
    let oneStep = data.count / steps.count
    #expect(oneStep < 1_000, "\(oneStep) bytes a step, where a whole view model is 9 KB")
    // A view model whose changes would be longer than itself is written whole.
    let replaced = InspectorJournal(
      app: "a", shell: "s", initialViewModel: viewModel(playing: ""),
      steps: [
        InspectedStep(
          shell: 1, index: 1, time: 0, event: .none, commands: [], changed: true,
          viewModel: .text("gone"))
      ])
    #expect(
      String(decoding: replaced.fileData(), as: UTF8.self).contains(#""viewModel":{"text":"gone"}"#)
    )
    // Version 1 files (whole view models) still read.
    whole.steps = Array(steps.prefix(2))
    var version1 = String(decoding: whole.fileData(), as: UTF8.self)
    version1 = version1.replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
    #expect(try InspectorJournal(data: Data(version1.utf8)).steps == Array(steps.prefix(2)))
    // Changes that do not fit the view model before them are an error naming the step.
    let broken =
      #"{"format":"yaia-inspector-journal","version":2,"app":"a","shell":"s","initialViewModel":{"text":"x"},"steps":[{"shell":1,"index":1,"time":0,"event":{"none":true},"commands":[],"changed":true,"viewModelChanges":[{"path":"rows[3]","keys":["rows",3],"before":{"text":"a"},"after":{"text":"b"}}]}],"droppedSteps":0}"#
    do {
      _ = try InspectorJournal(data: Data(broken.utf8))
      Issue.record("changes that do not fit were read")
    } catch {
      #expect(error.description.contains("step 1"), "\(error)")
    }
  }

  @Test("a journal replays only with every event encoded, and says which step is not")
  func replayability() throws {
    let step = InspectedStep(
      shell: 1, index: 1, time: 0, event: .none, commands: [], changed: false, viewModel: nil)
    let journal = InspectorJournal(app: "a", shell: "s", initialViewModel: .none, steps: [step])
    #expect(throws: InspectorJournalError.self) { try journal.journal(of: SignInState.Event.self) }
    var encoded = step
    encoded.eventJSON = #"{"nonsense":{}}"#
    let bad = InspectorJournal(app: "a", shell: "s", initialViewModel: .none, steps: [encoded])
    do {
      _ = try bad.journal(of: SignInState.Event.self)
      Issue.record("an event of another type decoded")
    } catch {
      guard case .eventUnreadable(step: 1, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
    let lost = InspectorJournal(
      app: "a", shell: "s", initialViewModel: .none, steps: [], droppedSteps: 3)
    #expect(
      throws: InspectorJournalError.notReplayable(
        "the journal lost its first 3 steps, so its state cannot be rebuilt")
    ) {
      try lost.journal(of: SignInState.Event.self)
    }
  }

  @Test("a file larger than a journal can be, or that does not exist, is refused before it is read")
  func files() throws {
    let missing = URL(fileURLWithPath: "/nonexistent/yaia/journal.json")
    #expect(throws: InspectorJournalError.self) { try InspectorJournal(contentsOf: missing) }
  }

  @Test("the address yaia inspect prints, and what is not one")
  func addresses() throws {
    let address = try InspectorAddress("http://127.0.0.1:4000/#token=ab12")
    #expect(address.endpoint.absoluteString == "http://127.0.0.1:4000/api/apps")
    #expect(address.page.absoluteString == "http://127.0.0.1:4000/#token=ab12")
    #expect(address.token == "ab12")
    // An address from before the token moved to the fragment reads the same, printed anew.
    #expect(try InspectorAddress("http://127.0.0.1:4000/?token=ab12") == address)
    for (text, reason) in [
      ("not a url at all", "no"), ("https://127.0.0.1:4000/?token=a", "served over http"),
      ("http://127.0.0.1/?token=a", "no port"), ("http://127.0.0.1:4000/", "no token"),
      ("http://127.0.0.1:4000/?token=a%0Ab", "letters and digits"),
      ("http://127.0.0.1:4000/#token=a%0Ab", "letters and digits"),
      ("http://127.0.0.1:4000/?token=ab#token=cd", "two different tokens"),
    ] {
      do {
        _ = try InspectorAddress(text)
        Issue.record("\(text) was accepted")
      } catch {
        #expect(error.description.contains(reason), "\(text): \(error)")
      }
    }
  }
}
