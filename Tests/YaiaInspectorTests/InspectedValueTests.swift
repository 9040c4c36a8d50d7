import Testing
import Yaia
import YaiaInspector

struct Token: InspectorSecret, Hashable, Sendable { var raw: String }

struct Row: Hashable {
  var title: String
  var count: Int
}

enum Mode: Hashable {
  case browsing
  case renaming(id: String, draft: String)
  case failed(String)
}

struct Screen: Hashable {
  var rows: [Row]
  var mode: Mode
  var token: Token?
  var ratio: Double
  var message: String?
}

@Suite("Values as the inspector shows them")
struct InspectedValueTests {
  static var shownScreen: InspectedValue { InspectedValue(screen) }

  static let screen = Screen(
    rows: [Row(title: "Den", count: 1)], mode: .renaming(id: "A1", draft: "Kit"),
    token: Token(raw: "s3cret"), ratio: 0.5, message: nil)

  @Test("records, enum cases with labelled values, collections, optionals and scalars")
  func structure() {
    let shown = InspectedValue(Self.screen)
    #expect(
      shown
        == .record(
          type: "Screen",
          fields: [
            .init(
              "rows",
              .collection(
                type: "Array<Row>",
                elements: [
                  .record(
                    type: "Row",
                    fields: [.init("title", .text("Den")), .init("count", .scalar("1"))])
                ], omitted: 0)),
            .init(
              "mode",
              .enumCase(
                type: "Mode", name: "renaming",
                values: [.init("id", .text("A1")), .init("draft", .text("Kit"))])),
            .init("token", .redacted),
            .init("ratio", .scalar("0.5")),
            .init("message", .none),
          ]))
    #expect(InspectedValue(Mode.browsing) == .enumCase(type: "Mode", name: "browsing", values: []))
    #expect(
      InspectedValue(Mode.failed("x"))
        == .enumCase(type: "Mode", name: "failed", values: [.init("_0", .text("x"))]))
  }

  @Test("a secret is never read, wherever it is; limits bound depth, elements and text")
  func secretsAndLimits() {
    #expect(InspectedValue(Token(raw: "s3cret")) == .redacted)
    #expect(!"\(InspectedValue([Token(raw: "s3cret")]))".contains("s3cret"))
    let limits = InspectedValue.Limits(depth: 2, elements: 2, text: 3)
    #expect(
      InspectedValue([1, 2, 3, 4], limits: limits)
        == .collection(type: "Array<Int>", elements: [.scalar("1"), .scalar("2")], omitted: 2))
    #expect(InspectedValue("abcdef", limits: limits) == .text("abc"))
    #expect(
      InspectedValue([[[1]]], limits: limits)
        == .collection(
          type: "Array<Array<Array<Int>>>",
          elements: [.collection(type: "Array<Array<Int>>", elements: [.tooDeep], omitted: 0)],
          omitted: 0))
  }

  @Test("changes are found field by field, with paths")
  func changes() {
    var after = Self.screen
    after.rows[0].count = 2
    after.rows.append(Row(title: "Kitchen", count: 0))
    after.mode = .browsing
    after.message = "Saved"
    let changes = InspectedChange.between(InspectedValue(Self.screen), InspectedValue(after))
    #expect(changes.map(\.path) == ["rows[0].count", "rows[1]", "mode", "message"])
    #expect(changes[0].before == .scalar("1") && changes[0].after == .scalar("2"))
    #expect(changes[1].before == nil)
    #expect(changes[3].before == InspectedValue.none && changes[3].after == .text("Saved"))
    #expect(
      InspectedChange.between(InspectedValue(Self.screen), InspectedValue(Self.screen)).isEmpty)
  }

  @Test("a set shows its elements in one order, whatever order it iterates in")
  func sets() {
    // The same elements, with different histories: their iteration orders differ.
    let small: Set<String> = ["Den", "Kitchen", "Attic", "Garage"]
    let grown = (4...12).lazy.map { power -> Set<String> in
      var set = Set<String>(minimumCapacity: 1 << power)
      for name in ["Garage", "Attic", "Kitchen", "Den"] { set.insert(name) }
      return set
    }.first { Array($0) != Array(small) }
    guard let grown else {
      Issue.record("no two sets of these names iterated in different orders")
      return
    }
    #expect(small == grown)
    #expect(InspectedValue(small) == InspectedValue(grown))
    #expect(InspectedChange.between(InspectedValue(small), InspectedValue(grown)).isEmpty)
    var larger = small
    larger.insert("Bathroom")
    let shown = InspectedValue(larger)
    guard case .collection(_, let elements, 0) = shown else {
      Issue.record("a set is shown as a collection: \(shown)")
      return
    }
    #expect(elements == ["Attic", "Bathroom", "Den", "Garage", "Kitchen"].map { .text($0) })
  }

  @Test("a screen's event reads as a case named for the screen, its secrets still redacted")
  func screenValues() {
    let shown = InspectedValue(SignIn.event(.typed(Token(raw: "s3cret"))))
    #expect(
      shown
        == .enumCase(
          type: "ScreenEvent", name: "SignIn",
          values: [
            .init("_0", .enumCase(type: "Event", name: "typed", values: [.init("_0", .redacted)]))
          ]))
    #expect(shown.holdsSecret)
    let screen = InspectedValue(AnyScreen(SignIn(user: "ada")))
    #expect(
      screen
        == .enumCase(
          type: "AnyScreen", name: "SignIn",
          values: [.init("_0", .record(type: "SignIn", fields: [.init("user", .text("ada"))]))]))
  }
}

/// A screen whose event holds a secret.
private struct SignIn: ScreenState {
  enum Event: Equatable, Sendable { case typed(Token) }
  var user: String
  var viewModel: String { user }
  mutating func handle(_ event: Event) -> [Never] { [] }
}
