import Foundation
import Testing
import Yaia
import YaiaHTTP

@testable import YaiaInspector

@Suite("The wire's own JSON: one writer and one reader, for batches and journals alike")
struct InspectorJSONTests {
  static let batch = InspectorBatch(
    app: "Shop \"beta\"\n", session: "s1", sequence: 3,
    messages: [
      .shell(InspectedShell(shell: 1, name: "li\u{1}st", viewModel: InspectorWireTests.value)),
      .step(
        InspectedStep(
          shell: 1, index: 2, time: 1.25, event: .enumCase(type: "E", name: "tap", values: []),
          eventJSON: #"{"tap":{}}"#, commands: [InspectorWireTests.value], changed: true,
          viewModel: nil,
          viewModelChanges: [
            InspectedChange(keys: [.field("rows"), .index(2)], before: .scalar("1"), after: nil)
          ])),
      .dropped(count: 4),
      .launch(
        InspectedLaunch(
          launch: 1,
          steps: [
            .init(
              id: "a", dependencies: ["b"], isOptional: true, needsUserInput: false, timeout: nil)
          ],
          waves: [["b"], ["a"]], criticalPath: ["b", "a"], budget: 3)),
      .launchEvent(
        InspectedLaunchEvent(
          launch: 1, step: "a", what: .waiting, outcome: nil, detail: "ask", time: 0)),
      .request(
        InspectedRequest(
          method: "GET", path: "/ü?q=1", scenario: "slow", route: nil, status: 404, latency: nil,
          time: 2)),
    ], ended: true)

  @Test("what the wire writes, it reads back; the format is the one documented")
  func sameFormat() throws {
    #expect(try InspectorBatch(wire: Self.batch.wireBytes()) == Self.batch)
    // Spelled out by hand, in another order, with nulls where a member may be absent: what
    // another writer (an earlier build's Codable, the page) may send.
    let text = #"""
      {"ended":false,"sequence":1,"session":"s","app":"a","version":1,"messages":[
        {"kind":"request","method":"GET","path":"/a","scenario":null,"route":"GET /a",
         "status":200,"latency":null,"time":0.5},
        {"kind":"step","shell":1,"index":1,"time":0,"changed":true,"eventJSON":null,
         "event":{"enum":"E","case":"tap","values":[]},"commands":[],
         "viewModel":{"collection":"Array<Int>","elements":[{"scalar":"1"}]}}]}
      """#
    let read = try InspectorBatch(wire: Array(text.utf8))
    #expect(
      read.messages == [
        .request(
          InspectedRequest(
            method: "GET", path: "/a", scenario: nil, route: "GET /a", status: 200,
            latency: nil, time: 0.5)),
        .step(
          InspectedStep(
            shell: 1, index: 1, time: 0, event: .enumCase(type: "E", name: "tap", values: []),
            commands: [], changed: true,
            viewModel: .collection(type: "Array<Int>", elements: [.scalar("1")], omitted: 0))),
      ])
  }

  @Test("bad documents are errors that say where")
  func errors() {
    func error(_ text: String) -> String {
      do {
        _ = try InspectorBatch(wire: Array(text.utf8))
        return "read"
      } catch {
        return error.description
      }
    }
    #expect(error("") == "not JSON at byte 0: the document ends where a value should be")
    #expect(error("{\"a\": tru}").contains("expected true"))
    #expect(error("[1, 2") == "not JSON at byte 5: the document ends inside an array")
    #expect(error("\"\u{1}\"").contains("a control character inside a string"))
    #expect(error("{} {}").contains("more after the value"))
    #expect(error("[]") == "expected an object")
    #expect(
      error(
        #"{"version":1,"app":"a","session":"s","sequence":1,"ended":false,"messages":[{"kind":"shell","shell":1,"name":"x","viewModel":{"record":"R","fields":[{"label":"a","value":{"huh":1}}]}}]}"#
      )
        == "at messages[0].viewModel.fields[0].value: not an inspected value: expected one of text, scalar, record, enum, collection, none, redacted, tooDeep"
    )
    #expect(
      error(#"{"version":1,"app":"a","session":"s","sequence":-1,"ended":false,"messages":[]}"#)
        .contains("at sequence: expected a whole number"))
  }

  @Test("nesting deeper than the limit is refused, not recursed into")
  func depth() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(deep.utf8)) }
  }

  @Test("a journal nesting values past the wire's limit is refused with words, not followed down")
  func deepJournal() throws {
    var value = #"{"text":"leaf"}"#
    for _ in 0..<140 { value = #"{"record":"R","fields":[{"label":"a","value":\#(value)}]}"# }
    let journal =
      #"{"format":"yaia-inspector-journal","version":1,"app":"a","shell":"s","initialViewModel":\#(value),"steps":[],"droppedSteps":0}"#
    do {
      _ = try InspectorJournal(data: Data(journal.utf8))
      Issue.record("a journal nested 140 values deep was read")
    } catch {
      guard case .notAJournal(let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(reason.contains("deeper") || reason.contains("nested"), "\(reason)")
      #expect(reason.count < 400, "the path is shown by its ends, not 400 levels: \(reason)")
    }
  }

  @Test("the document's budget counts values across it, not per value")
  func elementBudget() {
    let limits = InputBudget.Limits(depth: 8, bytes: .max, elements: 1_000)
    let fits = "[" + Array(repeating: "[0]", count: 499).joined(separator: ",") + "]"
    #expect((try? JSONReader.parse(Array(fits.utf8), limits: limits)) != nil)
    let over = "[" + Array(repeating: "[0]", count: 500).joined(separator: ",") + "]"
    #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(over.utf8), limits: limits) }
    #expect(JSONReader.limits.elements == 4_000_000)
  }

  @Test("escapes, surrogate pairs and numbers")
  func strings() throws {
    let value = try JSONReader.parse(Array(#"["a\"b\\\/\n\u00e9\ud83d\ude00", -1.5e2, 42]"#.utf8))
    #expect(value == .array([.string("a\"b\\/\né😀"), .number(-150), .number(42)]))
    var json = JSONWriter()
    json.string("q\"\\\n\u{7}é")
    #expect(String(decoding: json.bytes, as: UTF8.self) == #""q\"\\\n\u0007é""#)
  }
}

@Suite("Changes as the app sends them")
struct InspectedChangeApplyTests {
  static let shapes: [InspectedValue] = [
    InspectedValueTests.shownScreen,
    .record(
      type: "Screen", fields: [.init("rows", .collection(type: "A", elements: [], omitted: 0))]),
    .record(
      type: "Screen",
      fields: [
        .init(
          "rows",
          .collection(type: "A", elements: [.scalar("1"), .scalar("2"), .scalar("3")], omitted: 0)),
        .init("mode", .enumCase(type: "M", name: "editing", values: [.init("_0", .text("x"))])),
        .init("extra", .none),
      ]),
    .record(
      type: "Screen",
      fields: [
        .init("rows", .collection(type: "A", elements: [.scalar("9")], omitted: 0)),
        .init("mode", .enumCase(type: "M", name: "editing", values: [.init("_0", .text("y"))])),
      ]),
    .enumCase(type: "M", name: "idle", values: []),
    .text("whole"),
  ]

  @Test("applying the changes between any two values gives the second")
  func applyBetween() {
    for old in Self.shapes {
      for new in Self.shapes {
        let changes = InspectedChange.between(old, new)
        #expect(old.applying(changes) == new, "\(old) → \(new): \(changes)")
      }
    }
  }

  @Test("a change whose path leads nowhere does not apply")
  func misfit() {
    let change = InspectedChange(
      keys: [.field("nothing"), .index(3)], before: InspectedValue.none, after: InspectedValue.none)
    #expect(InspectedValue.text("x").applying([change]) == nil)
  }

  @Test("reading after a change reuses the equal parts and reads the same as from scratch")
  func readAfter() {
    var reader = InspectedValue.Reader(limits: .standard)
    var screen = InspectedValueTests.screen
    var last = reader.remember(screen)
    for step in 0..<5 {
      screen.rows.append(Row(title: "R\(step)", count: step))
      screen.mode = step.isMultiple(of: 2) ? .browsing : .failed("\(step)")
      let next = reader.read(screen, after: last)
      #expect(next.shown == InspectedValue(screen))
      #expect(last.shown.applying(InspectedChange.between(last.shown, next.shown)) == next.shown)
      last = next
    }
  }
}
