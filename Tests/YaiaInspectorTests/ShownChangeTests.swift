import Testing
import YaiaInspector

@testable import YaiaInspectorServer

@Suite("A step's changes as the page shows them: lists matched by id where elements have one")
struct ShownChangeTests {
  struct Speaker: Identifiable, Equatable {
    var id: Int
    var name: String
    var volume: Int
  }

  /// Identifiable with a computed id: the reader shows the id as a field all the same.
  struct Room: Identifiable, Equatable {
    var name: String
    var id: String { "room-" + name }
  }

  struct Screen {
    var title: String
    var speakers: [Speaker]
  }

  static let eight = (1...8).map { Speaker(id: $0, name: "Speaker \($0)", volume: 10) }

  func changes(_ old: Screen, _ new: Screen) -> [ShownChange] {
    ShownChange.between(InspectedValue(old), InspectedValue(new))
  }

  @Test("one speaker appearing at the top is one added row, not eight changed ones")
  func insertAtTop() {
    let old = Screen(title: "Home", speakers: Self.eight)
    let new = Screen(
      title: "Home", speakers: [Speaker(id: 9, name: "Kitchen", volume: 3)] + Self.eight)
    let shown = changes(old, new)
    #expect(shown.map(\.path) == ["speakers[id: 9]"])
    #expect(shown.first?.kind == .added)
    #expect(shown.first?.after == InspectedValue(Speaker(id: 9, name: "Kitchen", volume: 3)))
  }

  @Test("a removal, a move and a change in place each say what they are")
  func removeMoveChange() {
    var speakers = Self.eight
    speakers.remove(at: 2)  // id 3 goes
    speakers.swapAt(0, 4)  // id 6 comes to the top, id 1 goes down
    speakers[1].volume = 11  // id 2 changes in place
    let shown = changes(
      Screen(title: "Home", speakers: Self.eight), Screen(title: "Home", speakers: speakers))
    #expect(shown.contains { $0.kind == .removed && $0.path == "speakers[id: 3]" })
    #expect(shown.contains { $0.path == "speakers[id: 2].volume" && $0.kind == .changed })
    #expect(shown.contains { $0.kind == .moved && $0.path.hasPrefix("speakers[id: ") })
    #expect(!shown.contains { $0.kind == .added })
    // Nothing else: no field of an unchanged speaker is reported.
    #expect(shown.filter { $0.kind == .changed }.map(\.path) == ["speakers[id: 2].volume"])
  }

  @Test("a row that moved and changed is a move and the field that changed")
  func moveAndChange() {
    var speakers = Self.eight
    let last = speakers.removeLast()
    speakers.insert(Speaker(id: last.id, name: "Renamed", volume: last.volume), at: 0)
    let shown = changes(
      Screen(title: "Home", speakers: Self.eight), Screen(title: "Home", speakers: speakers))
    #expect(shown.filter { $0.kind == .moved }.map(\.path) == ["speakers[id: 8]"])
    #expect(shown.first { $0.kind == .moved }.map { [$0.from, $0.to] } == [7, 0])
    #expect(shown.filter { $0.kind == .changed }.map(\.path) == ["speakers[id: 8].name"])
    #expect(shown.filter { $0.kind == .added || $0.kind == .removed }.isEmpty)
  }

  @Test("lists without ids are matched by position")
  func byPosition() {
    let shown = ShownChange.between(
      InspectedValue(["a", "b"]), InspectedValue(["z", "a", "b"]))
    #expect(shown.map(\.path) == ["[0]", "[1]", "[2]"])
    #expect(shown.map(\.kind) == [.changed, .changed, .added])
  }

  @Test("duplicate ids pair up in order; the extra one is added")
  func duplicateIDs() {
    let one = Speaker(id: 1, name: "a", volume: 1)
    let shown = changes(
      Screen(title: "t", speakers: [one]), Screen(title: "t", speakers: [one, one]))
    #expect(shown.map(\.kind) == [.added])
    #expect(shown.map(\.path) == ["speakers[id: 1]"])
  }

  @Test("an Identifiable value with a computed id shows it as a field, so lists of it match by id")
  func computedID() {
    let shown = InspectedValue(Room(name: "kitchen"))
    guard case .record(_, let fields) = shown else {
      Issue.record("not a record: \(shown)")
      return
    }
    #expect(fields.map(\.label) == ["name", "id"])
    #expect(fields.last?.value == .text("room-kitchen"))
    let rooms = ShownChange.between(
      InspectedValue([Room(name: "a"), Room(name: "b")]),
      InspectedValue([Room(name: "b")]))
    #expect(rooms.map(\.path) == [#"[id: "room-a"]"#])
    #expect(rooms.map(\.kind) == [.removed])
  }

  @Test("a field that appears or goes, and a case that changes, are said as such")
  func fieldsAndCases() {
    let old = InspectedValue.record(type: "T", fields: [.init("a", .scalar("1"))])
    let new = InspectedValue.record(type: "T", fields: [.init("b", .scalar("2"))])
    #expect(ShownChange.between(old, new).map(\.kind) == [.removed, .added])
    let before = InspectedValue.enumCase(type: "E", name: "x", values: [])
    let after = InspectedValue.enumCase(type: "E", name: "y", values: [])
    #expect(ShownChange.between(before, after).map(\.path) == [""])
  }
}
